"""Ratings with a first-player advantage and draws, against a slow direct maximisation of the same
likelihood."""

from __future__ import annotations

import random

import pytest

from lazytron.ratings.bayeselo import fit, log_likelihood
from lazytron.ratings.elo import ELO

NAMES = ["a", "b", "c"]


def compass_search(games, n):
    """Maximise the likelihood by pattern search over (ratings..., advantage, draw) in Elo: slow,
    and shares no code with the fit but the likelihood itself."""
    point, step = [0.0] * n + [0.0, 100.0], 64.0
    value = lambda p: log_likelihood([x / ELO for x in p], games)  # noqa: E731
    best = value(point)
    while step > 1e-4:
        moved = True
        while moved:
            moved = False
            for k in range(n + 2):
                for s in (step, -step):
                    trial = point[:]
                    trial[k] += s
                    if trial[-1] > 0 and (v := value(trial)) > best:
                        point, best, moved = trial, v, True
        step /= 2
    return point


@pytest.mark.parametrize("seed", range(3))
def test_the_fit_is_the_maximum_of_the_likelihood(seed):
    rng = random.Random(seed)
    strength = {"a": 80, "b": 0, "c": -40}
    games = []
    for _ in range(90):
        one, two = rng.sample(NAMES, 2)
        d = strength[one] - strength[two] + 30
        p1, p2 = 1 / (1 + 10 ** (-(d - 60) / 400)), 1 / (1 + 10 ** (-(-d - 60) / 400))
        u = rng.random()
        games.append((one, two, "1" if u < p1 else "2" if u < p1 + p2 else "D"))
    result = fit(NAMES, games)
    index = {name: k for k, name in enumerate(NAMES)}
    slow = compass_search([(index[a], index[b], r) for a, b, r in games], 3)
    mean = sum(slow[:3]) / 3
    assert [f"{elo:.1f}" for _, elo, _ in result.ratings] == [f"{x - mean:.1f}" for x in slow[:3]]
    assert (
        f"{result.advantage[0]:.1f}" == f"{slow[3]:.1f}"
        and f"{result.draw_elo[0]:.1f}" == f"{slow[4]:.1f}"
    )
    assert all(error > 0 for _, _, error in result.ratings)


def test_a_seat_that_always_wins_is_an_advantage_not_a_rating():
    games = [("a", "b", "1"), ("b", "a", "1")] * 20 + [("a", "b", "D"), ("b", "a", "D")] * 5
    result = fit(["a", "b"], games)
    assert abs(result.ratings[0][1]) < 1e-6 and result.advantage[0] > 200
    assert result.draw_elo[0] > 0
