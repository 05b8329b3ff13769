"""Reach and Voronoi counts on bitboards: the original's ``distances`` and ``score``.

All functions take ``free``, the bitboard of cells a flood may enter (the
heads' own cells included), cells given as single-bit masks, and the
grid's stride.  Work is done a whole BFS layer at a time with shifts and
masks; nothing loops over cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .board import Bitboard, Cell, neighbours

Check = Callable[[], None]  # lazytron.clock.Check: raises to stop a search
CHECK_LAYERS = (
    64  # layers of a flood between two looks at the clock (a layer of a 255x255 board: ~4 us)
)


def layers(free: Bitboard, start: Bitboard, stride: int) -> Iterator[Bitboard]:
    """The cells of ``free`` reachable from ``start``, a ring at a time: ``start``, then those one
    step away, ...

    >>> list(layers(0b1111, 0b10, 5))   # a 4x1 strip from its second cell
    [2, 5, 8]
    """
    seen = front = start
    while front:
        yield front
        front = neighbours(front, stride) & free & ~seen
        seen |= front


def reach(free: Bitboard, start: Bitboard, stride: int, check: Check | None = None) -> Bitboard:
    """The bitboard of cells reachable from the cell mask ``start`` (itself included).

    The union of :func:`layers`, its loop written out: the port's hot path
    (as :func:`voronoi`'s, with :func:`lazytron.board.neighbours` inlined).
    ``check`` is called every ``CHECK_LAYERS`` layers: a corridor of a large
    board is tens of thousands of layers long.

    >>> from lazytron.reading import parse_board
    >>> board = parse_board("5 1\\n1 # 2\\n")
    >>> reach(board.free, 1 << board.me, board.stride).bit_count()
    2
    """
    seen = front = start
    layer = 0
    while front:
        front = ((front << 1) | (front >> 1) | (front << stride) | (front >> stride)) & free & ~seen
        seen |= front
        if check is not None:
            layer += 1
            if not layer % CHECK_LAYERS:
                check()
    return seen


def voronoi(
    free: Bitboard, p: Bitboard, q: Bitboard, stride: int, check: Check | None = None
) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """Split the cells between the heads ``p`` and ``q`` (masks, ``p != q``).

    Returns ``(mine, theirs, ties, touching)`` as bitboards: the cells
    strictly closer to p, strictly closer to q, at equal distance, and
    ``touching`` non-zero when the two regions meet (q can reach p).
    Distances are those of two independent breadth-first searches through
    ``free``; a layer of p's search only grows from cells p reaches no later
    than q (the cells on a shortest path to a cell p owns are all p's), so
    the two fronts stop where they meet and the loop is as long as the
    deepest territory, not the deepest BFS.  ``check`` as :func:`reach` calls it.

    >>> from lazytron.reading import parse_board
    >>> board = parse_board("5 1\\n1   2\\n")
    >>> me, enemy = 1 << board.me, 1 << board.enemy
    >>> mine, theirs, ties, touching = voronoi(board.free, me, enemy, board.stride)
    >>> mine, theirs, ties, bool(touching)  # cells 0-1, 3-4 and 2, as bit masks
    (3, 24, 4, True)
    """
    avail = free & ~(p | q)
    fp, fq = p, q
    rp, rq = p, q
    layer = 0
    while fp or fq:
        fp = ((fp << 1) | (fp >> 1) | (fp << stride) | (fp >> stride)) & avail
        fq = ((fq << 1) | (fq >> 1) | (fq << stride) | (fq >> stride)) & avail
        avail ^= fp | fq
        rp |= fp
        rq |= fq
        if check is not None:
            layer += 1
            if not layer % CHECK_LAYERS:
                check()
    ties = rp & rq
    mine, theirs = rp ^ ties, rq ^ ties
    touching = ties or ((mine << 1) | (mine >> 1) | (mine << stride) | (mine >> stride)) & theirs
    return mine, theirs, ties, touching


def score(
    free: Bitboard,
    me: Cell,
    enemy: Cell,
    bound: int | None,
    stride: int,
    check: Check | None = None,
) -> tuple[int, int | None]:
    """The original's ``score``: (10 x territory difference, the enemy's bound for the next level).

    ``me`` and ``enemy`` are cell indices.  With ``bound`` None the players
    may still meet: the score counts cells strictly closer to each, and the
    returned bound becomes the enemy's reachable cells minus one once the
    enemy cannot reach me.  With a bound x the players are apart: the score
    is 10 x (my reachable cells, head included, - x) and the bound shrinks.
    ``check`` is handed to the floods.

    >>> from lazytron.reading import parse_board
    >>> board = parse_board("5 2\\n1 # 2\\n  #  \\n")  # a wall between them
    >>> score(board.free, board.me, board.enemy, None, board.stride)  # even; their bound 4 - 1
    (0, 3)
    >>> score(board.free, board.me, board.enemy, 2, board.stride)  # 10 x (4 - 2); the bound shrinks
    (20, 1)
    """
    if bound is not None:
        return 10 * (reach(free, 1 << me, stride, check).bit_count() - bound), bound - 1
    if me == enemy:
        return 0, None
    mine, theirs, _, touching = voronoi(free, 1 << me, 1 << enemy, stride, check)
    # Apart, the original leaves each head's own cell to nobody: the -1s cancel.
    next_bound = None if touching else theirs.bit_count() - 1
    return 10 * (mine.bit_count() - theirs.bit_count()), next_bound
