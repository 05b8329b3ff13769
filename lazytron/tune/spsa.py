"""SPSA as fishtest tunes Stockfish: the schedule, the perturbation and the update, pure functions.

Simultaneous perturbation stochastic approximation (Spall, 1992) moves
every parameter at once: each iteration draws a sign ``δ_i = ±1`` per
parameter, plays the engine at ``θ + c_k δ`` against the engine at
``θ - c_k δ`` and steps ``θ`` towards the side that scored more.  The
conventions are fishtest's (``server/fishtest/spsa_handler.py`` and the
parameter parsing in ``views.py`` of official-stockfish/fishtest):

- a parameter is ``start, min, max, c_end, r_end``: ``c_end`` is the
  perturbation at the last iteration, in the parameter's units, and
  ``r_end`` the learning rate there;
- with ``N`` iterations, ``A = int(0.1 N)``, ``alpha = 0.602`` and
  ``gamma = 0.101``: ``c = c_end N^gamma`` and
  ``a = r_end c_end^2 (A + N)^alpha``, so that at iteration ``k``
  (counted from 1) ``c_k = c / k^gamma``, ``a_k = a / (A + k)^alpha`` and
  ``r_k = a_k / c_k^2`` (at ``k = N``: ``c_N = c_end``, ``r_N = r_end``);
- the perturbed values ``θ ± c_k δ`` are clipped to ``[min, max]``;
- the result is the score difference of ``θ + c_k δ`` and ``θ - c_k δ``
  over the iteration's games (fishtest's ``wins - losses``), and the update
  is ``θ_i <- clip(θ_i + r_k c_k result δ_i)`` (which is Spall's
  ``θ + a_k (result / c_k) δ``, the gradient estimate ``result / (c_k δ_i)``
  with ``1/δ_i = δ_i``).

One iteration is one seat-swapped pair of games here (fishtest also counts
an iteration per game pair).  Fishtest's worker rounds a perturbed value
stochastically; lazytron rounds it to the nearest whole number when it
builds a bot command (:func:`whole`), so ``c_end`` should be at least 1 for
a whole-number option.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

ALPHA = 0.602  # the learning rate's decay (Spall's and fishtest's)
GAMMA = 0.101  # the perturbation's decay
A_SHARE = 0.1  # A, the learning rate's stability constant, as a share of the iterations


@dataclass(frozen=True)
class Param:
    """A tuned parameter: its start, its range and its schedule's end values (fishtest's six
    fields)."""

    name: str
    start: float
    low: float
    high: float
    c_end: float
    r_end: float

    def clip(self, value: float) -> float:
        """``value`` held in ``[low, high]``.

        >>> Param("EDGE", 100, 0, 300, 10, 0.002).clip(-5)
        0
        """
        return min(max(value, self.low), self.high)


@dataclass(frozen=True)
class Schedule:
    """The gain sequences of a run of ``iterations`` (``A``, ``alpha`` and ``gamma`` as fishtest
    sets them)."""

    iterations: int
    alpha: float = ALPHA
    gamma: float = GAMMA
    a_share: float = A_SHARE

    @property
    def big_a(self) -> int:
        """``A``: 10 % of the iterations, rounded down as fishtest does.

        >>> Schedule(1000).big_a, Schedule(3).big_a
        (100, 0)
        """
        return int(self.a_share * self.iterations)

    def c(self, param: Param, k: int) -> float:
        """The perturbation at iteration ``k``: ``c / k^gamma`` with ``c = c_end N^gamma``.

        >>> p = Param("EDGE", 100, 0, 300, 10, 0.002)
        >>> round(Schedule(1000).c(p, 1), 3), Schedule(1000).c(p, 1000)
        (20.091, 10.0)
        """
        return param.c_end * (self.iterations / k) ** self.gamma

    def a(self, param: Param, k: int) -> float:
        """The step's gain at iteration ``k``: ``a / (A + k)^alpha`` with
        ``a = r_end c_end^2 (A + N)^alpha``.

        >>> p = Param("EDGE", 100, 0, 300, 10, 0.002)
        >>> round(Schedule(1000).a(p, 1), 4), round(Schedule(1000).a(p, 1000), 6)
        (0.8421, 0.2)
        """
        a = param.r_end * param.c_end**2 * (self.big_a + self.iterations) ** self.alpha
        return a / (self.big_a + k) ** self.alpha

    def r(self, param: Param, k: int) -> float:
        """The learning rate at iteration ``k``: ``a_k / c_k^2`` (``r_end`` at the last).

        >>> round(Schedule(1000).r(Param("EDGE", 100, 0, 300, 10, 0.002), 1000), 9)
        0.002
        """
        return self.a(param, k) / self.c(param, k) ** 2


def flips(seed: int, k: int, count: int) -> tuple[int, ...]:
    """The signs ``δ`` of iteration ``k``: ``count`` of ±1, the same for the same seed and
    iteration on any machine (a resumed run draws them again).

    >>> flips(1, 1, 4) == flips(1, 1, 4) and set(flips(1, 2, 40)) == {-1, 1}
    True
    """
    rng = random.Random(f"lazytron-spsa-{seed}-{k}")
    return tuple(rng.choice((-1, 1)) for _ in range(count))


@dataclass(frozen=True)
class Probe:
    """Iteration ``k`` before its games: ``θ``, the signs, each parameter's ``c_k`` and ``a_k``, and
    the two perturbed points (clipped)."""

    k: int
    theta: tuple[float, ...]
    delta: tuple[int, ...]
    c: tuple[float, ...]
    a: tuple[float, ...]
    plus: tuple[float, ...]
    minus: tuple[float, ...]


def probe(
    params: Sequence[Param],
    schedule: Schedule,
    theta: Sequence[float],
    k: int,
    delta: Sequence[int],
) -> Probe:
    """The points iteration ``k`` plays: ``clip(θ + c_k δ)`` and ``clip(θ - c_k δ)``.

    >>> p = probe([Param("X", 5, 0, 10, 2, 0.1)], Schedule(1), [9.0], 1, [1])
    >>> p.plus, p.minus
    ((10,), (7.0,))
    """
    c = tuple(schedule.c(p, k) for p in params)
    a = tuple(schedule.a(p, k) for p in params)
    plus = tuple(p.clip(t + ck * d) for p, t, ck, d in zip(params, theta, c, delta, strict=True))
    minus = tuple(p.clip(t - ck * d) for p, t, ck, d in zip(params, theta, c, delta, strict=True))
    return Probe(k, tuple(theta), tuple(delta), c, a, plus, minus)


def update(params: Sequence[Param], probe: Probe, result: float) -> tuple[float, ...]:
    """``θ`` after the iteration: ``clip(θ_i + r_k c_k result δ_i)`` with ``r_k = a_k / c_k^2``;
    ``result`` is the plus side's score less the minus side's.

    >>> x = Param("X", 5, 0, 10, 2, 0.1)
    >>> p = probe([x], Schedule(1), [5.0], 1, [-1])
    >>> update([x], p, 1.0), update([x], p, -2.0), update([x], p, 0.0)
    ((4.8,), (5.4,), (5.0,))
    """
    return tuple(
        param.clip(t + stride(a, c, result) * d)
        for param, t, d, c, a in zip(
            params, probe.theta, probe.delta, probe.c, probe.a, strict=True
        )
    )


def stride(a: float, c: float, result: float) -> float:
    """An iteration's move of a parameter before its sign: ``r_k c_k result`` with
    ``r_k = a_k / c_k^2``, which :func:`update` takes and :func:`noise` sums.

    >>> stride(8.0, 2.0, -1.5)
    -6.0
    """
    return (a / c**2) * c * result


@dataclass(frozen=True)
class Step:
    """A finished iteration: its probe, the points of plus and minus, the result (their
    difference) and ``θ`` after; ``finished``: when (seconds since the epoch), once stored."""

    probe: Probe
    points: tuple[float, float]
    result: float
    after: tuple[float, ...]
    finished: float = 0.0


def steps(
    params: Sequence[Param],
    schedule: Schedule,
    seed: int,
    theta: Sequence[float],
    play: Callable[[Probe], tuple[float, float]],
    first: int = 1,
) -> Iterator[Step]:
    """SPSA from iteration ``first`` with ``θ`` to the schedule's last: ``play(probe)`` gives the
    points of plus and minus in the iteration's games.

    >>> higher_wins = lambda p: (2.0, 0.0) if p.plus > p.minus else (0.0, 2.0)
    >>> x = Param("X", 0, -10, 10, 1, 0.5)
    >>> [round(s.after[0], 3) for s in steps([x], Schedule(3), 1, [0.0], higher_wins)]
    [1.734, 2.959, 3.959]

    (the last step is ``2 r_end c_end``: the result 2 at ``k = N``).
    """
    for k in range(first, schedule.iterations + 1):
        pr = probe(params, schedule, theta, k, flips(seed, k, len(params)))
        plus, minus = play(pr)
        theta = update(params, pr, plus - minus)
        yield Step(pr, (plus, minus), plus - minus, theta)


def noise(history: Sequence[Step], index: int) -> float:
    """How far parameter ``index`` would have drifted, one standard deviation, had the signs told
    nothing: the root of the sum of its steps' squares (``r_k c_k result`` each; clipping aside).

    With no slope, each step's sign is a coin's, so the drift from the start is a sum of
    independent steps of these sizes; a drift well beyond it is the slope's.

    >>> higher_wins = lambda p: (2.0, 0.0) if p.plus > p.minus else (0.0, 2.0)
    >>> x = Param("X", 0, -10, 10, 1, 0.5)
    >>> run = list(steps([x], Schedule(3), 1, [0.0], higher_wins))
    >>> round(run[-1].after[0], 3), round(noise(run, 0), 3)
    (3.959, 2.347)
    """
    return math.sqrt(
        sum(stride(s.probe.a[index], s.probe.c[index], s.result) ** 2 for s in history)
    )


def whole(value: float) -> int:
    """A value as a whole-number option takes it: the nearest whole number (halves to even).

    >>> whole(104.5), whole(105.5), whole(-0.4)
    (104, 106, 0)
    """
    return int(round(value))


def finite(*values: float) -> bool:
    """Whether every value is a finite number.

    >>> finite(1.0, 2), finite(1.0, math.nan)
    (True, False)
    """
    return all(math.isfinite(v) for v in values)
