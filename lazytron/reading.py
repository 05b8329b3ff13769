"""The contest map format read: a map from its text, maps from a stream, a map file, a shipped map.

A map is ``W H`` on one line, then H rows of W cells (see :mod:`lazytron.board`).
The stream reader takes maps one after another, as the contest engine sends them
to a bot, and reports a malformed one as a :class:`~lazytron.board.BoardError`
without losing the next.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import nullcontext
from importlib.resources import files

from .board import Board, BoardError


def parse_size(line: str) -> tuple[int, int]:
    """The ``W H`` line of a map.

    >>> parse_size("15 16\\n")
    (15, 16)
    >>> parse_size("fifteen 15")
    Traceback (most recent call last):
    ...
    lazytron.board.BoardError: expected 'W H', got 'fifteen 15'
    """
    words = line.split()
    if len(words) != 2 or not all(w.isdigit() for w in words):
        raise BoardError(f"expected 'W H', got {line.strip()[:40]!r}")
    width, height = int(words[0]), int(words[1])
    if width < 1 or height < 1:
        raise BoardError(f"bad size {width}x{height}")
    return width, height


def board_from_rows(width: int, height: int, rows: list[str]) -> Board:
    """Build a board from its rows; raise BoardError if they do not fit."""
    if len(rows) != height:
        raise BoardError(f"{len(rows)} rows, expected {height}")
    stride = width + 1
    walls = 0
    heads: dict[str, list[int]] = {"1": [], "2": []}
    for y, row in enumerate(rows):
        row = row.rstrip("\r\n")
        if len(row) != width:
            raise BoardError(f"row {y + 1} has {len(row)} cells, expected {width}")
        for x, c in enumerate(row):
            if c == "#":
                walls |= 1 << (y * stride + x)
            elif c in heads:
                heads[c].append(y * stride + x)
            elif c != " ":
                raise BoardError(f"row {y + 1}: unknown character {c!r}")
    for player, cells in heads.items():
        if len(cells) != 1:
            raise BoardError(f"{len(cells) or 'no'} player {player} on the map, expected one")
    return Board(width, height, walls, heads["1"][0], heads["2"][0])


def parse_board(text: str) -> Board:
    """Parse one map from a string.

    >>> board = parse_board("3 2\\n1 #\\n  2\\n")
    >>> board.me, board.enemy, board.point(board.enemy), str(board.swapped()).splitlines()
    (0, 6, (1, 2), ['3 2', '2 #', '  1'])
    """
    lines = text.splitlines()
    if not lines:
        raise BoardError("empty map")
    width, height = parse_size(lines[0])
    rows = lines[1:]
    while rows and rows[-1] in ("", "\r"):
        rows.pop()
    return board_from_rows(width, height, rows)


def decoded_lines(data: Iterable[bytes]) -> Iterator[str]:
    """Lines of bytes as text, the same for files and stdin: UTF-8, a byte order mark at the start
    dropped.

    A byte that is not UTF-8 becomes U+FFFD, an unknown character: only its map is bad.

    >>> list(decoded_lines([b"\\xef\\xbb\\xbf3 1\\n", b"1\\xff2\\n"]))
    ['3 1\\n', '1\\ufffd2\\n']
    """
    first = True
    for line in data:
        text = line.decode("utf-8", "replace")
        if first:
            text, first = text.removeprefix("\ufeff"), False
        yield text


class _Lines:
    """Lines with their numbers, and room to put back the ones looked at."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.it = iter(lines)
        self.back: list[str] = []
        self.number = 0  # lines taken so far

    def take(self) -> str | None:
        line = self.back.pop() if self.back else next(self.it, None)
        self.number += line is not None
        return line

    def put_back(self, line: str) -> None:
        self.back.append(line)
        self.number -= 1


def _size(line: str) -> tuple[int, int] | None:
    try:
        return parse_size(line)
    except BoardError:
        return None


def _width_follows(lines: _Lines, width: int) -> bool:
    """Whether the next line is a row of ``width`` cells (it is put back; none is left at the
    end)."""
    row = lines.take()
    if row is None:
        return False
    lines.put_back(row)
    return len(row.rstrip("\r\n")) == width


def _starts_map(lines: _Lines, line: str, more: Callable[[], bool]) -> bool:
    """Whether ``line`` is a size line to trust: a row of its width follows (or nothing more can be
    read now)."""
    size = _size(line)
    return size is not None and (not more() or _width_follows(lines, size[0]))


def read_boards(
    lines: Iterable[str], more: Callable[[], bool] = lambda: True
) -> Iterator[Board | BoardError]:
    """Every map in a stream of lines, in order; blank lines between maps are skipped.

    A map starts at a size line followed by a row of its width.  It ends
    after its H rows, or before a line that starts another map.  Anything
    else is skipped up to the next line that starts a map, or up to where
    ``more()`` says no more input is ready (a bot must answer what it was
    sent).  A malformed map or a skipped stretch is yielded as one
    BoardError, naming its first line, so that a reader can report it and
    go on with the next map.
    """
    source = _Lines(lines)
    while (line := source.take()) is not None:
        if not line.strip():
            continue
        size = _size(line)
        if size is not None and _width_follows(source, size[0]):
            yield _map(source, *size)
        elif size is not None and not source.back:
            yield BoardError(f"line {source.number}: input ended after the size line", at_end=True)
        else:
            yield _skipped(source, line, more)


def _map(source: _Lines, width: int, height: int) -> Board | BoardError:
    """The map whose size line was just read."""
    start = source.number
    rows: list[str] = []
    while len(rows) < height:
        row = source.take()
        if row is None:
            return BoardError(
                f"map at line {start}: input ended after {len(rows)} of {height} rows", rows, True
            )
        if len(row.rstrip("\r\n")) != width and _starts_map(source, row, lambda: True):
            source.put_back(row)
            break
        rows.append(row)
    try:
        return board_from_rows(width, height, rows)
    except BoardError as e:
        return BoardError(f"map at line {start}: {e}", rows)


def _skipped(source: _Lines, line: str, more: Callable[[], bool]) -> BoardError:
    """The error for a line that starts no map, with the lines after it up to the next map."""
    start = source.number
    size, shown = _size(line), repr(line.strip()[:40])
    problem = (
        f"expected 'W H', got {shown}"
        if size is None
        else f"no row of {size[0]} cells after the size line {shown}"
    )
    rows = []
    while (source.back or more()) and (row := source.take()) is not None:  # a line put back is here
        if _starts_map(source, row, more):
            source.put_back(row)
            break
        rows.append(row)
    rows = [row for row in rows if row.strip()]
    skipped = f"; {len(rows) + 1} lines skipped" if rows else ""
    return BoardError(f"line {start}: {problem}{skipped}", rows)


def read_map_file(path: str) -> Iterator[Board | BoardError]:
    """Every map in a file ('-': stdin), read as :func:`read_boards` reads; OSError if it cannot be
    opened."""
    with nullcontext(sys.stdin.buffer) if path == "-" else open(path, "rb") as f:
        yield from read_boards(decoded_lines(f))


def load_board(path: str) -> Board:
    """Read a map file (one map); every problem, reading it included, is a BoardError naming the
    file."""
    try:
        maps = list(read_map_file(path))
    except OSError as e:
        raise BoardError(f"{path}: {e.strerror or e}") from None
    problems = [m for m in maps[:2] if isinstance(m, BoardError)] + [
        BoardError("more than one map")
    ] * (len(maps) > 1)
    if not maps or problems or not isinstance(maps[0], Board):
        raise BoardError(f"{path}: {problems[0] if problems else 'no map in it'}")
    return maps[0]


def shipped_maps() -> dict[str, str]:
    """The maps shipped with lazytron: name (the file's stem) -> path, by name.

    >>> "crossroads" in shipped_maps()
    True
    """
    found = {entry.name: str(entry) for entry in (files("lazytron") / "maps").iterdir()}
    return {
        name.removesuffix(".txt"): found[name] for name in sorted(found) if name.endswith(".txt")
    }


def map_file(name: str) -> str:
    """A map argument as a file: the file of that name if there is one ('-': stdin), else the
    shipped map of that name ('crossroads' or 'crossroads.txt'); BoardError if neither.

    >>> map_file("crossroads").endswith("crossroads.txt")
    True
    >>> map_file("no-such-map")
    Traceback (most recent call last):
    lazytron.board.BoardError: no-such-map: no such file, nor a shipped map (lazytron maps list)
    """
    if name == "-" or os.path.exists(name):
        return name
    found = shipped_maps().get(name.removesuffix(".txt"))
    if found is None:
        raise BoardError(f"{name}: no such file, nor a shipped map (lazytron maps list)")
    return found
