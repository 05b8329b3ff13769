"""Regenerate the golden files from the Haskell oracle (run by hand; needs GHC's build of it).

    python tests/make_golden.py [ORACLE_DIR]

golden/positions.txt  positions from seeded random games on the project's maps
golden/analyse-6.txt  the oracle's ``analyse 6`` of them, byte for byte
golden/games/*.tron   whole games: the oracle's ``depthbot D`` (player 1) against
                      a deterministic opponent, as contest records; the second
                      name is the opponent's command line (tests/bots/...)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from gamecheck import play  # noqa: E402
from positions import random_positions  # noqa: E402

from lazytron.match.records import Record, write_record  # noqa: E402
from lazytron.reading import load_board  # noqa: E402

HERE = Path(__file__).parent
ROOT = HERE.parent
GOLDEN = HERE / "golden"
SEED = 2026
PER_MAP = 6
DEPTH = 6
# (map, depth, opponent, seed): small maps deeper, every opponent, games that separate
GAMES = [
    ("pillars", 6, "chaser", 1),
    ("pillars", 6, "hugger", 1),
    ("gatehouse", 6, "random", 3),
    ("gatehouse", 4, "chaser", 1),
    ("crossroads", 4, "hugger", 1),
    ("lopsided", 4, "chaser", 1),
    ("lopsided", 2, "random", 5),
    ("spiral", 4, "random", 2),
    ("corridors", 2, "hugger", 1),
]


def opponent(kind: str, seed: int) -> list[str]:
    return [sys.executable, str(HERE / "bots" / "opponent.py"), kind, str(seed)]


def golden_positions() -> str:
    maps = sorted((ROOT / "lazytron" / "maps").glob("*.txt"))
    return "".join(
        str(p) for path in maps for p in random_positions(load_board(str(path)), SEED, PER_MAP)
    )


def main(oracle: Path) -> None:
    text = golden_positions()
    (GOLDEN / "positions.txt").write_text(text)
    out = subprocess.run(
        [str(oracle / "analyse"), str(DEPTH)],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    (GOLDEN / f"analyse-{DEPTH}.txt").write_text(out.stdout)
    for name, depth, kind, seed in GAMES:
        board = load_board(str(ROOT / "lazytron" / "maps" / f"{name}.txt"))
        _, moves, outcome = play(
            [str(oracle / "depthbot"), str(depth)], opponent(kind, seed), board
        )
        assert outcome is not None
        record = Record(
            board, (f"depthbot {depth}", f"opponent.py {kind} {seed}"), tuple(moves), outcome.code
        )
        write_record(str(GOLDEN / "games" / f"{name}-d{depth}-{kind}-{seed}.tron"), record)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path.home() / ".cache" / "zenzike")
