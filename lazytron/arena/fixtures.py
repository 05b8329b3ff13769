"""A tournament's games before and after they are played: entrants, fixtures, results and the schedule."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations
from typing import Sequence

from ..board import Board
from .rules import Outcome

NAME = re.compile(r"[A-Za-z0-9._-]+")


@dataclass(frozen=True)
class Entrant:
    """A bot in the tournament: a short name and its command line."""

    name: str
    command: str


def parse_entrant(text: str) -> Entrant:
    """``NAME=CMD``; ValueError if the name is not letters, digits, '.', '_', '-' or the command is empty."""
    name, sep, command = text.partition("=")
    if not sep or not NAME.fullmatch(name) or not command.strip():
        raise ValueError(f"--bot {text!r}: expected NAME=CMD, NAME of letters, digits, '.', '_' or '-'")
    return Entrant(name, command)


@dataclass(frozen=True)
class Fixture:
    """One game to play: its number, map, round and the two entrants (player 1 first)."""

    number: int
    map_name: str
    board: Board
    round: int
    players: tuple[Entrant, Entrant]

    @property
    def stem(self) -> str:
        """The file name (without extension) of its record and log."""
        one, two = self.players
        return f"{self.map_name}__{one.name}__{two.name}__{self.round}"


@dataclass(frozen=True)
class Result:
    """A played game: its fixture, outcome, number of turns, and why a player gave no move (if one did)."""

    fixture: Fixture
    outcome: Outcome
    turns: int
    faults: tuple[str | None, str | None]

    def points(self, player: int) -> float:
        """Points of player 1 or 2: 1 for a win, 1/2 for a draw."""
        winner = self.outcome.winner
        return 0.5 if winner is None else float(winner == player)


def schedule(maps: Sequence[tuple[str, Board]], entrants: Sequence[Entrant], rounds: int = 1) -> list[Fixture]:
    """Every ordered pair of entrants on every map, ``rounds`` times."""
    games = [
        (name, board, r, pair)
        for r in range(1, rounds + 1)
        for name, board in maps
        for pair in permutations(entrants, 2)
    ]
    return [Fixture(n, name, board, r, pair) for n, (name, board, r, pair) in enumerate(games, 1)]
