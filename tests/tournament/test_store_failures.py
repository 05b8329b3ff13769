"""The results database failing: at open, in the middle of a run, at ``--report``. Every failure is
one line naming the database and the cause, status 1, no traceback, the games already stored kept.

Real files, real locks held by another process, a real full disk (a small tmpfs, where this user may
mount one; SQLite's ``max_page_count`` otherwise), a real user that cannot write (``nobody``, where
the tests run as root).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import pytest
from conftest import ROOT, lazytron

from lazytron.files import lock_holders
from lazytron.tournament import store
from lazytron.tournament.task import Fixture, GameResult

pytestmark = pytest.mark.slow  # most tests here start bot programs

PY = shlex.quote(sys.executable)
HUGGER = f"{PY} -m lazytron.bots.hugger"
LOCKER = (  # holds the database's write lock until killed
    "import sqlite3, sys, time\n"
    "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
    "db.execute('BEGIN EXCLUSIVE')\n"
    "print('locked', flush=True)\n"
    "time.sleep(600)\n"
)


@pytest.fixture
def corridor(tmp_path: Path) -> str:
    path = tmp_path / "corridor.txt"
    path.write_text("7 3\n#######\n#1   2#\n#######\n")
    return str(path)


def tournament(corridor: str, db: str, *more: str, **kwargs) -> subprocess.CompletedProcess:
    bots = ["--bot", f"a={HUGGER}", "--bot", f"b={HUGGER}"]
    return lazytron("tournament", corridor, *bots, "--db", db, *more, **kwargs)


def one_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, done.stderr
    lines = [line for line in done.stderr.splitlines() if not line.startswith("[")]  # progress
    assert "Traceback" not in done.stderr and len(lines) == 1, done.stderr
    return lines[0].removeprefix("lazytron tournament: ")


def stored(db: str | Path) -> int:
    with closing(sqlite3.connect(db)) as con:
        return int(con.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def test_a_directory_or_a_missing_directory_is_refused_before_any_game(tmp_path, corridor):
    assert one_line(tournament(corridor, str(tmp_path))) == f"{tmp_path}: is a directory"
    missing = tmp_path / "no" / "t.db"
    assert one_line(tournament(corridor, str(missing))) == f"{missing}: no such directory"
    report = lazytron("tournament", "--report", str(tmp_path))
    assert one_line(report) == f"{tmp_path}: is a directory"


def test_a_read_only_database_is_refused_before_any_game_and_still_reported(tmp_path, corridor):
    db = tmp_path / "t.db"
    assert tournament(corridor, str(db)).returncode == 0
    db.chmod(0o444)
    assert one_line(tournament(corridor, str(db), "--rounds", "2")) == f"{db}: read-only file"
    assert stored(db) == 2
    report = lazytron("tournament", "--report", str(db))
    assert report.returncode == 0 and report.stdout.startswith("rank")


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A folder every user can enter (pytest's own is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="lazytron-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def as_nobody(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*NOBODY, sys.executable, "-m", "lazytron", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root and setpriv"
)
def test_a_user_that_cannot_write_the_database_or_its_folder(shared_folder):
    corridor = shared_folder / "corridor.txt"
    corridor.write_text("7 3\n#######\n#1   2#\n#######\n")
    bots = ["--bot", f"a={HUGGER}", "--bot", f"b={HUGGER}"]
    assert lazytron("tournament", str(corridor), *bots, "--db", str(shared_folder / "t.db"))
    (shared_folder / "t.db").chmod(0o444)  # root's, 0444, in root's folder
    bots = ["--bot", "a=cat", "--bot", "b=cat"]  # nobody may not run this Python's bots
    done = as_nobody("tournament", "corridor.txt", *bots, "--db", "t.db", cwd=shared_folder)
    assert one_line(done) == "t.db: read-only file"
    done = as_nobody("tournament", "corridor.txt", *bots, "--db", "new.db", cwd=shared_folder)
    assert one_line(done) == (
        f"new.db: cannot create files in {shared_folder} "
        "(SQLite keeps its journal beside the database)"
    )
    report = as_nobody("tournament", "--report", "t.db", cwd=shared_folder)
    assert report.returncode == 0 and report.stdout.startswith("rank"), report.stderr


def damage(db: Path, page: int = 2) -> None:
    """Overwrite one page of the database with 0xff bytes."""
    with closing(sqlite3.connect(db)) as con:
        size = con.execute("PRAGMA page_size").fetchone()[0]
    with open(db, "r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\xff" * size)


def test_a_damaged_page_is_one_line_when_resumed_and_reported(tmp_path, corridor):
    db = tmp_path / "t.db"
    assert tournament(corridor, str(db), "--rounds", "3").returncode == 0
    damage(db)
    line = one_line(tournament(corridor, str(db), "--rounds", "4"))
    assert line.startswith(f"{db}: the database is damaged (database disk image is malformed)")
    line = one_line(lazytron("tournament", "--report", str(db)))
    assert line == f"{db}: the database is damaged (database disk image is malformed)"


@pytest.fixture
def locker() -> Iterator[Callable[[Path], int]]:
    """Start a process holding a database's write lock; ended after the test."""
    started: list[subprocess.Popen] = []

    def lock(db: Path) -> int:
        proc = subprocess.Popen([sys.executable, "-c", LOCKER, str(db)], stdout=subprocess.PIPE)
        started.append(proc)
        assert proc.stdout is not None and proc.stdout.readline() == b"locked\n"
        return proc.pid

    yield lock
    for proc in started:
        proc.kill()
        proc.wait()


def test_a_database_locked_at_the_start_names_who_holds_it(tmp_path, corridor, locker):
    db = tmp_path / "t.db"
    assert tournament(corridor, str(db)).returncode == 0
    pid = locker(db)
    start = time.monotonic()
    line = one_line(tournament(corridor, str(db), "--rounds", "2", "--db-wait", "1"))
    assert line.startswith(f"{db}: locked by pid {pid} (python") and "for more than 1 s" in line
    assert time.monotonic() - start < 30 and stored(db) == 2


def test_a_database_locked_mid_run_ends_it_with_the_games_kept(tmp_path, corridor, locker):
    db = tmp_path / "t.db"
    bots = ["--bot", f"a={HUGGER}", "--bot", f"b={HUGGER}"]
    argv = [sys.executable, "-m", "lazytron", "tournament", corridor, *bots, "--rounds", "200"]
    argv += ["--db", str(db), "--db-wait", "1"]
    run = subprocess.Popen(
        argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 60
    while not (db.exists() and stored_now(db)):
        assert time.monotonic() < deadline and run.poll() is None
        time.sleep(0.05)
    pid = locker(db)
    _, err = run.communicate(timeout=60)
    kept = stored(db)  # readers are not blocked by a writer in WAL mode
    assert run.returncode == 1 and "Traceback" not in err
    last = err.splitlines()[-1]
    assert last.startswith(f"lazytron tournament: {db}: locked by pid {pid} (python")
    assert last.endswith(f") for more than 1 s; {kept} of 400 games stored") and 1 <= kept < 400


def stored_now(db: Path) -> int:
    try:
        return stored(db)
    except sqlite3.Error:
        return 0


@pytest.fixture
def small_disk(tmp_path) -> Iterator[Path]:
    """A 96 KiB tmpfs, or skip where this user may not mount one."""
    folder = tmp_path / "small"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=True)


def test_a_disk_that_fills_up_mid_run_ends_it_with_the_games_kept(corridor, small_disk):
    db = small_disk / "t.db"
    line = one_line(tournament(corridor, str(db), "--rounds", "500"))
    kept = stored(db)
    assert line == f"{db}: the disk is full (database or disk is full); {kept} of 1000 games stored"
    assert 1 <= kept < 1000


FIXTURE = Fixture(1, 1, 1, "m", "5 3\n#####\n#1 2#\n#####\n", ("a", "b"), ("a", "b"))
RESULT = GameResult(1, "D", "Players collided. Draw!", 1, "+OK|...|+OK\n", "x" * 100_000)


def test_a_full_database_is_one_line_without_a_small_disk(tmp_path):
    """SQLite's max_page_count makes the database full at its current size: SQLITE_FULL."""
    db = store.connect(str(tmp_path / "t.db"))
    run = store.open_run(db, "k", {})
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(store.StoreError) as caught:
        store.save(db, run, FIXTURE, RESULT)
    assert str(caught.value) == f"{tmp_path / 't.db'}: the disk is full (database or disk is full)"
    db.close()


def test_a_database_opened_read_only_refuses_a_game_in_one_line(tmp_path):
    path = str(tmp_path / "t.db")
    db = store.connect(path)
    run = store.open_run(db, "k", {})
    db.close()
    db = store.open_readonly(path)
    with pytest.raises(store.StoreError, match=r"t\.db: cannot be written \(attempt to write a "):
        store.save(db, run, FIXTURE, RESULT)
    db.close()


def test_lock_holders_names_the_process_holding_a_lock(tmp_path, locker):
    db = tmp_path / "t.db"
    with closing(sqlite3.connect(db)) as con:
        con.execute("CREATE TABLE t (x)")
    assert lock_holders([str(db)]) == []
    pid = locker(db)
    (holder,) = lock_holders([str(db), str(db) + "-journal"])
    assert holder.startswith(f"pid {pid} (python")
