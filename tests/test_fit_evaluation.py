"""``benchmarks/fit_evaluation.py``: the connected measures fitted to the results of recorded
games."""

from __future__ import annotations

import math
import random
import subprocess
from pathlib import Path

from conftest import benchmark, from_benchmarks

from lazytron.board import Move
from lazytron.match.records import Record, write_record
from lazytron.reading import parse_board

fit_evaluation = from_benchmarks("fit_evaluation")

# player 1 in the roomy left, player 2 in a pocket on the right; both go east, then 1 goes
# south and 2 keeps east until it crashes into the wall
MAP = "9 5\n#########\n#       #\n# 1   2 #\n#     ###\n#########\n"
EAST, SOUTH = Move.EAST, Move.SOUTH
MOVES = ((EAST, EAST), (SOUTH, EAST))


def run(directory: Path, *args: str) -> subprocess.CompletedProcess:
    return benchmark("fit_evaluation", str(directory), *args, timeout=60)


def test_the_fit_finds_the_weights_that_made_the_results() -> None:
    rng = random.Random(7)
    truth = [0.05, -0.02]
    data = []
    for _ in range(6000):
        x = [rng.uniform(-60, 60), rng.uniform(-60, 60)]
        p = fit_evaluation.sigmoid(fit_evaluation.dot(truth, x))
        data.append((x, 1.0 if rng.random() < p else 0.0, 1.0))
    weights = fit_evaluation.fit(data)
    assert math.isclose(weights[0], truth[0], rel_tol=0.15)
    assert math.isclose(weights[1], truth[1], rel_tol=0.15)
    # the truth's log-loss is no better than the fit's on the data fitted
    assert fit_evaluation.log_loss(weights, data) <= fit_evaluation.log_loss(truth, data)


def test_a_draw_at_every_position_fits_no_weight() -> None:
    data = [([float(v), float(-v)], 0.5, 1.0) for v in range(-20, 21)]
    assert all(abs(w) < 1e-9 for w in fit_evaluation.fit(data))


def test_the_measures_are_player_1_s_less_player_2_s_and_swap_with_the_seats() -> None:
    board = parse_board(MAP)
    found = fit_evaluation.measures(board)
    assert found is not None
    bound, edges, cells, moves, front, safe = found
    assert bound > 0 and edges > 0 and cells > 0  # player 1's side of the room is the larger
    assert moves == 1  # four open cells beside player 1, three beside player 2
    assert front + safe == cells  # a share's cells are its front and the rest
    assert fit_evaluation.measures(board.swapped()) == [-v for v in found]


def test_a_front_is_what_the_enemy_reaches_one_or_two_steps_later() -> None:
    # heads 6 steps apart in a corridor: cells 1, 2 are 1's by 5 and 3 steps, cell 3 is a tie
    board = parse_board("7 1\n1     2\n")
    mine, theirs = fit_evaluation.fronts(board.free, 1 << board.me, 1 << board.enemy, board.stride)
    assert (mine, theirs) == (1 << 2, 1 << 4)
    # a wall closing the corridor behind the tie: nothing of 1's is reached by 2 any more
    walled = parse_board("7 1\n1  #  2\n")
    mine, theirs = fit_evaluation.fronts(
        walled.free, 1 << walled.me, 1 << walled.enemy, walled.stride
    )
    assert (mine, theirs) == (0, 0)


def test_players_apart_are_not_measured() -> None:
    apart = parse_board("7 3\n#######\n#1 # 2#\n#######\n")
    assert fit_evaluation.measures(apart) is None


def strength_run(directory: Path, results: list[str]) -> Path:
    """An opponent directory whose games all play ``MOVES`` on ``MAP``, with ``results``."""
    (directory / "games").mkdir()
    rows = ["game,pair,round,map,player1,player2,result,outcome,turns"]
    for game, result in enumerate(results, 1):
        rows.append(f"{game},{game},1,pocket-{game},chambers,x,{result},,2")
        record = Record(parse_board(MAP), ("chambers", "x"), MOVES, result)
        write_record(str(directory / "games" / f"game-{game:05d}.tron"), record)
    (directory / "games.csv").write_text("\n".join(rows) + "\n")
    return directory


def test_a_run_s_positions_are_fitted_and_the_larger_side_s_win_gives_the_bound_weight(
    tmp_path: Path,
) -> None:
    proc = run(strength_run(tmp_path, ["1", "1", "D"]), "--features", "bound,cells")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    # the first position and the one after a turn (then player 2 is stuck): 2 from each game
    assert lines[0] == "6 positions where the players can meet, from 3 games"
    weights = dict(line.split()[:2] for line in lines[2:4])
    assert float(weights["bound"]) > 0
    at = lines.index("log-loss on the maps not fitted (two folds):")
    assert all(0 < float(line.split()[-1]) < 5 for line in lines[at + 1 : at + 5])
    # the connected positions by the engine's score, each game's two in two ranges
    start = lines.index("  connected, score              positions   mean result")
    end = next(i for i, line in enumerate(lines) if line.startswith("  first apart"))
    rows = [line.split() for line in lines[start + 1 : end]]
    assert [int(row[-2]) for row in rows] == [3, 3]
    assert {row[-1] for row in rows} == {f"{2.5 / 3:.3f}"}  # won, won, drawn: 5/6 at each


def test_a_directory_without_games_or_a_feature_it_lacks_is_one_line(tmp_path: Path) -> None:
    proc = run(tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "no games.csv" in proc.stderr
    proc = run(strength_run(tmp_path, ["1"]), "--features", "bound,height")
    assert proc.returncode == 2
    assert "height" in proc.stderr and "Traceback" not in proc.stderr
