"""The Voronoi split measured in one pass: what a connected evaluation needs, in C where it was built.

:func:`split_counts` floods from both heads as :func:`lazytron.territory.voronoi`
does (ties to nobody) and measures each side's share, its cells strictly
closer to its head:

- ``parity``: the checkerboard-parity bound of the whole share
  (:func:`.space.region_bound`, the head's colour against the others);
- ``chambers``: the bound of its tree of chambers (:func:`block_bound`): a
  path from the head enters one chamber after another and never comes back;
- ``edges``: pairs (a share's cell, head included; an open neighbour);
- ``moves``: the open cells next to the head (none: stuck).

The compiled speedups (:mod:`._native`) compute the same numbers several
times faster; :func:`python_counts` is the same function in Python, and the
tests hold the two equal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ...board import Bitboard, Cell, neighbours
from ...territory import reach, voronoi
from . import _native
from .space import colour_masks, parity_bound, region_bound


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
    best: dict[Cell, int] = {}  # the best chain of blocks below a cell
    for entry, block in blocks(share, head, stride):
        below = max(best.get(u, 0) for u in block)
        best[entry] = max(best.get(entry, 0), _block_parity(entry, block, red) + below)
    return best.get(head, 0)


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


def python_counts(open_: Bitboard, me: Cell, enemy: Cell, width: int, height: int) -> Counts:
    """The split's measures of a position: ``open_`` free cells (heads not in it), the heads ``me != enemy``.

    >>> from lazytron.reading import parse_board
    >>> b = parse_board("5 1\\n1   2\\n")          # one tie in the middle
    >>> python_counts(b.free & ~(1 << b.me) & ~(1 << b.enemy), b.me, b.enemy, b.width, b.height)
    Counts(touching=True, my_parity=1, their_parity=1, my_chambers=1, their_chambers=1, my_edges=2, their_edges=2, my_moves=1, their_moves=1)
    """
    stride = width + 1
    head, enemy_head = 1 << me, 1 << enemy
    mine, theirs, _, touching = voronoi(open_ | head | enemy_head, head, enemy_head, stride)
    red = colour_masks(width, height)[0]
    return Counts(
        bool(touching),
        region_bound(mine & ~head, me, red),
        region_bound(theirs & ~enemy_head, enemy, red),
        block_bound(mine, me, stride, red),
        block_bound(theirs, enemy, stride, red),
        edges(mine, open_, stride),
        edges(theirs, open_, stride),
        (neighbours(head, stride) & open_).bit_count(),
        (neighbours(enemy_head, stride) & open_).bit_count(),
    )


def split_counts(open_: Bitboard, me: Cell, enemy: Cell, width: int, height: int) -> Counts:
    """:func:`python_counts`, in C where the speedups were built (the same numbers)."""
    native = _native.speedups
    if native is None:
        return python_counts(open_, me, enemy, width, height)
    return Counts(
        *native.split(_native.board_bytes(open_, width, height), width, height, me, enemy)
    )


def python_chamber_bound(region: Bitboard, head: Cell, width: int, height: int) -> int:
    """:func:`block_bound` of the cells of ``region`` (head not in it) that ``head`` reaches.

    >>> python_chamber_bound(0b11011, 2, 5, 1)   # a 5x1 strip from its middle: one side
    2
    """
    stride = width + 1
    share = reach(region | 1 << head, 1 << head, stride)
    return block_bound(share, head, stride, colour_masks(width, height)[0])


def chamber_bound(region: Bitboard, head: Cell, width: int, height: int) -> int:
    """The bound of a head's tree of chambers in a region: :func:`python_chamber_bound`, in C where built."""
    native = _native.speedups
    if native is None:
        return python_chamber_bound(region, head, width, height)
    return int(native.chambers(_native.board_bytes(region, width, height), width, height, head))
