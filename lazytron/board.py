"""Positions, moves, and the bitboard geometry of a grid (the map format is read by
:mod:`lazytron.reading`).

A board is ``W H`` on one line, then H rows of W cells: ``#`` wall, space
free, ``1`` me, ``2`` the enemy.  Cells are numbered row by row with one
guard column, ``index = y * (W + 1) + x``, so that a set of cells is a
Python int with one bit per cell and a shift by 1 never wraps a row: the
guard column is never free.  Cells outside the grid are walls.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from functools import lru_cache
from typing import NamedTuple, TypeAlias

Bitboard: TypeAlias = int
"""A set of cells: bit ``y * (W + 1) + x`` is cell (y, x)."""

Cell: TypeAlias = int
"""A cell's index, ``y * (W + 1) + x``."""


class BoardError(ValueError):
    """A map that does not follow the contest format.

    From :func:`read_boards`: ``rows`` holds the lines taken as the map's
    rows (a bot answers those with a fallback move; none: no turn was
    sent), and ``at_end`` says the input ended inside the map.
    """

    def __init__(self, message: str, rows: Sequence[str] = (), at_end: bool = False) -> None:
        super().__init__(message)
        self.rows = list(rows)
        self.at_end = at_end


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


def legal_moves(free: Bitboard, cell: Cell, stride: int) -> list[tuple[Move, Cell]]:
    """(move, target) for every cardinal move from ``cell`` into a cell of ``free``, North first.

    >>> legal_moves(grid_mask(3, 2), 1, 4)  # the top row's middle cell of a 3x2 grid
    [(<Move.EAST: 2>, 2), (<Move.SOUTH: 3>, 5), (<Move.WEST: 4>, 0)]
    """
    targets = (cell - stride, cell + 1, cell + stride, cell - 1)
    return [
        (move, target)
        for move, target in zip(CARDINALS, targets, strict=True)
        if target >= 0 and free >> target & 1
    ]


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
