"""The official engine's transcripts: the boards ``Tron.jar`` prints, then its result line.

``java -jar Tron.jar MAP CMD1 CMD2`` prints the board before every turn
(player 1's view: ``W H``, then the rows, trails as ``#``) and, last, one of
the four result lines; what the bots write on stderr comes out among them
and is skipped.  It does not print the board after the last turn, so
the moves of every turn but the last are read from the heads of successive
boards, and the last turn's moves are chosen to give the result line by the
rules (the first such pair in N, E, S, W order): where a crashing head went
is not in the transcript.  The replay shows the boards as printed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import product

from ..board import CARDINALS, Board, BoardError, Move
from ..match.records import Record
from ..match.rules import Outcome, advance
from ..reading import board_from_rows, parse_size
from .model import Replay, ReplayError, crash_cells, load_replay

NAMES = ("player one", "player two")  # a transcript names nobody; Tron.jar's result lines say this
_SIZE = re.compile(r"\s*\d+\s+\d+\s*")
_OUTCOMES = {outcome.words: outcome for outcome in Outcome}


class TranscriptError(ValueError):
    """A transcript that cannot be read; ``replay`` holds what could be shown of it, if anything."""

    def __init__(self, message: str, replay: Replay | None = None, alone: bool = False) -> None:
        super().__init__(message)
        self.replay = replay
        self.alone = alone  # one board and nothing after it: a map, not a transcript


def is_transcript(text: str) -> bool:
    """Whether ``text`` starts as a transcript does: a ``W H`` line.

    >>> is_transcript("15 15\\n###\\n"), is_transcript("+OK|15 15|...")
    (True, False)
    """
    first = next((line for line in text.splitlines() if line.strip()), "")
    return bool(_SIZE.fullmatch(first))


_STEPS = {(-1, 0): Move.NORTH, (0, 1): Move.EAST, (1, 0): Move.SOUTH, (0, -1): Move.WEST}


def _step(board: Board, cells: tuple[int, int], turn: int, player: int) -> Move:
    """The move that took ``player``'s head from ``cells[0]`` to ``cells[1]``."""
    (y0, x0), (y1, x1) = board.point(cells[0]), board.point(cells[1])
    move = _STEPS.get((y1 - y0, x1 - x0))
    if move is None:
        raise TranscriptError(
            f"board {turn + 1}: player {player} went from ({y0}, {x0}) to ({y1}, {x1}), "
            "not one step"
        )
    return move


def _moves(before: Board, after: Board, turn: int) -> tuple[Move, Move]:
    """The moves from one printed board to the next; TranscriptError if the next cannot follow."""
    if (after.width, after.height) != (before.width, before.height):
        raise TranscriptError(
            f"board {turn + 1} is {after.width}x{after.height}, "
            f"the first {before.width}x{before.height}"
        )
    walls = before.walls | (1 << before.me) | (1 << before.enemy)
    if after.walls & ~walls:
        raise TranscriptError(
            f"board {turn + 1}: walls at {_cells(before, after.walls & ~walls)} "
            f"that board {turn} and its heads did not leave"
        )
    if walls & ~after.walls:
        raise TranscriptError(
            f"board {turn + 1}: walls missing at {_cells(before, walls & ~after.walls)}, "
            f"which board {turn} had or its heads left"
        )
    return _step(before, (before.me, after.me), turn, 1), _step(
        before, (before.enemy, after.enemy), turn, 2
    )


def _cells(board: Board, mask: int, most: int = 3) -> str:
    """The cells of ``mask`` as ``(row, column)``, the first few.

    >>> from lazytron.reading import parse_board
    >>> _cells(parse_board("5 3\\n#####\\n#1 2#\\n#####\\n"), 0b1111)
    '(0, 0), (0, 1), (0, 2) and 1 more'
    """
    cells = [board.point(c) for c in range(mask.bit_length()) if mask >> c & 1]
    shown = ", ".join(f"({y}, {x})" for y, x in cells[:most])
    return shown + (f" and {len(cells) - most} more" if len(cells) > most else "")


def last_moves(board: Board, outcome: Outcome) -> tuple[Move, Move] | None:
    """The first pair of moves (N, E, S, W order) that ends the game on ``board`` in ``outcome``, or
    None."""
    for pair in product(CARDINALS, CARDINALS):
        if advance(board, *pair) is outcome:
            return pair
    return None


def _items(lines: list[str]) -> Iterator[Board | Outcome]:
    """The boards and result lines of a transcript, in order; other lines (the bots' stderr that
    Tron.jar passes on) are skipped.  TranscriptError for a board that cannot be read."""
    i = boards = 0
    while i < len(lines):
        line = lines[i]
        if _SIZE.fullmatch(line):
            width, height = parse_size(line)
            boards += 1
            try:
                yield board_from_rows(width, height, lines[i + 1 : i + 1 + height])
            except BoardError as e:
                raise TranscriptError(f"board {boards} (line {i + 1}): {e}") from None
            i += 1 + height
            continue
        if line.strip() in _OUTCOMES:
            yield _OUTCOMES[line.strip()]
        i += 1


def parse_transcript(text: str) -> Replay:
    """A transcript played out: its boards, the moves between them, the last turn's, the result.

    TranscriptError if it cannot be read; its ``replay`` holds the boards
    that can be shown when the problem comes after them.
    """
    boards: list[Board] = []
    moves: list[tuple[Move, Move]] = []
    result: Outcome | None = None
    try:
        for item in _items([line.rstrip("\r") for line in text.splitlines()]):
            if isinstance(item, Outcome):
                result = item
            elif result is not None:
                raise TranscriptError(f"board {len(boards) + 1} after the result line")
            else:
                if boards:
                    moves.append(_moves(boards[-1], item, len(boards)))
                boards.append(item)
    except TranscriptError as e:
        raise TranscriptError(str(e), _partial(boards, moves, str(e))) from None
    if not boards:
        raise TranscriptError("no board in the transcript")
    if result is None:
        problem = f"no result line after {len(boards)} boards (cut off?)"
        raise TranscriptError(problem, _partial(boards, moves, problem), alone=len(boards) == 1)
    last = last_moves(boards[-1], result)
    if last is None:  # no pair of moves gives it by the rules: the result alone, as a forfeit
        return Replay(NAMES, tuple(boards), tuple(moves), result.words)
    crashes = crash_cells(boards[-1], last, result)
    return Replay(NAMES, tuple(boards), (*moves, last), result.words, crashes)


def _partial(boards: list[Board], moves: list[tuple[Move, Move]], problem: str) -> Replay | None:
    return Replay(NAMES, tuple(boards), tuple(moves), None, (), problem) if boards else None


def record_of(replay: Replay) -> Record:
    """The record of a replay (of a transcript or a record): the first board, the moves, the
    result's code."""
    outcome = _OUTCOMES.get(replay.result or "")
    return Record(
        replay.positions[0], replay.names, replay.moves, outcome.code if outcome else None
    )


def load(path: str) -> Replay:
    """A record or a transcript, whichever the file holds, played out; ReplayError if nothing can be
    shown."""
    try:
        with open(path, "rb") as f:
            head = f.read(64).decode("utf-8", "replace")
        if not is_transcript(head):
            return load_replay(path)
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise ReplayError(e.strerror or str(e)) from None
    try:
        return parse_transcript(text)
    except TranscriptError as e:
        if e.alone:  # one map and nothing else is no transcript: say it is no record
            return load_replay(path)
        if e.replay is None:
            raise ReplayError(f"transcript: {e}") from None
        return e.replay
