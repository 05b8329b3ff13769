"""The Voronoi split measured in one pass: what a connected evaluation needs, in C where it was built.

:func:`split_counts` floods from both heads as :func:`lazytron.territory.voronoi`
does (ties to nobody) and measures each side's share, its cells strictly
closer to its head:

- ``parity``: the checkerboard-parity bound of the whole share
  (:func:`lazytron.space.region_bound`, the head's colour against the others);
- ``chambers``: the bound of its tree of chambers (:func:`block_bound`): a
  path from the head enters one chamber after another and never comes back;
- ``edges``: pairs (a share's cell, head included; an open neighbour);
- ``moves``: the open cells next to the head (none: stuck);
- ``chain_edges``: the edges of the head and of the best chain of chambers
  only (:func:`block_chain`), not of rooms a path must leave behind.

The optional extension ``lazytron._split`` (``_split.c``, built by ``pip
install`` where a C compiler is found) computes the same numbers several
times faster; :func:`python_counts` is the same function in Python, used
without it, and the tests hold the two equal.
"""

from __future__ import annotations

from typing import Callable, Iterator, NamedTuple

from .board import Bitboard, Cell
from .space import c_region_measure, colour_masks, neighbours, parity_bound, region_bound
from .territory import reach, voronoi


class Counts(NamedTuple):
    """Whether the two shares meet, each share's parity bound, chamber bound and edges, and each head's moves."""

    touching: bool
    my_parity: int
    their_parity: int
    my_chambers: int
    their_chambers: int
    my_edges: int
    their_edges: int
    my_moves: int
    their_moves: int
    my_chain_edges: int = 0
    their_chain_edges: int = 0
    my_front: int = 0
    their_front: int = 0
    my_front_score: int = 0
    their_front_score: int = 0


def edges(region: Bitboard, open_: Bitboard, stride: int) -> int:
    """Pairs (cell of ``region``, open neighbour), counted once per direction.

    >>> edges(0b1, 0b10, 3), edges(0b10, 0b101, 3)   # a cell with one open neighbour; with two
    (1, 2)
    """
    return (
        (region & (open_ >> 1)).bit_count()
        + (region & (open_ << 1)).bit_count()
        + (region & (open_ >> stride)).bit_count()
        + (region & (open_ << stride)).bit_count()
    )


def block_bound(share: Bitboard, head: Cell, stride: int, red: Bitboard) -> int:
    """An upper bound on a path from ``head`` through ``share`` (the head in it, not counted): its tree of chambers.

    The chambers are the blocks (biconnected components) of the share's
    grid graph, found by one depth-first search from the head (Tarjan's low
    points).  A path that leaves a block through a cut cell never comes
    back, so it takes at most one chain of blocks from the head down; each
    block, entered at its cut cell, is bounded by the parity of its other
    cells, and a chain by their sum.  The answer is the best chain.

    >>> s = 6; row = lambda y, xs: sum(1 << (y * s + x) for x in xs)
    >>> red = colour_masks(5, 3)[0]
    >>> room = row(0, range(5)) | row(1, range(5)) | row(2, range(5))   # 15 cells, the head in a corner
    >>> block_bound(room, 0, s, red)   # 7 reds and 7 blacks besides the head
    14
    >>> tee = row(1, range(5)) | row(0, [2]) | row(2, [2])   # a cross, the head at its left end
    >>> block_bound(tee, s, s, red)    # along the bar (4) or up or down the stem (3), never two arms
    4
    """
    return block_chain(share, head, stride, red, 0)[0]


def blocks(share: Bitboard, head: Cell, stride: int) -> Iterator[tuple[Cell, list[Cell]]]:
    """The blocks (biconnected components) of ``share`` met by a path from ``head``: (entry cell, other cells).

    One depth-first search with Tarjan's low points; a block is yielded when
    the search returns to its entry cell, so every block hanging below a
    cell comes before the block that holds the cell.

    >>> s = 6; row = lambda y, xs: sum(1 << (y * s + x) for x in xs)
    >>> [(entry, sorted(cells)) for entry, cells in blocks(row(0, range(3)), 0, s)]   # a corridor: one block a step
    [(1, [2]), (0, [1])]
    """
    num, low = {head: 1}, {head: 1}
    dfs, cells = [(head, 0)], [head]
    while dfs:
        v, d = dfs[-1]
        if d < 4:
            dfs[-1] = (v, d + 1)
            w = v + (-stride, 1, stride, -1)[d]
            if w < 0 or not share >> w & 1:
                continue
            if w in num:
                low[v] = min(low[v], num[w])
            else:
                num[w] = low[w] = len(num) + 1
                dfs.append((w, 0))
                cells.append(w)
            continue
        dfs.pop()
        if not dfs:
            break
        parent = dfs[-1][0]
        low[parent] = min(low[parent], low[v])
        if low[v] >= num[parent]:  # a block entered at parent: the cells above v on the stack
            start = cells.index(v)
            block = cells[start:]
            del cells[start:]
            yield parent, block


def _block_parity(entry: Cell, block: list[Cell], red: Bitboard) -> int:
    """The parity bound of a block's cells for a path entering it from ``entry``."""
    colour = red >> entry & 1
    same = sum(red >> u & 1 == colour for u in block)
    return parity_bound(same, len(block) - same)


def block_chain(share: Bitboard, head: Cell, stride: int, red: Bitboard, open_: Bitboard) -> tuple[int, int]:
    """:func:`block_bound`'s best chain of chambers: (its bound, the edges of its cells and the head's).

    Edges are pairs (cell, ``open_`` neighbour).  Of two chains with the same
    bound, the one with more edges is taken.

    >>> s = 6; row = lambda y, xs: sum(1 << (y * s + x) for x in xs)
    >>> red, open_ = colour_masks(5, 3)[0], (1 << 17) - 1
    >>> tee = row(1, range(5)) | row(0, [2]) | row(2, [2])   # a cross, the head at its left end
    >>> block_chain(tee, s, s, red, tee & ~(1 << s))        # the bar: 4 cells; 8 edges and the head's 1
    (4, 9)
    """
    best: dict[Cell, tuple[int, int]] = {}
    for entry, block in blocks(share, head, stride):
        below = max(best.get(u, (0, 0)) for u in block)
        block_edges = sum((neighbours(1 << u, stride) & open_).bit_count() for u in block)
        best[entry] = max(best.get(entry, (0, 0)), (_block_parity(entry, block, red) + below[0], block_edges + below[1]))
    chain = best.get(head, (0, 0))
    return chain[0], chain[1] + (neighbours(1 << head, stride) & open_).bit_count()


def layers(cells: Bitboard, head: Cell, stride: int) -> Iterator[Bitboard]:
    """The cells of ``cells`` (which hold ``head``) at 0, 1, 2 ... steps from ``head``, a ring at a time.

    >>> list(layers(0b1111, 1, 5))   # a 4x1 strip from its second cell
    [2, 5, 8]
    """
    seen = ring = 1 << head
    while ring:
        yield ring
        ring = neighbours(ring, stride) & cells & ~seen
        seen |= ring


def front_bound(share: Bitboard, head: Cell, stride: int, red: Bitboard, front: Bitboard) -> int:
    """:func:`block_bound` with the battlefront: a chain that enters a block holding a ``front`` cell counts
    the steps from the head to that block's entry, then the block and the best chain below it, not the
    blocks it passes on the way (a player who stops to fill them comes to the front too late).

    >>> s = 8; row = lambda y, xs: sum(1 << (y * s + x) for x in xs)
    >>> red = colour_masks(7, 3)[0]
    >>> rooms = row(0, [0, 1, 2, 4, 5, 6]) | row(1, range(7)) | row(2, [0, 1, 2, 4, 5, 6])   # two 3x3 rooms, a door
    >>> block_bound(rooms, 0, s, red), front_bound(rooms, 0, s, red, 0)   # from a corner: 8, the door, 8
    (17, 17)
    >>> front_bound(rooms, 0, s, red, 1 << s + 6)   # the far room at the front: 4 steps to it and its 8
    12
    """
    return front_bounds(share, head, stride, red, front)[0]


def front_bounds(share: Bitboard, head: Cell, stride: int, red: Bitboard, front: Bitboard) -> tuple[int, int]:
    """(:func:`front_bound`, a1k0n's score of it): where the bound is a path to a front block, the
    score is that path's blocks without the steps to them; else the same bound.

    >>> s = 8; row = lambda y, xs: sum(1 << (y * s + x) for x in xs)
    >>> rooms = row(0, [0, 1, 2, 4, 5, 6]) | row(1, range(7)) | row(2, [0, 1, 2, 4, 5, 6])   # two 3x3 rooms, a door
    >>> front_bounds(rooms, 0, s, colour_masks(7, 3)[0], 1 << s + 6)   # the far room's 7 past its door, not the 5 steps there
    (12, 7)
    """
    fill: dict[Cell, int] = {}  # the best chain below a cell that never enters a front block
    ahead: dict[Cell, tuple[int, int]] = {}  # the best path below it that ends in one: (steps and blocks, blocks), the larger
    rings: list[Bitboard] = []  # the cells of the share at 0, 1, 2 ... steps from the head, made on first need
    for entry, block in blocks(share, head, stride):
        below_fill = max(fill.get(u, 0) for u in block)
        below_ahead = max(ahead.get(u, (-1, -1)) for u in block)
        bound = _block_parity(entry, block, red) + below_fill
        if any(front >> u & 1 for u in block):
            rings = rings or list(layers(share | 1 << head, head, stride))
            distance = next(d for d, ring in enumerate(rings) if ring >> entry & 1)
            below_ahead = max(below_ahead, (distance + bound, bound))
        else:
            fill[entry] = max(fill.get(entry, 0), bound)
        ahead[entry] = max(ahead.get(entry, (-1, -1)), below_ahead)
    best_fill, (best_ahead, score) = fill.get(head, 0), ahead.get(head, (-1, -1))
    return (best_fill, best_fill) if best_fill > best_ahead else (best_ahead, score)


def python_counts(open_: Bitboard, me: Cell, enemy: Cell, width: int, height: int) -> Counts:
    """The split's measures of a position: ``open_`` free cells (heads not in it), the heads ``me != enemy``.

    >>> from lazytron.board import parse_board
    >>> b = parse_board("5 1\\n1   2\\n")          # one tie in the middle
    >>> python_counts(b.free & ~(1 << b.me) & ~(1 << b.enemy), b.me, b.enemy, b.width, b.height)
    Counts(touching=True, my_parity=1, their_parity=1, my_chambers=1, their_chambers=1, my_edges=2, their_edges=2, my_moves=1, their_moves=1, my_chain_edges=2, their_chain_edges=2, my_front=1, their_front=1, my_front_score=1, their_front_score=1)
    """
    stride = width + 1
    head, enemy_head = 1 << me, 1 << enemy
    mine, theirs, ties, touching = voronoi(open_ | head | enemy_head, head, enemy_head, stride)
    red = colour_masks(width, height)[0]
    my_chain, their_chain = block_chain(mine, me, stride, red, open_), block_chain(theirs, enemy, stride, red, open_)
    my_front = front_bounds(mine, me, stride, red, mine & neighbours(theirs | ties, stride))
    their_front = front_bounds(theirs, enemy, stride, red, theirs & neighbours(mine | ties, stride))
    return Counts(
        bool(touching),
        region_bound(mine & ~head, me, red),
        region_bound(theirs & ~enemy_head, enemy, red),
        my_chain[0],
        their_chain[0],
        edges(mine, open_, stride),
        edges(theirs, open_, stride),
        (neighbours(head, stride) & open_).bit_count(),
        (neighbours(enemy_head, stride) & open_).bit_count(),
        my_chain[1],
        their_chain[1],
        my_front[0],
        their_front[0],
        my_front[1],
        their_front[1],
    )


def _c_counts() -> Callable[[Bitboard, Cell, Cell, int, int], Counts] | None:
    """The C version of :func:`python_counts`, or None where the extension was not built."""
    try:
        from ._split import split  # type: ignore[import-not-found]
    except ImportError:
        return None

    def c_counts(open_: Bitboard, me: Cell, enemy: Cell, width: int, height: int) -> Counts:
        cells = (width + 1) * height
        return Counts(*split(open_.to_bytes((cells + 7) // 8, "little"), width, height, me, enemy))

    return c_counts


c_counts = _c_counts()
split_counts = c_counts or python_counts
"""The split's measures: in C where the extension was built, else in Python (the same numbers)."""


def python_chamber_bound(region: Bitboard, head: Cell, width: int, height: int) -> int:
    """:func:`block_bound` of the cells of ``region`` (head not in it) that ``head`` reaches.

    >>> python_chamber_bound(0b11011, 2, 5, 1)   # a 5x1 strip from its middle: one side
    2
    """
    stride = width + 1
    share = reach(region | 1 << head, 1 << head, stride)
    return block_bound(share, head, stride, colour_masks(width, height)[0])


c_chamber_bound = c_region_measure("chambers")
chamber_bound = c_chamber_bound or python_chamber_bound
"""The bound of a head's tree of chambers in a region: in C where the extension was built, else in Python."""

c_walk = c_region_measure("walk")
"""The length of :func:`lazytron.fill.walk`'s greedy walk, in C (None where the extension was not built)."""

c_horizon: Callable[..., tuple[int, int, tuple[tuple[int, int, int, int], ...], int, int]] | None
try:
    from ._split import horizon as c_horizon  # type: ignore[import-not-found,no-redef,unused-ignore]
except ImportError:
    c_horizon = None
"""The chambers search's last plies in C (lazytron.engines.chambers_search), or None without the extension."""

c_forget: Callable[[], None] | None
try:
    from ._split import forget as c_forget  # type: ignore[import-not-found,no-redef,unused-ignore]
except ImportError:
    c_forget = None
"""Empty the table of best moves the search in C keeps across searches (an ordering hint), or None without the extension."""
