"""Game records: the contest's summary format written, read, round-tripped, and refused when
broken."""

from __future__ import annotations

import os

import pytest

from lazytron.board import Move
from lazytron.files import OutputError, write_text
from lazytron.match.records import (
    Record,
    RecordError,
    format_record,
    parse_record,
    read_record,
    write_record,
)
from lazytron.reading import parse_board

N, E, S, W = Move.NORTH, Move.EAST, Move.SOUTH, Move.WEST
BOARD = parse_board("5 3\n#####\n#1 2#\n#####\n")
GAME = Record(BOARD, ("one", "two"), ((E, W),), "D")
TEXT = "+OK|5 3|#####\n#1 2#\n#####\n|one|two|EW|D|+OK\n"


def test_format_is_the_contest_summary():
    assert format_record(GAME) == TEXT


def test_parse_reads_every_field():
    record = parse_record(TEXT)
    assert record == GAME
    assert record.moves == ((E, W),) and record.result == "D" and record.names == ("one", "two")


def test_contest_site_summary_without_result():
    record = parse_record("+OK|5 3|#####\n#1 2#\n#####\n|one|two|EW|+OK\n")
    assert record.result is None and record.moves == ((E, W),)
    assert format_record(record) == "+OK|5 3|#####\n#1 2#\n#####\n|one|two|EW|+OK\n"


def test_round_trip_through_a_file(tmp_path):
    path = tmp_path / "game.tron"
    long_game = Record(BOARD, ("a b", "c|d"), ((N, S), (E, W), (S, N)) * 10, "2")
    write_record(str(path), long_game)
    back = read_record(str(path))
    assert back.moves == long_game.moves and back.result == "2" and back.board == BOARD
    assert back.names == ("a b", "c/d")  # '|' cannot appear in a field
    assert os.listdir(tmp_path) == ["game.tron"]  # no temporary file left


def test_write_is_atomic(tmp_path, monkeypatch):
    """A write that fails half-way leaves the old file whole and no temporary file behind."""
    path = tmp_path / "game.tron"
    write_record(str(path), GAME)

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_record(str(path), Record(BOARD, ("x", "y"), ((N, N),) * 50, "1"))
    assert path.read_text() == TEXT
    assert os.listdir(tmp_path) == ["game.tron"]


def test_write_into_a_missing_directory_fails_cleanly(tmp_path):
    with pytest.raises(OutputError, match="no such directory"):
        write_text(str(tmp_path / "nowhere" / "x.csv"), "a,b\n")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("hello\n", "not a game record"),
        ("+OK|5 3|#####\n#1 2#\n#####\n|one|two|EW|X|+OK\n", "result 'X'"),
        ("+OK|5 3|#####\n#1 2#\n#####\n|one|two|EQ|D|+OK\n", "expected only N E S W"),
        ("+OK|5 3|#####\n#1 2#\n#####\n|one|two|EWN|D|+OK\n", "odd number"),
        ("+OK|5 3|#####\n#1 2#\n####\n|one|two|EW|D|+OK\n", "map"),
        ("+OK|5 x|#####\n#1 2#\n#####\n|one|two|EW|D|+OK\n", "map"),
        ("+OK|5 3|#####\n#1 1#\n#####\n|one|two|EW|D|+OK\n", "map"),
        ("+OK|5 3|#####\n", "cut off"),
        ("+OK|5 3|#####\n#1 2#\n#####\n|one|two|EW|D|1|2|+OK\n", "a record has 7 or 8"),
    ],
)
def test_broken_records_are_refused_with_a_reason(text, message):
    with pytest.raises(RecordError, match=message):
        parse_record(text)


def test_cut_off_record_keeps_what_was_read():
    with pytest.raises(RecordError) as caught:
        parse_record("+OK|5 3|#####\n#1 2#\n#####\n|one|two|EWNS")
    partial = caught.value.partial
    assert partial is not None and partial.moves == ((E, W), (N, S)) and partial.result is None


def test_binary_file_is_refused(tmp_path):
    path = tmp_path / "game.tron"
    path.write_bytes(b"\xff\xfe\x00\x01+OK|")
    with pytest.raises(RecordError, match="binary"):
        read_record(str(path))


def test_recorded_games_read(recorded_games):
    complete, cut = [], []
    for path in recorded_games:
        try:
            record = read_record(str(path))
        except RecordError as e:
            assert e.partial is not None, path.name
            cut.append(path.name)
            continue
        assert record.result in ("1", "2", "D")
        assert parse_record(format_record(record)) == record  # round trip
        complete.append(path.name)
    assert len(complete) == 35 and len(cut) == 3
