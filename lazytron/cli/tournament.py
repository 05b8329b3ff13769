"""``lazytron tournament``: round robins and gauntlets, resumable from SQLite, with an SPRT, tables
and a report (:mod:`lazytron.tournament`)."""

from __future__ import annotations

import argparse
import itertools
import shlex
import sys
from typing import TYPE_CHECKING, TextIO

from . import arguments

if TYPE_CHECKING:
    from ..tournament.options import Options


class _SprtTerms(argparse.Action):
    """``--sprt K=V ...``: the ``K=V`` words up to the first that is not one; the words from there
    on are maps (so that ``--sprt elo0=0 elo1=5 pillars`` plays pillars)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        words = list(values) if isinstance(values, list) else [str(values)]
        terms = list(itertools.takewhile(lambda word: "=" in word, words))
        if not terms:
            parser.error(f"argument --sprt: expected K=V terms (elo0=0 elo1=10), got {words[0]!r}")
        setattr(namespace, self.dest, terms)
        namespace.maps = [*(namespace.maps or []), *words[len(terms) :]]


def add_arguments(p: argparse.ArgumentParser) -> None:
    _entrants_and_schedule(p)
    _sprt_and_run(p)
    _outputs(p)
    arguments.limits_arguments(p)


def _entrants_and_schedule(p: argparse.ArgumentParser) -> None:
    """The maps, the bots and their time limits, the pairings, the rounds and the openings."""
    p.add_argument(
        "maps",
        nargs="*",
        action="extend",  # with the words after --sprt's terms, in the order given
        default=[],
        metavar="MAP",
        help="map files in the contest format, or shipped maps' names",
    )
    p.add_argument(
        "--bot", action="append", default=[], metavar="NAME=CMD", help="a bot (at least two)"
    )
    p.add_argument(
        "--time",
        action="append",
        default=[],
        metavar="NAME=FIRST/TURN",
        help="a bot's own time limits in seconds",
    )
    p.add_argument(
        "--gauntlet", metavar="NAME", help="play NAME against each other bot, and nothing else"
    )
    p.add_argument(
        "--rounds",
        type=arguments.count,
        metavar="N",
        help="times each pair of games is played (1; 100 under --sprt)",
    )
    p.add_argument(
        "--openings",
        type=arguments.plies,
        default=0,
        metavar="K",
        help="random safe move pairs before the bots play (0)",
    )
    p.add_argument(
        "--seed", type=arguments.seed, default=1, metavar="S", help="the seed of the openings (1)"
    )
    p.add_argument(
        "--book",
        metavar="FILE",
        help="play each position of an opening book instead of maps ('openings': the shipped one)",
    )
    p.add_argument(
        "--shuffle", action="store_true", help="--book: its positions in an order --seed shuffles"
    )


def _sprt_and_run(p: argparse.ArgumentParser) -> None:
    """When to stop, how often the table is shown, where the games are played, and the database
    that stores a run and reports it."""
    p.add_argument(
        "--sprt",
        nargs="+",
        action=_SprtTerms,
        metavar="K=V",
        help="stop when decided: elo0=0 elo1=10 [alpha=0.05 beta=0.05]",
    )
    p.add_argument(
        "--report-every",
        type=arguments.count,
        default=0,
        metavar="N",
        help="print the table every N games on stderr",
    )
    arguments.where_arguments(p)
    p.add_argument(
        "--db",
        metavar="FILE",
        help="the results database; the same command resumes its run (lazytron.db)",
    )
    p.add_argument(
        "--db-wait",
        type=arguments.seconds,
        default=30.0,
        metavar="S",
        help="seconds to wait for a database another process has locked (30)",
    )
    p.add_argument(
        "--report", metavar="DB", help="print the table of a stored run instead of playing"
    )
    p.add_argument(
        "--run",
        action="append",
        default=[],
        metavar="ID",
        help="--report: the run (the last; 'all': every run)",
    )


def _outputs(p: argparse.ArgumentParser) -> None:
    """What is written besides the database: each game's record, CSV, JSON, PGN and a web page."""
    p.add_argument(
        "--record-dir", metavar="DIR", help="write each game's record and bots' stderr there"
    )
    p.add_argument("--csv", metavar="FILE", help="write the games as CSV")
    p.add_argument("--json", metavar="FILE", help="write the games and the table as JSON")
    p.add_argument(
        "--pgn", metavar="FILE", help="write the results as PGN (seven tags) for Ordo or BayesElo"
    )
    p.add_argument(
        "--html",
        metavar="FILE",
        help="write a web page of the tournament, with replay pages beside it",
    )


def run(args: argparse.Namespace) -> int:
    from ..match.referee import Limits
    from ..tournament.options import DEFAULT_DB, Options

    arguments.referee_process(once=True)  # a second signal is moot
    words = getattr(args, "argv", None)
    return main(
        Options(
            command=shlex.join(["lazytron", *words]) if words is not None else None,
            maps=args.maps,
            bots=args.bot,
            times=args.time,
            limits=Limits(args.first_time, args.turn_time),
            rules=args.rules,
            rounds=args.rounds,
            openings=args.openings,
            book=args.book,
            shuffle=args.shuffle,
            seed=args.seed,
            gauntlet=args.gauntlet,
            sprt=" ".join(args.sprt) if args.sprt else None,
            report_every=args.report_every,
            jobs=args.jobs,
            cluster=args.cluster,
            db=args.db or DEFAULT_DB,
            db_wait=args.db_wait,
            report=args.report,
            runs=args.run,
            record_dir=args.record_dir,
            csv=args.csv,
            json=args.json,
            html=args.html,
            pgn=args.pgn,
        )
    )


def main(o: Options, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """The ``tournament`` command; returns the exit status."""
    from ..board import BoardError
    from ..match.book import BookError
    from ..match.processes import BotError
    from ..term.safe import printable
    from ..tournament import store
    from ..tournament.conduct import run_tournament, show_report
    from ..tournament.options import Usage
    from ..tournament.scheduler import ClusterError

    def fail(message: str, status: int = 1) -> int:
        print(printable(f"lazytron tournament: {message}"), file=err)
        return status

    try:
        if o.report is not None:
            if o.bots or o.maps or o.book:
                raise Usage("--report DB prints a stored run: give no maps, no --book, no --bot")
            return show_report(o, out)
        if not o.bots:
            raise Usage("give the bots with --bot NAME=CMD (or --report DB)")
        if o.maps and o.book:
            raise Usage("give maps or --book FILE, not both")
        if not o.maps and not o.book:
            raise Usage("give at least one map (or --book FILE)")
        return run_tournament(o, out, err)
    except Usage as e:
        return fail(str(e), 2)
    except (BoardError, BookError, BotError, ClusterError, store.StoreError) as e:
        return fail(str(e))
    except OSError as e:
        return fail(f"{e.filename or 'writing'}: {e.strerror}")
