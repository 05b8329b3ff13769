"""Records are read as a stream: memory bounded by the board, whatever the length of the moves
field."""

from __future__ import annotations

import pytest
from conftest import GOLDEN, MAPS

from lazytron.match.records import RecordError, parse_record, read_record, scan_record
from lazytron.replay.model import load_replay

SIZE, ROWS = (MAPS / "pillars.txt").read_text().split("\n", 1)
TURNS = 200_000


def test_a_record_that_goes_on_after_its_game_keeps_only_the_turns_a_game_can_have(tmp_path):
    path = tmp_path / "long.tron"
    path.write_text(f"+OK|{SIZE}|{ROWS}|a|b|{'NS' * TURNS}|1|+OK\n")
    record = read_record(str(path), bounded=True)
    assert record.turns == TURNS
    assert (
        len(record.moves) <= record.board.free.bit_count() // 2 + 2
    )  # bounded by the board, not the file
    assert len(read_record(str(path)).moves) == TURNS  # unless all are asked for
    replay = load_replay(str(path))
    assert replay.problem == f"{TURNS - 1} more turns recorded after the game ended on turn 1"


def test_a_bad_letter_far_into_the_moves_is_found(tmp_path):
    path = tmp_path / "bad.tron"
    path.write_text(f"+OK|{SIZE}|{ROWS}|a|b|{'NS' * TURNS}X|1|+OK\n")
    with pytest.raises(RecordError, match=f"'X' at letter {2 * TURNS + 1} \\(turn {TURNS + 1}\\)"):
        read_record(str(path))


SAMPLES = [
    *(p.read_text() for p in sorted((GOLDEN / "games").glob("*.tron"))),
    "\ufeff+OK|3 3\r|   \r\n 1 \r\n 2 \r\n|a|b|NN|1|+OK\r\n",
    "+OK|3 3|   \n 1 \n 2 \n|a|b|EWE",
    "+OK|3 3|   \n 1 \n 2 \n|a|b|EWNS\n",
    "+OK|3 3|   \n 1 \n 2 \n|a|b|EW|D",
    "+OK|5 3|#####\n#1 2#\n#####\n|one|two|EW|D|1|2|+OK\n",
    "+OK|5 3|#####\n#1 2#\n#####\n|one|two|EQ|D|+OK\n",
    "+OK|4 3|####\n#12#\n####\n|him",
    "+OK|+OK\n",
    "hello\n",
    " \n",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_any_cut_into_chunks_reads_as_the_whole_text(text):
    def outcome(read):
        try:
            record = read()
            return record, record.turns
        except RecordError as e:
            return str(e), e.partial

    whole = outcome(lambda: parse_record(text))
    assert outcome(lambda: scan_record(iter(text))) == whole  # one character at a time
    assert outcome(lambda: scan_record([text[:7], text[7:8], text[8:]])) == whole
