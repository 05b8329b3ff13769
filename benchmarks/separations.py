"""What the score of players apart foretells: at each game's separation, bounds, walks and lines \
beside the result.

    python benchmarks/separations.py DIR [DIR ...] [--bot chambers] [--checks 20000] [--ahead 2]
                                     [--option NAME=VALUE ...]

Each DIR is one opponent's directory of a ``benchmarks/strength.py`` run
(its ``games.csv`` and ``games/``).  For every game that reaches a position
where the players can no longer meet, that first position is taken from
the bot's side, and printed: four differences, mine less the enemy's, of
each side's chamber bound (``space.fillable``: what the engine scores
apart with ``CLOSE`` off), of its greedy walk (``fill.walk``: what it
scores where close with ``CLOSE`` on and ``SHORT = SEPARATE``), of the
walk after every path of ``--ahead`` steps (``fill.walk_ahead``: what it
scores there with ``WALK_AHEAD``), and of the longest line ``fill.lines``
finds in ``--checks`` calls of its check a side (the nearest to the truth
at hand, the same on any machine); then the engine's own score of the
position in cells (``evaluate.apart_value`` over ``SEPARATE``, with the
defaults and each ``--option``, as ``lazytron bot --option`` sets them:
the bound, or the walk where the race is close); then the game's result
for the bot.  The last line counts, for each kind, the games whose result
it foretells: a win where it is positive, a draw where 0, a loss where
negative.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Iterator
from pathlib import Path

from endgames import separation
from harness import bot_result, game_from_side

from lazytron.board import Board
from lazytron.engines.chambers.evaluate import apart_value
from lazytron.engines.chambers.fill import lines, walk, walk_ahead
from lazytron.engines.chambers.settings import Settings, with_options
from lazytron.engines.chambers.space import fillable
from lazytron.match.records import RecordError
from lazytron.territory import reach

KINDS = ("bound", "walk", "ahead", "line", "scored")


class Spent(Exception):
    """The line search's budget of checks is spent."""


def longest_line(region: int, head: int, width: int, height: int, checks: int) -> int:
    """The longest line :func:`fill.lines` finds in ``checks`` calls of its check."""
    left = [checks]

    def check() -> None:
        left[0] -= 1
        if left[0] < 0:
            raise Spent

    best = 0
    try:
        for length, _ in lines(region, head, width, height, None, check):
            best = max(best, length)
    except Spent:
        pass
    return best


def estimates(board: Board, checks: int, ahead: int, settings: Settings) -> dict[str, float]:
    """Each kind of estimate's difference, mine less the enemy's, in a position whose players are
    apart (``scored``: the engine's apart score with ``settings``, in cells)."""
    found: dict[str, float] = {kind: 0 for kind in KINDS}
    regions = []
    for head, other, sign in ((board.me, board.enemy, 1), (board.enemy, board.me, -1)):
        start = 1 << head
        region = reach(board.free & ~(1 << other), start, board.stride) & ~start
        regions.append(region)
        size = (region, head, board.width, board.height)
        bound = fillable(*size)
        found["bound"] += sign * bound
        found["walk"] += sign * walk(*size)
        found["ahead"] += sign * walk_ahead(*size, ahead, bound)
        found["line"] += sign * longest_line(*size, checks)
    mine, theirs = regions
    value = apart_value(mine, board.me, theirs, board.enemy, board.width, board.height, settings)
    found["scored"] = value / settings.separate
    return found


def foretells(difference: float, result: str) -> bool:
    """Whether a difference has the sign of a result ('W', 'D' or 'L').

    >>> foretells(2, "W"), foretells(0, "D"), foretells(-1, "D"), foretells(-3, "L")
    (True, True, False, True)
    """
    return {"W": difference > 0, "D": difference == 0, "L": difference < 0}[result]


def separated_games(directory: Path, bot: str) -> Iterator[tuple[int, str, str, Board]]:
    """(game, map, the bot's result, the first position apart from its side) of each game that
    separates."""
    with open(directory / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        played = bot_result(row, bot)
        if not played:
            continue
        side, result = played
        game = int(row["game"])
        try:
            boards, _ = game_from_side(directory / "games" / f"game-{game:05d}.tron", side)
        except RecordError as error:
            print(f"separations: game {game}: {error}", file=sys.stderr)
            continue
        at = separation(list(boards))
        if at is not None:
            yield game, row["map"], result, boards[at]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("directories", type=Path, nargs="+", metavar="DIR")
    parser.add_argument("--bot", default="chambers")
    parser.add_argument("--checks", type=int, default=20000, metavar="N")
    parser.add_argument("--ahead", type=int, default=2, metavar="N")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="an engine option"
    )
    args = parser.parse_args(argv)
    try:
        settings = with_options(Settings(), args.option)
    except ValueError as error:
        print(f"separations: {error}", file=sys.stderr)
        return 2
    for directory in args.directories:
        if not (directory / "games.csv").is_file():
            print(
                f"separations: {directory}: no games.csv (a strength run's opponent directory)",
                file=sys.stderr,
            )
            return 2
    right = {kind: 0 for kind in KINDS}
    games = 0
    for directory in args.directories:
        if len(args.directories) > 1:
            print(directory, flush=True)
        for game, name, result, board in separated_games(directory, args.bot):
            found = estimates(board, args.checks, args.ahead, settings)
            games += 1
            for kind in KINDS:
                right[kind] += foretells(found[kind], result)
            print(
                f"game {game:3d} {name:12s} {result}  "
                + "  ".join(f"{kind} {found[kind]:+g}" for kind in KINDS),
                flush=True,
            )
    print(
        f"{games} games apart; result foretold by "
        + ", ".join(f"{kind} {right[kind]}" for kind in KINDS)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
