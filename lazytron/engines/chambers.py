"""The chambers engine: Tron on the lazy tree, scored by space that can really be filled.

The tree has the port's shape, two levels a turn: a :class:`ChamberPosition` is a
state after both players moved, its children are my moves (:class:`ChamberReply`),
and each of those has the enemy's answers as children.  So the enemy is
assumed to know my move (it answers it), as a1k0n's search assumes; both
may enter the same cell, a head-on collision, which is a draw.

A position is scored from my side with :mod:`lazytron.outcome`'s order:

- over: both stuck or collided (draw), I am stuck (loss), the enemy is (win);
- apart: 10000 x my fillable cells less the enemy's (:func:`lazytron.space.fillable`),
  refined where the two are close (:func:`apart_value`; ``APART`` 1: the split's bounds);
- together: the Voronoi split, each side's share measured by the tree of
  chambers of its cells with parity (``FILL`` a cell: :mod:`lazytron.split`,
  in C where it was built) and by the free edges of its cells (``EDGE``
  each; ``TERRITORY_CHAMBERS`` 6: of its head and its best chain of chambers only).
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Iterator, NamedTuple

from ..battlefront import front_cells, share_space
from ..board import CARDINALS, Board, Move
from ..fill import shortfall
from ..outcome import DRAW, EVAL_LIMIT, WIN, indeterminate, loss, win
from ..space import c_fillable, cut_candidates, fillable, neighbours
from ..split import Counts, c_horizon, edges, split_counts
from ..territory import voronoi
from ..tree import Node

SEPARATE = 10000  # a fillable cell once apart
FILL = 55  # a fillable cell of one's Voronoi share
EDGE = 100  # a free edge next to one's share (a1k0n had 194; games chose 100: benchmarks/TUNING.md)
TERRITORY_CHAMBERS = 5  # each side's Voronoi share measured by: 5 its tree of blocks and parity (lazytron.split, in C), 6 the same with the edges of the best chain of blocks only, 7 the tree of blocks with the battlefront, 8 the same scored as a1k0n scores it (a path to the front: its blocks without the steps), 0 parity alone; in Python: 1 its chamber tree (space.fillable), 2 the same cut by the walls' cut cells only, 3 with the battlefront, 4 the same with edges of the counted chambers only (games chose 5: README, "Measured results")
SPLIT = (0, 5, 6, 7, 8)  # the measures lazytron.split computes in one pass
CLOSE = 4  # apart, bounds this close are refined by the greedy walk's shortfalls (-1: never; games chose 4 with SHORT a whole cell: README)
CLOSE_CELLS = 800  # ... in regions of at most this many cells (a walk through 500 open cells costs about 3 ms)
SHORT = SEPARATE  # ... less this a cell the greedy walk falls short of one's own bound (SEPARATE: the walk taken as the fill; half of it was tried first)
COLLISION = 0  # a head-on collision: a draw, less this when level (see the README)
AGGRESSION = 0  # connected, this much less a step of distance between the heads (seed 001's "prefer being close"; 0: off)
APART = 0  # players apart, each region measured by: 0 space.fillable (in Python, refined by CLOSE); 1 the split's bounds (its tree of blocks and parity, in C where built)

Known = tuple[int, int]  # what a search found of a position: (value, bound), bound 0 exact, 1 at least the value, -1 at most


class Context(NamedTuple):
    """What every node of one tree shares: the grid's geometry and the killer move of each ply (0: none)."""

    width: int
    height: int
    stride: int
    killers: bytearray  # by ply: a game's plies and a search's below them stay under 4 x cells + 256 (two a turn, a cell each)


def legal(open_: int, cell: int, stride: int) -> list[tuple[Move, int]]:
    """(move, target) for every move from ``cell`` into an open cell."""
    return [
        (move, target)
        for move, target in zip(CARDINALS, (cell - stride, cell + 1, cell + stride, cell - 1))
        if target >= 0 and open_ >> target & 1
    ]


def distance(cell: int, other: int, stride: int) -> int:
    """Steps between two cells of a grid of row length ``stride``, walls aside (the Manhattan distance).

    >>> distance(0, 0, 5), distance(1, 13, 5), distance(4, 5, 5)
    (0, 4, 5)
    """
    (row, col), (other_row, other_col) = divmod(cell, stride), divmod(other, stride)
    return abs(row - other_row) + abs(col - other_col)


def apart_value(mine: int, me: int, theirs: int, enemy: int, width: int, height: int, close: int) -> int:
    """The score of players apart: ``SEPARATE`` a fillable cell of mine less the enemy's.

    Where the two bounds are within ``close`` cells, each side's value is lowered
    by ``SHORT`` for every cell the greedy walk falls short of its bound
    (:func:`fill.shortfall`): a region the walk fills is worth its bound, one
    it cannot, less (with ``SHORT`` = ``SEPARATE``, as shipped, a close race is
    scored by the lengths the walks take).
    Regions of more than ``CLOSE_CELLS`` cells are not walked, so that an
    evaluation stays cheap between two clock checks.

    >>> s = 5   # on 4x2 boards: a loose bound of 5 (no path takes 5) against a corridor of 5
    >>> [apart_value(0b1001111, 2 * s - 3, 0b100001111, s, 4, 2, close) for close in (-1, 2)] == [0, -SHORT]
    True
    """
    mine_fill, theirs_fill = fillable(mine, me, width, height), fillable(theirs, enemy, width, height)
    value = SEPARATE * (mine_fill - theirs_fill)
    if abs(mine_fill - theirs_fill) <= close and max(mine.bit_count(), theirs.bit_count()) <= CLOSE_CELLS:
        value -= SHORT * (shortfall(mine, me, width, height) - shortfall(theirs, enemy, width, height))
    return value


def apart_score(open_: int, me: int, enemy: int, game: Context) -> int:
    """The score of a position whose players cannot meet (``open_`` without the heads): :func:`apart_value` of their shares."""
    head, enemy_head = 1 << me, 1 << enemy
    mine, theirs, _, _ = voronoi(open_ | head | enemy_head, head, enemy_head, game.stride)
    return indeterminate(apart_value(mine & ~head, me, theirs & ~enemy_head, enemy, game.width, game.height, CLOSE))


def apart_from_bytes(game: Context, bits: bytes, me: int, enemy: int) -> int:
    """:func:`apart_score` of open cells given as a bitboard's little-endian bytes (as the search in C hands them)."""
    return apart_score(int.from_bytes(bits, "little"), me, enemy, game)


def chambers_fill(counts: Counts) -> int:
    """My share's bound less the enemy's, each the lesser of its tree of blocks' bound and its parity bound.

    >>> chambers_fill(Counts(True, 4, 2, 3, 2, 9, 5, 1, 1, 6, 5, 1, 2))
    1
    """
    return min(counts.my_chambers, counts.my_parity) - min(counts.their_chambers, counts.their_parity)


def split_value(counts: Counts, measure: int) -> int:
    """A connected position's value from its split's measures (``measure`` as ``TERRITORY_CHAMBERS``): bounds and edges.

    >>> counts = Counts(True, 4, 2, 3, 2, 9, 5, 1, 1, 6, 5, 1, 2)
    >>> split_value(counts, 0) == FILL * (4 - 2) + EDGE * (9 - 5), split_value(counts, 6) == FILL * (3 - 2) + EDGE * (6 - 5)
    (True, True)
    >>> split_value(counts, 7) == FILL * (1 - 2) + EDGE * (9 - 5)
    True
    >>> split_value(counts._replace(my_front_score=1, their_front_score=0), 8) == FILL * (1 - 0) + EDGE * (9 - 5)
    True
    """
    if measure == 7:  # the battlefront's bound: a path to the front does not fill the chambers on its way
        fill = min(counts.my_front, counts.my_parity) - min(counts.their_front, counts.their_parity)
    elif measure == 8:  # the same path's blocks, without the steps to them (a1k0n's score)
        fill = min(counts.my_front_score, counts.my_parity) - min(counts.their_front_score, counts.their_parity)
    elif measure:  # both bound the cells a path can take: the tighter counts
        fill = chambers_fill(counts)
    else:
        fill = counts.my_parity - counts.their_parity
    if measure == 6:  # the edges a path can use: its chain's
        return FILL * fill + EDGE * (counts.my_chain_edges - counts.their_chain_edges)
    return FILL * fill + EDGE * (counts.my_edges - counts.their_edges)


class ChamberPosition(Node):
    """Both players have moved: ``open_`` (cells nobody has taken), my head, the enemy's, the ply.

    ``move`` is the enemy's move that led here (``NONE`` at the root).
    ``final`` is set by evaluation when the game is over here (no children
    then); ``apart`` when the players can no longer meet (a leaf for the
    search, though its children are made for re-rooting).
    """

    __slots__ = ("apart", "below", "enemy", "final", "game", "known", "me", "open_", "ply")

    def __init__(self, move: Move, open_: int, me: int, enemy: int, ply: int, game: Context) -> None:
        super().__init__(move)
        self.open_ = open_
        self.me = me
        self.enemy = enemy
        self.ply = ply
        self.game = game
        self.final = self.apart = False
        self.lead = -1  # never searched
        self.below: dict[tuple[int, int], tuple[int, int]] | None = None  # (my head, the enemy's): (score, kind) of positions two plies below, scored in C
        self.known: dict[tuple[int, int], Known] | None = None  # by (depth, free plies): what searches found of this position (chambers_search.value)

    def take(self, score: int, kind: int) -> None:
        """Take a score computed in C (kind 0 connected, 1 over, 2 apart): the position is not evaluated again."""
        self.preset(score)
        self.final, self.apart = kind == 1, kind == 2

    def evaluate(self) -> int:
        if self.me == self.enemy:
            self.final = True
            return DRAW + COLLISION  # head-on collision
        game = self.game
        counts = split_counts(self.open_, self.me, self.enemy, game.width, game.height) if TERRITORY_CHAMBERS in SPLIT else None
        if counts is None:
            mine_stuck = not self.open_ & neighbours(1 << self.me, game.stride)
            theirs_stuck = not self.open_ & neighbours(1 << self.enemy, game.stride)
        else:
            mine_stuck, theirs_stuck = not counts.my_moves, not counts.their_moves
        if mine_stuck or theirs_stuck:
            self.final = True
            return DRAW if mine_stuck and theirs_stuck else loss(self.ply) if mine_stuck else win(self.ply)
        if counts is not None:
            self.apart = not counts.touching
            if counts.touching:
                return indeterminate(split_value(counts, TERRITORY_CHAMBERS) - self.aggression())
            if APART:  # each share is its player's region then
                return indeterminate(SEPARATE * chambers_fill(counts))
            return apart_score(self.open_, self.me, self.enemy, game)
        me, enemy = 1 << self.me, 1 << self.enemy
        mine, theirs, ties, touching = voronoi(self.open_ | me | enemy, me, enemy, game.stride)
        if not touching:
            self.apart = True
            return indeterminate(apart_value(mine & ~me, self.me, theirs & ~enemy, self.enemy, game.width, game.height, CLOSE))
        return indeterminate(self.share_value(mine, theirs, ties) - self.aggression())

    def aggression(self) -> int:
        """What a connected score loses for the distance between the heads: ``AGGRESSION`` a step (0, uncomputed, when off)."""
        return AGGRESSION * distance(self.me, self.enemy, self.game.stride) if AGGRESSION else 0

    def horizon_value(
        self, depth: int, alpha: int, beta: int, extend: int, check: Callable[[], None] | None = None, reduce: int = 0
    ) -> int | None:
        """The search's value of this position ``depth`` plies deep, searched in C (and scored there if it was not).

        ``reduce`` plies (0: none) shallower a node's later moves are searched
        first, with a null window (chambers_search.REDUCE).

        A position over or apart is worth its score.  ``check`` is called
        every few hundred positions C visits: what it raises ends the search.  None where the extension
        was not built or the measure is computed in Python.  No nodes are made
        below this one.
        """
        if c_horizon is None or TERRITORY_CHAMBERS not in SPLIT:
            return None
        evaluated = self.scored
        if evaluated and (self.final or self.apart):
            return int(self.score)
        game = self.game
        weights = (TERRITORY_CHAMBERS, FILL, EDGE, COLLISION, SEPARATE, AGGRESSION, CLOSE, CLOSE_CELLS, SHORT)
        apart_by = 0 if APART else 2 if c_fillable is None else 1  # the split's bounds; fillable (and the walk) in C; Python
        apart = partial(apart_from_bytes, game) if apart_by == 2 else None  # called back only where C does not score it
        nbytes = (game.stride * game.height + 7) // 8
        args = (self.open_.to_bytes(nbytes, "little"), game.width, game.height, self.me, self.enemy, self.ply, depth, alpha, beta, extend)
        found, _, scored, score, kind = c_horizon(*args, weights, WIN, EVAL_LIMIT, game.killers, apart_by, apart, evaluated, check, reduce)
        if not evaluated:
            self.take(score, kind)
        below = self.below = self.below or {}
        for me, enemy, score, kind in scored:
            below[me, enemy] = score, kind
        return int(found)

    def share_value(self, mine: int, theirs: int, ties: int) -> int:
        """The value of a connected position whose shares are measured in Python (``TERRITORY_CHAMBERS`` 1 to 4)."""
        me, enemy, game = 1 << self.me, 1 << self.enemy, self.game
        width, height, stride = game.width, game.height, game.stride
        if TERRITORY_CHAMBERS >= 3:
            mine_share = share_space(mine & ~me, self.me, front_cells(mine, theirs | ties, stride), width, height)
            theirs_share = share_space(theirs & ~enemy, self.enemy, front_cells(theirs, mine | ties, stride), width, height)
            mine_fill, theirs_fill = mine_share.claim, theirs_share.claim
            if TERRITORY_CHAMBERS == 4:  # edges of the chambers each path counts, as a1k0n counts them
                mine, theirs = mine_share.cells | me, theirs_share.cells | enemy
        else:
            cuts = cut_candidates(self.open_, stride) if TERRITORY_CHAMBERS == 2 else None  # the walls' cut cells only
            mine_fill = fillable(mine & ~me, self.me, width, height, cuts)
            theirs_fill = fillable(theirs & ~enemy, self.enemy, width, height, cuts)
        return FILL * (mine_fill - theirs_fill) + EDGE * (edges(mine, self.open_, stride) - edges(theirs, self.open_, stride))

    def expand(self) -> Iterator[ChamberReply]:
        """My moves; after a collision there are none, and a stuck enemy has no answers to them."""
        if self.me == self.enemy:
            return
        for move, target in legal(self.open_, self.me, self.game.stride):
            yield ChamberReply(move, self, target)
        self.below = None  # handed down: no longer needed here


class ChamberReply(Node):
    """My move ``move`` to ``target`` is made; children are the enemy's answers."""

    __slots__ = ("below", "enemy", "game", "parent_open", "ply", "target")

    def __init__(self, move: Move, position: ChamberPosition, target: int) -> None:
        super().__init__(move)
        self.parent_open = position.open_
        self.target = target
        self.enemy = position.enemy
        self.ply = position.ply + 1
        self.game = position.game
        self.lead = -1  # never searched
        self.below = position.below  # scores found in C for the positions below

    def evaluate(self) -> int:
        raise TypeError("odd levels of the chambers tree are never scored")

    def expand(self) -> Iterator[ChamberPosition]:
        game, target, below = self.game, self.target, self.below
        for move, cell in legal(self.parent_open, self.enemy, game.stride):
            open_ = self.parent_open & ~(1 << target) & ~(1 << cell)
            position = ChamberPosition(move, open_, target, cell, self.ply + 1, game)
            if below is not None and (target, cell) in below:
                position.take(*below[target, cell])
            yield position
        self.below = None


def init_tree(board: Board) -> ChamberPosition:
    """The root of a fresh tree for a board."""
    game = Context(board.width, board.height, board.stride, bytearray(4 * board.stride * board.height + 256))
    open_ = board.free & ~(1 << board.me) & ~(1 << board.enemy)
    return ChamberPosition(Move.NONE, open_, board.me, board.enemy, 0, game)


def fits(root: Node, board: Board) -> bool:
    """Whether the kept tree's root is the board's position."""
    return (
        isinstance(root, ChamberPosition)
        and root.me == board.me
        and root.enemy == board.enemy
        and root.open_ == board.free & ~(1 << board.me) & ~(1 << board.enemy)
    )
