"""The contest's official engine, Tron.jar, run as a program: the reference for ``--rules tronjar``.

:func:`tronjar_game` plays a game under Tron.jar and reads its transcript
(every board from player 1's side, the board after the last turn left
out, then the result line); :func:`lazytron_game` plays the same game with
``lazytron play --rules tronjar`` (its ``run``, in this process) and reads
its record and last line.  Both give the moves of each turn and the
result line, to compare.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from lazytron.board import Move
from lazytron.cli.play import play
from lazytron.match.records import read_record
from lazytron.match.referee import Limits

ENGINE = "reference/tron-engine"
EXAMPLES = ("Chaser", "RunAway", "WallHugger")  # RandomBot is random and cannot be seeded: left out
RESULTS = (
    "Player One Wins!",
    "Player Two Wins!",
    "Players collided. Draw!",
    "Both players crashed. Draw!",
)
STEPS = {(-1, 0): Move.NORTH, (0, 1): Move.EAST, (1, 0): Move.SOUTH, (0, -1): Move.WEST}


def java() -> str | None:
    return shutil.which("java")


def example(shared: Path, name: str) -> str:
    """The command line of an official example bot (no quotes: Tron.jar splits commands at
    spaces)."""
    return f"java -jar {shared / ENGINE / name}.jar"


def depth_bot(depth: int = 2) -> str:
    return f"{sys.executable} -m lazytron bot --depth {depth}"


def hugger() -> str:
    return f"{sys.executable} -m lazytron.bots.hugger"


@dataclass(frozen=True)
class Played:
    """A game as an engine played it: the moves of each turn it shows and its result line."""

    moves: tuple[tuple[Move, Move], ...]
    result: str


def heads(text: str, width: int, height: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The heads of both players on every board of a Tron.jar transcript, in order.

    The bots' stderr is echoed into the transcript too, so boards are found
    by their shape: a ``W H`` line, then H rows of W cells.
    """
    row = f"[# 12]{{{width}}}\n"
    found = []
    for match in re.finditer(rf"(?m)^{width} {height}\n((?:{row}){{{height}}})", text):
        rows = match.group(1).splitlines()
        where = {c: (y, x) for y, line in enumerate(rows) for x, c in enumerate(line) if c in "12"}
        found.append((where["1"], where["2"]))
    return found


def step(a: tuple[int, int], b: tuple[int, int]) -> Move:
    return STEPS[(b[0] - a[0], b[1] - a[1])]


def tronjar_game(
    shared: Path, map_path: Path, commands: tuple[str, str], seconds: int, cwd: Path
) -> Played:
    """Play a game under Tron.jar (no delay between turns, ``seconds`` a move)."""
    argv = [
        "java",
        "-jar",
        str(shared / ENGINE / "Tron.jar"),
        str(map_path),
        *commands,
        "0",
        str(seconds),
    ]
    out = subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=600).stdout
    width, height = map(int, map_path.read_text().split("\n", 1)[0].split())
    boards = heads(out, width, height)
    moves = tuple((step(a[0], b[0]), step(a[1], b[1])) for a, b in pairwise(boards))
    result = [line for line in out.splitlines() if line in RESULTS]
    assert result, f"no result line from Tron.jar: {out[-500:]!r}"
    return Played(moves, result[-1])


def lazytron_game(map_path: Path, commands: tuple[str, str], seconds: float, tmp: Path) -> Played:
    """Play the same game with ``lazytron play --rules tronjar``: its record's moves and its last
    line."""
    out = io.StringIO()
    record = tmp / "game.tron"
    status = play(
        str(map_path),
        commands,
        record_path=str(record),
        limits=Limits(seconds, seconds),
        quiet=True,
        rules="tronjar",
        log_path=str(tmp / "play.log"),
        out=out,
        err=out,
    )
    assert status == 0, out.getvalue()
    return Played(read_record(str(record)).moves, out.getvalue().splitlines()[-1])


def same_game(official: Played, ours: Played) -> bool:
    """Tron.jar's transcript shows every turn but the last; lazytron's record holds the last one
    too."""
    shown = len(official.moves)
    return (
        ours.result == official.result
        and ours.moves[:shown] == official.moves
        and len(ours.moves) in (shown, shown + 1)
    )
