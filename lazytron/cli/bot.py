"""``lazytron bot``: the contest protocol on the standard streams (:mod:`lazytron.bot`)."""

from __future__ import annotations

import argparse
import sys

from ..clock import FIRST_TIME, TURN_TIME
from . import arguments


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--depth", type=arguments.depth, help="search exactly this depth every turn, no clock"
    )
    p.add_argument(
        "--first-time",
        type=arguments.seconds,
        default=FIRST_TIME,
        metavar="S",
        help=f"seconds for the first move ({FIRST_TIME})",
    )
    p.add_argument(
        "--turn-time",
        type=arguments.seconds,
        default=TURN_TIME,
        metavar="S",
        help=f"seconds for later moves ({TURN_TIME})",
    )
    p.add_argument(
        "--early-time",
        type=arguments.seconds,
        metavar="S",
        help="seconds for moves 2 to N of --early-turns instead of --turn-time: more time in "
        "the opening than the contest allows, for a measurement under a longer referee clock",
    )
    p.add_argument(
        "--early-turns",
        type=arguments.depth,
        default=0,
        metavar="N",
        help="the last turn that --early-time sets (0: none)",
    )
    p.add_argument(
        "--prepared",
        metavar="FILE",
        help="answer the positions of this file with its moves (lazytron book prepare writes one)",
    )
    p.add_argument(
        "--ponder",
        action="store_true",
        help="search on after each answer until the next turn arrives (the enemy's time)",
    )
    arguments.engine_arguments(p)
    p.add_argument("-v", "--verbose", action="store_true", help="one line per turn on stderr")


def run(args: argparse.Namespace) -> int:
    from ..bot import Bot, main, to_stderr

    if (args.early_time is None) != (args.early_turns == 0):
        print("lazytron bot: error: --early-time and --early-turns go together", file=sys.stderr)
        return 2
    engine = arguments.chosen_engine(args)
    if isinstance(engine, int):
        return engine
    prepared = None
    if args.prepared is not None:
        from ..prepared import PreparedError, load
        from ..term.safe import printable

        try:
            prepared = load(args.prepared)
        except (OSError, PreparedError) as e:
            print(f"lazytron bot: --prepared: {printable(arguments.reason(e))}", file=sys.stderr)
            return 2
    if args.verbose and engine.name == "chambers":
        from ..engines.chambers import has_speedups, speedups_status

        if not has_speedups():
            print(
                f"lazytron bot: warning: {speedups_status()}: "
                "the chambers engine searches a fraction as deep",
                file=sys.stderr,
            )
    bot = Bot(
        depth=args.depth,
        first_time=args.first_time,
        turn_time=args.turn_time,
        engine=engine,
        log=to_stderr,
        ponder=args.ponder,
        early_time=args.early_time,
        early_turns=args.early_turns,
        prepared=prepared,
    )
    return main(bot, verbose=args.verbose)
