"""A tuning as one self-contained web page: each parameter's path as an inline SVG chart, the
command, the clock, the dates and ``θ`` now.

The page loads nothing and runs no script; every text that comes from the
database (the command, the maps, the names) is escaped.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from html import escape

from .report import Tuning, drift, headline, path_rows, spans, theta_rows

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; max-width: 60em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { padding: 0.2em 0.6em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
pre { background: #f4f4f4; padding: 0.6em; white-space: pre-wrap; word-break: break-all; }
svg { background: #fafafa; border: 1px solid #ddd; display: block; margin: 0.5em 0 1.5em; }
svg text { font: 12px system-ui, sans-serif; fill: #444; }
.theta { fill: none; stroke: #1f5fa8; stroke-width: 2; }
.probe { fill: #1f5fa8; fill-opacity: 0.12; stroke: none; }
.start { stroke: #b33; stroke-dasharray: 4 3; } .axis { stroke: #444; }
dt { font-weight: 600; } dd { margin: 0 0 0.4em 1.5em; }
"""
WIDTH, HEIGHT = 640, 200
LEFT, RIGHT, TOP, BOTTOM = 60, WIDTH - 15, 12, HEIGHT - 24


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds)) if seconds else "-"


def sentence(text: str) -> str:
    """``text`` with its first letter a capital, the rest as it is.

    >>> sentence("drift of EDGE")
    'Drift of EDGE'
    """
    return text[:1].upper() + text[1:]


def _table(rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in rows[0])
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows[1:]
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def chart(t: Tuning, index: int) -> str:
    """Parameter ``index``'s ``θ`` over the iterations (a line), the points its iterations played
    (a band) and its start (dashed)."""
    p, path = t.params[index], t.path(index)
    upper = [max(s.probe.plus[index], s.probe.minus[index]) for s in t.history]
    lower = [min(s.probe.plus[index], s.probe.minus[index]) for s in t.history]
    low, high = spans([*path, *upper, *lower], 0)
    n = max(t.schedule.iterations, len(t.history), 1)

    def x(k: float) -> float:
        return LEFT + k / n * (RIGHT - LEFT)

    def y(v: float) -> float:
        return TOP + (high - v) / (high - low) * (BOTTOM - TOP)

    line = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in enumerate(path))
    band = [f"{x(k):.1f},{y(v):.1f}" for k, v in enumerate(upper, 1)]
    band += [f"{x(k):.1f},{y(v):.1f}" for k, v in reversed(list(enumerate(lower, 1)))]
    name = escape(p.name)
    parts = [
        f'<polygon class="probe" points="{" ".join(band)}"/>' if band else "",
        f'<line class="start" x1="{LEFT}" y1="{y(p.start):.1f}" x2="{RIGHT}" '
        f'y2="{y(p.start):.1f}"><title>start {p.start:g}</title></line>',
        f'<line class="axis" x1="{LEFT}" y1="{BOTTOM}" x2="{RIGHT}" y2="{BOTTOM}"/>',
        f'<polyline class="theta" points="{line}"><title>{name}</title></polyline>',
        f'<text x="4" y="{TOP + 10}">{high:.4g}</text>',
        f'<text x="4" y="{BOTTOM}">{low:.4g}</text>',
        f'<text x="{LEFT}" y="{HEIGHT - 6}">0</text>',
        f'<text x="{RIGHT - 90}" y="{HEIGHT - 6}">{n} iterations</text>',
    ]
    return (
        f'<svg id="path-{name}" width="{WIDTH}" height="{HEIGHT}" role="img" '
        f'aria-label="{name} over the iterations">' + "".join(parts) + "</svg>"
    )


def page(t: Tuning, title: str = "lazytron tune") -> str:
    """The whole page as a string."""
    last = t.history[-1].finished if t.history else 0.0
    charts = "".join(f"<h3>{escape(p.name)}</h3>{chart(t, i)}" for i, p in enumerate(t.params))
    sections = [
        f"<h1>{escape(title)}</h1>",
        f"<p>{escape(headline(t))}</p>",
        "<h2>Command</h2>",
        f"<pre>{escape(t.settings.get('command') or '-')}</pre>",
        "<dl>",
        f"<dt>clock</dt><dd>{escape(t.clock())}</dd>",
        f"<dt>started</dt><dd>{_when(t.created)}</dd>",
        f"<dt>last iteration</dt><dd>{_when(last)}</dd>",
        f"<dt>maps</dt><dd>{escape(', '.join(t.maps()))}</dd>",
        "</dl>",
        "<h2>Theta now</h2>",
        _table(theta_rows(t)),
        f"<p>As options: <code>{escape(t.options())}</code></p>",
        f"<p>{escape(sentence(drift(t)))}.</p>",
        "<h2>Paths</h2>",
        "<p>Each parameter's theta after every iteration (the line), the two points each "
        "iteration played, theta &plusmn; c<sub>k</sub> clipped to the range (the band), and "
        "the start (dashed).</p>",
        charts,
        "<h2>Theta at the quarters</h2>",
        _table(path_rows(t)),
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
        + "\n".join(sections)
        + "\n</body></html>\n"
    )
