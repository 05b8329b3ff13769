"""Bot processes: started in sessions of their own, pipes never read or written blocking, ended as
groups.

Each bot is a process started from a command line (split as a shell
would, any language) in a session of its own, so that it and every
process it starts form one process group, ended as a whole.  Its output
is one stream of characters of which only the digits 1-4 count.
"""

from __future__ import annotations

import ctypes
import os
import shlex
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from time import monotonic
from typing import BinaryIO

from ..board import Move

CHUNK = 65536  # bytes read from a bot's stdout at a time
MAX_PENDING = 1024  # digits kept for later turns; a bot printing more loses the excess
EXIT_WAIT = 0.2  # seconds to wait for the exit status of a bot that closed its output
STOP_GRACE = 0.2  # seconds a bot gets to exit after its input is closed and SIGTERM sent
_NOT_DIGITS = bytes(c for c in range(256) if c not in b"1234")


class BotError(Exception):
    """A bot command that cannot be split or started."""


def split_command(command: str) -> list[str]:
    """The words of a command line, split as a shell would; BotError if there are none or quotes do
    not close."""
    try:
        words = shlex.split(command)
    except ValueError as e:
        raise BotError(f"cannot split {command!r}: {e}") from None
    if not words:
        raise BotError("empty bot command")
    return words


def check_command(command: str, name: str | None = None) -> list[str]:
    """The words of a command line whose program exists; BotError naming the program (and bot) if it
    is not found."""
    words = split_command(command)
    if shutil.which(words[0]) is None:
        who = f"{name}: {words[0]!r}" if name else f"{words[0]!r}:"
        raise BotError(f"cannot start {who} not found or not executable")
    return words


def become_subreaper() -> None:
    """Adopt orphaned descendants (Linux), so that the children a bot leaves behind are reaped here.

    Without it they are reparented to init, which in some containers never
    reaps them.  Elsewhere this does nothing.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


INTERRUPTS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_held = threading.local()  # per thread: how deep in uninterrupted() it is
_pending = threading.Event()  # an interrupt came while the main thread held them


def interrupt_on_termination(once: bool = False) -> None:
    """Make Ctrl-C, SIGTERM and SIGHUP interrupt (KeyboardInterrupt), so that the bots are ended on
    the way out; while bots are being started or ended (:func:`uninterrupted`) the interrupt waits
    for that to be done, so that none is left behind.  With ``once``, the first of them also
    ignores the rest: a burst of signals ends the process once, with no second interrupt on the
    way out."""
    for sig in INTERRUPTS:
        signal.signal(sig, _interrupt_once if once else _interrupt)


def _interrupt_once(signum: int, frame: object) -> None:
    ignore_interrupts()
    _interrupt(signum, frame)


def _interrupt(signum: int, frame: object) -> None:
    if getattr(_held, "depth", 0):  # signal handlers run in the main thread: its depth
        _pending.set()
        return
    raise KeyboardInterrupt


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Hold the interrupts of :func:`interrupt_on_termination` until the block is done; one that
    came meanwhile is raised then (in the main thread)."""
    depth = getattr(_held, "depth", 0)
    _held.depth = depth + 1
    try:
        yield
    finally:
        _held.depth = depth
        if (
            depth == 0
            and _pending.is_set()
            and threading.current_thread() is threading.main_thread()
        ):
            _pending.clear()
            raise KeyboardInterrupt


def ignore_interrupts() -> None:
    """On the way out, the bots ended: a second Ctrl-C, SIGTERM or SIGHUP changes nothing."""
    for sig in INTERRUPTS:
        signal.signal(sig, signal.SIG_IGN)


def _kill_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


class BotProcess:
    """One bot process: its pipes, the board still to write, and the digits it has printed but not
    yet played."""

    def __init__(self, command: str, log: BinaryIO | int = subprocess.DEVNULL) -> None:
        try:
            self.proc = subprocess.Popen(
                split_command(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=log,
                start_new_session=True,
                bufsize=0,
            )
        except OSError as e:
            raise BotError(f"cannot start {command!r}: {e.strerror or e}") from None
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin = self.proc.stdin.fileno()
        self.stdout = self.proc.stdout.fileno()
        os.set_blocking(self.stdin, False)
        os.set_blocking(self.stdout, False)
        self.outbox = b""  # what is left to write of this turn's board
        self.pending = bytearray()  # digits read and not yet played
        self.dead = False  # the bot has exited (or closed its pipes): it can play no more

    def offer(self, text: str) -> None:
        """Start a turn: the board this bot is to be given."""
        self.outbox = text.encode()

    def take(self) -> Move | None:
        """This turn's move, once the board has been written and a digit has come; else None."""
        if self.outbox or not self.pending:
            return None
        digit = self.pending.pop(0)
        return Move(digit - ord("0"))

    def write(self) -> None:
        """Write as much of the board as the pipe takes."""
        try:
            written = os.write(self.stdin, self.outbox)
        except BlockingIOError:
            return
        except OSError:  # EPIPE: the bot has exited; what it printed before does not count
            self.outbox = b""
            self.pending.clear()
            self.dead = True
            return
        self.outbox = self.outbox[written:]

    def read(self) -> None:
        """Read what the bot has printed and keep its digits."""
        try:
            data = os.read(self.stdout, CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.dead = True
            return
        room = MAX_PENDING - len(self.pending)
        self.pending += data.translate(None, _NOT_DIGITS)[: max(room, 0)]

    def fault(self, limit: float) -> str:
        """Why this bot gave no move this turn."""
        if self.dead and not self.pending:
            try:
                return f"exited with status {self.proc.wait(EXIT_WAIT)}"
            except subprocess.TimeoutExpired:
                return "closed its output"
        if self.outbox:
            return f"did not read its input within {limit:g} s"
        return f"no move within {limit:g} s"

    def close(self) -> None:
        """Close our ends of its pipes: the bot sees the end of its input."""
        _close_pipes(self.proc)


def _close_pipes(proc: subprocess.Popen) -> None:
    for stream in filter(None, (proc.stdin, proc.stdout)):
        try:
            stream.close()
        except OSError:
            pass


def end_groups(procs: Sequence[subprocess.Popen], grace: float = STOP_GRACE) -> None:
    """End processes that lead process groups, and all they started: close their pipes, SIGTERM,
    then SIGKILL; reap.  An interrupt meanwhile waits until it is done."""
    with uninterrupted():
        _end_groups(procs, grace)


def _end_groups(procs: Sequence[subprocess.Popen], grace: float) -> None:
    for proc in procs:
        _close_pipes(proc)
        _kill_group(proc.pid, signal.SIGTERM)
    deadline = monotonic() + grace
    for proc in procs:
        try:
            proc.wait(max(0.0, deadline - monotonic()))
        except subprocess.TimeoutExpired:
            pass
    for proc in procs:
        _kill_group(proc.pid, signal.SIGKILL)
        proc.wait()
        _reap_group(proc.pid)


def _reap_group(pgid: int) -> None:
    """Reap the group's processes that were reparented to us (see :func:`become_subreaper`)."""
    while True:
        try:
            os.waitpid(-pgid, 0)
        except ChildProcessError:
            return
        except InterruptedError:
            continue
