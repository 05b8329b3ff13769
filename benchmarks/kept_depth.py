"""How deep the chambers engine gets each turn with its tree kept, as in a game: the option \
``MEMO`` off, then on.

    python benchmarks/kept_depth.py [--games DIR] [--records 10] [--turns 30] [--time 0.9] \
[--seat 1]

The bot's own turn loop (:class:`lazytron.bot.Bot`: the tree re-rooted on
both moves, trimmed and tidied as in a game) plays player ``--seat``'s
seat of each record, its answers replaced by the record's moves, so that both
settings search the same positions; each turn is decided under the clock
(2.9 s on the first, ``--time`` after). The records are the first
``--records`` readable ones under ``--games`` (../shared/games), say a
strength run's games folder; a record's turns end where the players are
apart. Printed: each record's depths with ``MEMO`` off and on, then the
turns, each setting's median depth, and the turns where ``MEMO`` got
deeper, less deep or as deep (a search that became exhaustive reports
the length of its longest line, hundreds of plies).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from itertools import islice
from pathlib import Path
from time import monotonic

from harness import SHARED, from_side, recorded_game

from lazytron.bot import Bot
from lazytron.engines import CHAMBERS, configured
from lazytron.engines.chambers.evaluate import Kind


def depths(boards: list, moves: list, turns: int, turn_time: float, memo: bool) -> list[int]:
    """The depth each turn's decision reached in the boards' seat (``me``), until the players are
    apart."""
    bot = Bot(engine=configured(CHAMBERS, [f"MEMO={memo}"]), turn_time=turn_time)
    reached = []
    # a record without its outcome has one position more than move pairs, one that goes on
    # past it fewer
    for board, (mine, _) in zip(boards[:turns], moves, strict=False):
        decision = bot.play(board, monotonic())
        root = bot.root
        if root is None or root.kind is not Kind.CONNECTED:  # type: ignore[attr-defined]
            break
        reached.append(decision.depth)
        bot.advance(mine)
    return reached


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=Path, default=SHARED / "games", help="the records' folder (../shared/games)"
    )
    parser.add_argument("--records", type=int, default=10, help="how many records (10)")
    parser.add_argument("--turns", type=int, default=30, help="turns of each record at most (30)")
    parser.add_argument(
        "--time", type=float, default=0.9, help="seconds a turn after the first (0.9)"
    )
    parser.add_argument(
        "--seat",
        type=int,
        choices=(1, 2),
        default=1,
        help="the player whose seat the bot takes (1)",
    )
    args = parser.parse_args()
    readable = (
        game
        for game in map(recorded_game, sorted(args.games.rglob("*.tron")))
        if game is not None and len(game[1]) > 2
    )
    games = list(islice(readable, args.records))  # only the records used are read
    if not games:
        sys.exit(f"kept_depth: no readable record under {args.games}")
    pairs: list[tuple[int, int]] = []
    for boards, moves in games:
        boards, moves = from_side(boards, moves, args.seat)
        found = [depths(boards, moves, args.turns, args.time, memo) for memo in (False, True)]
        print("off", found[0], "\non ", found[1], flush=True)
        # the two runs may stop on different turns (no root kept, the players apart): the turns
        # both reached
        pairs += zip(*found, strict=False)
    if not pairs:
        sys.exit("kept_depth: no turn where the players could still meet")
    off, on = zip(*pairs, strict=True)
    deeper = sum(b > a for a, b in pairs)
    shallower = sum(b < a for a, b in pairs)
    print(
        f"{len(pairs)} turns: median depth {statistics.median(off)} with MEMO off, "
        f"{statistics.median(on)} on; on went deeper on {deeper}, less deep on {shallower}, "
        f"as deep on {len(pairs) - deeper - shallower}"
    )


if __name__ == "__main__":
    main()
