"""``lazytron tournament --cluster``: a real Dask scheduler and worker processes on this machine (no
mock).

The same tournament is played here and on the cluster, and must give the
same games and table; a worker killed mid-game, a scheduler killed
mid-run and bots missing on a worker are met as the README says.
Skipped without ``distributed`` (``pip install 'lazytron[cluster]'``).
"""

from __future__ import annotations

import io
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import MAPS, ROOT, lazytron
from devtools import without_clock

from lazytron.cli.tournament import main
from lazytron.tournament.options import Options

pytest.importorskip("distributed")

PY = sys.executable
BOTS = [
    f"d1={PY} -m lazytron bot --depth 1",
    f"d2={PY} -m lazytron bot --depth 2",
    f"hugger={PY} -m lazytron.bots.hugger",
]
MAP_FILES = [
    str(MAPS / m) for m in ("pillars.txt", "gatehouse.txt")
]  # 3 bots x 2 seats x 2 maps: 12 games


class Cluster:
    """A scheduler and worker processes on this machine, each in a process group of its own."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        info = folder / "scheduler.json"
        self.scheduler = self._start(
            "scheduler",
            "distributed.cli.dask_scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(info),
        )
        deadline = time.monotonic() + 60
        while not (info.is_file() and info.read_text().strip()):
            assert time.monotonic() < deadline and self.scheduler.poll() is None, (
                folder / "scheduler.log"
            ).read_text()
            time.sleep(0.1)
        self.address = json.loads(info.read_text())["address"]
        self.workers: dict[str, subprocess.Popen] = {}

    def _start(
        self, name: str, module: str, *args: str, cwd: Path | None = None
    ) -> subprocess.Popen:
        log = open(self.folder / f"{name}.log", "wb")
        return subprocess.Popen(
            [PY, "-m", module, *args],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=cwd or ROOT,
            start_new_session=True,
        )

    def add_worker(self, name: str, cores: int = 2, cwd: Path | None = None) -> None:
        self.workers[name] = self._start(
            name,
            "distributed.cli.dask_worker",
            self.address,
            "--name",
            name,
            "--nthreads",
            "4",
            "--resources",
            f"cores={cores}",
            "--no-nanny",
            "--no-dashboard",
            cwd=cwd,
        )

    def wait_for_workers(self) -> None:
        from distributed import Client

        with Client(self.address, timeout=30) as client:
            client.wait_for_workers(len(self.workers), timeout=60)

    def kill(self, proc: subprocess.Popen) -> None:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()

    def close(self) -> None:
        for proc in [*self.workers.values(), self.scheduler]:
            self.kill(proc)


@pytest.fixture
def cluster(tmp_path):
    c = Cluster(tmp_path / "cluster")
    try:
        c.add_worker("w1")
        c.add_worker("w2")
        c.wait_for_workers()
        yield c
    finally:
        c.close()


def tournament(
    db: Path, cluster: str | None = None, bots: list[str] = BOTS
) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(Options(maps=MAP_FILES, bots=bots, db=str(db), cluster=cluster), out, err)
    return status, out.getvalue(), err.getvalue()


def games(db: Path) -> list[tuple]:
    with sqlite3.connect(db) as con:
        return con.execute(
            "SELECT game, result, turns, record, host FROM games ORDER BY game"
        ).fetchall()


def stored_yet(db: Path) -> bool:
    """Whether the run has stored a game (the database may still be being made)."""
    try:
        return db.is_file() and bool(games(db))
    except sqlite3.OperationalError:
        return False


@pytest.fixture(scope="module")
def here(tmp_path_factory):
    """The tournament played on this machine: its table and games."""
    db = tmp_path_factory.mktemp("local") / "local.db"
    status, out, err = tournament(db)
    assert status == 0, err
    return out, games(db)


def same_games(stored: list[tuple], local: list[tuple]) -> bool:
    return [g[:4] for g in stored] == [g[:4] for g in local]


def test_a_cluster_plays_the_same_games_and_table_as_this_machine(cluster, here, tmp_path):
    db = tmp_path / "cluster.db"
    status, out, err = tournament(db, cluster.address)
    assert status == 0, err
    table, local = here
    assert without_clock(out).startswith(
        without_clock(table)
    )  # then the results per host (answer times differ)
    stored = games(db)
    assert same_games(stored, local) and len(stored) == 12
    assert {g[4] for g in stored} == {socket.gethostname()}
    header, row = out.split("results per host:\n")[1].splitlines()
    assert row.split()[:2] == [socket.gethostname(), "12"]
    standings = {line.split()[1]: "-".join(line.split()[4:7]) for line in table.splitlines()[1:4]}
    # one host played every game
    assert dict(zip(header.split()[2:5], row.split()[2:5], strict=True)) == standings
    # two workers with cores=2 (and 4 threads each): never more than two games at once
    with sqlite3.connect(db) as con:
        spans = con.execute("SELECT started, started + seconds FROM games").fetchall()
    most = max(sum(1 for s, e in spans if s <= t < e) for t, _ in spans)
    assert most <= 2


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a worker's bots)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as f:
                if entry.isdigit() and int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
        except OSError:
            pass
    return found


def test_a_worker_killed_mid_game_loses_that_game_only(cluster, here, tmp_path):
    db = tmp_path / "cluster.db"
    run = subprocess.Popen(
        [
            PY,
            "-m",
            "lazytron",
            "tournament",
            *MAP_FILES,
            *(a for b in BOTS for a in ("--bot", b)),
            "--db",
            str(db),
            "--cluster",
            cluster.address,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    victim = cluster.workers["w1"]
    deadline = time.monotonic() + 60
    while not children(victim.pid):  # a game under way on w1: its bots are running
        assert time.monotonic() < deadline and run.poll() is None, "w1 never played a game"
        time.sleep(0.02)
    cluster.kill(victim)
    out, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    stored = games(db)
    assert [g[0] for g in stored] == list(range(1, 13))  # every game stored once
    assert same_games(stored, here[1]) and without_clock(out).startswith(without_clock(here[0]))


def test_a_scheduler_gone_stops_the_run_and_the_same_command_resumes(tmp_path, here):
    db = tmp_path / "cluster.db"
    first = Cluster(tmp_path / "first")
    try:
        first.add_worker("w1", cores=2)
        first.wait_for_workers()
        argv = [
            PY,
            "-m",
            "lazytron",
            "tournament",
            *MAP_FILES,
            *(a for b in BOTS for a in ("--bot", b)),
            "--db",
            str(db),
        ]
        run = subprocess.Popen(
            [*argv, "--cluster", first.address],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 120
        while not stored_yet(db):
            assert time.monotonic() < deadline and run.poll() is None, (
                run.stderr.read() if run.stderr else ""
            )
            time.sleep(0.05)
        first.kill(first.scheduler)
        out, err = run.communicate(timeout=120)
    finally:
        first.close()
    kept = games(db)
    assert run.returncode == 1 and 1 <= len(kept) < 12
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"lazytron tournament: lost the scheduler at {first.address}")
    assert last.endswith(
        f" after {len(kept)} of 12 games (stored in {db}; the same command resumes)"
    )
    again = Cluster(tmp_path / "again")
    try:
        again.add_worker("w1")
        again.wait_for_workers()
        done = subprocess.run(
            [*argv, "--cluster", again.address],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        again.close()
    assert done.returncode == 0, done.stderr
    stored = games(db)
    assert same_games(stored, here[1]) and without_clock(done.stdout).startswith(
        without_clock(here[0])
    )
    assert stored[: len(kept)] == kept or all(
        g in stored for g in kept
    )  # the kept games were not played again


def test_bots_missing_on_a_worker_are_named_before_any_game(tmp_path):
    """A bot whose script is where this process runs, and where w1 runs, but not where w2 runs."""
    there, bare = tmp_path / "there", tmp_path / "bare"
    (there / "bots").mkdir(parents=True)
    bare.mkdir()
    (there / "bots" / "hug.py").write_text("from lazytron.bots.hugger import main\nmain()\n")
    c = Cluster(tmp_path / "cluster")
    try:
        c.add_worker("w1", cwd=there)
        c.add_worker("w2", cwd=bare)
        c.wait_for_workers()
        os.chdir(there)
        try:
            status, _, err = tournament(
                tmp_path / "t.db", c.address, [BOTS[0], f"hug={PY} bots/hug.py", "x=no-such-bot"]
            )
        finally:
            os.chdir(ROOT)
    finally:
        c.close()
    assert status == 1
    (line,) = err.strip().splitlines()[-1:]
    assert (
        "bot hug: file 'bots/hug.py' not found on w2 (tcp://" in line
        and "on w1" not in line.split("bot x")[0]
    )
    assert "bot x: program 'no-such-bot' not found or not executable on w1 (tcp://" in line
    assert not (tmp_path / "t.db").exists() or not games(tmp_path / "t.db")


def test_without_distributed_cluster_says_how_to_install_it(tmp_path):
    code = (
        "import sys; sys.modules['distributed'] = None\n"  # as if it were not installed
        "from lazytron.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    done = subprocess.run(
        [
            PY,
            "-c",
            code,
            "tournament",
            *MAP_FILES,
            *(a for b in BOTS for a in ("--bot", b)),
            "--db",
            str(tmp_path / "t.db"),
            "--cluster",
            "tcp://127.0.0.1:1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert (
        done.stderr == "lazytron tournament: --cluster needs Dask's distributed: "
        "pip install 'lazytron[cluster]'\n"
    )


def test_an_unreachable_scheduler_is_one_line(tmp_path):
    done = lazytron(
        "tournament",
        *MAP_FILES,
        *(a for b in BOTS for a in ("--bot", b)),
        "--db",
        str(tmp_path / "t.db"),
        "--cluster",
        "tcp://127.0.0.1:9",
    )
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(
        "lazytron tournament: cannot reach the scheduler at tcp://127.0.0.1:9"
    )


def test_ctrl_c_stops_the_games_under_way_on_the_workers(cluster, tmp_path):
    """Bots that take 30 s over their first move: the workers' games end within seconds of Ctrl-C,
    not 30 s."""
    db = tmp_path / "cluster.db"
    bots = [f"slow={PY} {ROOT / 'tests' / 'bots' / 'testbot.py'} sleep", BOTS[2]]
    run = subprocess.Popen(
        [
            PY,
            "-m",
            "lazytron",
            "tournament",
            *MAP_FILES,
            *(a for b in bots for a in ("--bot", b)),
            "--db",
            str(db),
            "--first-time",
            "30",
            "--cluster",
            cluster.address,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers = [w.pid for w in cluster.workers.values()]
    deadline = time.monotonic() + 60
    while not all(children(pid) for pid in workers):  # a game under way on each worker
        assert time.monotonic() < deadline and run.poll() is None, "the workers never both played"
        time.sleep(0.05)
    time.sleep(3)  # well into the games: each worker has looked at the stop event already
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    last = err.strip().splitlines()[-1]
    assert (
        last == "lazytron tournament: interrupted after 0 of 4 games "
        f"(stored in {db}; the same command resumes)"
    )
    deadline = time.monotonic() + 10
    while any(children(pid) for pid in workers):  # the workers end their games' bots
        assert time.monotonic() < deadline, "a worker went on playing"
        time.sleep(0.1)
