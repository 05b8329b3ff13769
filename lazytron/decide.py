"""Deciding a move: search a tree to a fixed depth or until a deadline, and report what was found.

The bot, ``analyse`` and ``replay --analyse`` all decide this way.  The
results come from an engine's generator of ever-deeper results (first the
first legal move with no score, then depths 2, 4, 6, ...): a fixed depth D
takes item D // 2 of it; a deadline takes items until the time is up and
keeps the last one completed (the original's ``timeoutList``).  An
engine's results may end before the depth (a game decided, a space
filled): the last one is then the decision, at the depth it reached.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from more_itertools import take

from .clock import Check, Deadline, timeout_list
from .search import Result, first_move
from .tree import Node

Results = Callable[[Node, "Check | None"], Iterator[Result]]


class Decision(NamedTuple):
    """What a search decided: the depth reached, its score (None at depth 0) and the move."""

    depth: int
    score: Any
    move: Any


def decide(
    root: Node, results: Results, *, depth: int | None = None, deadline: Deadline | None = None
) -> Decision:
    """Search ``root`` to ``depth`` (odd depths round down), or until ``deadline``: exactly one of
    them.

    Under a deadline, the first legal move is the answer should the time be
    up before anything is taken (the original's default, ``None``, would
    print North even into a wall).
    """
    if (depth is None) == (deadline is None):
        raise ValueError("decide needs a depth or a deadline, not both")
    if depth is not None:
        taken = take(depth // 2 + 1, results(root, None))  # an engine's results may end early
        return Decision((len(taken) - 1) * 2, *taken[-1])
    assert deadline is not None
    default: Result = (None, first_move(root))
    (score, move), count = timeout_list(deadline, default, results(root, deadline.check))
    return Decision(max(count - 1, 0) * 2, score, move)
