"""Separated endgames from recorded games: how far each side filled, and how far the chambers \
engine fills.

    python benchmarks/endgames.py RECORD_OR_DIR... [--time 0.1 | --checks N] [--min-bound 0]

For every game record (``.tron``; a directory means every record in it),
the first position where the players can no longer meet is taken, and for
each side: the chamber bound of its region (`space.fillable`, no path is
longer), the moves it made there in the game (``+`` when it was still
alive at the end: at least that many), and the moves the chambers engine
makes when it plays the same region alone, ``--time`` seconds a move (its
own clock, as the bot plays it: best_step first, then the first move of
fill.lines' longest line), or with ``--checks N`` a budget of
N calls of the engine's ``check`` a move instead of the clock (the same
moves on any machine).  A region seen before (the same cells and head)
and regions whose bound is below ``--min-bound`` are left out.  The last
lines count the regions a side filled to the bound in the game and how
many of those the engine fills to the bound too, and the engine's total
against the bounds' (``short``: the moves it left).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import harness  # noqa: F401  (puts the checkout first on sys.path)

from lazytron.board import Board, legal_moves
from lazytron.clock import Deadline, OutOfTime
from lazytron.decide import decide
from lazytron.engines import ENGINES
from lazytron.engines.chambers import ChamberPosition, init_tree
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.space import fillable
from lazytron.match.records import RecordError, read_record
from lazytron.match.rules import Outcome, play_out
from lazytron.territory import reach

ENGINE = ENGINES["chambers"]


def separation(positions: list[Board | Outcome]) -> int | None:
    """The index of the first position where the players are apart, None if they never are."""
    for i, board in enumerate(positions):
        if isinstance(board, Outcome):
            return None
        if init_tree(board).kind is Kind.APART:
            return i
    return None


def bound(board: Board) -> int:
    me = 1 << board.me
    region = reach(board.free & ~(1 << board.enemy), me, board.stride) & ~me
    return fillable(region, board.me, board.width, board.height)


class Budget(Deadline):
    """A deadline that passes after ``checks`` calls of :meth:`check`, whatever the clock says."""

    __slots__ = ("left",)

    def __init__(self, checks: int) -> None:
        super().__init__(0.0)
        self.left = checks

    def expired(self) -> bool:
        return self.left <= 0

    def check(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OutOfTime


def play_alone(board: Board, seconds: float, checks: int | None = None) -> int:
    """The moves the engine makes in its own region, alone, ``seconds`` a move (or ``checks`` calls
    of check)."""
    moves = 0
    while True:
        root = init_tree(board)
        assert isinstance(root, ChamberPosition)
        deadline = Deadline.after(seconds) if checks is None else Budget(checks)
        move = decide(root, ENGINE.best_scores, deadline=deadline).move
        target = next(
            (t for m, t in legal_moves(root.open_, board.me, board.stride) if m == move), None
        )
        if target is None:
            return moves
        board = Board(board.width, board.height, board.walls | 1 << board.me, target, board.enemy)
        moves += 1


def in_game(positions: list[Board | Outcome], start: int, side: int) -> str:
    """The moves ``side`` (0 or 1) made from ``start`` on; '+' when it was alive at the end."""
    end = positions[-1]
    turns = len(positions) - 1 - start
    crashed = isinstance(end, Outcome) and end.winner != side + 1
    return str(turns - 1) if crashed else f"{turns}+"


def records(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for p in map(Path, paths):
        found += sorted(p.glob("*.tron")) if p.is_dir() else [p]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument(
        "--time", type=float, default=0.1, help="seconds a move for the engine (0.1)"
    )
    parser.add_argument(
        "--checks", type=int, help="a budget of calls of check a move instead of the clock"
    )
    parser.add_argument(
        "--min-bound", type=int, default=0, help="leave out regions with a smaller bound (0)"
    )
    args = parser.parse_args()
    reached = matched = total = made = 0
    seen: set[tuple[int, int]] = set()
    print(f"{'game':<34} {'side':<10} {'bound':>5} {'game':>5} {'engine':>6}")
    for path in records(args.records):
        try:
            record = read_record(str(path))
        except (OSError, RecordError) as e:
            print(f"endgames: {path}: {e}", file=sys.stderr)
            continue
        positions = list(play_out(record.board, record.moves))
        start = separation(positions)
        if start is None:
            continue
        board = positions[start]
        assert isinstance(board, Board)
        for side, view in enumerate((board, board.swapped())):
            most, got = bound(view), in_game(positions, start, side)
            if (view.free, view.me) in seen or most < args.min_bound:
                continue
            seen.add((view.free, view.me))
            ours = play_alone(view, args.time, args.checks)
            total, made = total + most, made + ours
            print(f"{path.stem:<34} {record.names[side]:<10} {most:>5} {got:>5} {ours:>6}")
            if got.rstrip("+") == str(most):
                reached += 1
                matched += ours == most
    print(f"regions filled to the bound in the game: {reached}; by the engine too: {matched}")
    print(f"total bound {total} engine {made} short {total - made}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
