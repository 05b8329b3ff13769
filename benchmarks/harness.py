"""What the benchmarks share: where things are, timing whole commands, time-to-depth, a timed bot.

Benchmarks need ``../shared`` (contest maps, recorded games, the Haskell
original's source) and the original built by its ``build.sh``; set
``LAZYTRON_SHARED`` or ``ZENZIKE_DIR`` to look elsewhere.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import platform
import selectors
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("LAZYTRON_SHARED", ROOT.parent / "shared"))
ORACLE = Path(
    os.environ.get(
        "ZENZIKE_DIR", Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "zenzike"
    )
)

sys.path.insert(0, str(ROOT))


def recorded_game(path: Path | str) -> tuple[list, list] | None:
    """Every position of a recorded game before each turn and its move pairs (a cut-off record: as
    far as it goes); None where nothing can be read."""
    from lazytron.match.records import RecordError, read_record
    from lazytron.match.rules import Outcome, play_out

    try:
        record = read_record(str(path))
    except RecordError as e:
        if e.partial is None:
            return None
        record = e.partial
    boards = [b for b in play_out(record.board, record.moves) if not isinstance(b, Outcome)]
    return boards, list(record.moves)


def from_side(boards: list, pairs: list, side: int) -> tuple[list, list]:
    """A recorded game's positions and move pairs as player ``side`` sees them: each board from its
    seat, (its move, the enemy's)."""
    if side == 2:
        return [b.swapped() for b in boards], [(second, first) for first, second in pairs]
    return list(boards), list(pairs)


def game_from_side(path: Path, side: int) -> tuple[list, list]:
    """:func:`from_side` of the record at ``path``; RecordError where nothing of it can be read."""
    from lazytron.match.records import RecordError

    game = recorded_game(path)
    if game is None:
        raise RecordError(f"{path}: not a readable record")
    return from_side(*game, side)


def bot_result(row: dict[str, str], bot: str) -> tuple[int, str] | None:
    """(the bot's player number, its result W, D or L) in one row of a strength run's ``games.csv``;
    None if it did not play that game.

    >>> bot_result({"player1": "x", "player2": "chambers", "result": "2"}, "chambers")
    (2, 'W')
    >>> (bot_result({"player1": "chambers", "player2": "x", "result": "2"}, "chambers"),
    ...  bot_result({"player1": "x", "player2": "y", "result": "D"}, "chambers"))
    ((1, 'L'), None)
    """
    side = 1 if row["player1"] == bot else 2 if row["player2"] == bot else 0
    if not side:
        return None
    return side, "D" if row["result"] == "D" else "W" if row["result"] == str(side) else "L"


def error_bar(scores: list[float]) -> float:
    """The 95 % error bar on the share of games' points: 1.96 standard errors of the per-game
    points (1 with fewer than two games).

    >>> round(error_bar([1, 0.5, 0.5, 0]), 3), error_bar([1])
    (0.346, 1.0)
    """
    n = len(scores)
    return 1.96 * statistics.pstdev(scores) / math.sqrt(n) if n > 1 else 1.0


ENDINGS = {"drawn": "D", "lost": "L", "won": "W"}  # how a game ended for the bot: its result


def games_of(
    directory: Path, bot: str, ending: str, only: set[int]
) -> Iterator[tuple[int, int, dict[str, str]]]:
    """(game, the bot's player number, its row) of every game of a strength run's ``games.csv``
    that ended for the bot as ``ending`` says: 'drawn', 'lost', 'won' or 'all' (only the games
    numbered in ``only``, unless it is empty)."""
    with open(directory / "games.csv", newline="") as f:
        for row in csv.DictReader(f):
            game, played = int(row["game"]), bot_result(row, bot)
            if not played or only and game not in only:
                continue
            if ending == "all" or ENDINGS[ending] == played[1]:
                yield game, played[0], row


def games_ended(
    directory: Path, bot: str, ending: str, only: set[int]
) -> list[tuple[int, int, int]]:
    """(game, the bot's player number, its opening's turns) of every game of a strength run's
    ``games.csv`` that ended for the bot as ``ending`` says: 'lost' or 'drawn' (only the games
    numbered in ``only``, unless it is empty).  An opening's turns were the referee's moves, not
    the bots'."""
    wanted = "drawn" if ending == "drawn" else "lost"
    return [
        (game, side, opening_turns(row.get("opening") or ""))
        for game, side, row in games_of(directory, bot, wanted, only)
    ]


def games_parser(doc: str | None) -> argparse.ArgumentParser:
    """The arguments of a benchmark that reads a strength run's games: the opponent's directory,
    ``--bot`` and ``--game``."""
    parser = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("directory", type=Path, help="one opponent's directory of a strength run")
    parser.add_argument("--bot", default="chambers", help="the bot's name in games.csv (chambers)")
    parser.add_argument(
        "--game", type=int, action="append", default=[], help="only this game (repeatable)"
    )
    return parser


def depth_arguments(name: str, doc: str | None) -> argparse.Namespace | int:
    """:func:`games_parser`'s arguments and ``--depth`` (16), the fixed depth of every search, read
    from the command line; 2 (an error printed in one line) where the directory has no
    ``games.csv`` or the depth is below 2."""
    parser = games_parser(doc)
    parser.add_argument(
        "--depth", type=int, default=16, help="the fixed depth of every search (16)"
    )
    args = parser.parse_args()
    if not (args.directory / "games.csv").is_file():
        print(f"{name}: {args.directory} has no games.csv", file=sys.stderr)
        return 2
    if args.depth < 2:
        print(f"{name}: --depth must be at least 2", file=sys.stderr)
        return 2
    return args


class Records:
    """(game, the bot's player number, its opening's turns, the boards and move pairs from the
    bot's side) of every game of a strength run that ended for the bot as ``ending`` says
    (:func:`games_ended`); a record that cannot be read is one line on stderr, and ``status``
    becomes 1."""

    def __init__(self, name: str, directory: Path, bot: str, ending: str, only: set[int]) -> None:
        self.name, self.directory, self.bot = name, directory, bot
        self.ending, self.only = ending, only
        self.status = 0

    def __iter__(self) -> Iterator[tuple[int, int, int, list, list]]:
        from lazytron.match.records import RecordError

        for game, side, opened in games_ended(self.directory, self.bot, self.ending, self.only):
            path = self.directory / "games" / f"game-{game:05d}.tron"
            try:
                boards, moves = game_from_side(path, side)
            except (OSError, RecordError) as e:
                print(f"{self.name}: game {game}: {e}", file=sys.stderr)
                self.status = 1
                continue
            yield game, side, opened, boards, moves


def opening_turns(opening: str) -> int:
    """The turns of a game's opening, as ``games.csv`` spells it (a pair of move letters a turn).

    >>> opening_turns("NWES"), opening_turns("")
    (2, 0)
    """
    return len(opening) // 2


def require_shared_and_oracle() -> None:
    """Exit with a clear message if ../shared or the built original is missing."""
    if not (SHARED / "maps" / "contest").is_dir():
        sys.exit(f"benchmark: {SHARED} has no maps/contest (set LAZYTRON_SHARED)")
    if not (ORACLE / "analyse").is_file():
        sys.exit(
            f"benchmark: the original is not built in {ORACLE}: "
            f"run {SHARED}/reference/zenzike/build.sh"
        )


def contest_maps() -> list[Path]:
    return sorted((SHARED / "maps" / "contest").glob("*.txt"))


def lazytron_command(*args: str) -> list[str]:
    """The installed ``lazytron`` script beside this interpreter, else ``python -m lazytron``."""
    script = Path(sys.executable).with_name("lazytron")
    if script.is_file():
        return [str(script), *args]
    found = shutil.which("lazytron")
    return [found, *args] if found else [sys.executable, "-m", "lazytron", *args]


def timed_run(command: list[str], text: str) -> tuple[float, str]:
    """Wall-clock seconds of a whole command (start-up included) fed ``text``, and its output."""
    start = time.perf_counter()
    done = subprocess.run(command, input=text, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, done.stdout


def time_to_depth(
    command: list[str], text: str, budget: float, enough: float | None = None
) -> list[tuple[int, float]]:
    """(depth, seconds since start) for each ``DEPTH SCORE MOVE`` line an analyser prints within
    ``budget``.

    The analyser is stopped at the budget, or as soon as a line comes after
    ``enough`` seconds, so a long search costs no more than is asked.
    """
    start = time.perf_counter()
    proc = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert proc.stdin and proc.stdout
    proc.stdin.write(text.encode())
    proc.stdin.close()
    reached: list[tuple[int, float]] = []
    buffer = b""
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        while (left := budget - (time.perf_counter() - start)) > 0 and sel.select(left):
            chunk = os.read(proc.stdout.fileno(), 65536)
            now = time.perf_counter() - start
            if not chunk:
                break
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            reached += [(int(line.split()[0]), now) for line in lines if line[:1].isdigit()]
            if enough is not None and reached and reached[-1][1] >= enough:
                break
    proc.kill()
    proc.wait()
    return [(d, t) for d, t in reached if t <= budget]


def geomean(values: list[float]) -> float:
    return math.exp(sum(map(math.log, values)) / len(values)) if values else float("nan")


def machine() -> str:
    """One line naming this machine: CPU model, cores, Python and GHC versions."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ghc = shutil.which("ghc")
    ghc_version = (
        subprocess.run([ghc, "--numeric-version"], capture_output=True, text=True).stdout.strip()
        if ghc
        else "?"
    )
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, GHC {ghc_version}"


class TimedBot:
    """A contest bot process, asked one board at a time, each answer timed from the first byte
    written."""

    def __init__(self, command: list[str], stderr=subprocess.DEVNULL) -> None:
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            bufsize=1,
        )

    def answer(self, board_text: str) -> tuple[int, float]:
        """The digit the bot answers (0 if none) and the seconds it took."""
        assert self.proc.stdin and self.proc.stdout
        start = time.perf_counter()
        self.proc.stdin.write(board_text)
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        seconds = time.perf_counter() - start
        digits = [c for c in line if c in "1234"]
        return (int(digits[0]) if digits else 0), seconds

    def peak_memory_mb(self) -> float:
        """The process's peak resident memory so far (Linux's VmHWM), in MB."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream:
                stream.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
