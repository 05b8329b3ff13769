"""Games per minute: one tournament played here, then on a local Dask cluster of N worker processes.

    python benchmarks/cluster.py [--workers 1 2 4] [--rounds 1]

The tournament: lazytron at depths 1 and 2 and the hugger, every pair on
the ten shipped maps from both seats (60 games a round), with the contest's
time limits.  First `lazytron tournament` as it runs by default (one game
per two cores), then `--cluster` against a scheduler and N workers started
here (`dask worker ... --nthreads 1 --resources cores=2`: one game at a
time each).  Each run has a fresh database; the wall time is the whole
command's, start-up and the workers' checks included.  On one machine N
workers share its cores, so this measures what a cluster costs and how its
games crowd the cores, not what more machines give.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
BOTS = {
    "d1": f"{PY} -m lazytron bot --depth 1",
    "d2": f"{PY} -m lazytron bot --depth 2",
    "hugger": f"{PY} -m lazytron.bots.hugger",
}


def tournament(db: Path, rounds: int, cluster: str | None) -> tuple[float, int]:
    """Seconds the command took and the games it stored."""
    argv = [
        PY,
        "-m",
        "lazytron",
        "tournament",
        *map(str, sorted((ROOT / "lazytron" / "maps").glob("*.txt"))),
        "--rounds",
        str(rounds),
        "--db",
        str(db),
    ]
    for name, command in BOTS.items():
        argv += ["--bot", f"{name}={command}"]
    if cluster:
        argv += ["--cluster", cluster]
    start = time.monotonic()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        sys.exit(f"benchmarks/cluster.py: the tournament failed: {done.stderr.strip()}")
    games = int(
        subprocess.run(
            [
                PY,
                "-c",
                "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("
                "'SELECT count(*) FROM games').fetchone()[0])",
                str(db),
            ],
            capture_output=True,
            text=True,
        ).stdout
    )
    return seconds, games


def start(folder: Path, workers: int) -> tuple[str, list[subprocess.Popen]]:
    """A scheduler and ``workers`` worker processes here; its address and the processes."""
    info = folder / "scheduler.json"
    procs = [
        subprocess.Popen(
            [
                PY,
                "-m",
                "distributed.cli.dask_scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--no-dashboard",
                "--scheduler-file",
                str(info),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    ]
    while not (info.is_file() and info.read_text().strip()):
        time.sleep(0.1)
    address = json.loads(info.read_text())["address"]
    for k in range(workers):
        procs.append(
            subprocess.Popen(
                [
                    PY,
                    "-m",
                    "distributed.cli.dask_worker",
                    address,
                    "--name",
                    f"w{k + 1}",
                    "--nthreads",
                    "1",
                    "--resources",
                    "cores=2",
                    "--no-nanny",
                    "--no-dashboard",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                cwd=ROOT,
            )
        )
    from distributed import Client

    with Client(address, timeout=30) as client:
        client.wait_for_workers(workers, timeout=60)
    return address, procs


def stop(procs: list[subprocess.Popen]) -> None:
    for proc in reversed(procs):
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{os.cpu_count()} cores (os.cpu_count), load average {os.getloadavg()[0]:.1f} at the start"
    )
    print(f"{'where':28} {'games':>5} {'seconds':>8} {'games/min':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        runs: list[tuple[str, str | None, int]] = [("here (default jobs)", None, 0)]
        runs += [(f"local cluster, {n} workers", "cluster", n) for n in args.workers]
        for k, (label, kind, n) in enumerate(runs):
            folder = Path(tmp) / str(k)
            folder.mkdir()
            procs: list[subprocess.Popen] = []
            try:
                address = None
                if kind:
                    address, procs = start(folder, n)
                seconds, games = tournament(folder / "t.db", args.rounds, address)
            finally:
                stop(procs)
            print(f"{label:28} {games:5d} {seconds:8.1f} {60 * games / seconds:9.1f}", flush=True)


if __name__ == "__main__":
    main()
