"""The chambers engine's space measures against slow exact computations on small random regions."""

from __future__ import annotations

import random

import pytest

from lazytron.board import grid_mask
from lazytron.engines.chambers.parity import colour_masks, parity_bound, region_bound
from lazytron.engines.chambers.space import chamber, cut_candidates, fillable, python_fillable
from lazytron.reading import load_board
from lazytron.territory import reach


def cells(bits: int) -> list[int]:
    return [i for i in range(bits.bit_length()) if bits >> i & 1]


def steps(cell: int, stride: int) -> tuple[int, ...]:
    return (cell - stride, cell + 1, cell + stride, cell - 1)


def longest_path(region: int, head: int, stride: int) -> int:
    """The exact longest simple path from ``head`` through ``region`` (exponential: small regions
    only)."""
    best = 0
    for target in steps(head, stride):
        if target >= 0 and region >> target & 1:
            best = max(best, 1 + longest_path(region & ~(1 << target), target, stride))
    return best


def articulation_points(region: int, stride: int) -> int:
    """Cells whose removal splits their connected part of ``region`` (one flood per cell)."""
    found = 0
    for c in cells(region):
        part = reach(region, 1 << c, stride) & ~(1 << c)
        if part and reach(part, part & -part, stride) != part:
            found |= 1 << c
    return found


def random_region(rng: random.Random, width: int, height: int, density: float) -> tuple[int, int]:
    """(region, head): random walls in a grid, the head on a free cell, the region its reachable
    cells."""
    stride = width + 1
    free = grid_mask(width, height)
    for c in cells(free):
        if rng.random() < density:
            free &= ~(1 << c)
    head = rng.choice(cells(free) or [0])
    free |= 1 << head
    return reach(free, 1 << head, stride) & ~(1 << head), head


def regions(seed: int, count: int, max_cells: int = 18):
    rng = random.Random(seed)
    while count:
        width, height = rng.randint(2, 6), rng.randint(2, 6)
        region, head = random_region(rng, width, height, rng.choice([0.1, 0.25, 0.35]))
        if region.bit_count() <= max_cells:
            count -= 1
            yield width, height, region, head


def test_colour_masks_alternate_and_cover_the_grid():
    for width, height in [(1, 1), (4, 3), (7, 5)]:
        red, black = colour_masks(width, height)
        assert red & black == 0 and red | black == grid_mask(width, height)
        stride = width + 1
        for c in cells(red):  # no two cells of one colour are neighbours
            assert all(t < 0 or not (red >> t & 1) for t in steps(c, stride))


@pytest.mark.parametrize("same, other", [(a, b) for a in range(6) for b in range(6)])
def test_parity_bound_is_the_longest_alternating_sequence(same, other):
    # the longest sequence other, same, other, ... that the counts allow
    longest, left = 0, {0: other, 1: same}
    while left[longest % 2]:
        left[longest % 2] -= 1
        longest += 1
    assert parity_bound(same, other) == longest


def test_parity_bound_is_tight_on_a_strip():
    # a 1xN strip from its end: every cell is fillable, and the bound says so
    for n in range(2, 9):
        region = (1 << n) - 2
        red, _ = colour_masks(n, 1)
        assert region_bound(region, 0, red) == n - 1 == longest_path(region, 0, n + 1)


def test_cut_candidates_contain_every_articulation_point():
    for width, _, region, head in regions(1, 300):
        stride = width + 1
        whole = region | 1 << head
        assert articulation_points(whole, stride) & ~cut_candidates(whole, stride) == 0


def test_fillable_is_never_below_the_longest_path():
    tight = 0
    for width, height, region, head in regions(2, 400):
        stride = width + 1
        exact = longest_path(region, head, stride)
        bound = fillable(region, head, width, height)
        red, _ = colour_masks(width, height)
        assert exact <= bound <= region_bound(region, head, red), (width, height, region, head)
        tight += bound == exact
    assert tight >= 300  # mostly exact on small regions (320 of 400 when written)


def test_chambers_beat_parity_on_two_dead_ends():
    # a corridor with two dead-end rooms either side of the head: one can be filled, not both
    rows = ["###.###", "##...##", "...1...", "#######"]
    width, height = 7, 4
    stride = width + 1
    region = sum(
        1 << (y * stride + x) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "."
    )
    head = 2 * stride + 3
    exact = longest_path(region, head, stride)
    red, _ = colour_masks(width, height)
    assert fillable(region, head, width, height) == exact < region_bound(region, head, red)


def test_chamber_exits_lead_to_regions_apart_from_the_chamber():
    for width, _, region, head in regions(3, 200):
        stride = width + 1
        room, exits = chamber(region, head, cut_candidates(region, stride), stride)
        for cell, beyond in exits:
            assert beyond & room == 0 and not beyond >> cell & 1
            assert (
                reach(region & ~(1 << cell), beyond or 1 << cell, stride) & room == 0 or not beyond
            )


def test_c_and_python_give_the_same_fillable_bound(project_maps, speedups):
    c_fillable = fillable
    rng = random.Random(5)
    for path in project_maps:  # each map's cells the first head reaches, some walled at random
        board = load_board(str(path))
        for density in (0.6, 0.8, 0.95, 1.0):
            walled = sum(1 << c for c in range(board.free.bit_length()) if rng.random() < density)
            region = reach((board.free & walled) | 1 << board.me, 1 << board.me, board.stride) & ~(
                1 << board.me
            )
            args = (region, board.me, board.width, board.height)
            assert c_fillable(*args) == python_fillable(*args), (path.name, density)
    checked = 0
    for width, height, region, head in regions(
        6, 3000, max_cells=60
    ):  # small grids: corridors, pockets, dead ends
        assert c_fillable(region, head, width, height) == python_fillable(
            region, head, width, height
        ), (width, height, region, head)
        checked += region.bit_count() > 10
    assert checked > 100


def test_c_fillable_of_regions_the_head_cannot_enter_or_barely(speedups):
    c_fillable = fillable
    width, height = 5, 4
    far = 1 << (2 * (width + 1) + 3)  # one cell, not next to the head at 0
    assert [c_fillable(region, 0, width, height) for region in (0, 0b10, far, far | 0b10)] == [
        0,
        1,
        0,
        1,
    ]
    assert [python_fillable(region, 0, width, height) for region in (0, 0b10, far, far | 0b10)] == [
        0,
        1,
        0,
        1,
    ]
