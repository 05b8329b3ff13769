"""``lazytron`` and its sub-commands: one module each, with ``add_arguments(parser)`` and
``run(args) -> int``.

The command modules import what they need when they run, so that
``lazytron bot`` starts without loading the tools.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType

from ..term.streams import closed_streams, silence_output
from . import analyse, book, bot, compare, maps, play, replay, serve, tictactoe, tournament, tune

COMMANDS: tuple[tuple[str, ModuleType, str], ...] = (
    ("bot", bot, "play the contest protocol on stdin/stdout"),
    ("analyse", analyse, "fixed-depth analysis of positions, in the reference analyser's format"),
    ("tictactoe", tictactoe, "play tic-tac-toe against the computer (Hutton's, on the lazy tree)"),
    (
        "replay",
        replay,
        "replay a game record: animated in a terminal, plain text when piped, or a web page",
    ),
    ("play", play, "referee one game between two bot programs"),
    (
        "tournament",
        tournament,
        "round robins and gauntlets of bots on maps, stored in SQLite, with an SPRT",
    ),
    (
        "tune",
        tune,
        "tune an engine's options by SPSA over games stored in SQLite, resumable, with a page",
    ),
    (
        "serve",
        serve,
        "a local web app: play the engines with the keys, watch bots play, replay stored games",
    ),
    ("maps", maps, "list the shipped maps, make maps"),
    (
        "book",
        book,
        "opening books: level start positions that are not mirrors; prepared first turns",
    ),
    (
        "compare",
        compare,
        "check another analyser or bot against lazytron, position by position or move by move",
    ),
)


class _Version(argparse.Action):
    """``--version``: the version, the Python and whether the chambers engine's C speedups are
    built."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            help="print the version, the Python and the C speedups' status",
        )

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        import platform

        from .. import __version__
        from ..engines.chambers import speedups_status

        print(f"lazytron {__version__} (Python {platform.python_version()}; {speedups_status()})")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lazytron", description="A Tron light-cycle bot toolkit.")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module, summary in COMMANDS:
        p = sub.add_parser(name, help=summary, description=summary)
        p.set_defaults(func=module.run, parser=p)
        module.add_arguments(p)
    return parser


def _reads_stdin(args: argparse.Namespace) -> bool:
    """Whether the command reads its standard input."""
    files = getattr(args, "files", None) or []
    if args.command == "analyse":
        return not files or "-" in files
    if args.command == "compare":
        return "-" in files
    return args.command == "bot" or (args.command == "tictactoe" and not args.stats)


def main(argv: Sequence[str] | None = None) -> int:
    closed = closed_streams()
    args = build_parser().parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # as given, for the pages that show it
    name = f"lazytron {args.command}"
    needed = [
        s for s in ("input", "output") if s in closed and (s == "output" or _reads_stdin(args))
    ]
    if needed:
        print(f"{name}: standard {needed[0]} is closed", file=sys.stderr)
        return 2
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        silence_output()
        sys.stderr.close()
        return 1
    except OSError as e:
        # the commands name the files they fail on: one with no name is standard output
        if e.filename is None:
            silence_output()
        print(f"{name}: {e.filename or 'standard output'}: {e.strerror or e}", file=sys.stderr)
        return 1
