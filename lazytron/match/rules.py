"""The official engine's rules (Tron.jar): both players move at once.

Both old head cells become walls first.  Both heads on the same cell is a
collision (a draw).  Otherwise a head on a wall, a trail, the other's old
head or off the grid crashes; two players swapping cells both crash.  A
player who gives no move (``Move.NONE``: no answer in time, or a crashed
bot) crashes that turn.

These are the contest's rules, which the recorded games follow
(:func:`advance`).  Tron.jar itself moves player 1 and then player 2,
which differs when a player steps onto the other's head cell or gives no
move: :func:`advance_tronjar`.  :data:`RULES` names both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import Enum
from itertools import product

from ..board import CARDINALS, Board, Move, grid_mask, step


class Outcome(Enum):
    """How a game ended, in the official engine's words; ``code`` is the record's result field."""

    ONE = ("1", "Player One Wins!")
    TWO = ("2", "Player Two Wins!")
    COLLIDED = ("D", "Players collided. Draw!")
    BOTH_CRASHED = ("D", "Both players crashed. Draw!")

    def __init__(self, code: str, words: str) -> None:
        self.code = code
        self.words = words

    def __str__(self) -> str:
        return self.words

    @property
    def winner(self) -> int | None:
        """1 or 2, or None for a draw."""
        return {"1": 1, "2": 2}.get(self.code)


def _lands(board: Board, head: int, move: Move) -> int | None:
    """Where ``head`` lands after ``move``, None if off the grid or no move."""
    if not move:
        return None
    return step(grid_mask(board.width, board.height), head, move, board.stride)


def advance(board: Board, one: Move, two: Move) -> Board | Outcome:
    """The next position after both moves, or the outcome if the game ends this turn."""
    walls = board.walls | (1 << board.me) | (1 << board.enemy)
    p = _lands(board, board.me, one)
    q = _lands(board, board.enemy, two)
    if p is not None and p == q:
        return Outcome.COLLIDED
    p_dead = p is None or bool(walls >> p & 1)
    q_dead = q is None or bool(walls >> q & 1)
    return _judge(board, walls, p, q, p_dead, q_dead)


def _judge(
    board: Board, walls: int, p: int | None, q: int | None, p_dead: bool, q_dead: bool
) -> Board | Outcome:
    """The outcome when a player crashed, else the next position (heads ``p`` and ``q``)."""
    if p_dead and q_dead:
        return Outcome.BOTH_CRASHED
    if p_dead:
        return Outcome.TWO
    if q_dead:
        return Outcome.ONE
    assert p is not None and q is not None
    return Board(board.width, board.height, walls, p, q)


def play_out(board: Board, moves: Iterable[tuple[Move, Move]]) -> Iterator[Board | Outcome]:
    """Every position from ``board`` on as the move pairs are played, then the outcome if one
    comes."""
    yield board
    for one, two in moves:
        after = advance(board, one, two)
        yield after
        if isinstance(after, Outcome):
            return
        board = after


def advance_tronjar(board: Board, one: Move, two: Move, first: bool = False) -> Board | Outcome:
    """The next position as Tron.jar computes it: player 1 moves, then player 2.

    Tron.jar walls a head cell only when its player leaves it (the map's
    starting heads are walls from the start), so after the first turn
    player 1 may step onto player 2's head as player 2 leaves it (and win a
    swap), while player 2 always crashes into player 1's old head.  A
    player without a move stays where it is, so the other landing there is
    a collision.
    """
    walls = board.walls | (1 << board.me) | ((1 << board.enemy) if first else 0)
    p = _lands(board, board.me, one)
    p_dead = p is None or bool(walls >> p & 1)
    walls |= 1 << board.enemy
    q = _lands(board, board.enemy, two)
    q_dead = q is None or bool(walls >> q & 1)
    at_p = p if one else board.me
    at_q = q if two else board.enemy
    if at_p is not None and at_p == at_q:
        return Outcome.COLLIDED
    return _judge(board, walls, p, q, p_dead, q_dead)


Rules = Callable[[Board, Move, Move, int], "Board | Outcome"]

RULES: dict[str, Rules] = {
    "simultaneous": lambda board, one, two, turn: advance(board, one, two),
    "tronjar": lambda board, one, two, turn: advance_tronjar(board, one, two, first=turn == 1),
}
"""The rule sets a referee can play by, each called as ``rules(board, one, two, turn)`` (turns count
from 1)."""


def written(
    board: Board, moves: tuple[Move, Move], outcome: Outcome, turn: int
) -> tuple[Move, Move] | None:
    """The letters a record writes for a last turn on which a player gave no move (None if none will
    do).

    The contest's format has no letter for "no move", so a missing move is
    written as the first of N, E, S, W with which the turn ends in the same
    outcome under every rule set: for a trapped player any letter, else
    most often back into its own trail.  Replaying the record then ends on
    that turn with its result.  A turn whose moves are all there is
    written as it is.

    >>> from ..reading import parse_board
    >>> room = parse_board("5 3\\n#####\\n#1 2#\\n#####\\n")
    >>> [m.letter for m in written(room, (Move.EAST, Move.NONE), Outcome.ONE, 1)]  # 2 gave no move
    ['E', 'N']
    >>> near = parse_board("4 3\\n####\\n#12#\\n####\\n")  # Tron.jar: 1 steps where 2 stands still
    >>> written(near, (Move.EAST, Move.NONE), Outcome.COLLIDED, 2) is None
    True
    """
    choices = [(move,) if move else CARDINALS for move in moves]
    for pair in product(*choices):
        if all(rules(board, pair[0], pair[1], turn) == outcome for rules in RULES.values()):
            return pair[0], pair[1]
    return None
