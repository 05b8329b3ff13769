"""Playing a tournament's games on a Dask cluster: ``lazytron tournament ... --cluster
tcp://HOST:8786``.

This process stays the coordinator: it connects to the scheduler, checks
every bot command on every worker, sends each game there as a task
(:func:`.task.play` with its :class:`~.task.Fixture`: plain data, no file
and no database) and gets back its :class:`~.task.GameResult`; only
here are results stored and files written.

Each game holds two units of the workers' ``cores`` resource (one core
for each timed bot), so a worker started with ``--resources cores=N``
plays at most N // 2 games at once.  Dask plays a game again on another
worker when its worker dies; when the scheduler goes away, or no game has
finished for longer than a game can last plus :data:`STALL_MARGIN` (a
scheduler or workers that stopped answering), the run stops with
:class:`ClusterError`, the finished games already stored.  Every question
to the scheduler has a bound (:mod:`.scheduler`).
``distributed`` is an optional extra, imported only here.
"""

from __future__ import annotations

import os
import shutil
import time
import uuid
from collections.abc import Generator, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..match.processes import BotError, split_command
from ..reading import parse_board
from ..term.render import columns
from .scheduler import ANSWER_TIMEOUT, CONNECT_TIMEOUT, ClusterError, probe, quiet, url, within
from .table import Played, timed_out
from .task import Fixture, GameResult, Runner, play

if TYPE_CHECKING:
    from distributed import Client

INSTALL = "--cluster needs Dask's distributed: pip install 'lazytron[cluster]'"
RESOURCE = "cores"
CORES_PER_GAME = 2  # each of the game's two timed bots has a core of its own
LOST_AFTER = 10.0  # seconds without a scheduler before the run stops
POLL = 0.1  # seconds between looks at the games under way
STOP_CHECK = 1.0  # seconds between a worker's looks at the run's stop event
STALL_MARGIN = 30.0  # seconds added to the longest a game can last: no game done by then, stop
WORKERS_CHECK = 30.0  # seconds for every worker to say what it lacks
GOODBYE = 5.0  # seconds to tell the scheduler to stop the games, and to close the client


def connect(address: str, reach: float = CONNECT_TIMEOUT, answer: float = ANSWER_TIMEOUT) -> Client:
    """A client of the scheduler at ``address``; ClusterError if distributed is missing, the address
    malformed, or the scheduler unreachable, silent or something else (see :mod:`.scheduler`)."""
    where = url(address)  # a malformed address is refused before anything else
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(INSTALL) from None
    quiet()
    probe(where, reach, answer)
    try:
        return within(
            reach + answer,
            f"the scheduler at {where}",
            Client,
            where,
            timeout=reach,
            set_as_default=False,
        )
    except (OSError, TimeoutError) as e:
        raise ClusterError(f"cannot reach the scheduler at {where}: {e}") from None


def close(client: Client, seconds: float = GOODBYE) -> None:
    """Close the client, waiting at most ``seconds`` for the scheduler (gone or silent: no
    matter)."""
    try:
        within(seconds, "closing", client.close, timeout=seconds)
    except Exception:  # the scheduler is gone: nothing to say goodbye to
        pass


def local_files(command: str) -> list[str]:
    """The words of a command (after the program) that name files here: a worker must have them
    too."""
    return [word for word in split_command(command)[1:] if os.path.exists(word)]


def missing_here(commands: dict[str, tuple[str, list[str]]]) -> list[str]:
    """Run on a worker: what each bot lacks there (its program, the files its command names), one
    line each."""
    lines = []
    for name, (command, files) in commands.items():
        program = split_command(command)[0]
        if shutil.which(program) is None:
            lines.append(f"bot {name}: program {program!r} not found or not executable")
        lines += [
            f"bot {name}: file {path!r} not found" for path in files if not os.path.exists(path)
        ]
    return lines


def usable_workers(client: Client) -> dict[str, dict[str, Any]]:
    """The workers that can hold a game (at least two ``cores``); ClusterError if there is none."""
    where = client.scheduler.address
    info = within(ANSWER_TIMEOUT, f"the scheduler at {where}", client.scheduler_info, n_workers=-1)
    workers = info["workers"]
    if not workers:
        raise ClusterError(
            "the scheduler has no workers: "
            "start some with `dask worker ADDRESS --resources cores=N`"
        )
    able = {
        a: w
        for a, w in workers.items()
        if w.get("resources", {}).get(RESOURCE, 0) >= CORES_PER_GAME
    }
    if not able:
        raise ClusterError(
            f"no worker offers {CORES_PER_GAME} {RESOURCE}: "
            f"start workers with `--resources {RESOURCE}=N` (N: its cores)"
        )
    return able


def check_workers(client: Client, commands: dict[str, str]) -> list[str]:
    """Every usable worker's address; BotError naming what is missing where if a bot cannot start on
    some."""
    able = usable_workers(client)
    wanted = {name: (command, local_files(command)) for name, command in commands.items()}
    answers = within(
        WORKERS_CHECK,
        f"the workers of {client.scheduler.address}",
        client.run,
        missing_here,
        wanted,
        workers=list(able),
        on_error="return",
    )
    where: dict[str, list[str]] = {}  # what is missing: the workers it is missing on
    for address, answer in sorted(
        answers.items(), key=lambda item: _worker_name(item[0], able[item[0]])
    ):
        if isinstance(answer, BaseException):
            answer = [f"cannot run lazytron: {type(answer).__name__}: {answer}"]
        for line in answer:
            where.setdefault(line, []).append(_worker_name(address, able[address]))
    if where:
        raise BotError("; ".join(f"{line} on {', '.join(names)}" for line, names in where.items()))
    return sorted(able)


def _worker_name(address: str, info: dict[str, Any]) -> str:
    """A worker as the messages name it: its name if it has one of its own, and its address."""
    name = str(info.get("name", ""))
    return address if not name or name == address else f"{name} ({address})"


class _StopEvent:
    """The run's stop signal as a worker sees it: a Dask Event, looked at no more than once a
    second."""

    def __init__(self, name: str) -> None:
        self.name, self.seen, self.last = name, False, 0.0

    def __call__(self) -> bool:
        now = time.monotonic()
        if not self.seen and now - self.last >= STOP_CHECK:
            from distributed import Event

            self.last = now
            try:
                self.seen = Event(self.name).is_set()
            except Exception:  # no scheduler to ask: play on; the coordinator has stopped waiting
                pass
        return self.seen


def play_on_worker(fixture: Fixture, stop_event: str) -> GameResult:
    """The task a worker runs: :func:`.task.play`, ended early if the coordinator sets the run's
    stop event."""
    return play(fixture, _StopEvent(stop_event))


def longest_game(fixture: Fixture) -> float:
    """The most seconds a game can last: every turn a bot's whole time, as many turns as free cells.

    >>> from lazytron.match.referee import Limits
    >>> f = Fixture(1, 1, 1, "m", "5 3\\n#####\\n#1 2#\\n#####\\n", ("a", "b"), ("a", "b"),
    ...             (Limits(3, 1), Limits(2, 0.5)))
    >>> longest_game(f)  # 3 free cells: 3 s for the first turn, 1 s each for two more
    5.0
    """
    cells = parse_board(fixture.map_text).free.bit_count()
    first = max(limits.first for limits in fixture.limits)
    turn = max(limits.turn for limits in fixture.limits)
    return float(first + turn * max(cells - 1, 0))


def runner(client: Client, lost_after: float = LOST_AFTER, stall: float | None = None) -> Runner:
    """A runner sending every fixture to the cluster; results are yielded as games finish.

    Closing the iterator cancels the games not begun and tells those under
    way to stop.  ClusterError once the scheduler has been gone ``lost_after``
    seconds, or when no game has finished for ``stall`` seconds (by default
    the longest a game can last plus :data:`STALL_MARGIN`): a scheduler or
    workers that stopped answering.
    """

    def run(fixtures: Iterable[Fixture]) -> Generator[GameResult, None, None]:
        from distributed import Event

        address = client.scheduler.address
        stop_name = f"lazytron-stop-{uuid.uuid4().hex}"
        stop = Event(stop_name, client=client)
        todo = list(fixtures)
        bound = stall or max(map(longest_game, todo), default=0.0) + STALL_MARGIN
        pending = {_submit(client, f, stop_name) for f in todo}
        gone_since: float | None = None
        progress = time.monotonic()
        try:
            while pending:
                done = [f for f in pending if f.done()]
                if not done:
                    now = time.monotonic()
                    gone_since = None if _up(client) else (gone_since or now)
                    if gone_since is not None and now - gone_since >= lost_after:
                        raise ClusterError(f"lost the scheduler at {address}")
                    if now - progress >= bound:
                        raise ClusterError(
                            f"no game finished in {bound:g} s: the scheduler at {address} "
                            "or its workers stopped answering"
                        )
                    time.sleep(POLL)
                for future in done:
                    pending.discard(future)
                    progress = time.monotonic()
                    if (
                        future.status == "cancelled"
                    ):  # only the client cancels, losing the scheduler
                        raise ClusterError(f"lost the scheduler at {address}")
                    yield future.result(timeout=ANSWER_TIMEOUT)  # a failed game raises its error
        except (OSError, TimeoutError):
            raise ClusterError(f"lost the scheduler at {address}") from None
        finally:
            _stop(client, stop, list(pending))

    return run


def _submit(client: Client, fixture: Fixture, stop_name: str) -> Any:
    """Send one game to the cluster: a future of its result."""
    return client.submit(
        play_on_worker,
        fixture,
        stop_name,
        key=f"lazytron-game-{fixture.game}-{uuid.uuid4().hex[:8]}",
        resources={RESOURCE: CORES_PER_GAME},
        pure=False,
    )


def _up(client: Client) -> bool:
    return client.status == "running"


def _stop(client: Client, stop: Any, pending: Sequence[Any]) -> None:
    """Tell the games under way to stop and cancel the rest, waiting for the scheduler at most
    :data:`GOODBYE` seconds (nothing to do without one)."""
    if not _up(client) or not pending:
        return

    def both() -> None:
        stop.set()
        client.cancel(list(pending))

    try:
        within(GOODBYE, "stopping the games", both)
    except Exception:  # the scheduler went away or stopped answering meanwhile
        pass


def per_host(played: Sequence[Played], names: Sequence[str]) -> str:
    """The results of each host that played games: each bot's W-D-L there, time-outs, mean answer
    time.

    An unequal machine shows as a bot losing or timing out more there, or answering slower.
    """
    hosts = sorted({r.host for _, r in played})
    rows = [["host", "games", *names, "time-outs", "ms/move"]]
    for host in hosts:
        games = [(f, r) for f, r in played if r.host == host]
        wdl = {n: [0, 0, 0] for n in names}
        for f, r in games:
            for p in (1, 2):
                wdl[f.names[p - 1]][{1.0: 0, 0.5: 1, 0.0: 2}[r.points(p)]] += 1
        outs = sum(1 for _, r in games for fault in r.faults if timed_out(fault))
        answers = [t for _, r in games for turn in r.times for t in turn if t is not None]
        mean = f"{1000 * sum(answers) / len(answers):.0f}" if answers else "-"
        rows.append(
            [host, str(len(games)), *("-".join(map(str, wdl[n])) for n in names), str(outs), mean]
        )
    return "\n".join(["results per host:", *columns(rows, set(range(1, len(names) + 4)))]) + "\n"
