"""``benchmarks/decisive.py --ending``: which games of a strength run it searches again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

DECISIVE = ROOT / "benchmarks" / "decisive.py"
GAMES = """game,pair,round,map,player1,player2,result,outcome,turns
1,1,1,m,chambers,x,2,Player Two Wins!,5
2,1,1,m,x,chambers,D,Players collided. Draw!,5
3,1,1,m,x,chambers,2,Player Two Wins!,5
4,2,1,m,chambers,x,D,Both players crashed. Draw!,5
"""


def decisive(directory: Path, *args: str) -> subprocess.CompletedProcess:
    """decisive.py on a strength run's directory holding ``GAMES`` and no records."""
    (directory / "games.csv").write_text(GAMES)
    return subprocess.run(
        [sys.executable, str(DECISIVE), str(directory), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "args, searched", [([], [1]), (["--ending", "lost"], [1]), (["--ending", "drawn"], [2, 4])]
)
def test_it_searches_the_games_that_ended_as_asked(
    args: list[str], searched: list[int], tmp_path: Path
) -> None:
    proc = decisive(
        tmp_path, *args
    )  # no records: each game searched is named in one line, exit status 1
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert [int(line.split()[2].rstrip(":")) for line in proc.stderr.splitlines()] == searched


def test_an_ending_it_does_not_know_is_refused(tmp_path: Path) -> None:
    proc = decisive(tmp_path, "--ending", "won")
    assert proc.returncode == 2
    assert "invalid choice: 'won'" in proc.stderr
    assert "Traceback" not in proc.stderr
