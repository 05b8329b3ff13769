"""``lazytron compare --analyser``: agreement with the Haskell original, a lying analyser caught,
bad input."""

from __future__ import annotations

import io
import os
import shlex
import sys
from pathlib import Path

import pytest
from conftest import BOTS, MAPS, lazytron
from positions import random_positions

from lazytron.analyse import analysis
from lazytron.board import Move
from lazytron.compare.analysers import (
    Answer,
    Comparison,
    compare,
    format_report,
    read_answer,
)
from lazytron.compare.common import InputError
from lazytron.compare.positions import Sample, game_positions
from lazytron.match.records import Record, format_record
from lazytron.match.referee import play_game
from lazytron.reading import load_board, parse_board
from lazytron.term.progress import Bar

ANALYSER = BOTS / "analyser.py"
SMALL_MAPS = [
    "corridors",
    "crossroads",
    "gatehouse",
    "lopsided",
    "open-field",
    "pillars",
    "spiral",
]  # quick for the oracle


def analyser(*args: str) -> str:
    return shlex.join([sys.executable, str(ANALYSER), *args])


def oracle_analyse(oracle: Path) -> str:
    return shlex.quote(str(oracle / "analyse"))


@pytest.fixture(scope="module")
def three_maps(tmp_path_factory) -> Path:
    """One file holding three maps."""
    path = tmp_path_factory.mktemp("maps") / "three.txt"
    path.write_text(
        "\n".join((MAPS / f"{name}.txt").read_text() for name in ("pillars", "spiral", "gatehouse"))
    )
    return path


@pytest.fixture(scope="module")
def game_record(tmp_path_factory) -> Path:
    """A whole game of lazytron at depth 2 against the hugger on the gatehouse."""
    hugger = f"{shlex.quote(sys.executable)} -m lazytron.bots.hugger"
    depth2 = f"{shlex.quote(sys.executable)} -m lazytron bot --depth 2"
    game = play_game(load_board(str(MAPS / "gatehouse.txt")), (depth2, hugger))
    path = tmp_path_factory.mktemp("games") / "gatehouse.tron"
    path.write_text(format_record(game.record()))
    return path


def test_the_oracle_agrees_on_every_project_map(oracle, project_maps):
    run = lazytron(
        "compare", "--analyser", oracle_analyse(oracle), "--depth", "2", *map(str, project_maps)
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith(f"{len(project_maps)} positions analysed to depth 2")
    assert lines[1].split() == ["first", str(len(project_maps)), "agree", "0", "differ"]
    assert lines[2].split() == ["depth", "2", str(len(project_maps)), "agree", "0", "differ"]
    assert lines[-1] == f"all {len(project_maps)} positions agree"
    assert run.stderr == ""


def test_the_oracle_agrees_on_positions_from_random_games(oracle, tmp_path):
    boards = [
        b
        for name in SMALL_MAPS
        for b in random_positions(load_board(str(MAPS / f"{name}.txt")), 6, 6)
    ]
    path = tmp_path / "positions.txt"
    path.write_text("\n".join(map(str, boards)))
    run = lazytron("compare", "--analyser", oracle_analyse(oracle), "--depth", "4", str(path))
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines()[-1] == f"all {len(boards)} positions agree"
    assert "depth 4" in run.stdout


def test_the_oracle_agrees_on_recorded_games_from_both_sides(oracle, recorded_games):
    whole = next(
        p for p in recorded_games if p.name == "1.tron"
    )  # 47 turns on a 15x15 map, then a forfeit: 48 positions
    cut = next(
        p for p in recorded_games if p.name == "trix__randbot__jacob__1.tron"
    )  # cut off after 8 turns
    run = lazytron(
        "compare", "--analyser", oracle_analyse(oracle), "--depth", "4", str(whole), str(cut)
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines()[-1] == f"all {2 * 48 + 2 * 9} positions agree"
    assert run.stderr.splitlines() == [
        f"lazytron compare: warning: {cut}: cut off after 8 turns (no end marker): "
        "comparing the positions it holds"
    ]


def test_a_lying_analyser_is_caught_with_the_board_and_both_answers(three_maps):
    run = lazytron("compare", "--analyser", analyser("lie", "2"), "--depth", "4", str(three_maps))
    assert run.returncode == 1, run.stderr
    out = run.stdout
    lines = out.splitlines()
    assert [line.split() for line in lines[1:4]] == [
        ["first", "3", "agree", "0", "differ"],
        ["depth", "2", "3", "agree", "0", "differ"],
        ["depth", "4", "2", "agree", "1", "differ"],
    ]
    assert f"difference 1 of 1: {three_maps}, map 2" in lines
    start = lines.index(f"difference 1 of 1: {three_maps}, map 2") + 1
    drawn = lines[start : start + 26]
    spiral = (MAPS / "spiral.txt").read_text().splitlines()
    assert [
        row[: len(spiral[1])].rstrip() for row in drawn
    ] == spiral  # the board, its rows at the left
    assert drawn[0].split()[-2:] == ["lazytron", "analyser"]
    marked = [row for row in drawn if "*" in row]
    depth, score, move = list(analysis(load_board(str(MAPS / "spiral.txt")), 4))[-2].split()
    assert len(marked) == 1
    assert marked[0].split("*")[1].split() == [
        depth,
        score,
        move,
        depth,
        str(int(score) + 10),
        move,
    ]
    assert lines[-1] == "1 of 3 positions differ"
    assert run.stderr == ""


def test_a_lie_about_the_first_move_shows_in_the_first_row(three_maps):
    run = lazytron("compare", "--analyser", analyser("lie", "3"), "--depth", "0", str(three_maps))
    assert run.returncode == 1
    assert run.stdout.splitlines()[1].split() == ["first", "2", "agree", "1", "differ"]
    assert f"difference 1 of 1: {three_maps}, map 3" in run.stdout


def test_a_game_record_gives_every_position_from_both_sides(game_record):
    run = lazytron("compare", "--analyser", analyser("lie", "4"), "--depth", "2", str(game_record))
    assert run.returncode == 1
    assert f"difference 1 of 1: {game_record}, turn 1, player 2's side" in run.stdout
    turns = len(game_record.read_text().split("|")[5]) // 2
    assert run.stdout.splitlines()[-1] == f"1 of {2 * turns} positions differ"


def test_a_cut_off_record_is_compared_as_far_as_it_goes_with_a_warning(game_record, tmp_path):
    fields = game_record.read_text().split("|")
    cut = tmp_path / "cut.tron"
    cut.write_text("|".join(fields[:5]) + "|" + fields[5][:9])  # 4 turns and a half, no end marker
    run = lazytron("compare", "--analyser", analyser("honest"), "--depth", "2", str(cut))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "all 10 positions agree"  # 4 turns: 5 positions, 2 sides
    assert "cut off after 4 turns (no end marker): comparing the positions it holds" in run.stderr


def test_positions_can_come_on_stdin(three_maps):
    run = lazytron("compare", "--analyser", analyser("honest"), "-", input=three_maps.read_text())
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == "all 3 positions agree"


def test_answers_are_read_as_they_come(three_maps):
    """The first comparison is made while the analyser is still busy: a slow analyser shows
    progress."""
    positions = [Sample(load_board(str(MAPS / f"{n}.txt")), n) for n in ("pillars", "spiral")]
    results = compare(positions, analyser("hang", "2"), 2, timeout=1.0)
    assert next(results).agrees
    with pytest.raises(InputError, match="after 1 of 2 answers: no output for 1 s"):
        next(results)


def test_a_hanging_analyser_is_ended(three_maps, tmp_path):
    pidfile = tmp_path / "pid"
    env = {**os.environ, "ANALYSER_PIDFILE": str(pidfile)}
    run = lazytron(
        "compare", "--analyser", analyser("hang", "2"), "--timeout", "1", str(three_maps), env=env
    )
    assert run.returncode == 2
    assert run.stderr.endswith(
        "after 1 of 3 answers: no output for 1 s (--timeout S allows more)\n"
    )
    assert not os.path.exists(f"/proc/{int(pidfile.read_text())}")


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--analyser", "{analyser} honest", "missing.txt"],
            "missing.txt: No such file or directory",
        ),
        (
            ["--analyser", "/no/analyse", "{maps}"],
            "analyser '/no/analyse': cannot start it: No such file or directory",
        ),
        (
            ["--analyser", "{analyser} garbage", "{maps}"],
            "answer 1 ({maps}, map 1): expected 'first MOVE', got 'this is not an answer'",
        ),
        (
            ["--analyser", "{analyser} crash 2", "{maps}"],
            "after 1 of 3 answers: exited with status 1: deliberate crash",
        ),
        (["--analyser", "{analyser} short 3", "{maps}"], "after 2 of 3 answers: its output ended"),
        (
            ["--analyser", "{analyser} extra", "{maps}"],
            "after 3 of 3 answers: output after the last answer: 'one more thing'",
        ),
        (
            ["--analyser", "{analyser} linger", "--timeout", "1", "{maps}"],
            "after 3 of 3 answers: it did not exit at the end of its input within 1 s",
        ),
        (
            ["--analyser", "'unclosed", "{maps}"],
            '--analyser: cannot split "\'unclosed": No closing quotation',
        ),
        (
            ["--analyser", "{analyser} honest", "{bad}"],
            "{bad}: map at line 1: row 2 has 3 cells, expected 4",
        ),
        (["--analyser", "{analyser} honest", "{empty}"], "{empty}: no positions in it"),
        (
            ["--analyser", "{analyser} honest", "{binary}"],
            "{binary}: binary data, not maps or a game record",
        ),
        (
            ["--analyser", "{analyser} honest", "{broken}"],
            "{broken}: moves: 'X' at letter 1 (turn 1), expected only N E S W",
        ),
        (
            ["--analyser", "x", "--opponent", "y", "{maps}"],
            "--opponent goes with --bot, not --analyser",
        ),
    ],
)
def test_bad_input_gives_one_line_and_status_2(tmp_path, three_maps, args, message):
    files = {
        "bad": "4 2\n1  2\n###\n",
        "empty": "\n\n",
        "binary": "\0\1\2",
        "broken": "+OK|3 1|1 2\n|a|b|XX|1|+OK\n",
    }
    names = {"analyser": shlex.join([sys.executable, str(ANALYSER)]), "maps": str(three_maps)}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        names[name] = str(tmp_path / name)
    run = lazytron("compare", *(a.format(**names) for a in args))
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and run.stderr.startswith("lazytron compare: ")
    assert run.stderr.endswith(f"{message.format(**names)}\n")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--analyser", "x", "--depth", "-2", "m.txt"], "depth must be from 0 to 10000"),
        (["--analyser", "x", "--timeout", "0", "m.txt"], "time must be > 0"),
        (["m.txt"], "one of the arguments --analyser --bot is required"),
        (["--analyser", "x", "--bot", "y", "m.txt"], "not allowed with argument"),
    ],
)
def test_usage_errors_give_status_2(args, message):
    run = lazytron("compare", *args)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("usage: lazytron compare") and message in run.stderr


def test_the_answer_format_is_checked_line_by_line():
    good = ["first North", "2 -40 East", "4 100000 None", "end"]
    assert read_answer(iter(good), 4) == Answer("North", ((-40, "East"), (100000, "None")))
    assert read_answer(iter(good), 5) == read_answer(iter(good), 4)  # odd depths round down
    assert read_answer(iter([]), 4) is None
    for bad in (
        ["first Up", "end"],
        ["first North", "4 0 North", "end"],
        ["first North", "2 1.5 North", "4 0 None", "end"],
        ["first North", "2 0 North"],
        ["first North", "2 0 North", "4 0 North", "done"],
    ):
        with pytest.raises(ValueError):
            read_answer(iter(bad), 4)


def test_the_report_draws_the_first_five_differences():
    board = load_board(str(MAPS / "pillars.txt"))
    ours = Answer("North", ((0, "East"),))
    comparisons = [
        Comparison(Sample(board, f"p{n}"), ours, Answer("North", ((n, "East"),))) for n in range(8)
    ]
    report = format_report(comparisons, "cmd", 2).splitlines()
    assert [line for line in report if line.startswith("difference")] == [
        f"difference {n} of 7: p{n}" for n in range(1, 6)
    ]
    assert "(2 more differences not shown)" in report
    assert report[-1] == "7 of 8 positions differ"


def test_the_bar_shows_only_on_a_terminal_and_after_its_delay():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown, hidden, piped = Terminal(), Terminal(), io.StringIO()
    for stream, delay in ((shown, 0.0), (hidden, 60.0), (piped, 0.0)):
        bar = Bar(2, "positions", stream, delay)
        bar.advance()
        bar.end(erase=True)
    assert "1/2 positions" in shown.getvalue() and shown.getvalue().endswith("\r\x1b[K")
    assert hidden.getvalue() == "" and piped.getvalue() == ""


def test_records_and_maps_mix_in_one_run(three_maps, game_record):
    run = lazytron(
        "compare",
        "--analyser",
        analyser("honest"),
        "--depth",
        "2",
        str(three_maps),
        str(game_record),
    )
    turns = len(game_record.read_text().split("|")[5]) // 2
    assert (
        run.returncode == 0
        and run.stdout.splitlines()[-1] == f"all {3 + 2 * turns} positions agree"
    )


def test_record_positions_follow_the_moves():
    """Positions from a record are the rules' positions: a tiny game played out by hand."""
    board = parse_board("5 1\n1   2\n")
    text = format_record(
        Record(board, ("a", "b"), ((Move.EAST, Move.WEST), (Move.EAST, Move.WEST)), "D")
    )
    positions, warning = game_positions("g", text)
    assert warning is None
    assert [str(p.board).splitlines()[1] for p in positions] == ["1   2", "2   1", "#1 2#", "#2 1#"]
    assert [p.label for p in positions][1] == "g, turn 0, player 2's side"
