"""One reader for maps: the same decoding and the same errors for files and stdin, in every
command."""

from __future__ import annotations

import select
import subprocess
import sys

import pytest
from conftest import MAPS, lazytron

from lazytron.board import Board, BoardError
from lazytron.reading import load_board, read_boards

M = (MAPS / "pillars.txt").read_text()
ROWS = M.split("\n", 1)[1]
BAD_BYTE = M.replace("#", "\xff", 1).encode(
    "latin-1"
)  # one byte that is not UTF-8, in the first row


def items(text: str) -> list:
    return list(read_boards(text.splitlines(keepends=True)))


def test_a_bad_size_line_is_one_error_for_its_rows():
    found = items("fifteen 15\n" + ROWS + M)
    assert [type(i) for i in found] == [BoardError, Board]
    assert len(found[0].rows) == 15


def test_a_size_line_whose_row_is_too_short_keeps_its_row_though_nothing_more_is_ready():
    # the reader looked at the row and put it back: that row is input at hand, so the map is one
    # error with its row (a bot answers it with a fallback move), not a line skipped, a row waiting
    found = list(read_boards(["8 1\n", "1      \n"], more=lambda: False))
    assert len(found) == 1 and isinstance(found[0], BoardError) and found[0].rows == ["1      \n"]


def test_a_bot_answers_a_map_with_a_short_row_while_its_input_stays_open():
    bot = subprocess.Popen(
        [sys.executable, "-m", "lazytron", "bot"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert bot.stdin and bot.stdout
    try:
        bot.stdin.write("8 1\n1      \n")
        bot.stdin.flush()
        assert select.select([bot.stdout], [], [], 10)[0], "no answer: the bot waits for more input"
        assert bot.stdout.readline() in ("1\n", "2\n", "3\n", "4\n")
    finally:
        bot.kill()
        bot.wait()


def test_analyse_gives_one_error_for_a_bad_size_line():
    run = lazytron("analyse", "--depth", "2", "-", input="fifteen 15\n" + ROWS + M)
    assert run.returncode == 1 and len(run.stderr.splitlines()) == 1
    assert run.stdout.count("end\n") == 1


def test_a_byte_that_is_not_utf8_costs_only_its_map_in_a_file_as_on_stdin(tmp_path):
    data = M.encode() + BAD_BYTE + M.encode()
    path = tmp_path / "maps.txt"
    path.write_bytes(data)
    from_file = lazytron("analyse", "--depth", "2", str(path), text=False, capture_output=True)
    from_stdin = lazytron("analyse", "--depth", "2", input=data, text=False, capture_output=True)
    assert from_file.stdout.count(b"end\n") == 2 and from_file.returncode == 1
    assert from_file.stdout == from_stdin.stdout
    assert from_file.stderr.replace(str(path).encode(), b"<stdin>") == from_stdin.stderr
    assert len(from_file.stderr.splitlines()) == 1


def test_a_byte_order_mark_is_accepted_by_play_as_by_records(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + M.encode())
    assert load_board(str(path)) == load_board(str(MAPS / "pillars.txt"))
    run = lazytron(
        "play",
        str(path),
        "python -m lazytron bot --depth 1",
        "python -m lazytron bot --depth 1",
        "--quiet",
        "--log",
        str(tmp_path / "log"),
    )
    assert run.returncode == 0, run.stderr


def test_a_map_file_with_more_than_one_map_is_refused(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(M + M)
    with pytest.raises(BoardError, match="more than one map"):
        load_board(str(path))
