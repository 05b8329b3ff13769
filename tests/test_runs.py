"""``benchmarks/runs.py``: strength runs side by side, and every run's games as one score."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import benchmark, benchmark_command

HEADER = "game,pair,round,map,player1,player2,result,outcome,turns\n"


def run_dir(out: Path, part: str, rows: list[str]) -> Path:
    """A strength run's ``--out`` with one part's ``games.csv``."""
    (out / part).mkdir(parents=True, exist_ok=True)
    (out / part / "games.csv").write_text(HEADER + "".join(f"{row}\n" for row in rows))
    return out


def test_every_run_and_part_of_an_opponent_counted_as_one_score(tmp_path: Path) -> None:
    one, two = tmp_path / "s1" / "out", tmp_path / "s2" / "out"
    run_dir(one, "a", ["1,1,1,m,chambers,a,1,x,9", "2,1,1,m,a,chambers,D,x,9"])
    run_dir(one, "a-generated", ["1,1,1,g,chambers,a,D,x,9", "2,1,1,g,a,chambers,D,x,9"])
    run_dir(two, "a", ["1,1,1,m,chambers,a,2,x,9", "2,1,1,m,a,chambers,2,x,9"])
    run_dir(two, "b", ["1,1,1,m,chambers,b,1,x,9", "2,1,1,m,b,chambers,2,x,9"])
    proc = benchmark("runs", str(one), str(two))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    # the runs are named by their folder, the games by map and seat
    assert lines[:4] == [
        "chambers vs a",
        "  map           seat   s1   s2",
        "  m                1    W    L",
        "  m                2    D    W",
    ]
    # a: pairs 1.5 (s1's contest maps), 1 (s1's generated maps) and 1 (s2): 3.5 of 6
    assert lines[-2] == (
        "chambers vs a, every run: 3.5 of 6 = 58.3 % ± 27.5 % (2-3-1;"
        " pentanomial [0, 0, 2, 1, 0] over 3 pairs)"
    )
    assert lines[-1] == (
        "chambers vs b, every run: 2 of 2 = 100.0 % ± 0.0 % (2-0-0;"
        " pentanomial [0, 0, 0, 0, 1] over 1 pair)"
    )


def test_no_games_csv_in_any_run_is_one_line(tmp_path: Path) -> None:
    proc = benchmark("runs", str(tmp_path))
    assert proc.returncode == 2
    assert proc.stderr == "runs: no OUT/OPPONENT/games.csv in any of the runs\n"


def test_games_from_other_openings_of_one_map_are_other_rows(tmp_path: Path) -> None:
    header = HEADER.rstrip("\n") + ",opening\n"
    for run, opening in (("s1", "NSEW"), ("s2", "WWEE"), ("s3", "NSEW")):
        (tmp_path / run / "a-generated").mkdir(parents=True)
        (tmp_path / run / "a-generated" / "games.csv").write_text(
            f"{header}1,1,1,g,chambers,a,D,x,9,{opening}\n2,1,1,g,a,chambers,D,x,9,{opening}\n"
        )
    proc = benchmark("runs", *(str(tmp_path / run) for run in ("s1", "s2", "s3")))
    assert proc.returncode == 0, proc.stderr
    rows = [line.split() for line in proc.stdout.splitlines() if line.startswith("  g:")]
    assert rows == [
        ["g:NSEW", "1", "D", ".", "D"],
        ["g:NSEW", "2", "D", ".", "D"],
        ["g:WWEE", "1", ".", "D", "."],
        ["g:WWEE", "2", ".", "D", "."],
    ]
    assert "  D in every run: 0\n" in proc.stdout  # no start was played by every run


def test_a_reader_that_stops_early_gets_no_complaint(tmp_path: Path) -> None:
    """``runs.py ... | head``: the table is cut short and nothing is said of it on stderr."""
    rows = [f"{i},{i},1,m{i},chambers,a,D,x,9" for i in range(1, 4001)]
    run_dir(tmp_path / "s1", "a", rows)
    proc = subprocess.Popen(
        benchmark_command("runs", str(tmp_path / "s1")),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline() == "chambers vs a\n"
    proc.stdout.close()
    assert proc.stderr.read() == ""
    assert proc.wait(timeout=60) == 1
