"""Positions for tests: seeded random games on a map, and a literal port of the original's score.

``random_positions`` plays both sides with a seeded random policy that
avoids walls when it can, so games run long enough to reach contested,
separated and end-game positions.  ``reference_score`` is the Haskell
``score`` transcribed with dicts and lists (slow, obviously right), the
yardstick for the bitboard version.
"""

from __future__ import annotations

import random
from collections import deque

from lazytron.board import CARDINALS, Board, Move
from lazytron.match.rules import Outcome, advance


def random_move(board: Board, head: int, rng: random.Random) -> Move:
    """A random move from ``head``, into a free cell if there is one (both heads are walls)."""
    walls = board.walls | (1 << board.me) | (1 << board.enemy)
    y, x = board.point(head)
    ok = [
        m
        for m, (dy, dx) in zip(CARDINALS, ((-1, 0), (0, 1), (1, 0), (0, -1)), strict=True)
        if 0 <= y + dy < board.height
        and 0 <= x + dx < board.width
        and not walls >> board.cell(y + dy, x + dx) & 1
    ]
    return rng.choice(ok or list(CARDINALS))


def random_game(board: Board, rng: random.Random) -> list[Board]:
    """Every position of one game with random moves (never into a wall when another move is
    free)."""
    positions = [board]
    while True:
        after = advance(
            board, random_move(board, board.me, rng), random_move(board, board.enemy, rng)
        )
        if isinstance(after, Outcome):
            return positions
        positions.append(after)
        board = after


def random_positions(board: Board, seed: int, count: int) -> list[Board]:
    """``count`` positions drawn from seeded random games on ``board``, both sides' views."""
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        game = random_game(board, rng)
        pick = rng.choice(game)
        found.append(pick if rng.random() < 0.5 else pick.swapped())
    return found


def _distances(board: Board, free: set, start: tuple[int, int]) -> dict:
    """The original's ``distances``: BFS over cells that are in the grid and not walls."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        y, x = queue.popleft()
        for dy, dx in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            c = (y + dy, x + dx)
            if c in free and c not in dist:
                dist[c] = dist[(y, x)] + 1
                queue.append(c)
    return dist


def reference_score(board: Board, free_mask: int, me: int, enemy: int, bound: int | None):
    """The Haskell ``score`` on (y, x) points with dicts: (score, next bound)."""
    free = {board.point(i) for i in range(free_mask.bit_length()) if free_mask >> i & 1}
    p, q = board.point(me), board.point(enemy)
    dps = _distances(board, free, p)
    if bound is not None:
        return 10 * (len(dps) - bound), bound - 1
    if p == q:
        return 0, None
    dqs = _distances(board, free, q)
    territory = dict(dps)
    for c, d in dqs.items():
        territory[c] = -(territory[c] - d) if c in territory else -d
    tp = sum(1 for v in territory.values() if v > 0)
    tq = sum(1 for v in territory.values() if v < 0)
    next_bound = None if p in dqs else len(dqs) - 1
    return 10 * (tp - tq), next_bound
