"""``benchmarks/drawn.py``: the drawn games' turns searched again against the enemy's real moves."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from conftest import benchmark

BOARD = "#######\n#     #\n# 1   #\n#     #\n#   2 #\n#     #\n#######"
# a drawn game of random moves on BOARD (a collision on turn 6), with its seats swapped in game 2
# and won in game 3
RECORDS = {
    1: f"+OK|7 7|{BOARD}|chambers|x|SNSEWSSSEWEW|D|+OK",
    2: f"+OK|7 7|{BOARD.replace('1', '3').replace('2', '1').replace('3', '2')}|x|chambers|"
    "NSESSWSSWEWE|D|+OK",
    3: f"+OK|7 7|{BOARD}|chambers|x|ESES|1|+OK",
}
GAMES = """game,pair,round,map,player1,player2,result,outcome,turns
1,1,1,m,chambers,x,D,Players collided. Draw!,6
2,1,1,m,x,chambers,D,Players collided. Draw!,6
3,2,1,m,chambers,x,1,Player One Wins!,2
"""
TURN = re.compile(r"  turn (\d+): played (\w+); against the enemy's move: (.*); the model ranks")


def run(directory: Path, *args: str) -> subprocess.CompletedProcess:
    return benchmark("drawn", str(directory), "--depth", "6", *args)


def strength_run(directory: Path, games: str = GAMES, records: dict[int, str] = RECORDS) -> Path:
    """A strength run's opponent directory: ``games`` as its ``games.csv``, and ``records``."""
    (directory / "games").mkdir()
    (directory / "games.csv").write_text(games)
    for game, record in records.items():
        (directory / "games" / f"game-{game:05d}.tron").write_text(record)
    return directory


def found_turns(text: str) -> list[tuple[int, str, list[tuple[str, int, int]], str]]:
    """(turn, move played, (move, value against the answer, value in the model), the rank)."""
    turns = []
    for line in text.splitlines():
        if match := TURN.match(line):
            values = [
                (move, int(real), int(model))
                for move, real, model in re.findall(r"(\w+) (-?\d+) \((-?\d+)\)", match[3])
            ]
            turns.append((int(match[1]), match[2], values, line.rsplit(" ", 1)[1]))
    return turns


def test_each_turn_found_beats_a_draw_and_the_move_played_and_is_ranked_by_the_model(
    tmp_path: Path,
) -> None:
    proc = run(strength_run(tmp_path))
    assert proc.returncode == 0, proc.stderr
    turns = found_turns(proc.stdout)
    assert turns, proc.stdout
    for _turn, played, values, rank in turns:
        (_best, real, model), mine = values[0], dict((m, (r, o)) for m, r, o in values)[played]
        assert real > 0 and real > mine[0]  # worth more than a draw and the move played
        assert [r for _m, r, _o in values] == sorted((r for _m, r, _o in values), reverse=True)
        assert rank == ("higher" if model > mine[1] else "equal" if model == mine[1] else "lower")
    # the same game seen from either seat finds the same turns; the game won is not read
    headers = [line for line in proc.stdout.splitlines() if line.startswith("game ")]
    assert headers == [
        "game 1, the bot as player 1, 6 turns:",
        "game 2, the bot as player 2, 6 turns:",
    ]
    half = len(turns) // 2
    assert len(turns) % 2 == 0 and turns[:half] == turns[half:]
    higher = sum(rank == "higher" for *_, rank in turns)
    games = 2 if higher else 0
    lines = proc.stdout.splitlines()
    assert lines[-3] == f"drawn games 2, with a turn found 2: turns {len(turns)}"
    assert lines[-2].startswith(f"the model ranks the better move higher: {higher} turn")
    assert lines[-2].endswith(f" of {games} games")
    assert lines[-1].startswith(f"the model ranks it no higher: {len(turns) - higher} turn")


def test_only_the_games_asked_are_searched(tmp_path: Path) -> None:
    proc = run(strength_run(tmp_path), "--game", "2")
    assert proc.returncode == 0, proc.stderr
    assert [line for line in proc.stdout.splitlines() if line.startswith("game ")] == [
        "game 2, the bot as player 2, 6 turns:"
    ]
    assert "drawn games 1, with a turn found 1: " in proc.stdout


def test_an_unreadable_record_is_one_line_and_the_other_games_are_still_searched(
    tmp_path: Path,
) -> None:
    strength_run(tmp_path)
    (tmp_path / "games" / "game-00001.tron").write_text("not a record\n")
    proc = run(tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("drawn: game 1: ")
    assert "Traceback" not in proc.stderr
    assert "game 2, the bot as player 2, 6 turns:" in proc.stdout
    assert "drawn games 1, " in proc.stdout


def test_a_directory_without_games_csv_or_a_depth_below_2_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    proc = run(tmp_path)
    assert (proc.returncode, proc.stderr) == (2, f"drawn: {tmp_path} has no games.csv\n")
    shallow = run(strength_run(tmp_path), "--depth", "1")
    assert (shallow.returncode, shallow.stderr) == (2, "drawn: --depth must be at least 2\n")
