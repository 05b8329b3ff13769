"""``lazytron compare``: another analyser or bot checked against lazytron, position by position or
move by move (:mod:`lazytron.compare`)."""

from __future__ import annotations

import argparse
import sys

from . import arguments

COMPARE_TIMEOUT = 300.0  # seconds an analyser may print nothing
COMPARE_LIMIT = 60.0  # seconds a fixed-depth bot has for each move


def add_arguments(p: argparse.ArgumentParser) -> None:
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "--analyser", metavar="CMD", help="an analyser, run as 'CMD D' with the positions on stdin"
    )
    mode.add_argument(
        "--bot",
        metavar="CMD",
        help="a bot (run as given) to play CMD2 as 'lazytron bot --depth D' does",
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="--analyser: maps or game records ('-': stdin); --bot: maps",
    )
    p.add_argument("--opponent", metavar="CMD2", help="--bot: the bot both play against")
    p.add_argument(
        "--depth", type=arguments.depth, default=4, metavar="D", help="the depth to compare at (4)"
    )
    p.add_argument(
        "--timeout",
        type=arguments.seconds,
        metavar="S",
        help="--analyser: give up when it prints nothing for S s (300)",
    )
    p.add_argument(
        "--first-time",
        type=arguments.seconds,
        metavar="S",
        help="--bot: seconds for the first move (60)",
    )
    p.add_argument(
        "--turn-time",
        type=arguments.seconds,
        metavar="S",
        help="--bot: seconds for later moves (60)",
    )
    p.add_argument(
        "--rules", choices=arguments.RULE_SETS, help="--bot: simultaneous (default) or tronjar"
    )


def run(args: argparse.Namespace) -> int:
    from ..term.safe import printable

    def usage(message: str) -> int:
        print(printable(f"lazytron compare: {message}"), file=sys.stderr)
        return 2

    if args.analyser is not None:
        stray = [
            name
            for name in ("opponent", "first_time", "turn_time", "rules")
            if getattr(args, name) is not None
        ]
        if stray:
            return usage(f"--{stray[0].replace('_', '-')} goes with --bot, not --analyser")
        import gc

        from ..compare.analysers import run as compare_analysers

        # adopt and reap what the analyser leaves; SIGTERM and SIGHUP end it too
        arguments.referee_process()
        gc.disable()  # the trees have no cycles
        return compare_analysers(
            args.analyser, args.files, depth=args.depth, timeout=args.timeout or COMPARE_TIMEOUT
        )
    if args.opponent is None:
        return usage("--bot needs --opponent CMD2, the bot both play against")
    if args.timeout is not None:
        return usage("--timeout goes with --analyser; bots have --first-time and --turn-time")
    from ..compare.games import run as compare_bots
    from ..match.referee import Limits

    arguments.referee_process()
    limits = Limits(args.first_time or COMPARE_LIMIT, args.turn_time or COMPARE_LIMIT)
    return compare_bots(
        args.bot,
        args.opponent,
        args.files,
        depth=args.depth,
        limits=limits,
        rules=args.rules or "simultaneous",
    )
