"""Playing a tournament's fixtures: resume from the database, store each game as it ends, report,
stop on the SPRT.

The coordinator is the only writer: a runner (:mod:`.task`) plays the
fixtures not yet stored and yields results as they come; each is stored
at once, counted on the progress bar, and every ``report_every`` games
the table so far goes to stderr.  Under an SPRT the run stops as soon as
the test is decided (the games under way are ended).  However the loop
ends (the last game, the SPRT, Ctrl-C, SIGTERM or an error) the runner
is closed first, which ends every bot.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import TextIO

from ..match.processes import BotError, uninterrupted
from ..ratings.stats import Sprt
from ..term.progress import Bar
from ..term.safe import printable
from . import store
from .table import Played, format_table, result_words, verdict
from .task import Fixture, GameResult, Runner


def run_key(settings: dict[str, object]) -> str:
    """The key of a run: a digest of what decides its games.

    >>> run_key({"a": 1}) == run_key({"a": 1}) != run_key({"a": 2})
    True
    """
    return hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:32]


@dataclass
class Plan:
    """A tournament to play: its fixtures, bots and maps, the bot under test and its SPRT (if
    any)."""

    fixtures: list[Fixture]
    names: list[str]
    maps: list[str]
    settings: dict[str, object]
    bot: str | None = None
    sprt: Sprt | None = None
    report_every: int = 0
    command: str | None = None  # the command line that started the run, None if not known
    played: list[Played] = field(default_factory=list)

    def table(self) -> str:
        return format_table(self.played, self.names, self.maps, self.bot, self.sprt)

    def decided(self) -> str | None:
        """'H0' or 'H1' once the SPRT is decided, else None."""
        if self.sprt is None or self.bot is None:
            return None
        return verdict(self.played, self.bot, self.sprt)[0]


class Progress:
    """A progress bar on a terminal, one line per game elsewhere."""

    def __init__(self, total: int, done: int, stream: TextIO = sys.stderr) -> None:
        self.bar = Bar(total - done, "games", stream)  # the bar counts the games this command plays
        self.before, self.total = done, total
        self.stream = stream

    def update(self, fixture: Fixture, result: GameResult) -> None:
        """Count a finished game."""
        self.bar.advance()
        if not self.bar.tty:
            one, two = fixture.names
            self.stream.write(
                printable(
                    f"[{self.before + self.bar.done}/{self.total}] game {fixture.game} "
                    f"{fixture.map_name}: {one} vs {two}: {result_words(fixture, result)}"
                )
                + "\n"
            )
            self.stream.flush()

    def end(self) -> None:
        """Leave the bar's line (when the games are over or stopped)."""
        self.bar.end()


def resume(db: store.Database, plan: Plan) -> tuple[int, list[Fixture]]:
    """The run's id in the database and the fixtures still to play; its stored games go to
    ``plan.played``."""
    # the command is kept with the run (the first that started it) but is not part of its key
    run = store.open_run(db, run_key(plan.settings), {**plan.settings, "command": plan.command})
    plan.command = store.settings(db, run).get("command")  # type: ignore[assignment]
    plan.played = [(g.fixture, g.result) for g in store.games(db, [run])]
    done = {f.game for f, _ in plan.played}
    return run, [f for f in plan.fixtures if f.game not in done]


def play(db: store.Database, plan: Plan, runner: Runner, err: TextIO = sys.stderr) -> str | None:
    """Play what is left of the plan, storing every game; the SPRT's verdict if it stopped the run.

    KeyboardInterrupt (Ctrl-C, SIGTERM) and errors pass through once the
    games under way are ended; the stored games stay.
    """
    run, todo = resume(db, plan)
    if (answer := plan.decided()) is not None or not todo:
        return answer
    by_game = {f.game: f for f in todo}
    progress = Progress(len(plan.fixtures), len(plan.played), err)
    try:
        with closing(runner(iter(todo))) as results:
            for result in results:
                fixture = by_game[result.game]
                with uninterrupted():  # a game stored is a game counted
                    store.save(db, run, fixture, result)
                    plan.played.append((fixture, result))
                progress.update(fixture, result)
                if (broken := never_started(plan.played, fixture, result)) is not None:
                    raise BotError(broken)
                if plan.report_every and len(plan.played) % plan.report_every == 0:
                    _report(plan, err, progress)
                if (answer := plan.decided()) is not None:
                    return answer
    finally:
        progress.end()
    return None


def _answered(result: GameResult, seat: int) -> bool:
    """Whether the bot in ``seat`` (0 or 1) gave a move in the game."""
    return any(times[seat] is not None for times in result.times)


def never_started(played: Sequence[Played], fixture: Fixture, result: GameResult) -> str | None:
    """Why the tournament cannot go on, where a bot of this game exited before its first move and
    has given no move in any game of the run (its command is wrong); else None."""
    for seat, fault in enumerate(result.faults):
        if not fault or not fault.startswith(("exited", "closed")) or _answered(result, seat):
            continue
        name = fixture.names[seat]
        if not any(_answered(r, s) for f, r in played for s in (0, 1) if f.names[s] == name):
            return (
                f"bot {name} {fault} before its first move (game {fixture.game},"
                f" {fixture.map_name}); run its command alone to see why"
            )
    return None


def _report(plan: Plan, err: TextIO, progress: Progress) -> None:
    """The table so far on stderr, between progress bars."""
    progress.end()
    err.write(f"\nafter {len(plan.played)} of {len(plan.fixtures)} games:\n{plan.table()}\n")
    err.flush()


def stored(db: store.Database, run_ids: Sequence[int]) -> list[Played]:
    """The games of these runs."""
    return [(g.fixture, g.result) for g in store.games(db, run_ids)]
