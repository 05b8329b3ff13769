"""``lazytron tournament``: round robins and gauntlets, resumable from SQLite, with an SPRT, tables and a report.

Games are played in pairs (the same map and opening from both seats) by
a runner (:mod:`.task`), stored one by one in a results database
(:mod:`.store`) and tabled (:mod:`.table`).  Running the same command
again resumes its run: the games already stored are not played again.
``--report DB`` prints the table of stored runs.  At most one game per
two cores runs at a time, so that each timed bot has a core of its own.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace
from typing import Sequence, TextIO

from ..board import Board, BoardError, load_board
from ..files import check_output, write_text
from ..replay.model import replay_record
from ..replay.webpage import page as replay_page
from . import cluster, report, store
from .cluster import ClusterError, per_host
from .export import to_csv, to_json, to_pgn
from .processes import BotError, check_command, split_command
from .records import parse_record
from .referee import Limits
from .run import Plan, play, stored
from .schedule import Entrant, parse_entrant, parse_time, schedule
from .stats import Sprt, parse_sprt
from .table import Played, format_table
from .task import Runner, local

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
    seed: int = 1
    gauntlet: str | None = None
    sprt: str | None = None
    report_every: int = 0
    jobs: int | None = None
    cluster: str | None = None
    db: str = DEFAULT_DB
    report: str | None = None
    runs: Sequence[str] = ()
    record_dir: str | None = None
    csv: str | None = None
    json: str | None = None
    html: str | None = None
    pgn: str | None = None
    runner: Runner | None = None  # plays the games (default: threads here, --jobs at a time)


def default_jobs() -> int:
    """Games at once: one per two usable cores (each game runs two bots), at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, cores // 2)


def load_maps(paths: Sequence[str]) -> list[tuple[str, Board]]:
    """Each map with its name (the file name without extension); OSError/BoardError name the file."""
    maps = []
    for path in paths:
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


def check_entrants(texts: Sequence[str], times: Sequence[str], limits: Limits, here: bool = True) -> list[Entrant]:
    """The ``--bot`` arguments with their ``--time``; Usage if malformed, BotError if a command cannot be found.

    ``here``: the bots run on this machine, so their programs must be found here (the cluster's are checked there).
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


def make_plan(o: Options) -> Plan:
    """The fixtures and settings of the command's run; Usage, BoardError, BotError or OSError if it cannot be made."""
    entrants = check_entrants(o.bots, o.times, o.limits, here=o.cluster is None)
    maps = load_maps(o.maps)
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
    games = {  # what decides the games: the same command finds its run again (more rounds extend it)
        "maps": {name: str(board) for name, board in maps},
        "bots": [[e.name, e.command, e.limits.first, e.limits.turn] for e in entrants],
        "rules": o.rules, "openings": o.openings, "seed": o.seed, "gauntlet": o.gauntlet,
    }
    sprt_fields = None if sprt is None else [sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta]
    settings: dict[str, object] = {
        "games": games, "names": names, "map_names": [m for m, _ in maps], "bot": bot, "sprt": sprt_fields,
    }
    return Plan(fixtures, names, [m for m, _ in maps], settings, bot, sprt, o.report_every)


def check_outputs(o: Options) -> None:
    """Refuse, before any game, an output file or folder that cannot be written (OutputError names it)."""
    for path in filter(None, (o.csv, o.json, o.html, o.pgn)):
        check_output(path)
    if o.record_dir:
        check_output(o.record_dir, directory=True)
        os.makedirs(o.record_dir, exist_ok=True)


def write_outputs(o: Options, played: Sequence[Played], plan: Plan, commands: dict[str, str], rules: str) -> None:
    """The files asked for: records, CSV, JSON, PGN, the HTML report and its replay pages."""
    if o.record_dir:
        for f, r in played:
            base = os.path.join(o.record_dir, f"game-{f.game:05d}")
            write_text(base + ".tron", r.record)
            write_text(base + ".log", r.stderr)
    if o.csv:
        write_text(o.csv, to_csv(played))
    if o.json:
        write_text(o.json, to_json(played, plan.names, commands, rules))
    if o.pgn:
        write_text(o.pgn, to_pgn(played))
    if o.html:
        folder = report.games_dir(o.html)
        os.makedirs(folder, exist_ok=True)
        for f, r in played:
            write_text(os.path.join(folder, report.replay_name(f.game)), replay_page(replay_record(parse_record(r.record))))
        href = os.path.basename(folder)
        write_text(o.html, report.page(played, plan.names, plan.maps, href, bot=plan.bot, sprt=plan.sprt))


def local_runner(o: Options, err: TextIO) -> Runner:
    """Games in threads here: ``--jobs`` at once, at most one per two cores."""
    most = default_jobs()
    if o.jobs is not None and o.jobs > most:
        print(f"lazytron tournament: --jobs {o.jobs} lowered to {most}: each game's two bots need a core each", file=err)
    return local(min(o.jobs or most, most))


def cluster_runner(o: Options, plan: Plan, err: TextIO) -> Runner:
    """Games on the Dask cluster at ``--cluster``, once every bot is found on every worker."""
    if o.jobs is not None:
        print("lazytron tournament: --jobs is for games played here; the workers' cores decide on a cluster", file=err)
    client = cluster.connect(o.cluster or "")
    commands = {name: command for name, command, *_ in plan.settings["games"]["bots"]}  # type: ignore[index]
    workers = cluster.check_workers(client, commands)
    print(f"lazytron tournament: {len(workers)} workers at {o.cluster}", file=err)
    return cluster.runner(client)


def run_tournament(o: Options, out: TextIO, err: TextIO) -> int:
    plan = make_plan(o)
    check_outputs(o)
    runner = o.runner or (local_runner(o, err) if o.cluster is None else cluster_runner(o, plan, err))
    db = store.connect(o.db)
    interrupted = False
    try:
        answer = play(db, plan, runner, err)
    except KeyboardInterrupt:
        interrupted, answer = True, None
    except ClusterError as e:  # the scheduler went away
        out.write(plan.table())
        raise ClusterError(f"{e} {_kept(o, plan)}") from None
    except BaseException:
        out.write(plan.table())  # what was played is stored; show it before the error
        raise
    finally:
        db.close()
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
    write_outputs(o, plan.played, plan, commands, o.rules)
    return 0


def _kept(o: Options, plan: Plan) -> str:
    return f"after {len(plan.played)} of {len(plan.fixtures)} games (stored in {o.db}; the same command resumes)"


def show_report(o: Options, out: TextIO) -> int:
    """``--report DB``: the table of the chosen runs (the last by default, ``all`` for every one)."""
    if not os.path.isfile(o.report or ""):
        raise BotError(f"{o.report}: no such file")
    db = store.connect(o.report or "")
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
    write_outputs(o, played, plan, commands, str(last["games"]["rules"]))  # type: ignore[index]
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


def main(o: Options, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """The ``tournament`` command; returns the exit status."""

    def fail(message: str, status: int = 1) -> int:
        print(f"lazytron tournament: {message}", file=err)
        return status

    try:
        if o.report is not None:
            if o.bots or o.maps:
                raise Usage("--report DB prints a stored run: give no maps and no --bot")
            return show_report(o, out)
        if not o.bots:
            raise Usage("give the bots with --bot NAME=CMD (or --report DB)")
        if not o.maps:
            raise Usage("give at least one map")
        return run_tournament(o, out, err)
    except Usage as e:
        return fail(str(e), 2)
    except (BoardError, BotError, ClusterError, store.StoreError) as e:
        return fail(str(e))
    except OSError as e:
        return fail(f"{e.filename or 'writing'}: {e.strerror}")
