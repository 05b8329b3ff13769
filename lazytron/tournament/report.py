"""The tournament as one self-contained web page: tables, charts in inline SVG, a link to every
game's replay.

The page loads nothing (no script, style, font or image from elsewhere);
its only links are relative ones to the replay pages, which are written
beside it in a folder named after it (``report.html`` ->
``report-games/game-00001.html``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from ..ratings.stats import Sprt
from .charts import elo_chart, llr_chart
from .table import (
    Played,
    clock_rows,
    crosstable,
    figures,
    llr_series,
    match,
    per_map,
    result_words,
    seat_model,
    standings,
    verdict,
)

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { padding: 0.2em 0.6em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
#standings td:nth-child(2), #standings th:nth-child(2) { text-align: left; }
#bots td, #bots th, #games td, #games th { text-align: left; }
#games td:nth-child(1), #games td:nth-child(2), #games td:nth-child(7) { text-align: right; }
.note { color: #555; max-width: 48em; }
dl.about { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dl.about dt { font-weight: 600; } dl.about dd { margin: 0; }
code { font: 13px ui-monospace, monospace; background: #f3f3f3; padding: 0 0.3em; }
svg { background: #fafafa; border: 1px solid #ddd; }
svg text { font: 12px system-ui, sans-serif; fill: #333; }
svg text.title { font-weight: 600; }
.bar { stroke: #1f5fa8; stroke-width: 2; } .dot { fill: #1f5fa8; }
.llr { fill: none; stroke: #b33; stroke-width: 2; } .now { fill: #b33; }
.bound { stroke: #888; stroke-dasharray: 4 3; }
.axis { stroke: #444; } .grid { stroke: #e2e2e2; }
"""


def games_dir(html_path: str) -> str:
    """The folder of the replay pages that go with a report."""
    return os.path.splitext(html_path)[0] + "-games"


def games_href(html_path: str) -> str:
    """The relative URL of the replay pages' folder from the page: ``./`` and the folder's name
    percent-encoded, so that no name reads as a scheme (``javascript:``), a fragment or a query.

    >>> games_href("out/javascript:x.html"), games_href("r#1 %.html")
    ('./javascript%3Ax-games', './r%231%20%25-games')
    """
    return "./" + quote(os.path.basename(games_dir(html_path)), safe="")


def replay_name(game: int) -> str:
    return f"game-{game:05d}.html"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], name: str | None = None) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    ident = f' id="{name}"' if name else ""
    return f"<table{ident}><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def page(
    played: Sequence[Played],
    names: Sequence[str],
    maps: Sequence[str],
    games_href: str,
    title: str = "lazytron tournament",
    bot: str | None = None,
    sprt: Sprt | None = None,
    runs: Sequence[Mapping[str, Any]] = (),
) -> str:
    """The whole page as a string; ``games_href`` is the relative URL of the replay pages' folder,
    ``runs`` the stored settings of the runs shown (their commands and the bots' clocks)."""
    table = standings(played, names)
    standing_rows = [[str(k), escape(s.name), *figures(s)] for k, s in enumerate(table, 1)]
    sections = [
        f"<h1>{escape(title)}</h1>",
        *_about(played, maps, runs),
        "<h2>Standings</h2>",
        _table(
            ["rank", "bot", "games", "points", "W", "D", "L", "Elo", "±95%"],
            standing_rows,
            "standings",
        ),
        '<p class="note" id="elo-meaning">Points: win 1, draw 1/2. Elo: the bot\'s Bradley-Terry '
        "rating from every game it played, relative to the mean of the field (0); ±95%: half the "
        "width of its 95 % interval.</p>",
        "<h2>Elo with 95 % intervals</h2>",
        elo_chart(table),
        *_seats(played, names),
        *_test(played, bot, sprt),
        *_field(played, [s.name for s in table], maps, games_href),
    ]
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{STYLE}</style></head><body>\n" + "\n".join(sections) + "\n</body></html>\n"
    )


def _when(played: Sequence[Played]) -> str:
    """When the games were played (UTC), from the first start to the last end."""
    spans = [(r.started, r.started + r.seconds) for _, r in played if r.started > 0]
    if not spans:
        return "no game played yet"
    day = lambda t: time.strftime("%Y-%m-%d %H:%M", time.gmtime(t))  # noqa: E731
    first, last = day(min(a for a, _ in spans)), day(max(b for _, b in spans))
    if first[:10] == last[:10]:
        return f"{first} to {last[11:]} UTC"
    return f"{first} to {last} UTC"


def _about(
    played: Sequence[Played], maps: Sequence[str], runs: Sequence[Mapping[str, Any]]
) -> list[str]:
    """The command that started each run, the date of the games, the bots with their clocks."""
    commands = [
        f"<code>{escape(r['command'])}</code>" if r.get("command") else "not recorded" for r in runs
    ]
    bots = {b[0]: b for r in runs for b in r["games"]["bots"]}
    rows = [
        [escape(name), f"<code>{escape(command)}</code>", f"{first:g} s", f"{turn:g} s"]
        for name, command, first, turn in bots.values()
    ]
    rules = sorted({str(r["games"]["rules"]) for r in runs})
    about = [
        ("command", "<br>".join(commands)),
        ("played", escape(_when(played))),
        ("games", f"{len(played)} on {len(maps)} maps: {escape(', '.join(maps))}"),
        ("rules", escape(", ".join(rules))),
    ]
    lines = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in about if v)
    sections = [f'<dl class="about" id="about">{lines}</dl>']
    if rows:
        sections += [
            "<h2>Bots and their clock</h2>",
            '<p class="note">Each bot\'s time limits: for its first move, and for each later '
            "one.</p>",
            _table(["bot", "command", "first move", "later moves"], rows, "bots"),
        ]
    return sections


def _seats(played: Sequence[Played], names: Sequence[str]) -> list[str]:
    """The first player's advantage and the draw Elo, said to be the model's and not ratings."""
    if not played:
        return []
    model = seat_model(played, names)
    return [
        "<h2>Seats and draws</h2>",
        f'<p id="seat-model">First player\'s advantage {round(model.advantage[0]):+d} '
        f"±{model.advantage[1]:.0f} Elo, draw Elo {model.draw_elo[0]:.0f} "
        f"±{model.draw_elo[1]:.0f}: how much moving first and how often draws weigh, in the "
        "BayesElo model fitted to every game. These are not ratings of the bots.</p>",
    ]


def _test(played: Sequence[Played], bot: str | None, sprt: Sprt | None) -> list[str]:
    """The tested bot's match against the field, its pairs and its SPRT, when there are."""
    if bot is None:
        return []
    m, name = match(played, bot), escape(bot)
    e = m.interval()
    sections = [
        f"<h2>{name} against the field</h2>",
        f'<p id="field-elo">Elo {e.elo:.1f} +/- {e.error:.1f}: the Elo difference that {name}\'s '
        "score against all the other bots together implies, with its 95 % interval (from its "
        f"pairs once there are, as cutechess and fastchess count). LOS {100 * m.los():.1f} %, "
        f"draw ratio {100 * m.draw_ratio:.1f} %, {m.games} games "
        f"(W {m.wins} D {m.draws} L {m.losses}).</p>",
        f'<p class="note">The pairs (a map and opening played from both seats) by {name}\'s '
        "points over both games, the pentanomial counts:</p>",
        _table(["points", "0", "1/2", "1", "3/2", "2"], [["pairs", *map(str, m.pairs)]], "pairs"),
    ]
    if sprt is not None:
        sections += _sprt(played, bot, sprt)
    return sections


def _sprt(played: Sequence[Played], bot: str, sprt: Sprt) -> list[str]:
    """The SPRT's hypotheses, its LLR, its bounds and its verdict, and the LLR's path."""
    answer, games, llr = verdict(played, bot, sprt)
    name = escape(bot)
    state = {
        "H1": f"H1 accepted: {name} is better, by about {sprt.elo1:g} Elo or more",
        "H0": f"H0 accepted: {name} is no better than {sprt.elo0:g} Elo",
        None: "continue: neither bound reached yet",
    }[answer]
    return [
        f"<h2>SPRT: H0 Elo = {sprt.elo0:g} against H1 Elo = {sprt.elo1:g}</h2>",
        f'<p id="sprt-state">LLR <strong>{llr:.2f}</strong> after {games} games; the test stops '
        f"at {sprt.lower:.2f} (H0 accepted) or {sprt.upper:.2f} (H1 accepted), alpha "
        f"{sprt.alpha:g}, beta {sprt.beta:g}. Verdict: <strong>{state}</strong>.</p>",
        llr_chart(llr_series(played, bot, sprt), sprt),
    ]


def _field(
    played: Sequence[Played], order: Sequence[str], maps: Sequence[str], games_href: str
) -> list[str]:
    """The crosstable, the results per map, the clocks and the games, bots in ``order``."""
    cross = crosstable(played)
    cross_rows = [
        [
            escape(a),
            *("" if a == b else "{:g}/{}".format(*cross.get((a, b), (0, 0))) for b in order),
        ]
        for a in order
    ]
    clocks = clock_rows(played, order)
    wdl = per_map(played)
    map_rows = [
        [escape(m), *("-".join(map(str, wdl.get((n, m), (0, 0, 0)))) for n in order)] for m in maps
    ]
    game_rows = [
        [
            f'<a href="{escape(games_href)}/{replay_name(f.game)}">{f.game}</a>',
            str(f.round),
            escape(f.map_name),
            escape(f.names[0]),
            escape(f.names[1]),
            escape(result_words(f, r)),
            str(r.turns),
            escape(f.opening or "-"),
        ]
        for f, r in sorted(played, key=lambda p: p[0].game)
    ]
    return [
        "<h2>Crosstable</h2><p>Points/games of the row's bot against the column's.</p>",
        _table(["", *order], cross_rows),
        "<h2>W-D-L per map</h2>",
        _table(["map", *order], map_rows),
        "<h2>Answers against the clock</h2>"
        "<p>Time-outs (each loses its game) and the slowest answers, in seconds.</p>",
        _table(clocks[0], [[escape(cell) for cell in row] for row in clocks[1:]]),
        "<h2>Games</h2>",
        _table(
            ["game", "round", "map", "player 1", "player 2", "result", "turns", "opening"],
            game_rows,
            "games",
        ),
    ]
