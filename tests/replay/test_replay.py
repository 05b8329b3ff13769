"""``lazytron replay`` piped: every recorded game replays to its positions and result; broken
records get one error line."""

from __future__ import annotations

import io
from itertools import pairwise
from pathlib import Path

import pytest
from conftest import MAPS, lazytron

from lazytron.board import Board, Move
from lazytron.cli.replay import replay
from lazytron.match.records import Record, format_record, read_record
from lazytron.match.rules import Outcome, play_out
from lazytron.reading import read_boards
from lazytron.replay.model import load_replay
from lazytron.replay.text import plain

WORDS = {
    "1": {"Player One Wins!"},
    "2": {"Player Two Wins!"},
    "D": {"Players collided. Draw!", "Both players crashed. Draw!"},
}
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


def raw_fields(path: Path) -> list[str]:
    """The record's fields, split by hand (not by lazytron.match.records)."""
    return path.read_text().rstrip("\n").split("|")


def replay_text(path: Path) -> tuple[int, str, str]:
    """(status, stdout, stderr) of the replay command run in-process, stdout not a terminal."""
    out, err = io.StringIO(), io.StringIO()
    status = replay(str(path), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def maps_and_tail(text: str) -> tuple[list[Board], list[str]]:
    """The maps in the output, and the lines after the last map."""
    lines = text.splitlines(keepends=True)
    boards, rest = [], []
    i = 0
    while i < len(lines) and lines[i][0].isdigit():
        height = int(lines[i].split()[1])
        (board,) = read_boards(lines[i : i + 1 + height])
        assert isinstance(board, Board), board
        boards.append(board)
        i += 1 + height
    rest = [line.rstrip("\n") for line in lines[i:]]
    return boards, rest


def check_moves(boards: list[Board], letters: str) -> None:
    """Each position follows from the last by the record's letters: heads one step on, old heads
    walls."""
    for t, (before, after) in enumerate(pairwise(boards)):
        assert after.walls == before.walls | (1 << before.me) | (1 << before.enemy), (
            f"walls at turn {t + 1}"
        )
        assert after.walls.bit_count() == before.walls.bit_count() + 2
        for head, new, letter in (
            (before.me, after.me, letters[2 * t]),
            (before.enemy, after.enemy, letters[2 * t + 1]),
        ):
            (y, x), (dy, dx) = before.point(head), STEP[letter]
            assert after.point(new) == (y + dy, x + dx), f"head at turn {t + 1}"


def test_every_complete_record_replays_to_its_positions_and_result(recorded_games):
    complete = [p for p in recorded_games if raw_fields(p)[-1] == "+OK"]
    assert len(complete) >= 30
    for path in complete:
        fields = raw_fields(path)
        letters, result = fields[5], fields[6]
        status, out, err = replay_text(path)
        assert (status, err) == (0, ""), path
        boards, tail = maps_and_tail(out)
        assert len(tail) == 1 and tail[0] in WORDS[result], (path, tail)
        check_moves(boards, letters)
        # the rules agree, position by position
        record = read_record(str(path))
        ruled = list(play_out(record.board, record.moves))
        if isinstance(ruled[-1], Outcome):  # the last turn crashed: it has no position
            assert boards == ruled[:-1] and tail[0] == ruled[-1].words, path
            assert len(boards) == len(letters) // 2
        else:  # a forfeit: every turn has a position, and the record names the winner
            assert boards == ruled and len(boards) == len(letters) // 2 + 1, path
            assert (
                result in "12"
                and tail[0] == {"1": "Player One Wins!", "2": "Player Two Wins!"}[result]
            )


def test_forfeit_prints_the_named_winner(shared):
    status, out, err = replay_text(shared / "games" / "marlboro" / "1.tron")
    assert status == 0 and out.splitlines()[-1] == "Player One Wins!"


def test_cut_off_records_show_their_positions_then_fail(recorded_games):
    cut = [p for p in recorded_games if raw_fields(p)[-1] != "+OK"]
    assert len(cut) == 3
    for path in cut:
        proc = lazytron("replay", str(path))
        assert proc.returncode == 1
        assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
        assert proc.stderr.startswith(f"lazytron replay: {path}: cut off after ")
        boards, tail = maps_and_tail(proc.stdout)
        letters = raw_fields(path)[5]
        assert tail == [] and len(boards) == len(letters) // 2 + 1
        check_moves(boards, letters)


def test_plain_output_feeds_analyse(shared, tmp_path):
    """The positions are in the contest map format: ``analyse`` reads them all."""
    path = shared / "games" / "marlboro" / "toronto__felix__ryan__1.tron"
    maps = "".join(list(plain(load_replay(str(path))))[:-1])
    proc = lazytron("analyse", "--depth", "2", input=maps)
    assert proc.returncode == 0 and proc.stdout.count("end\n") == len(raw_fields(path)[5]) // 2


def _record(board: str, moves: str = "NS", result: str = "1") -> str:
    return f"+OK|{board}|him|her|{moves}|{result}|+OK\n"


SMALL = "4 3|####\n#12#\n####\n"
OPEN = "3 3|   \n 1 \n 2 \n"


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "empty file"),
        (b"\n \n", "empty file"),
        (b"\x00\x01\x02+OK|\xff\xfe", "binary data, not a game record"),
        (b"+OK|3 3|\x00\x00", "binary data, not a game record"),
        ("caf\u00e9 ".encode("latin-1") * 3, "binary data, not a game record"),
        ((MAPS / "pillars.txt").read_bytes(), "not a game record (no '+OK|' at the start)"),
        (b"hello, world\n", "not a game record (no '+OK|' at the start)"),
        (b"+OK|+OK\n", "2 fields, a record has 7 or 8"),
        (
            _record("4 3|####\n#12#\n###\n").encode(),
            "map does not match its size 4x3: row 3 has 3 cells",
        ),
        (_record("4 4|####\n#12#\n####\n").encode(), "map does not match its size 4x4: 3 rows"),
        (_record("4 2|####\n#12#\n####\n").encode(), "map does not match its size 4x2: 3 rows"),
        (_record("four 3|####\n#12#\n####\n").encode(), "map size: expected 'W H', got 'four 3'"),
        (_record("4 3|####\n#11#\n####\n").encode(), "map: 2 player 1 on the map, expected one"),
        (_record(SMALL, "NSNX").encode(), "moves: 'X' at letter 4 (turn 2), expected only N E S W"),
        (_record(SMALL, "ns").encode(), "moves: 'n' at letter 1 (turn 1), expected only N E S W"),
        (_record(SMALL, "NSN").encode(), "odd number of move letters"),
        (_record(SMALL, "NS", "3").encode(), "result '3', expected 1, 2 or D"),
        (b"+OK|4 3|####\n#1", "cut off in the map (no end marker)"),
        (b"+OK|4 3|####\n#12#\n####\n|him", "cut off in the first name (no end marker)"),
    ],
)
def test_broken_records_get_one_line_and_status_1(tmp_path, content, message):
    path = tmp_path / "broken.tron"
    path.write_bytes(content)
    proc = lazytron("replay", str(path))
    assert proc.returncode == 1
    assert proc.stderr == f"lazytron replay: {path}: {message}\n"
    assert proc.stdout == ""


def test_missing_file_and_directory(tmp_path):
    for path, message in (
        (tmp_path / "nope.tron", "No such file or directory"),
        (tmp_path, "Is a directory"),
    ):
        proc = lazytron("replay", str(path))
        assert (proc.returncode, proc.stdout) == (1, "")
        assert proc.stderr == f"lazytron replay: {path}: {message}\n"


def test_cut_off_in_the_moves_shows_what_it_holds(tmp_path):
    path = tmp_path / "cut.tron"
    path.write_text("+OK|3 3|   \n 1 \n 2 \n|a|b|EWE")  # one whole turn and half of another
    proc = lazytron("replay", str(path))
    assert proc.returncode == 1
    assert proc.stderr == f"lazytron replay: {path}: cut off after 1 turns (no end marker)\n"
    assert proc.stdout == "3 3\n   \n 1 \n 2 \n3 3\n   \n #1\n2# \n"


def _write(tmp_path: Path, board: str, moves: str, result: str | None) -> Path:
    path = tmp_path / "game.tron"
    field = "" if result is None else f"{result}|"
    path.write_text(f"+OK|{board}|a|b|{moves}|{field}+OK\n")
    return path


def test_moves_that_run_out_with_no_result(tmp_path):
    """A contest summary (no result field) whose moves stop before a crash: positions, no result
    line, status 1."""
    path = _write(tmp_path, OPEN, "EW", None)
    status, out, err = replay_text(path)
    boards, tail = maps_and_tail(out)
    assert status == 1 and len(boards) == 2 and tail == []
    assert (
        err == f"lazytron replay: {path}: the moves run out after 1 turns without a crash "
        "and the record names no winner\n"
    )


def test_contest_summary_without_result_field_replays(tmp_path):
    path = _write(tmp_path, OPEN, "NN", None)  # 2 runs into 1's old cell
    status, out, err = replay_text(path)
    assert (status, err) == (0, "") and out.splitlines()[-1] == "Player One Wins!"


def test_windows_line_ends_and_byte_order_mark(tmp_path):
    path = tmp_path / "saved.tron"
    path.write_bytes(b"\xef\xbb\xbf+OK|3 3\r|   \r\n 1 \r\n 2 \r\n|a|b|NN|1|+OK\r\n")
    status, out, err = replay_text(path)
    assert (status, err) == (0, "") and out == "3 3\n   \n 1 \n 2 \nPlayer One Wins!\n"


def test_draw_forfeit_is_both_crashed(tmp_path):
    status, out, _ = replay_text(_write(tmp_path, OPEN, "EW", "D"))
    assert status == 0 and out.splitlines()[-1] == "Both players crashed. Draw!"


def test_result_that_contradicts_the_moves(tmp_path):
    path = _write(tmp_path, OPEN, "NN", "2")
    status, out, err = replay_text(path)
    assert status == 1 and out.splitlines()[-1] == "Player One Wins!"
    assert (
        err
        == f"lazytron replay: {path}: the record says '2' but its moves end in 'Player One Wins!'\n"
    )


def test_moves_after_the_end(tmp_path):
    path = _write(tmp_path, OPEN, "NNEW", "1")
    status, out, err = replay_text(path)
    assert status == 1 and out.splitlines()[-1] == "Player One Wins!"
    assert err == f"lazytron replay: {path}: 1 more turns recorded after the game ended on turn 1\n"


def test_turn_shows_one_position(shared):
    path = shared / "games" / "marlboro" / "toronto__felix__ryan__1.tron"
    record = read_record(str(path))
    proc = lazytron("replay", str(path), "--turn", "3")
    assert proc.returncode == 0
    assert proc.stdout == str(list(play_out(record.board, record.moves))[3])
    proc = lazytron("replay", str(path), "--turn", "99")
    assert (
        proc.returncode == 1
        and proc.stderr == f"lazytron replay: {path}: no turn 99: its positions are turns 0 to 7\n"
    )


def test_bad_options_are_usage_errors(tmp_path):
    path = _write(tmp_path, OPEN, "NN", "1")
    for args in (["--fps", "0"], ["--fps", "x"], ["--turn", "-1"], ["--depth", "-2"]):
        proc = lazytron("replay", str(path), *args)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_records_written_by_lazytron_replay(tmp_path):
    """A record as ``format_record`` writes it replays to the same game."""
    board = read_boards(["3 3\n", "   \n", " 1 \n", " 2 \n"])
    record = Record(next(board), ("x", "y"), ((Move.EAST, Move.WEST), (Move.WEST, Move.NORTH)), "2")
    path = tmp_path / "own.tron"
    path.write_text(format_record(record))
    replay = load_replay(str(path))
    assert (
        replay.result == "Player Two Wins!"
        and replay.problem is None
        and len(replay.positions) == 2
    )
    assert replay.crashes == (5,)  # 1 went back into its own trail at (1, 1): index 1 * 4 + 1
