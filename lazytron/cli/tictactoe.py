"""``lazytron tictactoe``: a game in the terminal against the computer or between two people, or
the seed's figures (:mod:`lazytron.games.tictactoe_text`)."""

from __future__ import annotations

import argparse
import sys

from . import arguments

_grid_size = arguments.number(int, "size", 1, 10)
_positive = arguments.number(int, "depth", 1, arguments.MOST_DEPTH)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--size", type=_grid_size, default=3, metavar="N", help="an N x N grid, N from 1 to 10 (3)"
    )
    p.add_argument(
        "--first",
        choices=("human", "computer"),
        default="human",
        help="who moves first, as O (human)",
    )
    p.add_argument(
        "--opponent",
        choices=("computer", "human"),
        default="computer",
        help="computer (default), or human: two people take turns at one terminal",
    )
    p.add_argument(
        "--depth",
        type=_positive,
        help="moves the computer looks ahead (default: the whole game on 3x3)",
    )
    p.add_argument(
        "--stats",
        action="store_true",
        help="print the seed's figures (tree sizes, best first move, times)",
    )


def run(args: argparse.Namespace) -> int:
    import gc

    from ..games.tictactoe import Player
    from ..games.tictactoe_text import play, stats

    if not args.stats:
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(
                errors="replace"
            )  # bytes that are not text are a bad move, not a crash
        if args.opponent == "human":
            humans = {Player.O, Player.X}
        else:
            humans = {Player.O if args.first == "human" else Player.X}
        return play(args.size, humans, args.depth, sys.stdin, sys.stdout)
    if args.depth is None and args.size > 3:
        grid = f"{args.size}x{args.size}"
        print(
            f"lazytron tictactoe: the whole {grid} game is too large to search: give --depth",
            file=sys.stderr,
        )
        return 2
    gc.disable()  # the tree has no cycles
    return stats(args.size, args.depth or args.size**2, sys.stdout)
