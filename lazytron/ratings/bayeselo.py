"""Ratings that model the first player's advantage and draws: the model of Rémi Coulom's BayesElo.

When player i (seat 1) meets player j (seat 2), with ``d = Ri - Rj + A``
(A the first player's advantage) and ``D`` the draw Elo::

    P(1 wins) = F(d - D),  P(2 wins) = F(-d - D),  P(draw) = the rest,
    F(x) = 1 / (1 + 10^(-x / 400)).

The ratings, A and D are the maximum of the likelihood of all games, with
a weak prior (each rating, A and D normal around 0 with a spread of
PRIOR_ELO), which keeps them finite when a player or a seat won
everything.  Error bars are 95 %
intervals from the curvature of the log-likelihood at its maximum;
ratings are shown relative to the players' mean, as in
:mod:`lazytron.ratings.bradley_terry`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .bradley_terry import solve
from .elo import ELO, Z95, logistic

PRIOR_ELO = 400.0  # the prior's standard deviation of a rating


@dataclass(frozen=True)
class Fit:
    """Ratings (name, Elo relative to the mean, ± 95 %), the first player's advantage and the draw
    Elo (each ± 95 %)."""

    ratings: list[tuple[str, float, float]]
    advantage: tuple[float, float]
    draw_elo: tuple[float, float]


Game = tuple[int, int, str]  # (seat 1's index, seat 2's index, result '1', '2' or 'D')


def log_likelihood(theta: Sequence[float], games: Sequence[Game]) -> float:
    """The log-likelihood (prior included) at theta = (ratings..., advantage, draw), in natural
    units."""
    *r, adv, draw = theta
    total = -sum(x * x for x in theta) / (2 * (PRIOR_ELO / ELO) ** 2)
    for i, j, result in games:
        d = r[i] - r[j] + adv
        one, two = logistic(d - draw), logistic(-d - draw)
        p = one if result == "1" else two if result == "2" else 1 - one - two
        total += math.log(max(p, 1e-300))
    return total


def _gradient(theta: Sequence[float], games: Sequence[Game]) -> list[float]:
    *r, adv, draw = theta
    n = len(r)
    grad = [-x / (PRIOR_ELO / ELO) ** 2 for x in theta]
    for i, j, result in games:
        d = r[i] - r[j] + adv
        a, b = logistic(d - draw), logistic(-d - draw)
        if result == "1":
            gd, gdraw = 1 - a, -(1 - a)
        elif result == "2":
            gd, gdraw = -(1 - b), -(1 - b)
        else:
            pd = max(1 - a - b, 1e-300)
            gd, gdraw = (-a * (1 - a) + b * (1 - b)) / pd, (a * (1 - a) + b * (1 - b)) / pd
        grad[i] += gd
        grad[j] -= gd
        grad[n] += gd
        grad[n + 1] += gdraw
    return grad


def _hessian(theta: list[float], games: Sequence[Game], h: float = 1e-5) -> list[list[float]]:
    """Minus the Hessian, by central differences of the gradient (symmetrised)."""
    k = len(theta)
    columns = []
    for c in range(k):
        up, down = theta[:], theta[:]
        up[c] += h
        down[c] -= h
        columns.append(
            [
                (x - y) / (2 * h)
                for x, y in zip(_gradient(up, games), _gradient(down, games), strict=True)
            ]
        )
    return [[-(columns[c][r] + columns[r][c]) / 2 for c in range(k)] for r in range(k)]


def _newton_step(
    theta: list[float], games: Sequence[Game], damping: float
) -> tuple[list[float], float] | None:
    """theta moved by one damped Newton step and the step's size, or None if the step does not raise
    the likelihood."""
    info = _hessian(theta, games)
    for k, row in enumerate(info):
        row[k] += damping
    try:
        step = solve(info, _gradient(theta, games))
    except ZeroDivisionError:
        return None
    trial = [t + s for t, s in zip(theta, step, strict=True)]
    trial[-1] = max(
        trial[-1], theta[-1] / 2
    )  # the draw Elo stays above 0, at most halving its way there
    if log_likelihood(trial, games) < log_likelihood(theta, games) - 1e-12:
        return None
    return trial, max(map(abs, step), default=0.0)


def fit(names: Sequence[str], results: Iterable[tuple[str, str, str]]) -> Fit:
    """Fit games ``(seat 1's name, seat 2's name, result '1', '2' or 'D')``; ratings in the order of
    ``names``."""
    index = {name: k for k, name in enumerate(names)}
    games = [(index[a], index[b], res) for a, b, res in results if a != b]
    n = len(names)
    draws = sum(res == "D" for _, _, res in games)
    theta = [0.0] * n + [0.0, math.log(2 + draws) / 4]
    damping = 1e-6
    for _ in range(
        500
    ):  # Newton's method, damped (Levenberg-Marquardt) while a step does not improve
        if moved := _newton_step(theta, games, damping):
            theta, size = moved
            damping = max(damping / 10, 1e-9)
            if size < 1e-9:
                break
        else:
            damping *= 10
            if damping > 1e12:
                break
    info = _hessian(theta, games)
    cov = [solve(info, [float(r == c) for r in range(n + 2)]) for c in range(n + 2)]
    mean = sum(theta[:n]) / n if n else 0.0
    row_means = [sum(cov[c][r] for r in range(n)) / n for c in range(n)]
    grand = sum(row_means) / n if n else 0.0
    ratings = [
        (
            name,
            ELO * (theta[k] - mean),
            Z95 * ELO * math.sqrt(max(0.0, cov[k][k] - 2 * row_means[k] + grand)),
        )
        for k, name in enumerate(names)
    ]
    bar = lambda k: Z95 * ELO * math.sqrt(max(0.0, cov[k][k]))  # noqa: E731
    return Fit(ratings, (ELO * theta[n], bar(n)), (ELO * theta[n + 1], bar(n + 1)))
