"""The referee with real processes: moves, time limits, crashes, garbage, floods, deaf bots,
left-over children."""

from __future__ import annotations

import os
import shlex
import sys
import time

import pytest
from conftest import BOTS

from lazytron.board import Board, Move
from lazytron.match.processes import (
    BotError,
    BotProcess,
    become_subreaper,
    split_command,
)
from lazytron.match.records import RecordError, read_record
from lazytron.match.referee import Limits, play_game, stop
from lazytron.match.rules import Outcome, play_out
from lazytron.reading import parse_board

TESTBOT = BOTS / "testbot.py"
FAST = Limits(
    first=5.0, turn=0.3
)  # a bot's start-up is never short of time; misbehaviour comes on later turns
N, E, S, W, NONE = Move.NORTH, Move.EAST, Move.SOUTH, Move.WEST, Move.NONE

CORRIDOR = parse_board("7 3\n#######\n#1   2#\n#######\n")
ROOM = parse_board("8 4\n########\n#1     #\n#     2#\n########\n")


def bot(*args: str) -> str:
    return shlex.join([sys.executable, str(TESTBOT), *args])


def alive(pid: int) -> bool:
    """Whether the process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_scripted_game_is_played_turn_by_turn():
    game = play_game(CORRIDOR, (bot("script", "EE"), bot("script", "WW")), FAST)
    assert [t.moves for t in game.turns] == [(E, W), (E, W)]
    assert game.outcome is Outcome.COLLIDED
    assert game.turns[-1].faults == (None, None)
    record = game.record()
    assert record.moves == ((E, W), (E, W)) and record.result == "D"


def test_each_bot_sees_itself_as_player_one(tmp_path):
    """Player 2's bot gets the board swapped: its own head is '1' (the echo goes to the log)."""
    log = tmp_path / "bots.log"
    with open(log, "wb") as f:
        play_game(CORRIDOR, (bot("script", "EE"), bot("echo", "WW")), FAST, log=f)
    seen = log.read_text().split("7 3\n")[1:]
    assert seen == ["#######\n#2   1#\n#######\n", "#######\n##2 1##\n#######\n"]  # turns 1 and 2


def test_each_bot_can_have_its_own_log(tmp_path):
    """Given a log per player, each bot's stderr goes to its own (for a live view of each side)."""
    one, two = tmp_path / "one.log", tmp_path / "two.log"
    with open(one, "wb") as f, open(two, "wb") as g:
        play_game(CORRIDOR, (bot("echo", "EE"), bot("echo", "WW")), FAST, log=(f, g))
    assert one.read_text().split("7 3\n")[1:] == [
        "#######\n#1   2#\n#######\n",
        "#######\n##1 2##\n#######\n",
    ]
    assert two.read_text().split("7 3\n")[1:] == [
        "#######\n#2   1#\n#######\n",
        "#######\n##2 1##\n#######\n",
    ]
    assert one.read_text().startswith("# player 1: ") and two.read_text().startswith("# player 2: ")


def test_a_bot_that_sleeps_crashes_at_the_time_limit():
    start = time.monotonic()
    game = play_game(CORRIDOR, (bot("script", "EE"), bot("sleep", "W")), FAST)
    took = time.monotonic() - start
    assert game.outcome is Outcome.ONE and len(game.turns) == 2
    assert [t.moves for t in game.turns] == [(E, W), (E, NONE)]
    assert game.turns[1].faults == (None, "no move within 0.3 s")
    assert 0.3 <= took < 3.0


def test_the_first_turn_has_its_own_limit():
    start = time.monotonic()
    game = play_game(CORRIDOR, (bot("sleep"), bot("sleep")), Limits(first=1.0, turn=0.3))
    assert 1.0 <= time.monotonic() - start < 4.0
    assert game.outcome is Outcome.BOTH_CRASHED
    assert game.turns[0].faults == ("no move within 1 s", "no move within 1 s")


def test_a_bot_that_exits_at_once_loses_without_waiting_for_the_clock():
    start = time.monotonic()
    game = play_game(CORRIDOR, (bot("exit"), bot("script", "WW")), Limits(10.0, 10.0))
    assert time.monotonic() - start < 5.0
    assert game.outcome is Outcome.TWO
    assert game.turns[0].faults == ("exited with status 3", None)


def test_a_crashing_bot_loses_and_its_traceback_goes_to_the_log(tmp_path):
    log = tmp_path / "bots.log"
    with open(log, "wb") as f:
        game = play_game(CORRIDOR, (bot("script", "EE"), bot("crash")), FAST, log=f)
    assert game.outcome is Outcome.ONE
    assert game.turns[0].faults[1] == "exited with status 1"
    assert "RuntimeError: deliberate crash" in log.read_text()


def test_garbage_without_a_digit_is_no_move():
    game = play_game(CORRIDOR, (bot("garbage", "E"), bot("script", "WW")), FAST)
    assert [t.moves for t in game.turns] == [(E, W), (NONE, W)]
    assert game.outcome is Outcome.TWO and game.turns[1].faults == ("no move within 0.3 s", None)


def test_the_first_digit_counts_and_other_characters_are_skipped():
    game = play_game(ROOM, (bot("noisy", "ESE"), bot("script", "WNW")), FAST)
    assert [t.moves for t in game.turns[:3]] == [(E, W), (S, N), (E, W)]


def test_digits_printed_ahead_are_the_next_moves():
    """As in Tron.jar, output is one stream: digits after a turn's move are read on later turns."""
    game = play_game(ROOM, (bot("ahead", "EES"), bot("script", "NWWS")), FAST)
    assert [t.moves for t in game.turns] == [(E, N), (E, W), (S, W), (NONE, S)]
    assert game.turns[-1].faults == ("no move within 0.3 s", None)


def test_a_bot_that_floods_its_output_does_not_hang_the_game():
    start = time.monotonic()
    game = play_game(ROOM, (bot("flood"), bot("script", "WWW")), FAST)
    assert time.monotonic() - start < 5
    assert [t.moves for t in game.turns] == [(E, W), (NONE, W)]
    assert game.outcome is Outcome.TWO


def test_a_bot_that_never_reads_its_input_crashes_when_its_pipe_is_full():
    """Boards of 40 kB: the second or third no longer fits in the pipe of a bot that reads
    nothing."""
    rows = ["1" + " " * 199] + [" " * 200] * 198 + [" " * 199 + "2"]
    big = parse_board("200 200\n" + "\n".join(rows) + "\n")
    start = time.monotonic()
    game = play_game(big, (bot("deaf", "E" * 50), bot("script", "W" * 50)), FAST)
    assert time.monotonic() - start < 5
    assert game.outcome is Outcome.TWO and len(game.turns) <= 4
    assert game.turns[-1].faults == ("did not read its input within 0.3 s", None)
    assert all(t.moves == (E, W) for t in game.turns[:-1])


def test_stop_ends_the_whole_process_group_and_reaps_it(tmp_path):
    """A bot behind a shell wrapper that leaves a child: after the game none of them is left."""
    become_subreaper()
    pidfile = tmp_path / "child.pid"
    wrapped = f"sh -c {shlex.quote(bot('fork', str(pidfile)) + '; true')}"
    bots = [BotProcess(wrapped), BotProcess(bot("script", "WW"))]
    try:
        for _ in range(100):
            if pidfile.exists() and pidfile.read_text():
                break
            time.sleep(0.05)
        child = int(pidfile.read_text())
        assert alive(child)
    finally:
        stop(bots)
    assert all(b.proc.returncode is not None for b in bots)
    assert not os.path.exists(f"/proc/{child}")  # killed and reaped, not a zombie


def test_a_game_with_a_forking_bot_leaves_no_process(tmp_path):
    become_subreaper()
    pidfile = tmp_path / "child.pid"
    game = play_game(CORRIDOR, (bot("fork", str(pidfile)), bot("script", "W")), FAST)
    assert game.outcome is Outcome.ONE  # 2 exits after one move; 1 moved East
    assert not os.path.exists(f"/proc/{int(pidfile.read_text())}")


def test_record_holds_the_last_turn_with_a_letter_for_the_missing_move():
    """2 exits on turn 2: the record writes its first letter that crashes the same way (East, into
    the wall)."""
    game = play_game(ROOM, (bot("script", "EE"), bot("script", "W")), FAST)
    assert game.turns[-1].moves == (E, NONE)
    record = game.record()
    assert record.moves == ((E, W), (E, E)) and record.result == "1"
    *_, before, end = play_out(
        record.board, record.moves
    )  # replayed, it ends on that turn as the game did
    assert end is game.outcome and isinstance(before, Board) and before.me == ROOM.cell(1, 2)


def test_record_of_a_trapped_bot_that_exits_holds_the_other_players_last_move():
    """As the example bots (and the contest's forfeit 1.tron): a trapped bot exits, the other
    moves on."""
    pocket = parse_board("6 4\n######\n#1 # #\n#  #2#\n######\n")
    game = play_game(pocket, (bot("script", "ES"), bot("script", "N")), FAST)
    assert [t.moves for t in game.turns] == [(E, N), (S, NONE)] and game.outcome is Outcome.ONE
    assert game.record().moves == (
        (E, N),
        (S, N),
    )  # 2 is trapped: every letter crashes it, North first


def test_record_leaves_out_a_last_turn_no_letter_can_stand_for():
    """Tron.jar's rules: 1 steps where 2 stands without a move, a collision no letter of 2 would
    give."""
    line = parse_board("6 3\n######\n#1  2#\n######\n")
    game = play_game(line, (bot("script", "EE"), bot("script", "W")), FAST, rules="tronjar")
    assert game.turns[-1].moves == (E, NONE) and game.outcome is Outcome.COLLIDED
    assert game.record().moves == ((E, W),) and game.record().result == "D"


@pytest.mark.parametrize("command", ["", "   ", "'unclosed"])
def test_unusable_commands_are_refused(command):
    with pytest.raises(BotError):
        split_command(command)


def test_a_missing_program_is_a_bot_error():
    with pytest.raises(BotError, match="cannot start"):
        play_game(CORRIDOR, (bot("script", "E"), "/nonexistent/bot"), FAST)


def test_limits():
    assert Limits().of(1) == 3.0 and Limits().of(2) == 1.0
    assert Limits(0.5, 0.3).of(1) == 0.5 and Limits(0.5, 0.3).of(7) == 0.3


def test_referee_replays_recorded_games_through_bot_processes(recorded_games):
    """Scripted bots playing the moves of each record give the recorded game, turn for turn, and its
    result."""
    played = 0
    for path in recorded_games:
        try:
            record = read_record(str(path))
        except RecordError:
            continue
        if path.name == "1.tron":  # ended by a forfeit, not by the rules
            continue
        letters = ["".join(m[p].letter for m in record.moves) for p in (0, 1)]
        game = play_game(
            record.board, (bot("script", letters[0]), bot("script", letters[1])), Limits(5, 5)
        )
        assert game.record().moves == record.moves, path.name
        assert game.outcome.code == record.result, path.name
        played += 1
    assert played == 34
