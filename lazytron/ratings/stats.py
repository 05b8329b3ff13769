"""Statistics of a match between two bots: Elo with a 95 % interval, LOS, draw ratio, game pairs, a
GSPRT.

The figures are those chess testers print (cutechess-cli, fastchess,
fishtest), so that a bot author reads them as they are used to:

* the score ``s`` is points per game (win 1, draw 1/2); its Elo is
  ``-400 log10(1/s - 1)``; the 95 % interval maps ``s ± 1.96 σ/√N`` to Elo
  (``σ²`` the variance of one game's points), and ``±`` is half its width;
* the likelihood of superiority is ``Φ((W - L) / √(W + L))``;
* games are played in pairs, the same map and opening from both seats;
  the pentanomial counts are the pairs scoring 0, 1/2, 1, 3/2 and 2
  points.  Pairs take out the seat's and the map's bias, so their
  variance is the honest one for the SPRT and the interval;
* the GSPRT (a generalised sequential probability ratio test, fishtest's
  and fastchess's) compares H0: Elo = elo0 with H1: Elo = elo1 (logistic
  Elo) by the normal approximation of the log-likelihood ratio,
  ``LLR = N (s1 - s0)(2 m - s0 - s1) / (2 σ²)``, with ``m`` and ``σ²`` the
  mean and variance of one sample (a game, or a pair's points / 2) and N
  samples.  It stops when the LLR leaves ``(log(β/(1-α)), log((1-β)/α))``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .elo import Z95, elo, expected

K = TypeVar("K", bound=Hashable)  # what names a pair

PENTA_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # a pair's points / 2, by pentanomial bucket
SPRT_ELO = 1000.0  # the largest elo0 or elo1 an SPRT takes (a 99.7 % score)
PRIOR = 1.0  # pseudo-samples spread evenly over the outcomes before an SPRT's LLR: keeps σ² above 0


def mean_variance(counts: Mapping[float, float]) -> tuple[float, float, float]:
    """(N, mean, variance) of samples given as {value: count} (the variance of one sample, divided
    by N).

    >>> mean_variance({1.0: 1, 0.0: 1})
    (2, 0.5, 0.25)
    """
    n = sum(counts.values())
    if n == 0:
        return 0, 0.5, 0.0
    mean = sum(v * c for v, c in counts.items()) / n
    return n, mean, sum(c * (v - mean) ** 2 for v, c in counts.items()) / n


@dataclass(frozen=True)
class Interval:
    """An Elo difference and its 95 % interval."""

    elo: float
    low: float
    high: float

    @property
    def error(self) -> float:
        """Half the interval's width, the ``±`` of cutechess (nan when a bound is infinite)."""
        half = (self.high - self.low) / 2
        return half if math.isfinite(half) else math.nan


def interval(counts: Mapping[float, float], z: float = Z95) -> Interval:
    """The Elo of samples' mean score and its 95 % interval (samples of one game or of a pair's
    points / 2).

    ``z`` is the normal quantile: cutechess uses an approximation of it,
    1.9572, which makes its ``±`` up to 0.1 narrower than this one.

    >>> e = interval({1.0: 449, 0.0: 276, 0.5: 275})  # cutechess: 60.7 +/- 18.5
    >>> f"{e.elo:.1f} +/- {e.error:.1f}"
    '60.7 +/- 18.5'
    """
    n, mean, variance = mean_variance(counts)
    if n == 0:
        return Interval(0.0, -math.inf, math.inf)
    margin = z * math.sqrt(variance / n)
    return Interval(elo(mean), elo(mean - margin), elo(mean + margin))


def los(wins: int, losses: int) -> float:
    """Likelihood of superiority: the chance the first is the stronger, from wins and losses (draws
    tell nothing).

    >>> round(100 * los(382, 320), 1)  # cutechess: LOS 99.0 %
    99.0
    """
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses))))


def trinomial(wins: int, draws: int, losses: int) -> dict[float, float]:
    """Games as samples {score: count}."""
    return {1.0: wins, 0.5: draws, 0.0: losses}


def pentanomial(counts: Sequence[int]) -> dict[float, float]:
    """Pairs as samples {points / 2: count}, from the five pentanomial counts (0, 1/2, 1, 3/2, 2
    points)."""
    return dict(zip(PENTA_SCORES, map(float, counts), strict=True))


def pair_totals(games: Iterable[tuple[K, float]]) -> dict[K, float | None]:
    """Each pair's points from its games' (pair, points), in the order the pairs first come: the
    sum of its two games, None while it has one.

    >>> pair_totals([(1, 1.0), (2, 0.5), (1, 0.5)])
    {1: 1.5, 2: None}
    """
    games_of: dict[K, list[float]] = {}
    for pair, points in games:
        games_of.setdefault(pair, []).append(points)
    return {pair: sum(ps) if len(ps) == 2 else None for pair, ps in games_of.items()}


def pair_counts(pair_points: Sequence[float]) -> tuple[int, int, int, int, int]:
    """The pentanomial counts of pairs' points (each 0, 0.5, 1, 1.5 or 2).

    >>> pair_counts([2, 1.5, 1, 1, 0])
    (1, 0, 2, 1, 1)
    """
    counts = [0] * 5
    for points in pair_points:
        counts[round(points * 2)] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


@dataclass(frozen=True)
class Sprt:
    """A GSPRT of H0: Elo = elo0 against H1: Elo = elo1 (logistic Elo), with error rates alpha and
    beta."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower(self) -> float:
        """The LLR at or below which H0 is accepted.

        >>> round(Sprt().lower, 2), round(Sprt().upper, 2)
        (-2.94, 2.94)
        """
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The LLR at or above which H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Mapping[float, float], prior: float = PRIOR) -> float:
        """The log-likelihood ratio of samples {score: count}; ``prior`` pseudo-samples are spread
        over the outcomes.

        >>> round(Sprt(0, 3).llr(trinomial(4307, 8620, 4063)), 2)  # a published GSPRT example
        2.99
        """
        spread = {v: c + prior / len(counts) for v, c in counts.items()}
        n, mean, variance = mean_variance(spread)
        if n == 0 or variance <= 0:
            return 0.0
        s0, s1 = expected(self.elo0), expected(self.elo1)
        return (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance / n)

    def verdict(self, llr: float) -> str | None:
        """'H0' or 'H1' once accepted, else None."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None


def parse_sprt(text: str) -> Sprt:
    """``elo0=0 elo1=10 alpha=0.05 beta=0.05`` (any subset, any order, spaces or commas); ValueError
    if malformed or out of range (Elo within ±:data:`SPRT_ELO`).

    >>> parse_sprt("elo0=0 elo1=50")
    Sprt(elo0=0.0, elo1=50.0, alpha=0.05, beta=0.05)
    >>> parse_sprt("elo0=-1e308 elo1=1e308")
    Traceback (most recent call last):
    ValueError: --sprt: elo0 and elo1 must be between -1000 and 1000
    """
    fields: dict[str, float] = {}
    for word in text.replace(",", " ").split():
        key, sep, value = word.partition("=")
        if not sep or key not in ("elo0", "elo1", "alpha", "beta"):
            raise ValueError(f"--sprt: expected elo0=X elo1=Y [alpha=A beta=B], got {word!r}")
        try:
            fields[key] = float(value)
        except ValueError:
            raise ValueError(f"--sprt: {key}={value!r} is not a number") from None
    sprt = Sprt(**fields)
    if not all(abs(e) <= SPRT_ELO for e in (sprt.elo0, sprt.elo1)):  # nan and inf too
        raise ValueError(f"--sprt: elo0 and elo1 must be between {-SPRT_ELO:g} and {SPRT_ELO:g}")
    if not sprt.elo0 < sprt.elo1:
        raise ValueError("--sprt: elo0 must be below elo1")
    if not (0 < sprt.alpha < 1 and 0 < sprt.beta < 1 and sprt.alpha + sprt.beta < 1):
        raise ValueError("--sprt: alpha and beta must be between 0 and 1, their sum below 1")
    return sprt


@dataclass(frozen=True)
class Match:
    """One bot's results against another (or against the field): games, then the pairs played so
    far."""

    wins: int
    draws: int
    losses: int
    pairs: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def draw_ratio(self) -> float:
        return self.draws / self.games if self.games else 0.0

    @property
    def samples(self) -> dict[float, float]:
        """The pairs as samples when any were finished, else the games."""
        if any(self.pairs):
            return pentanomial(self.pairs)
        return trinomial(self.wins, self.draws, self.losses)

    def interval(self) -> Interval:
        return interval(self.samples)

    def los(self) -> float:
        return los(self.wins, self.losses)

    def summary(self) -> str:
        """One line as the chess testers print it.

        >>> Match(449, 275, 276).summary()
        'Elo 60.7 +/- 18.5, LOS 100.0 %, draw ratio 27.5 %, 1000 games (W 449 D 275 L 276)'
        """
        e = self.interval()
        return (
            f"Elo {e.elo:.1f} +/- {e.error:.1f}, LOS {100 * self.los():.1f} %, "
            f"draw ratio {100 * self.draw_ratio:.1f} %, "
            f"{self.games} games (W {self.wins} D {self.draws} L {self.losses})"
        )
