"""How deep the chambers engine gets each turn with its tree kept, as in a game: the option \
``MEMO`` off, then on (or, with ``--ponder S``, the bot without pondering, then pondering S
seconds after each answer).

    python benchmarks/kept_depth.py [--games DIR] [--records 10] [--turns 30] [--time 0.9] \
[--seat 1] [--ponder S]
    python benchmarks/kept_depth.py --record FILE --turn N [--seat 1] [--time 0.9] \
[--option NAME=VALUE ...]
    python benchmarks/kept_depth.py --suite FILE [--time 0.9] [--option NAME=VALUE ...]

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
the length of its longest line, hundreds of plies).  ``--ponder S``
compares the bot's loop without pondering and with S seconds of it after
every answer (``lazytron bot --ponder``, :meth:`lazytron.bot.Bot.think_on`:
the enemy's time, about 0.09 s a turn against a1k0n at the contest
clock), both with ``MEMO`` on.

``--record FILE --turn N``: one turn of one record searched again as the
game searched it, the tree kept from the turns before (the record's moves
played through the bot's loop, each turn under the clock) and turn N under
the clock too: printed, each depth's root moves as they are proven better,
with the seconds since the turn began, when each depth was done (one done
after the deadline is not played), and the depth the clock cut off, so
that what a deeper search would have played can be set against what the
time allowed (``benchmarks/decisive.py`` finds such turns).  ``--option``
sets the engine's options as ``lazytron bot --option`` does.

``--suite FILE``: turns whose better move is known, each a line ``SEAT TURN
MOVE RECORD`` (``benchmarks/decisive.py --suite`` writes them: the move a
search four plies deeper than the game's plays; a relative RECORD is beside
FILE), each played again as the game played it (the bot's loop on the
record's moves, every turn under the clock, one pass a record and seat):
printed, each turn's move and depth beside the better move, then how many
of the turns played it.  A test suite of the turns that lost games, for
settings the clock lets see further.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from pathlib import Path
from time import monotonic

from harness import SHARED, from_side, recorded_game

import lazytron.engines.chambers as chambers
from lazytron.board import CARDINALS, Board
from lazytron.bot import Bot
from lazytron.clock import OutOfTime
from lazytron.engines import CHAMBERS, configured
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.search import improvements

MOVE_NAMES = frozenset(move.name for move in CARDINALS)


def last_turn(boards: list, moves: list) -> int:
    """A record's last turn with a move in it: a record without its outcome has one position
    more than move pairs, one that goes on past it fewer.

    >>> last_turn(["b1", "b2", "b3"], [("N", "S"), ("E", "W")])
    2
    """
    return min(len(boards), len(moves))


def record_turns(bot: Bot, boards: list, moves: list) -> Iterator[tuple[int, Board]]:
    """(turn, board) of each turn of a record for ``bot`` to play, the record's move in the bot's
    seat played through its loop (the tree re-rooted) once the caller asks for the next turn."""
    # zip stops at last_turn
    for turn, (board, (mine, _)) in enumerate(zip(boards, moves, strict=False), 1):
        yield turn, board
        bot.advance(mine)


def elapsed(seconds: float) -> Callable[[], bool]:
    """A ``waiting`` for :meth:`Bot.think_on`: true once ``seconds`` from now have passed (the next
    turn's board arriving then)."""
    until = monotonic() + seconds
    return lambda: monotonic() >= until


def depths(
    boards: list, moves: list, turns: int, turn_time: float, memo: bool, ponder: float = 0.0
) -> list[int]:
    """The depth each turn's decision reached in the boards' seat (``me``), until the players are
    apart; with ``ponder`` seconds of pondering after each answer."""
    bot = Bot(engine=configured(CHAMBERS, [f"MEMO={memo}"]), turn_time=turn_time, ponder=ponder > 0)
    reached = []
    for _, board in islice(record_turns(bot, boards, moves), turns):
        decision = bot.play(board, monotonic())
        root = bot.root
        if root is None or root.kind is not Kind.CONNECTED:  # type: ignore[attr-defined]
            break
        reached.append(decision.depth)
        bot.think_on(elapsed(ponder))
    return reached


def timed_turn(
    boards: list, moves: list, turn: int, turn_time: float, options: list[str]
) -> Iterator[str]:
    """Lines of turn ``turn`` searched under the clock with the tree the game kept: each depth's
    root improvements and its end with their times, the depth the clock cut off, the move played."""
    bot = Bot(engine=configured(CHAMBERS, options), turn_time=turn_time)
    for before, board in record_turns(bot, boards, moves):
        if before == turn:
            break
        bot.play(board, monotonic())
    start = monotonic()
    lines: list[str] = []

    def printing(root: chambers.ChamberPosition, depth: int, check=None):  # type: ignore[no-untyped-def]
        found = None
        try:
            for found in improvements(root, depth, check):
                value, move = found
                lines.append(f"depth {depth}: {move.name} {value} at {monotonic() - start:.3f} s")
        except OutOfTime:
            lines.append(f"depth {depth}: cut off by the clock at {monotonic() - start:.3f} s")
            raise
        lines.append(f"depth {depth}: done at {monotonic() - start:.3f} s")
        return found

    searching, chambers.search = chambers.search, printing  # type: ignore[assignment]
    try:
        decision = bot.play(boards[turn - 1], start)
    finally:
        chambers.search = searching
    root = bot.root
    kind = root.kind.name.lower() if root is not None else "none"  # type: ignore[attr-defined]
    yield f"turn {turn} ({kind}), kept tree: {'yes' if turn > 1 else 'the first turn'}"
    yield from lines
    yield f"played {decision.move.name} {decision.score} at depth {decision.depth}"


class SuiteError(ValueError):
    """A suite line that is not ``SEAT TURN MOVE RECORD``."""


def suite_turns(lines: Iterable[str]) -> dict[tuple[str, int], dict[int, str]]:
    """A suite's turns by (record, seat): turn -> the better move's name; blank lines and ``#``
    comments skipped.

    >>> suite_turns(["# s42", "1 4 WEST /runs/g3.tron", "1 10 west /runs/g3.tron", ""])
    {('/runs/g3.tron', 1): {4: 'WEST', 10: 'WEST'}}
    >>> suite_turns(["3 4 WEST g.tron"])
    Traceback (most recent call last):
    kept_depth.SuiteError: line 1: not SEAT (1 or 2) TURN MOVE RECORD: '3 4 WEST g.tron'
    """
    suite: dict[tuple[str, int], dict[int, str]] = defaultdict(dict)
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split(maxsplit=3)
        move = fields[2].upper() if len(fields) == 4 else ""
        if (
            len(fields) < 4
            or fields[0] not in ("1", "2")
            or not fields[1].isdigit()
            or int(fields[1]) < 1
            or move not in MOVE_NAMES
        ):
            raise SuiteError(f"line {number}: not SEAT (1 or 2) TURN MOVE RECORD: {line.strip()!r}")
        suite[fields[3].strip(), int(fields[0])][int(fields[1])] = move
    return dict(suite)


def played_turns(
    boards: list, moves: list, turns: Iterable[int], turn_time: float, options: list[str]
) -> Iterator[tuple[int, str, int]]:
    """(turn, move name, depth) the bot decides at each of ``turns``, the record's turns before
    each played through its loop under the clock (its tree kept as in the game)."""
    bot = Bot(engine=configured(CHAMBERS, options), turn_time=turn_time)
    wanted = set(turns)
    for turn, board in record_turns(bot, boards, moves):
        if not wanted:
            return
        decision = bot.play(board, monotonic())
        if turn in wanted:
            wanted.discard(turn)
            yield turn, decision.move.name, decision.depth


def play_suite(args: argparse.Namespace) -> int:
    """``--suite``: each turn played again; 1 (a line on stderr) where the suite cannot be read."""
    try:
        suite = suite_turns(args.suite.read_text().splitlines())
        configured(CHAMBERS, args.option)  # a bad --option, before any search
    except (OSError, SuiteError, ValueError) as e:
        print(
            f"kept_depth: {args.suite}: {e}" if isinstance(e, SuiteError) else f"kept_depth: {e}",
            file=sys.stderr,
        )
        return 1
    found = total = 0
    for (name, seat), better in suite.items():
        path = args.suite.parent / name  # a relative record is found beside the suite
        if (game := recorded_game(path)) is None:
            print(f"kept_depth: {path}: not a readable record", file=sys.stderr)
            return 1
        boards, moves = from_side(*game, seat)
        last = last_turn(boards, moves)
        for turn in sorted(t for t in better if t > last):
            print(f"kept_depth: {path} has no turn {turn} with a move", file=sys.stderr)
        turns = [t for t in better if t <= last]
        for turn, move, depth in played_turns(boards, moves, turns, args.time, args.option):
            total += 1
            found += move == better[turn]
            print(
                f"{path} seat {seat} turn {turn}: {move} at depth {depth}, better {better[turn]}",
                flush=True,
            )
    settings = " ".join(args.option) or "the defaults"
    print(f"{settings}: the better move on {found} of {total} turns")
    return 0


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
    parser.add_argument("--record", type=Path, help="one record: search its turn --turn again")
    parser.add_argument("--turn", type=int, default=1, help="with --record: the turn (1)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        help="with --record or --suite: an engine option NAME=VALUE",
    )
    parser.add_argument("--suite", type=Path, help="a suite of turns: play each again (above)")
    parser.add_argument(
        "--ponder",
        type=float,
        default=0.0,
        metavar="S",
        help="compare no pondering with S seconds of it after each answer, not MEMO off and on",
    )
    args = parser.parse_args()
    if args.suite is not None:
        sys.exit(play_suite(args))
    if args.record is not None:
        sys.exit(one_turn(args))
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
        if args.ponder > 0:
            found = [
                depths(boards, moves, args.turns, args.time, True, s) for s in (0, args.ponder)
            ]
        else:
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
    what = f"pondering {args.ponder} s" if args.ponder > 0 else "MEMO"
    print(
        f"{len(pairs)} turns: median depth {statistics.median(off)} with {what} off, "
        f"{statistics.median(on)} on; on went deeper on {deeper}, less deep on {shallower}, "
        f"as deep on {len(pairs) - deeper - shallower}"
    )


def one_turn(args: argparse.Namespace) -> int:
    """``--record``: the turn searched again; 1 (a line on stderr) where it cannot be."""
    game = recorded_game(args.record)
    if game is None:
        print(f"kept_depth: {args.record}: not a readable record", file=sys.stderr)
        return 1
    boards, moves = from_side(*game, args.seat)
    if not 1 <= args.turn <= last_turn(boards, moves):
        print(f"kept_depth: {args.record} has no turn {args.turn} with a move", file=sys.stderr)
        return 1
    try:
        for line in timed_turn(boards, moves, args.turn, args.time, args.option):
            print(line, flush=True)
    except ValueError as e:  # a bad --option
        print(f"kept_depth: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    main()
