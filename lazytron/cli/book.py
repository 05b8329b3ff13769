"""``lazytron book make``: an opening book of level start positions that are not mirrors
(:mod:`lazytron.tournament.book`, the file :mod:`lazytron.match.book`); ``lazytron book
prepare``: an engine's moves for the first turns of maps, searched longer than the clock allows
(:mod:`lazytron.prepared`)."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, TextIO

from . import arguments

if TYPE_CHECKING:
    from ..board import Board

_plies = arguments.number(int, "plies", 1, 50)
_margin = arguments.number(int, "margin", 0, 10**9)
_games = arguments.number(int, "games", 0, 100)
_jobs = arguments.number(int, "jobs", 1, 64)
_per_map = arguments.number(int, "per-map", 0, 10**6)
_quick_depth = arguments.number(int, "a quick game's depth", 1, 100)


def _quick_depths(text: str) -> tuple[int, int]:
    """``LOW,HIGH``: the quick games' shallower and deeper depths.

    >>> _quick_depths("4,8")
    (4, 8)
    >>> _quick_depths("8,4")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: the first depth must be below the second: '8,4'
    """
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"expected two depths, LOW,HIGH: {text!r}")
    low, high = (int(_quick_depth(part)) for part in parts)
    if low >= high:
        raise argparse.ArgumentTypeError(f"the first depth must be below the second: {text!r}")
    return low, high


def add_arguments(p: argparse.ArgumentParser) -> None:
    what = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    m = what.add_parser(
        "make", help="level start positions that are not mirrors, from maps and openings"
    )
    m.add_argument(
        "maps", nargs="*", metavar="MAP", help="source maps: files or shipped names (all shipped)"
    )
    m.add_argument("--out", required=True, metavar="FILE", help="the book to write")
    m.add_argument(
        "--count", type=arguments.count, default=40, metavar="N", help="positions to keep (40)"
    )
    m.add_argument(
        "--tries",
        type=arguments.count,
        default=1000,
        metavar="N",
        help="openings to try at most (1000)",
    )
    m.add_argument(
        "--plies", type=_plies, default=2, metavar="K", help="opening move pairs from the map (2)"
    )
    _judging_arguments(m)
    m.add_argument(
        "--apart",
        type=arguments.apart,
        default=0,
        metavar="N",
        help="the fewest steps between the heads through free cells (0: any)",
    )
    m.add_argument(
        "--per-map",
        type=_per_map,
        default=0,
        metavar="N",
        help="the most positions from one source map (0: no limit)",
    )
    m.add_argument(
        "--seed", type=arguments.seed, default=1, metavar="S", help="the openings' seed (1)"
    )
    m.add_argument("--jobs", type=_jobs, default=1, metavar="J", help="games at once here (1)")
    m.add_argument(
        "--cluster", metavar="ADDRESS", help="play the games on a Dask scheduler's workers"
    )
    _prepare_arguments(what)


def _prepare_arguments(what: argparse._SubParsersAction) -> None:
    p = what.add_parser(
        "prepare",
        help="an engine's moves for the first turns of maps, searched longer than the clock "
        "allows (lazytron bot --prepared)",
    )
    p.add_argument("maps", nargs="+", metavar="MAP", help="maps: files or shipped names")
    p.add_argument(
        "--out",
        required=True,
        metavar="FILE",
        help="the prepared file: written a position at a time; a run with the same file resumes",
    )
    p.add_argument(
        "--turns",
        type=_turns,
        default=4,
        metavar="N",
        help="turns from the start, every enemy reply followed (4)",
    )
    p.add_argument(
        "--time",
        type=arguments.seconds,
        default=8.0,
        metavar="S",
        help="seconds of search for each position, from a fresh tree (8)",
    )
    arguments.engine_arguments(p)
    p.set_defaults(engine="chambers")


_turns = arguments.number(int, "turns", 1, 20)


def _judging_arguments(m: argparse.ArgumentParser) -> None:
    """How a candidate is judged: the search from both seats, then the quick games."""
    m.add_argument(
        "--depth",
        type=arguments.depth,
        default=8,
        metavar="D",
        help="the judging search's depth (8)",
    )
    m.add_argument(
        "--margin",
        type=_margin,
        default=400,
        metavar="V",
        help="most a seat's value may be from level (400)",
    )
    m.add_argument(
        "--games",
        type=_games,
        default=2,
        metavar="G",
        help="quick games of the engine against itself, the deeper side in either seat (2)",
    )
    m.add_argument(
        "--quick-depths",
        type=_quick_depths,
        default=(2, 4),
        metavar="LOW,HIGH",
        help="the quick games' depths; two plies deeper every second pair (2,4)",
    )


def run(args: argparse.Namespace) -> int:
    if args.action == "prepare":
        from .prepare import run as prepare

        return prepare(args)
    from ..board import BoardError
    from ..files import OutputError, check_output

    try:
        check_output(args.out)
        sources = arguments.map_sources(args.maps)
    except (BoardError, OutputError) as e:
        print(f"lazytron book: {e}", file=sys.stderr)
        return 2 if isinstance(e, BoardError) else 1
    return make_book(args, sources, sys.stderr)


def _command(args: argparse.Namespace) -> str:
    """The command that makes the same book, every setting written out."""
    settings = ["count", "tries", "plies", "depth", "margin", "games", "apart", "per_map", "seed"]
    options = " ".join(f"--{name.replace('_', '-')} {getattr(args, name)}" for name in settings)
    options += " --quick-depths {},{}".format(*args.quick_depths)
    return " ".join(["lazytron book make", *args.maps, options]).replace("  ", " ")


def make_book(args: argparse.Namespace, sources: list[tuple[str, Board]], err: TextIO) -> int:
    """Make the book and write it; 0, or 1 where fewer positions than asked were found."""
    from ..files import write_text
    from ..match.book import format_book
    from ..match.processes import BotError
    from ..tournament import cluster, task
    from ..tournament.book import Recipe, make

    recipe = Recipe(
        plies=args.plies,
        depth=args.depth,
        margin=args.margin,
        games=args.games,
        seed=args.seed,
        per_map=args.per_map,
        quick=args.quick_depths,
        apart=args.apart,
    )
    try:
        runner = (
            task.local(args.jobs)
            if args.cluster is None
            else cluster.runner(cluster.connect(args.cluster))
        )
    except cluster.ClusterError as e:
        print(f"lazytron book: {e}", file=err)
        return 1
    try:
        book = make(
            sources, recipe, args.count, args.tries, runner, lambda line: print(line, file=err)
        )
    except (BotError, cluster.ClusterError) as e:
        print(f"lazytron book: {e}", file=err)
        return 1
    header = [
        f"lazytron opening book: {len(book)} positions",
        f"made {time.strftime('%Y-%m-%d')} by: {_command(args)}",
    ]
    write_text(args.out, format_book(book, header))
    print(f"lazytron book: {len(book)} positions written to {args.out}", file=err)
    if len(book) < args.count:
        print(
            f"lazytron book: only {len(book)} of {args.count} found in {args.tries} tries", file=err
        )
        return 1
    return 0
