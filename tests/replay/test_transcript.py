"""Tron.jar's transcripts read as records: against games Tron.jar plays, and on hand-made and broken
ones."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from conftest import MAPS, lazytron

from lazytron.board import Board
from lazytron.match.records import read_record
from lazytron.match.rules import Outcome, advance
from lazytron.reading import parse_board
from lazytron.replay.transcript import (
    NAMES,
    TranscriptError,
    last_moves,
    load,
    parse_transcript,
)

START = "5 3\n#####\n#1 2#\n#####\n"


def transcript(*boards: str, result: str = "Player One Wins!") -> str:
    return "".join(boards) + result + "\n"


# -- made by hand -------------------------------------------------------------


def test_moves_are_read_from_the_heads_and_the_last_turn_gives_the_result():
    boards = ["6 4\n######\n#1  2#\n#    #\n######\n", "6 4\n######\n##  ##\n#1  2#\n######\n"]
    replay = parse_transcript(transcript(*boards, result="Both players crashed. Draw!") + "\n\n")
    assert replay.positions == tuple(parse_board(b) for b in boards) and replay.names == NAMES
    assert [(a.letter, b.letter) for a, b in replay.moves[:1]] == [("S", "S")]
    assert advance(replay.positions[-1], *replay.moves[-1]) is Outcome.BOTH_CRASHED
    assert (
        replay.result == "Both players crashed. Draw!" and replay.problem is None and replay.crashes
    )


def test_bots_stderr_among_the_boards_is_skipped():
    text = (
        "Exception in thread main\n"
        + START
        + "\tat Chaser.main(Chaser.java:51)\n"
        + "Players collided. Draw!\n"
    )
    replay = parse_transcript(text)
    assert replay.positions == (parse_board(START),) and replay.result == "Players collided. Draw!"
    assert (
        replay.moves == ((advance_pair := last_moves(parse_board(START), Outcome.COLLIDED)),)
        and advance_pair
    )


@pytest.mark.parametrize("outcome", list(Outcome))
def test_the_last_moves_give_each_outcome(outcome):
    board = parse_board("5 4\n#####\n#1 2#\n#   #\n#####\n")
    pair = last_moves(board, outcome)
    assert pair is not None and advance(board, *pair) is outcome


@pytest.mark.parametrize(
    "text, message",
    [
        (
            START + "5 3\n#####\n#  2#\n#####\n",
            "board 2 (line 5): no player 1 on the map, expected one",
        ),
        (
            "7 4\n#######\n#1   2#\n#     #\n#######\n"
            "7 4\n#######\n## 1 ##\n#    2#\n#######\nPlayer One Wins!\n",
            "board 2: player 1 went from (1, 1) to (1, 3), not one step",
        ),
        (
            START + "5 3\n#####\n# 12#\n#####\nPlayer One Wins!\n",
            "board 2: walls missing at (1, 1), (1, 3), which board 1 had or its heads left",
        ),
        (START, "no result line after 1 boards (cut off?)"),
    ],
)
def test_broken_transcripts_say_what_is_wrong(text, message):
    with pytest.raises(TranscriptError, match=f"^{re.escape(message)}$"):
        parse_transcript(text)


def test_a_cut_off_transcript_shows_its_boards_and_fails(tmp_path):
    path = tmp_path / "cut.txt"
    second = "5 4\n#####\n## 2#\n#1 ##\n#####\n"
    path.write_text("5 4\n#####\n#1  #\n#  2#\n#####\n" + second)
    proc = lazytron("replay", str(path))
    assert proc.returncode == 1 and proc.stdout.endswith(second)
    assert proc.stderr == f"lazytron replay: {path}: no result line after 2 boards (cut off?)\n"
    nothing = tmp_path / "nothing.txt"
    nothing.write_text("3 3\n")
    proc = lazytron("replay", str(nothing))
    assert proc.returncode == 1 and proc.stderr.endswith(
        "transcript: board 1 (line 1): 0 rows, expected 3\n"
    )


@pytest.mark.parametrize(
    "second, message",
    [
        ("#####\n##  #\n#####\n", "board 2 (line 5): no player 1 on the map, expected one"),
        ("#####\n##1 #\n#####\n", "board 2 (line 5): no player 2 on the map, expected one"),
        ("#####\n# 12#\n## ##\n", "board 2: walls missing at (1, 1), (1, 3), (2, 2), which"),
        ("#####\n#1#2#\n#####\n", "board 2: walls at (1, 2) that board 1 and its heads did"),
    ],
)
def test_a_second_board_that_lost_a_player_or_a_wall_is_named(tmp_path, second, message):
    """Not 'not a game record': the first board is shown, then what is wrong with the second."""
    path = tmp_path / "game.txt"
    path.write_text(START + "5 3\n" + second + "Player Two Wins!\n")
    proc = lazytron("replay", str(path))
    assert proc.returncode == 1 and proc.stdout == START
    assert proc.stderr.startswith(f"lazytron replay: {path}: {message}")
    assert len(proc.stderr.splitlines()) == 1


# -- against Tron.jar ---------------------------------------------------------


@pytest.fixture(scope="module")
def engine(shared):
    if shutil.which("java") is None:
        pytest.skip("java is not installed")
    return shared / "reference" / "tron-engine"


GAMES = [
    ("gatehouse", "java -jar {e}/WallHugger.jar", "java -jar {e}/Chaser.jar"),
    ("pillars", "{py} -m lazytron.bots.hugger", "{py} -m lazytron bot --depth 2"),
    ("crossroads", "java -jar {e}/Chaser.jar", "{py} -m lazytron bot --depth 2"),
]


@pytest.mark.slow
@pytest.mark.parametrize("map_name, one, two", GAMES)
def test_a_tron_jar_transcript_replays_as_the_tronjar_record(engine, tmp_path, map_name, one, two):
    """Tron.jar and `lazytron play --rules tronjar` play the same game: same boards, same result."""
    commands = [c.format(e=engine, py=sys.executable) for c in (one, two)]
    map_path = MAPS / f"{map_name}.txt"
    printed = subprocess.run(
        [
            "java",
            "-jar",
            str(engine / "Tron.jar"),
            str(map_path),
            *commands,
            "0",
        ],  # no delay between turns
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert printed.returncode == 0, printed.stderr[-500:]
    text = tmp_path / "transcript.txt"
    text.write_text(printed.stdout)
    record = tmp_path / "game.tron"
    played = lazytron(
        "play",
        str(map_path),
        *commands,
        "--rules",
        "tronjar",
        "--quiet",
        "--record",
        str(record),
        "--log",
        str(tmp_path / "bots.log"),
        timeout=300,
    )
    assert played.returncode == 0, played.stderr

    from_transcript, from_record = load(str(text)), load(str(record))
    assert len(from_transcript.positions) > 5
    assert from_transcript.positions == from_record.positions
    assert from_transcript.result == from_record.result == printed.stdout.splitlines()[-1]
    assert from_transcript.problem is None
    assert from_transcript.moves[: from_record.last] == from_record.moves[: from_record.last]

    # converted, the transcript is a record that replays the same way, as the command prints it
    converted = tmp_path / "converted.tron"
    proc = lazytron("replay", str(text), "--record", str(converted))
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    assert read_record(str(converted)).board == read_record(str(record)).board
    again = load(str(converted))
    assert (again.positions, again.result) == (from_record.positions, from_record.result)
    assert lazytron("replay", str(converted)).stdout == lazytron("replay", str(text)).stdout


def test_a_board_is_what_tron_jar_prints(engine):
    """The boards of a transcript are read as Tron.jar prints them: player 1's view, trails as
    walls."""
    board = parse_board(START)
    assert isinstance(board, Board) and str(board) == START


def test_record_goes_to_stdout_or_fails_in_one_line(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(transcript(START, result="Players collided. Draw!"))
    proc = lazytron("replay", str(path), "--record", "-")
    assert (
        proc.returncode == 0
        and proc.stdout.startswith("+OK|5 3|")
        and proc.stdout.endswith("|player one|player two|EW|D|+OK\n")
    )
    missing = tmp_path / "missing" / "game.tron"
    proc = lazytron("replay", str(path), "--record", str(missing))
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        1,
        "",
        f"lazytron replay: {missing}: no such directory\n",
    )


@pytest.mark.parametrize("kind", ["transcript", "record"])
def test_a_record_onto_the_game_being_read_is_refused_and_the_game_kept(tmp_path, kind):
    path = tmp_path / "game.txt"
    path.write_text(transcript(START, result="Players collided. Draw!"))
    if kind == "record":
        assert lazytron("replay", str(path), "--record", str(tmp_path / "g.tron")).returncode == 0
        path = tmp_path / "g.tron"
    before = path.read_bytes()
    (tmp_path / "link").symlink_to(path)
    for output in (str(path), f"{tmp_path}/./{path.name}", str(tmp_path / "link")):
        proc = lazytron("replay", str(path), "--record", output)
        assert (proc.returncode, proc.stdout, proc.stderr) == (
            1,
            "",
            f"lazytron replay: {path}: --record {output} would overwrite the game being read\n",
        )
        assert path.read_bytes() == before
