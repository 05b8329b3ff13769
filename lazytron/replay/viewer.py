"""The terminal replay: the game animated in colour, stepped with keys when stdin is a terminal too.

Keys: space play/pause, Right (l) step forward, Left (h) step back,
Home (g) first turn, End (G) last turn, + and - speed, q quit; with an
analysis also t the territory overlay and expected line on or off, v
whose expected line.  The analysis stands beside the board, or below it
when the terminal is too narrow (its width is read at every screen).  The
terminal is put in cbreak mode for the keys and restored on every way
out: the end, q, Ctrl-C, SIGTERM, SIGHUP; Ctrl-Z suspends with the
terminal restored and resumes redrawn.  Without keys the game plays from
the start (or ``--turn``) to the end and the command returns.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TextIO

from ..term.render import (
    CLEAR,
    ERASE_BELOW,
    ERASE_LINE,
    HIDE_CURSOR,
    HOME,
    RESET,
    SHOW_CURSOR,
    frames,
)
from .model import Analyst, Replay
from .moments import DROP, moments
from .screen import State, screen

__all__ = ["State", "apply", "screen", "tick", "view"]

KEYS = {
    " ": "play",
    "p": "play",
    "\x1b[C": "forward",
    "\x1bOC": "forward",
    "l": "forward",
    "\x1b[D": "back",
    "\x1bOD": "back",
    "h": "back",
    "\x1b[H": "first",
    "\x1bOH": "first",
    "\x1b[1~": "first",
    "g": "first",
    "\x1b[F": "last",
    "\x1bOF": "last",
    "\x1b[4~": "last",
    "G": "last",
    "+": "faster",
    "=": "faster",
    "\x1b[A": "faster",
    "-": "slower",
    "\x1b[B": "slower",
    "t": "overlay",
    "v": "side",
    "q": "quit",
    "Q": "quit",
    "\x1b": "quit",
}
_TOKEN = re.compile(r"\x1b\[[0-9;]*[A-Za-z~]|\x1bO[A-Za-z]|.", re.S)
MIN_FPS, MAX_FPS = 0.25, 200.0
POLL = 0.25  # seconds between looks at the signal flags while paused


def apply(state: State, action: str, last: int) -> State | None:
    """The state after a key's action (None: quit)."""
    if action == "quit":
        return None
    if action == "play":
        if state.playing:
            return replace(state, playing=False)
        return replace(state, playing=True, turn=0 if state.turn >= last else state.turn)
    if action == "overlay":
        return replace(state, overlay=not state.overlay)
    if action == "side":
        return replace(state, side=1 - state.side)
    if action == "faster":
        return replace(state, fps=min(state.fps * 1.5, MAX_FPS))
    if action == "slower":
        return replace(state, fps=max(state.fps / 1.5, MIN_FPS))
    turn = {"forward": state.turn + 1, "back": state.turn - 1, "first": 0, "last": last}[action]
    return replace(state, turn=min(max(turn, 0), last), playing=False)


def tick(state: State, last: int) -> State:
    """The state one frame later: the next turn while playing, paused at the end."""
    if not state.playing:
        return state
    turn = min(state.turn + 1, last)
    return replace(state, turn=turn, playing=turn < last)


class Screen:
    """Draws screens in place on a terminal."""

    def __init__(self, out: TextIO, colour: bool) -> None:
        self.out = out
        self.colour = colour
        self.clear = True

    def show(self, lines: list[str]) -> None:
        start = CLEAR if self.clear else HOME
        self.clear = False
        self.out.write(start + "".join(line + ERASE_LINE + "\n" for line in lines) + ERASE_BELOW)
        self.out.flush()

    def columns(self) -> int:
        """The terminal's width now (it may have been resized), 80 if it tells none."""
        try:
            width = os.get_terminal_size(self.out.fileno()).columns
        except (AttributeError, OSError, ValueError):
            width = 0
        return width or shutil.get_terminal_size().columns or 80


def view(
    replay: Replay,
    out: TextIO,
    fps: float = 10.0,
    turn: int | None = None,
    analysis_of: Analyst | None = None,
    keys: TextIO | None = None,
    drop: int = DROP,
) -> None:
    """Play ``replay`` on the terminal ``out``; with keys from ``keys`` (default stdin) if it is a
    terminal."""
    keys = sys.stdin if keys is None else keys
    colour = "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    film = list(frames(replay.positions))
    interactive = keys.isatty()
    state = State(turn or 0, turn is None or not interactive, fps)
    painter = Screen(out, colour)

    def show(state: State) -> None:
        frame, columns = film[state.turn], painter.columns()
        if analysis_of is None:
            painter.show(
                screen(replay, frame, state, colour, None, False, interactive, (), columns)
            )
            return
        if not analysis_of.ready(state.turn):
            painter.show(screen(replay, frame, state, colour, None, True, interactive, (), columns))
        analysis = analysis_of(state.turn)
        found = moments(replay, analysis_of, drop, (state.turn,))
        lines = screen(replay, frame, state, colour, analysis, False, interactive, found, columns)
        painter.show(lines)

    if not interactive:
        _animate(state, replay.last, show)
        return
    with keyboard(keys.fileno(), out) as flags:
        _interact(state, replay.last, show, keys.fileno(), flags, painter)


Show = Callable[[State], None]


def _animate(state: State, last: int, show: Show) -> None:
    """Play on to the end, no keys."""
    while True:
        show(state)
        if state.turn >= last:
            return
        time.sleep(1 / state.fps)
        state = tick(state, last)


def _interact(state: State, last: int, show: Show, fd: int, flags: dict, painter: Screen) -> None:
    """Play with keys until q (or end of input on the keys)."""
    show(state)
    due = time.monotonic() + 1 / state.fps
    while True:
        wait = max(due - time.monotonic(), 0) if state.playing else POLL
        actions = read_actions(fd, wait)
        before = state
        for action in actions:
            new = apply(state, action, last)
            if new is None:
                return
            state = new
        if not actions and state.playing and time.monotonic() >= due:
            state = tick(state, last)
        if state != before or flags.pop("redraw", False):
            painter.clear = painter.clear or flags.pop("clear", False)
            show(state)
            due = time.monotonic() + 1 / state.fps


def read_actions(fd: int, timeout: float) -> list[str]:
    """The actions of the keys typed within ``timeout`` seconds (``quit`` at end of input)."""
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return []
    data = os.read(fd, 64)
    if not data:
        return ["quit"]
    return [KEYS[t] for t in _TOKEN.findall(data.decode("utf-8", "replace")) if t in KEYS]


@contextmanager
def keyboard(fd: int, out: TextIO) -> Iterator[dict]:
    """Cbreak mode on ``fd`` with the cursor hidden, undone on every way out.

    Yields flags the signal handlers set: ``redraw`` (and ``clear``) after
    a resize or a resume from Ctrl-Z.
    """
    import termios
    import tty

    saved = termios.tcgetattr(fd)
    flags: dict = {}

    def enter() -> None:
        tty.setcbreak(fd, termios.TCSANOW)
        out.write(HIDE_CURSOR)
        out.flush()

    def leave() -> None:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write(RESET + SHOW_CURSOR)
        out.flush()

    def stop(signum, frame) -> None:  # Ctrl-Z: hand the terminal back, stop, take it again
        leave()
        os.kill(os.getpid(), signal.SIGSTOP)
        enter()
        flags.update(redraw=True, clear=True)

    def end(signum, frame) -> None:
        raise SystemExit(128 + signum)

    def resized(signum, frame) -> None:
        flags.update(redraw=True, clear=True)

    handlers = {
        signal.SIGTERM: end,
        signal.SIGHUP: end,
        signal.SIGTSTP: stop,
        signal.SIGWINCH: resized,
    }
    previous = {sig: signal.signal(sig, handler) for sig, handler in handlers.items()}
    try:
        enter()
        yield flags
    finally:
        leave()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
