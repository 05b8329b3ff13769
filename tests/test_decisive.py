"""``benchmarks/decisive.py --ending``: which games of a strength run it searches again."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import benchmark, from_benchmarks, lazytron

from lazytron.board import Board
from lazytron.reading import parse_board

TURN = re.compile(r"^  turn (\d+): played (\w+) at depth \d+; (.*)$", re.M)
PAIRS = re.compile(r"([A-Z]+ -?\d+)")
GAMES = """game,pair,round,map,player1,player2,result,outcome,turns
1,1,1,m,chambers,x,2,Player Two Wins!,5
2,1,1,m,x,chambers,D,Players collided. Draw!,5
3,1,1,m,x,chambers,2,Player Two Wins!,5
4,2,1,m,chambers,x,D,Both players crashed. Draw!,5
"""


def decisive(directory: Path, *args: str, write_games: bool = True) -> subprocess.CompletedProcess:
    """decisive.py on a strength run's directory holding ``GAMES`` and no records (unless
    ``write_games`` is false: its own)."""
    if write_games:
        (directory / "games.csv").write_text(GAMES)
    return benchmark("decisive", str(directory), *args)


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


def asked_of() -> Callable[[str, Board], str]:
    """decisive.py's ``asked``."""
    return from_benchmarks("decisive").asked


ONE_WAY_OUT = "7 5\n#######\n#1#####\n#     #\n#    2#\n#######\n"  # player 1 can only go south


def test_a_bot_asked_answers_the_position_from_the_bot_s_seat() -> None:
    asked = asked_of()
    board = parse_board(ONE_WAY_OUT)
    bot = f"{sys.executable} -m lazytron bot --depth 2"
    assert asked(bot, board) == "SOUTH"
    # the same position from the other seat: player 2 has room everywhere but east
    assert asked(bot, board.swapped()) in {"NORTH", "WEST"}


@pytest.mark.parametrize(
    "command, said",
    [
        (f"{sys.executable} -c pass", "no answer"),
        (f"{sys.executable} -c \"print('north')\"", "no answer"),
        (f'{sys.executable} -c "print(1)"', "no answer"),  # the first move's answer only
        (f'{sys.executable} -c "print(1); print(3)"', "SOUTH"),  # the later moves' clock
        ("/nonexistent/bot", "not run (FileNotFoundError)"),
        ("", "not run (empty bot command)"),
        ("'unclosed", 'not run (cannot split "\'unclosed": No closing quotation)'),
    ],
)
def test_the_second_answer_is_taken_else_a_few_words_say_why(command: str, said: str) -> None:
    assert asked_of()(command, parse_board(ONE_WAY_OUT)) == said


def test_an_ask_without_a_name_is_refused(tmp_path: Path) -> None:
    proc = decisive(tmp_path, "--ask", "a1k0n")
    assert proc.returncode == 2
    assert "not NAME=COMMAND: 'a1k0n'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_an_opening_s_turns_are_told_apart_from_the_bots(tmp_path: Path) -> None:
    games_ended = from_benchmarks("harness").games_ended
    (tmp_path / "games.csv").write_text(
        "game,pair,round,map,player1,player2,result,outcome,turns,opening\n"
        "1,1,1,m,chambers,x,2,Player Two Wins!,9,NWES\n"
        "2,1,1,m,x,chambers,1,Player One Wins!,9,\n"
    )
    # the referee played the opening's two turns in game 1: the bot chose from turn 3 on
    assert games_ended(tmp_path, "chambers", "lost", set()) == [(1, 1, 2), (2, 2, 0)]
    (tmp_path / "games.csv").write_text(GAMES)  # a run from before openings: no such column
    assert games_ended(tmp_path, "chambers", "lost", set()) == [(1, 1, 0)]


def test_a_suite_holds_each_printed_turn_with_the_deepest_search_s_move(tmp_path: Path) -> None:
    # a lost game: chambers at depth 2 (logged with -v, as a strength run logs it) against depth 6
    (tmp_path / "games").mkdir()
    stem = tmp_path / "games" / "game-00001"
    lazytron(
        "play",
        "crossroads",
        "lazytron bot --depth 2 --engine chambers -v",
        "lazytron bot --depth 6 --engine chambers",
        "--quiet",
        "--record",
        str(stem.with_suffix(".tron")),
        "--log",
        str(stem.with_suffix(".log")),
        stdin=subprocess.DEVNULL,
        check=True,
    )
    (tmp_path / "games.csv").write_text(
        "game,pair,round,map,player1,player2,result,outcome,turns\n"
        "1,1,1,crossroads,chambers,x,2,Player Two Wins!,9\n"
    )
    suite = tmp_path / "suite.txt"
    proc = decisive(tmp_path, "--suite", str(suite), write_games=False)
    assert proc.returncode == 0, proc.stderr
    expected = []
    for turn, played, values in TURN.findall(proc.stdout):
        deepest = dict(pair.split() for pair in PAIRS.findall(values.split("; ")[-1]))
        best = next(iter(deepest))  # printed best first
        if int(deepest[best]) > int(deepest[played]):
            expected.append(f"1 {turn} {best} {stem.with_suffix('.tron')}")
    assert expected, proc.stdout  # depth 2 lost to depth 6: deeper searches play otherwise
    assert suite.read_text().splitlines() == expected
