"""Playing a tuning: SPSA's iterations as games played by a tournament's runner, stored as they
end, resumed by the same command.

Each iteration's games are :class:`~lazytron.tournament.task.Fixture`
tasks played by the runners tournaments use: threads here (``--jobs``) or
the workers of a Dask cluster (``--cluster``).  Every game is stored as
soon as it ends, and the iteration once its games are all in; running the
same command again starts from ``θ`` after the last stored iteration and
plays only the games still missing.  A line per iteration (or every
``every``) says where ``θ`` is.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from contextlib import closing
from dataclasses import replace
from typing import TextIO

from ..match.processes import BotError
from ..tournament import cluster
from ..tournament import store as games_store
from ..tournament.options import default_jobs
from ..tournament.run import never_started
from ..tournament.task import Fixture, GameResult, Runner, local
from . import spsa, store
from .plan import MINUS, OPPONENT, PLUS, TunePlan, points

Played = tuple[Fixture, GameResult]


def local_runner(jobs: int | None, err: TextIO) -> Runner:
    """Games in threads here: ``jobs`` at once, at most one per two cores."""
    most = default_jobs()
    if jobs is not None and jobs > most:
        print(
            f"lazytron tune: --jobs {jobs} lowered to {most}: "
            "each game's two bots need a core each",
            file=err,
        )
    return local(min(jobs or most, most))


def cluster_runner(address: str, plan: TunePlan, err: TextIO) -> Runner:
    """Games on the Dask cluster at ``address``, once the bots are found on every worker."""
    client = cluster.connect(address)
    commands = {PLUS: plan.command([p.start for p in plan.params])}
    if plan.opponent is not None:
        commands[OPPONENT] = plan.opponent
    workers = cluster.check_workers(client, commands)
    print(f"lazytron tune: {len(workers)} workers at {address}", file=err)
    return cluster.runner(client)


def play_games(
    db: games_store.Database,
    run: int,
    runner: Runner,
    fixtures: Sequence[Fixture],
    stored: Sequence[Played] = (),
) -> list[Played]:
    """The fixtures' games: those stored already, and the others played and stored one by one.

    A stored game of another fixture (its iteration cut short, then planned anew for more
    iterations) is forgotten and played again.
    """
    wanted = {f.game: f for f in fixtures}
    done = {f.game: (f, r) for f, r in stored if f.game in wanted and same(f, wanted[f.game])}
    store.forget(db, run, [f.game for f, _ in stored if f.game not in done])
    played = [done[f.game] for f in fixtures if f.game in done]
    todo = {f.game: f for f in fixtures if f.game not in done}
    with closing(runner(iter(todo.values()))) as results:
        for result in results:
            fixture = todo[result.game]
            games_store.save(db, run, fixture, result)
            played.append((fixture, result))
            if (broken := never_started(played, fixture, result)) is not None:
                raise BotError(broken)
    return played


def same(one: Fixture, two: Fixture) -> bool:
    """Whether two fixtures are one game: the same map, opening, players and commands."""
    fields = ("map_name", "opening", "seed", "names", "commands")
    return all(getattr(one, name) == getattr(two, name) for name in fields)


def progress_line(plan: TunePlan, step: spsa.Step) -> str:
    """``iteration k/N on MAP: plus P, minus M; NAME θ ...``."""
    k, n = step.probe.k, plan.schedule.iterations
    map_name = plan.maps[(k - 1) % len(plan.maps)][0]
    theta = " ".join(f"{p.name} {t:.2f}" for p, t in zip(plan.params, step.after, strict=True))
    plus, minus = step.points
    return f"iteration {k}/{n} on {map_name}: {PLUS} {plus:g}, {MINUS} {minus:g}; {theta}\n"


def tune(
    db: games_store.Database,
    path: str,
    plan: TunePlan,
    runner: Runner,
    err: TextIO = sys.stderr,
    every: int = 1,
) -> list[spsa.Step]:
    """Play what is left of the tuning, storing every game and iteration; every iteration, stored
    ones first.

    KeyboardInterrupt (Ctrl-C, SIGTERM) and errors pass through once the
    games under way are ended; the stored games and iterations stay.
    """
    run = store.open_run(db, path, plan.settings)
    history = store.iterations(db, run)
    first = len(history) + 1
    if first > plan.schedule.iterations:
        return history
    cut_short = store.games_of(db, run, first)  # of an iteration stopped before its end

    def play(probe: spsa.Probe) -> tuple[float, float]:
        stored = cut_short if probe.k == first else ()
        played = play_games(db, run, runner, plan.fixtures(probe), stored)
        return points(played, PLUS), points(played, MINUS)

    theta = store.last_theta(history, [p.start for p in plan.params])
    for step in spsa.steps(plan.params, plan.schedule, plan.seed, theta, play, first):
        step = replace(step, finished=time.time())
        store.save(db, run, step)
        history.append(step)
        if step.probe.k % every == 0 or step.probe.k == plan.schedule.iterations:
            err.write(progress_line(plan, step))
            err.flush()
    return history
