"""``benchmarks/simultaneous.py``: the drawn games' turns the model scores a draw, as
simultaneous moves."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from conftest import benchmark, from_benchmarks
from test_drawn import strength_run

from lazytron.board import Move
from lazytron.engines.chambers import init_tree
from lazytron.engines.chambers.analysis import answer_matrix
from lazytron.reading import parse_board

simultaneous = from_benchmarks("simultaneous")
HELD = re.compile(r"  turn (\d+): held by ([A-Z ]+)$")


def run(directory: Path, *args: str) -> subprocess.CompletedProcess:
    return benchmark("simultaneous", str(directory), "--depth", "6", *args)


def test_a_mirror_position_is_held_by_the_enemy_s_mirror_moves() -> None:
    # the heads face each other across a point-symmetric room: whatever I play, the enemy's
    # mirror image of it holds the draw
    board = parse_board("7 5\n#######\n#     #\n# 1 2 #\n#     #\n#######\n")
    matrix = answer_matrix(init_tree(board), 6)
    turn = simultaneous.simultaneous_turn(1, matrix)
    assert turn is not None and turn.held_by
    for enemy in turn.held_by:
        assert all(answers[enemy] <= 0 for answers in matrix.values())


def test_where_no_enemy_move_holds_every_move_the_odds_make_sure_of_the_value() -> None:
    n, s, e, w = Move.NORTH, Move.SOUTH, Move.EAST, Move.WEST
    matrix = {n: {e: 0, w: 900}, s: {e: 300, w: 0}}  # each of my moves loses its lead to one guess
    turn = simultaneous.simultaneous_turn(7, matrix)
    assert turn is not None and not turn.held_by
    # against either enemy move the odds printed make at least the value
    for enemy in (e, w):
        assert sum(p * matrix[m][enemy] for m, p in turn.odds.items()) >= turn.worth - 1e-6
    assert 0 < turn.worth < 300  # more than the model's draw, less than either lead
    assert "held by none; worth" in simultaneous.describe(turn)


def test_each_drawn_game_s_turns_are_listed_and_counted_the_same_from_either_seat(
    tmp_path: Path,
) -> None:
    proc = run(strength_run(tmp_path))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    headers = [line for line in lines if line.startswith("game ")]
    assert headers == [
        "game 1, the bot as player 1, 6 turns:",
        "game 2, the bot as player 2, 6 turns:",
    ]
    turns = [line for line in lines if line.startswith("  turn ")]
    assert turns and len(turns) % 2 == 0 and turns[: len(turns) // 2] == turns[len(turns) // 2 :]
    held = [line for line in turns if HELD.match(line)]
    free = [line for line in turns if "held by none" in line]
    assert len(held) + len(free) == len(turns)
    assert lines[-3] == f"drawn games 2: turns the model scores a draw {len(turns)}"
    assert lines[-2].startswith(f"held by one enemy move: {len(held)} turn")
    assert lines[-1].startswith(f"held by none: {len(free)} turn")


def test_a_bad_directory_depth_or_record_is_one_line(tmp_path: Path) -> None:
    proc = run(tmp_path)
    assert (proc.returncode, proc.stderr) == (2, f"simultaneous: {tmp_path} has no games.csv\n")
    strength_run(tmp_path)
    shallow = run(tmp_path, "--depth", "1")
    assert (shallow.returncode, shallow.stderr) == (2, "simultaneous: --depth must be at least 2\n")
    (tmp_path / "games" / "game-00001.tron").write_text("not a record\n")
    proc = run(tmp_path, "--game", "1", "--game", "2")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("simultaneous: game 1: ")
    assert "game 2, the bot as player 2, 6 turns:" in proc.stdout
