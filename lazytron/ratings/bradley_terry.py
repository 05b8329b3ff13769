"""Ratings from game results: the Bradley-Terry model on the Elo scale, with error bars.

Player i scores against player j with expectation 1 / (1 + 10^((Rj - Ri) / 400));
a draw counts as half a win.  The ratings are the maximum of the
likelihood of all games, plus one virtual draw per player against an
opponent rated 0, which keeps the rating of a player who won or lost
everything finite and pulls ratings from few games towards the average.
The error bar is the half-width of a 95 % interval (1.96 standard errors,
from the curvature of the log-likelihood at its maximum).  Ratings are
shown relative to the players' mean.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .elo import ELO, Z95, logistic


@dataclass(frozen=True)
class Rating:
    """A player's Elo rating relative to the field's mean, and the half-width of its 95 %
    interval."""

    name: str
    elo: float
    error: float


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x = vector (Gaussian elimination with partial pivoting; ZeroDivisionError if
    singular).

    >>> solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0])
    [0.8, 1.4]
    """
    n = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


Pairs = dict[tuple[int, int], tuple[int, float]]  # (i, j), i < j -> (games, i's total score)


def _information(
    r: list[float], pairs: Pairs, prior: float
) -> tuple[list[float], list[list[float]]]:
    """Gradient of the log-likelihood and the information matrix (minus its Hessian) at ``r``."""
    n = len(r)
    grad = [prior * (0.5 - logistic(x)) for x in r]
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        p = logistic(r[i])
        info[i][i] = prior * p * (1 - p)
    for (i, j), (games, score) in pairs.items():
        p = logistic(r[i] - r[j])
        grad[i] += score - games * p
        grad[j] -= score - games * p
        w = games * p * (1 - p)
        info[i][i] += w
        info[j][j] += w
        info[i][j] -= w
        info[j][i] -= w
    return grad, info


def ratings(
    names: Sequence[str], games: Iterable[tuple[str, str, float]], prior: float = 1.0
) -> list[Rating]:
    """Ratings of ``names`` from games ``(a, b, score of a)`` (1 win, 0.5 draw, 0 loss), in the
    order of ``names``.

    Two wins and a draw: the virtual draws pull the ratings towards each other.

    >>> [(r.name, round(r.elo), round(r.error))
    ...  for r in ratings(["a", "b"], [("a", "b", 1), ("a", "b", 1), ("b", "a", 0.5)])]
    [('a', 111, 215), ('b', -111, 215)]
    """
    index = {name: i for i, name in enumerate(names)}
    pairs: Pairs = defaultdict(lambda: (0, 0.0))
    for a, b, score in games:
        i, j = index[a], index[b]
        if i == j:
            continue
        key, s = ((i, j), score) if i < j else ((j, i), 1 - score)
        played, total = pairs[key]
        pairs[key] = (played + 1, total + s)
    n = len(names)
    r = [0.0] * n
    for _ in range(100):  # Newton's method; a handful of steps suffice
        grad, info = _information(r, pairs, prior)
        step = solve(info, grad)
        r = [x + s for x, s in zip(r, step, strict=True)]
        if max(map(abs, step), default=0) < 1e-10:
            break
    _, info = _information(r, pairs, prior)
    columns = [
        solve(info, [float(i == k) for i in range(n)]) for k in range(n)
    ]  # the covariance matrix
    mean = sum(r) / n if n else 0.0
    row_means = [sum(col) / n for col in columns]
    grand = sum(row_means) / n if n else 0.0
    return [
        Rating(
            name,
            ELO * (r[i] - mean),
            Z95 * ELO * math.sqrt(max(0.0, columns[i][i] - 2 * row_means[i] + grand)),
        )
        for i, name in enumerate(names)
    ]
