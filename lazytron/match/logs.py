"""The bots' stderr, kept up to a bound: a bot that floods it cannot fill a disk.

Each bot writes its stderr into a pipe of its own; a thread drains the
pipe into the game's log as long as the log holds less than its limit
(:data:`STDERR_LIMIT`, both bots and the referee's lines together) and
drops the rest, still draining so that the bot never blocks on it.  When
the game is over a last line says how much was cut.  ``play``'s log file
and each tournament game's stderr are kept this way.
"""

from __future__ import annotations

import os
import threading
import time
from typing import BinaryIO

STDERR_LIMIT = 1 << 20  # bytes of the bots' stderr kept per game (the rest is cut, and said so)
CHUNK = 65536  # bytes read from a pipe at a time
DRAIN_WAIT = 1.0  # seconds to wait, after the bots have ended, for the last of their stderr


def cut_note(dropped: int) -> bytes:
    """The line that ends a cut log.

    >>> cut_note(2_500_000)
    b'\\n[stderr cut: 2500000 more bytes not kept]\\n'
    """
    return f"\n[stderr cut: {dropped} more bytes not kept]\n".encode()


class CappedLog:
    """A game's log: the referee's lines and the bots' stderr, up to ``limit`` bytes in all.

    A failure to write the log (a full disk) is kept in ``error`` and ends
    the writing; the bots' pipes are still drained.
    """

    def __init__(self, out: BinaryIO, limit: int = STDERR_LIMIT) -> None:
        self.out, self.limit = out, limit
        self.kept = self.dropped = 0
        self.error: OSError | None = None
        self.closed = False
        self.lock = threading.Lock()
        self.threads: list[threading.Thread] = []

    def write(self, data: bytes) -> None:
        """Keep ``data`` as far as the limit allows (the referee's own lines); OSError if the log
        cannot be written."""
        self._keep(data)
        if self.error is not None:
            raise self.error

    def pipe(self) -> int:
        """The write end of a new pipe drained into the log, for a bot's stderr: the caller closes
        it once the bot has been started."""
        read, write = os.pipe()
        thread = threading.Thread(target=self._drain, args=(read,), daemon=True)
        thread.start()
        self.threads.append(thread)
        return write

    def _drain(self, fd: int) -> None:
        try:
            while chunk := os.read(fd, CHUNK):
                self._keep(chunk)
        except OSError:
            pass
        finally:
            os.close(fd)

    def _keep(self, data: bytes) -> None:
        with self.lock:
            if self.closed:
                return
            part = data[: max(self.limit - self.kept, 0)] if self.error is None else b""
            self.dropped += len(data) - len(part)
            if not part:
                return
            try:
                self.out.write(part)
                self.out.flush()
            except OSError as e:
                self.error = e
                return
            self.kept += len(part)

    def close(self, wait: float = DRAIN_WAIT) -> None:
        """Once the bots have ended: wait at most ``wait`` seconds for their pipes to be drained,
        then write the note of what was cut (if anything was).  Closing again does nothing."""
        if self.closed:
            return
        deadline = time.monotonic() + wait
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        with self.lock:
            self.closed = True
            if self.dropped and self.error is None:
                try:
                    self.out.write(cut_note(self.dropped))
                    self.out.flush()
                except OSError as e:
                    self.error = e
