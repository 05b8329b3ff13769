"""The statistics module against figures computed elsewhere: cutechess-cli's printed matches, a
published GSPRT example, and slow sample-by-sample computations."""

from __future__ import annotations

import math
import random
from statistics import NormalDist, fmean, pvariance

import pytest

from lazytron.ratings.elo import elo, expected
from lazytron.ratings.stats import (
    Match,
    Sprt,
    interval,
    los,
    pair_counts,
    parse_sprt,
    pentanomial,
    trinomial,
)

# cutechess-cli's closing lines, as published in engines' change logs:
# "Score of A vs B: W - L - D" then "Elo difference: E +/- M, LOS: P %, DrawRatio: R %"
CUTECHESS = [
    ((449, 276, 275), "60.7 +/- 18.5, LOS: 100.0 %, DrawRatio: 27.5 %"),
    ((382, 320, 298), "21.6 +/- 18.1, LOS: 99.0 %, DrawRatio: 29.8 %"),
    ((372, 322, 306), "17.4 +/- 17.9, LOS: 97.1 %, DrawRatio: 30.6 %"),
    ((382, 304, 314), "27.2 +/- 17.9, LOS: 99.9 %, DrawRatio: 31.4 %"),
    ((435, 293, 272), "49.7 +/- 18.5, LOS: 100.0 %, DrawRatio: 27.2 %"),
    ((99, 97, 104), "2.3 +/- 31.8, LOS: 55.7 %, DrawRatio: 34.7 %"),
    ((45, 37, 18), "27.9 +/- 62.4, LOS: 81.2 %, DrawRatio: 18.0 %"),
    ((92, 112, 96), "-23.2 +/- 32.5, LOS: 8.1 %, DrawRatio: 32.0 %"),
    ((152, 105, 43), "54.9 +/- 36.9, LOS: 99.8 %, DrawRatio: 14.3 %"),
    ((159, 100, 41), "69.2 +/- 37.2, LOS: 100.0 %, DrawRatio: 13.7 %"),
    ((136, 132, 32), "4.6 +/- 37.3, LOS: 59.7 %, DrawRatio: 10.7 %"),
    ((79, 54, 14), "59.7 +/- 54.5, LOS: 98.5 %, DrawRatio: 9.5 %"),
    ((18, 9, 23), "63.2 +/- 71.9, LOS: 95.8 %, DrawRatio: 46.0 %"),
]


def cutechess_z() -> float:
    """cutechess's 97.5 % normal quantile: sqrt(2) erfinv(0.95) by the closed-form approximation it
    uses."""
    a = 8 * (math.pi - 3) / (3 * math.pi * (4 - math.pi))
    y = math.log(1 - 0.95**2)
    z = 2 / (math.pi * a) + y / 2
    return math.sqrt(2) * math.sqrt(math.sqrt(z * z - y / a) - z)


def line(wins: int, losses: int, draws: int, z: float) -> str:
    e = interval(trinomial(wins, draws, losses), z)
    m = Match(wins, draws, losses)
    return (
        f"{e.elo:.1f} +/- {e.error:.1f}, LOS: {100 * los(wins, losses):.1f} %, "
        f"DrawRatio: {100 * m.draw_ratio:.1f} %"
    )


@pytest.mark.parametrize("wld, printed", CUTECHESS)
def test_elo_interval_los_and_draw_ratio_match_cutechess(wld, printed):
    assert line(*wld, cutechess_z()) == printed


@pytest.mark.parametrize("wld, printed", CUTECHESS)
def test_the_exact_quantile_widens_cutechess_margin_by_at_most_a_tenth(wld, printed):
    ours, theirs = line(*wld, NormalDist().inv_cdf(0.975)).split(" "), printed.split(" ")
    assert ours[:2] + ours[3:] == theirs[:2] + theirs[3:]  # all but the margin
    assert 0 <= round(float(ours[2].rstrip(",")) - float(theirs[2].rstrip(",")), 1) <= 0.1


def test_gsprt_matches_a_published_example():
    # W 4307, L 4063, D 8620, H0: 0 Elo, H1: 3 Elo -> "LLR: 2.99 (-2.94, 2.94)"
    sprt = Sprt(0, 3)
    assert (
        f"{sprt.llr(trinomial(4307, 8620, 4063)):.2f} ({sprt.lower:.2f}, {sprt.upper:.2f})"
        == "2.99 (-2.94, 2.94)"
    )
    assert sprt.verdict(sprt.llr(trinomial(4307, 8620, 4063))) == "H1"


def slow_pair_llr(pair_points: list[float], sprt: Sprt) -> float:
    """The LLR summed pair by pair: log-density of each pair's score under N(s1, σ²) less under
    N(s0, σ²)."""
    xs = [p / 2 for p in pair_points]
    sigma = math.sqrt(pvariance(xs))
    h0, h1 = NormalDist(expected(sprt.elo0), sigma), NormalDist(expected(sprt.elo1), sigma)
    return sum(math.log(h1.pdf(x)) - math.log(h0.pdf(x)) for x in xs)


@pytest.mark.parametrize("seed", range(5))
def test_pair_gsprt_and_interval_match_a_pair_by_pair_computation(seed):
    rng = random.Random(seed)
    pairs = rng.choices([0, 0.5, 1, 1.5, 2], weights=[1, 3, 8, 4, 2], k=rng.randrange(40, 400))
    counts = pair_counts(pairs)
    assert sum(counts) == len(pairs) and sum(c * k / 2 for k, c in enumerate(counts)) == sum(pairs)
    sprt = Sprt(0, 10)
    assert sprt.llr(pentanomial(counts), prior=0) == pytest.approx(
        slow_pair_llr(pairs, sprt), rel=1e-9
    )
    xs = [p / 2 for p in pairs]
    margin = NormalDist().inv_cdf(0.975) * math.sqrt(pvariance(xs) / len(xs))
    e = interval(pentanomial(counts))
    score = lambda d: 1 / (1 + 10 ** (-d / 400))  # noqa: E731
    assert (score(e.elo), score(e.low), score(e.high)) == pytest.approx(
        (fmean(xs), fmean(xs) - margin, fmean(xs) + margin)
    )


def test_the_prior_changes_large_samples_little_and_keeps_a_clean_sweep_finite():
    sprt = Sprt(0, 50)
    assert sprt.llr(trinomial(4307, 8620, 4063)) == pytest.approx(
        sprt.llr(trinomial(4307, 8620, 4063), prior=0), rel=1e-3
    )
    sweeps = [sprt.llr(pentanomial((0, 0, 0, 0, n))) for n in range(1, 12)]
    assert all(math.isfinite(x) for x in sweeps) and sweeps == sorted(sweeps)
    assert sprt.verdict(sweeps[0]) is None and sprt.verdict(sweeps[-1]) == "H1"
    assert sprt.verdict(sprt.llr(pentanomial((n := 11, 0, 0, 0, 0)))) == "H0" and n


@pytest.mark.parametrize("true_elo, verdict", [(120, "H1"), (-60, "H0")])
def test_sprt_on_simulated_pairs_reaches_the_right_verdict(true_elo, verdict):
    rng = random.Random(7)
    p = expected(true_elo)
    sprt, pairs = Sprt(0, 50), []
    while (answer := sprt.verdict(sprt.llr(pentanomial(pair_counts(pairs))))) is None:
        pairs.append(float(rng.random() < p) + float(rng.random() < p))
    assert answer == verdict and len(pairs) < 500


def test_elo_and_expected_are_inverse():
    for d in (-400, -35.5, 0, 12.25, 800):
        assert elo(expected(d)) == pytest.approx(d)


def test_parse_sprt():
    assert parse_sprt("elo0=0 elo1=10 alpha=0.05 beta=0.05") == Sprt(0, 10, 0.05, 0.05)
    assert parse_sprt("elo1=5,elo0=-1") == Sprt(-1, 5)
    for bad in ("elo0=5 elo1=0", "elo0=x", "gamma=1", "elo0", "alpha=0.6 beta=0.5"):
        with pytest.raises(ValueError):
            parse_sprt(bad)


def test_match_uses_pairs_once_there_are_some():
    games_only, with_pairs = Match(10, 0, 10), Match(10, 0, 10, (0, 0, 10, 0, 0))
    assert games_only.interval().elo == with_pairs.interval().elo == 0
    assert (
        math.isinf(with_pairs.interval().high) is False and with_pairs.interval().error == 0
    )  # every pair split 1-1
    assert games_only.interval().error > 100
