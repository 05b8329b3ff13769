"""The Voronoi split's measures: the C extension against the Python, and the chamber bound against real paths."""

from __future__ import annotations

import random
import shutil

import pytest
from positions import random_positions

from lazytron.board import load_board
from lazytron.space import c_region_measure, colour_masks, region_bound
from lazytron.split import (
    block_bound,
    block_chain,
    c_chamber_bound,
    c_counts,
    edges,
    front_bound,
    front_bounds,
    python_chamber_bound,
    python_counts,
    split_counts,
)
from lazytron.territory import reach, voronoi


COMPILERS = ("cc", "gcc", "clang")


def open_cells(board):
    return board.free & ~(1 << board.me) & ~(1 << board.enemy)


def random_share(rng: random.Random) -> tuple[int, int, int, int]:
    """(share with its head, head, width, height): the cells a head reaches in a random small grid."""
    width, height = rng.randint(1, 6), rng.randint(1, 6)
    stride = width + 1
    cells = [y * stride + x for y in range(height) for x in range(width)]
    head = rng.choice(cells)
    density = rng.uniform(0.3, 1.0)
    region = sum(1 << c for c in cells if c != head and rng.random() < density)
    return reach(region | 1 << head, 1 << head, stride), head, width, height


def longest_path(share: int, head: int, stride: int) -> int:
    """The longest path from ``head`` through ``share`` (head not counted), by trying every path."""
    best = 0

    def walk(cell: int, left: int, length: int) -> None:
        nonlocal best
        best = max(best, length)
        for step in (cell - stride, cell + 1, cell + stride, cell - 1):
            if step >= 0 and left >> step & 1:
                walk(step, left & ~(1 << step), length + 1)

    walk(head, share & ~(1 << head), 0)
    return best


def test_the_extension_is_built_where_a_compiler_is():
    # pip install builds lazytron._split with any C compiler; the engine then uses it
    if not any(shutil.which(cc) for cc in COMPILERS):
        pytest.skip("no C compiler: the Python measures are used")
    assert c_counts is not None and split_counts is c_counts


@pytest.mark.parametrize("seed", range(4))
def test_c_and_python_give_the_same_measures(seed, project_maps):
    if c_counts is None:
        pytest.skip("the C extension was not built")
    rng = random.Random(seed)
    for path in project_maps:
        for board in random_positions(load_board(str(path)), rng.randrange(10**6), 6):
            args = (open_cells(board), board.me, board.enemy, board.width, board.height)
            assert c_counts(*args) == python_counts(*args)
    for _ in range(400):  # small grids with random walls: corridors, pockets, heads side by side
        share, head, width, height = random_share(rng)
        cells = [c for c in range(share.bit_length()) if share >> c & 1 and c != head]
        if not cells:
            continue
        enemy = rng.choice(cells)
        args = (share & ~(1 << head) & ~(1 << enemy), head, enemy, width, height)
        assert c_counts(*args) == python_counts(*args)


def test_python_measures_are_the_voronoi_shares_bounds_and_edges(project_maps):
    for board in random_positions(load_board(str(project_maps[0])), 7, 20):
        me, enemy, stride = 1 << board.me, 1 << board.enemy, board.stride
        mine, theirs, _, touching = voronoi(board.free, me, enemy, stride)
        red = colour_masks(board.width, board.height)[0]
        counts = python_counts(open_cells(board), board.me, board.enemy, board.width, board.height)
        assert counts.touching == bool(touching)
        assert counts.my_parity == region_bound(mine & ~me, board.me, red)
        assert counts.their_parity == region_bound(theirs & ~enemy, board.enemy, red)
        assert counts.my_edges == edges(mine, open_cells(board), stride)
        # a chain of chambers is part of the share: its edges are some of the share's
        assert counts.my_chain_edges <= counts.my_edges and counts.their_chain_edges <= counts.their_edges
        # the battlefront only takes away: chambers passed on the way to the front count their steps
        assert counts.my_front <= counts.my_chambers and counts.their_front <= counts.their_chambers
        # a1k0n's score of it leaves the steps out, so it is never above the bound
        assert counts.my_front_score <= counts.my_front and counts.their_front_score <= counts.their_front


def test_the_chamber_bound_is_never_below_the_longest_path_and_often_equal():
    rng = random.Random(3)
    exact = 0
    for _ in range(600):
        share, head, width, height = random_share(rng)
        stride = width + 1
        bound = block_bound(share, head, stride, colour_masks(width, height)[0])
        longest = longest_path(share, head, stride)
        assert longest <= bound <= share.bit_count() - 1
        exact += bound == longest
    assert exact > 450  # tight on most small regions (a loose bound would be useless to the evaluation)


def test_a_path_cannot_fill_two_dead_end_chambers():
    # a 1x9 corridor, the head in its middle: parity allows all 8 other cells, a path takes one side
    width, head = 9, 4
    share = (1 << width) - 1
    red = colour_masks(width, 1)[0]
    assert region_bound(share & ~(1 << head), head, red) == 8
    assert block_bound(share, head, width + 1, red) == 4
    counts = python_counts(share & ~(1 << head) & ~(1 << 0), head, 0, width, 1)   # the enemy at the left end
    # my share: cell 3 on the left (2 is a tie) and 5-8 on the right; parity allows all 5, a path 4
    assert (counts.my_parity, counts.my_chambers) == (5, 4)


def test_chain_edges_count_only_the_chambers_a_path_takes():
    # the 1x9 corridor, the head in its middle: the path takes one side, so its edges are one side's and the head's
    width, head = 9, 4
    share = (1 << width) - 1
    open_ = share & ~(1 << head)
    red = colour_masks(width, 1)[0]
    one_side = edges(0b1111, open_, width + 1)        # cells 0-3
    head_edges = edges(1 << head, open_, width + 1)
    assert block_chain(share, head, width + 1, red, open_) == (4, one_side + head_edges)
    assert one_side + head_edges < edges(share, open_, width + 1)


def test_of_two_chains_as_long_the_one_with_more_edges_is_taken():
    # a corridor to the right (3 cells) and, to the left, 3 cells with an open cell beside the last: more edges
    width, height = 7, 2
    stride = width + 1
    head = 3
    share = 0b1111111                                  # row 0: cells 0-6, the head at 3
    open_ = (share | 1 << stride) & ~(1 << head)      # one more open cell below cell 0, not in the share
    red = colour_masks(width, height)[0]
    left = edges(0b0000111, open_, stride)
    right = edges(0b1110000, open_, stride)
    assert left == right + 1
    assert block_chain(share, head, stride, red, open_) == (3, left + edges(1 << head, open_, stride))


def test_the_battlefront_bound_never_exceeds_the_chamber_bound_and_often_lowers_it_and_so_does_its_score():
    rng = random.Random(5)
    lowered = scored_lower = 0
    for _ in range(600):
        share, head, width, height = random_share(rng)
        stride = width + 1
        red = colour_masks(width, height)[0]
        cells = [c for c in range(share.bit_length()) if share >> c & 1 and c != head]
        front = sum(1 << c for c in cells if rng.random() < 0.15)
        bound = block_bound(share, head, stride, red)
        assert front_bounds(share, head, stride, red, 0) == (bound, bound)  # no front: the tree of chambers
        with_front, score = front_bounds(share, head, stride, red, front)
        assert with_front == front_bound(share, head, stride, red, front) <= bound
        assert with_front >= (1 if cells else 0)  # some path always counts its first step
        assert 0 <= score <= with_front  # a1k0n's score leaves the steps to the front out
        lowered += with_front < bound
        scored_lower += score < with_front
    assert lowered > 30  # the front changes the bound often enough to matter
    assert scored_lower > 20  # and paths to the front that start with steps are common


def test_a_path_to_the_front_counts_the_steps_through_the_room_it_leaves():
    # two 3x3 rooms and a door, my head in the left room's corner, the enemy's cells beyond the right room
    share_rows = ["### ###", "#######", "### ###"]
    width, height = 8, 3
    stride = width + 1
    share = sum(1 << (y * stride + x) for y, row in enumerate(share_rows) for x, c in enumerate(row) if c == "#")
    red = colour_masks(width, height)[0]
    far = 1 << (stride + 6)  # the right room's far side touches the enemy
    assert block_bound(share, 0, stride, red) == 17  # fill the left room (8), the door, the right room (8)
    assert front_bound(share, 0, stride, red, far) == 4 + 8  # four steps to the right room, then it
    # with the front in the left room the path is already there: nothing changes
    assert front_bound(share, 0, stride, red, 1 << 2) == 17
    # a1k0n's score of the path to the far room: that room past its door cell (7), not the steps to it
    assert front_bounds(share, 0, stride, red, far) == (4 + 8, 7)
    assert front_bounds(share, 0, stride, red, 1 << 2) == (17, 17)


@pytest.mark.parametrize("name", ["chambers", "walk", "fillable"])
@pytest.mark.parametrize("head, width, height", [(-1, 3, 3), (12, 3, 3), (0, 0, 3), (0, 3, 0)])
def test_the_c_region_measures_refuse_a_head_off_the_grid(name, head, width, height):
    measure = c_region_measure(name)
    if measure is None:
        pytest.skip("the C extension was not built")
    with pytest.raises(ValueError, match=f"^{name}: the head must be a cell of the grid$"):
        measure(0, head, width, height)
    assert measure(0b110, 0, 3, 3) == 2  # on the grid it measures: the head at a row's end, two cells beside it


def test_c_and_python_give_the_same_chamber_bound(project_maps):
    if c_chamber_bound is None:
        pytest.skip("the C extension was not built")
    rng = random.Random(11)
    for path in project_maps:  # random walls on each map, and a head that is also walled in at times
        board = load_board(str(path))
        for _ in range(20):
            region = open_cells(board) & sum(1 << c for c in range(board.free.bit_length()) if rng.random() < 0.8)
            args = (region, board.me, board.width, board.height)
            assert c_chamber_bound(*args) == python_chamber_bound(*args)
    for _ in range(400):
        share, head, width, height = random_share(rng)
        assert c_chamber_bound(share & ~(1 << head), head, width, height) == python_chamber_bound(share & ~(1 << head), head, width, height)
        assert python_chamber_bound(share & ~(1 << head), head, width, height) == block_bound(share, head, width + 1, colour_masks(width, height)[0])
