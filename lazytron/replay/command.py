"""The ``replay`` command: a record shown as plain text, in a terminal or as a web page, optionally analysed."""

from __future__ import annotations

import sys
from typing import TextIO

from ..clock import TURN_TIME
from ..engines import DEFAULT, ENGINES
from ..files import OutputError, check_output
from .model import Analyst, ReplayError, load_replay
from .text import plain


def run(
    path: str,
    *,
    fps: float = 10.0,
    turn: int | None = None,
    html: str | None = None,
    analysis: bool = False,
    depth: int | None = None,
    engine: str = DEFAULT,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """The ``replay`` command: 0 if the record is sound and was shown, 1 otherwise."""

    def fail(message: object) -> int:
        print(f"lazytron replay: {path}: {message}", file=err, flush=True)
        return 1

    try:
        if html is not None:
            check_output(html)
        replay = load_replay(path)
    except OutputError as e:
        print(f"lazytron replay: {e}", file=err, flush=True)
        return 1
    except ReplayError as e:
        return fail(e)
    if turn is not None and turn > replay.last:
        return fail(f"no turn {turn}: its positions are turns 0 to {replay.last}")
    analysed = analysis or depth is not None
    analysis_of = Analyst(replay, depth, TURN_TIME, ENGINES[engine]) if analysed else None
    if html is not None:
        from .webpage import write_page

        try:
            write_page(html, replay, analysis_of, turn or 0, progress=err if err.isatty() else None)
        except OSError as e:
            return fail(f"cannot write {html}: {e.strerror or e}")
    elif out.isatty():
        from .viewer import view

        view(replay, out, fps=fps, turn=turn, analysis_of=analysis_of)
    else:
        for chunk in plain(replay, analysis_of, turn):
            out.write(chunk)
            out.flush()
    if replay.problem is not None:
        return fail(replay.problem)
    return 0
