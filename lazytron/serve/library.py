"""The stored games: the records in the server's folder and the games of the ``--db`` store, each
opening in the replay page.

The results store is only read: opened read-only (SQLite's ``mode=ro``),
it can be read while a tournament writes to it.
"""

from __future__ import annotations

import os
import re
import sqlite3
import urllib.parse
from contextlib import closing
from typing import Any

from ..match.records import RecordError, parse_record, read_record
from ..replay.model import ReplayError, load_replay, replay_record
from ..replay.webpage import page
from .choices import RequestError

RECORD_NAME = re.compile(r"[\w.-]+\.tron")  # the names of records the server serves
LISTED = 200  # the newest games listed of each source


def open_store(path: str) -> sqlite3.Connection:
    """The results database, read-only; RequestError if it cannot be read."""
    if not os.path.isfile(path):
        raise RequestError(f"{path}: no results database there (yet)", 404)
    return sqlite3.connect(f"file:{urllib.parse.quote(path)}?mode=ro", uri=True, timeout=5)


def query(path: str, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows of a query of the results database; RequestError if it is not one."""
    try:
        with closing(open_store(path)) as db:
            return db.execute(sql, parameters).fetchall()
    except sqlite3.Error as e:
        raise RequestError(f"{path}: not a readable results database ({e})", 500) from None


def record_files(folder: str) -> list[dict[str, Any]]:
    """The records in ``folder``, newest first: names, result, turns and replay address."""
    try:
        paths = [e for e in os.scandir(folder) if e.is_file() and RECORD_NAME.fullmatch(e.name)]
    except OSError:  # the folder has gone: no records
        return []
    paths.sort(key=lambda e: e.stat().st_mtime, reverse=True)
    listed = []
    for entry in paths[:LISTED]:
        item: dict[str, Any] = {"name": entry.name, "url": f"/replay/records/{entry.name}"}
        try:
            record = read_record(entry.path, bounded=True)
            item.update(names=list(record.names), result=record.result, turns=record.turns)
        except (RecordError, OSError) as e:
            item.update(names=["?", "?"], result=None, turns=None, problem=str(e))
        listed.append(item)
    return listed


def stored_games(path: str) -> list[dict[str, Any]]:
    """The games of the results database, newest first."""
    rows = query(
        path,
        "SELECT run, game, player1, player2, map, result, turns FROM games "
        "ORDER BY rowid DESC LIMIT ?",
        (LISTED,),
    )
    return [
        {
            "run": run,
            "game": game,
            "names": [one, two],
            "map": map_name,
            "result": result,
            "turns": turns,
            "url": f"/replay/db/{run}/{game}",
        }
        for run, game, one, two, map_name, result, turns in rows
    ]


def record_page(folder: str, name: str) -> str:
    """The replay page of a record in ``folder``; RequestError (404) if there is none of that
    name."""
    path = os.path.join(folder, name)
    if not RECORD_NAME.fullmatch(name) or not os.path.isfile(path):
        raise RequestError(f"no game {name[:60]!r} in this server's records", 404)
    try:
        return page(load_replay(path))
    except ReplayError as e:
        raise RequestError(f"{name}: {e}", 422) from None


def stored_page(path: str, run: int, game: int) -> str:
    """The replay page of a game of the results database."""
    rows = query(path, "SELECT record FROM games WHERE run = ? AND game = ?", (run, game))
    if not rows:
        raise RequestError(f"no game {game} of run {run} in {path}", 404)
    try:
        return page(replay_record(parse_record(rows[0][0])))
    except RecordError as e:
        raise RequestError(f"game {game} of run {run}: {e}", 422) from None
