"""``lazytron tune``: SPSA over an engine's options, its games played as a tournament's and stored
in SQLite, resumable, with a report and a page (:mod:`lazytron.tune`)."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import TYPE_CHECKING, TextIO

from . import arguments

if TYPE_CHECKING:
    from ..tune.plan import TuneOptions


def add_arguments(p: argparse.ArgumentParser) -> None:
    _what(p)
    _games(p)
    _run(p)
    arguments.limits_arguments(p)


def _what(p: argparse.ArgumentParser) -> None:
    """The parameters, the engine (or a bot template) and the opponent."""
    p.add_argument(
        "maps",
        nargs="*",
        metavar="MAP",
        help="map files in the contest format, or shipped maps' names (played in turn)",
    )
    p.add_argument(
        "--book",
        metavar="FILE",
        help="an opening book's positions instead of maps, in turn ('openings': the shipped one)",
    )
    p.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=START,MIN,MAX,C_END,R_END",
        help="a parameter to tune: its start, range, last perturbation and last learning rate",
    )
    p.add_argument(
        "--params",
        metavar="FILE",
        help="parameters one a line, as --param takes them or in fishtest's NAME,START,... form",
    )
    p.add_argument(
        "--engine",
        choices=arguments.ENGINE_NAMES,
        default="chambers",
        help="the engine whose options are tuned (chambers), played by lazytron bot",
    )
    p.add_argument(
        "--bot-template",
        metavar="CMD",
        help="tune another bot: CMD with {options} (--option NAME=V ...) or {NAME} (V) in it",
    )
    p.add_argument(
        "--against",
        metavar="CMD",
        help="play each perturbed engine against this bot instead of each other",
    )


def _games(p: argparse.ArgumentParser) -> None:
    """How many iterations, and their games' openings."""
    p.add_argument(
        "--iterations",
        type=arguments.count,
        metavar="N",
        help="iterations planned, each a seat-swapped pair of games (required to play)",
    )
    p.add_argument(
        "--openings",
        type=arguments.plies,
        default=2,
        metavar="K",
        help="random safe move pairs before the bots play (2)",
    )
    p.add_argument(
        "--seed",
        type=arguments.seed,
        default=1,
        metavar="S",
        help="the seed of the signs and the openings (1)",
    )


def _run(p: argparse.ArgumentParser) -> None:
    """Where the games are played, the database, the progress lines, the report and the page."""
    arguments.where_arguments(p)
    p.add_argument(
        "--db",
        metavar="FILE",
        help="the database; the same command resumes its tuning (lazytron-tune.db)",
    )
    p.add_argument(
        "--every",
        type=arguments.count,
        default=1,
        metavar="K",
        help="a progress line every K iterations on stderr (1)",
    )
    p.add_argument("--report", metavar="DB", help="print where a stored tuning is, without playing")
    p.add_argument(
        "--html", metavar="FILE", help="write a web page of the tuning: each parameter's path"
    )


def run(args: argparse.Namespace) -> int:
    from ..match.referee import Limits
    from ..tune.plan import DEFAULT_DB, TuneOptions

    arguments.referee_process()
    words = getattr(args, "argv", None) or sys.argv[1:]
    return main(
        TuneOptions(
            maps=args.maps,
            book=args.book,
            params=args.param,
            params_file=args.params,
            engine=args.engine,
            template=args.bot_template,
            against=args.against,
            iterations=args.iterations,
            openings=args.openings,
            seed=args.seed,
            limits=Limits(args.first_time, args.turn_time),
            rules=args.rules,
            jobs=args.jobs,
            cluster=args.cluster,
            db=args.db or DEFAULT_DB,
            report=args.report,
            html=args.html,
            every=args.every,
            command=shlex.join(["lazytron", *words]),
        )
    )


def main(o: TuneOptions, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """The ``tune`` command; returns the exit status."""
    from ..board import BoardError
    from ..match.book import BookError
    from ..match.processes import BotError
    from ..tournament.cluster import ClusterError
    from ..tournament.options import Usage
    from ..tournament.store import StoreError
    from ..tune.conduct import run_tuning, show_report
    from ..tune.params import ParamError

    def fail(message: str, status: int = 1) -> int:
        print(f"lazytron tune: {message}", file=err)
        return status

    try:
        if o.report is not None:
            if o.params or o.params_file or o.maps or o.book:
                raise Usage("--report DB prints a stored tuning: give no maps and no --param")
            return show_report(o, out)
        if o.maps and o.book:
            raise Usage("give maps or --book FILE, not both")
        if not o.maps and not o.book:
            raise Usage("give at least one map (or --book FILE)")
        return run_tuning(o, out, err)
    except (Usage, ParamError, BoardError, BookError) as e:
        return fail(str(e), 2)
    except (BotError, ClusterError, StoreError) as e:
        return fail(str(e))
    except OSError as e:
        return fail(f"{e.filename or 'writing'}: {e.strerror}")
