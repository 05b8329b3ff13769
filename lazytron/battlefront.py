"""A player's share of a contested board, measured by its chambers and their battlefront.

While the players can still meet, each one's share is its Voronoi cells.
:func:`lazytron.space.fillable` measures such a share as if it were a
closed room: fill the chamber you are in, then take one exit and fill what
lies beyond.  But a chamber that touches cells the enemy reaches no later
than you (the *battlefront*) is contested: a player who stops to fill the
chambers on the way there arrives too late.  So, as a1k0n's bot does, a
path that ends in a battlefront chamber counts only the steps it takes to
reach that chamber's exit, then the battlefront side; a path that stays
away from the front fills what it passes.

``front`` is the set of share cells next to a cell the enemy reaches no
later (its own cells, the ties, its head).
"""

from __future__ import annotations

from typing import NamedTuple

from .space import bounded_memo, chamber, colour_masks, cut_candidates, neighbours, pieces, region_bound

class Share(NamedTuple):
    """What a path from the head can claim: the cells it can claim, whether it ends at the front, the chambers it uses."""

    claim: int
    front: bool
    cells: int


_cache: dict[tuple[int, int, int, int], Share] = {}
CACHE_SIZE = 50_000


def front_cells(share: int, contested: int, stride: int) -> int:
    """The cells of ``share`` next to a ``contested`` cell (one the enemy reaches no later).

    >>> bin(front_cells(0b0111, 0b1000, 5))   # a row: only the cell beside the contested one
    '0b100'
    """
    return share & neighbours(contested, stride)


def steps(cells: int, head: int, target: int, stride: int) -> int:
    """Moves from ``head`` to ``target`` stepping only on ``cells`` (which hold ``target``).

    >>> steps(0b1110, 0, 3, 5)   # along a row: three steps
    3
    """
    seen = front = 1 << head
    goal = 1 << target
    count = 0
    while front and not seen & goal:
        front = neighbours(front, stride) & cells & ~seen
        seen |= front
        count += 1
    return count


def share_space(region: int, head: int, front: int, width: int, height: int) -> Share:
    """The best path's :class:`Share` of ``region`` from ``head``, with ``front`` the battlefront cells.

    The chamber tree of :func:`lazytron.space.fillable`, except that an exit
    leading to the battlefront is worth the steps to it plus what lies
    beyond, not the chamber filled on the way.  ``cells`` are the chambers
    the path counts: those it fills, or, for a path to the front, the
    front's side only.  Cached by its arguments.

    >>> # a 7x1 row from its left end: six cells either way, the last one at the front or not
    >>> share_space(0b1111110, 0, 0, 7, 1)[:2], share_space(0b1111110, 0, 1 << 6, 7, 1)[:2]
    ((6, False), (6, True))
    """
    return bounded_memo(_cache, (region, head, front, width), CACHE_SIZE, lambda: _share_space(region, head, front, width, height))


def _share_space(region: int, head: int, front: int, width: int, height: int) -> Share:
    stride = width + 1
    red, _ = colour_masks(width, height)
    total, walked = 0, 0
    while True:
        room, exits = chamber(region, head, cut_candidates(region, stride), stride)
        here = bool((room | 1 << head) & front)
        if not room and len(exits) == 1 and not here:  # a corridor cell: walk on
            cell, beyond = exits[0]
            total += 1
            walked |= 1 << cell
            region, head = beyond, cell
            continue
        best = Share(0, here, 0)
        for piece in pieces(room, head, stride):
            stay = region_bound(piece, head, red)
            if stay > best.claim:
                best = Share(stay, here, piece)
            for cell, beyond in exits:
                if neighbours(1 << cell, stride) & (piece or 1 << head):
                    best = _through(best, here, piece, head, cell, beyond, front, width, height)
        return Share(total + min(best.claim, region_bound(region, head, red)), best.front, walked | best.cells)


def _through(best: Share, here: bool, piece: int, head: int, cell: int, beyond: int, front: int, width: int, height: int) -> Share:
    """The better of ``best`` and the path that leaves ``piece`` by the exit ``cell``."""
    stride = width + 1
    red, _ = colour_masks(width, height)
    through = region_bound(piece | 1 << cell, head, red)
    if through + region_bound(beyond, cell, red) <= best.claim:  # parity alone says it cannot pay
        return best
    child = share_space(beyond, cell, front, width, height)
    if child.front:
        option = Share(steps(piece | 1 << cell, head, cell, stride) + child.claim, True, child.cells | 1 << cell)
    else:
        option = Share(through + child.claim, here, piece | 1 << cell | child.cells)
    return option if option.claim > best.claim else best
