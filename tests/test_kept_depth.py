"""``benchmarks/kept_depth.py --record FILE --turn N``: one turn of a game searched again under the
clock with the tree the game kept."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from conftest import benchmark, from_benchmarks, lazytron

from lazytron.board import CARDINALS, Board, Move, legal_moves

LINE = re.compile(r"^depth (\d+): (?:(\w+) (-?\d+)|(done)|cut off by the clock) at (\d+\.\d+) s$")
PLAYED = re.compile(r"^played (\w+) (-?\d+) at depth (\d+)$")


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game on a shipped map between two fixed-depth bots (no ../shared needed)."""
    path = tmp_path_factory.mktemp("kept") / "game.tron"
    lazytron(
        "play",
        "crossroads",
        "lazytron bot --depth 2",
        "lazytron bot --depth 4 --engine chambers",
        "--quiet",
        "--record",
        str(path),
        stdin=subprocess.DEVNULL,
        check=True,
        timeout=300,
    )
    return path


def kept_depth(*args: str, shared: Path) -> subprocess.CompletedProcess:
    return benchmark("kept_depth", *args, env={"LAZYTRON_SHARED": str(shared), "PATH": ""})


def test_a_turn_prints_each_depth_s_improvements_and_plays_the_last_finished(
    record: Path, tmp_path: Path
) -> None:
    proc = kept_depth(
        "--record", str(record), "--turn", "4", "--seat", "2", "--time", "0.3", shared=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    head, *lines, played = proc.stdout.splitlines()
    assert head.startswith("turn 4 (connected)")
    found = [LINE.match(line) for line in lines]
    assert all(found), lines
    depths = [int(m[1]) for m in found]  # type: ignore[index]
    assert depths[0] == 2 and depths == sorted(depths)
    times = [float(m[5]) for m in found]  # type: ignore[index]
    assert times == sorted(times)
    move, score, depth = PLAYED.match(played).groups()  # type: ignore[union-attr]
    done = {int(m[1]) for m in found if m[4]}  # type: ignore[index]
    improved = [m for m in found if m[2]]  # type: ignore[index]
    # the move played is the last improvement of a depth that was done, the deepest one taken
    # before the deadline: the search goes at most one depth further (cut off, or done late)
    assert int(depth) in done and max(depths) <= int(depth) + 2
    last = [m for m in improved if m[1] == depth][-1]
    assert (move, score) == (last[2], last[3])
    # within one depth, each move printed after the first was proven better
    for d in set(depths):
        values = [int(m[3]) for m in improved if int(m[1]) == d]
        assert all(a < b for a, b in zip(values, values[1:], strict=False))


@pytest.mark.parametrize(
    "args, message",
    [(["--turn", "999"], "has no turn 999"), (["--option", "NOPE=1"], "no option NOPE")],
)
def test_a_turn_it_cannot_search_is_one_line(
    record: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    proc = kept_depth("--record", str(record), *args, shared=tmp_path)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and message in proc.stderr


def test_an_unreadable_record_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tron"
    bad.write_text("not a record\n")
    proc = kept_depth("--record", str(bad), shared=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.strip() == f"kept_depth: {bad}: not a readable record"


def forced_turn(record: Path) -> tuple[int, int, str, str]:
    """(seat, turn, its one legal move, a move into a wall the turn before) at the record's first
    turn after the second where a seat has one move only."""
    harness = from_benchmarks("harness")
    game = harness.recorded_game(record)
    assert game is not None

    def legal(board: Board) -> set[Move]:
        free = board.free & ~(1 << board.me) & ~(1 << board.enemy)
        return {move for move, _ in legal_moves(free, board.me, board.stride)}

    for seat in (1, 2):
        boards, moves = harness.from_side(*game, seat)
        for turn in range(3, len(moves) + 1):
            if len(only := legal(boards[turn - 1])) == 1:
                walled = next(m for m in CARDINALS if m not in legal(boards[turn - 2]))
                return seat, turn, only.pop().name, walled.name
    raise AssertionError("no forced turn in the record")


def test_a_suite_counts_the_turns_played_as_the_better_move(record: Path, tmp_path: Path) -> None:
    seat, turn, only, walled = forced_turn(record)
    suite = tmp_path / "suite.txt"
    suite.write_text(
        f"# a forced turn, a turn whose better move is into a wall, a turn past the end\n"
        f"{seat} {turn} {only.lower()} {record}\n"
        f"{seat} {turn - 1} {walled} {record}\n"
        f"{seat} 999 NORTH {record}\n"
    )
    proc = kept_depth("--suite", str(suite), "--time", "0.2", shared=tmp_path)
    assert proc.returncode == 0, proc.stderr
    *lines, total = proc.stdout.splitlines()
    assert total == "the defaults: the better move on 1 of 2 turns"
    assert lines[0].startswith(f"{record} seat {seat} turn {turn - 1}: ")
    assert [line.rsplit(", better ", 1)[1] for line in lines] == [walled, only]
    assert lines[1].startswith(f"{record} seat {seat} turn {turn}: {only} at depth ")
    assert proc.stderr.strip() == f"kept_depth: {record} has no turn 999 with a move"


def test_a_suite_s_relative_record_is_beside_it(record: Path, tmp_path: Path) -> None:
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "game.tron").write_bytes(record.read_bytes())
    suite = tmp_path / "runs" / "suite.txt"
    suite.write_text("2 999 WEST game.tron\n")  # past the record's end: nothing searched
    proc = kept_depth("--suite", str(suite), shared=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "the defaults: the better move on 0 of 0 turns\n"
    assert (
        proc.stderr
        == f"kept_depth: {tmp_path / 'runs' / 'game.tron'} has no turn 999 with a move\n"
    )


@pytest.mark.parametrize(
    "text, message",
    [("1 4 UP g.tron\n", "line 1: not SEAT (1 or 2) TURN MOVE RECORD"), ("", "")],
)
def test_a_suite_it_cannot_read_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    suite = tmp_path / "suite.txt"
    if text:
        suite.write_text(text)
    proc = kept_depth("--suite", str(suite), shared=tmp_path)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1
    assert message in proc.stderr if text else "No such file" in proc.stderr


def test_ponder_compares_each_turn_s_depth_without_and_with_pondering(record: Path) -> None:
    run = kept_depth(
        "--games",
        str(record.parent),
        "--records",
        "1",
        "--turns",
        "4",
        "--time",
        "0.1",
        "--ponder",
        "0.1",
        shared=record.parent,
    )
    assert run.returncode == 0, run.stderr
    off, on, summary = run.stdout.splitlines()
    found = [[int(d) for d in re.findall(r"\d+", line)] for line in (off, on)]
    assert 1 <= len(found[0]) <= 4 and 1 <= len(found[1]) <= 4
    turns = min(map(len, found))
    pairs = list(zip(found[0][:turns], found[1][:turns], strict=True))
    counts = re.fullmatch(
        r"(\d+) turns: median depth \S+ with pondering 0\.1 s off, \S+ on; "
        r"on went deeper on (\d+), less deep on (\d+), as deep on (\d+)",
        summary,
    )
    assert counts, summary
    assert [int(g) for g in counts.groups()] == [
        turns,
        sum(b > a for a, b in pairs),
        sum(b < a for a, b in pairs),
        sum(a == b for a, b in pairs),
    ]
