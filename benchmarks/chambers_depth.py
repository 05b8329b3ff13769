"""How deep the chambers engine searches: evaluations and seconds to a depth, and the depth \
reached in 0.9 s.

    python benchmarks/chambers_depth.py [--every 40] [--depth-small 18] [--depth-big 14] \
[--time 0.9] [--games DIR] [--option NAME=VALUE ...]
    python benchmarks/chambers_depth.py --map NAME [--time 0.9] [--option NAME=VALUE ...]

Contested positions (every ``--every``-th turn of every recorded game in
``../shared/games``, or under ``--games``, while the players can still meet) are searched with a \
fresh
tree, as on a first move, through every even depth up to the one given (maps up
to 25x25 / larger). Printed: positions, evaluations, seconds, then the depth
each position completes within ``--time`` seconds from a fresh tree (its
median and sum), and the first moves at the deepest depth, so that two
versions of the search can be checked for the same answers.  ``--option
NAME=VALUE`` sets the engine's options as ``lazytron bot --option`` does
(``HORIZON``, ``REDUCE``, ``EXTEND``, ...), and the evaluations counted
include those made in C.

``--map NAME``: the first position of the contest map NAME instead, searched
from a fresh tree at every even depth until ``--time`` seconds have passed
(the depth under way then is finished), each depth's evaluations so far and
time printed, then the evaluations a second (to set beside a1k0n's
"evals/sec" on stderr).  With ``--cut`` each depth also prints the lines it
cut (a contested position where the depth ran out, in Python or in C, or a
kept search that cut one); at a depth that cuts none the search is
exhaustive (every deeper one finds the same value), and it stops there, as
the bot does.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from harness import SHARED
from hotspots import positions

from lazytron.engines.chambers import ChamberPosition, Settings, init_tree, nodes
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.search import search
from lazytron.engines.chambers.settings import with_options
from lazytron.reading import load_board

PYTHON_EVALUATIONS = [
    0
]  # positions scored by the Python tree (those scored in C are counted by each tree's Horizon)


def _counting(*args):  # type: ignore[no-untyped-def]
    PYTHON_EVALUATIONS[0] += 1
    return _evaluate(*args)


_evaluate, nodes.evaluate = nodes.evaluate, _counting


def evaluations(tree: ChamberPosition) -> int:
    """The positions scored so far: by every tree in Python, and by this one in C."""
    horizon = tree.game.horizon
    return PYTHON_EVALUATIONS[0] + (horizon.evaluations if horizon is not None else 0)


def depth_within(board, seconds: float, settings: Settings) -> int:
    """The deepest even depth a fresh tree's iterative deepening completes within ``seconds``."""
    tree, start, done = init_tree(board, settings), time.perf_counter(), 0
    for depth in range(2, 200, 2):
        search(tree, depth)
        if time.perf_counter() - start > seconds or tree.kind is not Kind.CONNECTED:
            break
        done = depth
    return done


def first_position(name: str, seconds: float, settings: Settings, cut: bool = False) -> None:
    """Each depth's evaluations so far on a contest map's first position, until ``seconds`` have
    passed; with ``cut``, the lines each depth cut, until one cuts none."""
    board = load_board(str(SHARED / "maps" / "contest" / f"{name}.txt"))
    tree, start, depth, elapsed = init_tree(board, settings), time.perf_counter(), 0, 0.0
    PYTHON_EVALUATIONS[0] = 0
    while elapsed < seconds and tree.kind is Kind.CONNECTED:
        depth += 2
        before = tree.game.cuts[0]
        value, move = search(tree, depth)
        elapsed = time.perf_counter() - start
        line = f"depth {depth}: {evaluations(tree)} evaluations, {elapsed:.2f} s"
        if cut:
            lines = tree.game.cuts[0] - before
            print(f"{line}, value {value}, {move.name}, {lines} lines cut")
            if not lines:
                print(f"exhaustive at depth {depth}: every deeper search finds the same value")
                break
        else:
            print(line)
    print(f"{evaluations(tree) / elapsed:.0f} evaluations a second")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--every", type=int, default=40, help="every n-th turn of each record (40)")
    parser.add_argument(
        "--depth-small", type=int, default=18, help="deepest depth on maps up to 25x25 (18)"
    )
    parser.add_argument(
        "--depth-big", type=int, default=14, help="deepest depth on larger maps (14)"
    )
    parser.add_argument(
        "--time", type=float, default=0.9, help="seconds for the depth reached (0.9)"
    )
    parser.add_argument(
        "--games",
        type=Path,
        help="the records' folder (../shared/games), say a strength run's games",
    )
    parser.add_argument(
        "--map", help="search this contest map's first position instead, depth by depth"
    )
    parser.add_argument(
        "--cut",
        action="store_true",
        help="with --map: the lines each depth cut, until none",
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="an engine option"
    )
    args = parser.parse_args()
    try:
        settings = with_options(Settings(), args.option)
    except ValueError as e:
        sys.exit(f"chambers_depth: {e}")
    if args.map:
        if not (SHARED / "maps" / "contest" / f"{args.map}.txt").is_file():
            sys.exit(f"chambers_depth: no contest map named {args.map!r} under {SHARED}")
        first_position(args.map, args.time, settings, args.cut)
        return
    boards = positions(args.every, args.games)
    moves, counted = [], 0
    start = time.perf_counter()
    PYTHON_EVALUATIONS[0] = 0
    for board in boards:
        tree = init_tree(board, settings)
        deepest = args.depth_small if board.width * board.height <= 25 * 25 else args.depth_big
        for depth in range(2, deepest + 1, 2):
            _, move = search(tree, depth)
        moves.append(move.name[0])
        counted += evaluations(tree) - PYTHON_EVALUATIONS[0]
    seconds = time.perf_counter() - start
    print(
        f"{len(boards)} positions to depth {args.depth_small} (larger maps {args.depth_big}):"
        f" {counted + PYTHON_EVALUATIONS[0]} evaluations, {seconds:.1f} s"
    )
    print("moves:", "".join(moves))
    depths = [depth_within(board, args.time, settings) for board in boards]
    print(
        f"depth completed in {args.time} s from a fresh tree: "
        f"median {statistics.median(depths)}, sum {sum(depths)}"
    )


if __name__ == "__main__":
    main()
