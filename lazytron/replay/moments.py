"""The turns that matter in an analysed replay: a side's score falling, the players separating, a
surprise.

- ``drop``: a side's score (from its own side) falls by more than a
  threshold from one position to the next: the turn it saw trouble coming;
- ``apart``: a position where the players can no longer meet, the one before not;
- ``surprise``: a side played a move other than the one the other side's
  expected line gave it, from turn :data:`SURPRISES_FROM` on: in the
  first turns many moves are about as good (the players are far apart),
  and a bot that searches a few plies picks among them by its own
  lights, so a different move there says nothing.

Each is a :class:`Moment`; ``replay --analyse`` lists them before the
positions, the page marks them on its chart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from ..board import Move
from .model import Analysis, Replay

DROP = 100  # the default threshold: ten cells of the zenzike engine's territory score
SURPRISES_FROM = 2  # the first turn whose surprises are listed (turns 0 and 1 are openings)


class Moment(NamedTuple):
    """A turn that matters: its position's number, the kind, the player concerned (None: both), the
    details."""

    turn: int
    kind: str  # "drop", "apart" or "surprise"
    player: int | None
    details: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        """The plain-text line, ``key=value`` words as the rest of the analysis.

        >>> str(Moment(7, "drop", 1, (("from", "40"), ("to", "-400"))))
        'moment turn=7 player=1 drop from=40 to=-400'
        >>> str(Moment(20, "apart", None))
        'moment turn=20 apart'
        """
        who = "" if self.player is None else f" player={self.player}"
        return f"moment turn={self.turn}{who} {self.kind}" + "".join(
            f" {k}={v}" for k, v in self.details
        )

    def describe(self) -> str:
        """The moment in words, for people.

        >>> Moment(9, "surprise", 2, (("played", "East"), ("expected", "South"))).describe()
        'turn 9: 2 played East where 1 expected South'
        """
        d = dict(self.details)
        if self.kind == "drop":
            return f"turn {self.turn}: {self.player}'s score fell from {d['from']} to {d['to']}"
        if self.kind == "apart":
            return f"turn {self.turn}: the players are apart"
        played, expected, other = d["played"], d["expected"], 3 - (self.player or 0)
        return f"turn {self.turn}: {self.player} played {played} where {other} expected {expected}"


def moments(
    replay: Replay,
    analysis_of: Callable[[int], Analysis],
    drop: int = DROP,
    turns: Iterable[int] | None = None,
) -> list[Moment]:
    """The moments of an analysed replay (at ``turns`` only, if given), by turn: drops, separation,
    surprises."""
    turns = range(len(replay.positions)) if turns is None else turns
    found = []
    for k in turns:
        found += [
            *_drops(analysis_of, k, drop),
            *_separation(analysis_of, k),
            *_surprises(replay, analysis_of, k),
        ]
    return found


def _drops(analysis_of: Callable[[int], Analysis], k: int, drop: int) -> Iterator[Moment]:
    if k == 0:
        return
    before, after = analysis_of(k - 1), analysis_of(k)
    for player, (a, b) in enumerate(
        zip((before.one, before.two), (after.one, after.two), strict=True), 1
    ):
        if a.score is not None and b.score is not None and a.score - b.score > drop:
            yield Moment(k, "drop", player, (("from", str(a.score)), ("to", str(b.score))))


def _separation(analysis_of: Callable[[int], Analysis], k: int) -> Iterator[Moment]:
    if analysis_of(k).apart and (k == 0 or not analysis_of(k - 1).apart):
        yield Moment(k, "apart", None)


def _surprises(replay: Replay, analysis_of: Callable[[int], Analysis], k: int) -> Iterator[Moment]:
    if k < SURPRISES_FROM or k >= len(replay.moves):
        return
    played, lines = replay.moves[k], analysis_of(k).lines
    for player in (1, 2):
        expected = lines[2 - player]  # the other side's line: its move, then this side's answer
        if len(expected) >= 2 and expected[1] != Move.NONE and played[player - 1] != expected[1]:
            details = (("played", str(played[player - 1])), ("expected", str(expected[1])))
            yield Moment(k, "surprise", player, details)
