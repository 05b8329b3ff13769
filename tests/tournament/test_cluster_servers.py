"""``--cluster`` against addresses and servers that are no Dask scheduler: one line, status 1,
within the stated bound (a bad address at once; 30 s at most), and a real scheduler that stops
answering mid-run.

The servers are real sockets on 127.0.0.1 (a thread of this process each), stopped after the test;
the scheduler is a real Dask scheduler process. Skipped without ``distributed``.
"""

from __future__ import annotations

import os
import shlex
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import MAPS, ROOT, lazytron

from lazytron.tournament.scheduler import ClusterError, check_address, within

pytest.importorskip("distributed")

PY = shlex.quote(sys.executable)
HUGGER = f"{PY} -m lazytron.bots.hugger"
BOUND = 30.0  # seconds: the most --cluster takes to give up on a server (--help says so)


def run(address: str, *more: str, db: Path) -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    done = lazytron(
        "tournament",
        str(MAPS / "pillars.txt"),
        "--bot",
        f"a={HUGGER}",
        "--bot",
        f"b={HUGGER}",
        "--db",
        str(db),
        "--cluster",
        address,
        *more,
    )
    return done, time.monotonic() - start


def one_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    return done.stderr.removeprefix("lazytron tournament: ").strip()


@pytest.mark.parametrize(
    "address, message",
    [
        ("not-a-url", "expected tcp://HOST:PORT"),
        ("", "expected tcp://HOST:PORT"),
        ("tcp://127.0.0.1", "expected tcp://HOST:PORT"),
        ("tcp://127.0.0.1:99999", "expected tcp://HOST:PORT"),
        ("http://127.0.0.1:8786", "expected tcp://HOST:PORT"),
        ("ucx://127.0.0.1:8786", "ucx:// needs UCX-Py"),
        ("tls://127.0.0.1:8786", "tls:// needs certificates"),
        ("inproc://x", "inproc:// reaches only a scheduler inside its own process"),
        ("ws://127.0.0.1:8786", "over tcp:// only"),
    ],
)
def test_a_malformed_or_unsupported_address_is_refused_at_once(tmp_path, address, message):
    done, seconds = run(address, db=tmp_path / "t.db")
    assert message in one_line(done) and seconds < 10  # no connection tried: Python's start-up
    assert not (tmp_path / "t.db").exists()


def test_addresses_dask_takes_are_taken():
    assert check_address("tcp://127.0.0.1:8786") == ("tcp", "127.0.0.1", 8786)
    assert check_address("alpha.example:8786") == ("tcp", "alpha.example", 8786)
    assert check_address("tcp://[::1]:8786") == ("tcp", "::1", 8786)


def test_within_bounds_a_call_and_passes_on_its_result_and_errors():
    assert within(1, "quick", lambda x: x + 1, 1) == 2
    with pytest.raises(ZeroDivisionError):
        within(1, "failing", lambda: 1 / 0)
    start = time.monotonic()
    with pytest.raises(ClusterError, match="stuck: no answer within 0.2 s"):
        within(0.2, "stuck", time.sleep, 5)
    assert time.monotonic() - start < 1


class Server:
    """A TCP server on 127.0.0.1 that does one thing with every connection, in a thread."""

    def __init__(self, behaviour: str) -> None:
        self.behaviour = behaviour
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.socket.settimeout(0.2)
        self.address = f"tcp://127.0.0.1:{self.socket.getsockname()[1]}"
        self.connections: list[socket.socket] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while not self.stopping.is_set():
            try:
                connection, _ = self.socket.accept()
            except TimeoutError:
                continue
            self.connections.append(connection)
            try:
                self.answer(connection)
            except OSError:
                pass

    def answer(self, connection: socket.socket) -> None:
        if self.behaviour == "garbage":  # at once, as a scheduler greets
            connection.sendall(bytes(range(256)) * 4)
        elif self.behaviour == "huge":  # a frame length of 8 GiB: Dask would allocate it
            connection.sendall(struct.pack("Q", 8 << 30))
        elif self.behaviour == "http":  # answers once asked, as web servers do
            connection.settimeout(BOUND)
            if connection.recv(4096):
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        # "silent": takes the connection, says nothing

    def close(self) -> None:
        self.stopping.set()
        self.thread.join()
        for connection in [*self.connections, self.socket]:
            connection.close()


@pytest.fixture
def server(request) -> Iterator[Server]:
    s = Server(request.param)
    yield s
    s.close()


@pytest.mark.parametrize(
    "server, message",
    [
        ("silent", "took the connection but said nothing in 10 s"),
        ("http", "took the connection but said nothing in 10 s"),
        ("garbage", "does not speak Dask's protocol (it announced a frame of"),
        ("huge", "does not speak Dask's protocol (it announced a frame of 8589934592 bytes)"),
    ],
    indirect=["server"],
)
def test_a_server_that_is_no_scheduler_is_one_line_within_the_bound(tmp_path, server, message):
    done, seconds = run(server.address, db=tmp_path / "t.db")
    line = one_line(done)
    assert line.startswith(f"the server at {server.address} ") and message in line, line
    assert seconds < BOUND and not (tmp_path / "t.db").exists()
    assert server.connections  # it was asked


def test_nothing_listening_is_one_line(tmp_path):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
    done, seconds = run(f"127.0.0.1:{port}", db=tmp_path / "t.db")
    assert (
        one_line(done)
        == f"cannot reach the scheduler at tcp://127.0.0.1:{port}: Connection refused"
    )


def test_a_scheduler_that_stops_answering_mid_run_ends_it_with_the_games_kept(tmp_path):
    """SIGSTOP the scheduler after a game is stored: no game finishes any more, and the run stops
    once the longest game could have lasted plus 30 s (here 1 + 0.5 x 4 + 30 = 33 s)."""
    from test_cluster import Cluster

    corridor = tmp_path / "corridor.txt"
    corridor.write_text("7 3\n#######\n#1   2#\n#######\n")
    db = tmp_path / "t.db"
    cluster = Cluster(tmp_path / "cluster")
    try:
        cluster.add_worker("w1")
        cluster.wait_for_workers()
        start = time.monotonic()
        argv = [sys.executable, "-m", "lazytron", "tournament", str(corridor), "--bot",
                f"a={HUGGER}", "--bot", f"b={HUGGER}", "--rounds", "200", "--first-time", "1",
                "--turn-time", "0.5", "--db", str(db), "--cluster", cluster.address]  # fmt: skip
        playing = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        while not stored(db):
            assert time.monotonic() - start < 120 and playing.poll() is None
            time.sleep(0.1)
        os.kill(cluster.scheduler.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        _, err = playing.communicate(timeout=120)
        seconds = time.monotonic() - stopped
    finally:
        os.kill(cluster.scheduler.pid, signal.SIGCONT)
        cluster.close()
    kept = stored(db)
    lines = [line for line in err.decode().splitlines() if not line.startswith("[")]
    assert playing.returncode == 1 and "Traceback" not in err.decode()
    why = lines[-1].removeprefix("lazytron tournament: ")
    # whichever comes first: no game in the bound, or Dask's client giving the connection up
    assert why.startswith(
        (
            f"no game finished in 33 s: the scheduler at {cluster.address} or its workers "
            "stopped answering after ",
            f"lost the scheduler at {cluster.address} after ",
        )
    )
    assert why.endswith(f" {kept} of 400 games (stored in {db}; the same command resumes)")
    assert seconds < 33 + 2 * 5 + 10  # the bound, the goodbyes, slack for a loaded machine


def stored(db: Path) -> int:
    try:
        with sqlite3.connect(db) as con:
            return int(con.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_a_dask_worker_given_for_the_scheduler_is_named_as_what_it_is(tmp_path):
    from distributed import Client
    from test_cluster import Cluster

    cluster = Cluster(tmp_path / "cluster")
    try:
        cluster.add_worker("w1")
        cluster.wait_for_workers()
        with Client(cluster.address, timeout=30) as client:
            (worker,) = client.scheduler_info(n_workers=-1)["workers"]
        done, seconds = run(worker, db=tmp_path / "t.db")
    finally:
        cluster.close()
    assert (
        one_line(done) == f"the server at {worker} is not a Dask scheduler (it answers as Worker)"
    )
    assert seconds < BOUND
