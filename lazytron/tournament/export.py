"""The games as CSV, JSON, and PGN with only the seven tag roster (for Ordo, BayesElo and other
raters of chess).

In PGN:each game is a PGN game with no moves: Event, Site (the host that played
it), Date (UTC, when it started), Round, White (player 1), Black
(player 2) and Result (1-0, 0-1 or 1/2-1/2), then the result again as
the movetext.  White being player 1 lets a rater model the first
player's advantage as it models White's.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterable, Sequence

from .table import Played, per_map, seat_model, standings
from .task import Fixture, GameResult

RESULTS = {"1": "1-0", "2": "0-1", "D": "1/2-1/2"}


def _quote(value: str) -> str:
    """A tag value with PGN's escapes.

    >>> _quote('a "b" \\\\ c')
    '"a \\\\"b\\\\" \\\\\\\\ c"'
    """
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def game(fixture: Fixture, result: GameResult, event: str = "lazytron tournament") -> str:
    """One game in PGN.

    >>> f = Fixture(3, 2, 1, "m", "", ("a", "b"), ("x", "y"))
    >>> print(game(f, GameResult(3, "D", "Both players crashed. Draw!", 5, "", host="h",
    ...                          started=0.0)), end="")
    [Event "lazytron tournament"]
    [Site "h"]
    [Date "1970.01.01"]
    [Round "1.3"]
    [White "a"]
    [Black "b"]
    [Result "1/2-1/2"]
    <BLANKLINE>
    1/2-1/2
    <BLANKLINE>
    """
    tags = [
        ("Event", event),
        ("Site", result.host),
        ("Date", time.strftime("%Y.%m.%d", time.gmtime(result.started))),
        ("Round", f"{fixture.round}.{fixture.game}"),
        ("White", fixture.names[0]),
        ("Black", fixture.names[1]),
        ("Result", RESULTS[result.result]),
    ]
    head = "".join(f"[{tag} {_quote(value)}]\n" for tag, value in tags)
    return f"{head}\n{RESULTS[result.result]}\n\n"


def to_pgn(played: Iterable[Played], event: str = "lazytron tournament") -> str:
    """Every game, one after another."""
    return "".join(game(f, r, event) for f, r in played)


GAME_FIELDS = (
    "game",
    "pair",
    "round",
    "map",
    "player1",
    "player2",
    "result",
    "outcome",
    "turns",
    "fault1",
    "fault2",
    "seed",
    "opening",
    "limits1",
    "limits2",
    "host",
    "seconds",
)


def game_rows(played: Iterable[Played]) -> list[dict[str, object]]:
    """One dict per game, with the fields of :data:`GAME_FIELDS`."""
    return [
        dict(
            zip(
                GAME_FIELDS,
                (
                    f.game,
                    f.pair,
                    f.round,
                    f.map_name,
                    f.names[0],
                    f.names[1],
                    r.result,
                    r.outcome,
                    r.turns,
                    r.faults[0] or "",
                    r.faults[1] or "",
                    f.seed,
                    f.opening,
                    *(f"{lim.first:g}/{lim.turn:g}" for lim in f.limits),
                    r.host,
                    round(r.seconds, 3),
                ),
                strict=True,
            )
        )
        for f, r in sorted(played, key=lambda p: p[0].game)
    ]


def to_csv(played: Iterable[Played]) -> str:
    """The games as CSV, one row each."""
    out = io.StringIO()
    writer = csv.DictWriter(out, GAME_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(game_rows(played))
    return out.getvalue()


def to_json(
    played: Sequence[Played], names: Sequence[str], commands: dict[str, str], rules: str
) -> str:
    """The games, the bots and the table as JSON."""
    wdl = per_map(played)
    maps = sorted({f.map_name for f, _ in played})
    table = [
        {
            "bot": s.name,
            "games": s.games,
            "points": s.points,
            "wins": s.wins,
            "draws": s.draws,
            "losses": s.losses,
            "elo": round(s.rating.elo, 1),
            "elo_95": round(s.rating.error, 1),
            "per_map": {
                m: dict(
                    zip(("wins", "draws", "losses"), wdl.get((s.name, m), (0, 0, 0)), strict=True)
                )
                for m in maps
            },
        }
        for s in standings(played, names)
    ]
    data: dict[str, object] = {
        "rules": rules,
        "rating": (
            "Bradley-Terry on the Elo scale, relative to the mean; "
            "elo_95 is the half-width of a 95% interval"
        ),
        "bots": commands,
        "standings": table,
        "games": game_rows(played),
    }
    if played:
        model = seat_model(played, names)
        data["first_player_advantage"] = [round(x, 1) for x in model.advantage]
        data["draw_elo"] = [round(x, 1) for x in model.draw_elo]
    return json.dumps(data, indent=2) + "\n"
