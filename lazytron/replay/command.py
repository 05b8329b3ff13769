"""The ``replay`` command: a record (or a Tron.jar transcript) shown as plain text, in a terminal or as a
web page, optionally analysed; or converted to a record."""

from __future__ import annotations

import sys
from typing import TextIO

from ..clock import TURN_TIME
from ..engines import DEFAULT, ENGINES
from ..arena.records import write_record
from ..files import OutputError, check_output
from .model import Analyst, ReplayError
from .moments import DROP
from .text import plain
from .transcript import load, record_of


def run(
    path: str,
    *,
    fps: float = 10.0,
    turn: int | None = None,
    html: str | None = None,
    analysis: bool = False,
    depth: int | None = None,
    engine: str = DEFAULT,
    drop: int = DROP,
    record: str | None = None,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """The ``replay`` command: 0 if the record is sound and was shown, 1 otherwise."""

    def fail(message: object) -> int:
        print(f"lazytron replay: {path}: {message}", file=err, flush=True)
        return 1

    try:
        for output in (html, record):
            if output is not None:
                check_output(output)
        replay = load(path)
    except OutputError as e:
        print(f"lazytron replay: {e}", file=err, flush=True)
        return 1
    except ReplayError as e:
        return fail(e)
    if record is not None:
        try:
            write_record(record, record_of(replay))
        except OSError as e:
            return fail(f"cannot write {record}: {e.strerror or e}")
        return fail(replay.problem) if replay.problem is not None else 0
    if turn is not None and turn > replay.last:
        return fail(f"no turn {turn}: its positions are turns 0 to {replay.last}")
    analysed = analysis or depth is not None
    analysis_of = Analyst(replay, depth, TURN_TIME, ENGINES[engine]) if analysed else None
    if html is not None:
        from .webpage import write_page

        try:
            write_page(html, replay, analysis_of, turn or 0, err if err.isatty() else None, drop)
        except OSError as e:
            return fail(f"cannot write {html}: {e.strerror or e}")
    elif out.isatty():
        from .viewer import view

        view(replay, out, fps=fps, turn=turn, analysis_of=analysis_of, drop=drop)
    else:
        for chunk in plain(replay, analysis_of, turn, drop):
            out.write(chunk)
            out.flush()
    if replay.problem is not None:
        return fail(replay.problem)
    return 0
