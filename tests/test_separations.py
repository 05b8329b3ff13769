"""``benchmarks/separations.py``: each game's first position apart, its estimates and the engine's
own score beside the result."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from conftest import benchmark
from test_drawn import strength_run

# the players start apart, each in a room of its own: player 1's room holds a dead end the
# greedy walk can miss, player 2's a plain rectangle
BOARD = "#########\n#   #   #\n# 1 # 2 #\n## ##   #\n#   #   #\n#########"
RECORDS = {
    1: f"+OK|9 6|{BOARD}|chambers|x|NN|2|+OK",
    2: f"+OK|9 6|{BOARD}|x|chambers|NN|1|+OK",
}
GAMES = """game,pair,round,map,player1,player2,result,outcome,turns
1,1,1,m,chambers,x,2,Player Two Wins!,1
2,1,1,m,x,chambers,1,Player One Wins!,1
"""
KINDS = ("bound", "walk", "ahead", "line", "scored")
LINE = re.compile(
    r"game +(\d+) m +([WDL])  bound ([-+]\d+)  walk ([-+]\d+)  ahead ([-+]\d+)"
    r"  line ([-+]\d+)  scored ([-+][\d.]+)$"
)


def separated_run(directory: Path) -> Path:
    directory.mkdir()
    return strength_run(directory, GAMES, RECORDS)


def run(*args: str) -> subprocess.CompletedProcess:
    return benchmark("separations", *args, "--checks", "500")


def estimates(text: str) -> list[dict[str, float]]:
    rows = []
    for line in text.splitlines():
        if match := LINE.match(line):
            rows.append(dict(zip(KINDS, map(float, match.groups()[2:]), strict=True)))
    return rows


def test_the_engine_s_score_is_the_bound_or_the_walk_as_its_options_say(tmp_path: Path) -> None:
    directory = separated_run(tmp_path / "run")
    bounds = estimates(run(str(directory), "--option", "CLOSE=-1").stdout)
    walks = estimates(run(str(directory), "--option", "CLOSE=1000").stdout)
    aheads = estimates(
        run(str(directory), "--option", "CLOSE=1000", "--option", "WALK_AHEAD=2").stdout
    )
    assert len(bounds) == len(walks) == len(aheads) == 2
    # the same position from either seat: the differences change sign
    assert {k: -v for k, v in bounds[0].items()} == bounds[1]
    assert bounds[0]["bound"] != bounds[0]["walk"]  # the walk falls short in one room
    for rows, kind in ((bounds, "bound"), (walks, "walk"), (aheads, "ahead")):
        assert all(row["scored"] == row[kind] for row in rows), (kind, rows)


def test_several_runs_are_counted_together(tmp_path: Path) -> None:
    first, second = separated_run(tmp_path / "a"), separated_run(tmp_path / "b")
    proc = run(str(first), str(second))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == str(first) and str(second) in lines
    assert len(estimates(proc.stdout)) == 4
    assert lines[-1].startswith("4 games apart; result foretold by bound ")


def test_a_bad_option_or_directory_is_one_line(tmp_path: Path) -> None:
    directory = separated_run(tmp_path / "run")
    proc = run(str(directory), "--option", "DEPTH=3")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert re.fullmatch(r"separations: no option DEPTH \(.*\)\n", proc.stderr), proc.stderr
    proc = run(str(directory), str(tmp_path / "absent"))
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (
        f"separations: {tmp_path / 'absent'}: no games.csv (a strength run's opponent directory)\n"
    )
