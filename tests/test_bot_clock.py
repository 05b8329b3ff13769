"""The first move's clock counts from the process's own start when the board was already waiting (as
the engine's does)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest
from conftest import MAPS, ROOT

BOARD = (MAPS / "pillars.txt").read_text()
BOT = f"exec {shlex.quote(sys.executable)} -m lazytron bot --first-time 0.5 -v"


def depth_of(script: str, board_after: float | None) -> int:
    """The depth the bot's first turn reached; the board is waiting from the start, or written
    ``board_after`` s later."""
    proc = subprocess.Popen(
        ["sh", "-c", script],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    if board_after is not None:
        try:
            proc.wait(board_after)  # the bot is started and waiting: it never exits by itself
        except subprocess.TimeoutExpired:
            pass
    out, err = proc.communicate(BOARD, timeout=60)
    assert re.fullmatch(r"[1-4]\n", out), err
    return int(re.search(r"depth=(\d+)", err).group(1))


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the process's start time is read from /proc"
)
def test_a_board_waiting_since_the_start_is_timed_from_the_start():
    """Started 0.8 s before Python runs (a slow wrapper): the 0.5 s of the first move are gone, so
    it plays at once."""
    assert depth_of(f"sleep 0.8; {BOT}", board_after=None) == 0


def test_a_board_that_comes_later_is_timed_from_its_arrival():
    assert depth_of(BOT, board_after=1.5) >= 2
