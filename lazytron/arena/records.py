"""Game records in the contest's summary format.

    +OK|W H|<map rows, each ending in a newline>|<name 1>|<name 2>|<moves>|<result>|+OK

``moves`` holds, for every turn including the last, player 1's letter then
player 2's (N, E, S, W); ``result`` is 1, 2 or D.  The contest site's own
summaries have no result field; the reader accepts them too.  Records are
written atomically: a reader never sees half a file.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import MOVE_LETTERS, Board, BoardError, Move, board_from_rows, parse_size
from ..files import write_text

MARK = "+OK"
RESULTS = ("1", "2", "D")


class RecordError(ValueError):
    """A file that is not a well-formed record; ``partial`` holds what could be read of a cut-off one."""

    def __init__(self, message: str, partial: Record | None = None) -> None:
        super().__init__(message)
        self.partial = partial


@dataclass(frozen=True)
class Record:
    """One game: the starting board, the players' names, the moves of both, the result (None if unknown)."""

    board: Board
    names: tuple[str, str]
    moves: tuple[tuple[Move, Move], ...]
    result: str | None = None

    def __str__(self) -> str:
        return format_record(self)


def _clean_name(name: str) -> str:
    return name.replace("|", "/").replace("\n", " ")


def format_record(record: Record) -> str:
    """The record as the contest wrote it (with the result field when known).

    >>> from lazytron.board import parse_board
    >>> board = parse_board("3 1\\n1 2\\n")
    >>> format_record(Record(board, ("a", "b|c"), ((Move.EAST, Move.WEST),), "D"))
    '+OK|3 1|1 2\\n|a|b/c|EW|D|+OK\\n'
    """
    board = record.board
    fields = [
        MARK,
        f"{board.width} {board.height}",
        "".join(row + "\n" for row in board.rows()),
        *map(_clean_name, record.names),
        "".join(one.letter + two.letter for one, two in record.moves),
    ]
    if record.result is not None:
        fields.append(record.result)
    fields.append(MARK)
    return "|".join(fields) + "\n"


def _parse_moves(text: str) -> tuple[tuple[Move, Move], ...]:
    for i, c in enumerate(text):
        if c not in MOVE_LETTERS:
            raise RecordError(f"moves: {c!r} at letter {i + 1} (turn {i // 2 + 1}), expected only N E S W")
    letters = [MOVE_LETTERS[c] for c in text]
    return tuple(zip(letters[::2], letters[1::2]))


def _parse_board(size: str, rows: str) -> Board:
    try:
        width, height = parse_size(size)
    except BoardError as e:
        raise RecordError(f"map size: {e}") from None
    lines = rows.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [line.rstrip("\r") for line in lines]
    mismatch = f"map does not match its size {width}x{height}"
    if len(lines) != height:
        raise RecordError(f"{mismatch}: {len(lines)} rows")
    for y, line in enumerate(lines):
        if len(line) != width:
            raise RecordError(f"{mismatch}: row {y + 1} has {len(line)} cells")
    try:
        return board_from_rows(width, height, lines)
    except BoardError as e:
        raise RecordError(f"map: {e}") from None


def parse_record(text: str) -> Record:
    """Parse a record; raise RecordError saying what is wrong (with ``partial`` for a cut-off one).

    >>> record = parse_record("+OK|3 1|1 2\\n|a|b|EW|D|+OK\\n")
    >>> record.names, record.moves, record.result
    (('a', 'b'), ((<Move.EAST: 2>, <Move.WEST: 4>),), 'D')
    >>> parse_record("+OK|3 1|1 2\\n|a|b|EW")
    Traceback (most recent call last):
    ...
    lazytron.arena.records.RecordError: cut off after 1 turns (no end marker)
    """
    if not text.strip():
        raise RecordError("empty file")
    if "\0" in text:
        raise RecordError("binary data, not a game record")
    text = text.removeprefix("\ufeff").rstrip("\r\n")  # a byte order mark, as some editors save
    if not text.startswith(MARK + "|"):
        raise RecordError("not a game record (no '+OK|' at the start)")
    fields = text.split("|")
    if fields[-1] != MARK:
        raise _cut_off(fields)
    if len(fields) not in (7, 8):
        raise RecordError(f"{len(fields)} fields, a record has 7 or 8")
    board = _parse_board(fields[1], fields[2])
    moves = _parse_moves(fields[5])
    if len(fields[5]) % 2:
        raise RecordError("odd number of move letters")
    result = fields[6] if len(fields) == 8 else None
    if result is not None and result not in RESULTS:
        raise RecordError(f"result {result[:10]!r}, expected 1, 2 or D")
    return Record(board, (fields[3], fields[4]), moves, result)


_FIELDS = ("start marker", "size", "map", "first name", "second name", "moves", "result")


def _cut_off(fields: list[str]) -> RecordError:
    """The error for a record with no end marker; with ``partial`` once its moves have begun."""
    if len(fields) < 6:
        return RecordError(f"cut off in the {_FIELDS[len(fields) - 1]} (no end marker)")
    board = _parse_board(fields[1], fields[2])
    moves = _parse_moves(fields[5].rstrip("\r\n"))  # keep the whole turns that are there
    partial = Record(board, (fields[3], fields[4]), moves)
    return RecordError(f"cut off after {len(moves)} turns (no end marker)", partial=partial)


def read_record(path: str) -> Record:
    """Read a record file; RecordError (or OSError) if it cannot be read."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("binary data, not a game record") from None
    return parse_record(text)


def write_record(path: str, record: Record) -> None:
    """Write a record as :func:`lazytron.files.write_text` writes (atomically, for a regular file)."""
    write_text(path, format_record(record))
