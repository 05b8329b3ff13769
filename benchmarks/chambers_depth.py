"""How deep the chambers engine searches: evaluations and seconds to a depth, and the depth reached in 0.9 s.

    python benchmarks/chambers_depth.py [--every 40] [--depth-small 18] [--depth-big 14] [--time 0.9] [--horizon 8] [--reduce 0] [--games DIR]
    python benchmarks/chambers_depth.py --map NAME [--time 0.9] [--extend 4] [--horizon 8] [--reduce 0]

Contested positions (every ``--every``-th turn of every recorded game in
``../shared/games``, or under ``--games``, while the players can still meet) are searched with a fresh
tree, as on a first move, through every even depth up to the one given (maps up
to 25x25 / larger). Printed: positions, evaluations, seconds, then the depth
each position completes within ``--time`` seconds from a fresh tree (its
median and sum), and the first moves at the deepest depth, so that two
versions of the search can be checked for the same answers.  ``--horizon``
sets the search's ``HORIZON`` (the last plies searched in C; 0: none),
``--reduce`` its ``REDUCE`` (late moves searched shallower first, in Python and in C), and
the evaluations counted include those made in C.

``--map NAME``: the first position of the contest map NAME instead, searched
from a fresh tree at every even depth until ``--time`` seconds have passed
(the depth under way then is finished), each depth's evaluations so far and
time printed, then the evaluations a second (to set beside a1k0n's
"evals/sec" on stderr); ``--extend`` sets ``EXTEND``, the free forced moves.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from harness import SHARED
from hotspots import positions

from lazytron.board import load_board
from lazytron.engines import chambers, chambers_search
from lazytron.engines.chambers import ChamberPosition, init_tree


def counted_evaluations() -> list[int]:
    """Count every position scored from now on (the count is the list's only item)."""
    count = [0]
    evaluate = ChamberPosition.evaluate

    def counting(self: ChamberPosition) -> int:
        count[0] += 1
        return evaluate(self)

    ChamberPosition.evaluate = counting  # type: ignore[method-assign]
    horizon = chambers.c_horizon
    if horizon is not None:

        def counting_horizon(*args: object) -> tuple[int, int, tuple[tuple[int, int, int, int], ...], int, int]:
            found = horizon(*args)
            count[0] += found[1]
            return found

        chambers.c_horizon = counting_horizon
    return count


def depth_within(board, seconds: float) -> int:
    """The deepest even depth a fresh tree's iterative deepening completes within ``seconds``."""
    tree, start, done = init_tree(board), time.perf_counter(), 0
    for depth in range(2, 200, 2):
        chambers_search.search(tree, depth)
        if time.perf_counter() - start > seconds or tree.final or tree.apart:
            break
        done = depth
    return done


def first_position(name: str, seconds: float) -> None:
    """Each depth's evaluations so far on a contest map's first position, until ``seconds`` have passed."""
    board = load_board(str(SHARED / "maps" / "contest" / f"{name}.txt"))
    count = counted_evaluations()
    tree, start, depth, elapsed = init_tree(board), time.perf_counter(), 0, 0.0
    while elapsed < seconds and not (tree.final or tree.apart):
        depth += 2
        chambers_search.search(tree, depth)
        elapsed = time.perf_counter() - start
        print(f"depth {depth}: {count[0]} evaluations, {elapsed:.2f} s")
    print(f"{count[0] / elapsed:.0f} evaluations a second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--every", type=int, default=40, help="every n-th turn of each record (40)")
    parser.add_argument("--depth-small", type=int, default=18, help="deepest depth on maps up to 25x25 (18)")
    parser.add_argument("--depth-big", type=int, default=14, help="deepest depth on larger maps (14)")
    parser.add_argument("--time", type=float, default=0.9, help="seconds for the depth reached (0.9)")
    parser.add_argument("--horizon", type=int, default=chambers_search.HORIZON, help=f"plies searched in C ({chambers_search.HORIZON})")
    parser.add_argument("--games", type=Path, help="the records' folder (../shared/games), say a strength run's games")
    parser.add_argument("--map", help="search this contest map's first position instead, depth by depth")
    parser.add_argument("--reduce", type=int, default=chambers_search.REDUCE, help=f"plies late moves are searched shallower first (REDUCE, {chambers_search.REDUCE})")
    parser.add_argument("--extend", type=int, default=chambers_search.EXTEND, help=f"free forced moves a line (EXTEND, {chambers_search.EXTEND})")
    args = parser.parse_args()
    chambers_search.HORIZON = args.horizon
    chambers_search.EXTEND = args.extend
    chambers_search.REDUCE = args.reduce
    if args.map:
        if not (SHARED / "maps" / "contest" / f"{args.map}.txt").is_file():
            sys.exit(f"chambers_depth: no contest map named {args.map!r} under {SHARED}")
        first_position(args.map, args.time)
        return
    boards = positions(args.every, args.games)
    count = counted_evaluations()
    moves = []
    start = time.perf_counter()
    for board in boards:
        tree = init_tree(board)
        deepest = args.depth_small if board.width * board.height <= 25 * 25 else args.depth_big
        for depth in range(2, deepest + 1, 2):
            _, move = chambers_search.search(tree, depth)
        moves.append(move.name[0])
    seconds = time.perf_counter() - start
    print(f"{len(boards)} positions to depth {args.depth_small} (larger maps {args.depth_big}):"
          f" {count[0]} evaluations, {seconds:.1f} s")
    print("moves:", "".join(moves))
    depths = [depth_within(board, args.time) for board in boards]
    print(f"depth completed in {args.time} s from a fresh tree: median {statistics.median(depths)}, sum {sum(depths)}")


if __name__ == "__main__":
    main()
