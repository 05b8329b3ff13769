"""A tuning conducted: planned, played (or resumed) and stored, then summed up in text and on a
page; or a stored one reported without playing."""

from __future__ import annotations

import os
from typing import TextIO

from ..files import check_output, write_text
from ..match.processes import BotError
from ..tournament.cluster import ClusterError
from . import store
from .page import page
from .plan import TuneOptions, make_plan
from .report import Tuning, summary
from .run import cluster_runner, local_runner, tune


def run_tuning(o: TuneOptions, out: TextIO, err: TextIO) -> int:
    """Play (or resume) the tuning of ``o``, print where ``θ`` is and write the page; the exit
    status (130: interrupted)."""
    plan = make_plan(o)
    if o.html:
        check_output(o.html)
    db = store.connect(o.db)
    try:
        run = store.open_run(db, o.db, plan.settings)  # refuse another run before any game
        runner = o.runner or (
            local_runner(o.jobs, err) if o.cluster is None else cluster_runner(o.cluster, plan, err)
        )
        interrupted = False
        try:
            history = tune(db, o.db, plan, runner, err, o.every)
        except KeyboardInterrupt:
            interrupted, history = True, store.iterations(db, run)
        except ClusterError as e:  # the scheduler went away
            raise ClusterError(f"{e} {_kept(o, len(store.iterations(db, run)))}") from None
        t = Tuning.of(store.the_run(db, o.db)[1], history, store.created(db, run))
    finally:
        db.close()
    out.write(summary(t))
    out.flush()
    if o.html:
        write_text(o.html, page(t))
    if interrupted:
        print(f"lazytron tune: interrupted {_kept(o, len(history))}", file=err)
        return 130
    return 0


def _kept(o: TuneOptions, done: int) -> str:
    return f"after {done} of {o.iterations} iterations (stored in {o.db}; the same command resumes)"


def show_report(o: TuneOptions, out: TextIO) -> int:
    """``--report DB``: where ``θ`` is and its path, without playing (and the page, with
    ``--html``)."""
    path = o.report or ""
    if not os.path.isfile(path):
        raise BotError(f"{path}: no such file")
    if o.html:
        check_output(o.html)
    db = store.connect(path)
    try:
        run, settings = store.the_run(db, path)
        t = Tuning.of(settings, store.iterations(db, run), store.created(db, run))
    finally:
        db.close()
    out.write(summary(t))
    if o.html:
        write_text(o.html, page(t))
    return 0
