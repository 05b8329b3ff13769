"""A tournament's options as the command line gives them, checked and made into a plan of fixtures.

Games are played in pairs (the same map and opening from both seats);
what decides them (maps, bots and their limits, rules, openings, seed,
gauntlet) is the run's identity in the results database, so that the
same options find their run again and resume it.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..board import Board, BoardError
from ..match.book import read_book
from ..match.processes import BotError, check_command, split_command
from ..match.referee import Limits
from ..ratings.stats import parse_sprt
from ..reading import load_board, map_file
from .run import Plan
from .schedule import Entrant, parse_entrant, parse_time, schedule
from .store import WAIT
from .task import Runner

DEFAULT_DB = "lazytron.db"
SPRT_ROUNDS = 100  # rounds under an SPRT when --rounds is not given: the fixed-games bound


class Usage(Exception):
    """Arguments that cannot make a tournament (exit status 2)."""


@dataclass
class Options:
    """The command's options (as the command line gives them)."""

    maps: Sequence[str] = ()
    bots: Sequence[str] = ()
    times: Sequence[str] = ()
    limits: Limits = Limits()
    rules: str = "simultaneous"
    rounds: int | None = None
    openings: int = 0
    book: str | None = None
    shuffle: bool = False
    seed: int = 1
    gauntlet: str | None = None
    sprt: str | None = None
    report_every: int = 0
    jobs: int | None = None
    cluster: str | None = None
    db: str = DEFAULT_DB
    db_wait: float = WAIT  # seconds to wait for a database another process has locked
    report: str | None = None
    runs: Sequence[str] = ()
    record_dir: str | None = None
    csv: str | None = None
    json: str | None = None
    html: str | None = None
    pgn: str | None = None
    runner: Runner | None = None  # plays the games (default: threads here, --jobs at a time)
    command: str | None = None  # the command line, shown on the page (the run keeps its first)


def default_jobs() -> int:
    """Games at once: one per two usable cores (each game runs two bots), at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, cores // 2)


def load_maps(paths: Sequence[str]) -> list[tuple[str, Board]]:
    """Each map with its name (the file name without extension); OSError/BoardError name the
    file."""
    maps = []
    for path in map(map_file, paths):
        name = os.path.splitext(os.path.basename(path))[0]
        try:
            maps.append((name, load_board(path)))
        except BoardError as e:
            raise BoardError(f"{path}: {e}") from None
        except UnicodeDecodeError:
            raise BoardError(f"{path}: not a text file") from None
    names = [name for name, _ in maps]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise Usage(f"two maps named {twice[0]!r}")
    return maps


def check_entrants(
    texts: Sequence[str], times: Sequence[str], limits: Limits, here: bool = True
) -> list[Entrant]:
    """The ``--bot`` arguments with their ``--time``; Usage if malformed, BotError if a command
    cannot be found.

    ``here``: the bots run on this machine, so their programs must be found here (the cluster's are
    checked there).
    """
    try:
        entrants = [replace(parse_entrant(t), limits=limits) for t in texts]
        own = dict(parse_time(t) for t in times)
    except ValueError as e:
        raise Usage(str(e)) from None
    if len(entrants) < 2:
        raise Usage("a tournament needs at least two --bot NAME=CMD")
    names = [e.name for e in entrants]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise Usage(f"two bots named {twice[0]!r}")
    unknown = sorted(set(own) - set(names))
    if unknown:
        raise Usage(f"--time {unknown[0]}=...: no bot named {unknown[0]!r}")
    for entrant in entrants:
        try:
            split_command(entrant.command)
        except BotError as error:
            raise Usage(str(error)) from None
        if here:
            check_command(entrant.command, entrant.name)
    return [replace(e, limits=own.get(e.name, e.limits)) for e in entrants]


def load_book(path: str, shuffle: bool, seed: int) -> list[tuple[str, Board]]:
    """An opening book's positions as maps (each its position's name), in book order or shuffled
    by ``seed``; BookError (one line) where the book cannot be read."""
    maps = [(opening.name, opening.board) for opening in read_book(path)]
    if shuffle:
        random.Random(f"lazytron-book-order-{seed}").shuffle(maps)
    return maps


def make_plan(o: Options) -> Plan:
    """The fixtures and settings of the command's run; Usage, BoardError, BotError or OSError if it
    cannot be made."""
    entrants = check_entrants(o.bots, o.times, o.limits, here=o.cluster is None)
    maps = load_book(o.book, o.shuffle, o.seed) if o.book else load_maps(o.maps)
    names = [e.name for e in entrants]
    if o.gauntlet is not None and o.gauntlet not in names:
        raise Usage(f"--gauntlet {o.gauntlet}: no bot named {o.gauntlet!r}")
    try:
        sprt = parse_sprt(o.sprt) if o.sprt is not None else None
    except ValueError as e:
        raise Usage(str(e)) from None
    bot = o.gauntlet or (names[0] if len(names) == 2 else None)
    if sprt is not None and bot is None:
        raise Usage("--sprt tests one bot: give --gauntlet NAME, or exactly two bots")
    rounds = o.rounds or (SPRT_ROUNDS if sprt else 1)
    fixtures = list(schedule(maps, entrants, rounds, o.openings, o.seed, o.gauntlet, o.rules))
    # what decides the games: the same command finds its run again (more rounds extend it)
    games = {
        "maps": {name: str(board) for name, board in maps},
        "bots": [[e.name, e.command, e.limits.first, e.limits.turn] for e in entrants],
        "rules": o.rules,
        "openings": o.openings,
        "seed": o.seed,
        "gauntlet": o.gauntlet,
    }
    sprt_fields = None if sprt is None else [sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta]
    settings: dict[str, object] = {
        "games": games,
        "names": names,
        "map_names": [m for m, _ in maps],
        "bot": bot,
        "sprt": sprt_fields,
    }
    map_names = [m for m, _ in maps]
    return Plan(fixtures, names, map_names, settings, bot, sprt, o.report_every, o.command)
