"""The chambers engine's completed depth and evaluations beside a1k0n's, on the first position of
every contest map where both search.

    python benchmarks/depth_vs_a1k0n.py [--maps NAME ...] [--time 2.9] [--option NAME=VALUE ...]

For each contest map (where the players can meet at the start): a1k0n's contest build answers
its first move (2.95 s) and prints each completed depth and its evaluations on stderr; the
chambers engine searches the same position from a fresh tree for ``--time`` seconds (2.9, its
first move's budget) as the bot does, with the options ``--option`` sets as ``lazytron bot
--option`` does.  Printed: each side's completed depth and evaluations, and
whether the engine reached at least a1k0n's depth or searched the whole game (its search ended
before the time did: a decided result, or a depth that cut no line, whose value every deeper
depth finds, where a1k0n goes on to its depth cap).  Run it alone on a quiet machine:
both sides are timed.  Needs ../shared and a1k0n built (``../shared/reference/a1k0n/build.sh``).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Iterator

from harness import SHARED
from strength import A1K0N

from lazytron.clock import Check, Deadline
from lazytron.decide import decide
from lazytron.engines.chambers import Settings, best_scores, init_tree, nodes
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.settings import with_options
from lazytron.reading import load_board
from lazytron.search import Result
from lazytron.tree import Node

COMPLETED = re.compile(r"v=(-?\d+) m=\S* @depth (\d+)")
EVALS = re.compile(r"^(\d+) evals in (\d+) us", re.M)
PYTHON_EVALUATIONS = [0]


def _counting(*args):  # type: ignore[no-untyped-def]
    PYTHON_EVALUATIONS[0] += 1
    return _evaluate(*args)


_evaluate, nodes.evaluate = nodes.evaluate, _counting


def a1k0n(path: str) -> tuple[int, int]:
    """(depth completed, evaluations) of a1k0n's first move on a map."""
    with open(path) as board:
        run = subprocess.run([str(A1K0N / "a1k0n")], stdin=board, capture_output=True, text=True)
    return completed(run.stderr)


def completed(stderr: str) -> tuple[int, int]:
    """(the deepest depth a1k0n completed, its evaluations) from its stderr: an interrupted depth
    prints the sentinel value.

    >>> log = "1.0: v=5 m=[1] @depth 2 _ab_runs=3\\n1.1: v=-2147483647 m=[3] @depth 4 x\\n"
    >>> completed(log + "812 evals in 2950000 us; 275.2 evals/sec\\n")
    (2, 812)
    """
    depths = [int(d) for v, d in COMPLETED.findall(stderr) if abs(int(v)) != 2147483647]
    evals = EVALS.search(stderr)
    return max(depths, default=0), int(evals.group(1)) if evals else 0


def ours(path: str, seconds: float, settings: Settings) -> tuple[int, int, bool] | None:
    """(depth completed, evaluations, whether that is the whole game) of the chambers engine's
    first move; None where the players cannot meet."""
    tree = init_tree(load_board(path), settings)
    if tree.kind is not Kind.CONNECTED:
        return None
    PYTHON_EVALUATIONS[0] = 0
    ended: list[bool] = []

    def results(root: Node, check: Check | None) -> Iterator[Result]:
        yield from best_scores(root, check)
        ended.append(True)  # before the deadline: decided, exhaustive or past every line

    decision = decide(tree, results, deadline=Deadline.after(seconds))
    horizon = tree.game.horizon
    evaluations = PYTHON_EVALUATIONS[0] + (horizon.evaluations if horizon else 0)
    return decision.depth, evaluations, bool(ended)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--maps", nargs="*", help="contest map names (all)")
    parser.add_argument("--time", type=float, default=2.9, help="the engine's seconds (2.9)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="an engine option"
    )
    args = parser.parse_args()
    try:
        settings = with_options(Settings(), args.option)
    except ValueError as e:
        sys.exit(f"depth_vs_a1k0n: {e}")
    contest = sorted((SHARED / "maps" / "contest").glob("*.txt"))
    if not contest:
        sys.exit(f"depth_vs_a1k0n: no contest maps under {SHARED} (set LAZYTRON_SHARED)")
    if not (A1K0N / "a1k0n").is_file():
        sys.exit(
            f"depth_vs_a1k0n: {A1K0N / 'a1k0n'} not found (../shared/reference/a1k0n/build.sh)"
        )
    heads = ("chambers depth", "evaluations", "a1k0n depth", "evaluations")
    print(f"{'map':<14} " + " ".join(f"{head:>14}" for head in heads))
    reached = total = 0
    for path in contest:
        if args.maps and path.stem not in args.maps:
            continue
        mine = ours(str(path), args.time, settings)
        if mine is None:
            continue
        theirs = a1k0n(str(path))
        total += 1
        deep = mine[2] or mine[0] >= theirs[0]
        reached += deep
        mark = "  the whole game" if mine[2] else "" if deep else "  shallower"
        print(
            f"{path.stem:<14} {mine[0]:>14} {mine[1]:>11} {theirs[0]:>11} {theirs[1]:>11}{mark}",
            flush=True,
        )
    print(f"at least a1k0n's depth on {reached} of {total} maps")


if __name__ == "__main__":
    main()
