"""What a connected position costs the chambers engine with and without its C speedups, and the \
depth that buys.

    python benchmarks/evaluation.py [--maps NAME ...] [--seconds S] [--every K]

Two tables. First, microseconds per call of the split's measures (in C, and
the same function in Python) and of a whole evaluation (with the speedups and
in pure Python, as ``LAZYTRON_PURE=1`` or an install without a C compiler runs
it), on every K-th contested position of the recorded games in
../shared/games, small maps (up to 25x25) and large apart.  Second, the depth
each path completes in S seconds (default 0.9, the turn's budget) from the
first position of each contest map named, with a fresh tree, and the positions
it scores a second.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from harness import SHARED
from hotspots import positions

from lazytron.clock import Deadline, timeout_list
from lazytron.engines.chambers import _native, best_scores, init_tree, nodes
from lazytron.engines.chambers.evaluate import evaluate
from lazytron.engines.chambers.settings import DEFAULT
from lazytron.engines.chambers.split import python_counts, split_counts
from lazytron.reading import load_board

MAPS = ["oval", "platform", "duel-small", "center", "apocalyptic", "toronto", "big-room"]
SPEEDUPS = _native.speedups


@contextmanager
def pure() -> Iterator[None]:
    """Everything in Python inside the block, as without the speedups."""
    _native.speedups = None
    try:
        yield
    finally:
        _native.speedups = SPEEDUPS


def per_call(function, boards, repeats: int) -> float:
    """Microseconds per call of ``function(board)`` over ``boards``, ``repeats`` times."""
    start = time.perf_counter()
    for _ in range(repeats):
        for board in boards:
            function(board)
    return (time.perf_counter() - start) / (repeats * len(boards)) * 1e6


def open_cells(board) -> int:
    return board.free & ~(1 << board.me) & ~(1 << board.enemy)


def evaluation(board) -> tuple:
    return evaluate(open_cells(board), board.me, board.enemy, 0, board.width, board.height, DEFAULT)


def pure_evaluation(board) -> tuple:
    with pure():
        return evaluation(board)


def costs(every: int) -> None:
    boards = positions(every)
    groups = {
        "small": [b for b in boards if b.width * b.height <= 625],
        "large": [b for b in boards if b.width * b.height > 625],
    }
    print(
        f"{'microseconds per call':<34} "
        + "  ".join(f"{name} ({len(group)})".rjust(12) for name, group in groups.items())
    )
    rows = [
        (
            "split measures, C",
            lambda b: split_counts(open_cells(b), b.me, b.enemy, b.width, b.height),
            20,
        ),
        (
            "split measures, Python",
            lambda b: python_counts(open_cells(b), b.me, b.enemy, b.width, b.height),
            1,
        ),
        ("evaluation, with the speedups", evaluation, 10),
        ("evaluation, pure Python", pure_evaluation, 1),
    ]
    for name, function, repeats in rows:
        print(
            f"{name:<34} "
            + "  ".join(f"{per_call(function, group, repeats):12.1f}" for group in groups.values())
        )


def depth_reached(board, seconds: float) -> tuple[int, float]:
    """(depth completed, positions scored a second) from ``board`` with a fresh tree."""
    counted = [0]
    original = nodes.evaluate

    def counting(*args):  # type: ignore[no-untyped-def]
        counted[0] += 1
        return original(*args)

    nodes.evaluate = counting
    try:
        tree = init_tree(board)
        deadline = Deadline.after(seconds)
        start = time.perf_counter()
        _, count = timeout_list(deadline, None, best_scores(tree, deadline.check))
        in_c = tree.game.horizon.evaluations if tree.game.horizon is not None else 0
        return (count - 1) * 2, (counted[0] + in_c) / (time.perf_counter() - start)
    finally:
        nodes.evaluate = original


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--maps", nargs="*", default=MAPS, help="contest maps for the depth table")
    parser.add_argument("--seconds", type=float, default=0.9, help="search time per position (0.9)")
    parser.add_argument(
        "--every", type=int, default=15, metavar="K", help="every K-th recorded position (15)"
    )
    args = parser.parse_args()
    if SPEEDUPS is None:
        sys.exit(
            "evaluation: the C speedups are not built (or LAZYTRON_PURE=1): nothing to compare"
        )
    gc.disable()
    costs(args.every)
    print(
        f"\n{'map':<13} {'with C: depth':>14} {'positions/s':>12} "
        f"{'pure: depth':>12} {'positions/s':>12}   ({args.seconds} s, fresh tree)"
    )
    depths = []
    for name in args.maps:
        board = load_board(str(SHARED / "maps" / "contest" / f"{name}.txt"))
        fast, fast_rate = depth_reached(board, args.seconds)
        with pure():
            slow, slow_rate = depth_reached(board, args.seconds)
        depths.append((fast, slow))
        print(f"{name:<13} {fast:>14} {fast_rate:>12.0f} {slow:>12} {slow_rate:>12.0f}")
    print(
        f"median depth: {statistics.median(f for f, _ in depths)} with the speedups, "
        f"{statistics.median(s for _, s in depths)} without"
    )


if __name__ == "__main__":
    main()
