"""``benchmarks/trails.py``: the bot's score turn by turn in a strength run's games."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import benchmark

GAMES = """game,pair,round,map,player1,player2,result,outcome,turns
1,1,1,m,chambers,x,D,Players collided. Draw!,3
2,1,1,m,x,chambers,D,Both players crashed. \x1b[2JDraw!,4
3,2,1,n,chambers,x,2,Player Two Wins!,2
4,2,1,n,x,chambers,D,Players collided. Draw!,2
"""
LOGS = {
    1: "# player 1: bot -v\nturn=1 depth=30 score=0 move=South ms=2900\n"
    "turn=2 depth=28 score=0 move=East ms=900\nturn=3 depth=28 score=0 move=East ms=900\n",
    2: "turn=1 depth=20 score=0 move=North ms=2900\nturn=2 depth=20 score=365 move=North ms=900\n"
    "turn=3 depth=20 score=365 move=West ms=900\nturn=4 depth=20 score=0 move=West ms=900\n",
    3: "turn=1 depth=20 score=-40 move=North ms=2900\nturn=2 depth=20 score=-9000 move=West ms=9\n",
}


def run(directory: Path, *args: str) -> subprocess.CompletedProcess:
    return benchmark("trails", str(directory), *args, timeout=60)


def strength_run(directory: Path, logs: dict[int, str]) -> Path:
    """A strength run's opponent directory: ``GAMES``, and the bot's logs of the games in
    ``logs``."""
    (directory / "games").mkdir()
    (directory / "games.csv").write_text(GAMES)
    for game, log in logs.items():
        (directory / "games" / f"game-{game:05d}.log").write_text(log)
    return directory


def test_each_drawn_game_s_trail_and_how_it_came_to_0_counted_by_ending(tmp_path: Path) -> None:
    proc = run(
        strength_run(
            tmp_path,
            {
                **LOGS,
                4: "turn=1 depth=4 score=-20 move=East ms=5\n"
                "turn=2 depth=4 score=0 move=East ms=5\n",
            },
        )
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "game 1, player 1, collision, 3 turns: level: 0x3"
    assert lines[1].startswith("game 2, player 2, 'Both players crashed. \\x1b[2JDraw!', 4 turns")
    assert lines[1].endswith(": from a lead 365: 0 365x2 0")
    assert lines[2] == "game 4, player 2, collision, 2 turns: from behind -20: -20 0"
    assert lines[3:] == [
        "head-on collisions 2 = from behind 1 + level 1",
        "other endings 1 = from a lead 1",
    ]
    assert "\x1b" not in proc.stdout  # the record's text is escaped before the terminal


def test_the_ending_and_the_games_asked_choose_what_is_read(tmp_path: Path) -> None:
    strength_run(tmp_path, LOGS)
    lost = run(tmp_path, "--ending", "lost")
    assert lost.stdout.splitlines() == [
        "game 3, player 1, 'Player Two Wins!', 2 turns: ended not level -9000: -40 -9000",
        "other endings 1 = ended not level 1",
    ]
    only = run(tmp_path, "--game", "2")
    assert [line.split(",")[0] for line in only.stdout.splitlines()[:-1]] == ["game 2"]


def test_a_missing_log_is_one_line_and_the_other_games_are_still_read(tmp_path: Path) -> None:
    proc = run(strength_run(tmp_path, LOGS))  # game 4 drawn, no log
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("trails: game 4: ")
    assert "Traceback" not in proc.stderr
    assert [line.split(",")[0] for line in proc.stdout.splitlines()[:2]] == ["game 1", "game 2"]


def test_a_directory_without_games_csv_is_refused_in_one_line(tmp_path: Path) -> None:
    proc = run(tmp_path)
    assert proc.returncode == 2
    assert proc.stderr == f"trails: {tmp_path} has no games.csv\n"


def test_several_runs_are_named_and_counted_together(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir(), two.mkdir()
    logs = {**LOGS, 4: "turn=1 depth=4 score=0 move=East ms=5\n"}
    proc = run(strength_run(one, logs), str(strength_run(two, logs)))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert [line for line in lines if line.endswith(":")] == [f"{one}:", f"{two}:"]
    assert lines[-2:] == ["head-on collisions 4 = level 4", "other endings 2 = from a lead 2"]


def test_swing_counts_the_decided_games_the_connected_score_misled(tmp_path: Path) -> None:
    logs = {
        **LOGS,
        3: "turn=1 depth=20 score=-40 move=North ms=2900\n"
        "turn=2 depth=20 score=7940 move=West ms=9\nturn=3 depth=20 score=-20000 move=West ms=9\n",
        4: "turn=1 depth=4 score=0 move=East ms=5\n",
    }
    strength_run(tmp_path, logs)
    proc = run(tmp_path, "--ending", "all", "--swing", "5000")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == (
        "won or lost after a connected score of 5000 or more against the result: 1 of 1: 3 (+7940)"
    )
    higher = run(tmp_path, "--ending", "lost", "--swing", "8000")
    assert higher.stdout.splitlines()[-1].endswith("against the result: 0 of 1")
    apart = run(tmp_path, "--ending", "lost", "--swing", "5000", "--separate", "7940")
    assert apart.stdout.splitlines()[-1].endswith(": 0 of 1")  # 7940 now a score apart


def test_a_swing_below_1_is_refused_in_one_line(tmp_path: Path) -> None:
    proc = run(strength_run(tmp_path, LOGS), "--swing", "0")
    assert proc.returncode == 2
    assert proc.stderr == "trails: --swing and --separate must be above 0\n"
