"""A tournament's results summed up: the table of points and ratings, W-D-L per map, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Iterable, Sequence

from toolz import groupby  # type: ignore[import-untyped]

from ..term.render import columns
from .fixtures import Entrant, Result
from .rating import Rating, ratings
from .referee import Limits


@dataclass(frozen=True)
class Standing:
    """A bot's line in the table."""

    name: str
    games: int
    points: float
    wins: int
    draws: int
    losses: int
    rating: Rating


def _sides(results: Iterable[Result]) -> list[tuple[str, str, float]]:
    """Every game from each player's side: (bot, map, points)."""
    return [
        (r.fixture.players[p - 1].name, r.fixture.map_name, r.points(p)) for r in results for p in (1, 2)
    ]


def _wdl(points: Iterable[float]) -> tuple[int, int, int]:
    scores = list(points)
    return scores.count(1.0), scores.count(0.5), scores.count(0.0)


def standings(results: Sequence[Result], entrants: Sequence[Entrant]) -> list[Standing]:
    """The table, best first: by points, then rating."""
    names = [e.name for e in entrants]
    games = [
        (r.fixture.players[0].name, r.fixture.players[1].name, r.points(1)) for r in results
    ]
    rated = {rating.name: rating for rating in ratings(names, games)}
    by_bot = groupby(lambda side: side[0], _sides(results))
    table = []
    for name in names:
        points = [side[2] for side in by_bot.get(name, [])]
        table.append(Standing(name, len(points), sum(points), *_wdl(points), rated[name]))
    return sorted(table, key=lambda s: (-s.points, -s.rating.elo))


def per_map(results: Sequence[Result]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """W/D/L of every (bot, map)."""
    by_key = groupby(lambda side: side[:2], _sides(results))
    return {key: _wdl(side[2] for side in sides) for key, sides in by_key.items()}


def format_report(results: Sequence[Result], entrants: Sequence[Entrant], maps: Sequence[str]) -> str:
    """The table of points and ratings, then W-D-L per map."""
    table = standings(results, entrants)
    rows = [["rank", "bot", "games", "points", "W", "D", "L", "elo", "±95%"]]
    for rank, s in enumerate(table, 1):
        rows.append([
            str(rank), s.name, str(s.games), f"{s.points:g}", str(s.wins), str(s.draws), str(s.losses),
            f"{s.rating.elo:+.0f}", f"±{s.rating.error:.0f}",
        ])
    wdl = per_map(results)
    names = [s.name for s in table]
    grid = [["map", *names]] + [
        [m, *("-".join(map(str, wdl.get((name, m), (0, 0, 0)))) for name in names)] for m in maps
    ]
    return "\n".join([
        *columns(rows, {0, 2, 3, 4, 5, 6, 7, 8}),
        "",
        "W-D-L per map:",
        *columns(grid, set(range(1, len(names) + 1))),
        "",
        "points: win 1, draw 1/2; elo: Bradley-Terry rating relative to the mean, ±95% interval",
    ]) + "\n"


GAME_FIELDS = ("game", "round", "map", "player1", "player2", "result", "outcome", "turns", "fault1", "fault2")


def game_rows(results: Iterable[Result]) -> list[dict[str, object]]:
    """One dict per game, with the fields of :data:`GAME_FIELDS`."""
    return [
        dict(zip(GAME_FIELDS, (
            r.fixture.number, r.fixture.round, r.fixture.map_name, r.fixture.players[0].name,
            r.fixture.players[1].name, r.outcome.code, r.outcome.words, r.turns, r.faults[0] or "", r.faults[1] or "",
        )))
        for r in results
    ]


def to_csv(results: Iterable[Result]) -> str:
    """The games as CSV, one row each."""
    out = io.StringIO()
    writer = csv.DictWriter(out, GAME_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(game_rows(results))
    return out.getvalue()


def to_json(results: Sequence[Result], entrants: Sequence[Entrant], limits: Limits, rules: str) -> str:
    """The games, the bots and the table as JSON."""
    wdl = per_map(results)
    maps = sorted({r.fixture.map_name for r in results})
    table = [
        {
            "bot": s.name, "games": s.games, "points": s.points, "wins": s.wins, "draws": s.draws,
            "losses": s.losses, "elo": round(s.rating.elo, 1), "elo_95": round(s.rating.error, 1),
            "per_map": {m: dict(zip(("wins", "draws", "losses"), wdl.get((s.name, m), (0, 0, 0)))) for m in maps},
        }
        for s in standings(results, entrants)
    ]
    data = {
        "rules": rules,
        "first_time": limits.first,
        "turn_time": limits.turn,
        "rating": "Bradley-Terry on the Elo scale, relative to the mean; elo_95 is the half-width of a 95% interval",
        "bots": {e.name: e.command for e in entrants},
        "standings": table,
        "games": game_rows(results),
    }
    return json.dumps(data, indent=2) + "\n"
