"""How many cells one player can still fill: checkerboard parity, cut cells and chambers on bitboards.

A region is a bitboard of free cells (as in :mod:`lazytron.board`: one
guard column, ``stride = width + 1``) that a player entering from
``head`` (a cell index, not in the region) may walk through.  Every
count here is an upper bound on the longest path that starts at ``head``
and steps only on region cells, never revisiting one: the moves a player
shut into the region can still make.

- :func:`colour_masks`: the two checkerboard colours of a grid; a path
  alternates them, so the fillable cells are bounded by the two counts
  (:func:`parity_bound`).
- :func:`cut_candidates`: cells whose free neighbours fall into two or
  more groups around their 3x3 ring (the only cells that can be
  articulation points), for a whole region at once with shifts.
- :func:`chamber`: the cells reachable from the head without crossing a
  cut cell, its exits, and what lies beyond each exit.
- :func:`fillable`: the best root-to-leaf path through the tree of
  chambers, with parity, cached by ``(region, head)``; in C where the
  speedups were built (:mod:`._native`), the same numbers.
- :func:`best_step`: the move that leaves the largest bound a few steps on
  (:mod:`.fill` searches for real long paths).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import TypeVar

from ...board import grid_mask, legal_moves, neighbours
from ...territory import reach
from . import _native

K = TypeVar("K")
V = TypeVar("V")


@lru_cache(maxsize=64)
def colour_masks(width: int, height: int) -> tuple[int, int]:
    """(red, black): the cells with ``x + y`` even, and odd, of a grid.

    >>> red, black = colour_masks(3, 2)   # stride 4: row 0 is bits 0-2, row 1 bits 4-6
    >>> bin(red), bin(black)
    ('0b100101', '0b1010010')
    """
    stride = width + 1
    red = sum(
        1 << (y * stride + x) for y in range(height) for x in range(width) if (x + y) % 2 == 0
    )
    return red, grid_mask(width, height) & ~red


def parity_bound(same: int, other: int) -> int:
    """Most cells a path can take from a cell of one colour, with ``same`` cells of that colour and ``other`` of the other.

    The start is not counted.  The path's cells alternate other, same,
    other, ...: a path of length L takes ceil(L/2) of the other colour and
    floor(L/2) of the same, so L <= 2 min(other, same) + [other > same].
    (a1k0n writes it with the start counted, r = same + 1:
    2 min(r - 1, other) + [other >= r].)

    >>> parity_bound(0, 1), parity_bound(3, 3), parity_bound(5, 2), parity_bound(2, 5)
    (1, 6, 4, 5)
    """
    return 2 * min(same, other) + (other > same)


def region_bound(region: int, head: int, red: int) -> int:
    """:func:`parity_bound` of ``region`` for a path starting at ``head`` (not in the region)."""
    reds = (region & red).bit_count()
    blacks = region.bit_count() - reds
    if red >> head & 1:
        return parity_bound(reds, blacks)
    return parity_bound(blacks, reds)


def cut_candidates(region: int, stride: int) -> int:
    """Cells of ``region`` whose region neighbours form two or more groups around their 3x3 ring.

    Walking round a cell's eight neighbours, the open orthogonal ones fall
    into runs joined by open diagonals; a cell with one run can be removed
    without disconnecting anything near it, so only cells with two or more
    runs can be articulation points.  A run is counted at its clockwise
    end: an open orthogonal whose next orthogonal, or the diagonal between,
    is closed.

    >>> # a corridor 1-wide in a 5x3 grid: its middle cells are candidates
    >>> s = 6; row = lambda y, xs: sum(1 << (y * s + x) for x in xs)
    >>> region = row(1, range(5))
    >>> cut_candidates(region, s) == row(1, [1, 2, 3])
    True
    >>> cut_candidates(row(0, range(5)) | row(1, range(5)), s)   # a 2-wide strip has none
    0
    """

    def at(dy: int, dx: int) -> int:  # bit set on cell c when c + (dy, dx) is open
        shift = dy * stride + dx
        return region >> shift if shift > 0 else region << -shift

    n, e, s, w = at(-1, 0), at(0, 1), at(1, 0), at(0, -1)
    ne, se, sw, nw = at(-1, 1), at(1, 1), at(1, -1), at(-1, -1)
    tn = n & ~(e & ne)
    te = e & ~(s & se)
    ts = s & ~(w & sw)
    tw = w & ~(n & nw)
    two = (tn & (te | ts | tw)) | (te & (ts | tw)) | (ts & tw)
    return two & region


def chamber(region: int, head: int, cuts: int, stride: int) -> tuple[int, list[tuple[int, int]]]:
    """The chamber of ``head`` in ``region`` and its confirmed exits ``[(exit cell, region beyond)]``.

    The chamber is flooded from the head's neighbours through region cells
    that are not in ``cuts``.  A cut cell next to it is an exit only if the
    cells beyond it (flooded without it) never meet the chamber again;
    otherwise (or if a path can pass through it from the chamber back into
    the chamber) it joins the chamber, which floods on.
    A path from the head therefore stays in the chamber until it takes an
    exit, and then stays beyond it.
    """
    start = neighbours(1 << head, stride) & region
    open_ = region & ~cuts
    room = reach(open_, start & open_, stride) if start & open_ else 0
    while True:
        near = neighbours(room, stride)
        edge = (neighbours(room | 1 << head, stride) & region) & ~room
        exits: list[tuple[int, int]] = []
        joined = 0
        while edge:
            bit = edge & -edge
            edge ^= bit
            if (neighbours(bit, stride) & (room | 1 << head)).bit_count() > 1:
                joined |= bit  # a path can pass through it, from the chamber back into it
                continue
            beyond = _beyond(region & ~room & ~bit, neighbours(bit, stride), near, stride)
            if beyond is None:
                joined |= bit  # the cells beyond lead back to the chamber: not a real exit
            else:
                exits.append((bit.bit_length() - 1, beyond))
        if not joined:
            return room, exits
        open_ |= joined
        room = reach(open_, room | joined, stride)  # the chamber grows from where it was


def _beyond(cells: int, start: int, near: int, stride: int) -> int | None:
    """Flood ``cells`` from ``start``; None as soon as it touches ``near`` (the chamber's neighbours).

    Not :func:`lazytron.territory.reach`: it stops at the first layer that
    touches ``near``, which is most of the calls and most of the saving.
    """
    seen = front = start & cells
    while front:
        if front & near:
            return None
        front = neighbours(front, stride) & cells & ~seen
        seen |= front
    return seen


_cache: dict[tuple[int, int, int], int] = {}  # (region, head, width): its bound, computed in C
_python_cache: dict[
    tuple[int, int, int], int
] = {}  # the same, computed in Python (kept apart for the tests)
CACHE_SIZE = 50_000  # entries (a 50x50 region is ~350 bytes): tens of MB at most


def fillable(region: int, head: int, width: int, height: int) -> int:
    """An upper bound on the cells a path from ``head`` can take in ``region``: the chamber tree with parity.

    The head's chamber falls into pieces (one per group of the head's
    neighbours); a path enters one.  A piece is bounded by parity alone;
    through one of its exits, by the parity of the piece plus the exit, then
    the bound beyond it (an exit next to the head is a piece of its own).  The
    best of these is the answer.  Results are cached by (region, head, width);
    computed in C where the speedups were built.

    >>> s = 4   # 3x3, the head at the centre of an empty room: 8 cells round it
    >>> room = grid_mask(3, 3) & ~(1 << (s + 1))
    >>> fillable(room, s + 1, 3, 3)
    8
    >>> corridor = 0b111111   # a 1x6 strip, head at the left end (not in the region)
    >>> fillable(corridor & ~1, 0, 6, 1)
    5
    """
    native = _native.speedups
    if native is None:
        return python_fillable(region, head, width, height)
    key = (region, head, width)
    return bounded_memo(
        _cache,
        key,
        CACHE_SIZE,
        lambda: native.fillable(_native.board_bytes(region, width, height), width, height, head),
    )


def python_fillable(region: int, head: int, width: int, height: int) -> int:
    """:func:`fillable` computed in Python whether or not the speedups were built (cached apart from it)."""
    return bounded_memo(
        _python_cache,
        (region, head, width),
        CACHE_SIZE,
        lambda: _fillable(region, head, width, height),
    )


def bounded_memo(cache: dict[K, V], key: K, size: int, compute: Callable[[], V]) -> V:
    """``cache[key]``, computed on a miss; a cache holding ``size`` entries is emptied first.

    >>> memo: dict[int, int] = {}
    >>> bounded_memo(memo, 1, 1, lambda: 10), bounded_memo(memo, 2, 1, lambda: 20), memo
    (10, 20, {2: 20})
    """
    found = cache.get(key)
    if found is None:
        if len(cache) >= size:
            cache.clear()
        found = cache[key] = compute()
    return found


def _fillable(region: int, head: int, width: int, height: int) -> int:
    stride = width + 1
    red, _ = colour_masks(width, height)
    total = 0
    while True:
        room, exits = chamber(region, head, cut_candidates(region, stride), stride)
        if not room and len(exits) == 1:  # a corridor cell: walk on without recursion
            cell, beyond = exits[0]
            total += 1
            region, head = beyond, cell
            continue
        best = 0
        for piece in pieces(room, head, stride):  # the path enters one piece of the chamber
            best = max(best, region_bound(piece, head, red))
            for cell, beyond in exits:
                if not neighbours(1 << cell, stride) & (piece or 1 << head):
                    continue
                through = region_bound(piece | 1 << cell, head, red)
                if through + region_bound(beyond, cell, red) > best:  # parity alone says it may pay
                    best = max(best, through + python_fillable(beyond, cell, width, height))
        return total + min(best, region_bound(region, head, red))


def pieces(room: int, head: int, stride: int) -> Iterator[int]:
    """The parts of a chamber a path can enter from ``head``, and 0 (standing for the head itself)."""
    yield 0
    start = neighbours(1 << head, stride) & room
    while start:
        piece = reach(room, start & -start, stride)
        start &= ~piece
        yield piece


def steps(region: int, cell: int, stride: int) -> list[int]:
    """The region cells next to ``cell``: up, right, down, left.

    >>> steps(0b1010, 2, 4)   # a 3x1 strip, the head in its middle
    [3, 1]
    """
    return [target for _, target in legal_moves(region, cell, stride)]


def free_count(region: int, cell: int, stride: int) -> int:
    """The number of region cells next to ``cell``."""
    return (neighbours(1 << cell, stride) & region).bit_count()


def best_step(region: int, head: int, width: int, height: int, ahead: int) -> int | None:
    """The neighbour of ``head`` that leaves the largest :func:`fillable` bound ``ahead`` steps on.

    Ties go to the neighbour that leaves the fewest cut candidates in the
    region (fewer places to wall off a pocket), then to the one with the
    fewest free neighbours (hugging walls).

    >>> best_step(0b111110, 0, 6, 1, 2)
    1
    """
    stride = width + 1

    def cost(t: int) -> tuple[int, int, int]:
        after = region & ~(1 << t)
        bound = _lookahead(after, t, width, height, ahead - 1)
        return -bound, cut_candidates(after, stride).bit_count(), free_count(region, t, stride)

    return min(steps(region, head, stride), key=cost, default=None)


def _lookahead(region: int, head: int, width: int, height: int, moves: int) -> int:
    """The best :func:`fillable` bound ``moves`` moves on from ``head``, plus the moves made."""
    if moves <= 0:
        return fillable(region, head, width, height)
    best = 0
    for t in steps(region, head, width + 1):
        best = max(best, 1 + _lookahead(region & ~(1 << t), t, width, height, moves - 1))
    return best
