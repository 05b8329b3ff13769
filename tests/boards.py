"""Boards that stress the engines: corridors, branching corridors, spirals, strips, combs, rooms.

Each maker returns the map's text in the contest format, player 1 and player 2 placed
where the shape makes the longest lines (the two ends of a corridor, a spiral's centre
and corner), so that searches run deep and floods run long.
"""

from __future__ import annotations

import random


def text(rows: list[list[str]]) -> str:
    """The contest format of a grid of characters."""
    return f"{len(rows[0])} {len(rows)}\n" + "".join("".join(row) + "\n" for row in rows)


def walled(width: int, height: int) -> list[list[str]]:
    """A grid of walls."""
    return [["#"] * width for _ in range(height)]


def serpentine(width: int, height: int, branches: int = 0) -> str:
    """One corridor winding row by row (a wall row between, a gap at alternating ends), the heads at
    its two ends; ``branches`` > 0 opens every ``branches``-th wall row in its middle too, so that
    the corridor has side ways.

    >>> print(serpentine(5, 5), end="")
    5 5
    #####
    #1  #
    ### #
    #2  #
    #####
    """
    rows = walled(width, height)
    lanes = list(range(1, height - 1, 2))
    for y in lanes:
        for x in range(1, width - 1):
            rows[y][x] = " "
    for k, y in enumerate(lanes[:-1]):
        rows[y + 1][width - 2 if k % 2 == 0 else 1] = " "
        if branches and k % branches == branches - 1:
            rows[y + 1][width // 2] = " "
    last = lanes[-1]
    rows[1][1] = "1"
    rows[last][1 if len(lanes) % 2 == 0 else width - 2] = "2"
    return text(rows)


def spiral(size: int) -> str:
    """A square spiral corridor, player 1 at its centre and player 2 at its outer end."""
    rows = walled(size, size)
    y, x, dy, dx = 1, 1, 0, 1
    top, left, bottom, right = 1, 1, size - 2, size - 2
    path = []
    while top <= bottom and left <= right:
        path.append((y, x))
        rows[y][x] = " "
        ny, nx = y + dy, x + dx
        if not (top <= ny <= bottom and left <= nx <= right):
            if (dy, dx) == (0, 1):
                top += 2
            elif (dy, dx) == (1, 0):
                right -= 2
            elif (dy, dx) == (0, -1):
                bottom -= 2
            else:
                left += 2
            dy, dx = dx, -dy
            ny, nx = y + dy, x + dx
            if (
                not (top - 2 <= ny <= bottom + 2 and left - 2 <= nx <= right + 2)
                or rows[ny][nx] == " "
            ):
                break
        y, x = ny, nx
    (ey, ex), (sy, sx) = path[0], path[-1]
    rows[ey][ex], rows[sy][sx] = "2", "1"
    return text(rows)


def strip(length: int) -> str:
    """A 1-row strip of at least 2 cells, the heads at its ends (no walls: the grid's edge)."""
    return text([["1"] + [" "] * (length - 2) + ["2"]])


def comb(width: int, height: int) -> str:
    """A spine along the top row with a dead-end tooth down every other column: a chain of chambers,
    the heads at the spine's two ends.

    >>> print(comb(6, 3), end="")
    6 3
    1    2
     # # #
     # # #
    """
    rows = [[" "] * width for _ in range(height)]
    for y in range(1, height):
        for x in range(1, width, 2):
            rows[y][x] = "#"
    rows[0][0], rows[0][width - 1] = "1", "2"
    return text(rows)


def rooms(width: int, height: int, density: float, seed: int) -> str:
    """Random walls at ``density`` inside a border, the heads in opposite corners."""
    rng = random.Random(seed)
    rows = walled(width, height)
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            rows[y][x] = "#" if rng.random() < density else " "
    rows[1][1], rows[height - 2][width - 2] = "1", "2"
    return text(rows)


def open_room(width: int, height: int) -> str:
    """A border and nothing else, the heads in opposite corners."""
    return rooms(width, height, 0.0, 0)
