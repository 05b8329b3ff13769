"""The engine's score turn by turn in the games of a strength run: how its drawn games came to 0.

    python benchmarks/trails.py DIR [DIR ...] [--bot chambers] [--ending drawn] [--game N ...]
                                [--swing N [--separate 10000]]

Each DIR is one opponent's directory of a ``benchmarks/strength.py`` run
(its ``games.csv`` and ``games/``, where each game's ``.log`` holds the
bot's ``-v`` lines, ``turn=N depth=D score=S ...``).  For every game that
ended for the bot as ``--ending`` says (drawn, lost, won or all), one
line: the game, the bot's seat, how it ended, and its trail, the bot's
score from its first turn to its last with repeats counted (``0x11 -110
200``), after how it came to its last score (:func:`arrival`): level (0 on
every turn), from behind or from a lead (the last score that was not 0),
or ended at a score that was not 0.  With several directories each is
named before its games.  The last lines count the games of all of them by
arrival, head-on collisions apart.  With ``--swing N``, one line more
counts the won and lost games read whose score, while the players could
still meet, had been at least N against their result (N ahead in a lost
game, N behind in a won one), and names them: how often the connected
score misled.  A score while the players could still meet is one that is
not a whole multiple of ``--separate`` (the engine's ``SEPARATE``, 10000:
every score of players apart is one with ``SHORT`` equal to it, as shipped).
Nothing is searched: it reads what the games printed.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterable
from itertools import groupby
from pathlib import Path

from harness import ENDINGS, bot_result, games_of  # (puts the checkout first on sys.path)

LINE = re.compile(r"^turn=(\d+) depth=\d+ score=(-?\d+)\b", re.M)
COLLIDED = "collided"  # the referee's outcome of a head-on collision: "Players collided. Draw!"


def scores(log: str) -> list[int]:
    """The bot's score on each of its turns, from the ``-v`` lines of a game's log.

    >>> scores("# player 1: bot\\nturn=1 depth=30 score=0 move=South ms=2900\\n"
    ...        "turn=2 depth=28 score=-110 move=East ms=900\\n")
    [0, -110]
    """
    return [int(score) for _, score in LINE.findall(log)]


def trail(values: Iterable[int]) -> str:
    """Scores with each run of one score written once, its length after an ``x``.

    >>> trail([0, 0, 0, -110, 200, 310, 310]), trail([])
    ('0x3 -110 200 310x2', '')
    """
    runs = ((score, sum(1 for _ in run)) for score, run in groupby(values))
    return " ".join(f"{score}x{n}" if n > 1 else str(score) for score, n in runs)


def arrival(values: list[int]) -> str:
    """How a trail came to its last score: ``level`` (0 throughout), ``from behind S`` or ``from a
    lead S`` (0 at the end, S the last score before that was not), ``ended not level S`` (at S, not
    0), ``no lines`` (the log had none).

    >>> arrival([0, 0]), arrival([0, 365, -90, 0]), arrival([0, 4050, 0]), arrival([5, 20])
    ('level', 'from behind -90', 'from a lead 4050', 'ended not level 20')
    >>> arrival([])
    'no lines'
    """
    if not values:
        return "no lines"
    if values[-1]:
        return f"ended not level {values[-1]}"
    before = [score for score in values if score]
    if not before:
        return "level"
    return f"from a lead {before[-1]}" if before[-1] > 0 else f"from behind {before[-1]}"


def swing(values: list[int], result: str, separate: int) -> int | None:
    """The score most against ``result`` (W or L) among ``values`` that are not whole multiples of
    ``separate`` (scores while the players could still meet): the highest in a lost game, the
    lowest in a won one; None for a draw or where there is none on that side of 0.

    >>> swing([0, 7940, 20000, -11135], "L", 10000), swing([-5370, -30000, 120], "W", 10000)
    (7940, -5370)
    >>> swing([-40, -9000], "L", 10000), swing([5, 9], "D", 10000), swing([30000], "L", 10000)
    (None, None, None)
    """
    if result not in ("W", "L"):
        return None
    sign = 1 if result == "L" else -1
    against = [score for score in values if score % separate and sign * score > 0]
    return max(against, key=lambda score: sign * score) if against else None


def kind(arrived: str) -> str:
    """An arrival without its score, for counting.

    >>> kind("from a lead 4050"), kind("level"), kind("ended not level -20")
    ('from a lead', 'level', 'ended not level')
    """
    return arrived.rstrip("-0123456789").rstrip()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "directories", type=Path, nargs="+", metavar="DIR", help="an opponent's directory of a run"
    )
    parser.add_argument("--bot", default="chambers", help="the bot's name in games.csv (chambers)")
    parser.add_argument(
        "--ending", choices=[*ENDINGS, "all"], default="drawn", help="the games read (drawn)"
    )
    parser.add_argument(
        "--game", type=int, action="append", default=[], help="only this game (repeatable)"
    )
    parser.add_argument(
        "--swing",
        type=int,
        metavar="N",
        help="count the won and lost games whose connected score had been N against the result",
    )
    parser.add_argument(
        "--separate",
        type=int,
        default=10_000,
        metavar="S",
        help="the engine's SEPARATE: scores apart are its whole multiples (10000)",
    )
    args = parser.parse_args()
    if args.swing is not None and args.swing <= 0 or args.separate <= 0:
        print("trails: --swing and --separate must be above 0", file=sys.stderr)
        return 2
    for directory in args.directories:
        if not (directory / "games.csv").is_file():
            print(f"trails: {directory} has no games.csv", file=sys.stderr)
            return 2
    status = 0
    counts: Counter[tuple[bool, str]] = Counter()
    swung: list[tuple[str, int]] = []
    for directory in args.directories:
        if len(args.directories) > 1:
            print(f"{directory}:")
        status |= read(directory, args, counts, swung)
    for collided in (True, False):
        found = {k: n for (c, k), n in sorted(counts.items()) if c == collided}
        if found:
            what = "head-on collisions" if collided else "other endings"
            parts = " + ".join(f"{k} {n}" for k, n in found.items())
            print(f"{what} {sum(found.values())} = {parts}")
    if args.swing is not None:
        misled = [(name, score) for name, score in swung if abs(score) >= args.swing]
        names = ", ".join(f"{name} ({score:+d})" for name, score in misled)
        print(
            f"won or lost after a connected score of {args.swing} or more against the result:"
            f" {len(misled)} of {len(swung)}" + (f": {names}" if names else "")
        )
    return status


def read(
    directory: Path,
    args: argparse.Namespace,
    counts: Counter[tuple[bool, str]],
    swung: list[tuple[str, int]],
) -> int:
    """Print the trail of each game of ``directory`` asked for and count it, and add each won or
    lost game to ``swung`` with its :func:`swing` (0 where it has none): 0, or 1 where a game's
    log could not be read."""
    status = 0
    for game, side, row in games_of(directory, args.bot, args.ending, set(args.game)):
        log = directory / "games" / f"game-{game:05d}.log"
        try:
            values = scores(log.read_text(errors="replace"))
        except OSError as e:
            print(f"trails: game {game}: {e.strerror or e}", file=sys.stderr)
            status = 1
            continue
        outcome = row.get("outcome") or ""
        arrived, collided = arrival(values), COLLIDED in outcome
        counts[collided, kind(arrived)] += 1
        result = (bot_result(row, args.bot) or (side, "D"))[1]
        if result != "D":
            name = f"{directory.name}/{game}" if len(args.directories) > 1 else str(game)
            swung.append((name, swing(values, result, args.separate) or 0))
        ended = "collision" if collided else ascii(outcome)
        print(
            f"game {game}, player {side}, {ended}, {len(values)} turns: {arrived}: {trail(values)}"
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
