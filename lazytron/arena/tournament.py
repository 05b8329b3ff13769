"""Round robins: every pair of bots on every map from both sides, games in parallel, a table at the end.

Points are 1 for a win and 1/2 for a draw.  Ratings come from
:mod:`lazytron.rating` (Bradley-Terry on the Elo scale, 95 % error bars).
At most one game per two cores runs at a time, so that each timed bot
has a core of its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import closing
from typing import Sequence, TextIO

from ..board import Board, BoardError, load_board
from ..files import write_atomic
from ..term.progress import Bar
from .fixtures import Entrant, Fixture, Result, parse_entrant, schedule
from .processes import BotError, check_command, split_command
from .records import write_record
from .referee import Game, Limits, Turn, referee
from .table import format_report, to_csv, to_json


class Cancelled(Exception):
    """The tournament was stopped before this game ended."""


def default_jobs() -> int:
    """Games at once: one per two usable cores (each game runs two bots), at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, cores // 2)


def play_fixture(
    fixture: Fixture,
    limits: Limits,
    rules: str,
    record_dir: str | None,
    cancel: threading.Event,
) -> Result:
    """Play one game (its record and the bots' stderr go to ``record_dir`` if given)."""
    one, two = fixture.players
    commands, names = (one.command, two.command), (one.name, two.name)
    base = os.path.join(record_dir, fixture.stem) if record_dir else None
    log = open(base + ".log", "wb") if base else subprocess.DEVNULL
    turns: list[Turn] = []
    try:
        with closing(referee(fixture.board, commands, limits, rules, log)) as game:
            for turn in game:
                turns.append(turn)
                if cancel.is_set():
                    raise Cancelled
    finally:
        if not isinstance(log, int):
            log.close()
    played = Game(fixture.board, names, tuple(turns))
    if base:
        write_record(base + ".tron", played.record())
    return Result(fixture, played.outcome, len(turns), turns[-1].faults)


class Progress:
    """A progress bar on a terminal, one line per game elsewhere."""

    def __init__(self, total: int, stream: TextIO = sys.stderr) -> None:
        self.bar = Bar(total, "games", stream)
        self.stream = stream

    @property
    def done(self) -> int:
        return self.bar.done

    @property
    def total(self) -> int:
        return self.bar.total

    def update(self, result: Result) -> None:
        """Count a finished game."""
        self.bar.advance()
        if self.bar.tty:
            if self.done == self.total:
                self.end()
        else:
            f = result.fixture
            one, two = (e.name for e in f.players)
            self.stream.write(f"[{self.done}/{self.total}] {f.map_name}: {one} vs {two}: {result.outcome}\n")
            self.stream.flush()

    def end(self) -> None:
        """Leave the bar's line (when the games are over or stopped)."""
        self.bar.end()


def run(
    fixtures: Sequence[Fixture],
    limits: Limits = Limits(),
    rules: str = "simultaneous",
    jobs: int = 1,
    record_dir: str | None = None,
    progress: Progress | None = None,
) -> list[Result]:
    """Play every fixture, ``jobs`` at a time; the results in fixture order.

    On an error or an interrupt the games under way are stopped (their bots
    ended) before it is raised again.
    """
    cancel = threading.Event()
    results: list[Result] = []
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[Result]] = {
            pool.submit(play_fixture, f, limits, rules, record_dir, cancel) for f in fixtures
        }
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    results.append(future.result())
                    if progress:
                        progress.update(results[-1])
        except BaseException:
            cancel.set()
            if progress and progress.done < progress.total:
                progress.end()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return sorted(results, key=lambda r: r.fixture.number)


class Usage(Exception):
    """Arguments that cannot make a tournament (exit status 2)."""


def load_maps(paths: Sequence[str]) -> list[tuple[str, Board]]:
    """Each map with its name (the file name without extension); BoardError names the file."""
    maps = []
    for path in paths:
        name = os.path.splitext(os.path.basename(path))[0]
        maps.append((name, load_board(path)))
    names = [name for name, _ in maps]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise Usage(f"two maps named {twice[0]!r}")
    return maps


def check_entrants(texts: Sequence[str]) -> list[Entrant]:
    """The ``--bot`` arguments as entrants; Usage if malformed, BotError if a command cannot be found."""
    try:
        entrants = [parse_entrant(t) for t in texts]
    except ValueError as e:
        raise Usage(str(e)) from None
    if len(entrants) < 2:
        raise Usage("a tournament needs at least two --bot NAME=CMD")
    names = [e.name for e in entrants]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise Usage(f"two bots named {twice[0]!r}")
    for entrant in entrants:
        try:
            split_command(entrant.command)
        except BotError as error:
            raise Usage(str(error)) from None
        check_command(entrant.command, entrant.name)
    return entrants


def main(
    map_paths: Sequence[str],
    bots: Sequence[str],
    *,
    rounds: int = 1,
    jobs: int | None = None,
    record_dir: str | None = None,
    csv_path: str | None = None,
    json_path: str | None = None,
    limits: Limits = Limits(),
    rules: str = "simultaneous",
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """The ``tournament`` command; returns the exit status."""

    def fail(message: str, status: int = 1) -> int:
        print(f"lazytron tournament: {message}", file=err)
        return status

    try:
        entrants = check_entrants(bots)
        maps = load_maps(map_paths)
        for path in filter(None, (csv_path, json_path)):
            if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
                raise BotError(f"{path}: no such directory")
        if record_dir:
            os.makedirs(record_dir, exist_ok=True)
    except Usage as e:
        return fail(str(e), 2)
    except (BoardError, BotError) as e:
        return fail(str(e))
    except OSError as e:
        return fail(f"{e.filename}: {e.strerror}")
    most = default_jobs()
    if jobs is not None and jobs > most:
        print(f"lazytron tournament: --jobs {jobs} lowered to {most}: each game's two bots need a core each", file=err)
    jobs = min(jobs or most, most)
    fixtures = schedule(maps, entrants, rounds)
    try:
        results = run(fixtures, limits, rules, jobs, record_dir, Progress(len(fixtures), err))
    except BotError as e:
        return fail(str(e))
    except OSError as e:
        return fail(f"{e.filename or 'writing'}: {e.strerror}")
    out.write(format_report(results, entrants, [name for name, _ in maps]))
    out.flush()
    try:
        if csv_path:
            write_atomic(csv_path, to_csv(results))
        if json_path:
            write_atomic(json_path, to_json(results, entrants, limits, rules))
    except OSError as e:
        return fail(f"{e.filename}: {e.strerror}")
    return 0
