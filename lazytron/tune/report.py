"""A tuning in words: where ``θ`` is, the path it took, and the options to confirm it with.

The same text ends a run and answers ``--report DB``; the web page
(:mod:`.page`) shows the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..term.render import columns
from .plan import described
from .spsa import Param, Schedule, Step, noise, whole


@dataclass(frozen=True)
class Tuning:
    """A stored tuning: its settings, parameters, schedule and finished iterations."""

    settings: dict[str, Any]
    params: list[Param]
    schedule: Schedule
    history: list[Step]
    created: float = 0.0

    @classmethod
    def of(cls, settings: dict[str, Any], history: list[Step], created: float = 0.0) -> Tuning:
        params, schedule = described(settings)
        return cls(settings, params, schedule, history, created)

    def path(self, index: int) -> list[float]:
        """Parameter ``index``'s ``θ``: at the start, then after each iteration."""
        return [self.params[index].start] + [s.after[index] for s in self.history]

    @property
    def theta(self) -> tuple[float, ...]:
        return self.history[-1].after if self.history else tuple(p.start for p in self.params)

    def options(self) -> str:
        """``θ`` in whole numbers, as the engine's ``--option`` words (``NAME=VALUE`` for a
        template's bot), to confirm it by a tournament."""
        prefix = "--option " if self.settings["tune"]["engine"] else ""
        return " ".join(
            f"{prefix}{p.name}={whole(t)}" for p, t in zip(self.params, self.theta, strict=True)
        )

    def maps(self) -> list[str]:
        """The maps' names, in the order the iterations take them."""
        return [name for name, _ in self.settings["tune"]["maps"]]

    def clock(self) -> str:
        first, turn = self.settings["tune"]["limits"]
        return f"{first:g} s for the first move, {turn:g} s for the others"

    def points(self) -> tuple[float, float]:
        """The points of plus and minus over every iteration."""
        return (sum(s.points[0] for s in self.history), sum(s.points[1] for s in self.history))


def checkpoints(played: int) -> list[int]:
    """Iterations at which the path is summed up: the start, each quarter and the last.

    >>> checkpoints(10), checkpoints(2), checkpoints(0)
    ([0, 2, 5, 7, 10], [0, 1, 2], [0])
    """
    return sorted({0, played // 4, played // 2, 3 * played // 4, played})


def _number(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else f"{int(x)}"


def theta_rows(t: Tuning) -> list[list[str]]:
    """A row per parameter: its spec, ``θ`` now, its whole-number value and the path's extremes."""
    rows = [["parameter", "start", "min", "max", "c_end", "r_end", "theta", "value", "low", "high"]]
    for i, p in enumerate(t.params):
        path = t.path(i)
        rows.append(
            [p.name, *map(_number, (p.start, p.low, p.high, p.c_end)), f"{p.r_end:g}"]
            + [f"{t.theta[i]:.2f}", str(whole(t.theta[i])), f"{min(path):.2f}", f"{max(path):.2f}"]
        )
    return rows


def path_rows(t: Tuning) -> list[list[str]]:
    """``θ`` of each parameter after the checkpoint iterations."""
    marks = checkpoints(len(t.history))
    rows = [["after", *(str(k) for k in marks)]]
    for i, p in enumerate(t.params):
        path = t.path(i)
        rows.append([p.name, *(f"{path[k]:.2f}" for k in marks)])
    return rows


def few(names: Sequence[str], most: int = 6) -> str:
    """Names joined, the first five and a count of the rest where there are more than ``most``.

    >>> few(["a", "b"]), few([str(i) for i in range(9)])
    ('a, b', '0, 1, 2, 3, 4 and 4 more')
    """
    if len(names) <= most:
        return ", ".join(names)
    return ", ".join(names[:5]) + f" and {len(names) - 5} more"


def headline(t: Tuning) -> str:
    """What was tuned how: iterations, maps, openings, seed, clock, schedule constants."""
    tune = t.settings["tune"]
    s = t.schedule
    against = f"; against {tune['against']}" if tune["against"] else ""
    return (
        f"{len(t.history)} of {s.iterations} iterations (A {s.big_a}, alpha {s.alpha:g}, "
        f"gamma {s.gamma:g}); maps {few(t.maps())}; openings {tune['openings']}; "
        f"seed {tune['seed']}; clock {t.clock()}{against}"
    )


def largest_steps(t: Tuning) -> str:
    """How far one iteration moves each parameter at most (a result of 2: ``2 r_k c_k``), at the
    first iteration and at the last: what ``r_end`` and ``c_end`` allow."""
    s, n = t.schedule, t.schedule.iterations
    parts = [
        f"{p.name} {2 * s.r(p, 1) * s.c(p, 1):.3g} .. {2 * s.r(p, n) * s.c(p, n):.3g}"
        for p in t.params
    ]
    return "largest step of an iteration (first .. last): " + ", ".join(parts)


def drift(t: Tuning) -> str:
    """Each parameter's drift from its start beside its noise (:func:`.spsa.noise`): a drift
    within about twice the noise is what signs that told nothing would have made too."""
    parts = [
        f"{p.name} {t.theta[i] - p.start:+.2f} ± {noise(t.history, i):.2f}"
        for i, p in enumerate(t.params)
    ]
    return "drift from the start ± its noise (one sd of the same steps with random signs): " + (
        ", ".join(parts)
    )


def summary(t: Tuning) -> str:
    """The text that ends a run and answers ``--report``."""
    right = set(range(1, 10))
    plus, minus = t.points()
    lines = [
        headline(t),
        "",
        *columns(theta_rows(t), right),
        "",
        "path of theta:",
        *columns(path_rows(t), right),
        "",
        largest_steps(t),
        drift(t),
        f"points: plus {plus:g}, minus {minus:g}",
        f"tuned: {t.options()}",
    ]
    return "\n".join(lines) + "\n"


def spans(values: Sequence[float], pad: float) -> tuple[float, float]:
    """The range a chart shows: the values', widened by ``pad`` each side (never empty).

    >>> spans([1.0, 3.0], 0.5), spans([2.0], 0)
    ((0.5, 3.5), (1.0, 3.0))
    """
    low, high = min(values) - pad, max(values) + pad
    return (low, high) if high > low else (low - 1, high + 1)
