"""Record the chambers engine's moves at fixed depths on positions of real games (run by hand).

    python tests/make_chambers_golden.py

golden/chambers-fixed-depth.txt  one line a position and depth: the record (under
                                 ../shared/games), the turn, the seat it is seen from,
                                 the depth, the move and its score
Positions: every 12th turn from the 5th of every readable record, the seats alternating,
where the players can still meet.
tests/engines/chambers/test_chambers_fixed_depth.py plays them again.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "benchmarks"))

from harness import SHARED, recorded_game  # noqa: E402

from lazytron.engines.chambers.nodes import init_tree  # noqa: E402
from lazytron.engines.chambers.search import search  # noqa: E402
from lazytron.engines.chambers.settings import Settings  # noqa: E402
from lazytron.territory import voronoi  # noqa: E402

GOLDEN = HERE / "golden" / "chambers-fixed-depth.txt"
# the settings the moves were recorded with: the defaults of then, four free forced moves a line
RECORDED_WITH = Settings(extend=4)
DEPTHS = (6, 12)
FIRST, EVERY = 5, 12


def positions():
    """(record, turn, seat, board seen from that seat) of every contested position taken."""
    games = SHARED / "games"
    for path in sorted(games.rglob("*.tron")):
        game = recorded_game(path)
        if game is None:
            continue
        for turn in range(FIRST, len(game[0]), EVERY):
            board = game[0][turn]
            if voronoi(board.free, 1 << board.me, 1 << board.enemy, board.stride)[3]:
                seat = 1 + turn // EVERY % 2
                yield (
                    path.relative_to(games).as_posix(),
                    turn,
                    seat,
                    board if seat == 1 else board.swapped(),
                )


def main() -> None:
    lines = [
        "# record turn seat depth move score: the chambers engine at fixed depths "
        "(tests/make_chambers_golden.py)"
    ]
    for name, turn, seat, board in positions():
        tree = init_tree(board, RECORDED_WITH)
        for depth in range(2, max(DEPTHS) + 1, 2):
            score, move = search(tree, depth)
            if depth in DEPTHS:
                lines.append(f"{name} {turn} {seat} {depth} {move.name} {score}")
    GOLDEN.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
