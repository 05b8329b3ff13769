"""``lazytron bot --ponder``: the search goes on after the answer and stops when the next turn
comes."""

from __future__ import annotations

import re
import subprocess
import sys
from time import monotonic

from conftest import MAPS, ROOT

from lazytron.board import CARDINALS, Move, step
from lazytron.bot import Bot
from lazytron.engines import ENGINES
from lazytron.match.rules import advance
from lazytron.reading import load_board, parse_board

CHAMBERS = ENGINES["chambers"]
PILLARS = load_board(MAPS / "pillars.txt")
SMALL = parse_board("6 5\n######\n#1   #\n#    #\n#   2#\n######\n")


def free_move(board, head: int) -> Move:
    """The first move from ``head`` into a free cell."""
    blocked = board.free & ~(1 << board.me | 1 << board.enemy)
    return next(m for m in CARDINALS if step(blocked, head, m, board.stride) is not None)


def counting(after: int):
    """A ``waiting`` that says input has come on its ``after``-th call, and the calls made."""
    calls = [0]

    def waiting() -> bool:
        calls[0] += 1
        return calls[0] >= after

    return waiting, calls


def test_pondering_stops_at_the_first_check_that_sees_input_and_the_game_goes_on():
    bot = Bot(first_time=0.2, turn_time=0.1, engine=CHAMBERS, ponder=True)
    decision = bot.play(PILLARS, monotonic())
    waiting, calls = counting(200)
    depth = bot.think_on(waiting)
    assert calls[0] == 200  # stopped at once: no check after the one that saw input
    assert depth % 2 == 0 and depth >= 0
    bot.advance(decision.move)
    after = advance(PILLARS, decision.move, free_move(PILLARS, PILLARS.enemy))
    again = bot.play(after, monotonic())
    assert again.move in CARDINALS


def test_without_input_pondering_searches_until_the_search_ends():
    """Out of time at once, the turn plays depth 0; pondering then completes every depth the
    search has, as a search without a clock does."""
    bot = Bot(first_time=0.5, engine=CHAMBERS, ponder=True)
    assert bot.play(SMALL, start=-1000.0).depth == 0
    depth = bot.think_on(lambda: False)
    unclocked = list(CHAMBERS.best_scores(CHAMBERS.init_tree(SMALL), None))
    assert depth == (len(unclocked) - 1) * 2 > 0


def test_no_pondering_unless_asked_nor_at_a_fixed_depth():
    for bot in (Bot(first_time=0.2, engine=CHAMBERS), Bot(depth=4, engine=CHAMBERS, ponder=True)):
        bot.play(SMALL, monotonic())
        waiting, calls = counting(10**9)
        assert bot.think_on(waiting) == 0 and calls[0] == 0


def bot_process() -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "lazytron", "bot", "--engine", "chambers", "--ponder", "-v"]
        + ["--first-time", "0.3", "--turn-time", "0.3"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_the_bot_ponders_while_the_next_turn_is_late_and_answers_it():
    proc = bot_process()
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(str(PILLARS))
    proc.stdin.flush()
    move = Move(int(proc.stdout.readline()))
    try:
        proc.wait(0.6)  # the enemy thinks: the bot ponders, it never exits by itself
    except subprocess.TimeoutExpired:
        pass
    after = advance(PILLARS, move, free_move(PILLARS, PILLARS.enemy))
    out, err = proc.communicate(str(after), timeout=30)
    assert proc.returncode == 0 and re.fullmatch(r"[1-4]\n", out), err
    pondered = re.search(r"turn=1 pondered depth=(\d+) ms=(\d+)", err)
    assert pondered and int(pondered.group(2)) >= 300, err  # most of the 0.6 s
    assert re.search(r"turn=2 depth=\d+ ", err), err


def test_end_of_input_ends_pondering_and_the_bot():
    proc = bot_process()
    out, err = proc.communicate(str(PILLARS), timeout=30)  # the board, then end of input
    assert proc.returncode == 0 and re.fullmatch(r"[1-4]\n", out), err
    assert "Traceback" not in err and "pondered" in err
