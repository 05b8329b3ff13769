"""Deadline-driven consumption of a generator: the original's ``timeoutList``.

Haskell's ``System.Timeout`` stops a computation from outside.  Python
cannot pre-empt one safely, so the computation stops itself: it calls
:meth:`Deadline.check` at safe points (between nodes, never while a node
is being built), which raises :class:`OutOfTime` once the absolute
deadline has passed.  :func:`timeout_list` then keeps the last item that
was completed in time and throws the interrupted one away.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from time import monotonic
from typing import TypeVar

T = TypeVar("T")

FIRST_TIME = 2.9  # the original's clock: seconds for the first move
TURN_TIME = 0.9  # and for every later one

Check = Callable[[], None]  # called by a search at safe points; raises OutOfTime to stop it


def process_start() -> float | None:
    """When this process started, on the monotonic clock (Linux's /proc), None where that cannot
    be read.

    The kernel counts in clock ticks (10 ms): the start is never later than
    the true one, so a clock counted from it never runs long.
    """
    try:
        with open("/proc/self/stat") as f:
            ticks = int(
                f.read().rsplit(")", 1)[1].split()[19]
            )  # field 22, starttime, in ticks since boot
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    return monotonic() - max(0.0, age)


class OutOfTime(Exception):
    """Raised inside a search when its deadline check says stop."""


class Deadline:
    """An absolute point in time on the monotonic clock."""

    __slots__ = ("at",)

    def __init__(self, at: float) -> None:
        self.at = at

    @classmethod
    def after(cls, seconds: float, start: float | None = None) -> Deadline:
        """The deadline ``seconds`` after ``start`` (default: now)."""
        return cls((monotonic() if start is None else start) + seconds)

    def remaining(self) -> float:
        return self.at - monotonic()

    def expired(self) -> bool:
        return monotonic() >= self.at

    def check(self) -> None:
        """Raise OutOfTime if the deadline has passed."""
        if monotonic() >= self.at:
            raise OutOfTime


def timeout_list(deadline: Deadline, default: T, items: Iterator[T]) -> tuple[T, int]:
    """Take items until the deadline; return the last one completed in time and how many were.

    Before each item the clock is looked at, as the original does; an item
    whose computation raises OutOfTime is discarded, and so is the rest.
    """
    last, count = default, 0
    while not deadline.expired():
        try:
            item = next(items)
        except (OutOfTime, StopIteration):
            break
        last, count = item, count + 1
    return last, count
