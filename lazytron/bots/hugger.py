"""A deterministic space-filling bot: ``python -m lazytron.bots.hugger``.

Each turn it moves to the free neighbour from which it can reach the most
cells, hugging walls among equals (the neighbour with the most blocked
sides), then in N, E, S, W order; with no free neighbour it answers North.
It looks one move ahead only: an opponent for tests and tournaments, fast
and predictable, not a strong player.
"""

from __future__ import annotations

import sys
from typing import TextIO

from ..board import CARDINALS, Board, BoardError, Move, grid_mask, neighbours
from ..reading import board_from_rows, parse_size
from ..territory import reach


def choose(board: Board) -> Move:
    """The move: most reachable cells, then most blocked sides, then N, E, S, W order."""
    stride = board.stride
    grid = grid_mask(board.width, board.height)
    free = board.free & ~(1 << board.me) & ~(1 << board.enemy)
    best, best_key = Move.NORTH, (-1, -1)
    for move in CARDINALS:
        cell = board.me + move.delta(stride)
        if cell < 0 or not free >> cell & 1:
            continue
        mask = 1 << cell
        room = reach(free, mask, stride).bit_count()
        blocked = 4 - (neighbours(mask, stride) & grid & free).bit_count()
        key = (room, blocked)
        if key > best_key:
            best, best_key = move, key
    return best


def run(stdin: TextIO, stdout: TextIO) -> int:
    """Answer every map on ``stdin`` until its end."""
    while line := stdin.readline():
        if not line.strip():
            continue
        try:
            width, height = parse_size(line)
            rows = [stdin.readline() for _ in range(height)]
            move = choose(board_from_rows(width, height, rows))
        except BoardError as e:
            print(f"hugger: {e}", file=sys.stderr, flush=True)
            move = Move.NORTH
        stdout.write(move.digit + "\n")
        stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(run(sys.stdin, sys.stdout))
