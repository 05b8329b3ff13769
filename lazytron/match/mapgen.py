"""Seeded random maps in the contest format, fair to both sides, and random safe openings.

A map is symmetric under a point reflection through its centre: cell
``(y, x)`` mirrors ``(H-1-y, W-1-x)``, walls and heads alike, so that
neither player's side is better.  Walls are scattered in mirrored pairs
with a given density (optionally inside a border of walls); then every
free cell the heads cannot reach is walled up, so the map is connected.
The reflection of a component is a component, and the heads' component
holds both heads, so walling the others keeps the symmetry.

The same seed gives the same map, on any machine (``random.Random``).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ..board import CARDINALS, Board, Move, grid_mask, neighbours, step
from ..territory import layers, reach
from .rules import Outcome, advance

MIN_SIDE = 4
MAX_SIDE = 200
TRIES = 1000  # attempts at one map, at most
SEARCH_SECONDS = 10.0  # seconds spent looking for one map, at most


class MapError(ValueError):
    """Options that cannot make a map."""


class NoMapError(MapError):
    """Options that could make a map, but none was found within the search's bounds."""


@dataclass(frozen=True)
class MapSpec:
    """What to generate: size, wall density (0 to 0.6), a border of walls or not, and the heads'
    least distance."""

    width: int = 15
    height: int = 15
    density: float = 0.15
    border: bool = True
    apart: int = 0  # least steps between the heads (0: half the smaller side)

    def check(self) -> None:
        """MapError if the options make no sense."""
        for side in (self.width, self.height):
            if not MIN_SIDE <= side <= MAX_SIDE:
                raise MapError(
                    f"sides must be {MIN_SIDE} to {MAX_SIDE} cells, got {self.width}x{self.height}"
                )
        if not 0 <= self.density <= 0.6:
            raise MapError(f"wall density must be 0 to 0.6, got {self.density:g}")
        if self.least_apart <= self.most_apart:
            return
        size = f"{self.width}x{self.height} map"
        if self.apart:
            raise MapError(
                f"--apart {self.apart} does not fit a {size}: at most {self.most_apart} "
                f"(its {self.open_cells} open cells must hold 4 cells per step)"
            )
        raise MapError(
            f"a {size} is too small for heads {self.least_apart} steps apart (half its smaller "
            f"side): they need {4 * self.least_apart} open cells, it has {self.open_cells}"
        )

    @property
    def least_apart(self) -> int:
        return self.apart or min(self.width, self.height) // 2

    @property
    def open_cells(self) -> int:
        """The cells not walled by the border."""
        edge = 2 if self.border else 0
        return (self.width - edge) * (self.height - edge)

    @property
    def most_apart(self) -> int:
        """The most steps between the heads a map can ask for: the heads' region holds at least
        4 cells per step (see :func:`_attempt`).

        >>> MapSpec(15, 15).most_apart, MapSpec(15, 15, border=False).most_apart
        (42, 56)
        """
        return self.open_cells // 4


def mirror(board_width: int, board_height: int, cell: int) -> int:
    """The cell's image under the point reflection through the grid's centre.

    >>> mirror(5, 3, 0), mirror(5, 3, 6 + 1)  # (0,0) -> (2,4); (1,1) -> (1,3)
    (16, 9)
    """
    stride = board_width + 1
    y, x = divmod(cell, stride)
    return (board_height - 1 - y) * stride + (board_width - 1 - x)


def is_symmetric(board: Board) -> bool:
    """Walls and heads map onto themselves (the heads onto each other) under the point
    reflection."""
    w, h = board.width, board.height
    cells = [board.cell(y, x) for y in range(h) for x in range(w)]
    walls_ok = all((board.walls >> c & 1) == (board.walls >> mirror(w, h, c) & 1) for c in cells)
    return walls_ok and mirror(w, h, board.me) == board.enemy


def distance(board: Board) -> int | None:
    """Steps from one head to the other through free cells (None if they cannot meet)."""
    rings = layers(board.free, 1 << board.me, board.stride)
    return next((steps for steps, ring in enumerate(rings) if ring >> board.enemy & 1), None)


def _walls(spec: MapSpec, rng: random.Random) -> int:
    w, h = spec.width, spec.height
    stride = w + 1
    walls = 0
    for y in range(h):
        for x in range(w):
            cell = y * stride + x
            edge = y in (0, h - 1) or x in (0, w - 1)
            other = mirror(w, h, cell)
            if other < cell:
                continue
            if (spec.border and edge) or rng.random() < spec.density:
                walls |= (1 << cell) | (1 << other)
    return walls


def _attempt(spec: MapSpec, rng: random.Random, misses: Counter[str]) -> Board | None:
    """One try: walls, then a head on a free cell and its mirror, then the unreachable cells
    walled.  A failed try is counted in ``misses``: ``walled`` (the walls cut the heads apart or
    left them too little room) or ``close`` (the heads nearer than asked)."""
    w, h = spec.width, spec.height
    walls = _walls(spec, rng)
    free = grid_mask(w, h) & ~walls
    cells = [c for c in range(free.bit_length()) if free >> c & 1 and mirror(w, h, c) != c]
    if not cells:
        misses["walled"] += 1
        return None
    me = rng.choice(cells)
    board = Board(w, h, walls, me, mirror(w, h, me))
    reached = reach(free, 1 << me, board.stride)
    board = board._replace(walls=grid_mask(w, h) & ~reached)
    steps = distance(board)
    if steps is not None and steps < spec.least_apart:
        misses["close"] += 1
        misses["farthest"] = max(misses["farthest"], steps)
        return None
    if steps is None or reached.bit_count() < 4 * spec.least_apart:
        misses["walled"] += 1
        return None
    return board


def generate(
    spec: MapSpec, seed: int, tries: int = TRIES, seconds: float = SEARCH_SECONDS
) -> Board:
    """A map for ``spec`` from ``seed``; MapError if the spec cannot make one, NoMapError if none
    is found in ``tries`` attempts or ``seconds`` seconds (saying what failed most)."""
    spec.check()
    rng = random.Random(f"lazytron-map-{seed}")
    misses: Counter[str] = Counter()
    deadline = time.monotonic() + seconds
    tried = 0
    while tried < tries and (tried == 0 or time.monotonic() < deadline):
        tried += 1
        board = _attempt(spec, rng, misses)
        if board is not None:
            return board
    found = f"no {spec.width}x{spec.height} map in {tried} tries"
    if misses["close"] > misses["walled"]:
        raise NoMapError(
            f"{found}: the heads were at most {misses['farthest']} steps apart, "
            f"not {spec.least_apart} (a smaller --apart finds one)"
        )
    raise NoMapError(
        f"{found}: walls of density {spec.density:g} cut the heads apart, or left them less than "
        f"{4 * spec.least_apart} cells (a lower --density finds one)"
    )


def generate_many(spec: MapSpec, seed: int, count: int) -> Iterator[tuple[int, Board]]:
    """``count`` maps, from seeds ``seed``, ``seed + 1``, ... (each with its seed)."""
    for s in range(seed, seed + count):
        yield s, generate(spec, s)


def _safe(board: Board, one: Move, two: Move) -> Board | None:
    """The position after both moves if nobody crashes and each head keeps a way on."""
    after = advance(board, one, two)
    if isinstance(after, Outcome):
        return None
    open_cells = after.free & ~((1 << after.me) | (1 << after.enemy))
    if all(neighbours(1 << head, after.stride) & open_cells for head in (after.me, after.enemy)):
        return after
    return None


def roomy_moves(board: Board, head: int, other: int) -> list[Move]:
    """The moves from ``head`` that keep at least 90 % of the room the best move keeps (the other
    head a wall).

    >>> from lazytron.reading import parse_board
    >>> b = parse_board("6 4\\n######\\n#1   #\\n# ## #\\n###2##\\n")
    >>> roomy_moves(b, b.me, b.enemy)  # south is a dead end
    [<Move.EAST: 2>]
    """
    open_cells = board.free & ~((1 << head) | (1 << other))
    room = {}
    for move in CARDINALS:
        target = step(open_cells, head, move, board.stride)
        if target is not None:
            room[move] = reach(open_cells, 1 << target, board.stride).bit_count()
    best = max(room.values(), default=0)
    return [move for move, cells in room.items() if cells >= 0.9 * best]


def opening(board: Board, plies: int, seed: int) -> tuple[tuple[Move, Move], ...]:
    """``plies`` random move pairs from ``board``, each move among the roomiest, crashing nobody
    (fewer if stuck).

    >>> from lazytron.reading import parse_board
    >>> b = parse_board("5 3\\n#####\\n#1 2#\\n#####\\n")
    >>> opening(b, 3, 1)  # the heads have nowhere safe to go
    ()
    """
    rng = random.Random(f"lazytron-opening-{seed}")
    moves: list[tuple[Move, Move]] = []
    for _ in range(plies):
        ones, twos = (
            roomy_moves(board, board.me, board.enemy),
            roomy_moves(board, board.enemy, board.me),
        )
        pairs = [(a, b) for a in ones for b in twos if _safe(board, a, b) is not None]
        if not pairs:
            break
        pair = rng.choice(pairs)
        moves.append(pair)
        after = _safe(board, *pair)
        assert after is not None
        board = after
    return tuple(moves)
