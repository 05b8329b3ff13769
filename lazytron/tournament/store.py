"""Tournament results in SQLite: runs, their fixtures' settings and every finished game.

One file holds any number of runs.  A run is keyed by what decides its
games (maps, bots, limits, rules, schedule options): the same command
finds its run again and plays only the games not yet stored.  Each game
is written in a transaction of its own as soon as it ends, so an
interrupt, a crash or a SIGKILL loses at most the games under way.
Nothing but the coordinator writes here.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..match.referee import Limits
from .task import Fixture, GameResult

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    key TEXT UNIQUE NOT NULL,
    settings TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    run INTEGER NOT NULL REFERENCES runs(id),
    game INTEGER NOT NULL,
    pair INTEGER NOT NULL,
    round INTEGER NOT NULL,
    map TEXT NOT NULL,
    map_text TEXT NOT NULL,
    player1 TEXT NOT NULL,
    player2 TEXT NOT NULL,
    command1 TEXT NOT NULL,
    command2 TEXT NOT NULL,
    limits1 TEXT NOT NULL,
    limits2 TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    opening TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('1', '2', 'D')),
    outcome TEXT NOT NULL,
    turns INTEGER NOT NULL,
    faults TEXT NOT NULL,
    times TEXT NOT NULL,
    host TEXT NOT NULL,
    started REAL NOT NULL,
    seconds REAL NOT NULL,
    record TEXT NOT NULL,
    stderr TEXT NOT NULL,
    PRIMARY KEY (run, game)
);
"""


class StoreError(Exception):
    """A file that is not a lazytron results database, or a run that is not in it."""


def limits_text(limits: Limits) -> str:
    """``FIRST/TURN`` in seconds, as ``--time`` takes it.

    >>> limits_text(Limits(3.0, 0.5))
    '3/0.5'
    """
    return f"{limits.first:g}/{limits.turn:g}"


def parse_limits(text: str) -> Limits:
    """The inverse of :func:`limits_text`."""
    first, _, turn = text.partition("/")
    return Limits(float(first), float(turn))


@dataclass(frozen=True)
class StoredGame:
    """A finished game as stored: the fixture it played and its result."""

    run: int
    fixture: Fixture
    result: GameResult


def connect(path: str) -> sqlite3.Connection:
    """Open (or create) a results database; StoreError if the file is something else."""
    db = sqlite3.connect(path, timeout=30, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.executescript(SCHEMA)
    except sqlite3.DatabaseError as e:
        db.close()
        raise StoreError(f"{path}: not a results database ({e})") from None
    return db


def open_run(db: sqlite3.Connection, key: str, settings: dict[str, object]) -> int:
    """The id of the run with this key, made if new."""
    db.execute(
        "INSERT OR IGNORE INTO runs (key, settings, created) VALUES (?, ?, ?)",
        (key, json.dumps(settings, sort_keys=True), time.time()),
    )
    return int(db.execute("SELECT id FROM runs WHERE key = ?", (key,)).fetchone()[0])


def finished(db: sqlite3.Connection, run: int) -> set[int]:
    """The numbers of the run's stored games."""
    return {row[0] for row in db.execute("SELECT game FROM games WHERE run = ?", (run,))}


def save(db: sqlite3.Connection, run: int, fixture: Fixture, result: GameResult) -> None:
    """Store one finished game (committed at once; storing it again is an error)."""
    with db:
        db.execute(
            "INSERT INTO games VALUES (" + ", ".join("?" * 25) + ")",
            (
                run,
                fixture.game,
                fixture.pair,
                fixture.round,
                fixture.map_name,
                fixture.map_text,
                *fixture.names,
                *fixture.commands,
                *map(limits_text, fixture.limits),
                fixture.rules,
                fixture.seed,
                fixture.opening,
                result.result,
                result.outcome,
                result.turns,
                json.dumps(result.faults),
                json.dumps(result.times),
                result.host,
                result.started,
                result.seconds,
                result.record,
                result.stderr,
            ),
        )


def runs(db: sqlite3.Connection) -> list[tuple[int, dict[str, object], int]]:
    """Every run: its id, settings and number of stored games."""
    rows = db.execute(
        "SELECT r.id, r.settings, COUNT(g.game) FROM runs r LEFT JOIN games g ON g.run = r.id "
        "GROUP BY r.id ORDER BY r.id"
    )
    return [(run, json.loads(settings), count) for run, settings, count in rows]


def settings(db: sqlite3.Connection, run: int) -> dict[str, object]:
    row = db.execute("SELECT settings FROM runs WHERE id = ?", (run,)).fetchone()
    if row is None:
        raise StoreError(f"no run {run}")
    return dict(json.loads(row[0]))


def games(db: sqlite3.Connection, run_ids: Sequence[int]) -> Iterator[StoredGame]:
    """The stored games of these runs, in the order they were stored."""
    marks = ", ".join("?" * len(run_ids))
    rows = db.execute(f"SELECT * FROM games WHERE run IN ({marks}) ORDER BY rowid", tuple(run_ids))
    for row in rows:
        (
            run,
            game,
            pair,
            rnd,
            map_name,
            map_text,
            p1,
            p2,
            c1,
            c2,
            l1,
            l2,
            rules,
            seed,
            opening,
            result,
            outcome,
            turns,
            faults,
            times,
            host,
            started,
            seconds,
            record,
            stderr,
        ) = row
        fixture = Fixture(
            game,
            pair,
            rnd,
            map_name,
            map_text,
            (p1, p2),
            (c1, c2),
            (parse_limits(l1), parse_limits(l2)),
            rules,
            seed,
            opening,
        )
        played = GameResult(
            game,
            result,
            outcome,
            turns,
            record,
            stderr,
            tuple(tuple(t) for t in json.loads(times)),
            tuple(json.loads(faults)),
            host,
            started,
            seconds,
        )
        yield StoredGame(run, fixture, played)
