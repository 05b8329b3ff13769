"""The other analyser as one process: every position written to it, its output lines read as they
come.

Its pipes are never read or written blocking, so a slow analyser shows
progress and one that stops reading its input does not hang us; one that
prints nothing for too long is ended with everything it started.
"""

from __future__ import annotations

import os
import select
import subprocess
import tempfile
import time
from collections.abc import Generator, Iterator
from typing import IO

from ..match.processes import end_groups
from .common import InputError

CHUNK = 65536
LONGEST_LINE = 65536  # a line longer than this is not an answer


class Silent(InputError):
    """The other analyser printed nothing for too long."""


def _last_line(err: IO[bytes]) -> str:
    """The last non-blank line the process wrote on stderr, shortened, or ''."""
    err.seek(0)
    lines = [
        line.strip() for line in err.read().decode("utf-8", "replace").splitlines() if line.strip()
    ]
    return f": {lines[-1][:160]}" if lines else ""


def _pump(proc: subprocess.Popen, data: bytes, timeout: float) -> Iterator[str]:
    """Write ``data`` to the process (then close its stdin) while yielding its output lines as they
    come.

    InputError once it has printed nothing for ``timeout`` seconds of waiting
    (time spent by the consumer between lines does not count).
    """
    assert proc.stdin is not None and proc.stdout is not None
    out, into = proc.stdout.fileno(), proc.stdin.fileno()
    os.set_blocking(out, False)
    os.set_blocking(into, False)
    writing = True
    partial = b""
    silent = 0.0
    while True:
        if writing and not data:
            proc.stdin.close()
            writing = False
        poll = select.poll()
        poll.register(out, select.POLLIN)
        if writing:
            poll.register(into, select.POLLOUT)
        started = time.monotonic()
        events = poll.poll(max(1, int((timeout - silent) * 1000)))
        silent += time.monotonic() - started
        for fd, _ in events:
            if fd == into:
                try:
                    data = data[os.write(into, data[:CHUNK]) :]
                except BlockingIOError:
                    pass
                except OSError:  # it stopped reading: what it prints still counts
                    data = b""
                continue
            try:
                chunk = os.read(out, CHUNK)
            except BlockingIOError:
                continue
            if not chunk:
                if partial:
                    yield partial.decode("utf-8", "replace")
                return
            silent = 0.0
            partial += chunk
            *lines, partial = partial.split(b"\n")
            if len(partial) > LONGEST_LINE:
                lines, partial = [*lines, partial[:200]], b""
            for line in lines:
                yield line.decode("utf-8", "replace").rstrip("\r")
        if silent >= timeout:
            raise Silent(f"no output for {timeout:g} s (--timeout S allows more)")


def output_lines(words: list[str], text: str, timeout: float) -> Generator[str, None, None]:
    """Run ``words`` with ``text`` on its stdin; its output lines as they come; it is ended when
    closed.

    InputError if it cannot start, goes quiet for ``timeout`` seconds, or exits with a failure.
    """
    with tempfile.TemporaryFile() as err:
        try:
            proc = subprocess.Popen(
                words,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                start_new_session=True,
                bufsize=0,
            )
        except OSError as e:
            raise InputError(f"cannot start it: {e.strerror or e}") from None
        try:
            yield from _pump(proc, text.encode(), timeout)
            try:
                status = proc.wait(timeout)
            except subprocess.TimeoutExpired:
                raise InputError(
                    f"closed its output but did not exit within {timeout:g} s"
                ) from None
            if status < 0:
                raise InputError(f"killed by signal {-status}{_last_line(err)}")
            if status > 0:
                raise InputError(f"exited with status {status}{_last_line(err)}")
        finally:
            end_groups([proc])
