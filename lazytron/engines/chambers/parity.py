"""Checkerboard parity: the colours of a grid, and the most cells a path can take by them alone.

A path on a grid alternates the two colours of its checkerboard, so the
cells it takes are bounded by how many of each colour it can reach
(:func:`parity_bound`); every bound of the engine is at most this one.
"""

from __future__ import annotations

from functools import lru_cache

from ...board import grid_mask


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
    """Most cells a path can take from a cell of one colour, with ``same`` cells of that colour and
    ``other`` of the other.

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
