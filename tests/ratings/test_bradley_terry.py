"""Bradley-Terry ratings on the Elo scale."""

from __future__ import annotations

import pytest

from lazytron.ratings.bradley_terry import ratings


def test_ratings_of_equal_players_are_equal():
    rated = ratings(["a", "b"], [("a", "b", 1.0), ("b", "a", 1.0), ("a", "b", 0.5)])
    assert rated[0].elo == pytest.approx(0, abs=1e-9) and rated[1].elo == pytest.approx(0, abs=1e-9)


def test_ratings_follow_the_elo_curve_and_errors_shrink_with_games():
    few = ratings(["a", "b"], [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
    many = ratings(["a", "b"], [("a", "b", 1.0)] * 300 + [("a", "b", 0.0)] * 100)
    gap = many[0].elo - many[1].elo
    assert gap == pytest.approx(400 * 0.4771, rel=0.02)  # 75 % is 191 Elo
    assert many[0].error < few[0].error / 5
    # each player's share of the gap's 95 % interval:
    # 1.96 x 926 Elo per unit of score x sqrt(0.75 x 0.25 / 400) / 2
    assert many[0].error == pytest.approx(19.6, rel=0.1)


def test_ratings_stay_finite_for_a_player_who_won_everything():
    rated = ratings(["a", "b", "c"], [("a", "b", 1.0), ("a", "c", 1.0), ("b", "c", 0.5)] * 2)
    assert rated[0].elo > rated[1].elo == pytest.approx(rated[2].elo)
    assert all(abs(r.elo) < 1000 and 0 < r.error < 1000 for r in rated)
