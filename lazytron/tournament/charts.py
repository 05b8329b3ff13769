"""The tournament page's charts in inline SVG: each bot's Elo with its interval, the SPRT's LLR.

Both have titled axes with round values marked (0 among them), so that
they read without the text around them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape

from ..ratings.stats import Sprt
from .table import Standing


def ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round values from ``low`` to ``high`` (steps of 1, 2 or 5 times a power of
    ten), 0 among them when it lies between.

    >>> ticks(-410, 273), ticks(0, 16, 4)
    ([-400, -200, 0, 200], [0, 5, 10, 15])
    """
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    return [k * step for k in range(math.ceil(low / step), math.floor(high / step) + 1)]


def signed(value: float) -> str:
    """A tick's label: a sign but for 0.

    >>> signed(200), signed(0), signed(-2.5)
    ('+200', '0', '-2.5')
    """
    return "0" if value == 0 else f"{value:+g}"


def _tick(x: float, y: float, text: str, anchor: str = "middle") -> str:
    return f'<text class="tick" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}">{text}</text>'


def _svg(name: str, width: int, height: int, parts: Sequence[str], label: str) -> str:
    return (
        f'<svg id="{name}" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(label)}">' + "".join(parts) + "</svg>"
    )


def elo_chart(table: Sequence[Standing], width: int = 640) -> str:
    """Each bot's Bradley-Terry rating as a dot with its 95 % interval as a bar, on an Elo axis
    marked at round values (0: the field's mean)."""
    finite = [s for s in table if math.isfinite(s.rating.error)]
    lo = min((s.rating.elo - s.rating.error for s in finite), default=-100)
    hi = max((s.rating.elo + s.rating.error for s in finite), default=100)
    lo, hi = min(lo, -10), max(hi, 10)
    left, right, row = 120, width - 20, 28
    axis = row * len(table) + 20
    height = axis + 44
    x: Callable[[float], float] = lambda elo: left + (elo - lo) / (hi - lo) * (right - left)  # noqa: E731
    parts = []
    for value in ticks(lo, hi):
        parts.append(
            f'<line class="{"axis" if value == 0 else "grid"}" x1="{x(value):.1f}" y1="10" '
            f'x2="{x(value):.1f}" y2="{axis}"/>' + _tick(x(value), axis + 14, signed(value))
        )
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
    parts.append(
        f'<text class="title" x="{(left + right) / 2:.0f}" y="{height - 6}" text-anchor="middle">'
        "Elo relative to the field's mean (Bradley-Terry); bars: 95 % intervals</text>"
    )
    return _svg("elo-chart", width, height, parts, "each bot's Elo with its 95 % interval")


def llr_chart(
    series: Sequence[tuple[int, float]], sprt: Sprt, width: int = 640, height: int = 260
) -> str:
    """The LLR after each pair against the games played, with the bounds where the test stops."""
    games = max((g for g, _ in series), default=2)
    top = max([sprt.upper, *(v for _, v in series)]) * 1.1
    bottom = min([sprt.lower, *(v for _, v in series)]) * 1.1
    left, right, upper, lower = 64, width - 100, 15, height - 48
    x: Callable[[float], float] = lambda g: left + g / games * (right - left)  # noqa: E731
    y: Callable[[float], float] = lambda v: upper + (top - v) / (top - bottom) * (lower - upper)  # noqa: E731
    points = [(0, 0.0), *series]
    parts = [
        f'<line class="axis" x1="{left}" y1="{y(0):.1f}" x2="{right}" y2="{y(0):.1f}"/>',
        _tick(left - 6, y(0) + 4, "0", "end"),
        *(
            f'<line class="bound" x1="{left}" y1="{y(b):.1f}" x2="{right}" y2="{y(b):.1f}"/>'
            + _tick(left - 6, y(b) + 4, f"{b:+.2f}", "end")
            + f'<text x="{right + 6}" y="{y(b) + 4:.1f}">{words}</text>'
            for b, words in ((sprt.lower, "H0 accepted"), (sprt.upper, "H1 accepted"))
        ),
        *(_tick(x(g), lower + 16, f"{g:g}") for g in ticks(0, games, 4)),
        f'<line class="axis" x1="{left}" y1="{lower}" x2="{right}" y2="{lower}"/>',
        f'<polyline class="llr" points="{" ".join(f"{x(g):.1f},{y(v):.1f}" for g, v in points)}"/>',
        f'<circle class="now" cx="{x(points[-1][0]):.1f}" cy="{y(points[-1][1]):.1f}" r="3.5">'
        f"<title>LLR {points[-1][1]:.2f} after {points[-1][0]} games</title></circle>",
        f'<text class="title" x="{(left + right) / 2:.0f}" y="{height - 8}" text-anchor="middle">'
        "games played</text>",
        f'<text class="title" x="14" y="{(upper + lower) / 2:.0f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {(upper + lower) / 2:.0f})">LLR</text>',
    ]
    return _svg("llr-chart", width, height, parts, "the SPRT's LLR against the games played")
