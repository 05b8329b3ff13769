"""Tic-tac-toe on the lazy tree, as in Hutton's *Programming in Haskell*, chapter 11.

O moves first, O minimises and X maximises: as outcomes ``O < B < X``
(``B``, blank, is a draw).  The grid is ``size`` x ``size`` (3 by default);
its cells are numbered 0 to size²-1 row by row, and a move is a cell
number.  A node of the game tree (:class:`Grid`) is a grid and the player
to move; its children are the grids after each valid move, in cell order;
a won or full grid has none.  Its score is the outcome of the grid: O or
X if that player has a whole row, column or diagonal, B otherwise.

The searches are the generic ones of :mod:`lazytron.minimax`; ``bestmove``
plays with the lazy one, as deep as the seed's whole 3x3 search costs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from typing import cast

from ..game import GameNode
from ..minimax import Search, best_move, lazy_minimax
from ..tree import Node


class Player(IntEnum):
    """A player, or the outcome of a game: O < B < X."""

    O = -1  # noqa: E741 - the mark as written on the grid, not a zero
    B = 0
    X = 1

    def __str__(self) -> str:
        return self.name

    @property
    def next(self) -> Player:
        """The player who moves after this one (the seed's ``next``; B stays B)."""
        return Player(-self)


O, B, X = Player.O, Player.B, Player.X  # noqa: E741 - the marks as on the grid

DEPTH = 9  # the seed's pruning depth: the whole 3x3 game
BUDGET = math.factorial(DEPTH)  # lines of play the seed's whole 3x3 search looks at, at most


@dataclass(frozen=True, slots=True)
class Shape:
    """The geometry of a size x size grid: each cell's bit, and the lines through each cell as
    bitmasks."""

    size: int
    full: int
    bits: tuple[int, ...]
    lines: tuple[int, ...]
    through: tuple[tuple[int, ...], ...]


@cache
def shape(size: int) -> Shape:
    """The geometry of a ``size`` x ``size`` grid (made once per size)."""
    cells = range(size * size)
    rows = [[r * size + c for c in range(size)] for r in range(size)]
    cols = [[r * size + c for r in range(size)] for c in range(size)]
    dias = [[i * size + i for i in range(size)], [i * size + size - 1 - i for i in range(size)]]
    lines = tuple(sum(1 << i for i in line) for line in rows + cols + dias)
    through = tuple(tuple(line for line in lines if line >> i & 1) for i in cells)
    return Shape(size, (1 << size * size) - 1, tuple(1 << i for i in cells), lines, through)


def _wins(marks: int, lines: tuple[int, ...]) -> bool:
    """Whether ``marks`` fill one of ``lines``."""
    for line in lines:
        if marks & line == line:
            return True
    return False


class Grid(Node):
    """A grid and the player to move: ``o`` and ``x`` are the bitmasks of their marks.

    ``move`` is the cell just played (None at a root).
    """

    __slots__ = ("o", "x", "turn", "shape")

    top, bottom = X, O  # the game interface (lazytron.game)

    def __init__(self, move: int | None, o: int, x: int, turn: Player, shape: Shape) -> None:
        super().__init__(move)
        self.o = o
        self.x = x
        self.turn = turn
        self.shape = shape

    @property
    def maximising(self) -> bool:
        return self.turn is X

    @property
    def outcome(self) -> Player:
        return self.score

    def evaluate(self) -> Player:
        """O or X if that player has a line, else B (after a move, only its lines are looked at)."""
        if self.move is None:
            lines = self.shape.lines
            return O if _wins(self.o, lines) else X if _wins(self.x, lines) else B
        lines = self.shape.through[self.move]
        if self.turn is X:  # O just moved
            return O if _wins(self.o, lines) else B
        return X if _wins(self.x, lines) else B

    def expand(self) -> Iterator[Grid]:
        """The grids after each valid move, in cell order; none once the grid is won (or full)."""
        if self.score is not B:
            return
        o, x, shape = self.o, self.x, self.shape
        free = shape.full & ~(o | x)
        while free:
            bit = free & -free  # the lowest free cell
            free ^= bit
            if self.turn is O:
                yield Grid(bit.bit_length() - 1, o | bit, x, X, shape)
            else:
                yield Grid(bit.bit_length() - 1, o, x | bit, O, shape)


def empty(size: int = 3) -> Grid:
    """The root of the game tree from the empty grid, O to move (the seed's ``gametree empty
    O``)."""
    return Grid(None, 0, 0, O, shape(size))


def parse(text: str) -> Grid:
    """A root grid from its cells row by row: ``O``, ``X``, and ``B`` or ``.`` for a blank; spaces
    ignored.

    The player to move is the seed's ``turn``: O unless O has more marks.
    Raises ValueError if the text is not a grid O could have started.

    >>> grid = parse("O X . / . O . / . . X".replace("/", ""))
    >>> print(grid.turn, *cells(grid)[:3])
    O O X B
    """
    marks = "".join(text.split()).upper().replace(".", "B")
    size = math.isqrt(len(marks))
    if not marks or size * size != len(marks) or set(marks) - set("OXB"):
        raise ValueError(f"not a square grid of O, X and B (or .): {text!r}")
    o = sum(1 << i for i, mark in enumerate(marks) if mark == "O")
    x = sum(1 << i for i, mark in enumerate(marks) if mark == "X")
    if o.bit_count() - x.bit_count() not in (0, 1):
        raise ValueError(f"O moves first, so O has as many marks as X or one more: {text!r}")
    return Grid(None, o, x, O if o.bit_count() == x.bit_count() else X, shape(size))


def cells(grid: Grid) -> list[Player]:
    """The grid's cells in order, O, X or B."""
    return [O if grid.o & bit else X if grid.x & bit else B for bit in grid.shape.bits]


def show(grid: Grid) -> str:
    """The grid as text, each free cell showing its number.

    >>> print(show(parse("OX. .O. ..X")))
     O | X | 2
    ---+---+---
     3 | O | 5
    ---+---+---
     6 | 7 | X
    """
    size = grid.shape.size
    width = len(str(size * size - 1))
    marks = [f" {i if p is B else p.name:>{width}} " for i, p in enumerate(cells(grid))]
    rows = ["|".join(marks[r * size : (r + 1) * size]).rstrip() for r in range(size)]
    bar = "+".join(["-" * (width + 2)] * size)
    return f"\n{bar}\n".join(rows)


_NUMBER = re.compile(r"[+-]?[0-9]+")


def read_move(grid: Grid, text: str) -> int:
    """The cell a player typed, if it is a free cell of ``grid``; ValueError saying what is wrong
    otherwise.

    >>> read_move(empty(), " 4\\n")
    4
    >>> read_move(parse("OX. ... ..."), "1")
    Traceback (most recent call last):
    ...
    ValueError: cell 1 is taken by X: choose a free cell
    """
    typed = text.strip()
    shown = typed if len(typed) <= 20 else typed[:17] + "..."
    last = grid.shape.size**2 - 1
    if not typed:
        raise ValueError(f"no move given: type a cell number from 0 to {last}")
    if not _NUMBER.fullmatch(typed):
        raise ValueError(f"{shown!a} is not a cell number: type a number from 0 to {last}")
    if len(typed) > 9 or not 0 <= int(typed) <= last:
        raise ValueError(f"there is no cell {shown}: type a number from 0 to {last}")
    cell = int(typed)
    taken = cells(grid)[cell]
    if taken is not B:
        raise ValueError(f"cell {cell} is taken by {taken}: choose a free cell")
    return cell


def horizon(grid: Grid) -> int:
    """How deep ``bestmove`` looks by default: as deep as at most ``BUDGET`` lines of play allow.

    On 3x3 it is always the whole game (the seed's depth 9 from the empty
    grid); on larger grids it deepens as the grid fills.

    >>> horizon(empty(3)), horizon(empty(4))
    (9, 4)
    """
    free = grid.shape.size**2 - (grid.o | grid.x).bit_count()
    depth = 1
    while depth < free and math.perm(free, depth + 1) <= BUDGET:
        depth += 1
    return depth


def bestmove(grid: Grid, depth: int | None = None, search: Search = lazy_minimax) -> Grid:
    """The computer's move: the child of ``grid`` it plays (``depth`` defaults to ``horizon``)."""
    _, child = best_move(cast(GameNode, grid), horizon(grid) if depth is None else depth, search)
    return cast(
        Grid, child
    )  # a Grid is a GameNode (the protocol cannot say its children are Grids)
