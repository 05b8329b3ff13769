"""`lazytron bot --engine chambers` with some of the engine's constants changed: the bot the tuning games play.

    python benchmarks/tune_bot.py FIRST_TIME TURN_TIME [NAME=VALUE ...]

NAME is a constant of lazytron.engines.chambers (FILL, EDGE, SEPARATE, CLOSE, CLOSE_CELLS, SHORT, AGGRESSION,
COLLISION, TERRITORY_CHAMBERS, APART) or lazytron.engines.chambers_search
(EXTEND, HORIZON, SIDESTEP, MEMO, REDUCE, UNFINISHED); VALUE an integer.  Everything else is the bot as
shipped.  benchmarks/TUNING.md lists the games played with it.
"""

from __future__ import annotations

import sys

from lazytron import bot
from lazytron.engines import chambers, chambers_search


def main(args: list[str]) -> int:
    if len(args) < 2:
        sys.exit(__doc__)
    for arg in args[2:]:
        name, _, value = arg.partition("=")
        module = next((m for m in (chambers, chambers_search) if name.isupper() and hasattr(m, name)), None)
        if module is None or not value.lstrip("-").isdigit():
            sys.exit(f"tune_bot: {arg!r} is not NAME=INTEGER for a constant of the chambers engine")
        setattr(module, name, int(value))
    return bot.main(first_time=float(args[0]), turn_time=float(args[1]), engine="chambers")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
