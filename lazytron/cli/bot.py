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
        "--ponder",
        action="store_true",
        help="search on after each answer until the next turn arrives (the enemy's time)",
    )
    arguments.engine_arguments(p)
    p.add_argument("-v", "--verbose", action="store_true", help="one line per turn on stderr")


def run(args: argparse.Namespace) -> int:
    from ..bot import Bot, main, to_stderr

    engine = arguments.chosen_engine(args)
    if isinstance(engine, int):
        return engine
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
    )
    return main(bot, verbose=args.verbose)
