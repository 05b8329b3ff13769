"""The ordered score of a game result: Lose < Indeterminate(score) < Win, as one integer.

Seed 004's ``BoardScore`` order, encoded so that plain integer comparison
and negation (negamax) keep it:

- a win ``ply`` plies from the root is ``WIN - ply``: a quicker win is worth more;
- a loss ``ply`` plies away is ``-(WIN - ply)``: a slower loss is worth more;
- anything undecided (a draw is ``DRAW``, 0) is an evaluation clamped to
  ``[-EVAL_LIMIT, EVAL_LIMIT]``, strictly between every loss and every win
  (plies are below ``WIN - EVAL_LIMIT``).

This module is the one place that defines the encoding.
"""

from __future__ import annotations

WIN = 1 << 40
EVAL_LIMIT = 1 << 36  # evaluations live in [-EVAL_LIMIT, EVAL_LIMIT]
DRAW = 0


def win(ply: int) -> int:
    """A win ``ply`` plies from now.

    >>> win(2) > win(10) > indeterminate(10**20) > DRAW > loss(10) > loss(2)
    True
    """
    return WIN - ply


def loss(ply: int) -> int:
    """A loss ``ply`` plies from now: the negation of the enemy's win."""
    return -(WIN - ply)


def indeterminate(value: int) -> int:
    """An evaluation, clamped into the undecided band.

    >>> indeterminate(5), indeterminate(-10**30) == -EVAL_LIMIT
    (5, True)
    """
    return max(-EVAL_LIMIT, min(EVAL_LIMIT, value))


def decided(score: int) -> bool:
    """Whether ``score`` is a win or a loss (not an evaluation)."""
    return abs(score) > EVAL_LIMIT


def describe(score: int | None) -> str:
    """A score for people: ``win in 3``, ``loss in 5``, or the evaluation.

    >>> describe(win(3)), describe(loss(5)), describe(-42), describe(None)
    ('win in 3', 'loss in 5', '-42', '-')
    """
    if score is None:
        return "-"
    if score > EVAL_LIMIT:
        return f"win in {WIN - score}"
    if score < -EVAL_LIMIT:
        return f"loss in {WIN + score}"
    return str(score)
