"""Round robins: every pair of bots on every map from both sides, games in parallel, a table at the end.

Points are 1 for a win and 1/2 for a draw.  Ratings come from
:mod:`lazytron.rating` (Bradley-Terry on the Elo scale, 95 % error bars).
At most one game per two cores runs at a time, so that each timed bot
has a core of its own.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import closing
from dataclasses import dataclass
from itertools import permutations
from typing import Iterable, Sequence, TextIO

from toolz import groupby  # type: ignore[import-untyped]

from ..board import Board, BoardError, load_board
from ..files import write_atomic
from ..term.progress import Bar
from ..term.render import columns
from .processes import BotError, check_command, split_command
from .rating import Rating, ratings
from .records import write_record
from .referee import Game, Limits, Turn, referee
from .rules import Outcome

NAME = re.compile(r"[A-Za-z0-9._-]+")


class Cancelled(Exception):
    """The tournament was stopped before this game ended."""


@dataclass(frozen=True)
class Entrant:
    """A bot in the tournament: a short name and its command line."""

    name: str
    command: str


def parse_entrant(text: str) -> Entrant:
    """``NAME=CMD``; ValueError if the name is not letters, digits, '.', '_', '-' or the command is empty."""
    name, sep, command = text.partition("=")
    if not sep or not NAME.fullmatch(name) or not command.strip():
        raise ValueError(f"--bot {text!r}: expected NAME=CMD, NAME of letters, digits, '.', '_' or '-'")
    return Entrant(name, command)


def default_jobs() -> int:
    """Games at once: one per two usable cores (each game runs two bots), at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, cores // 2)


@dataclass(frozen=True)
class Fixture:
    """One game to play: its number, map, round and the two entrants (player 1 first)."""

    number: int
    map_name: str
    board: Board
    round: int
    players: tuple[Entrant, Entrant]

    @property
    def stem(self) -> str:
        """The file name (without extension) of its record and log."""
        one, two = self.players
        return f"{self.map_name}__{one.name}__{two.name}__{self.round}"


@dataclass(frozen=True)
class Result:
    """A played game: its fixture, outcome, number of turns, and why a player gave no move (if one did)."""

    fixture: Fixture
    outcome: Outcome
    turns: int
    faults: tuple[str | None, str | None]

    def points(self, player: int) -> float:
        """Points of player 1 or 2: 1 for a win, 1/2 for a draw."""
        winner = self.outcome.winner
        return 0.5 if winner is None else float(winner == player)


def schedule(maps: Sequence[tuple[str, Board]], entrants: Sequence[Entrant], rounds: int = 1) -> list[Fixture]:
    """Every ordered pair of entrants on every map, ``rounds`` times."""
    games = [
        (name, board, r, pair)
        for r in range(1, rounds + 1)
        for name, board in maps
        for pair in permutations(entrants, 2)
    ]
    return [Fixture(n, name, board, r, pair) for n, (name, board, r, pair) in enumerate(games, 1)]


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


@dataclass(frozen=True)
class Standing:
    """A bot's line in the table."""

    name: str
    games: int
    points: float
    wins: int
    draws: int
    losses: int
    rating: Rating


def _sides(results: Iterable[Result]) -> list[tuple[str, str, float]]:
    """Every game from each player's side: (bot, map, points)."""
    return [
        (r.fixture.players[p - 1].name, r.fixture.map_name, r.points(p)) for r in results for p in (1, 2)
    ]


def _wdl(points: Iterable[float]) -> tuple[int, int, int]:
    scores = list(points)
    return scores.count(1.0), scores.count(0.5), scores.count(0.0)


def standings(results: Sequence[Result], entrants: Sequence[Entrant]) -> list[Standing]:
    """The table, best first: by points, then rating."""
    names = [e.name for e in entrants]
    games = [
        (r.fixture.players[0].name, r.fixture.players[1].name, r.points(1)) for r in results
    ]
    rated = {rating.name: rating for rating in ratings(names, games)}
    by_bot = groupby(lambda side: side[0], _sides(results))
    table = []
    for name in names:
        points = [side[2] for side in by_bot.get(name, [])]
        table.append(Standing(name, len(points), sum(points), *_wdl(points), rated[name]))
    return sorted(table, key=lambda s: (-s.points, -s.rating.elo))


def per_map(results: Sequence[Result]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """W/D/L of every (bot, map)."""
    by_key = groupby(lambda side: side[:2], _sides(results))
    return {key: _wdl(side[2] for side in sides) for key, sides in by_key.items()}


def format_report(results: Sequence[Result], entrants: Sequence[Entrant], maps: Sequence[str]) -> str:
    """The table of points and ratings, then W-D-L per map."""
    table = standings(results, entrants)
    rows = [["rank", "bot", "games", "points", "W", "D", "L", "elo", "±95%"]]
    for rank, s in enumerate(table, 1):
        rows.append([
            str(rank), s.name, str(s.games), f"{s.points:g}", str(s.wins), str(s.draws), str(s.losses),
            f"{s.rating.elo:+.0f}", f"±{s.rating.error:.0f}",
        ])
    wdl = per_map(results)
    names = [s.name for s in table]
    grid = [["map", *names]] + [
        [m, *("-".join(map(str, wdl.get((name, m), (0, 0, 0)))) for name in names)] for m in maps
    ]
    return "\n".join([
        *columns(rows, {0, 2, 3, 4, 5, 6, 7, 8}),
        "",
        "W-D-L per map:",
        *columns(grid, set(range(1, len(names) + 1))),
        "",
        "points: win 1, draw 1/2; elo: Bradley-Terry rating relative to the mean, ±95% interval",
    ]) + "\n"


GAME_FIELDS = ("game", "round", "map", "player1", "player2", "result", "outcome", "turns", "fault1", "fault2")


def game_rows(results: Iterable[Result]) -> list[dict[str, object]]:
    """One dict per game, with the fields of :data:`GAME_FIELDS`."""
    return [
        dict(zip(GAME_FIELDS, (
            r.fixture.number, r.fixture.round, r.fixture.map_name, r.fixture.players[0].name,
            r.fixture.players[1].name, r.outcome.code, r.outcome.words, r.turns, r.faults[0] or "", r.faults[1] or "",
        )))
        for r in results
    ]


def to_csv(results: Iterable[Result]) -> str:
    """The games as CSV, one row each."""
    out = io.StringIO()
    writer = csv.DictWriter(out, GAME_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(game_rows(results))
    return out.getvalue()


def to_json(results: Sequence[Result], entrants: Sequence[Entrant], limits: Limits, rules: str) -> str:
    """The games, the bots and the table as JSON."""
    wdl = per_map(results)
    maps = sorted({r.fixture.map_name for r in results})
    table = [
        {
            "bot": s.name, "games": s.games, "points": s.points, "wins": s.wins, "draws": s.draws,
            "losses": s.losses, "elo": round(s.rating.elo, 1), "elo_95": round(s.rating.error, 1),
            "per_map": {m: dict(zip(("wins", "draws", "losses"), wdl.get((s.name, m), (0, 0, 0)))) for m in maps},
        }
        for s in standings(results, entrants)
    ]
    data = {
        "rules": rules,
        "first_time": limits.first,
        "turn_time": limits.turn,
        "rating": "Bradley-Terry on the Elo scale, relative to the mean; elo_95 is the half-width of a 95% interval",
        "bots": {e.name: e.command for e in entrants},
        "standings": table,
        "games": game_rows(results),
    }
    return json.dumps(data, indent=2) + "\n"


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
