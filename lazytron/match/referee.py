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

A bot's stderr goes to the log file it is given (one for both, or one each), up to a bound
(:mod:`.logs`: 1 MB a game; the rest is cut, and the log says so).
"""

from __future__ import annotations

import os
import select
import subprocess
from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from dataclasses import dataclass
from itertools import count
from time import monotonic
from typing import BinaryIO

from ..board import Board, Move
from .logs import STDERR_LIMIT, CappedLog
from .processes import STOP_GRACE, BotProcess, end_groups, uninterrupted
from .records import Record
from .rules import RULES, Outcome, written

Log = BinaryIO | CappedLog | int  # where a bot's stderr goes: a file, a capped log, a descriptor


class Cancelled(Exception):
    """The game was stopped from outside before it ended."""


POLL_SLICE = 0.1  # seconds between checks of a game's stop signal while waiting for moves


@dataclass(frozen=True)
class Limits:
    """Seconds a bot has to answer: the first turn, and every later one."""

    first: float = 3.0
    turn: float = 1.0

    def of(self, turn: int) -> float:
        """The time limit of turn ``turn`` (counted from 1)."""
        return self.first if turn == 1 else self.turn


def ask(
    bots: Sequence[BotProcess],
    boards: Sequence[Board],
    limits: float | Sequence[float],
    cancelled: Callable[[], bool] | None = None,
) -> tuple[list[Move | None], list[float | None]]:
    """Give each bot its board and wait for its move at most its limit in seconds.

    Returns the moves (None: no move in time) and the seconds each took to answer (None: no answer).
    Raises Cancelled as soon as ``cancelled()`` is true.
    """
    start = monotonic()
    spans = [limits] * len(bots) if isinstance(limits, (int, float)) else list(limits)
    deadlines = [start + span for span in spans]
    for bot, board in zip(bots, boards, strict=True):
        bot.offer(str(board))
    moves: list[Move | None] = [None] * len(bots)
    times: list[float | None] = [None] * len(bots)
    while True:
        now = monotonic()
        for k, bot in enumerate(bots):
            if moves[k] is None and (move := bot.take()) is not None:
                moves[k], times[k] = move, now - start
        waiting = [
            k
            for k, bot in enumerate(bots)
            if moves[k] is None and not bot.dead and deadlines[k] > now
        ]
        if not waiting:
            return moves, times
        if cancelled is not None and cancelled():
            raise Cancelled
        poll = select.poll()
        actions = {}
        for k in waiting:
            bot = bots[k]
            poll.register(bot.stdout, select.POLLIN)
            actions[bot.stdout] = bot.read
            if bot.outbox:
                poll.register(bot.stdin, select.POLLOUT)
                actions[bot.stdin] = bot.write
        left = min(deadlines[k] for k in waiting) - now
        if cancelled is not None:
            left = min(left, POLL_SLICE)
        for fd, _ in poll.poll(max(1, int(left * 1000) + 1)):
            actions[fd]()


def stop(bots: Sequence[BotProcess], grace: float = STOP_GRACE) -> None:
    """End the bots and every process they started: close their input, SIGTERM, then SIGKILL their
    groups; reap."""
    end_groups([bot.proc for bot in bots], grace)


@dataclass(frozen=True)
class Turn:
    """One turn: the position before it, both moves (NONE: none given), what came of it, and why a
    move is missing."""

    number: int
    board: Board
    moves: tuple[Move, Move]
    after: Board | Outcome
    faults: tuple[str | None, str | None]
    times: tuple[float | None, float | None] = (None, None)  # seconds each bot took to answer


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
        """The game in the contest's summary format, up to its last turn (see
        :func:`record_moves`)."""
        return Record(self.board, self.names, record_moves(self.turns), self.outcome.code)


def record_moves(turns: Sequence[Turn]) -> tuple[tuple[Move, Move], ...]:
    """The moves a record holds: every turn, the last one too when a player gave no move on it.

    A missing move is written as the letter :func:`.rules.written` picks, so
    that the record, replayed, ends on that turn with the game's outcome; when
    no letter does, the turn is left out, as in the contest's own forfeits,
    and the record's result field says how the game ended.
    """
    moves = [t.moves for t in turns[:-1]]
    last = turns[-1]
    assert isinstance(last.after, Outcome)
    final = (
        last.moves if all(last.moves) else written(last.board, last.moves, last.after, last.number)
    )
    return tuple(moves + ([final] if final else []))


def referee(
    board: Board,
    commands: tuple[str, str],
    limits: Limits | tuple[Limits, Limits] = Limits(),
    rules: str = "simultaneous",
    log: Log | tuple[Log, Log] = subprocess.DEVNULL,
    cancelled: Callable[[], bool] | None = None,
    log_limit: int = STDERR_LIMIT,
) -> Generator[Turn, None, None]:
    """Play a game turn by turn; the bots are ended when the game is over or the generator closed.

    ``limits`` holds both bots' time limits, or each bot's own.  A true
    ``cancelled()`` ends the game at once (Cancelled).  The bots' stderr
    goes to ``log`` (one for both, or each bot's own): a file gets at most
    ``log_limit`` bytes of it, then a note of what was cut; a
    :class:`.logs.CappedLog` is the caller's to close once the game is over
    (and to ask whether it could be written).

    Raises BotError (before the first turn) if a bot cannot be started,
    OSError if the log cannot be written.
    """
    advance = RULES[rules]
    own_limits = (limits, limits) if isinstance(limits, Limits) else limits
    made: dict[int, CappedLog] = {}  # the files capped here, each once, closed here
    sinks = [
        _capped(each, made, log_limit) for each in (log if isinstance(log, tuple) else (log, log))
    ]
    bots: list[BotProcess] = []
    try:
        for player, (command, sink) in enumerate(zip(commands, sinks, strict=True), 1):
            with uninterrupted():  # a bot started is a bot in the list, to be ended
                bots.append(_start(player, command, sink))
        for number in count(1):
            spans = [each.of(number) for each in own_limits]
            (one, two), (t1, t2) = ask(bots, (board, board.swapped()), spans, cancelled)
            faults = (
                None if one else bots[0].fault(spans[0]),
                None if two else bots[1].fault(spans[1]),
            )
            moves = (one or Move.NONE, two or Move.NONE)
            after = advance(board, *moves, number)
            yield Turn(number, board, moves, after, faults, (t1, t2))
            if isinstance(after, Outcome):
                return
            board = after
    finally:
        stop(bots)
        for capped in made.values():
            capped.close()


def _capped(log: Log, made: dict[int, CappedLog], limit: int) -> CappedLog | int:
    """Where a bot's stderr goes: a descriptor or a capped log as given, a file capped (once)."""
    if isinstance(log, (int, CappedLog)):
        return log
    return made.setdefault(id(log), CappedLog(log, limit))


def _start(player: int, command: str, log: CappedLog | int) -> BotProcess:
    """Start a player's bot, its stderr into the log (after a line naming it)."""
    if isinstance(log, int):
        return BotProcess(command, log)
    log.write(f"# player {player}: {command}\n".encode())
    sink = log.pipe()
    try:
        return BotProcess(command, sink)
    finally:
        os.close(sink)


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
