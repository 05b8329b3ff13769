"""The Voronoi split's measures: the C speedups against the Python, and the chamber bound against
real paths."""

from __future__ import annotations

import random
import shutil

import pytest
from positions import random_positions

from lazytron.engines.chambers import _native
from lazytron.engines.chambers.blocks import block_bound, chamber_bound, python_chamber_bound
from lazytron.engines.chambers.parity import colour_masks, region_bound
from lazytron.engines.chambers.split import edges, python_counts, split_counts
from lazytron.reading import load_board
from lazytron.territory import reach, voronoi

COMPILERS = ("cc", "gcc", "clang")
REGIONS = 300  # the longest path is found by trying every path: small regions, not too many


def open_cells(board):
    return board.free & ~(1 << board.me) & ~(1 << board.enemy)


def random_share(rng: random.Random) -> tuple[int, int, int, int]:
    """(share with its head, head, width, height): what a head reaches in a random small grid."""
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


def test_the_speedups_are_built_where_a_compiler_is(monkeypatch):
    # pip install builds the speedups with any C compiler; the engine then uses them unless
    # LAZYTRON_PURE=1
    if not any(shutil.which(cc) for cc in COMPILERS):
        pytest.skip("no C compiler: the Python measures are used")
    monkeypatch.delenv("LAZYTRON_PURE", raising=False)
    assert _native._load() is not None
    monkeypatch.setenv("LAZYTRON_PURE", "1")
    assert _native._load() is None


@pytest.mark.parametrize("seed", range(4))
def test_c_and_python_give_the_same_measures(seed, project_maps, speedups):
    c_counts = split_counts
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
        assert counts.my_chambers == block_bound(mine, board.me, stride, red)


def test_the_chamber_bound_is_never_below_the_longest_path_and_often_equal():
    rng = random.Random(3)
    exact = 0
    for _ in range(REGIONS):
        share, head, width, height = random_share(rng)
        stride = width + 1
        bound = block_bound(share, head, stride, colour_masks(width, height)[0])
        longest = longest_path(share, head, stride)
        assert longest <= bound <= share.bit_count() - 1
        exact += bound == longest
    # tight on most small regions (a loose bound would be useless to the evaluation)
    assert exact > REGIONS * 3 // 4


def test_a_path_cannot_fill_two_dead_end_chambers():
    # a 1x9 corridor, the head in its middle: parity allows all 8 other cells, a path takes one side
    width, head = 9, 4
    share = (1 << width) - 1
    red = colour_masks(width, 1)[0]
    assert region_bound(share & ~(1 << head), head, red) == 8
    assert block_bound(share, head, width + 1, red) == 4
    counts = python_counts(
        share & ~(1 << head) & ~(1 << 0), head, 0, width, 1
    )  # the enemy at the left end
    # my share: cell 3 on the left (2 is a tie) and 5-8 on the right; parity allows all 5, a path 4
    assert (counts.my_parity, counts.my_chambers) == (5, 4)


@pytest.mark.parametrize("name", ["chambers", "walk", "fillable"])
@pytest.mark.parametrize("head, width, height", [(-1, 3, 3), (12, 3, 3), (0, 0, 3), (0, 3, 0)])
def test_the_c_region_measures_refuse_a_head_off_the_grid(name, head, width, height, speedups):
    measure = getattr(speedups, name)
    with pytest.raises(
        ValueError,
        match=f"^{name}: the grid must be 1x1 or more and the heads distinct cells of it$",
    ):
        measure(b"", width, height, head)
    assert (
        measure(_native.board_bytes(0b110, 3, 3), 3, 3, 0) == 2
    )  # on the grid it measures: two cells beside the head


def test_the_c_split_refuses_heads_off_the_grid_or_on_one_cell(speedups):
    for me, enemy in ((0, 0), (-1, 2), (0, 12)):
        with pytest.raises(
            ValueError,
            match="^split: the grid must be 1x1 or more and the heads distinct cells of it$",
        ):
            speedups.split(b"", 3, 3, me, enemy)


def test_c_and_python_give_the_same_chamber_bound(project_maps, speedups):
    c_chamber_bound = chamber_bound
    rng = random.Random(11)
    for (
        path
    ) in project_maps:  # random walls on each map, and a head that is also walled in at times
        board = load_board(str(path))
        for _ in range(20):
            region = open_cells(board) & sum(
                1 << c for c in range(board.free.bit_length()) if rng.random() < 0.8
            )
            args = (region, board.me, board.width, board.height)
            assert c_chamber_bound(*args) == python_chamber_bound(*args)
    for _ in range(400):
        share, head, width, height = random_share(rng)
        assert c_chamber_bound(share & ~(1 << head), head, width, height) == python_chamber_bound(
            share & ~(1 << head), head, width, height
        )
        assert python_chamber_bound(share & ~(1 << head), head, width, height) == block_bound(
            share, head, width + 1, colour_masks(width, height)[0]
        )
