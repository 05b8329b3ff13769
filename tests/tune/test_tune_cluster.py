"""``lazytron tune --cluster``: the iterations' games played by a real Dask scheduler's workers on
this machine (127.0.0.1), as a tournament's are; the same path of θ as here.

Skipped without ``distributed`` (``pip install 'lazytron[cluster]'``).
"""

from __future__ import annotations

import io
import shlex
import sqlite3
import sys
from contextlib import closing

import pytest
from tournament.test_cluster import Cluster  # the tournament's test cluster (tests/tournament)

from lazytron.cli.tune import main
from lazytron.match.referee import Limits
from lazytron.tune.plan import TuneOptions

pytest.importorskip("distributed")
pytestmark = pytest.mark.slow  # a scheduler, workers and bots

PY = shlex.quote(sys.executable)
ROOM = "9 7\n#########\n#1      #\n#       #\n#   #   #\n#       #\n#      2#\n#########\n"


def tune(db: str, room: str, cluster: str | None = None) -> tuple[int, str]:
    o = TuneOptions(
        maps=[room],
        params=["EDGE=100,0,300,10,0.05", "FILL=55,0,200,5,0.05"],
        template=f"{PY} -m lazytron bot --depth 2 --engine chambers {{options}}",
        iterations=2,
        limits=Limits(5, 2),
        cluster=cluster,
        db=db,
    )
    err = io.StringIO()
    return main(o, io.StringIO(), err), err.getvalue()


def iterations(db: str) -> list[tuple]:
    with closing(sqlite3.connect(db)) as c:
        return c.execute(
            "SELECT k, theta, delta, plus, minus, points, after FROM iterations"
        ).fetchall()


def test_a_cluster_plays_the_iterations_this_machine_plays(tmp_path):
    room = tmp_path / "room.txt"
    room.write_text(ROOM)
    status, err = tune(str(tmp_path / "here.db"), str(room))
    assert status == 0, err
    cluster = Cluster(tmp_path / "cluster")
    try:
        cluster.add_worker("w1")
        cluster.wait_for_workers()
        status, err = tune(str(tmp_path / "there.db"), str(room), cluster.address)
    finally:
        cluster.close()
    assert status == 0, err
    assert "1 workers at" in err and err.count("iteration ") == 2
    assert iterations(str(tmp_path / "there.db")) == iterations(str(tmp_path / "here.db"))
