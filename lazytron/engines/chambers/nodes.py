"""The chambers engine's tree: positions and replies, made lazily on :class:`lazytron.tree.Node`.

The tree has the port's shape, two levels a turn: a :class:`ChamberPosition`
is a state after both players moved, its children are my moves
(:class:`ChamberReply`), and each of those has the enemy's answers as
children.  So the enemy is assumed to know my move (it answers it), as
a1k0n's search assumes; both may enter the same cell, a head-on collision,
which is a draw.  Nodes point only downwards: a subtree nobody refers to is
freed at once.

Every node of one tree shares a :class:`Context`: the grid, the settings, the
killer move of each ply and the search in C with what it remembers.  A
position's score and kind come from :func:`.evaluate.evaluate`, or from the
search in C where it scored the position first.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from ...board import Board, Move, legal_moves
from ...tree import Node
from . import _native
from .evaluate import Kind, evaluate
from .outcome import EVAL_LIMIT, WIN
from .settings import DEFAULT, Settings

Known = tuple[
    int, int, bool
    # what a search found of a position: (value, bound, cut); bound 0 exact, 1 at least, -1 at
    # most; cut: whether the search cut a line (without, every deeper search finds the same)
]


class Context(NamedTuple):
    """What every node of one tree shares."""

    width: int
    height: int
    stride: int
    settings: Settings
    # by ply, the last move found best there (0: none); two plies a turn, a cell each, and 256 more
    killers: bytearray
    # the search's last plies in C (_speedups.Horizon, with its table of best moves), or None
    horizon: Any
    # [the lines its searches cut]: contested positions reached with no depth left, counted
    cuts: list[int]


def context(board: Board, settings: Settings) -> Context:
    """A fresh context for a tree of ``board``'s grid."""
    killers = bytearray(4 * board.stride * board.height + 256)
    native = _native.speedups
    horizon = (
        None
        if native is None
        else native.Horizon(board.width, board.height, settings, killers, WIN, EVAL_LIMIT)
    )
    return Context(board.width, board.height, board.stride, settings, killers, horizon, [0])


class ChamberPosition(Node):
    """Both players have moved: ``open_`` (cells nobody has taken), my head, the enemy's, the ply.

    ``move`` is the enemy's move that led here (``NONE`` at the root).
    """

    __slots__ = ("_kind", "below", "enemy", "game", "known", "me", "open_", "ply", "solved")

    def __init__(
        self, move: Move, open_: int, me: int, enemy: int, ply: int, game: Context
    ) -> None:
        super().__init__(move)
        self.open_ = open_
        self.me = me
        self.enemy = enemy
        self.ply = ply
        self.game = game
        self._kind = Kind.CONNECTED
        self.lead = -1  # never searched
        self.below: dict[tuple[int, int], tuple[int, int]] | None = (
            None  # (my head, the enemy's): (score, kind) of positions two plies below, scored in C
        )
        self.known: dict[tuple[int, int], Known] | None = (
            None  # by (depth, free plies): what searches found of it
        )
        self.solved: tuple[int, int, Known] | None = (
            None  # (depth, free plies, what it found) of its last search that cut no line
        )

    def evaluate(self) -> int:
        game = self.game
        score, self._kind = evaluate(
            self.open_, self.me, self.enemy, self.ply, game.width, game.height, game.settings
        )
        return score

    @property
    def kind(self) -> Kind:
        """Whether the players can meet here, the game is over, or they are apart (found with the
        score)."""
        _ = self.score
        return self._kind

    def take(self, score: int, kind: int) -> None:
        """Take a score and kind found in C: the position is not evaluated again."""
        self.preset(score)
        self._kind = Kind(kind)

    def expand(self) -> Iterator[ChamberReply]:
        """My moves; after a collision there are none, and a stuck enemy has no answers to them."""
        if self.me == self.enemy:
            return
        for move, target in legal_moves(self.open_, self.me, self.game.stride):
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
        for move, cell in legal_moves(self.parent_open, self.enemy, game.stride):
            open_ = self.parent_open & ~(1 << target) & ~(1 << cell)
            position = ChamberPosition(move, open_, target, cell, self.ply + 1, game)
            if below is not None and (target, cell) in below:
                position.take(*below[target, cell])
            yield position
        self.below = None


def init_tree(board: Board, settings: Settings = DEFAULT) -> ChamberPosition:
    """The root of a fresh tree for a board, searched with ``settings``."""
    open_ = board.free & ~(1 << board.me) & ~(1 << board.enemy)
    return ChamberPosition(Move.NONE, open_, board.me, board.enemy, 0, context(board, settings))


def fits(root: Node, board: Board) -> bool:
    """Whether the kept tree's root is the board's position."""
    return (
        isinstance(root, ChamberPosition)
        and root.me == board.me
        and root.enemy == board.enemy
        and root.open_ == board.free & ~(1 << board.me) & ~(1 << board.enemy)
    )
