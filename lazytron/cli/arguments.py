"""What several commands share: number types with bounds, the engine, the referee's limits and
process.

The names of the engines and rule sets are written here, not imported, so
that ``lazytron bot`` starts without loading the tools.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..board import Board
    from ..engines import Engine

ENGINE_NAMES = (
    "zenzike",
    "chambers",
)  # lazytron.engines.ENGINES, the default first, named here to keep start-up lean
RULE_SETS = (
    "simultaneous",
    "tronjar",
)  # lazytron.match.rules.RULES, named here to keep start-up lean

MOST_SECONDS = (
    86_400.0  # a day: the most any time option allows (the OS's timers overflow not far beyond)
)
MOST_DEPTH = 10_000  # deeper than any tree on a contest map
MOST_COUNT = 1_000_000  # rounds, jobs


def number(
    kind: type, what: str, low: float, high: float, above: bool = False
) -> Callable[[str], float]:
    """An argparse type: a finite number of ``kind`` from ``low`` (excluded if ``above``) to
    ``high``.

    >>> number(float, "time", 0, 60, above=True)("1e7")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: time must be > 0 and <= 60
    """
    bounds = f"> {low:.15g} and <= {high:.15g}" if above else f"from {low:.15g} to {high:.15g}"

    def convert(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"not a {'whole ' if kind is int else ''}number: {text!r}"
            ) from None
        if (
            not (low < value if above else low <= value)
            or not value <= high
            or value == float("inf")
        ):
            raise argparse.ArgumentTypeError(f"{what or 'it'} must be {bounds}")
        return value

    return convert


depth = number(int, "depth", 0, MOST_DEPTH)
apart = number(int, "apart", 0, MOST_DEPTH)  # steps between the heads
seconds = number(float, "time", 0, MOST_SECONDS, above=True)
count = number(int, "", 1, MOST_COUNT)
seed = number(int, "seed", 0, 2**63 - 1)
plies = number(int, "", 0, 1000)  # opening move pairs


def engine_arguments(p: argparse.ArgumentParser) -> None:
    """The engine that searches (the port by default) and its options, as UCI engines take
    theirs."""
    p.add_argument(
        "--engine",
        choices=ENGINE_NAMES,
        default=ENGINE_NAMES[0],
        help=f"the engine ({ENGINE_NAMES[0]})",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set an engine option (repeatable); --list-options names them",
    )
    p.add_argument(
        "--list-options", action="store_true", help="print the engine's options and exit"
    )


def chosen_engine(args: argparse.Namespace) -> Engine | int:
    """The engine ``args`` name with its options set; or, having printed the options or why one is
    bad, the exit status.

    ``--list-options`` prints them (0); an unknown name, a bad value or one
    out of range is one line on stderr (2), before any move is made.
    """
    from ..engines import ENGINES, configured, option_lines

    engine = ENGINES[args.engine]
    if args.list_options:
        print("\n".join(option_lines(engine)))
        return 0
    try:
        return configured(engine, args.option)
    except ValueError as e:
        print(f"lazytron {args.command}: --option: {e}", file=sys.stderr)
        return 2


def required(args: argparse.Namespace, *names: str) -> None:
    """Stop with argparse's usage error unless every argument ``names`` was given
    (``--list-options`` needs none)."""
    missing = [
        name for name in names if getattr(args, name.lstrip("-").replace("-", "_").lower()) is None
    ]
    if missing:
        args.parser.error(f"the following arguments are required: {', '.join(missing)}")


def limits_arguments(p: argparse.ArgumentParser) -> None:
    """The referee's time limits and rule set."""
    p.add_argument(
        "--first-time",
        type=seconds,
        default=3.0,
        metavar="S",
        help="seconds for the first move (3)",
    )
    p.add_argument(
        "--turn-time", type=seconds, default=1.0, metavar="S", help="seconds for later moves (1)"
    )
    p.add_argument(
        "--rules",
        choices=RULE_SETS,
        default="simultaneous",
        help="simultaneous (default) or tronjar (docs: reference, rules)",
    )


def where_arguments(p: argparse.ArgumentParser) -> None:
    """Where a run's games are played: here, so many at once, or on a Dask cluster."""
    p.add_argument(
        "--jobs",
        type=count,
        metavar="J",
        help="games at once (default and most: cores // 2)",
    )
    p.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play the games on a Dask scheduler's workers (tcp://HOST:8786); a bad address is "
        "refused at once, a server that is not reached, or does not answer as a scheduler, "
        "within 30 s (10 to connect, 10 to greet, 10 to answer) is one line; the run stops "
        "when no game has finished for the longest a game can last plus 30 s",
    )


def referee_process(once: bool = False) -> None:
    """Ready this process to run bots: adopt what they leave behind, end them on SIGTERM or
    SIGHUP (with ``once``, the first such signal ends the run and the rest are ignored)."""
    from ..match.processes import become_subreaper, interrupt_on_termination

    become_subreaper()
    interrupt_on_termination(once)


def map_sources(names: list[str]) -> list[tuple[str, Board]]:
    """Each map file or shipped name given, or every shipped map, by its name (the file's name
    without its extension); BoardError if one cannot be read."""
    import os

    from ..reading import load_board, map_file, shipped_maps

    paths = [map_file(name) for name in names] or list(shipped_maps().values())
    return [(os.path.splitext(os.path.basename(path))[0], load_board(path)) for path in paths]


def reason(error: Exception) -> str:
    """An error as one line: an OSError by its file and reason, anything else by its text."""
    if isinstance(error, OSError) and error.filename is not None:
        return f"{error.filename}: {error.strerror}"
    return str(error)
