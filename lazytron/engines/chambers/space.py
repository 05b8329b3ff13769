"""How many cells one player can still fill: the cut cells and tree of chambers of its region.

A region is a bitboard of free cells (as in :mod:`lazytron.board`: one
guard column, ``stride = width + 1``) that a player entering from
``head`` (a cell index, not in the region) may walk through.  Every
count here is an upper bound on the longest path that starts at ``head``
and steps only on region cells, never revisiting one: the moves a player
shut into the region can still make.

- :mod:`.parity`: the checkerboard bound every count here is at most;
- :func:`cut_candidates`: cells whose free neighbours fall into two or
  more groups around their 3x3 ring (the only cells that can be
  articulation points), for a whole region at once with shifts.
- :func:`chamber`: the cells reachable from the head without crossing a
  cut cell, its exits, and what lies beyond each exit.
- :func:`fillable`: the best root-to-leaf path through the tree of
  chambers, with parity, cached by ``(region, head)``; in C where the
  speedups were built (:mod:`._native`), the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import TypeVar

from ...board import legal_moves, neighbours
from ...territory import reach
from . import _native
from .blocks import chamber_bound
from .parity import colour_masks, region_bound

K = TypeVar("K")
V = TypeVar("V")


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
    """The chamber of ``head`` in ``region`` and its confirmed exits
    ``[(exit cell, region beyond)]``.

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
    """Flood ``cells`` from ``start``; None as soon as it touches ``near`` (the chamber's
    neighbours).

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
FILLABLE_CELLS = (
    2500  # larger regions (beyond a 50x50 contest map) are bounded by their tree of blocks
)


def fillable(region: int, head: int, width: int, height: int) -> int:
    """An upper bound on the cells a path from ``head`` can take in ``region``: the chamber tree
    with parity.

    The head's chamber falls into pieces (one per group of the head's
    neighbours); a path enters one.  A piece is bounded by parity alone;
    through one of its exits, by the parity of the piece plus the exit, then
    the bound beyond it (an exit next to the head is a piece of its own).  The
    best of these is the answer.  Results are cached by (region, head, width);
    computed in C where the speedups were built.  A region of more than
    ``FILLABLE_CELLS`` cells is bounded by its tree of blocks and its parity
    instead (:func:`.blocks.chamber_bound`: one linear search, where a long
    chain of chambers costs the chamber tree seconds).

    >>> s = 4   # 3x3, the head at the centre of an empty room: 8 cells round it
    >>> from lazytron.board import grid_mask
    >>> room = grid_mask(3, 3) & ~(1 << (s + 1))
    >>> fillable(room, s + 1, 3, 3)
    8
    >>> corridor = 0b111111   # a 1x6 strip, head at the left end (not in the region)
    >>> fillable(corridor & ~1, 0, 6, 1)
    5
    """
    if region.bit_count() > FILLABLE_CELLS:
        parity = region_bound(region, head, colour_masks(width, height)[0])
        return min(chamber_bound(region, head, width, height), parity)
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
    """:func:`fillable` computed in Python whether or not the speedups were built (cached apart from
    it)."""
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
    """:func:`python_fillable` computed: the chamber tree walked with an explicit stack.

    A chain of chambers is as long as the board allows, so the tree is not
    walked by recursion: each chamber is a generator (:func:`_chambers`) that
    yields (region, head) for the bound it needs beyond an exit and is sent
    it back; a bound found is kept as :func:`python_fillable` keeps it.
    """
    Steps = Generator[tuple[int, int], int, int]
    stack: list[tuple[tuple[int, int, int] | None, Steps]]
    stack = [(None, _chambers(region, head, width, height, False))]
    sent: int | None = None
    while True:
        key, steps = stack[-1]
        try:
            beyond, cell = steps.send(sent)  # type: ignore[arg-type]
        except StopIteration as done:
            stack.pop()
            sent = done.value
            if key is None:
                return int(done.value)
            if len(_python_cache) >= CACHE_SIZE:
                _python_cache.clear()
            _python_cache[key] = done.value
            continue
        key = (beyond, cell, width)
        sent = _python_cache.get(key)
        if sent is None:  # what lies beyond an exit is all reachable from it
            stack.append((key, _chambers(beyond, cell, width, height, True)))


def _chambers(
    region: int, head: int, width: int, height: int, connected: bool
) -> Generator[tuple[int, int], int, int]:
    """The chamber tree's bound of ``region`` from ``head``; yields (region beyond, exit) for each
    bound it needs beyond an exit, and is sent it.

    Corridor cells are walked without a chamber each, once the region is all
    reachable from the head (``connected``, or after the first): :func:`_corridor`.
    """
    stride = width + 1
    red, _ = colour_masks(width, height)
    total = 0
    while True:
        walked = _corridor(region, head, stride) if connected else None
        if walked is not None:
            steps, head = walked
            total += steps.bit_count()
            region &= ~steps
            continue
        room, exits = chamber(region, head, cut_candidates(region, stride), stride)
        if not room and len(exits) == 1:  # a corridor cell: walk on without recursion
            cell, beyond = exits[0]
            total += 1
            region, head, connected = beyond, cell, True
            continue
        best = 0
        for piece in pieces(room, head, stride):  # the path enters one piece of the chamber
            best = max(best, region_bound(piece, head, red))
            for cell, beyond in exits:
                if not neighbours(1 << cell, stride) & (piece or 1 << head):
                    continue
                through = region_bound(piece | 1 << cell, head, red)
                if through + region_bound(beyond, cell, red) > best:  # parity alone says it may pay
                    best = max(best, through + (yield beyond, cell))
        return total + min(best, region_bound(region, head, red))


def _corridor(region: int, head: int, stride: int) -> tuple[int, int] | None:
    """(cells stepped on, the new head) where the chamber tree's bound is theirs plus the bound
    beyond: the head's one way on is a cut cell (a chamber of no cells, one exit), or a cell whose
    one way on is (a chamber of one cell, one exit); None otherwise.  ``region`` must be all
    reachable from ``head``: then what lies beyond is the region less those cells.

    >>> corridor = 0b11110   # a 5x1 strip, the head at its left end: its next cell leads to a cut
    >>> _corridor(corridor, 0, 6), _corridor(corridor & ~0b10, 1, 6)
    ((6, 2), (12, 3))
    """
    ahead = neighbours(1 << head, stride) & region
    if not ahead or ahead & (ahead - 1):
        return None
    cell = ahead.bit_length() - 1
    if cut_at(region, cell, stride):
        return ahead, cell
    after = neighbours(ahead, stride) & region
    if not after or after & (after - 1) or not cut_at(region, after.bit_length() - 1, stride):
        return None
    return ahead | after, after.bit_length() - 1


def cut_at(region: int, cell: int, stride: int) -> bool:
    """Whether ``cell`` is one of :func:`cut_candidates` of ``region``, from its 3x3 ring alone.

    >>> s = 6; corridor = 0b11111   # a 5x1 strip: its middle cells are candidates, its ends not
    >>> cuts = cut_candidates(corridor, s)
    >>> [cut_at(corridor, c, s) for c in range(5)] == [bool(cuts >> c & 1) for c in range(5)]
    True
    """

    def at(dy: int, dx: int) -> int:
        other = cell + dy * stride + dx
        return 1 if other >= 0 and region >> other & 1 else 0

    n, e, s, w = at(-1, 0), at(0, 1), at(1, 0), at(0, -1)
    ne, se, sw, nw = at(-1, 1), at(1, 1), at(1, -1), at(-1, -1)
    runs = (
        (n and not (e and ne))
        + (e and not (s and se))
        + (s and not (w and sw))
        + (w and not (n and nw))
    )
    return bool(region >> cell & 1) and runs >= 2


def pieces(room: int, head: int, stride: int) -> Iterator[int]:
    """The parts of a chamber a path can enter from ``head``, and 0 (for the head itself)."""
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
