"""A tournament's games stored and counted together, even when an interrupt comes as one is stored.

Real SQLite and real bots; a profile hook sends SIGTERM the moment a game has been written.
"""

from __future__ import annotations

import os
import signal
import sys

import pytest
from conftest import MAPS

from lazytron.match.processes import INTERRUPTS, interrupt_on_termination
from lazytron.tournament import store
from lazytron.tournament.options import Options, make_plan
from lazytron.tournament.run import play
from lazytron.tournament.task import local

BOT = f"{sys.executable} -m lazytron bot --depth 1"


@pytest.fixture
def interrupts():
    """The tournament's handlers for Ctrl-C, SIGTERM and SIGHUP, restored afterwards."""
    before = {sig: signal.getsignal(sig) for sig in INTERRUPTS}
    interrupt_on_termination()
    yield
    for sig, handler in before.items():
        signal.signal(sig, handler)


def test_sigterm_as_a_game_is_committed_keeps_it_counted(tmp_path, interrupts):
    path = str(tmp_path / "t.db")
    o = Options(maps=[str(MAPS / "pillars.txt")], bots=[f"a={BOT}", f"b={BOT}"], db=path)
    plan = make_plan(o)
    db = store.connect(path)
    saves = 0

    def on_call(frame, event, arg):  # SIGTERM as the second game's store.save returns
        nonlocal saves
        if event == "return" and frame.f_code is store.save.__code__:
            saves += 1
            if saves == 2:
                os.kill(os.getpid(), signal.SIGTERM)

    sys.setprofile(on_call)
    try:
        with pytest.raises(KeyboardInterrupt):
            play(db, plan, local(1))
    finally:
        sys.setprofile(None)
    stored = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    db.close()
    assert stored >= 2 and len(plan.played) == stored  # what is stored is what is counted
