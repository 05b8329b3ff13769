"""Where the search spends its time, on contested mid-game positions from the recorded games.

    python benchmarks/hotspots.py [--depth-small 18] [--depth-big 14] [--engine search|negamax] \
[--top 8]

Every 10th position of every recorded game, while the players can still meet, is
searched with a fresh tree through every even depth up to the one given (maps up to
25x25 / larger). Printed: positions, evaluations (scores computed: each is one
Voronoi or reach flood), seconds, microseconds per evaluation by map width, then
cProfile's top functions by own time. With ``--engine negamax`` the literal port
(no pruning) runs instead, at whatever depths you give it.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
from collections import defaultdict
from pathlib import Path

from harness import SHARED, recorded_game

import lazytron.engines.zenzike as tron
from lazytron.search import negamax_engine, search
from lazytron.territory import voronoi


def positions(every: int = 10, games: Path | None = None) -> list:
    """Contested positions: every ``every``-th turn of every readable record under ``games``
    (../shared/games)."""
    folder = games or SHARED / "games"
    found = []
    for path in sorted(folder.rglob("*.tron")):
        game = recorded_game(path)
        if game is None:
            continue
        boards = game[0]
        found += [
            b for b in boards[every::every] if voronoi(b.free, 1 << b.me, 1 << b.enemy, b.stride)[3]
        ]
    if not found:
        sys.exit(
            f"benchmark: no contested position in a readable record under {folder} "
            "(set LAZYTRON_SHARED)"
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--depth-small", type=int, default=18, help="deepest depth on maps up to 25x25 (18)"
    )
    parser.add_argument(
        "--depth-big", type=int, default=14, help="deepest depth on larger maps (14)"
    )
    parser.add_argument("--engine", choices=("search", "negamax"), default="search")
    parser.add_argument("--top", type=int, default=8, help="functions to list (8)")
    args = parser.parse_args()
    engine = search if args.engine == "search" else negamax_engine
    boards = positions()
    counts: dict[int, int] = defaultdict(int)
    spent: dict[int, float] = defaultdict(float)
    scoring = tron.score

    def counted(free: int, me: int, enemy: int, bound: int | None, stride: int):
        start = time.perf_counter()
        value = scoring(free, me, enemy, bound, stride)
        spent[stride - 1] += time.perf_counter() - start
        counts[stride - 1] += 1
        return value

    def run() -> None:
        for board in boards:
            tree = tron.init_tree(board)
            deepest = args.depth_small if board.width * board.height <= 25 * 25 else args.depth_big
            for depth in range(2, deepest + 1, 2):
                engine(tree, depth)

    gc.disable()
    tron.score = counted
    start = time.perf_counter()
    run()
    seconds = time.perf_counter() - start
    tron.score = scoring
    total = sum(counts.values())
    print(
        f"{len(boards)} positions, {args.engine} to depth {args.depth_small} "
        f"(larger maps {args.depth_big})"
    )
    print(f"{total} evaluations in {seconds:.2f} s")
    profiler = cProfile.Profile()
    profiler.runcall(run)
    stats = pstats.Stats(profiler)
    flood = sum(
        t
        for (file, _, name), (_, _, t, _, _) in stats.stats.items()
        if file.endswith("territory.py")
    )
    print(f"share of the time in territory.py (the floods): {flood / stats.total_tt:.0%}")
    for width, n in sorted(counts.items()):
        print(f"  maps {width} wide: {n} evaluations, {spent[width] / n * 1e6:.0f} us each")
    stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
