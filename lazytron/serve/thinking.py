"""A bot's search as it logs it: the ``-v`` lines of ``lazytron bot`` read from its stderr.

Each turn the bot logs ``turn=3 depth=12 score=-40 move=East ms=901`` (a
score of ``-`` when no search finished); other lines are not searches.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable
from typing import Any

LINE = re.compile(r"\bturn=(\d+) depth=(\d+) score=(-?\d+|-) move=(\w+)")
LONGEST = 4096  # bytes read of one stderr line


def search_line(line: str) -> dict[str, Any] | None:
    """The search a ``-v`` line reports, or None.

    >>> search_line("turn=3 depth=12 score=-40 move=East ms=901")
    {'turn': 3, 'depth': 12, 'score': -40, 'move': 'East'}
    >>> search_line("turn=1 depth=0 score=- move=North ms=3")["score"] is None
    True
    >>> search_line("Traceback (most recent call last):") is None
    True
    """
    found = LINE.search(line)
    if found is None:
        return None
    turn, depth, score, move = found.groups()
    return {
        "turn": int(turn),
        "depth": int(depth),
        "score": None if score == "-" else int(score),
        "move": move,
    }


def follow(fd: int, report: Callable[[dict[str, Any]], None]) -> threading.Thread:
    """Read a bot's stderr from the pipe ``fd`` in a thread until it ends, reporting each search;
    the thread closes ``fd``."""

    def read() -> None:
        with os.fdopen(fd, "rb") as stream:
            while line := stream.readline(LONGEST):
                found = search_line(line.decode("utf-8", "replace"))
                if found is not None:
                    report(found)

    thread = threading.Thread(target=read, name="bot stderr", daemon=True)
    thread.start()
    return thread
