"""A game as a pure task, with real bot processes: fixture in, result out; the local runner; per-bot
time limits."""

from __future__ import annotations

import os
import pickle
import shlex
import sys
import time
from pathlib import Path

import pytest

from lazytron.match.processes import become_subreaper
from lazytron.match.records import parse_record
from lazytron.match.referee import Limits
from lazytron.match.rules import RULES, Outcome
from lazytron.tournament.task import Fixture, local, play, play_all

pytestmark = pytest.mark.slow  # every test here starts bot programs

PY = shlex.quote(sys.executable)
TESTBOT = f"{PY} {shlex.quote(str(Path(__file__).parent.parent / 'bots' / 'testbot.py'))}"
MAP = "7 5\n#######\n#1    #\n#     #\n#    2#\n#######\n"
DEPTH1 = f"{PY} -m lazytron bot --depth 1"


LIMITS = (Limits(), Limits())


def fixture(game=1, commands=(DEPTH1, DEPTH1), limits=LIMITS, opening=""):
    return Fixture(
        game, 1, 1, "small", MAP, ("p", "q"), commands, limits, "simultaneous", 42, opening
    )


def replayed(record_text):
    """The outcome of a record, by the rules."""
    record = parse_record(record_text)
    board = record.board
    for number, (one, two) in enumerate(record.moves, 1):
        board = RULES["simultaneous"](board, one, two, number)
    return board


def test_a_fixture_and_its_result_are_plain_data():
    f = fixture(opening="SN")
    assert pickle.loads(pickle.dumps(f)) == f
    result = play(f)
    assert pickle.loads(pickle.dumps(result)) == result


def test_play_returns_the_whole_game_with_the_opening_first():
    result = play(fixture(opening="SNEW"))
    record = parse_record(result.record)
    assert [m.letter for pair in record.moves[:2] for m in pair] == list("SNEW")
    assert record.names == ("p", "q") and record.result == result.result
    outcome = replayed(result.record)
    assert (
        isinstance(outcome, Outcome)
        and outcome.code == result.result
        and outcome.words == result.outcome
    )
    assert result.turns == len(record.moves) and len(result.times) == result.turns - 2
    assert all(t is not None and 0 <= t < 3 for pair in result.times for t in pair)
    assert result.host == os.uname().nodename and result.seconds > 0


def test_each_bot_has_its_own_time_limit():
    east, west = f"{TESTBOT} sleep E", f"{TESTBOT} sleep W"  # one move, then never an answer
    result = play(fixture(commands=(east, west), limits=(Limits(2, 0.2), Limits(2, 0.6))))
    assert result.turns == 2 and result.result == "D"
    assert result.faults == ("no move within 0.2 s", "no move within 0.6 s")
    (first, second), (t1, t2) = result.times
    assert first is not None and second is not None and t1 is None and t2 is None
    assert 0.6 <= result.seconds < 2  # the game waited for the slower limit, not more


def test_the_bots_stderr_comes_back():
    echo = f"{TESTBOT} echo EEEEE"
    result = play(fixture(commands=(echo, DEPTH1)))
    assert "#1    #" in result.stderr  # the echo bot copies its first board to stderr


def test_a_bot_flooding_its_stderr_is_cut_at_1_mb_as_the_game_goes():
    """The referee keeps 1 MB of the game's stderr (no temporary file grows past it) and says how
    much it cut."""
    result = play(fixture(commands=(f"{TESTBOT} shout EEEE", DEPTH1)))
    kept, note = result.stderr.rsplit("\n[stderr cut: ", 1)
    assert len(kept.encode()) == 1 << 20 and note.endswith(" more bytes not kept]\n")
    assert int(note.split()[0]) >= (4 << 20) - (1 << 20)


def test_the_local_runner_yields_every_result_once():
    fixtures = [fixture(game=k) for k in range(1, 5)]
    results = play_all(fixtures, local(2))
    assert [r.game for r in results] == [1, 2, 3, 4]
    assert len({r.record for r in results}) == 1  # the same deterministic game four times


def test_closing_the_runner_ends_the_games_under_way(tmp_path):
    become_subreaper()  # the bots' orphans are reaped here, as the tournament command does
    pidfile = tmp_path / "child.pid"
    forker = f"{TESTBOT} fork {pidfile}"  # starts a sleeping child, then plays East forever
    sleeper = f"{TESTBOT} sleep"  # never answers: this game would last the 30 s of its first turn
    long = fixture(game=2, commands=(forker, sleeper), limits=(Limits(30, 30), Limits(30, 30)))
    results = local(2)([fixture(game=1), long])
    start = time.monotonic()
    assert next(results).game == 1
    while not pidfile.exists():
        time.sleep(0.05)
    results.close()
    assert time.monotonic() - start < 10
    child = int(pidfile.read_text())
    assert not Path(f"/proc/{child}").exists()
