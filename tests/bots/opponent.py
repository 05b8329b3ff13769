"""Deterministic opponents for whole-game tests, speaking the contest protocol.

    python opponent.py chaser|hugger|random SEED

chaser: the free move that brings it closest to the enemy's head (ties N, E, S, W).
hugger: keeps a wall on its left hand (tries left, straight, right, back).
random: a free move drawn from a generator seeded with SEED.
Stdlib only, so it runs anywhere the tests do.
"""

import random
import sys

STEPS = {1: (-1, 0), 2: (0, 1), 3: (1, 0), 4: (0, -1)}


def read_turn(stream):
    line = stream.readline()
    while line and not line.strip():
        line = stream.readline()
    if not line:
        return None
    width, height = map(int, line.split())
    rows = [stream.readline().rstrip("\r\n") for _ in range(height)]
    return width, height, rows


def find(rows, c):
    for y, row in enumerate(rows):
        if c in row:
            return y, row.index(c)


def free(rows, y, x):
    return 0 <= y < len(rows) and 0 <= x < len(rows[0]) and rows[y][x] == " "


def main():
    kind, seed = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0
    rng = random.Random(seed)
    heading = 1
    while (turn := read_turn(sys.stdin)) is not None:
        _, _, rows = turn
        (y, x), (ey, ex) = find(rows, "1"), find(rows, "2")
        ok = [m for m, (dy, dx) in STEPS.items() if free(rows, y + dy, x + dx)]
        if not ok:
            move = 1
        elif kind == "chaser":
            move = min(ok, key=lambda m: abs(y + STEPS[m][0] - ey) + abs(x + STEPS[m][1] - ex))
        elif kind == "hugger":
            order = [(heading + k - 1) % 4 + 1 for k in (-1, 0, 1, 2)]
            move = next(m for m in order if m in ok)
        else:
            move = rng.choice(ok)
        heading = move
        print(move, flush=True)


main()
