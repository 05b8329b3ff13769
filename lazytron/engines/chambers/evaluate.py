"""A position's score and kind, as pure functions of the position and the settings.

A position is scored from my side with :mod:`.outcome`'s order:

- over (:attr:`Kind.OVER`): both stuck or collided (a draw, ``collision``
  for a head-on one), I am stuck (a loss), the enemy is (a win);
- apart (:attr:`Kind.APART`): ``separate`` a fillable cell of mine less the
  enemy's (:func:`.space.fillable`), refined where the two are close
  (:func:`apart_value`);
- connected (:attr:`Kind.CONNECTED`): the Voronoi split, each side's share
  measured by its tree of chambers with parity (``fill`` a cell) and by the
  free edges of its cells (``edge`` each): :func:`split_value`, a lead
  counting more the farther apart the heads with ``spread`` (:func:`spread`),
  and less the larger it is with ``squash`` (:func:`squash`).

The search in C (``_speedups/``) scores positions the same way; the tests hold
the two equal.
"""

from __future__ import annotations

from enum import IntEnum

from ...board import Cell
from ...territory import voronoi
from .fill import shortfall
from .outcome import DRAW, indeterminate, loss, win
from .settings import Settings
from .space import fillable
from .split import Counts, split_counts


class Kind(IntEnum):
    """What a position is for the search (the codes the search in C uses)."""

    CONNECTED = 0  # the players can still meet
    OVER = 1  # the game is over: no children
    APART = 2  # the players can no longer meet: a leaf for the search, space filling at the root


def distance(cell: Cell, other: Cell, stride: int) -> int:
    """Steps between two cells of a grid of row length ``stride``, walls aside (the Manhattan
    distance).

    >>> distance(0, 0, 5), distance(1, 13, 5), distance(4, 5, 5)
    (0, 4, 5)
    """
    (row, col), (other_row, other_col) = divmod(cell, stride), divmod(other, stride)
    return abs(row - other_row) + abs(col - other_col)


def apart_value(
    mine: int, me: Cell, theirs: int, enemy: Cell, width: int, height: int, settings: Settings
) -> int:
    """The score of players apart: ``separate`` a fillable cell of my region less the enemy's.

    Where the two bounds are within ``close`` cells, each side's value is
    lowered by ``short`` for every cell the greedy walk falls short of its
    bound (:func:`.fill.shortfall`): a region the walk fills is worth its
    bound, one it cannot, less (with ``short`` = ``separate``, as shipped, a
    close race is scored by the lengths the walks take).  Regions of more
    than ``close_cells`` cells are not walked, so that an evaluation stays
    cheap between two clock checks.

    >>> s = 5   # on 4x2 boards: a loose bound of 5 (no path takes 5) against a corridor of 5
    >>> mine, theirs = 0b1001111, 0b100001111
    >>> values = [apart_value(mine, 2 * s - 3, theirs, s, 4, 2, Settings(close=c)) for c in (-1, 2)]
    >>> values == [0, -Settings().short]
    True
    """
    mine_fill, theirs_fill = (
        fillable(mine, me, width, height),
        fillable(theirs, enemy, width, height),
    )
    value = settings.separate * (mine_fill - theirs_fill)
    if (
        abs(mine_fill - theirs_fill) <= settings.close
        and max(mine.bit_count(), theirs.bit_count()) <= settings.close_cells
    ):
        value -= settings.short * (
            shortfall(mine, me, width, height, settings.walk_ahead)
            - shortfall(theirs, enemy, width, height, settings.walk_ahead)
        )
    return value


def apart_score(
    open_: int, me: Cell, enemy: Cell, width: int, height: int, settings: Settings
) -> int:
    """The score of a position whose players cannot meet (``open_`` without the heads):
    :func:`apart_value` of their regions."""
    head, enemy_head = 1 << me, 1 << enemy
    mine, theirs, _, _ = voronoi(open_ | head | enemy_head, head, enemy_head, width + 1)
    return indeterminate(
        apart_value(mine & ~head, me, theirs & ~enemy_head, enemy, width, height, settings)
    )


def split_value(counts: Counts, settings: Settings) -> int:
    """A connected position's value from its split's measures: ``fill`` a cell of bound, ``edge`` an
    edge.

    Each side's bound is the lesser of its tree of blocks' bound and its
    parity bound (both bound the cells a path can take).

    >>> from .split import Counts
    >>> counts = Counts(True, 4, 2, 3, 2, 9, 5, 1, 1)
    >>> split_value(counts, Settings()) == 55 * (3 - 2) + 100 * (9 - 5)
    True
    """
    fill = min(counts.my_chambers, counts.my_parity) - min(
        counts.their_chambers, counts.their_parity
    )
    return settings.fill * fill + settings.edge * (counts.my_edges - counts.their_edges)


def spread(value: int, steps: int, scale: int) -> int:
    """A connected lead as it counts with the heads ``steps`` apart: ``(steps + scale) / scale``
    times itself, rounded towards zero (``scale`` 0: the lead itself).

    The side behind can force a head-on collision, a draw, once the heads meet: a
    lead is safer the farther apart they are.  The value grows with ``value`` at
    every distance, so a bound of a lead is a bound of its spread.

    >>> spread(100, 10, 10), spread(-100, 10, 10), spread(5, 3, 0)
    (200, -200, 5)
    >>> spread(7, 1, 2), spread(-7, 1, 2)
    (10, -10)
    """
    if not scale:
        return value
    scaled = abs(value) * (steps + scale) // scale
    return scaled if value >= 0 else -scaled


def squash(value: int, scale: int) -> int:
    """A connected lead as it counts beside sure things: ``value * scale / (|value| + scale)``,
    rounded towards zero (``scale`` 0: the lead itself).

    The larger a connected lead the less it adds: a lead of ``scale`` counts half
    as much, and none reaches ``scale``, so that with ``scale`` at most
    ``SEPARATE`` a cell more once the players are apart outweighs any connected
    lead.  The value never falls as ``value`` grows, so a bound of a lead is a
    bound of its squash.

    >>> squash(100, 100), squash(-100, 100), squash(10**9, 100), squash(7, 0)
    (50, -50, 99, 7)
    >>> squash(1, 3), squash(-1, 3)
    (0, 0)
    """
    if not scale:
        return value
    squashed = abs(value) * scale // (abs(value) + scale)
    return squashed if value >= 0 else -squashed


def evaluate(
    open_: int, me: Cell, enemy: Cell, ply: int, width: int, height: int, settings: Settings
) -> tuple[int, Kind]:
    """(score, kind) of the position ``ply`` plies from the root: ``open_`` the cells nobody has
    taken, the heads.

    >>> from lazytron.reading import parse_board
    >>> b = parse_board("5 1\\n1   2\\n")
    >>> evaluate(b.free & ~(1 << b.me) & ~(1 << b.enemy), b.me, b.enemy, 0, 5, 1, Settings())
    (0, <Kind.CONNECTED: 0>)
    >>> evaluate(0, 2, 2, 4, 5, 1, Settings(collision=-7))
    (-7, <Kind.OVER: 1>)
    """
    if me == enemy:
        return DRAW + settings.collision, Kind.OVER
    counts = split_counts(open_, me, enemy, width, height)
    mine_stuck, theirs_stuck = not counts.my_moves, not counts.their_moves
    if mine_stuck or theirs_stuck:
        return (
            DRAW if mine_stuck and theirs_stuck else loss(ply) if mine_stuck else win(ply)
        ), Kind.OVER
    if not counts.touching:
        return apart_score(open_, me, enemy, width, height, settings), Kind.APART
    steps = distance(me, enemy, width + 1)
    nearer = settings.aggression * steps
    value = spread(split_value(counts, settings) - nearer, steps, settings.spread)
    value = squash(value, settings.squash)
    return indeterminate(value), Kind.CONNECTED
