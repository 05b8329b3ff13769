"""``lazytron compare --bot``: another bot's games against lazytron's, move by move.

On every map, from both sides, the bot plays the opponent and so does
``lazytron bot --depth D``, under lazytron's referee.  The two games of a
pair are played in step, a turn of each at a time; they are identical when
every turn's moves are, and part at the first turn whose moves differ (both
games stop there).  The limits are generous by default: fixed-depth bots
are compared, not clocks.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from contextlib import ExitStack, closing
from dataclasses import dataclass
from typing import TextIO

from ..board import Board, BoardError, Move
from ..match.processes import BotError
from ..match.referee import Limits, Turn, referee
from ..match.rules import Outcome
from ..reading import load_board
from ..term.progress import Bar
from ..term.render import side_by_side
from ..term.safe import printable
from .common import InputError, checked_command


def lazytron_bot(depth: int) -> str:
    """The command line of lazytron's fixed-depth bot, with this interpreter."""
    return f"{shlex.quote(sys.executable)} -m lazytron bot --depth {depth}"


@dataclass(frozen=True)
class Pairing:
    """A pair of games to play: the map, and the side the compared bots play (1 or 2)."""

    path: str
    board: Board
    side: int

    def commands(self, bot: str, opponent: str) -> tuple[str, str]:
        """Player 1's and player 2's commands, ``bot`` on this pairing's side."""
        return (bot, opponent) if self.side == 1 else (opponent, bot)


@dataclass(frozen=True)
class Parting:
    """The turn on which two games part: the board before it and each game's turn."""

    theirs: Turn
    ours: Turn


@dataclass(frozen=True)
class PairResult:
    """A pair of games: identical (how many turns, how it ended) or where they part."""

    pairing: Pairing
    turns: int
    outcome: Outcome | None
    parting: Parting | None
    faults: tuple[str | None, str | None] = (
        None,
        None,
    )  # why a player gave no move on the last turn

    @property
    def identical(self) -> bool:
        return self.parting is None


def play_pair(
    pairing: Pairing, bot: str, opponent: str, depth: int, limits: Limits, rules: str
) -> PairResult:
    """Play the bot's game and lazytron's in step until they end or part; BotError if a bot cannot
    start."""
    played = 0
    with ExitStack() as stack:
        games = [
            stack.enter_context(
                closing(referee(pairing.board, pairing.commands(cmd, opponent), limits, rules))
            )
            for cmd in (bot, lazytron_bot(depth))
        ]
        # each game's last turn has its outcome, and the loop returns on the first one
        for theirs, ours in zip(*games, strict=False):
            if theirs.moves != ours.moves:
                return PairResult(pairing, played, None, Parting(theirs, ours))
            played = theirs.number
            if isinstance(theirs.after, Outcome):
                return PairResult(pairing, played, theirs.after, None, theirs.faults)
    raise AssertionError("a game ended without an outcome")


def load_pairings(paths: Sequence[str]) -> list[Pairing]:
    """Both sides of every map; InputError if a map cannot be read."""
    pairings = []
    for path in paths:
        try:
            board = load_board(path)
        except BoardError as e:
            raise InputError(str(e)) from None
        pairings += [Pairing(path, board, 1), Pairing(path, board, 2)]
    return pairings


# -- the report ---------------------------------------------------------------


def _move(turn: Turn, player: int) -> str:
    """A player's move in words, or why it gave none."""
    move = turn.moves[player - 1]
    return str(move) if move != Move.NONE else f"no move ({turn.faults[player - 1]})"


def parting_lines(result: PairResult) -> list[str]:
    """The board before the turn on which the games part, from the bots' side (itself 1), and both
    turns' moves."""
    assert result.parting is not None
    side = result.pairing.side
    other = 3 - side
    theirs, ours = result.parting.theirs, result.parting.ours
    board = theirs.board if side == 1 else theirs.board.swapped()
    marks = ["*" if theirs.moves[p - 1] != ours.moves[p - 1] else "" for p in (side, other)]
    return side_by_side(
        [
            [f"before turn {theirs.number}", *str(board).splitlines()],
            ["", *marks],
            ["the bot", _move(theirs, side), f"opponent: {_move(theirs, other)}"],
            ["lazytron", _move(ours, side), f"opponent: {_move(ours, other)}"],
        ]
    )


def result_lines(result: PairResult) -> list[str]:
    """One pair of games: a line if identical, else the turn they part on and the board."""
    pairing = result.pairing
    name = f"{pairing.path}, the bots as player {pairing.side}"
    if result.parting is None:
        turns = f"{result.turns} turn{'s' if result.turns != 1 else ''}"
        faults = "".join(
            f"; player {p} gave no move: {f}" for p, f in enumerate(result.faults, 1) if f
        )
        return [f"{name}: identical, {turns}, {result.outcome}{faults}"]
    side = pairing.side
    theirs, ours = result.parting.theirs, result.parting.ours
    if theirs.moves[side - 1] == ours.moves[side - 1]:
        why = "the opponent's moves differ: is it deterministic?"
    else:
        why = "the bots' moves differ"
    return [f"{name}: the games part on turn {theirs.number} ({why})", *parting_lines(result)]


def header(bot: str, opponent: str, depth: int) -> str:
    return f"the bot {bot!r} and 'lazytron bot --depth {depth}', each against {opponent!r}:"


def verdict(results: Sequence[PairResult]) -> str:
    parted = sum(not r.identical for r in results)
    if parted:
        return f"{parted} of {len(results)} pairs of games part"
    return f"all {len(results)} pairs of games are identical"


def run(
    bot: str,
    opponent: str,
    maps: Sequence[str],
    *,
    depth: int,
    limits: Limits,
    rules: str = "simultaneous",
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """The bot mode of ``compare``: 0 if every pair of games is identical, 1 if any part, 2 for bad
    input.

    Each pair's lines are printed as soon as it has been played; the verdict comes last.
    """
    try:
        checked_command("--bot", bot)
        checked_command("--opponent", opponent)
        pairings = load_pairings(maps)
    except InputError as e:
        print(printable(f"lazytron compare: {e}"), file=err)
        return 2
    out.write(header(bot, opponent, depth) + "\n")
    out.flush()
    bar = Bar(len(pairings), "pairs of games", err, delay=1.0)
    results = []
    try:
        for pairing in pairings:
            results.append(play_pair(pairing, bot, opponent, depth, limits, rules))
            bar.end(erase=True)
            out.write("".join(line + "\n" for line in result_lines(results[-1])))
            out.flush()
            bar.advance()
    except BotError as e:
        bar.end(erase=True)
        print(printable(f"lazytron compare: {e}"), file=err)
        return 2
    finally:
        bar.end(erase=True)
    out.write(f"\n{verdict(results)}\n")
    out.flush()
    return 0 if all(r.identical for r in results) else 1
