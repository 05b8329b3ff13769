"""The replay as one self-contained web page: the template in ``lazytron/replay/html/`` with the
board's drawing (``board.js``, shared with ``lazytron serve``) and the game embedded as JSON.

The page needs nothing but itself (no scripts, styles or fonts from
elsewhere).  Bitboards travel as hexadecimal strings of the Python int
(bit ``i`` is cell index ``i = y * (W + 1) + x``); heads as cell indices.
An analysed position carries each side's verdict, its expected line (move
letters, its own first), the territories and ties (``shade``), whether the
players are apart; the moments that matter come with the game.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, TextIO

from ..files import write_text
from .model import Analysis, Analyst, Replay
from .moments import DROP, SURPRISES_FROM, moments

PLACEHOLDER = "/*GAME*/null"
BOARD = "/*BOARD*/"  # where the board's drawing goes
SCHEMA = 2


def _shipped(name: str) -> str:
    return resources.files("lazytron.replay").joinpath("html", name).read_text(encoding="utf-8")


def board_script() -> str:
    """The board's drawing (colours, cell size, painting on a canvas), which the replay page and
    ``lazytron serve``'s page share."""
    return _shipped("board.js")


def template() -> str:
    """The page template shipped in the package, the board's drawing written into it."""
    html = _shipped("replay.html")
    assert html.count(BOARD) == 1, "the template must hold the board's placeholder once"
    return html.replace(BOARD, board_script())


def _verdicts(analysis: Analysis) -> dict[str, Any]:
    return {
        "verdicts": [[str(v.move), v.score, v.depth] for v in (analysis.one, analysis.two)],
        "counts": [*analysis.counts, analysis.ties],
        "shade": [format(cells, "x") for cells in (*analysis.territory, analysis.tied)],
        "apart": analysis.apart,
        "lines": ["".join(move.letter for move in line) for line in analysis.lines],
    }


def game_data(
    replay: Replay,
    analysis_of: Analyst | None = None,
    start: int = 0,
    progress: TextIO | None = None,
    drop: int = DROP,
) -> dict[str, Any]:
    """The game as the page reads it (analysing every position if ``analysis_of`` is given)."""
    board = replay.positions[0]
    data: dict[str, Any] = {
        "schema": SCHEMA,
        "width": board.width,
        "height": board.height,
        "names": list(replay.names),
        "walls": format(board.walls, "x"),
        "heads": [[b.me, b.enemy] for b in replay.positions],
        "moves": [one.letter + two.letter for one, two in replay.moves],
        "result": replay.result,
        "problem": replay.problem,
        "crashes": list(replay.crashes),
        "start": start,
        "analysis": None,
        "moments": [],
    }
    if analysis_of is not None:
        analyses = []
        for k in range(len(replay.positions)):
            if progress is not None:
                progress.write(f"\ranalysing turn {k}/{replay.last}")
                progress.flush()
            analyses.append(_verdicts(analysis_of(k)))
        if progress is not None:
            progress.write("\r\x1b[K")
        data["analysis"] = analyses
        data["drop"], data["surprises_from"] = drop, SURPRISES_FROM
        data["moments"] = [
            [m.turn, m.kind, m.player, m.describe()] for m in moments(replay, analysis_of, drop)
        ]
    return data


def page(
    replay: Replay,
    analysis_of: Analyst | None = None,
    start: int = 0,
    progress: TextIO | None = None,
    drop: int = DROP,
) -> str:
    """The whole page as a string."""
    text = json.dumps(game_data(replay, analysis_of, start, progress, drop), separators=(",", ":"))
    # inside <script>: no '</script>' or '<!--' can appear once '<' is escaped
    text = text.replace("<", "\\u003c")
    html = template()
    assert html.count(PLACEHOLDER) == 1, "the template must hold the game placeholder once"
    return html.replace(PLACEHOLDER, text)


def write_page(
    path: str,
    replay: Replay,
    analysis_of: Analyst | None = None,
    start: int = 0,
    progress: TextIO | None = None,
    drop: int = DROP,
) -> None:
    """Write the page as :func:`lazytron.files.write_text` writes ('-': stdout; a regular file
    atomically)."""
    write_text(path, page(replay, analysis_of, start, progress, drop))
