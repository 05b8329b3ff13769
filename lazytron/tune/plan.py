"""A tuning's options as the command line gives them, checked and made into a plan: the parameters,
the schedule, the bot commands and each iteration's games.

Iteration ``k`` plays on the maps in turn (``k``-th map, cyclically), from
an opening of ``openings`` random safe move pairs drawn from the seed, the
iteration and the map.  Without an opponent it is one seat-swapped pair,
``plus`` (the engine at ``θ + c_k δ``) against ``minus`` (at ``θ - c_k δ``);
with ``--against CMD`` each of them plays a seat-swapped pair against the
opponent from the same opening.  What decides the games and the path of
``θ`` is the run's identity in the database, so the same command resumes it;
only ``--iterations`` may change, to extend a tuning (the iterations after
are planned for the new number, each stored with the ``c_k`` and ``a_k`` it
used).
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..engines import ENGINES
from ..match.mapgen import opening
from ..match.processes import BotError, check_command, split_command
from ..match.referee import Limits
from ..tournament.options import Usage, load_book, load_maps
from ..tournament.schedule import fixture_seed
from ..tournament.task import Fixture, GameResult, Runner
from . import params as spec
from .spsa import Param, Probe, Schedule

DEFAULT_DB = "lazytron-tune.db"
PLUS, MINUS, OPPONENT = "plus", "minus", "opponent"
MARGIN = 0.1  # seconds the engine's own clock keeps below the referee's limit (a quarter at most)


@dataclass
class TuneOptions:
    """The command's options (as the command line gives them)."""

    maps: Sequence[str] = ()
    book: str | None = None
    params: Sequence[str] = ()
    params_file: str | None = None
    engine: str = "chambers"
    template: str | None = None
    against: str | None = None
    iterations: int | None = None
    openings: int = 2
    seed: int = 1
    limits: Limits = Limits()
    rules: str = "simultaneous"
    jobs: int | None = None
    cluster: str | None = None
    db: str = DEFAULT_DB
    report: str | None = None
    html: str | None = None
    every: int = 1
    command: str = ""  # the command line, as the page shows it
    runner: Runner | None = None  # plays the games (default: threads here, --jobs at a time)


def bot_clock(limit: float) -> float:
    """The engine's own deadline for a referee's limit: 0.1 s less, or a quarter less if shorter.

    >>> bot_clock(1.0), bot_clock(0.2)
    (0.9, 0.15)
    """
    return round(limit - min(MARGIN, limit / 4), 6)


@dataclass
class TunePlan:
    """A tuning to play: parameters, schedule, bot template, opponent, maps, clock, and the
    settings stored with it."""

    params: tuple[Param, ...]
    schedule: Schedule
    template: str
    opponent: str | None
    maps: tuple[tuple[str, Board], ...]
    openings: int
    seed: int
    limits: Limits
    rules: str
    settings: dict[str, Any] = field(default_factory=dict)

    def command(self, values: Sequence[float]) -> str:
        """The bot command of a point (its values rounded to whole numbers)."""
        return spec.command(self.template, [p.name for p in self.params], values)

    def fixtures(self, probe: Probe) -> list[Fixture]:
        """The games of an iteration, numbered after those of the iterations before it."""
        k = probe.k
        map_name, board = self.maps[(k - 1) % len(self.maps)]
        seed = fixture_seed(self.seed, k, map_name, (PLUS, MINUS))
        moves = "".join(a.letter + b.letter for a, b in opening(board, self.openings, seed))
        sides = [(PLUS, self.command(probe.plus)), (MINUS, self.command(probe.minus))]
        matches = (
            [(sides[0], sides[1])]
            if self.opponent is None
            else [(side, (OPPONENT, self.opponent)) for side in sides]
        )
        games: list[Fixture] = []
        for m, (a, b) in enumerate(matches):
            pair = (k - 1) * len(matches) + m + 1
            for one, two in ((a, b), (b, a)):
                games.append(
                    Fixture(
                        (k - 1) * 2 * len(matches) + len(games) + 1,
                        pair,
                        k,
                        map_name,
                        str(board),
                        (one[0], two[0]),
                        (one[1], two[1]),
                        (self.limits, self.limits),
                        self.rules,
                        seed,
                        moves,
                    )
                )
        return games


def points(played: Sequence[tuple[Fixture, GameResult]], name: str) -> float:
    """The points ``name`` scored in these games."""
    return sum(r.points(seat) for f, r in played for seat in (1, 2) if f.names[seat - 1] == name)


def load_params(o: TuneOptions) -> list[Param]:
    """The ``--param`` and ``--params FILE`` parameters, checked (ParamError, OSError)."""
    found = [spec.parse_param(text) for text in o.params]
    if o.params_file is not None:
        try:
            with open(o.params_file, encoding="utf-8") as f:
                found += spec.read_params(o.params_file, f.read())
        except (OSError, UnicodeDecodeError) as e:
            why = getattr(e, "strerror", None) or "not a text file"
            raise spec.ParamError(f"{o.params_file}: {why}") from None
    spec.check_names(found)
    if o.template is None:
        found = spec.for_engine(found, ENGINES[o.engine])
    return found


def engine_template(engine: str, limits: Limits, here: bool) -> str:
    """``lazytron bot`` with the engine and its clock, ``{options}`` last (this Python's lazytron
    here, the ``lazytron`` on the workers' path on a cluster)."""
    program = f"{shlex.quote(sys.executable)} -m lazytron" if here else "lazytron"
    return (
        f"{program} bot --engine {engine} --first-time {bot_clock(limits.first):g} "
        f"--turn-time {bot_clock(limits.turn):g} {{{spec.OPTIONS}}}"
    )


def check_bots(plan: TunePlan, here: bool) -> None:
    """BotError (or Usage) if a command cannot be split, or (``here``) its program is not found."""
    commands = {PLUS: plan.command([p.start for p in plan.params])}
    if plan.opponent is not None:
        commands[OPPONENT] = plan.opponent
    for name, command in commands.items():
        try:
            split_command(command)
        except BotError as e:
            raise Usage(str(e)) from None
        if here:
            check_command(command, name)


def make_plan(o: TuneOptions) -> TunePlan:
    """The plan of the command's run; Usage, ParamError, BoardError, BotError or OSError if it
    cannot be made."""
    if o.iterations is None:
        raise Usage("give --iterations N: the schedule's steps are planned for N iterations")
    params = load_params(o)
    if o.template is not None:
        spec.check_template(o.template, [p.name for p in params])
    maps = load_book(o.book, False, o.seed) if o.book else load_maps(o.maps)
    here = o.cluster is None
    template = o.template or engine_template(o.engine, o.limits, here)
    plan = TunePlan(
        tuple(params),
        Schedule(o.iterations),
        template,
        o.against,
        tuple(maps),
        o.openings,
        o.seed,
        o.limits,
        o.rules,
    )
    check_bots(plan, here)
    plan.settings = settings(o, plan)
    return plan


def settings(o: TuneOptions, plan: TunePlan) -> dict[str, Any]:
    """What is stored with the run: ``tune``, what decides its games (its key); the iterations
    and the command last asked for; and what a tournament's report of its games reads (names,
    maps, bots, rules)."""
    s = plan.schedule
    identity = {
        "params": [[p.name, p.start, p.low, p.high, p.c_end, p.r_end] for p in plan.params],
        "schedule": {"alpha": s.alpha, "gamma": s.gamma, "a_share": s.a_share},
        "engine": None if o.template else o.engine,
        "template": o.template,
        "against": o.against,
        "maps": [[name, str(board)] for name, board in plan.maps],  # in the order played
        "openings": plan.openings,
        "seed": plan.seed,
        "limits": [plan.limits.first, plan.limits.turn],
        "rules": plan.rules,
    }
    bots = [[PLUS, plan.template], [MINUS, plan.template]]
    if plan.opponent is not None:
        bots.append([OPPONENT, plan.opponent])
    return {
        "tune": identity,
        "iterations": s.iterations,
        "command": o.command,
        "names": [name for name, _ in bots],
        "map_names": [name for name, _ in plan.maps],
        "bot": None,
        "sprt": None,
        "games": {
            "bots": [[n, c, plan.limits.first, plan.limits.turn] for n, c in bots],
            "rules": plan.rules,
        },
    }


def described(settings: dict[str, Any]) -> tuple[list[Param], Schedule]:
    """The parameters and schedule of a stored run's settings."""
    identity = settings["tune"]
    s = identity["schedule"]
    return (
        [Param(*p) for p in identity["params"]],
        Schedule(settings["iterations"], s["alpha"], s["gamma"], s["a_share"]),
    )
