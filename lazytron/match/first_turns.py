"""A map's first turns walked, for prepared moves (:mod:`lazytron.prepared`): the engine's move in
each position, then every reply of the enemy's that does not end the game."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..board import CARDINALS, Board, Move
from .rules import advance

Search = Callable[[Board], tuple[Move, int, int]]  # a position -> its move, depth, score
Known = Callable[[Board], "Move | None"]  # a position's move found before, if it was


def first_turns(
    board: Board, turns: int, search: Search, known: Known = lambda board: None
) -> Iterator[tuple[int, Board, Move, int, int]]:
    """(turn, position, move, depth, score) for each position of the first ``turns`` turns from
    player 1's seat, breadth first: the move ``search`` finds there, then every reply of the
    enemy's that does not end the game.  A position ``known`` has a move for is followed by that
    move and not searched again (a run resumed), nor yielded; a position reached twice is
    searched once.
    """
    frontier = [board]
    for turn in range(1, turns + 1):
        following: dict[Board, None] = {}
        for position in frontier:
            move = known(position)
            if move is None:
                move, depth, score = search(position)
                yield turn, position, move, depth, score
            if turn < turns:
                following.update(dict.fromkeys(replies(position, move)))
        frontier = list(following)


def replies(board: Board, move: Move) -> list[Board]:
    """The positions after ``move`` and each enemy move, where the game goes on.

    >>> from lazytron.reading import parse_board
    >>> board = parse_board("5 3\\n     \\n1   2\\n     \\n")
    >>> [after.enemy for after in replies(board, Move.EAST)]
    [4, 16, 9]
    """
    following = (advance(board, move, answer) for answer in CARDINALS)
    return [after for after in following if isinstance(after, Board)]
