"""A game as a pure task: a fixture record in, a result record out; runners play fixtures and yield
results.

:func:`play` needs nothing but its :class:`Fixture` (plain, picklable
data: map text, commands, seat, seed, opening moves, per-bot time limits,
rules) and returns a :class:`GameResult` (outcome, turns, record text,
the bots' stderr, per-turn answer times, host name).  It writes no file
and touches no database: only the coordinator does, so that games can be
played anywhere (a thread here, a cluster worker elsewhere).

A runner is a function from an iterable of fixtures to a generator of
results, yielded as games finish (not in fixture order).  Closing the
iterator stops the games under way, their bots ended.  :func:`local`
makes the runner of this machine, a pool of threads.
"""

from __future__ import annotations

import socket
import tempfile
import threading
import time
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import closing
from dataclasses import dataclass, field

from ..board import MOVE_LETTERS, Board, Move
from ..match.records import Record, format_record
from ..match.referee import Cancelled, Limits, Turn, record_moves, referee
from ..match.rules import RULES, Outcome
from ..reading import parse_board

Runner = Callable[[Iterable["Fixture"]], Generator["GameResult", None, None]]


@dataclass(frozen=True)
class Fixture:
    """Everything needed to play one game.

    ``game`` numbers it in its run (the key of its result); ``pair`` and
    ``round`` place it in the schedule: the two games of a pair have the
    same map, seed and opening with the bots in swapped seats.
    ``opening`` holds the move pairs played before the bots take over, as
    in a record (player 1's letter, then player 2's).
    """

    game: int
    pair: int
    round: int
    map_name: str
    map_text: str
    names: tuple[str, str]
    commands: tuple[str, str]
    limits: tuple[Limits, Limits] = (Limits(), Limits())
    rules: str = "simultaneous"
    seed: int = 0
    opening: str = ""

    def opening_moves(self) -> tuple[tuple[Move, Move], ...]:
        letters = [MOVE_LETTERS[c] for c in self.opening]
        return tuple(zip(letters[::2], letters[1::2], strict=True))


@dataclass(frozen=True)
class GameResult:
    """A played game.  ``result`` is the record's code (1, 2 or D); ``times`` the seconds each bot
    took each turn (None: no answer); ``faults`` why a player gave no move on the last turn."""

    game: int
    result: str
    outcome: str
    turns: int
    record: str
    stderr: str = ""
    times: tuple[tuple[float | None, float | None], ...] = ()
    faults: tuple[str | None, str | None] = (None, None)
    host: str = field(default_factory=socket.gethostname)
    started: float = 0.0
    seconds: float = 0.0

    def points(self, player: int) -> float:
        """Points of player 1 or 2: 1 for a win, 1/2 for a draw."""
        return 0.5 if self.result == "D" else float(self.result == str(player))


def _after_opening(fixture: Fixture) -> tuple[Board, tuple[tuple[Move, Move], ...]]:
    """The position the bots start from, and the opening's moves."""
    board = parse_board(fixture.map_text)
    moves = fixture.opening_moves()
    advance = RULES[fixture.rules]
    for number, (one, two) in enumerate(moves, 1):
        after = advance(board, one, two, number)
        if isinstance(after, Outcome):
            raise ValueError(f"game {fixture.game}: the opening ends the game at turn {number}")
        board = after
    return board, moves


def play(fixture: Fixture, stop: Callable[[], bool] = lambda: False) -> GameResult:
    """Play the fixture's game: the opening, then the bots; ``stop()`` true ends it (Cancelled)."""
    start, wall_start = time.monotonic(), time.time()
    first = parse_board(fixture.map_text)
    board, opening = _after_opening(fixture)
    turns: list[Turn] = []
    with tempfile.TemporaryFile() as log:
        with closing(
            referee(board, fixture.commands, fixture.limits, fixture.rules, log, stop)
        ) as game:
            for turn in game:
                turns.append(turn)
                if stop():
                    raise Cancelled
        log.seek(0)
        stderr = log.read().decode(errors="replace")  # at most 1 MB and a note (match.logs)
    last = turns[-1]
    assert isinstance(last.after, Outcome)
    record = Record(first, fixture.names, opening + record_moves(turns), last.after.code)
    return GameResult(
        fixture.game,
        last.after.code,
        last.after.words,
        len(opening) + len(turns),
        format_record(record),
        stderr,
        tuple(t.times for t in turns),
        last.faults,
        socket.gethostname(),
        wall_start,
        time.monotonic() - start,
    )


def local(jobs: int = 1) -> Runner:
    """A runner playing ``jobs`` games at once in threads of this process."""

    def run(fixtures: Iterable[Fixture]) -> Generator[GameResult, None, None]:
        cancel = threading.Event()
        todo = iter(fixtures)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            pending: set[Future[GameResult]] = set()
            try:
                while True:
                    while len(pending) < jobs and (fixture := next(todo, None)) is not None:
                        pending.add(pool.submit(play, fixture, cancel.is_set))
                    if not pending:
                        return
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        yield future.result()
            finally:
                cancel.set()
                pool.shutdown(wait=True, cancel_futures=True)

    return run


def play_all(fixtures: Iterable[Fixture], runner: Runner | None = None) -> list[GameResult]:
    """Every fixture's result, in game order (a convenience for tests and small runs)."""
    with closing((runner or local())(fixtures)) as results:
        return sorted(results, key=lambda r: r.game)
