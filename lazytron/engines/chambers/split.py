"""The Voronoi split measured in one pass: what a connected evaluation needs, in C where it was
built.

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

from typing import NamedTuple

from ...board import Bitboard, Cell, neighbours
from ...territory import voronoi
from . import _native
from .blocks import block_bound
from .parity import colour_masks, region_bound


class Counts(NamedTuple):
    """Whether the two shares meet, each share's parity bound, chamber bound and edges, and each
    head's moves."""

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


def python_counts(open_: Bitboard, me: Cell, enemy: Cell, width: int, height: int) -> Counts:
    """The split's measures of a position: ``open_`` free cells (heads not in it), the heads
    ``me != enemy``.

    >>> from lazytron.reading import parse_board
    >>> b = parse_board("5 1\\n1   2\\n")          # one tie in the middle
    >>> tuple(python_counts(b.free & ~(1 << b.me) & ~(1 << b.enemy), b.me, b.enemy, 5, 1))
    (True, 1, 1, 1, 1, 2, 2, 1, 1)
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
