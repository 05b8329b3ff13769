"""The zenzike engine: the original's ``scoreTree`` on the lazy tree, two levels per turn.

Even levels are :class:`Position` nodes, full positions scored from player
1's side.  Odd levels are :class:`Reply` nodes: my move ``m`` is legal and
the enemy has yet to answer; they are never scored.  Both players move at
once, so the enemy's answers are computed from the same walls as mine and
do not depend on my move; both may land on the same cell, and the tree
goes on from there.  Once the enemy cannot reach me, its score is bounded
(``bound``): it then stays where it is and "moves" ``NONE`` while the bound
is positive.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import search
from ..board import Board, Move, legal_moves
from ..clock import Check
from ..territory import reach, score
from ..tree import Node

LOSS = -100000  # the original's alpha: a side that cannot move
WIN = 100000


class TreeClock:
    """What every node of one tree shares: the deadline's check of the search under way, or None.

    A score on a large board floods tens of thousands of layers: the check is
    looked at inside it too, so that a deadline never waits for one (a score
    cut off is made again when asked for: nothing else changes).
    """

    __slots__ = ("check",)

    def __init__(self) -> None:
        self.check: Check | None = None


class Position(Node):
    """Both players have moved: walls ``free`` (heads not walls), me, enemy, the enemy's bound.

    ``move`` is the enemy's move that led here (``NONE`` at the root).
    """

    __slots__ = ("free", "me", "enemy", "bound", "stride", "clock", "next_bound")

    # the game interface (lazytron.game): player 1 moves here, and loses when it cannot
    maximising, outcome, top, bottom = True, LOSS, WIN, LOSS
    lost, no_move = LOSS, Move.NONE  # for the negamax searches

    def __init__(
        self,
        move: Move,
        free: int,
        me: int,
        enemy: int,
        bound: int | None,
        stride: int,
        clock: TreeClock,
    ) -> None:
        super().__init__(move)
        self.free = free
        self.me = me
        self.enemy = enemy
        self.bound = bound
        self.stride = stride
        self.clock = clock

    def evaluate(self) -> int:
        found = score(self.free, self.me, self.enemy, self.bound, self.stride, self.clock.check)
        value, self.next_bound = found
        return value

    def expand(self) -> Iterator[Reply]:
        _ = self.score  # sets next_bound
        stride, bound = self.stride, self.bound
        after = self.free & ~((1 << self.me) | (1 << self.enemy))
        if bound is None:
            answers = tuple(legal_moves(after, self.enemy, stride))
        else:
            answers = ((Move.NONE, self.enemy),) if bound > 0 else ()
        for move, target in legal_moves(after, self.me, stride):
            yield Reply(move, after, target, answers, self.next_bound, stride, self.clock)


class Reply(Node):
    """My move ``move`` is made; children are the enemy's answers to it."""

    __slots__ = ("free", "me", "answers", "bound", "stride", "clock")

    # the game interface (lazytron.game): the enemy moves here, and loses when it cannot
    maximising, outcome, top, bottom = False, WIN, WIN, LOSS
    lost, no_move = LOSS, Move.NONE  # for the negamax searches

    def __init__(
        self,
        move: Move,
        free: int,
        me: int,
        answers: tuple[tuple[Move, int], ...],
        bound: int | None,
        stride: int,
        clock: TreeClock,
    ) -> None:
        super().__init__(move)
        self.free = free
        self.me = me
        self.answers = answers
        self.bound = bound
        self.stride = stride
        self.clock = clock

    def evaluate(self) -> int:
        raise TypeError("odd levels of the Tron tree are never scored")

    def expand(self) -> Iterator[Position]:
        for move, enemy in self.answers:
            yield Position(move, self.free, self.me, enemy, self.bound, self.stride, self.clock)


def init_tree(board: Board) -> Position:
    """The original's ``initTree``: the root of a fresh tree for a board."""
    return Position(Move.NONE, board.free, board.me, board.enemy, None, board.stride, TreeClock())


def best_scores(tree: Node, check: Check | None = None) -> Iterator[search.Result]:
    """:func:`lazytron.search.best_scores` of the tree, ``check`` looked at in its scores too."""
    if isinstance(tree, Position):
        tree.clock.check = check
    return search.best_scores(tree, check)


def fits(root: Node, board: Board) -> bool:
    """Whether a re-rooted tree's position agrees with the board.

    Before separation everything must agree.  After it, the tree keeps the
    enemy where it was cut off (as the original does) and knows nothing of
    its later trail, so only my own region is compared.
    """
    if not isinstance(root, Position) or root.me != board.me:
        return False
    if root.bound is None:
        return root.enemy == board.enemy and root.free == board.free
    mine = 1 << board.me
    return reach(root.free, mine, board.stride) == reach(board.free, mine, board.stride)
