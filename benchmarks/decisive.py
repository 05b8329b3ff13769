"""The turns that lost games: where a deeper search plays another move than the one the chambers \
engine played.

    python benchmarks/decisive.py DIR [--bot chambers] [--deeper 4] [--below -2000] \
[--game N ...] [--option NAME=VALUE ...] [--ending drawn] [--ask NAME=COMMAND ...] [--suite FILE]

DIR is one opponent's directory of a ``benchmarks/strength.py`` run (its
``games.csv`` and ``games/``, the bot run with ``-v``).  For every game the
bot lost, each of its turns, up to the one whose logged score first fell
below ``--below``, is searched again from the bot's side with a fresh tree:
at the depth the bot completed in the game (its log), and 2, 4, ...
``--deeper`` plies deeper, each root move with its exact value (fixed
depths: the same on any machine).  Printed, for every turn where a deeper
search prefers another move than the one played: the turn, the depth the
bot reached, the move it played, then each depth's values (the best
first).  A turn with nothing printed was played as the deeper searches
would play it.  The last line of a game names its first such turn.
``--option NAME=VALUE`` searches with the engine's options set (the
engine of the run, if it played with others).  ``--ending drawn``
searches the drawn games instead of the lost ones (a draw the bot fell
behind in before it was saved).  ``--ask NAME=COMMAND`` gives each printed
turn's position, from the bot's seat, to another contest bot (a fresh
process, the position sent twice: its answer at its later moves' clock) and
prints the move it answers: does the opponent's engine find there what the
deeper search finds?  ``--suite FILE`` adds each printed turn to FILE as a
line ``SEAT TURN MOVE RECORD`` (MOVE: the deepest search's best), the suite
``benchmarks/kept_depth.py --suite FILE`` plays again under the clock.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from harness import game_from_side, games_ended, games_parser  # (puts the checkout first)

from lazytron.board import Board, Move
from lazytron.engines.chambers import DEFAULT, Settings, init_tree
from lazytron.engines.chambers.analysis import root_values
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.settings import with_options
from lazytron.match.processes import BotError, split_command
from lazytron.match.records import RecordError

LOGGED = re.compile(r"^turn=(\d+) depth=(\d+) score=(-?\d+|None) move=(\w+)", re.M)


def logged_turns(log: str, opened: int = 0) -> dict[int, tuple[int, int | None]]:
    """The bot's ``-v`` lines: the game's turn -> (depth completed, score).  The bot counts its
    own turns, and after an opening of ``opened`` turns (the referee's moves) its first is the
    game's turn ``opened + 1``.

    >>> logged_turns("turn=1 depth=30 score=0 move=South ms=2900\\n", opened=2)
    {3: (30, 0)}
    """
    return {
        int(t) + opened: (int(d), None if s == "None" else int(s))
        for t, d, s, _ in LOGGED.findall(log)
    }


def values_line(depth: int, values: dict[Move, int]) -> str:
    ranked = sorted(values.items(), key=lambda item: -item[1])
    return f"{depth}: " + " ".join(f"{move.name} {value}" for move, value in ranked)


def turns_that_differ(
    boards: list[Board],
    moves: list[Move],
    logged: dict[int, tuple[int, int | None]],
    deeper: int,
    below: int,
    settings: Settings = DEFAULT,
    opened: int = 0,
) -> Iterator[tuple[int, int, Move, list[str], Move | None]]:
    """(turn, depth, move played, lines of values, the deepest search's move) for each turn where a
    deeper search prefers another move (the last None where the deepest ties the move played);
    the ``opened`` turns of an opening (the referee's moves) are not searched."""
    for turn in range(opened + 1, len(moves) + 1):
        if turn not in logged:
            continue
        depth, score = logged[turn]
        root = init_tree(boards[turn - 1], settings)
        if root.kind is not Kind.CONNECTED or len(root.children) < 2:
            continue
        found = {
            d: root_values(root, d) for d in range(depth, depth + deeper + 1, 2)
        }  # exact values: one tree serves every depth
        if any(
            max(values.values()) > values[moves[turn - 1]]
            for d, values in found.items()
            if d > depth
        ):
            deepest = found[max(found)]
            best = max(deepest, key=deepest.__getitem__)
            yield (
                turn,
                depth,
                moves[turn - 1],
                [values_line(d, values) for d, values in found.items()],
                best if deepest[best] > deepest[moves[turn - 1]] else None,
            )
        if score is not None and score < below:
            return


def asked(command: str, board: Board, timeout: float = 15) -> str:
    """The move a contest bot (``command``, a fresh process) answers to ``board`` at its later
    moves' clock, by name: the position is sent twice and the second answer taken (the first
    move's clock is three times as long), its output's digits read as the referee reads them;
    what went wrong instead, in a few words."""
    try:
        program, *rest = split_command(command)
        proc = subprocess.run(
            [os.path.expanduser(program), *rest],
            input=str(board) * 2,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except BotError as e:  # an empty or badly quoted command
        return f"not run ({e})"
    except OSError as e:  # no such program
        return f"not run ({e.__class__.__name__})"
    except subprocess.TimeoutExpired:
        return f"no answer within {timeout:g} s"
    digits = [c for c in proc.stdout if c in "1234"]
    return Move(int(digits[1])).name if len(digits) > 1 else "no answer"


def ask_option(text: str) -> tuple[str, str]:
    """``NAME=COMMAND`` as (name, command).

    >>> ask_option("a1k0n=~/.cache/a1k0n/a1k0n")
    ('a1k0n', '~/.cache/a1k0n/a1k0n')
    """
    name, sep, command = text.partition("=")
    if not (sep and name and command.strip()):
        raise argparse.ArgumentTypeError(f"not NAME=COMMAND: {text!r}")
    return name, command


def main() -> int:
    parser = games_parser(__doc__)
    parser.add_argument(
        "--deeper", type=int, default=4, help="plies beyond the depth reached in the game (4)"
    )
    parser.add_argument(
        "--below",
        type=int,
        default=-2000,
        help="stop at the turn whose logged score falls below this (-2000)",
    )
    parser.add_argument(
        "--ending",
        choices=("lost", "drawn"),
        default="lost",
        help="the games to search: lost (the default) or drawn",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an engine option (repeatable)",
    )
    parser.add_argument(
        "--ask",
        type=ask_option,
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="a contest bot asked each printed turn's position (repeatable)",
    )
    parser.add_argument(
        "--suite",
        type=Path,
        metavar="FILE",
        help="add each printed turn to FILE: SEAT TURN MOVE RECORD (kept_depth.py --suite)",
    )
    args = parser.parse_args()
    try:
        settings = with_options(Settings(), args.option)
    except ValueError as e:
        print(f"decisive: {e}", file=sys.stderr)
        return 2
    if not (args.directory / "games.csv").is_file():
        print(f"decisive: {args.directory} has no games.csv", file=sys.stderr)
        return 2
    status = 0
    for game, side, opened in games_ended(args.directory, args.bot, args.ending, set(args.game)):
        stem = args.directory / "games" / f"game-{game:05d}"
        try:
            logged = logged_turns(stem.with_suffix(".log").read_text(errors="replace"), opened)
            boards, pairs = game_from_side(stem.with_suffix(".tron"), side)
        except (OSError, RecordError) as e:
            print(f"decisive: game {game}: {e}", file=sys.stderr)
            status = 1
            continue
        first = None
        print(f"game {game}, the bot as player {side}:")
        moves = [mine for mine, _ in pairs]
        for turn, depth, move, lines, best in turns_that_differ(
            boards, moves, logged, args.deeper, args.below, settings, opened
        ):
            first = first or turn
            print(f"  turn {turn}: played {move.name} at depth {depth}; " + "; ".join(lines))
            if args.suite is not None and best is not None:
                with open(args.suite, "a") as f:
                    f.write(f"{side} {turn} {best.name} {stem.with_suffix('.tron').resolve()}\n")
            for name, command in args.ask:
                print(f"    {name} plays {asked(command, boards[turn - 1])}")
        print(f"  first turn a deeper search plays otherwise: {first or 'none'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
