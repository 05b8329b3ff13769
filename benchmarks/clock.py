"""The bot under the real clock, over whole games on every contest map.

    python benchmarks/clock.py [--maps NAME ...] [--engine NAME] [--opponent CMD] [--every K] \
[--json FILE]
    python benchmarks/clock.py --first-turn [--load N ...] [--repeats R] [--bot CMD] [--cwd DIR] \
[--maps NAME]

For each map, one whole game: `lazytron bot -v [--engine NAME]` (the contest clock: 2.9 s for the
first move, 0.9 s after) as player 1 against the opponent (default `lazytron bot
--depth 4`) as player 2. The two are asked one after the other, so the timed bot has a
core to itself. Reported per map:

- turns played and the result;
- the first answer's time and the slowest later one, from the board's first byte
  written to the digit read (the first includes the bot's start-up);
- the bot's peak resident memory over the game (Linux's VmHWM);
- the depth it reached per turn (min / median / max), beside the depth the original's
  analyser completes in 0.9 s on every K-th position of the same game (a fresh tree;
  the original's bot keeps its tree between turns and may reach a little deeper).

Limits checked: first answer <= 3.0 s, every later one <= 1.0 s, memory <= 500 MB.

``--first-turn``: the first answer only, as the engine sees it: the bot is
started and the board written at once, and the time runs from there to the
digit read (start-up included), R times with N busy processes competing for
the cores (``--load 0 4``: without, then with four).  ``--bot`` and ``--cwd``
time another bot (``--cwd`` an older checkout, run as ``python -m lazytron``).
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

from harness import (
    ORACLE,
    SHARED,
    TimedBot,
    contest_maps,
    lazytron_command,
    machine,
    require_shared_and_oracle,
    time_to_depth,
)

from lazytron.board import Board, Move
from lazytron.match.rules import Outcome, advance
from lazytron.reading import load_board

FIRST_LIMIT, TURN_LIMIT, MEMORY_LIMIT = 3.0, 1.0, 500.0
BUDGET = 0.9


def play(board: Board, opponent: list[str], engine: str = "zenzike") -> dict:
    """One game; the timed bot's answer times, depths and peak memory."""
    with tempfile.TemporaryFile("w+") as log:
        ours, theirs = (
            TimedBot(lazytron_command("bot", "-v", "--engine", engine), stderr=log),
            TimedBot(opponent),
        )
        boards, times = [board], []
        try:
            while True:
                mine, seconds = ours.answer(str(board))
                times.append(seconds)
                enemy, _ = theirs.answer(str(board.swapped()))
                after = advance(board, Move(mine), Move(enemy))
                if isinstance(after, Outcome):
                    break
                boards.append(after)
                board = after
            memory = ours.peak_memory_mb()
        finally:
            ours.close()
            theirs.close()
        log.seek(0)
        depths = [int(d) for d in re.findall(r"depth=(\d+)", log.read())]
    return {
        "boards": boards,
        "times": times,
        "depths": depths,
        "memory": memory,
        "result": str(after),
    }


def original_depths(boards: list[Board], every: int) -> list[int]:
    """The depth the original's analyser completes within 0.9 s on every ``every``-th position."""
    found = []
    for board in boards[::every]:
        reached = time_to_depth([str(ORACLE / "analyse"), "200"], str(board), budget=BUDGET)
        found.append(reached[-1][0] if reached else 0)
    return found


def first_turns(
    board: Board, command: list[str], cwd: str | None, load: int, repeats: int
) -> list[float]:
    """Seconds from starting the bot (board written at once) to its first digit, ``repeats`` times
    under ``load`` hogs."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(load)]
    times = []
    try:
        for _ in range(repeats):
            started = time.perf_counter()
            bot = subprocess.Popen(
                command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
            assert bot.stdin and bot.stdout
            bot.stdin.write(str(board))
            bot.stdin.flush()
            bot.stdout.readline()
            times.append(time.perf_counter() - started)
            bot.stdin.close()
            bot.wait()
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    return times


def first_turn_main(args: argparse.Namespace) -> None:
    name = (args.maps or ["big-room"])[0]
    board = load_board(str(next(p for p in contest_maps() if p.stem == name)))
    command = shlex.split(args.bot) if args.bot else lazytron_command("bot")
    where = f" in {args.cwd}" if args.cwd else ""
    print(f"machine: {machine()}\nbot: {shlex.join(command)}{where}\nmap: {name}\n")
    print(
        f"{'busy processes':>14}  {'first answer s: min':>19}  {'median':>6}  {'max':>6}  "
        f"over {FIRST_LIMIT} s"
    )
    for load in args.load:
        times = first_turns(board, command, args.cwd, load, args.repeats)
        over = sum(t > FIRST_LIMIT for t in times)
        print(
            f"{load:>14}  {min(times):>19.3f}  {statistics.median(times):>6.3f}  "
            f"{max(times):>6.3f}  {over} of {len(times)}",
            flush=True,
        )


def spread(values: list[int]) -> str:
    return f"{min(values)}/{int(statistics.median(values))}/{max(values)}" if values else "-"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--maps", nargs="*", help="contest map names (default: all)")
    parser.add_argument(
        "--opponent",
        default=shlex.join(lazytron_command("bot", "--depth", "4")),
        help="player 2's command",
    )
    parser.add_argument(
        "--every",
        type=int,
        default=10,
        metavar="K",
        help="time the original on every K-th position (10)",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    parser.add_argument("--engine", default="zenzike", help="the timed bot's engine (zenzike)")
    parser.add_argument(
        "--first-turn", action="store_true", help="time only the first answer, from the bot's start"
    )
    parser.add_argument(
        "--load",
        type=int,
        nargs="+",
        default=[0, 4],
        metavar="N",
        help="--first-turn: busy processes (0 4)",
    )
    parser.add_argument(
        "--repeats",
        type=int,
        default=5,
        metavar="R",
        help="--first-turn: answers timed per load (5)",
    )
    parser.add_argument(
        "--bot", metavar="CMD", help="--first-turn: the bot (default: this checkout's lazytron bot)"
    )
    parser.add_argument("--cwd", metavar="DIR", help="--first-turn: run the bot there")
    args = parser.parse_args()
    if args.first_turn:
        if not (SHARED / "maps" / "contest").is_dir():
            sys.exit(f"benchmark: {SHARED} has no maps/contest (set LAZYTRON_SHARED)")
        first_turn_main(args)
        return
    require_shared_and_oracle()
    print(
        f"machine: {machine()}\ndate: {time.strftime('%Y-%m-%d %H:%M')}\n"
        f"engine: {args.engine}\nopponent: {args.opponent}\n"
    )
    print(
        f"{'map':<13} {'turns':>5}  {'first s':>7}  {'max later s':>11}  {'peak MB':>7}  "
        f"{'lazytron depth':>14}  {'original depth':>14}  result"
    )
    results, failures = {}, []
    for path in contest_maps():
        if args.maps and path.stem not in args.maps:
            continue
        game = play(load_board(str(path)), shlex.split(args.opponent), args.engine)
        theirs = original_depths(game["boards"], args.every)
        times = game["times"]
        later = max(times[1:], default=0.0)
        row = {
            "turns": len(times),
            "first_s": round(times[0], 3),
            "max_later_s": round(later, 3),
            "peak_mb": round(game["memory"], 1),
            "lazytron_depths": game["depths"],
            "original_depths": theirs,
            "result": game["result"],
        }
        results[path.stem] = row
        if times[0] > FIRST_LIMIT or later > TURN_LIMIT or game["memory"] > MEMORY_LIMIT:
            failures.append(path.stem)
        print(
            f"{path.stem:<13} {row['turns']:>5}  {row['first_s']:>7.3f}  "
            f"{row['max_later_s']:>11.3f}  {row['peak_mb']:>7.1f}  "
            f"{spread(game['depths']):>14}  {spread(theirs):>14}  {row['result']}",
            flush=True,
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {"machine": machine(), "opponent": args.opponent, "maps": results}, f, indent=1
            )
    if failures:
        sys.exit(f"over a limit on: {', '.join(failures)}")
    print(
        f"\nall within limits: first answer <= {FIRST_LIMIT} s, later <= {TURN_LIMIT} s, "
        f"memory <= {MEMORY_LIMIT:g} MB"
    )


if __name__ == "__main__":
    main()
