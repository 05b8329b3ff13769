"""Game records in the contest's summary format.

    +OK|W H|<map rows, each ending in a newline>|<name 1>|<name 2>|<moves>|<result>|+OK

``moves`` holds, for every turn including the last, player 1's letter then
player 2's (N, E, S, W); ``result`` is 1, 2 or D.  The contest site's own
summaries have no result field; the reader accepts them too.  Records are
written atomically: a reader never sees half a file.  They are read as
they come, a piece at a time; a reader that asks for it keeps only the
turns a game on the record's board can last, so that memory is bounded by
the board, not the file (a record of 10 MB of moves is counted, not kept).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from ..board import MOVE_LETTERS, Board, BoardError, Move
from ..files import write_text
from ..reading import board_from_rows, parse_size

MARK = "+OK"
RESULTS = ("1", "2", "D")


class RecordError(ValueError):
    """A file that is not a well-formed record; ``partial`` holds what could be read of a cut-off
    one."""

    def __init__(self, message: str, partial: Record | None = None) -> None:
        super().__init__(message)
        self.partial = partial


@dataclass(frozen=True)
class Record:
    """One game: the starting board, the players' names, the moves of both, the result (None if
    unknown)."""

    board: Board
    names: tuple[str, str]
    moves: tuple[tuple[Move, Move], ...]
    result: str | None = None
    recorded: int | None = field(
        default=None, compare=False
    )  # turns in the file, if more than ``moves`` keeps

    def __str__(self) -> str:
        return format_record(self)

    @property
    def turns(self) -> int:
        """The turns the record holds (a reader bounded by the board keeps only the first ones in
        ``moves``)."""
        return len(self.moves) if self.recorded is None else self.recorded


def _clean_name(name: str) -> str:
    return name.replace("|", "/").replace("\n", " ")


def format_record(record: Record) -> str:
    """The record as the contest wrote it (with the result field when known).

    >>> from lazytron.reading import parse_board
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


_FIELDS = ("start marker", "size", "map", "first name", "second name", "moves", "result")
_NOT_A_MOVE = re.compile("[^NESW]")
HEAD_LIMIT = 1 << 24  # characters before the moves: a map of 4000 x 4000
SHORT = 64  # characters kept of a field after the moves (a result, the end marker)
CHUNK = 1 << 16  # bytes read at a time


class _Moves:
    """The moves field as it comes: letters counted and checked, the first ``keep`` turns kept
    (None: all)."""

    def __init__(self, keep: int | None) -> None:
        self.keep = keep
        self.count = 0
        self.kept: list[str] = []
        self.room = -1 if keep is None else 2 * keep  # letters still to keep (-1: no limit)
        self.bad: str | None = None  # what is wrong with the first letter that is not a move

    def add(self, text: str) -> None:
        if self.bad is None and (wrong := _NOT_A_MOVE.search(text)):
            i = self.count + wrong.start()
            self.bad = (
                f"moves: {wrong.group()!r} at letter {i + 1} (turn {i // 2 + 1}), "
                "expected only N E S W"
            )
        if self.room:
            taken = text if self.room < 0 else text[: self.room]
            self.kept.append(taken)
            self.room -= len(taken) if self.room > 0 else 0
        self.count += len(text)

    def turns(self) -> tuple[tuple[Move, Move], ...]:
        """The whole turns kept; RecordError if a letter is not a move."""
        if self.bad is not None:
            raise RecordError(self.bad)
        letters = [MOVE_LETTERS[c] for c in "".join(self.kept)]
        # a last letter without its pair is no whole turn
        return tuple(zip(letters[::2], letters[1::2], strict=False))


class _Fields:
    """A record's fields as its text comes, a piece at a time: the head kept whole, the moves
    counted, the rest short."""

    def __init__(self, bounded: bool) -> None:
        self.bounded = bounded
        self.done = 0  # fields ended by a '|': the one being read is field number ``done`` (from 0)
        self.head: list[str] = []  # fields 0 to 4: marker, size, map, names
        self.moves = _Moves(None)  # field 5 (replaced, once the board is known, if bounded)
        self.after: list[str] = []  # fields from 6 on, SHORT characters of each
        self.piece: list[str] = []  # the field being read, if not the moves
        self.size = 0  # characters before the moves so far
        self.board: Board | RecordError | None = None

    def add(self, text: str) -> None:
        """The next characters of the field being read."""
        if self.done == 5:
            self.moves.add(text)
        elif self.done < 5:
            self.size += len(text)
            if self.done == 0 and not MARK.startswith("".join(self.piece) + text):
                raise RecordError("not a game record (no '+OK|' at the start)")
            if self.size > HEAD_LIMIT:
                raise RecordError(f"more than {HEAD_LIMIT} characters before the moves")
            self.piece.append(text)
        elif sum(map(len, self.piece)) < SHORT:
            self.piece.append(text)

    def end_field(self) -> None:
        """A '|': the field being read is whole."""
        text, self.piece = "".join(self.piece), []
        if self.done == 0 and text != MARK:
            raise RecordError("not a game record (no '+OK|' at the start)")
        if self.done < 5:
            self.head.append(text)
        elif self.done > 5:
            self.after.append(text[:SHORT])
        self.done += 1
        if self.done == 5:
            self._start_moves()

    def _start_moves(self) -> None:
        try:
            self.board = _parse_board(self.head[1], self.head[2])
        except RecordError as e:
            self.board = e
        if self.bounded:  # a game lasts at most free / 2 + 1 turns
            self.moves = _Moves(
                self.board.free.bit_count() // 2 + 2 if isinstance(self.board, Board) else 0
            )

    def record(self) -> Record:
        """The record the fields make, once the text is over; RecordError saying what is wrong."""
        fields = self.done + 1
        if self.done == 5 or "".join(self.piece) != MARK:
            if fields < 6:
                raise RecordError(f"cut off in the {_FIELDS[self.done]} (no end marker)")
            partial = Record(
                self._board(), self._names(), self.moves.turns(), None, self.moves.count // 2
            )
            raise RecordError(
                f"cut off after {self.moves.count // 2} turns (no end marker)", partial=partial
            )
        if fields not in (7, 8):
            raise RecordError(f"{fields} fields, a record has 7 or 8")
        board, moves = self._board(), self.moves.turns()
        if self.moves.count % 2:
            raise RecordError("odd number of move letters")
        result = self.after[0] if fields == 8 else None
        if result is not None and result not in RESULTS:
            raise RecordError(f"result {result[:10]!r}, expected 1, 2 or D")
        return Record(board, self._names(), moves, result, self.moves.count // 2)

    def _board(self) -> Board:
        if isinstance(self.board, RecordError):
            raise self.board
        assert self.board is not None
        return self.board

    def _names(self) -> tuple[str, str]:
        return self.head[3], self.head[4]


def _trimmed(chunks: Iterable[str]) -> Iterator[str]:
    """The text without a byte order mark at the start or line ends at the end; RecordError if blank
    or binary."""
    begun = False
    start = ""
    tail = ""  # line ends held back: they count only if more text follows
    for chunk in chunks:
        if "\0" in chunk:
            raise RecordError("binary data, not a game record")
        if not begun:
            start += chunk
            if not start.strip():
                continue
            begun, chunk = True, start.removeprefix("\ufeff")
        body = chunk.rstrip("\r\n")
        if body:
            yield tail + body
            tail = chunk[len(body) :]
        else:
            tail += chunk
    if not begun:
        raise RecordError("empty file")


def scan_record(chunks: Iterable[str], bounded: bool = False) -> Record:
    """Read a record from its text in pieces, with memory bounded by the board if ``bounded`` (see
    :func:`read_record`)."""
    fields = _Fields(bounded)
    for chunk in _trimmed(chunks):
        *whole, rest = chunk.split("|")
        for text in whole:
            fields.add(text)
            fields.end_field()
        fields.add(rest)
    return fields.record()


def parse_record(text: str) -> Record:
    """Parse a record; raise RecordError saying what is wrong (with ``partial`` for a cut-off one).

    >>> record = parse_record("+OK|3 1|1 2\\n|a|b|EW|D|+OK\\n")
    >>> record.names, record.moves, record.result
    (('a', 'b'), ((<Move.EAST: 2>, <Move.WEST: 4>),), 'D')
    >>> parse_record("+OK|3 1|1 2\\n|a|b|EW")
    Traceback (most recent call last):
    ...
    lazytron.match.records.RecordError: cut off after 1 turns (no end marker)
    """
    if "\0" in text and text.strip():
        raise RecordError("binary data, not a game record")
    return scan_record([text])


def _decoded(data: BinaryIO) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        while block := data.read(CHUNK):
            yield decoder.decode(block)
        yield decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        raise RecordError("binary data, not a game record") from None


def read_record(path: str, bounded: bool = False) -> Record:
    """Read a record file as it comes; RecordError (or OSError) if it cannot be read.

    ``bounded``: keep only the turns a game on its board can last (the rest
    are counted, in ``turns``, and checked), so that memory is bounded by
    the board, not the file.
    """
    with open(path, "rb") as f:
        return scan_record(_decoded(f), bounded)


def write_record(path: str, record: Record) -> None:
    """Write a record as :func:`lazytron.files.write_text` writes (atomically, for a regular
    file)."""
    write_text(path, format_record(record))
