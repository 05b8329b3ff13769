"""``benchmarks/chambers_depth.py --map NAME --cut``: the lines each depth cuts, and where a search
is exhaustive."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT

from lazytron.engines.chambers import Settings, init_tree
from lazytron.engines.chambers.search import search
from lazytron.reading import load_board


def cut(name: str, seconds: float) -> tuple[list[tuple[int, int, int]], str]:
    """(depth, value, lines cut) of each depth the benchmark printed, and its output."""
    run = subprocess.run(
        [sys.executable, "chambers_depth.py", "--map", name, "--cut", "--time", str(seconds)],
        cwd=ROOT / "benchmarks",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    found = re.findall(r"depth (\d+): .* value (-?\d+), \w+, (\d+) lines cut", run.stdout)
    return [(int(d), int(v), int(c)) for d, v, c in found], run.stdout


def test_a_search_that_cuts_no_line_is_the_value_of_every_deeper_one(shared):
    depths, out = cut("test-board", 5)
    depth, value, lines = depths[-1]
    assert lines == 0 and f"exhaustive at depth {depth}" in out
    board = load_board(str(shared / "maps" / "contest" / "test-board.txt"))
    root = init_tree(board, Settings(horizon=0))
    assert [search(root, d)[0] for d in range(2, depth + 12, 2)][-6:] == [value] * 6


def test_a_search_the_depth_cuts_says_how_many_lines(shared):
    depths, out = cut("toronto", 0.05)
    assert depths and all(lines > 0 for _, _, lines in depths)
    assert "exhaustive" not in out


def ours(board: str, seconds: float, tmp_path) -> list[str]:
    """``depth_vs_a1k0n.ours`` on ``board``: (depth, evaluations, whether the whole game)."""
    path = tmp_path / "board.txt"
    path.write_text(board)
    code = (
        "import sys; from depth_vs_a1k0n import ours; from lazytron.engines.chambers import "
        f"Settings; print(*ours({str(path)!r}, {seconds}, Settings()))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT / "benchmarks",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.split()


def test_the_depth_benchmark_counts_a_search_that_ended_before_its_time_as_the_whole_game(
    tmp_path,
):
    # a corridor whose lines all end within a few moves, searched for 30 s: it ends at once
    depth, _, whole = ours("8 3\n########\n#1    2#\n########\n", 30, tmp_path)
    assert whole == "True" and 0 < int(depth) < 10
    # an open room, searched for a twentieth of a second: the clock ends it
    room = "12 12\n" + "#" * 12 + "\n" + "#1" + " " * 9 + "#\n"
    room += ("#" + " " * 10 + "#\n") * 8 + "#" + " " * 9 + "2#\n" + "#" * 12 + "\n"
    assert ours(room, 0.05, tmp_path)[2] == "False"
