"""Who plays whom, where, from which opening: the fixtures of a tournament, in pairs.

Every game has a twin: the same map, seed and opening with the two bots
in swapped seats, so that neither the seat nor the map favours a bot
over the pair (the pentanomial statistics count pairs).  A round robin
pairs every two bots; a gauntlet pairs one bot with each of the others
and nothing else.  Each round, map and pairing gets a seed of its own
(from the tournament's seed), and from it ``openings`` random safe move
pairs played before the bots take over.  The schedule is a pure function
of its arguments, so the same command makes the same fixtures again.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..board import Board
from ..match.mapgen import opening
from ..match.referee import Limits
from .task import Fixture

NAME = re.compile(r"[A-Za-z0-9._-]+")


@dataclass(frozen=True)
class Entrant:
    """A bot in the tournament: a short name, its command line and its time limits."""

    name: str
    command: str
    limits: Limits = Limits()


def parse_entrant(text: str) -> Entrant:
    """``NAME=CMD``; ValueError if the name is not letters, digits, '.', '_', '-' or the command is
    empty.

    >>> parse_entrant("d4=lazytron bot --depth 4")
    Entrant(name='d4', command='lazytron bot --depth 4', limits=Limits(first=3.0, turn=1.0))
    """
    name, sep, command = text.partition("=")
    if not sep or not NAME.fullmatch(name) or not command.strip():
        raise ValueError(
            f"--bot {text!r}: expected NAME=CMD, NAME of letters, digits, '.', '_' or '-'"
        )
    return Entrant(name, command)


def parse_time(text: str) -> tuple[str, Limits]:
    """``NAME=FIRST/TURN`` (seconds; ``NAME=TURN`` sets both); ValueError if malformed.

    >>> parse_time("new=3/0.5"), parse_time("old=2")
    (('new', Limits(first=3.0, turn=0.5)), ('old', Limits(first=2.0, turn=2.0)))
    """
    name, sep, value = text.partition("=")
    first, slash, turn = value.partition("/")
    try:
        limits = Limits(float(first), float(turn if slash else first))
    except ValueError:
        limits = Limits(0, 0)
    if (
        not sep
        or not NAME.fullmatch(name)
        or not (0 < limits.first < 1e6 and 0 < limits.turn < 1e6)
    ):
        raise ValueError(f"--time {text!r}: expected NAME=FIRST/TURN in seconds, e.g. new=3/1")
    return name, limits


def pairings(names: Sequence[str], gauntlet: str | None = None) -> list[tuple[str, str]]:
    """The pairs that meet: every two bots, or the gauntlet's bot with each other one.

    >>> pairings(["a", "b", "c"]), pairings(["a", "b", "c"], gauntlet="c")
    ([('a', 'b'), ('a', 'c'), ('b', 'c')], [('c', 'a'), ('c', 'b')])
    """
    if gauntlet is None:
        return list(combinations(names, 2))
    return [(gauntlet, other) for other in names if other != gauntlet]


def fixture_seed(seed: int, round: int, map_name: str, pair: tuple[str, str]) -> int:
    """A 31-bit seed for one pairing on one map in one round, the same on every machine.

    >>> (fixture_seed(1, 1, "m", ("a", "b")) == fixture_seed(1, 1, "m", ("a", "b"))
    ...  != fixture_seed(1, 2, "m", ("a", "b")))
    True
    """
    digest = hashlib.sha256(f"{seed}|{round}|{map_name}|{pair[0]}|{pair[1]}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def schedule(
    maps: Sequence[tuple[str, Board]],
    entrants: Sequence[Entrant],
    rounds: int = 1,
    openings: int = 0,
    seed: int = 0,
    gauntlet: str | None = None,
    rules: str = "simultaneous",
) -> Iterator[Fixture]:
    """The fixtures, round by round, map by map, pair by pair; games numbered from 1, pairs
    from 1."""
    by_name = {e.name: e for e in entrants}
    game = pair_number = 0
    for rnd in range(1, rounds + 1):
        for map_name, board in maps:
            for a, b in pairings([e.name for e in entrants], gauntlet):
                pair_number += 1
                s = fixture_seed(seed, rnd, map_name, (a, b))
                moves = "".join(one.letter + two.letter for one, two in opening(board, openings, s))
                for one, two in ((by_name[a], by_name[b]), (by_name[b], by_name[a])):
                    game += 1
                    yield Fixture(
                        game,
                        pair_number,
                        rnd,
                        map_name,
                        str(board),
                        (one.name, two.name),
                        (one.command, two.command),
                        (one.limits, two.limits),
                        rules,
                        s,
                        moves,
                    )
