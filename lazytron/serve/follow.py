"""Following a tournament as it is played: its results store polled, read-only.

The store holds each game once it has ended (not its moves as they are
played), so a game is shown when it ends, move by move from its record,
and the standings are updated with it.  The run followed is the newest in
the store: a newer one replaces it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..match.records import RecordError, parse_record
from ..replay.model import replay_record
from ..replay.webpage import game_data
from ..tournament.table import Played, standings
from ..tournament.task import Fixture, GameResult
from .choices import RequestError
from .library import query

POLL = 1.0  # seconds between looks at the store
COLUMNS = "rowid, game, pair, round, map, player1, player2, result, outcome, turns, record"


@dataclass
class Follower:
    """What a page following a tournament has been sent: the run, the games up to a row."""

    path: str
    run: int | None = None
    after: int = 0  # the last row sent
    names: list[str] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    problem: str | None = None  # the last thing said about the store, not to repeat it

    def poll(self) -> list[dict[str, Any]]:
        """The messages for what is new in the store since the last poll (run in a thread)."""
        try:
            return self._news()
        except RequestError as e:
            if str(e) == self.problem:
                return []
            self.problem = str(e)
            return [{"type": "waiting", "message": str(e)}]

    def _news(self) -> list[dict[str, Any]]:
        runs = query(self.path, "SELECT id, settings FROM runs ORDER BY id DESC LIMIT 1")
        if not runs:
            raise RequestError(f"{self.path}: no tournament in it yet")
        self.problem = None
        news: list[dict[str, Any]] = []
        run, settings = runs[0]
        if run != self.run:
            self.run, self.after, self.played = run, 0, []
            self.names = [str(n) for n in json.loads(settings).get("names", [])]
            news.append({"type": "run", "run": run, "names": self.names})
        rows = query(
            self.path,
            f"SELECT {COLUMNS} FROM games WHERE run = ? AND rowid > ? ORDER BY rowid",
            (run, self.after),
        )
        for row in rows:
            news.append(self._game(run, row))
        if rows or news:
            news.append(self.table())
        return news

    def _game(self, run: int, row: tuple[Any, ...]) -> dict[str, Any]:
        rowid, game, pair, rnd, map_name, one, two, result, outcome, turns, record = row
        self.after = rowid
        fixture = Fixture(game, pair, rnd, map_name, "", (one, two), ("", ""))
        self.played.append((fixture, GameResult(game, result, outcome, turns, record)))
        message: dict[str, Any] = {
            "type": "game",
            "run": run,
            "game": game,
            "names": [one, two],
            "map": map_name,
            "result": outcome,
            "turns": turns,
            "url": f"/replay/db/{run}/{game}",
            "replay": None,
        }
        try:
            message["replay"] = game_data(replay_record(parse_record(record)))
        except RecordError:
            pass
        return message

    def table(self) -> dict[str, Any]:
        """The standings of the games seen so far."""
        names = self.names or sorted({n for f, _ in self.played for n in f.names})
        rows = standings(self.played, names)
        return {
            "type": "standings",
            "run": self.run,
            "games": len(self.played),
            "rows": [[s.name, s.games, s.points, s.wins, s.draws, s.losses] for s in rows],
        }
