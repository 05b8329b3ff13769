"""A tuning in SQLite: its run and games as a tournament stores them, and every iteration.

The file is a tournament results database (:mod:`lazytron.tournament.store`)
holding one run, the tuning's, with a table more: ``iterations``, one row
per finished iteration (``θ`` before, the signs, each parameter's ``c_k`` and
``a_k``, the two perturbed points, the points each scored, the result and
``θ`` after).  A game is stored as soon as it ends; its iteration once all its
games have, in a transaction of its own.  A file that holds another run
(another tuning, or a tournament's) is refused; the same tuning asked for
more iterations is extended.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from ..tournament import store
from ..tournament.run import run_key
from ..tournament.task import Fixture, GameResult
from .spsa import Probe, Step

SCHEMA = """
CREATE TABLE IF NOT EXISTS iterations (
    run INTEGER NOT NULL REFERENCES runs(id),
    k INTEGER NOT NULL,
    theta TEXT NOT NULL,
    delta TEXT NOT NULL,
    c TEXT NOT NULL,
    a TEXT NOT NULL,
    plus TEXT NOT NULL,
    minus TEXT NOT NULL,
    points TEXT NOT NULL,
    result REAL NOT NULL,
    after TEXT NOT NULL,
    finished REAL NOT NULL,
    PRIMARY KEY (run, k)
);
"""


class TuneError(store.StoreError):
    """A database that holds no tuning, or another run than the command's (one line)."""


def connect(path: str) -> store.Database:
    """Open (or create) a tuning's database; StoreError if the file is something else."""
    db = store.connect(path)
    db.executescript(SCHEMA)
    return db


OPTION_OF = {  # a field of a run's identity: the options that set it
    "params": "--param",
    "schedule": "the schedule's constants",
    "engine": "--engine",
    "template": "--bot-template",
    "against": "--against",
    "maps": "the maps",
    "openings": "--openings",
    "seed": "--seed",
    "limits": "--first-time or --turn-time",
    "rules": "--rules",
}


def open_run(db: store.Database, path: str, settings: dict[str, Any]) -> int:
    """The id of the run of these settings (made if the file has none, its iterations and command
    updated if it has); TuneError if the file holds another."""
    key = run_key(settings["tune"])
    rows = db.execute("SELECT id, key, settings FROM runs ORDER BY id").fetchall()
    for _, found, text in rows:
        if found != key:
            raise TuneError(refusal(path, json.loads(text), settings["tune"]))
    if not rows:
        return store.open_run(db, key, settings)
    run = int(rows[0][0])
    with db:  # the iterations and the command last asked for
        db.execute(
            "UPDATE runs SET settings = ? WHERE id = ?", (json.dumps(settings, sort_keys=True), run)
        )
    return run


def refusal(path: str, stored: dict[str, Any], identity: dict[str, Any]) -> str:
    """Why a database is not the command's: what it holds, and what differs.

    >>> refusal("t.db", {"tune": {"seed": 1}, "command": "lazytron tune x"}, {"seed": 2})[:64]
    't.db holds the tuning of other options (--seed): lazytron tune x'
    >>> refusal("t.db", {"names": ["a", "b"]}, {"seed": 2})
    "t.db holds a tournament's games: give another --db"
    """
    if "tune" not in stored:
        return f"{path} holds a tournament's games: give another --db"
    old = stored["tune"]
    differ = [
        OPTION_OF.get(k, k)
        for k in sorted(set(old) | set(identity))
        if old.get(k) != identity.get(k)
    ]
    return (
        f"{path} holds the tuning of other options ({', '.join(differ)}): "
        f"{stored.get('command') or '?'}; run that command to resume it, or give another --db"
    )


def the_run(db: store.Database, path: str) -> tuple[int, dict[str, Any]]:
    """The tuning a database holds: its run's id and settings; TuneError if there is none."""
    row = db.execute("SELECT id, settings FROM runs ORDER BY id LIMIT 1").fetchone()
    settings = json.loads(row[1]) if row else {}
    if "tune" not in settings:
        raise TuneError(f"{path}: no tuning stored")
    return int(row[0]), settings


def save(db: store.Database, run: int, it: Step) -> None:
    """Store a finished iteration (committed at once)."""
    p = it.probe
    with db:
        db.execute(
            "INSERT INTO iterations VALUES (" + ", ".join("?" * 12) + ")",
            (
                run,
                p.k,
                *map(json.dumps, (p.theta, p.delta, p.c, p.a, p.plus, p.minus, it.points)),
                it.result,
                json.dumps(it.after),
                it.finished or time.time(),
            ),
        )


def iterations(db: store.Database, run: int) -> list[Step]:
    """The run's finished iterations, in order."""
    rows = db.execute(
        "SELECT k, theta, delta, c, a, plus, minus, points, result, after, finished "
        "FROM iterations WHERE run = ? ORDER BY k",
        (run,),
    )
    found = []
    for k, theta, delta, c, a, plus, minus, pts, result, after, finished in rows:
        lists = [tuple(json.loads(t)) for t in (theta, delta, c, a, plus, minus)]
        probe = Probe(k, *lists)
        one, two = json.loads(pts)
        found.append(Step(probe, (one, two), result, tuple(json.loads(after)), finished))
    return found


def games_of(db: store.Database, run: int, k: int) -> list[tuple[Fixture, GameResult]]:
    """The stored games of iteration ``k`` (those of an iteration cut short are played again only
    if missing)."""
    return [(g.fixture, g.result) for g in store.games(db, [run]) if g.fixture.round == k]


def forget(db: store.Database, run: int, games: Sequence[int]) -> None:
    """Delete these games of the run (those of an unfinished iteration planned anew)."""
    with db:
        db.executemany("DELETE FROM games WHERE run = ? AND game = ?", [(run, g) for g in games])


def created(db: store.Database, run: int) -> float:
    """When the run was made (seconds since the epoch)."""
    return float(db.execute("SELECT created FROM runs WHERE id = ?", (run,)).fetchone()[0])


def last_theta(history: Sequence[Step], start: Sequence[float]) -> tuple[float, ...]:
    """``θ`` now: after the last finished iteration, or the start."""
    return history[-1].after if history else tuple(start)
