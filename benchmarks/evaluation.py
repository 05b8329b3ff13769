"""What a connected position costs the chambers engine, and the depth that buys.

    python benchmarks/evaluation.py [--maps NAME ...] [--seconds S] [--every K]

Two tables. First, microseconds per call of the split's measures
(`lazytron.split`: in C, and the same function in Python) and of a whole
evaluation with each measure of the engine (`TERRITORY_CHAMBERS` 5, in C:
the default 6 is the same pass; 1, the chamber trees in Python shipped before them), on every
K-th contested position of the recorded games in ../shared/games, small maps
(up to 25x25) and large apart. Second, the depth each measure completes in
S seconds (default 0.9, the turn's budget) from the first position of each
contest map named, with a fresh tree, and the positions searched per second.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

from harness import SHARED
from hotspots import positions

from lazytron.board import load_board
from lazytron.clock import Deadline, timeout_list
from lazytron.engines import chambers, chambers_search
from lazytron.split import c_counts, python_counts

MAPS = ["oval", "platform", "duel-small", "center", "apocalyptic", "toronto", "big-room"]


def per_call(function, boards, repeats: int) -> float:
    """Microseconds per call of ``function(board)`` over ``boards``, ``repeats`` times."""
    start = time.perf_counter()
    for _ in range(repeats):
        for board in boards:
            function(board)
    return (time.perf_counter() - start) / (repeats * len(boards)) * 1e6


def evaluation(measure: int):
    def evaluate(board) -> int:
        chambers.TERRITORY_CHAMBERS = measure
        return chambers.init_tree(board).evaluate()

    return evaluate


def open_cells(board) -> int:
    return board.free & ~(1 << board.me) & ~(1 << board.enemy)


def costs(every: int) -> None:
    boards = positions(every)
    groups = {"small": [b for b in boards if b.width * b.height <= 625], "large": [b for b in boards if b.width * b.height > 625]}
    print(f"{'microseconds per call':<34} " + "  ".join(f"{name} ({len(group)})".rjust(12) for name, group in groups.items()))
    rows = [("split measures, C", lambda b: c_counts(open_cells(b), b.me, b.enemy, b.width, b.height), 20) if c_counts else None,
            ("split measures, Python", lambda b: python_counts(open_cells(b), b.me, b.enemy, b.width, b.height), 1),
            ("evaluation, measure 5 (C)", evaluation(5), 10),
            ("evaluation, measure 1 (Python)", evaluation(1), 1)]  # once: its chamber trees are cached by region
    for row in rows:
        if row is None:
            print("split measures, C: the extension is not built")
            continue
        name, function, repeats = row
        print(f"{name:<34} " + "  ".join(f"{per_call(function, group, repeats):12.1f}" for group in groups.values()))
    chambers.TERRITORY_CHAMBERS = 5


def depth_reached(board, measure: int, seconds: float) -> tuple[int, float]:
    """(depth completed, positions evaluated a second) from ``board`` with a fresh tree."""
    chambers.TERRITORY_CHAMBERS = measure
    counted = [0]
    original = chambers.ChamberPosition.evaluate

    def counting(self):
        counted[0] += 1
        return original(self)

    chambers.ChamberPosition.evaluate = counting
    try:
        tree = chambers.init_tree(board)
        deadline = Deadline.after(seconds)
        start = time.perf_counter()
        _, count = timeout_list(deadline, None, chambers_search.best_scores(tree, deadline.check))
        return (count - 1) * 2, counted[0] / (time.perf_counter() - start)
    finally:
        chambers.ChamberPosition.evaluate = original
        chambers.TERRITORY_CHAMBERS = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--maps", nargs="*", default=MAPS, help="contest maps for the depth table")
    parser.add_argument("--seconds", type=float, default=0.9, help="search time per position (0.9)")
    parser.add_argument("--every", type=int, default=15, metavar="K", help="every K-th recorded position (15)")
    args = parser.parse_args()
    gc.disable()
    costs(args.every)
    print(f"\n{'map':<13} {'measure 5: depth':>16} {'positions/s':>12} {'measure 1: depth':>17} {'positions/s':>12}   ({args.seconds} s, fresh tree)")
    gains = []
    for name in args.maps:
        board = load_board(str(SHARED / "maps" / "contest" / f"{name}.txt"))
        new, new_rate = depth_reached(board, 5, args.seconds)
        old, old_rate = depth_reached(board, 1, args.seconds)
        gains.append(new_rate / old_rate)
        print(f"{name:<13} {new:>16} {new_rate:>12.0f} {old:>17} {old_rate:>12.0f}")
    print(f"positions a second, measure 5 over measure 1: median x{statistics.median(gains):.1f}")


if __name__ == "__main__":
    main()
