"""The tournament as one self-contained web page: tables, charts in inline SVG, a link to every
game's replay.

The page loads nothing (no script, style, font or image from elsewhere);
its only links are relative ones to the replay pages, which are written
beside it in a folder named after it (``report.html`` ->
``report-games/game-00001.html``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from html import escape

from ..ratings.stats import Sprt
from .table import (
    Played,
    Standing,
    clock_rows,
    crosstable,
    llr_series,
    match,
    per_map,
    seat_model,
    standings,
)

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { padding: 0.2em 0.6em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child, td.name { text-align: left; }
svg { background: #fafafa; border: 1px solid #ddd; }
svg text { font: 12px system-ui, sans-serif; }
.bar { stroke: #1f5fa8; stroke-width: 2; } .dot { fill: #1f5fa8; }
.llr { fill: none; stroke: #b33; stroke-width: 2; } .bound { stroke: #888; stroke-dasharray: 4 3; }
.axis { stroke: #444; }
"""


def games_dir(html_path: str) -> str:
    """The folder of the replay pages that go with a report."""
    return os.path.splitext(html_path)[0] + "-games"


def replay_name(game: int) -> str:
    return f"game-{game:05d}.html"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def elo_chart(table: Sequence[Standing], width: int = 640) -> str:
    """Each bot's rating as a dot with its 95 % interval as a bar."""
    finite = [s for s in table if math.isfinite(s.rating.error)]
    lo = min((s.rating.elo - s.rating.error for s in finite), default=-100)
    hi = max((s.rating.elo + s.rating.error for s in finite), default=100)
    lo, hi = min(lo, -10), max(hi, 10)
    left, right, row = 120, width - 20, 28
    height = row * len(table) + 40
    x = lambda elo: left + (elo - lo) / (hi - lo) * (right - left)  # noqa: E731
    parts = [f'<line class="axis" x1="{x(0):.1f}" y1="10" x2="{x(0):.1f}" y2="{height - 25}"/>']
    for k, s in enumerate(table):
        y = 25 + k * row
        err = s.rating.error if math.isfinite(s.rating.error) else 0
        parts.append(
            f'<text x="8" y="{y + 4}">{escape(s.name)}</text>'
            f'<line class="bar" x1="{x(s.rating.elo - err):.1f}" y1="{y}" '
            f'x2="{x(s.rating.elo + err):.1f}" y2="{y}"/>'
            f'<circle class="dot" cx="{x(s.rating.elo):.1f}" cy="{y}" r="4">'
            f"<title>{escape(s.name)}: {s.rating.elo:+.0f} ±{err:.0f}</title></circle>"
        )
    parts.append(f'<text x="{left}" y="{height - 8}">{lo:+.0f}</text>')
    parts.append(f'<text x="{right - 30}" y="{height - 8}">{hi:+.0f}</text>')
    return (
        f'<svg id="elo-chart" width="{width}" height="{height}" role="img">'
        + "".join(parts)
        + "</svg>"
    )


def llr_chart(
    series: Sequence[tuple[int, float]], sprt: Sprt, width: int = 640, height: int = 240
) -> str:
    """The LLR after each pair against the games played, with the bounds where the test stops."""
    games = max((g for g, _ in series), default=2)
    top = max([sprt.upper, *(v for _, v in series)]) * 1.1
    bottom = min([sprt.lower, *(v for _, v in series)]) * 1.1
    left, right, upper, lower = 50, width - 15, 15, height - 25
    x = lambda g: left + g / games * (right - left)  # noqa: E731
    y = lambda v: upper + (top - v) / (top - bottom) * (lower - upper)  # noqa: E731
    points = " ".join(f"{x(g):.1f},{y(v):.1f}" for g, v in [(0, 0.0), *series])
    parts = [
        f'<line class="axis" x1="{left}" y1="{y(0):.1f}" x2="{right}" y2="{y(0):.1f}"/>',
        *(
            f'<line class="bound" x1="{left}" y1="{y(b):.1f}" x2="{right}" y2="{y(b):.1f}"/>'
            f'<text x="4" y="{y(b) + 4:.1f}">{b:+.2f}</text>'
            for b in (sprt.lower, sprt.upper)
        ),
        f'<polyline class="llr" points="{points}"/>',
        f'<text x="{right - 60}" y="{height - 6}">{games} games</text>',
    ]
    return (
        f'<svg id="llr-chart" width="{width}" height="{height}" role="img">'
        + "".join(parts)
        + "</svg>"
    )


def page(
    played: Sequence[Played],
    names: Sequence[str],
    maps: Sequence[str],
    games_href: str,
    title: str = "lazytron tournament",
    bot: str | None = None,
    sprt: Sprt | None = None,
) -> str:
    """The whole page as a string; ``games_href`` is the relative folder of the replay pages."""
    table = standings(played, names)
    standing_rows = [
        [
            str(k),
            f'<span class="name">{escape(s.name)}</span>',
            str(s.games),
            f"{s.points:g}",
            str(s.wins),
            str(s.draws),
            str(s.losses),
            f"{s.rating.elo:+.0f}",
            f"±{s.rating.error:.0f}",
        ]
        for k, s in enumerate(table, 1)
    ]
    sections = [
        f"<h1>{escape(title)}</h1>",
        f"<p>{len(played)} games on {len(maps)} maps. Points: win 1, draw 1/2.</p>",
        "<h2>Standings</h2>",
        _table(["rank", "bot", "games", "points", "W", "D", "L", "elo", "±95%"], standing_rows),
        "<h2>Elo with 95 % intervals</h2>",
        elo_chart(table),
        *_model_and_test(played, names, bot, sprt),
        *_field(played, [s.name for s in table], maps, games_href),
    ]
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{STYLE}</style></head><body>\n" + "\n".join(sections) + "\n</body></html>\n"
    )


def _model_and_test(
    played: Sequence[Played], names: Sequence[str], bot: str | None, sprt: Sprt | None
) -> list[str]:
    """The seats' model, and the tested bot's match and SPRT when there are."""
    sections = []
    if played:
        model = seat_model(played, names)
        sections.append(
            f"<p>First player's advantage {round(model.advantage[0]):+d} "
            f"±{model.advantage[1]:.0f} Elo, "
            f"draw Elo {model.draw_elo[0]:.0f} ±{model.draw_elo[1]:.0f} (BayesElo model).</p>"
        )
    if bot is not None:
        sections.append(
            f"<h2>{escape(bot)} against the field</h2><p>{escape(match(played, bot).summary())}</p>"
        )
        if sprt is not None:
            sections += [
                f"<h2>SPRT: elo0 {sprt.elo0:g}, elo1 {sprt.elo1:g}</h2>",
                llr_chart(llr_series(played, bot, sprt), sprt),
            ]
    return sections


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
            escape(r.outcome),
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
        ),
    ]
