"""Both engines on long and large boards: every answer legal and in time, never a traceback.

Long corridors once ended both engines in RecursionError and large boards kept the
chambers engine past its clock by seconds.  Here a bot process is fed board after
board (each a new position: a fresh tree) and every answer is timed from the board's
first byte written to the digit read, against the contest's limits: 3 s for the first
answer (the start-up included), 1 s for every later one.  A seeded fuzz adds random
shapes and sizes from 1 to 255 and broken maps.
"""

from __future__ import annotations

import os
import random
import select
import subprocess
import sys
from time import monotonic

import boards
import pytest
from conftest import ROOT

from lazytron.board import BoardError, legal_moves
from lazytron.reading import parse_board

FIRST_LIMIT, TURN_LIMIT = 3.0, 1.0  # the contest's
SEED = int(os.environ.get("LAZYTRON_FUZZ_SEED", "45"))
ENGINES = ["zenzike", "chambers"]

LARGE = [
    boards.serpentine(40, 40),
    boards.serpentine(48, 48),
    boards.strip(1000),
    boards.serpentine(99, 99, branches=4),
    boards.serpentine(131, 131, branches=4),
    boards.serpentine(255, 255),
    boards.serpentine(255, 255, branches=4),
    boards.spiral(255),
    boards.comb(255, 255),
    boards.open_room(255, 255),
    boards.rooms(255, 255, 0.3, 1),
]


def answers(engine: str, texts: list[str]) -> tuple[list[tuple[str, float]], str]:
    """Each board's answer and the seconds it took, and the bot's stderr."""
    bot = subprocess.Popen(
        [sys.executable, "-m", "lazytron", "bot", "--engine", engine],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert bot.stdin and bot.stdout and bot.stderr
    found = []
    try:
        for board in texts:
            start = monotonic()
            bot.stdin.write(board)
            bot.stdin.flush()
            if not select.select([bot.stdout], [], [], 20)[0]:
                pytest.fail(f"no answer in 20 s to board {len(found)}: {board[:40]!r}")
            found.append((bot.stdout.readline(), monotonic() - start))
        bot.stdin.close()
        errors = bot.stderr.read()
        assert bot.wait(timeout=30) == 0, errors
    finally:
        bot.kill()
        bot.wait()
    return found, errors


def legal(board_text: str, answer: str) -> bool:
    """Whether ``answer`` is a move digit, into a free cell where the board leaves one."""
    if answer.strip() not in ("1", "2", "3", "4"):
        return False
    try:
        board = parse_board(board_text)
    except BoardError:
        return True  # a broken board: any digit is a fallback move
    free = board.free & ~(1 << board.enemy)
    moves = {move.value for move, _ in legal_moves(free, board.me, board.stride)}
    return not moves or int(answer) in moves


def assert_in_time(timed: list[tuple[str, float]]) -> None:
    limits = [FIRST_LIMIT] + [TURN_LIMIT] * (len(timed) - 1)
    late = [
        (i, round(seconds, 3))
        for i, ((_, seconds), limit) in enumerate(zip(timed, limits, strict=True))
        if seconds > limit
    ]
    assert not late, f"answers over the limit (board, seconds): {late}"


@pytest.mark.parametrize("engine", ENGINES)
def test_long_and_large_boards_are_answered_legally_and_in_time(engine):
    timed, errors = answers(engine, LARGE)
    assert "Traceback" not in errors and "Error" not in errors
    assert all(legal(board, answer) for board, (answer, _) in zip(LARGE, timed, strict=True))
    assert_in_time(timed)


def random_board(rng: random.Random) -> str:
    """A random shape of a random size from 1 to 255, sometimes broken."""
    size = rng.choice([rng.randint(3, 20), rng.randint(20, 80), rng.randint(80, 255)])
    width, height = size, rng.choice([size, rng.randint(3, size)])
    shape = rng.choice(["serpentine", "branching", "spiral", "comb", "rooms", "open", "strip"])
    if shape == "strip":
        made = boards.strip(rng.randint(2, 255))
    elif shape == "spiral":
        made = boards.spiral(max(size, 7))
    elif shape == "comb":
        made = boards.comb(max(width, 3), max(height, 2))
    elif shape == "rooms":
        made = boards.rooms(width, height, rng.uniform(0.05, 0.45), rng.randrange(10**6))
    elif shape == "open":
        made = boards.open_room(max(width, 4), max(height, 3))
    else:
        made = boards.serpentine(max(width, 5), max(height, 5), 4 if shape == "branching" else 0)
    return broken(made, rng) if rng.random() < 0.25 else made


def broken(made: str, rng: random.Random) -> str:
    """The board with one thing wrong: a player missing or doubled, a short row, a lying size
    line, a stray character; or a 1x1 board."""
    size, *rows = made.splitlines()
    kind = rng.randrange(6)
    y = rng.randrange(len(rows))
    if kind == 0:
        rows = [row.replace("2", " ") for row in rows]
    elif kind == 1:
        rows[y] = "1" + rows[y][1:]
    elif kind == 2:
        rows[y] = rows[y][:-1]
    elif kind == 3:
        width, height = size.split()
        size = f"{int(width) - 1} {height}"
    elif kind == 4:
        rows[y] = "?" + rows[y][1:]
    else:
        return "1 1\n1\n"
    return "\n".join([size, *rows]) + "\n"


@pytest.mark.parametrize("engine", ENGINES)
def test_fuzzed_boards_of_every_size_get_a_legal_move_in_time(engine):
    rng = random.Random(f"{SEED}-{engine}")
    texts = [random_board(rng) for _ in range(30)]
    timed, errors = answers(engine, texts)
    assert "Traceback" not in errors
    assert all(legal(board, answer) for board, (answer, _) in zip(texts, timed, strict=True))
    assert_in_time(timed)
