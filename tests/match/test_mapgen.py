"""Generated maps: contest format, point-symmetric, connected, heads apart, reproducible; safe
openings."""

from __future__ import annotations

import time

import pytest
from conftest import lazytron

from lazytron.match.mapgen import (
    MapError,
    MapSpec,
    NoMapError,
    distance,
    generate,
    generate_many,
    is_symmetric,
    mirror,
    opening,
)
from lazytron.match.rules import Outcome, advance
from lazytron.reading import parse_board
from lazytron.territory import reach

SPECS = [
    MapSpec(),
    MapSpec(9, 7, 0.3),
    MapSpec(20, 12, 0.0, border=False),
    MapSpec(16, 16, 0.45, border=False, apart=4),
]


def cells(board):
    """(y, x) -> character, read back from the printed map."""
    return {
        (y, x): c for y, row in enumerate(str(board).splitlines()[1:]) for x, c in enumerate(row)
    }


@pytest.mark.parametrize("spec", SPECS)
def test_maps_are_fair_connected_and_reproducible(spec):
    for seed, board in generate_many(spec, 100, 10):
        assert parse_board(str(board)) == board  # the contest format
        grid = cells(board)
        h, w = board.height, board.width
        for (y, x), c in grid.items():  # the point reflection, read off the printed map
            assert grid[(h - 1 - y, w - 1 - x)] == {"1": "2", "2": "1"}.get(c, c)
        assert is_symmetric(board)
        assert (
            reach(board.free, 1 << board.me, board.stride) == board.free
        )  # every free cell reachable
        assert distance(board) >= spec.least_apart
        if spec.border:
            assert all(c == "#" for (y, x), c in grid.items() if y in (0, h - 1) or x in (0, w - 1))
        assert generate(spec, seed) == board
    boards = {board for _, board in generate_many(spec, 100, 10)}
    assert len(boards) == 10


def test_open_maps_have_free_edge_cells():
    board = generate(MapSpec(12, 12, 0.1, border=False), 3)
    assert any(c != "#" for (y, x), c in cells(board).items() if y == 0)


def test_mirror_is_an_involution():
    for w, h in ((5, 3), (6, 4)):
        stride = w + 1
        for y in range(h):
            for x in range(w):
                c = y * stride + x
                assert mirror(w, h, mirror(w, h, c)) == c


@pytest.mark.parametrize(
    "spec", [MapSpec(3, 10), MapSpec(10, 201), MapSpec(density=0.7), MapSpec(density=-0.1)]
)
def test_bad_options_are_refused(spec):
    with pytest.raises(MapError):
        generate(spec, 1)


def test_an_apart_larger_than_the_grid_allows_is_refused_at_once():
    start = time.monotonic()
    with pytest.raises(MapError, match=r"^--apart 50 does not fit a 4x4 map: at most 1 ") as e:
        generate(MapSpec(4, 4, 0.6, apart=50), 1)
    assert not isinstance(e.value, NoMapError) and time.monotonic() - start < 0.1
    with pytest.raises(MapError, match=r"^a 4x4 map is too small for heads 2 steps apart"):
        generate(MapSpec(4, 4), 1)  # the default apart: half the smaller side
    assert MapSpec(15, 15).most_apart == 42 and generate(MapSpec(15, 15, 0.0, apart=20), 1)


def test_heads_never_far_enough_apart_blame_apart():
    with pytest.raises(NoMapError, match=r"^no 15x15 map in 1000 tries: the heads were at most "):
        generate(MapSpec(15, 15, 0.15, apart=40), 1)


def test_a_density_that_cuts_the_heads_apart_is_blamed_within_the_time_bound():
    start = time.monotonic()
    with pytest.raises(NoMapError, match=r"walls of density 0.6 cut the heads apart.*--density"):
        generate(MapSpec(200, 200, 0.6), 1, seconds=1)
    assert time.monotonic() - start < 3


@pytest.mark.parametrize("seed", range(20))
def test_openings_are_safe_and_reproducible(seed):
    board = generate(MapSpec(11, 9, 0.25), seed)
    moves = opening(board, 4, seed)
    assert len(moves) == 4 and moves == opening(board, 4, seed)
    for one, two in moves:
        board = advance(board, one, two)
        assert not isinstance(board, Outcome)
        for head in (board.me, board.enemy):
            free_neighbours = [
                n
                for n in (head - 1, head + 1, head - board.stride, head + board.stride)
                if n >= 0 and board.free >> n & 1 and n not in (board.me, board.enemy)
            ]
            assert free_neighbours


def test_openings_differ_between_seeds():
    board = generate(MapSpec(15, 15, 0.1), 1)
    assert len({opening(board, 3, seed) for seed in range(20)}) > 10


def test_the_command_writes_the_maps_it_names(tmp_path):
    options = [
        "--count",
        "3",
        "--size",
        "13x9",
        "--density",
        "0.2",
        "--seed",
        "5",
        "--out",
        str(tmp_path),
    ]
    done = lazytron("maps", "generate", *options)
    assert done.returncode == 0 and done.stderr == ""
    paths = done.stdout.split()
    assert [p.rsplit("/", 1)[1] for p in paths] == [f"gen-13x9-d20-s{s}.txt" for s in (5, 6, 7)]
    for seed, path in zip((5, 6, 7), paths, strict=True):
        assert parse_board(open(path).read()) == generate(MapSpec(13, 9, 0.2), seed)
    impossible = ["--size", "4x4", "--density", "0.6", "--apart", "40"]
    for args, status in (
        (["--size", "3x3"], 2),
        (["--size", "big"], 2),
        (["--density", "0.9"], 2),
        (impossible, 2),
    ):
        done = lazytron("maps", "generate", *args, "--out", str(tmp_path))
        assert (
            done.returncode == status
            and done.stderr.startswith("lazytron maps: ")
            and "Traceback" not in done.stderr
        )


@pytest.mark.parametrize(
    "args, status, message, most",
    [
        (["--size", "²x²"], 2, "--size '²x²': size must be WxH with whole numbers, e.g. 15x15", 5),
        (["--size", "15x15", "--apart", "500"], 2, "--apart 500 does not fit a 15x15 map: at", 5),
        (["--size", "15x15", "--apart", "40"], 1, "no 15x15 map in 1000 tries: the heads", 10),
        (["--size", "200x200", "--density", "0.6"], 1, "no 200x200 map in ", 10 + 10),
    ],
)
def test_maps_generate_refuses_in_one_line_within_its_bound(tmp_path, args, status, message, most):
    """A bad size or an impossible --apart at once; a search that cannot succeed within 10 s,
    blaming what made it fail."""
    start = time.monotonic()
    done = lazytron("maps", "generate", *args, "--out", str(tmp_path))
    assert time.monotonic() - start < most
    assert done.returncode == status and done.stderr.startswith(f"lazytron maps: {message}")
    assert len(done.stderr.splitlines()) == 1 and list(tmp_path.iterdir()) == []
