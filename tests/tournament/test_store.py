"""The results database (real SQLite files): games stored whole and read back, runs found again, bad
files refused."""

from __future__ import annotations

import sqlite3

import pytest

from lazytron.match.referee import Limits
from lazytron.tournament import store
from lazytron.tournament.task import Fixture, GameResult

FIXTURE = Fixture(
    7,
    4,
    2,
    "m",
    "5 3\n#####\n#1 2#\n#####\n",
    ("a", "b"),
    ("bot a", "bot b"),
    (Limits(3, 1), Limits(0.5, 0.25)),
    "simultaneous",
    1234,
    "NS",
)
RESULT = GameResult(
    7,
    "2",
    "Player Two Wins!",
    3,
    "+OK|...|+OK\n",
    "stderr text\n",
    ((0.01, 0.02), (None, 0.5)),
    ("no move within 1 s", None),
    "host-1",
    1700000000.5,
    2.25,
)


def test_a_game_is_read_back_as_it_was_stored(tmp_path):
    db = store.connect(str(tmp_path / "r.db"))
    run = store.open_run(db, "k1", {"x": 1})
    store.save(db, run, FIXTURE, RESULT)
    db.close()
    db = store.connect(str(tmp_path / "r.db"))  # a new connection sees the committed game
    [game] = list(store.games(db, [run]))
    assert (game.run, game.fixture, game.result) == (run, FIXTURE, RESULT)
    assert store.finished(db, run) == {7}


def test_the_same_key_finds_the_same_run_and_a_game_is_stored_once(tmp_path):
    db = store.connect(str(tmp_path / "r.db"))
    run = store.open_run(db, "k1", {"x": 1})
    assert store.open_run(db, "k1", {"x": 1}) == run != store.open_run(db, "k2", {"x": 2})
    store.save(db, run, FIXTURE, RESULT)
    with pytest.raises(sqlite3.IntegrityError):
        store.save(db, run, FIXTURE, RESULT)
    assert [(r, s, n) for r, s, n in store.runs(db)] == [(run, {"x": 1}, 1), (run + 1, {"x": 2}, 0)]


def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not sqlite\n" * 100)
    with pytest.raises(store.StoreError, match="not a results database"):
        store.connect(str(path))
    assert path.read_text() == "not sqlite\n" * 100


def test_limits_round_trip():
    for limits in (Limits(), Limits(0.125, 7)):
        assert store.parse_limits(store.limits_text(limits)) == limits
