"""The chambers engine's filling against exact longest paths, and against best_step, on small
regions."""

from __future__ import annotations

import random

import pytest
from test_space import longest_path, regions

from lazytron.engines.chambers.fill import (
    best_step,
    enter,
    lines,
    python_walk,
    shortfall,
    walk,
    walk_ahead,
)
from lazytron.engines.chambers.parity import colour_masks
from lazytron.engines.chambers.space import fillable, steps
from lazytron.reading import load_board, parse_board
from lazytron.territory import reach

# hand-made regions ('1' the head, ' ' the region) where best_step, played move by move, falls short
SHORT_FOR_BEST_STEP = [
    ["##  ", "    ", "   #", " 1  ", "   #"],
    ["     ", "  #  ", "     ", "# 1  ", "#   #"],
]


def region_of(rows: list[str]) -> tuple[int, int, int, int]:
    """(region, head, width, height) of rows drawn as above."""
    width, height = len(rows[0]), len(rows)
    board = parse_board(
        f"{width} {height + 2}\n"
        + "\n".join(rows)
        + "\n"
        + "#" * width
        + "\n2"
        + "#" * (width - 1)
        + "\n"
    )
    me = 1 << board.me
    return reach(board.free & ~(1 << board.enemy), me, board.stride) & ~me, board.me, width, height


def play_best_step(region: int, head: int, width: int, height: int) -> int:
    moves = 0
    while (target := best_step(region, head, width, height, 2)) is not None:
        region, head, moves = region & ~(1 << target), target, moves + 1
    return moves


def test_the_walk_is_a_real_path_within_the_bound():
    for width, height, region, head in regions(3, 300):
        length = walk(region, head, width, height)
        assert (
            length <= longest_path(region, head, width + 1) <= fillable(region, head, width, height)
        )
        assert length >= 1 if steps(region, head, width + 1) else length == 0


def test_the_walk_takes_the_longest_path_of_almost_every_small_region():
    # ranked by the chamber bound left, the walk is exact on 397 of these 400; ranked by parity
    # alone it was on 385
    found = [
        (walk(region, head, width, height), longest_path(region, head, width + 1))
        for width, height, region, head in regions(3, 400)
    ]
    assert sum(length == longest for length, longest in found) >= 0.98 * len(found)


@pytest.mark.parametrize(
    "rows",
    [
        [
            " 1 ",
            "#  ",
        ],  # the cell left of the head is a dead end, though the rest is not cut off from it
        [
            " 1  ",
            "  ##",
        ],  # without the head the region is in two pieces: the walk must take the larger
    ],
)
def test_the_walk_keeps_out_of_dead_ends_and_small_pieces_beside_the_head(rows):
    region, head, width, height = region_of(rows)
    assert walk(region, head, width, height) == longest_path(region, head, width + 1)


def test_the_walk_in_c_takes_as_many_steps_as_in_python(project_maps, speedups):
    c_walk = walk
    rng = random.Random(5)
    for path in project_maps:  # each map with random walls, from its first player's start
        board = load_board(str(path))
        stride, me = board.stride, 1 << board.me
        for _ in range(15):
            walls = sum(
                1 << c
                for c in range(board.free.bit_length())
                if rng.random() < rng.choice((0.05, 0.2, 0.35))
            )
            region = reach((board.free & ~walls) | me, me, stride) & ~me & ~(1 << board.enemy)
            args = (region, board.me, board.width, board.height)
            assert c_walk(*args) == python_walk(*args)
    for width, height, region, head in regions(7, 400, max_cells=40):
        assert c_walk(region, head, width, height) == python_walk(region, head, width, height)


def test_shortfall_is_what_the_walk_leaves_of_the_bound():
    for width, height, region, head in regions(5, 200):
        short = shortfall(region, head, width, height)
        assert (
            short == fillable(region, head, width, height) - walk(region, head, width, height) >= 0
        )
        if short == 0:  # the walk reached the bound: the bound is exact
            assert fillable(region, head, width, height) == longest_path(region, head, width + 1)


def test_walking_ahead_finds_longer_lines_up_to_the_longest_path():
    longer = 0
    for width, height, region, head in regions(11, 200, max_cells=14):
        exact = longest_path(region, head, width + 1)
        found = [walk_ahead(region, head, width, height, ahead, exact + 1) for ahead in range(4)]
        assert found[0] == walk(region, head, width, height)
        assert found == sorted(found) and found[-1] <= exact  # each a path; more steps, no shorter
        # every path of as many steps as there are cells: the longest path itself
        assert walk_ahead(region, head, width, height, region.bit_count(), exact + 1) == exact
        bound = fillable(region, head, width, height)
        assert shortfall(region, head, width, height, 2) == bound - found[2]
        longer += found[2] > found[0]
    assert longer  # the walk's first steps are not always the best ones


def test_walking_ahead_stops_at_the_top_it_is_given():
    for width, height, region, head in regions(12, 100):
        full = walk_ahead(region, head, width, height, 2, 10**6)
        for top in range(full):  # a line reaching the top ends the search: it finds at least that
            assert top <= walk_ahead(region, head, width, height, 2, top) <= full


def test_entering_a_cut_cell_keeps_the_larger_part():
    red = colour_masks(5, 3)[0]
    s = 6  # a 5x3 grid: row 1 is a corridor with a room of 3 on the right and 1 on the left
    corridor = sum(1 << (s + x) for x in range(5)) | 1 << 4 | 1 << (2 * s + 4)
    bound, left = enter(corridor, s + 1, s, red)
    assert left == corridor & ~(1 << s | 1 << (s + 1)) and bound == 4


def test_lines_end_at_the_longest_path():
    for width, height, region, head in regions(4, 150, max_cells=14):
        results = list(lines(region, head, width, height))
        lengths = [length for length, _ in results]
        assert lengths == sorted(lengths)  # each depth keeps the best so far
        assert lengths[-1] == longest_path(region, head, width + 1)


@pytest.mark.parametrize("rows", SHORT_FOR_BEST_STEP)
def test_lines_fill_regions_where_best_step_falls_short(rows):
    region, head, width, height = region_of(rows)
    longest = longest_path(region, head, width + 1)
    assert play_best_step(region, head, width, height) < longest
    length, first = list(
        lines(region, head, width, height, best_step(region, head, width, height, 2))
    )[-1]
    assert length == longest and first in steps(region, head, width + 1)


def test_lines_try_the_given_move_first_and_keep_it_on_a_tie():
    region, head, width, height = region_of(
        ["     ", "  1  ", "     "]
    )  # 14 cells, 13 by parity, from any move
    assert fillable(region, head, width, height) == 13
    for first in steps(region, head, width + 1):
        assert list(lines(region, head, width, height, first)) == [(13, first)]
