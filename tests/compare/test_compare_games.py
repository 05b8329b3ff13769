"""``lazytron compare --bot``: identical games with the Haskell original, the turn where games part,
bad input."""

from __future__ import annotations

import re
import shlex
import sys

import pytest
from conftest import BOTS, MAPS, lazytron

from lazytron.board import Move
from lazytron.compare.games import Pairing, PairResult, Parting, result_lines
from lazytron.match.referee import Turn, play_game
from lazytron.match.rules import Outcome
from lazytron.reading import load_board

TESTBOT = BOTS / "testbot.py"
HUGGER = f"{shlex.quote(sys.executable)} -m lazytron.bots.hugger"
MAPS_USED = [str(MAPS / "pillars.txt"), str(MAPS / "gatehouse.txt")]


def lazytron_bot(depth: int) -> str:
    return f"{shlex.quote(sys.executable)} -m lazytron bot --depth {depth}"


def parting_turn(bot: str, other: str, board_path: str, side: int = 1) -> int:
    """The first turn on which two bots' games against the hugger differ, found by playing both."""
    board = load_board(board_path)
    games = [
        play_game(board, (cmd, HUGGER) if side == 1 else (HUGGER, cmd)) for cmd in (bot, other)
    ]
    # the games part before the shorter ends
    turns = zip(games[0].turns, games[1].turns, strict=False)
    return next(a.number for a, b in turns if a.moves != b.moves)


def test_the_oracles_depthbot_plays_identical_games(oracle):
    run = lazytron(
        "compare",
        "--bot",
        f"{shlex.quote(str(oracle / 'depthbot'))} 4",
        "--opponent",
        HUGGER,
        *MAPS_USED,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    for path in MAPS_USED:
        for side in (1, 2):
            identical = rf"{re.escape(path)}, the bots as player {side}: identical, \d+ turns, .*!"
            assert any(re.fullmatch(identical, line) for line in lines)
    assert lines[-1] == "all 4 pairs of games are identical"
    assert run.stderr == ""


def test_the_oracle_at_another_depth_parts_where_its_games_do(oracle):
    depthbot = f"{shlex.quote(str(oracle / 'depthbot'))} 4"
    gatehouse = str(MAPS / "gatehouse.txt")
    run = lazytron("compare", "--bot", depthbot, "--opponent", HUGGER, "--depth", "2", gatehouse)
    assert run.returncode == 1, run.stderr
    turn = parting_turn(depthbot, lazytron_bot(2), gatehouse)
    assert (
        f"{gatehouse}, the bots as player 1: the games part on turn {turn} (the bots' moves differ)"
        in run.stdout
    )
    assert run.stdout.splitlines()[-1].endswith("pairs of games part")


def test_a_bot_that_plays_otherwise_is_shown_at_the_turn_the_games_part():
    gatehouse = str(MAPS / "gatehouse.txt")
    run = lazytron(
        "compare", "--bot", lazytron_bot(2), "--opponent", HUGGER, "--depth", "4", gatehouse
    )
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    for side in (1, 2):
        turn = parting_turn(lazytron_bot(2), lazytron_bot(4), gatehouse, side)
        head = (
            f"{gatehouse}, the bots as player {side}: "
            f"the games part on turn {turn} (the bots' moves differ)"
        )
        at = lines.index(head)
        drawn = lines[at + 1 : at + 20]
        assert drawn[0].split() == ["before", "turn", str(turn), "the", "bot", "lazytron"]
        assert drawn[1].startswith("17 17") and drawn[2].startswith("#" * 17)
        assert sum("1" in row[:17] for row in drawn[2:]) == 1  # the board from the bots' side
        bot_move, our_move = drawn[1].split("*")[1].split()
        assert bot_move != our_move and {bot_move, our_move} <= {"North", "East", "South", "West"}
        assert drawn[2].count("opponent: ") == 2
    assert lines[-1] == "2 of 2 pairs of games part"


def test_a_bot_against_itself_plays_identical_games():
    run = lazytron(
        "compare",
        "--bot",
        lazytron_bot(2),
        "--opponent",
        HUGGER,
        "--depth",
        "2",
        str(MAPS / "gatehouse.txt"),
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "all 2 pairs of games are identical"


def test_a_bot_that_crashes_gives_no_move_where_the_games_part():
    crash = shlex.join([sys.executable, str(TESTBOT), "crash"])
    run = lazytron(
        "compare", "--bot", crash, "--opponent", HUGGER, "--depth", "2", str(MAPS / "pillars.txt")
    )
    assert run.returncode == 1
    assert "the games part on turn 1 (the bots' moves differ)" in run.stdout
    assert "no move (exited with status 1)" in run.stdout


def test_an_opponent_that_plays_otherwise_is_named():
    board = load_board(str(MAPS / "pillars.txt"))
    after = Outcome.ONE

    def turn(one: Move, two: Move) -> Turn:
        return Turn(3, board, (one, two), after, (None, None))

    parting = Parting(turn(Move.EAST, Move.NORTH), turn(Move.EAST, Move.SOUTH))
    lines = result_lines(PairResult(Pairing("m.txt", board, 1), 2, None, parting))
    assert lines[0] == (
        "m.txt, the bots as player 1: the games part on turn 3 "
        "(the opponent's moves differ: is it deterministic?)"
    )
    assert lines[2].split() == ["15", "15", "East", "East"]
    assert lines[3].split() == ["#" * 15, "*", "opponent:", "North", "opponent:", "South"]


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--bot", "{hugger}", "--opponent", "{hugger}", "missing.txt"],
            "missing.txt: No such file or directory",
        ),
        (
            ["--bot", "{hugger}", "--opponent", "{hugger}", "{bad}"],
            "{bad}: map at line 1: row 2 has 3 cells, expected 4",
        ),
        (
            ["--bot", "/no/bot 4", "--opponent", "{hugger}", "{map}"],
            "--bot: cannot start '/no/bot': not found or not executable",
        ),
        (
            ["--bot", "{hugger}", "--opponent", "no-such-bot", "{map}"],
            "--opponent: cannot start 'no-such-bot': not found or not executable",
        ),
        (
            ["--bot", "'unclosed", "--opponent", "{hugger}", "{map}"],
            '--bot: cannot split "\'unclosed": No closing quotation',
        ),
        (["--bot", "{hugger}", "{map}"], "--bot needs --opponent CMD2, the bot both play against"),
        (
            ["--bot", "{hugger}", "--opponent", "{hugger}", "--timeout", "5", "{map}"],
            "--timeout goes with --analyser; bots have --first-time and --turn-time",
        ),
    ],
)
def test_bad_input_gives_one_line_and_status_2(tmp_path, args, message):
    bad = tmp_path / "bad.txt"
    bad.write_text("4 2\n1  2\n###\n")
    names = {"hugger": HUGGER, "bad": str(bad), "map": str(MAPS / "pillars.txt")}
    run = lazytron("compare", *(a.format(**names) for a in args))
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr == f"lazytron compare: {message.format(**names)}\n"
