"""Drawing positions in a terminal: walls, both trails in their own colours, the heads.

Used by ``play`` and ``replay``.  Each cell is two characters wide so the
board looks square; without colour the contest's characters are used.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import zip_longest

from ..board import Board
from .safe import printable

RESET = "\x1b[0m"
CLEAR = "\x1b[H\x1b[2J"
HOME = "\x1b[H"  # cursor to the top left, to redraw in place without flicker
ERASE_LINE = "\x1b[K"  # the rest of the line
ERASE_BELOW = "\x1b[J"  # the rest of the screen
HIDE_CURSOR = "\x1b[?25l"
SHOW_CURSOR = "\x1b[?25h"
BOLD = "\x1b[1m"
# background colours (256-colour palette)
_WALL = "\x1b[48;5;240m"
_TRAIL = ("\x1b[48;5;25m", "\x1b[48;5;130m")  # player 1 blue, player 2 orange
_HEAD = ("\x1b[1;97;48;5;33m", "\x1b[1;97;48;5;208m")
_SHADE = ("\x1b[48;5;153m", "\x1b[48;5;223m")  # territory tints
_TIE = "\x1b[48;5;189m"
_LINE = ("\x1b[1;38;5;18m", "\x1b[1;38;5;94m")  # an expected line's dots
_FREE = "\x1b[48;5;255m"
_CRASH = "\x1b[1;97;48;5;160m"
PLAYER_COLOUR = ("\x1b[1;38;5;33m", "\x1b[1;38;5;208m")


@dataclass(frozen=True)
class Frame:
    """A position with the trail each player has left (bitboards), as the game went."""

    board: Board
    trails: tuple[int, int]
    turn: int


def frames(positions: Iterable[Board]) -> Iterator[Frame]:
    """Frames for successive positions of one game (each player's old heads become its trail)."""
    one = two = 0
    previous = None
    for turn, board in enumerate(positions):
        if previous is not None:
            one |= 1 << previous.me
            two |= 1 << previous.enemy
        yield Frame(board, (one, two), turn)
        previous = board


def draw(
    frame: Frame,
    colour: bool = True,
    shade: tuple[int, int] = (0, 0),
    crashes: Iterable[int] = (),
    ties: int = 0,
    line: tuple[Collection[int], Collection[int]] = ((), ()),
) -> list[str]:
    """The board as lines of text; ``shade`` tints the free cells each player owns and ``ties``
    those both reach at once, ``line`` dots the cells each player goes through on an expected line,
    ``crashes`` marks cells X."""
    board = frame.board
    crashed = set(crashes)
    dots = {cell: player for player in (1, 0) for cell in line[player]}
    lines = []
    for y in range(board.height):
        cells = []
        for x in range(board.width):
            i = board.cell(y, x)
            bit = 1 << i
            if i in crashed:
                cells.append(_CRASH + "X " if colour else "X")
            elif i == board.me or i == board.enemy:
                player = 0 if i == board.me else 1
                text = "1 " if player == 0 else "2 "
                cells.append(_HEAD[player] + text if colour else text[0])
            elif board.walls & bit:
                owner = 0 if frame.trails[0] & bit else 1 if frame.trails[1] & bit else None
                if not colour:
                    cells.append("#")
                else:
                    cells.append((_WALL if owner is None else _TRAIL[owner]) + "  ")
            else:
                owner = 0 if shade[0] & bit else 1 if shade[1] & bit else None
                dot = dots.get(i)
                if not colour:
                    cells.append(" " if dot is None else ".")
                else:
                    tint = _TIE if ties & bit else _FREE if owner is None else _SHADE[owner]
                    cells.append(tint + ("  " if dot is None else _LINE[dot] + "\u2022 " + RESET))
        lines.append("".join(cells) + (RESET if colour else ""))
    return lines


def banner(names: tuple[str, str], colour: bool = True) -> str:
    """``1 name vs 2 name`` in the players' colours (the names' control characters escaped)."""
    names = (printable(names[0]), printable(names[1]))
    if not colour:
        return f"1 {names[0]}  vs  2 {names[1]}"
    return f"{PLAYER_COLOUR[0]}1 {names[0]}{RESET}  vs  {PLAYER_COLOUR[1]}2 {names[1]}{RESET}"


def columns(rows: Sequence[Sequence[str]], right: Collection[int] = ()) -> list[str]:
    """Rows of cells padded into aligned columns (``right``: the columns aligned right), the cells'
    control characters escaped."""
    rows = [[printable(cell) for cell in row] for row in rows]
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    return [
        "  ".join(
            cell.rjust(w) if c in right else cell.ljust(w)
            for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def side_by_side(blocks: Sequence[Sequence[str]]) -> list[str]:
    """Blocks of lines laid out next to each other, each padded to its widest line."""
    return columns(list(zip_longest(*blocks, fillvalue="")))
