"""The contest map format, moves, and the bitboard geometry of a grid.

A board is ``W H`` on one line, then H rows of W cells: ``#`` wall, space
free, ``1`` me, ``2`` the enemy.  Cells are numbered row by row with one
guard column, ``index = y * (W + 1) + x``, so that a set of cells is a
Python int with one bit per cell and a shift by 1 never wraps a row: the
guard column is never free.  Cells outside the grid are walls.
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import Iterable, Iterator, NamedTuple, TypeAlias

Bitboard: TypeAlias = int
"""A set of cells: bit ``y * (W + 1) + x`` is cell (y, x)."""

Cell: TypeAlias = int
"""A cell's index, ``y * (W + 1) + x``."""


class BoardError(ValueError):
    """A map that does not follow the contest format."""


class Move(IntEnum):
    """A move; the value is the contest digit (``NONE`` prints as 1)."""

    NONE = 0
    NORTH = 1
    EAST = 2
    SOUTH = 3
    WEST = 4

    def __str__(self) -> str:
        return self.name.capitalize()

    @property
    def digit(self) -> str:
        """The digit the contest engine reads: 1 North ... 4 West, None 1."""
        return str(self.value or 1)

    @property
    def letter(self) -> str:
        """N, E, S or W, as in game records ('-' for NONE)."""
        return self.name[0] if self else "-"

    def delta(self, stride: int) -> int:
        """The change of cell index this move makes on a grid of that stride.

        >>> [m.delta(16) for m in CARDINALS]
        [-16, 1, 16, -1]
        """
        return (0, -stride, 1, stride, -1)[self]


CARDINALS = (Move.NORTH, Move.EAST, Move.SOUTH, Move.WEST)
MOVE_LETTERS = {m.letter: m for m in CARDINALS}


@lru_cache(maxsize=64)
def grid_mask(width: int, height: int) -> Bitboard:
    """The bitboard of every cell inside a ``width`` x ``height`` grid.

    >>> bin(grid_mask(3, 2))  # two rows of three, each followed by the guard column
    '0b1110111'
    """
    row = (1 << width) - 1
    stride = width + 1
    return sum(row << (y * stride) for y in range(height))


def neighbours(cells: Bitboard, stride: int) -> Bitboard:
    """Cells one step from ``cells`` (unmasked: may include guard bits).

    >>> around = neighbours(1 << 5, 4)  # cell (1, 1) of a 3-wide grid (stride 4)
    >>> [i for i in range(16) if around >> i & 1]  # (0, 1), (1, 0), (1, 2), (2, 1)
    [1, 4, 6, 9]
    """
    return (cells << 1) | (cells >> 1) | (cells << stride) | (cells >> stride)


def step(free: Bitboard, cell: Cell, move: Move, stride: int) -> Cell | None:
    """The cell ``move`` leads to from ``cell`` if it is free, else None.

    >>> step(grid_mask(3, 2), 1, Move.SOUTH, 4), step(grid_mask(3, 2), 1, Move.NORTH, 4)
    (5, None)
    """
    target = cell + move.delta(stride)
    if target >= 0 and free >> target & 1:
        return target
    return None


class Board(NamedTuple):
    """A position as the contest sends it, seen from player 1 (immutable)."""

    width: int
    height: int
    walls: Bitboard  # the '#' cells
    me: Cell  # '1'
    enemy: Cell  # '2'

    @property
    def stride(self) -> int:
        return self.width + 1

    @property
    def free(self) -> Bitboard:
        """Cells in the grid that are not walls (both heads are free)."""
        return grid_mask(self.width, self.height) & ~self.walls

    def cell(self, y: int, x: int) -> Cell:
        """The cell index of row ``y``, column ``x``.

        >>> Board(3, 2, 0, 0, 5).cell(1, 2)
        6
        """
        return y * self.stride + x

    def point(self, cell: Cell) -> tuple[int, int]:
        """(y, x) of a cell index, the original's Point.

        >>> Board(3, 2, 0, 0, 5).point(6)
        (1, 2)
        """
        return divmod(cell, self.stride)

    def rows(self) -> list[str]:
        cells = {self.me: "1", self.enemy: "2"}
        return [
            "".join(
                cells.get(i, "#" if self.walls >> i & 1 else " ")
                for i in range(y * self.stride, y * self.stride + self.width)
            )
            for y in range(self.height)
        ]

    def __str__(self) -> str:
        return "\n".join([f"{self.width} {self.height}", *self.rows()]) + "\n"

    def swapped(self) -> Board:
        """The same position from the other player's side."""
        return Board(self.width, self.height, self.walls, self.enemy, self.me)


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


def read_boards(lines: Iterable[str]) -> Iterator[Board | BoardError]:
    """Every map in a stream of lines, in order; blank lines between maps are skipped.

    A malformed map is yielded as its BoardError (naming its first line) so
    that a reader can report it and go on with the next one.
    """
    it = iter(lines)
    number = 0
    for line in it:
        number += 1
        if not line.strip():
            continue
        start = number
        try:
            width, height = parse_size(line)
        except BoardError as e:
            yield BoardError(f"line {start}: {e}")
            continue
        rows = []
        for row in it:
            number += 1
            rows.append(row)
            if len(rows) == height:
                break
        try:
            yield board_from_rows(width, height, rows)
        except BoardError as e:
            yield BoardError(f"map at line {start}: {e}")


def load_board(path: str) -> Board:
    """Read a map file (one map); every problem, reading it included, is a BoardError naming the file."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
    except OSError as e:
        raise BoardError(f"{path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise BoardError(f"{path}: not a text file") from None
    try:
        return parse_board(text)
    except BoardError as e:
        raise BoardError(f"{path}: {e}") from None
