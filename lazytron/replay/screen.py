"""One screen of the terminal replay: the names, the turn, the board with the analysis beside it (or
below it when the terminal is too narrow), the result and the keys that work.

Names and what the record says are shown with their control characters
escaped (:func:`lazytron.term.safe.printable`): a record cannot drive the
terminal it is shown in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..term.render import BOLD, PLAYER_COLOUR, RESET, Frame, banner, draw
from ..term.safe import printable
from .model import Analysis, Replay, line_cells
from .moments import Moment

KEYS_HELP = "space play/pause  \u2190 \u2192 step  Home End  + - speed"
ANALYSIS_KEYS_HELP = "  t overlay  v whose line"  # with an analysis only
GAP = 3  # columns between the board and the analysis beside it
NARROWEST = 30  # the fewest columns the analysis is wrapped into beside the board
_STYLE = re.compile(r"\x1b\[[0-9;]*m")
_TOKEN = re.compile(r"\x1b\[[0-9;]*m|.", re.S)


@dataclass(frozen=True)
class State:
    """Where the player is: the turn shown, whether it plays on, and at what speed."""

    turn: int
    playing: bool
    fps: float
    overlay: bool = True  # the territories and the expected line drawn on the board
    side: int = 0  # whose expected line: 0 player 1, 1 player 2


def help_line(analysed: bool) -> str:
    """The keys that work: ``t`` and ``v`` only with an analysis.

    >>> "t overlay" in help_line(True), "t overlay" in help_line(False)
    (True, False)
    """
    return KEYS_HELP + (ANALYSIS_KEYS_HELP if analysed else "") + "  q quit"


def analysis_text(
    replay: Replay,
    k: int,
    analysis: Analysis,
    colour: bool,
    side: int = 0,
    found: Iterable[Moment] = (),
) -> list[str]:
    """Each side's verdict, the expected line of ``side``, the territory counts and the moments, for
    people."""
    played = replay.moves[k] if k < len(replay.moves) else (None, None)
    lines = []
    for player, (v, move, name) in enumerate(
        zip((analysis.one, analysis.two), played, replay.names, strict=True)
    ):
        score = "-" if v.score is None else v.score
        label = f"{player + 1} {printable(name)}"
        if colour:
            label = PLAYER_COLOUR[player] + label + RESET
        lines.append(
            f"{label}: played {move or '-'}, "
            f"lazytron plays {v.move} (score {score}, depth {v.depth})"
        )
    line = analysis.lines[side]
    if line:
        steps = ", ".join(f"{(side + j) % 2 + 1} {m if m else 'stays'}" for j, m in enumerate(line))
        lines.append(f"line {side + 1} expects: {steps}")
    one, two = analysis.counts
    if analysis.apart:
        lines.append(f"apart: 1's region {one} cells, 2's {two}")
    else:
        lines.append(
            f"territory: 1 reaches {one} cells first, 2 reaches {two}, {analysis.ties} tied"
        )
    lines += [f"matters: {moment.describe()}" for moment in found]
    return lines


def visible(text: str) -> int:
    """The columns ``text`` takes on a terminal (its colour codes take none).

    >>> visible("\\x1b[1;38;5;33m1 jacob\\x1b[0m: played")
    15
    """
    return len(_STYLE.sub("", text))


def _pieces(word: str, width: int) -> list[str]:
    """A word cut into pieces of at most ``width`` columns, its colour codes kept whole."""
    pieces: list[str] = []
    piece, used = "", 0
    for token in _TOKEN.findall(word):
        if not token.startswith("\x1b") and used == width:
            pieces.append(piece)
            piece, used = "", 0
        piece += token
        used += not token.startswith("\x1b")
    return [*pieces, piece]


def wrap(line: str, width: int, indent: str = "  ", sep: str = " ") -> list[str]:
    """``line`` in lines of at most ``width`` columns, broken between words (parts between
    ``sep``); the lines after the first are indented; a line left in a colour is reset at its end.

    >>> wrap("territory: 1 reaches 49 cells first", 16)
    ['territory: 1', '  reaches 49', '  cells first']
    """
    width = max(width, len(indent) + 1)
    lines: list[str] = []
    current = ""
    for word in line.split(sep):
        joined = f"{current}{sep}{word}" if current else word
        if visible(joined) <= width - (len(indent) if lines else 0):
            current = joined
            continue
        if current:
            lines.append(current)
        *full, current = _pieces(word, width - len(indent))
        lines += full
    lines.append(current)
    shown = [(indent if k else "") + text for k, text in enumerate(lines)]
    return [
        text + RESET if "\x1b[" in text and not text.endswith(RESET) else text for text in shown
    ]


def beside(board: list[str], width: int, text: list[str], gap: int = GAP) -> list[str]:
    """The text to the right of the board's lines (``width``: the board's width on screen)."""
    rows = max(len(board), len(text))
    board = board + [" " * width] * (rows - len(board))
    text = text + [""] * (rows - len(text))
    return [
        left + (" " * gap + right if right else "") for left, right in zip(board, text, strict=True)
    ]


def fitted(board: list[str], width: int, text: list[str], columns: int | None) -> list[str]:
    """The board with the text beside it if it fits in ``columns`` (None: any width), wrapped
    beside it if at least :data:`NARROWEST` columns are left, else wrapped below it."""
    room = None if columns is None else columns - width - GAP
    if room is None or max(map(visible, text), default=0) <= room:
        return beside(board, width, text)
    if room >= NARROWEST:
        return beside(board, width, [piece for line in text for piece in wrap(line, room)])
    assert columns is not None
    return board + [piece for line in text for piece in wrap(line, columns)]


def screen(
    replay: Replay,
    frame: Frame,
    state: State,
    colour: bool = True,
    analysis: Analysis | None = None,
    pending: bool = False,
    help: bool = True,
    found: Iterable[Moment] = (),
    columns: int | None = None,
) -> list[str]:
    """The lines of one screen: names, turn, the board with the analysis fitted in ``columns``
    (None: beside it, however wide), the result, the keys."""
    last = replay.last
    mode = "playing" if state.playing else "paused"
    status = f"turn {frame.turn}/{last}  {state.fps:g} turns/s  {mode}"
    end = frame.turn == last
    crashes = replay.crashes if end else ()
    if analysis is not None and state.overlay:
        line = line_cells(frame.board, analysis.lines[state.side], state.side)
        board = draw(frame, colour, analysis.territory, crashes, analysis.tied, line)
    else:
        board = draw(frame, colour, (0, 0), crashes)
    width = frame.board.width * (2 if colour else 1)
    if analysis is not None:
        text = analysis_text(replay, frame.turn, analysis, colour, state.side, found)
        body = fitted(board, width, text, columns)
    else:
        body = board + (["analysing..."] if pending else [])
    footer = []
    if end and replay.result is not None:
        footer.append(BOLD + replay.result + RESET if colour else replay.result)
    if end and replay.problem is not None:
        footer.append(f"record: {printable(replay.problem)}")
    if help:
        footer.append(help_line(analysis is not None or pending))
    header = [banner(replay.names, colour), status]
    if columns is not None:  # the lines of words wrapped too, so that none runs over the next
        header, footer = (
            [p for x in part for p in wrap(x, columns, "")] for part in (header, footer)
        )
    return header + body + footer
