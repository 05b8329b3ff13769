"""``lazytron`` and its sub-commands, one small function each.

Each command imports what it needs when it runs, so that ``lazytron bot``
starts without loading the tools.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence


def _depth(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("depth must be >= 0")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError("time must be > 0")
    return value


def cmd_bot(args: argparse.Namespace) -> int:
    from .bot import main

    return main(args.depth, args.first_time, args.turn_time, args.verbose)


def cmd_analyse(args: argparse.Namespace) -> int:
    import gc

    from .analyse import run

    gc.disable()  # the tree has no cycles
    return run(args.files, args.depth)


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def _grid_size(text: str) -> int:
    value = _whole(text)
    if not 1 <= value <= 10:
        raise argparse.ArgumentTypeError("size must be from 1 to 10")
    return value


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError("depth must be >= 1")
    return value


def cmd_tictactoe(args: argparse.Namespace) -> int:
    import gc

    from .games.tictactoe import Player
    from .tictactoe import play, stats

    if not args.stats:
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")  # bytes that are not text are a bad move, not a crash
        human = Player.O if args.first == "human" else Player.X
        return play(args.size, human, args.depth, sys.stdin, sys.stdout)
    if args.depth is None and args.size > 3:
        grid = f"{args.size}x{args.size}"
        print(f"lazytron tictactoe: the whole {grid} game is too large to search: give --depth", file=sys.stderr)
        return 2
    gc.disable()  # the tree has no cycles
    return stats(args.size, args.depth or args.size**2, sys.stdout)


def _turn(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("turn must be >= 0")
    return value


def _fps(text: str) -> float:
    value = float(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError("fps must be > 0")
    return value


def cmd_replay(args: argparse.Namespace) -> int:
    from .replay import run

    if args.analyse or args.depth is not None:
        import gc

        gc.disable()  # the trees have no cycles
    return run(args.game, args.fps, args.turn, args.html, args.analyse, args.depth)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lazytron", description="A Tron light-cycle bot toolkit.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, func: Callable[[argparse.Namespace], int], help: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help)
        p.set_defaults(func=func)
        return p

    p = command("bot", cmd_bot, "play the contest protocol on stdin/stdout")
    p.add_argument("--depth", type=_depth, help="search exactly this depth every turn, no clock")
    p.add_argument("--first-time", type=_seconds, default=2.9, metavar="S", help="seconds for the first move (2.9)")
    p.add_argument("--turn-time", type=_seconds, default=0.9, metavar="S", help="seconds for later moves (0.9)")
    p.add_argument("-v", "--verbose", action="store_true", help="one line per turn on stderr")

    p = command("analyse", cmd_analyse, "fixed-depth analysis of positions, in the reference analyser's format")
    p.add_argument("files", nargs="*", metavar="FILE", help="maps, one or more per file ('-' or none: stdin)")
    p.add_argument("--depth", type=_depth, required=True, help="deepest even depth to report")

    p = command("tictactoe", cmd_tictactoe, "play tic-tac-toe against the computer (Hutton's, on the lazy tree)")
    p.add_argument("--size", type=_grid_size, default=3, metavar="N", help="an N x N grid, N from 1 to 10 (3)")
    p.add_argument("--first", choices=("human", "computer"), default="human", help="who moves first, as O (human)")
    p.add_argument("--depth", type=_positive, help="moves the computer looks ahead (default: the whole game on 3x3)")
    p.add_argument("--stats", action="store_true", help="print the seed's figures (tree sizes, best first move, times)")

    p = command("replay", cmd_replay, "replay a game record: animated in a terminal, plain text when piped, or a web page")
    p.add_argument("game", metavar="GAME", help="a game record (the contest's summary format)")
    p.add_argument("--fps", type=_fps, default=10.0, metavar="N", help="turns per second in a terminal (10)")
    p.add_argument("--turn", type=_turn, metavar="K", help="show turn K first (piped: only turn K)")
    p.add_argument("--html", metavar="OUT", help="write a self-contained web page that plays the game")
    p.add_argument("--analyse", action="store_true", help="lazytron's move, score and depth for each side, and territories")
    p.add_argument("--depth", type=_depth, metavar="D", help="analyse to depth D instead of the bot's clock (implies --analyse)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 1
