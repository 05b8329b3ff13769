"""Filling one's own region alone: a cheap greedy walk, and ever-deeper searches with it at the
leaves.

Regions and heads are as in :mod:`.space` (bitboards with one guard
column, ``stride = width + 1``; the head is not in the region).

- :func:`walk`: the length of a greedy walk: at each step it takes the
  neighbour that leaves the largest bound of the tree of chambers
  (:func:`.blocks.chamber_bound`, in C where it was built), then the
  one with the fewest free neighbours (hugging walls).
- :func:`shortfall`: how far the walk (after every path of a few steps,
  :func:`walk_ahead`) falls short of the chamber bound (cached): what the
  engine's separated scores subtract when close.
- :func:`best_step`: the move that leaves the largest bound a few steps on
  (the first move apart at the root);
- :func:`lines`: for depths d = 0, 1, 2, ... the longest line found by
  trying every path of d steps and then :func:`walk`; one result per
  depth, ending once a line reaches the chamber bound or the search was
  exhaustive.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from ...board import neighbours
from ...search import depth_limit
from ...territory import reach
from . import _native
from .blocks import chamber_bound
from .parity import colour_masks, region_bound
from .space import bounded_memo, cut_candidates, fillable, free_count, steps

Check = Callable[[], None]
CHECK_EVERY = 32  # steps of a walk between two calls of check
# (region, cell, width, depth): the longest line found
_cache: dict[tuple[int, int, int, int], int] = {}
CACHE_SIZE = 50_000  # entries: the next move's search finds the last one's lines here
_short: dict[tuple[int, int, int, int], int] = {}  # (region, head, width, ahead): the shortfall


def enter(region: int, target: int, stride: int, red: int) -> tuple[int, int]:
    """(parity bound, cells left) on stepping onto ``target``: the best part if the step splits
    ``region``.

    A path that steps onto a cell whose removal splits the region can go on
    into one part only; the part with the largest parity bound is chosen.

    >>> s = 6   # a 5x1 strip, stepping onto its second cell: the three cells beyond it
    >>> enter(0b11111, 1, s, colour_masks(5, 1)[0]) == (3, 0b11100)
    True
    """
    rest = region & ~(1 << target)
    start = neighbours(1 << target, stride) & rest
    if not start:  # a dead end
        return 0, 0
    if (start & (start - 1)) == 0 or not cut_candidates(region, stride) >> target & 1:
        return region_bound(rest, target, red), rest
    best = (-1, 0)
    while start:  # flood each group of the target's neighbours
        part = reach(rest, start & -start, stride)
        start &= ~part
        best = max(best, (region_bound(part, target, red), part))
    return best


def walk(region: int, cell: int, width: int, height: int, check: Check | None = None) -> int:
    """:func:`python_walk`, in C where it was built and no ``check`` is asked for.

    C's walk takes the same steps; through a region of 82 cells it takes
    0.06 ms where Python's takes 0.5, through one of 500 both about 3 ms
    (the chamber bounds, in C for both, are then nearly all of the time).

    >>> walk(0b111110, 0, 6, 1)   # a 1x6 strip from its left end
    5
    """
    native = _native.speedups
    if check is None and native is not None:
        return int(native.walk(_native.board_bytes(region, width, height), width, height, cell))
    return python_walk(region, cell, width, height, check)


def python_walk(region: int, cell: int, width: int, height: int, check: Check | None = None) -> int:
    """The length of a greedy walk from ``cell`` through ``region`` (``region`` reachable from
    ``cell``).

    At each step it takes the neighbour that leaves the largest bound of the
    tree of chambers, then the one with the fewest free neighbours (a
    forced step goes on into the part with the largest parity bound, see
    :func:`enter`).  ``check`` is called every
    :data:`CHECK_EVERY` steps (a step costs some microseconds; a walk
    through a 50x50 room, milliseconds).

    >>> python_walk(0b111110, 0, 6, 1)   # a 1x6 strip from its left end
    5
    >>> s = 4   # 3x3 with the head in a corner: every cell
    >>> python_walk((1 << 11) - 1 & ~(1 << 3 | 1 << 7) & ~1, 0, 3, 3)
    8
    """
    stride = width + 1
    start = neighbours(1 << cell, stride) & region
    if (
        start & (start - 1) and reach(region, start & -start, stride) & start != start
    ):  # pieces joined by the head alone
        return max(
            1 + python_walk(_piece(region, t, stride), t, width, height, check)
            for t in steps(region, cell, stride)
        )
    red = colour_masks(width, height)[0]
    length = 0
    while True:
        if check is not None and length % CHECK_EVERY == 0:
            check()
        targets = steps(region, cell, stride)
        if not targets:
            return length
        if len(targets) == 1:
            cell = targets[0]
            _, region = enter(region, cell, stride, red)
        else:
            cell = min(targets, key=partial(_rank, region, width, height))
            region &= ~(1 << cell)
        length += 1


def _piece(region: int, target: int, stride: int) -> int:
    """The cells of ``region`` a first step onto ``target`` leads to (the head may join pieces)."""
    return reach(region, 1 << target, stride) & ~(1 << target)


def shortfall(region: int, head: int, width: int, height: int, ahead: int = 0) -> int:
    """The cells :func:`walk_ahead` falls short of :func:`fillable`'s bound (0 when it reaches
    it); cached.

    >>> s = 6   # a 5x2 room, the head in the middle of the top row: the walk takes one side first
    >>> room = (1 << 5) - 1 | ((1 << 5) - 1) << s
    >>> fillable(room & ~(1 << 2), 2, 5, 2), shortfall(room & ~(1 << 2), 2, 5, 2)
    (9, 0)
    >>> s = 5   # a 4x2 room less two corners, the head below: the bound says 5, a path takes 4
    >>> fillable(0b1001111, 2 * s - 3, 4, 2), shortfall(0b1001111, 2 * s - 3, 4, 2)
    (5, 1)
    """
    return bounded_memo(
        _short,
        (region, head, width, ahead),
        CACHE_SIZE,
        lambda: _shortfall(region, head, width, height, ahead),
    )


def _shortfall(region: int, head: int, width: int, height: int, ahead: int) -> int:
    bound = fillable(region, head, width, height)
    return max(0, bound - walk_ahead(region, head, width, height, ahead, bound))


def walk_ahead(region: int, head: int, width: int, height: int, ahead: int, top: int) -> int:
    """The longest of every path of ``ahead`` steps from ``head``, each continued by :func:`walk`
    (``ahead`` 0: the walk alone); it stops once a line reaches ``top``.

    A greedy walk can take the wrong first steps into a region a longer
    path fills; trying every first few steps catches most of those.

    >>> room = 0b10110010100011110011111  # 5x4: the head at the left of the second row
    >>> [walk_ahead(room, 6, 5, 4, ahead, 99) for ahead in (0, 1)], fillable(room, 6, 5, 4)
    ([10, 11], 11)
    """
    if ahead <= 0:
        return walk(region, head, width, height)
    best = 0
    for t in steps(region, head, width + 1):
        best = max(best, 1 + walk_ahead(region & ~(1 << t), t, width, height, ahead - 1, top - 1))
        if best >= top:
            break
    return best


def _rank(region: int, width: int, height: int, target: int) -> tuple[int, int]:
    """The walk's order of preference for a step: the largest chamber bound left, then the fewest
    free neighbours."""
    return -chamber_bound(region & ~(1 << target), target, width, height), free_count(
        region, target, stride=width + 1
    )


def lines(
    region: int,
    head: int,
    width: int,
    height: int,
    first: int | None = None,
    check: Check | None = None,
) -> Iterator[tuple[int, int | None]]:
    """(length, first cell) of the longest line found, for depths 0, 1, 2, ...

    At depth d every path of d steps from ``head`` is tried and continued by
    :func:`walk`.  The moves are tried ``first`` first, so that another move
    is chosen only for a strictly longer line.  The results end once a line
    reaches :func:`fillable`'s bound (no path is longer), a depth found no
    line longer than itself (the search was exhaustive), or the depth reaches
    the Python stack's room (:func:`lazytron.search.depth_limit`).  ``check``
    is called at every node and may raise to stop the search.

    >>> list(lines(0b111110, 0, 6, 1))   # a 1x6 strip: the walk reaches the bound at once
    [(5, 1)]
    """
    stride = width + 1
    bound = fillable(region, head, width, height)
    roots = sorted(
        steps(region, head, stride), key=lambda t: (t != first, free_count(region, t, stride))
    )
    starts = [
        (t, _piece(region, t, stride)) for t in roots
    ]  # each first step's cells, flooded once
    best: tuple[int, int | None] = (0, None)
    for depth in range(depth_limit(1)):
        for t, piece in starts:
            length = 1 + _longest(piece, t, depth, width, height, check)
            if length > best[0]:
                best = (length, t)
            if length >= bound:
                break
        yield best
        if best[0] >= bound or best[0] <= depth + 1:
            return


def _longest(
    region: int, cell: int, left: int, width: int, height: int, check: Check | None
) -> int:
    """The longest line from ``cell``: every path of ``left`` steps, then :func:`walk` (cached)."""
    key = (region, cell, width, left)
    found = _cache.get(key)
    if found is not None:
        return found
    if left == 0:
        found = walk(region, cell, width, height, check)
    else:
        if check is not None:
            check()
        stride = width + 1
        red = colour_masks(width, height)[0]
        found, top = 0, region_bound(region, cell, red)
        for t in steps(region, cell, stride):
            beyond = enter(region, t, stride, red)[1]
            found = max(found, 1 + _longest(beyond, t, left - 1, width, height, check))
            if found >= top:
                break
    if len(_cache) >= CACHE_SIZE:
        _cache.clear()
    _cache[key] = found
    return found


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
