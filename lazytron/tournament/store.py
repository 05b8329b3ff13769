"""Tournament results in SQLite: runs, their fixtures' settings and every finished game.

One file holds any number of runs.  A run is keyed by what decides its
games (maps, bots, limits, rules, schedule options): the same command
finds its run again and plays only the games not yet stored.  Each game
is written in a transaction of its own as soon as it ends, so an
interrupt, a crash or a SIGKILL loses at most the games under way.
Nothing but the coordinator writes here.

Every SQLite failure (a file that cannot be opened, a damaged page, a
full disk, a database locked longer than ``wait`` seconds) is a
:class:`StoreError` naming the database and the cause in one line; a game
stored twice stays ``sqlite3.IntegrityError`` (a bug, not a bad file).
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from ..files import can_create, lock_holders
from ..match.referee import Limits
from .task import Fixture, GameResult

WAIT = 30.0  # seconds to wait for a database another process has locked

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
    """A database that cannot be opened, read or written (``PATH: cause``), or a run not in it."""


class Database(sqlite3.Connection):
    """A connection that knows its file and how long it waits for a lock."""

    path = ""
    wait = WAIT


def check_path(path: str, write: bool = True) -> None:
    """StoreError at once if ``path`` cannot be a database: a directory, in a missing directory,
    or (``write``) a read-only file or one in a directory where SQLite cannot make its journal."""
    parent = os.path.dirname(os.path.abspath(path))
    try:
        found: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        found = None
    except OSError as e:
        raise StoreError(f"{path}: {e.strerror}") from None
    why = None
    if found is not None and stat.S_ISDIR(found.st_mode):
        why = "is a directory"
    elif found is None and not write:
        why = "no such file"
    elif found is None and not os.path.isdir(parent):
        why = "no such directory"
    elif (
        write and found is not None and (not found.st_mode & 0o222 or not os.access(path, os.W_OK))
    ):
        why = "read-only file"
    elif write and not can_create(parent):
        why = f"cannot create files in {parent} (SQLite keeps its journal beside the database)"
    if why is not None:
        raise StoreError(f"{path}: {why}")


def cause(error: sqlite3.Error, db: Database) -> str:
    """What an SQLite failure means, in words (and who holds a lock, where that can be found)."""
    code = getattr(error, "sqlite_errorname", "") or ""
    if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        holders = lock_holders(db.path + end for end in ("", "-wal", "-shm", "-journal"))
        who = ", ".join(holders) or "another process"
        return f"locked by {who} for more than {db.wait:g} s"
    if code.startswith("SQLITE_FULL"):
        return f"the disk is full ({error})"
    if code.startswith("SQLITE_NOTADB"):
        return f"not a results database ({error})"
    if code.startswith("SQLITE_CORRUPT"):
        return f"the database is damaged ({error})"
    if code.startswith("SQLITE_READONLY"):
        return f"cannot be written ({error})"
    if code.startswith("SQLITE_IOERR"):
        return f"input/output error ({code}: {error})"
    return str(error)


@contextmanager
def failing(db: Database) -> Iterator[None]:
    """Make an SQLite failure in the block a StoreError naming the database and the cause."""
    try:
        yield
    except sqlite3.IntegrityError:
        raise
    except sqlite3.Error as e:
        raise StoreError(f"{db.path}: {cause(e, db)}") from None


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


def connect(path: str, wait: float = WAIT) -> Database:
    """Open (or create) a results database, waiting at most ``wait`` seconds for a lock;
    StoreError if it cannot be, or the file is something else."""
    check_path(path)
    db = _open(path, path, wait)
    try:
        with failing(db):
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
    except StoreError:
        db.close()
        raise
    return db


def open_readonly(path: str, wait: float = WAIT) -> Database:
    """Open a results database to read it (``--report``): StoreError if it cannot be.

    A database in WAL mode that this user cannot write, with no ``-wal``
    file beside it (no writer has it open), is read as an immutable file:
    SQLite could not make the shared-memory file it wants for reading.
    """
    check_path(path, write=False)
    where = f"file:{_quoted(os.path.abspath(path))}?mode=ro"
    db = _open(where, path, wait, uri=True)
    try:
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as e:
        code = getattr(e, "sqlite_errorname", "") or ""
        db.close()
        if not code.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN")):
            raise StoreError(f"{path}: {cause(e, db)}") from None
        if os.path.exists(path + "-wal"):
            raise StoreError(f"{path}: cannot be read while it is written ({e})") from None
        db = _open(where + "&immutable=1", path, wait, uri=True)
    return db


def _quoted(path: str) -> str:
    return path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")


def _open(target: str, path: str, wait: float, uri: bool = False) -> Database:
    try:
        db = sqlite3.connect(target, timeout=wait, isolation_level=None, factory=Database, uri=uri)
    except sqlite3.Error as e:
        raise StoreError(f"{path}: cannot open it ({e})") from None
    db.path, db.wait = path, wait
    return db


def open_run(db: Database, key: str, settings: dict[str, object]) -> int:
    """The id of the run with this key, made if new."""
    with failing(db):
        db.execute(
            "INSERT OR IGNORE INTO runs (key, settings, created) VALUES (?, ?, ?)",
            (key, json.dumps(settings, sort_keys=True), time.time()),
        )
        return int(db.execute("SELECT id FROM runs WHERE key = ?", (key,)).fetchone()[0])


def finished(db: Database, run: int) -> set[int]:
    """The numbers of the run's stored games."""
    with failing(db):
        return {row[0] for row in db.execute("SELECT game FROM games WHERE run = ?", (run,))}


def save(db: Database, run: int, fixture: Fixture, result: GameResult) -> None:
    """Store one finished game (committed at once; storing it again is an error)."""
    row = (
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
    )
    with failing(db), db:
        db.execute("INSERT INTO games VALUES (" + ", ".join("?" * 25) + ")", row)


def runs(db: Database) -> list[tuple[int, dict[str, object], int]]:
    """Every run: its id, settings and number of stored games."""
    with failing(db):
        rows = db.execute(
            "SELECT r.id, r.settings, COUNT(g.game) FROM runs r LEFT JOIN games g ON g.run = r.id "
            "GROUP BY r.id ORDER BY r.id"
        ).fetchall()
    try:
        return [(run, json.loads(settings), count) for run, settings, count in rows]
    except ValueError:
        raise StoreError(f"{db.path}: the database is damaged (a run's settings)") from None


def settings(db: Database, run: int) -> dict[str, object]:
    with failing(db):
        row = db.execute("SELECT settings FROM runs WHERE id = ?", (run,)).fetchone()
    if row is None:
        raise StoreError(f"no run {run}")
    return dict(json.loads(row[0]))


def games(db: Database, run_ids: Sequence[int]) -> Iterator[StoredGame]:
    """The stored games of these runs, in the order they were stored."""
    marks = ", ".join("?" * len(run_ids))
    with failing(db):
        rows = db.execute(
            f"SELECT * FROM games WHERE run IN ({marks}) ORDER BY rowid", tuple(run_ids)
        )
        for row in rows:
            try:
                game = _stored(row)
            except (ValueError, TypeError):
                raise StoreError(f"{db.path}: the database is damaged (game {row[1]})") from None
            yield game


def _stored(row: tuple) -> StoredGame:
    """A stored game from its row; ValueError or TypeError if the row is damaged."""
    run, game, pair, rnd, map_name, map_text, p1, p2, c1, c2, l1, l2 = row[:12]
    rules, seed, opening, result, outcome, turns, faults, times = row[12:20]
    host, started, seconds, record, stderr = row[20:]
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
    return StoredGame(run, fixture, played)
