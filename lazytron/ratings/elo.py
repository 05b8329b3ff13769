"""The Elo scale: its constants, the logistic curve, and conversions between Elo and expected
scores.

A player ``d`` Elo above another scores ``1 / (1 + 10^(-d / 400))`` on
average, which is the logistic curve of ``d / ELO``: ratings are fitted in
natural units of log-odds and shown in Elo.
"""

from __future__ import annotations

import math
from statistics import NormalDist

ELO = 400 / math.log(10)  # Elo points per natural-log unit of odds
Z95 = NormalDist().inv_cdf(0.975)  # 1.959964: a 95 % interval is Z95 standard errors either side


def logistic(x: float) -> float:
    """``1 / (1 + e^-x)``, without overflow far from 0.

    >>> logistic(0.0), round(logistic(math.log(3)), 2), logistic(-1000.0)
    (0.5, 0.75, 0.0)
    """
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


def elo(score: float) -> float:
    """The Elo difference of an expected score (inf at 1, -inf at 0).

    >>> round(elo(0.75), 1), elo(0.5), elo(1.0)
    (190.8, 0.0, inf)
    """
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -ELO * math.log(1 / score - 1) + 0.0


def expected(elo_difference: float) -> float:
    """The expected score of a player that many Elo above the other.

    >>> round(expected(190.85), 3), expected(0)
    (0.75, 0.5)
    """
    return logistic(elo_difference / ELO)
