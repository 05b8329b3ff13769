"""A tournament conducted: played by a runner here or on a cluster and stored in SQLite, or a stored
run reported.

Games are played by a runner (:mod:`.task`), stored one by one in a
results database (:mod:`.store`) and tabled (:mod:`.table`).  Running the
same options again resumes their run: the games already stored are not
played again.  ``--report DB`` prints the table of stored runs.  At most
one game per two cores runs at a time, so that each timed bot has a core
of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from ..ratings.stats import Sprt
from . import cluster, store
from .cluster import per_host
from .options import Options, Usage, default_jobs, make_plan
from .outputs import check_outputs, write_outputs
from .run import Plan, play, stored
from .scheduler import ClusterError, url
from .table import format_table
from .task import Runner, local

if TYPE_CHECKING:
    from distributed import Client


def local_runner(o: Options, err: TextIO) -> Runner:
    """Games in threads here: ``--jobs`` at once, at most one per two cores."""
    most = default_jobs()
    if o.jobs is not None and o.jobs > most:
        print(
            f"lazytron tournament: --jobs {o.jobs} lowered to {most}: "
            "each game's two bots need a core each",
            file=err,
        )
    return local(min(o.jobs or most, most))


def cluster_runner(o: Options, plan: Plan, err: TextIO) -> tuple[Runner, Client]:
    """Games on the Dask cluster at ``--cluster``, once every bot is found on every worker; the
    runner and the client to close."""
    if o.jobs is not None:
        print(
            "lazytron tournament: --jobs is for games played here; "
            "the workers' cores decide on a cluster",
            file=err,
        )
    client = cluster.connect(o.cluster or "")
    try:
        commands = {name: command for name, command, *_ in plan.settings["games"]["bots"]}  # type: ignore[index]
        workers = cluster.check_workers(client, commands)
    except BaseException:
        cluster.close(client)
        raise
    print(f"lazytron tournament: {len(workers)} workers at {o.cluster}", file=err)
    return cluster.runner(client), client


def run_tournament(o: Options, out: TextIO, err: TextIO) -> int:
    """Play (or resume) the run of ``o``, print its table and write its files; the exit status (130:
    interrupted)."""
    plan = make_plan(o)
    if o.cluster is not None:
        url(o.cluster)  # a malformed address is refused before anything is opened
    check_outputs(o)
    store.check_path(o.db)  # a database that cannot be is refused before the cluster is asked
    client = None
    if o.runner is not None or o.cluster is None:
        runner = o.runner or local_runner(o, err)
    else:
        runner, client = cluster_runner(o, plan, err)
    try:
        db = store.connect(o.db, o.db_wait)
    except BaseException:
        if client is not None:
            cluster.close(client)
        raise
    interrupted = False
    try:
        answer = play(db, plan, runner, err)
    except KeyboardInterrupt:
        interrupted, answer = True, None
    except ClusterError as e:  # the scheduler went away or stopped answering
        out.write(plan.table())
        raise ClusterError(f"{e} {_kept(o, plan)}") from None
    except store.StoreError as e:  # the database cannot be written (or read) any more
        out.write(plan.table())
        raise store.StoreError(
            f"{e}; {len(plan.played)} of {len(plan.fixtures)} games stored"
        ) from None
    except BaseException:
        out.write(plan.table())  # what was played is stored; show it before the error
        raise
    finally:
        db.close()
        if client is not None:
            cluster.close(client)
    out.write(plan.table())
    if o.cluster is not None:
        out.write("\n" + per_host(plan.played, plan.names))
    out.flush()
    if interrupted:
        print(f"lazytron tournament: interrupted {_kept(o, plan)}", file=err)
        return 130
    if plan.sprt is not None:
        print(f"SPRT: {answer or 'no decision'} after {len(plan.played)} games", file=err)
    commands = {name: command for name, command, *_ in plan.settings["games"]["bots"]}  # type: ignore[index]
    run = {**plan.settings, "command": plan.command}
    write_outputs(o, plan.played, plan, commands, o.rules, [run])
    return 0


def _kept(o: Options, plan: Plan) -> str:
    return (
        f"after {len(plan.played)} of {len(plan.fixtures)} games "
        f"(stored in {o.db}; the same command resumes)"
    )


def show_report(o: Options, out: TextIO) -> int:
    """``--report DB``: the table of the chosen runs (the last by default, ``all`` for every
    one)."""
    db = store.open_readonly(o.report or "", o.db_wait)
    try:
        known = store.runs(db)
        if not known:
            raise store.StoreError(f"{o.report}: no runs stored")
        wanted = _chosen_runs(o.runs, [run for run, _, _ in known])
        played = stored(db, wanted)
        settings = [s for run, s, _ in known if run in wanted]
    finally:
        db.close()
    names = _union(list(s["names"]) for s in settings)  # type: ignore[call-overload]
    maps = _union(list(s["map_names"]) for s in settings)  # type: ignore[call-overload]
    last = settings[-1]
    sprt = Sprt(*last["sprt"]) if len(wanted) == 1 and last["sprt"] else None  # type: ignore[misc]
    plan = Plan([], names, maps, last, last["bot"] if len(wanted) == 1 else None, sprt)  # type: ignore[arg-type]
    plan.played = played
    out.write(format_table(played, names, maps, plan.bot, sprt))
    if len({r.host for _, r in played}) > 1:
        out.write("\n" + per_host(played, names))
    commands = {b[0]: b[1] for s in settings for b in s["games"]["bots"]}  # type: ignore[index]
    rules = str(last["games"]["rules"])  # type: ignore[index]
    write_outputs(o, played, plan, commands, rules, settings)
    return 0


def _chosen_runs(texts: Sequence[str], known: list[int]) -> list[int]:
    if not texts:
        return known[-1:]
    if "all" in texts:
        return known
    try:
        wanted = [int(t) for t in texts]
    except ValueError:
        raise Usage(f"--run takes run numbers or 'all', got {' '.join(texts)!r}") from None
    missing = [w for w in wanted if w not in known]
    if missing:
        raise store.StoreError(f"no run {missing[0]} (runs: {', '.join(map(str, known))})")
    return wanted


def _union(lists: object) -> list[str]:
    seen: dict[str, None] = {}
    for items in lists:  # type: ignore[attr-defined]
        seen.update(dict.fromkeys(items))
    return list(seen)
