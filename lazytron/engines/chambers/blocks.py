"""The tree of blocks of a region: the chambers a path from a head enters one after another.

The blocks (biconnected components) of a region's grid graph are its
chambers: a path that leaves one through a cut cell never comes back, so
it takes one chain of blocks from the head down, and a chain is bounded by
the parity of its blocks (:func:`block_bound`).  The bound takes one
depth-first search (Tarjan's low points, with an explicit stack), in C
where the speedups were built (:func:`chamber_bound`).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...board import Bitboard, Cell
from ...territory import reach
from . import _native
from .parity import colour_masks, parity_bound


def block_bound(share: Bitboard, head: Cell, stride: int, red: Bitboard) -> int:
    """An upper bound on a path from ``head`` through ``share`` (the head in it, not counted): its
    tree of chambers.

    The chambers are the blocks (biconnected components) of the share's
    grid graph, found by one depth-first search from the head (Tarjan's low
    points).  A path that leaves a block through a cut cell never comes
    back, so it takes at most one chain of blocks from the head down; each
    block, entered at its cut cell, is bounded by the parity of its other
    cells, and a chain by their sum.  The answer is the best chain.

    >>> s = 6; row = lambda y, xs: sum(1 << (y * s + x) for x in xs)
    >>> red = colour_masks(5, 3)[0]
    >>> room = row(0, range(5)) | row(1, range(5)) | row(2, range(5))   # the head in a corner
    >>> block_bound(room, 0, s, red)   # 7 reds and 7 blacks besides the head
    14
    >>> tee = row(1, range(5)) | row(0, [2]) | row(2, [2])   # a cross, the head at its left end
    >>> block_bound(tee, s, s, red)    # along the bar (4) or the stem (3), never two arms
    4
    """
    best: dict[Cell, int] = {}  # the best chain of blocks below a cell
    for entry, block in blocks(share, head, stride):
        below = max(best.get(u, 0) for u in block)
        best[entry] = max(best.get(entry, 0), _block_parity(entry, block, red) + below)
    return best.get(head, 0)


def blocks(share: Bitboard, head: Cell, stride: int) -> Iterator[tuple[Cell, list[Cell]]]:
    """The blocks (biconnected components) of ``share`` met by a path from ``head``: (entry cell,
    other cells).

    One depth-first search with Tarjan's low points; a block is yielded when
    the search returns to its entry cell, so every block hanging below a
    cell comes before the block that holds the cell.

    >>> s = 6; row = lambda y, xs: sum(1 << (y * s + x) for x in xs)
    >>> corridor = row(0, range(3))   # one block a step
    >>> [(entry, sorted(cells)) for entry, cells in blocks(corridor, 0, s)]
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


def python_chamber_bound(region: Bitboard, head: Cell, width: int, height: int) -> int:
    """:func:`block_bound` of the cells of ``region`` (head not in it) that ``head`` reaches.

    >>> python_chamber_bound(0b11011, 2, 5, 1)   # a 5x1 strip from its middle: one side
    2
    """
    stride = width + 1
    share = reach(region | 1 << head, 1 << head, stride)
    return block_bound(share, head, stride, colour_masks(width, height)[0])


def chamber_bound(region: Bitboard, head: Cell, width: int, height: int) -> int:
    """The bound of a head's tree of chambers in a region: :func:`python_chamber_bound`, in C where
    built."""
    native = _native.speedups
    if native is None:
        return python_chamber_bound(region, head, width, height)
    return int(native.chambers(_native.board_bytes(region, width, height), width, height, head))
