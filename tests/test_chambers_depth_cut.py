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
