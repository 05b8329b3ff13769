"""The referee: two bot programs play one game under the official rules.

Each bot is a process started from a command line (split as a shell
would, any language) in a session of its own, so that it and every
process it starts form one process group, ended as a whole with the game.
Each turn both bots get the board from their own side (itself ``1``) and
answer at the same time.  Their pipes are never read or written blocking:

* the board is written as the pipe takes it; a bot that does not read its
  input crashes once its pipe is full and the time is up;
* the output is one stream of characters of which only the digits 1-4
  count: the first one is the turn's move; the digits after it are kept
  (a bounded number) as the moves of the next turns, as Tron.jar reads
  the pipe one character at a time and leaves the rest in it;
* no digit in time, or a bot that has exited, crashes that turn.

A bot's stderr goes straight to the log file it is given.
"""

from __future__ import annotations

import ctypes
import os
import select
import shlex
import signal
import subprocess
import sys
from contextlib import closing
from dataclasses import dataclass
from itertools import count
from time import monotonic
from typing import BinaryIO, Generator, Sequence

from .board import Board, Move
from .record import Record
from .rules import RULES, Outcome

CHUNK = 65536  # bytes read from a bot's stdout at a time
MAX_PENDING = 1024  # digits kept for later turns; a bot printing more loses the excess
EXIT_WAIT = 0.2  # seconds to wait for the exit status of a bot that closed its output
STOP_GRACE = 0.2  # seconds a bot gets to exit after its input is closed and SIGTERM sent
_NOT_DIGITS = bytes(c for c in range(256) if c not in b"1234")


class BotError(Exception):
    """A bot command that cannot be split or started."""


@dataclass(frozen=True)
class Limits:
    """Seconds a bot has to answer: the first turn, and every later one."""

    first: float = 3.0
    turn: float = 1.0

    def of(self, turn: int) -> float:
        """The time limit of turn ``turn`` (counted from 1)."""
        return self.first if turn == 1 else self.turn


def split_command(command: str) -> list[str]:
    """The words of a command line, split as a shell would; BotError if there are none or quotes do not close."""
    try:
        words = shlex.split(command)
    except ValueError as e:
        raise BotError(f"cannot split {command!r}: {e}") from None
    if not words:
        raise BotError("empty bot command")
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


def interrupt_on_termination() -> None:
    """Make SIGTERM and SIGHUP interrupt like Ctrl-C, so that the bots are ended on the way out."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, interrupt)


def _kill_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


class Bot:
    """One bot process: its pipes, the board still to write, and the digits it has printed but not yet played."""

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


def ask(bots: Sequence[Bot], boards: Sequence[Board], limit: float) -> list[Move | None]:
    """Give each bot its board and wait at most ``limit`` seconds for both moves (None: no move)."""
    deadline = monotonic() + limit
    for bot, board in zip(bots, boards):
        bot.offer(str(board))
    moves: list[Move | None] = [None] * len(bots)
    while True:
        moves = [move or bot.take() for move, bot in zip(moves, bots)]
        waiting = [bot for move, bot in zip(moves, bots) if move is None and not bot.dead]
        left = deadline - monotonic()
        if not waiting or left <= 0:
            return moves
        poll = select.poll()
        actions = {}
        for bot in waiting:
            poll.register(bot.stdout, select.POLLIN)
            actions[bot.stdout] = bot.read
            if bot.outbox:
                poll.register(bot.stdin, select.POLLOUT)
                actions[bot.stdin] = bot.write
        for fd, _ in poll.poll(max(1, int(left * 1000) + 1)):
            actions[fd]()


def stop(bots: Sequence[Bot], grace: float = STOP_GRACE) -> None:
    """End the bots and every process they started: close their input, SIGTERM, then SIGKILL their groups; reap."""
    end_groups([bot.proc for bot in bots], grace)


def end_groups(procs: Sequence[subprocess.Popen], grace: float = STOP_GRACE) -> None:
    """End processes that lead process groups, and all they started: close their pipes, SIGTERM, then SIGKILL; reap."""
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


@dataclass(frozen=True)
class Turn:
    """One turn: the position before it, both moves (NONE: none given), what came of it, and why a move is missing."""

    number: int
    board: Board
    moves: tuple[Move, Move]
    after: Board | Outcome
    faults: tuple[str | None, str | None]


@dataclass(frozen=True)
class Game:
    """A finished game."""

    board: Board
    names: tuple[str, str]
    turns: tuple[Turn, ...]

    @property
    def outcome(self) -> Outcome:
        after = self.turns[-1].after
        assert isinstance(after, Outcome)
        return after

    def record(self) -> Record:
        """The game in the contest's summary format (a turn with a missing move is left out, as in the contest's forfeits)."""
        moves = tuple(t.moves for t in self.turns if all(t.moves))
        return Record(self.board, self.names, moves, self.outcome.code)


def referee(
    board: Board,
    commands: tuple[str, str],
    limits: Limits = Limits(),
    rules: str = "simultaneous",
    log: BinaryIO | int = subprocess.DEVNULL,
) -> Generator[Turn, None, None]:
    """Play a game turn by turn; the bots are ended when the game is over or the generator closed.

    Raises BotError (before the first turn) if a bot cannot be started.
    """
    advance = RULES[rules]
    bots: list[Bot] = []
    try:
        for player, command in enumerate(commands, 1):
            if not isinstance(log, int):
                log.write(f"# player {player}: {command}\n".encode())
                log.flush()
            bots.append(Bot(command, log))
        for number in count(1):
            limit = limits.of(number)
            one, two = ask(bots, (board, board.swapped()), limit)
            faults = (None if one else bots[0].fault(limit), None if two else bots[1].fault(limit))
            moves = (one or Move.NONE, two or Move.NONE)
            after = advance(board, *moves, number)
            yield Turn(number, board, moves, after, faults)
            if isinstance(after, Outcome):
                return
            board = after
    finally:
        stop(bots)


def play_game(
    board: Board,
    commands: tuple[str, str],
    limits: Limits = Limits(),
    rules: str = "simultaneous",
    log: BinaryIO | int = subprocess.DEVNULL,
    names: tuple[str, str] | None = None,
) -> Game:
    """Play a whole game between two commands."""
    with closing(referee(board, commands, limits, rules, log)) as turns:
        return Game(board, names or commands, tuple(turns))
