"""A progress bar drawn in place on a terminal: ``[######--------] 12/40 games, 31 s left``.

Used by ``tournament`` and ``compare``.  It draws only on a terminal; with
``delay`` it stays hidden until the run has lasted that long, so that
short runs leave no trace.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Bar:
    """Counts finished items out of ``total`` and redraws the bar after each."""

    WIDTH = 30

    def __init__(
        self, total: int, unit: str, stream: TextIO = sys.stderr, delay: float = 0.0
    ) -> None:
        self.total = total
        self.unit = unit
        self.done = 0
        self.stream = stream
        self.tty = stream.isatty()
        self.start = time.monotonic()
        self.delay = delay
        self.shown = False
        if delay <= 0:
            self.draw()

    def draw(self) -> None:
        """Redraw the bar (only on a terminal, and once ``delay`` has passed)."""
        elapsed = time.monotonic() - self.start
        if not self.tty or elapsed < self.delay:
            return
        filled = self.WIDTH * self.done // max(self.total, 1)
        left = f", {elapsed / self.done * (self.total - self.done):.0f} s left" if self.done else ""
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} {self.unit}{left}\x1b[K")
        self.stream.flush()
        self.shown = True

    def advance(self, count: int = 1) -> None:
        """Count ``count`` more finished items."""
        self.done += count
        self.draw()

    def end(self, erase: bool = False) -> None:
        """Leave the bar's line (or erase it), if it was drawn."""
        if self.shown:
            self.stream.write("\r\x1b[K" if erase else "\n")
            self.stream.flush()
            self.shown = False
