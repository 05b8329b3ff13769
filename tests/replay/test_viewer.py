"""The terminal replay: screens, key handling, and the terminal given back on every way out (run on
a pseudo-terminal)."""

from __future__ import annotations

import os
import re
import select
import signal
import struct
import subprocess
import sys
import time

import pytest
from conftest import ROOT

from lazytron.replay.model import Analyst, load_replay
from lazytron.replay.screen import help_line, visible
from lazytron.replay.viewer import State, apply, screen, tick
from lazytron.term.render import HOME, SHOW_CURSOR, frames

termios = pytest.importorskip("termios")  # pseudo-terminals: POSIX only
pty = pytest.importorskip("pty")

GAME = "toronto__felix__ryan__1.tron"  # 8 turns, player 2 wins, the last turn a crash
HUGE = "huge-room__felix__ryan__1.tron"  # 50x50: 100 columns of board in colour


@pytest.fixture
def game(shared):
    return str(shared / "games" / "marlboro" / GAME)


def test_state_transitions():
    s = State(3, False, 10.0)
    assert apply(s, "forward", 7) == State(4, False, 10.0)
    assert apply(State(7, False, 10.0), "forward", 7).turn == 7
    assert apply(State(0, True, 10.0), "back", 7) == State(0, False, 10.0)
    assert apply(s, "first", 7).turn == 0 and apply(s, "last", 7).turn == 7
    assert apply(s, "play", 7).playing and not apply(State(3, True, 10.0), "play", 7).playing
    assert apply(State(7, False, 10.0), "play", 7) == State(
        0, True, 10.0
    )  # play at the end starts again
    assert apply(s, "faster", 7).fps > 10 > apply(s, "slower", 7).fps
    assert apply(s, "quit", 7) is None
    assert tick(State(6, True, 10.0), 7) == State(7, False, 10.0)
    assert tick(s, 7) == s


def test_screen_shows_names_turn_board_and_result(game):
    replay = load_replay(game)
    film = list(frames(replay.positions))
    middle = screen(replay, film[2], State(2, True, 10.0), colour=True)
    text = "\n".join(middle)
    assert "felix" in text and "ryan" in text and "turn 2/7" in text and "playing" in text
    assert "\x1b[48;5;25m" in text and "\x1b[48;5;130m" in text  # both trails, each its own colour
    assert "Player Two Wins!" not in text
    end = "\n".join(screen(replay, film[-1], State(7, False, 10.0), colour=False, help=False))
    assert "Player Two Wins!" in end and "\x1b" not in end
    assert "X" in end  # where the crash happened
    board = end.splitlines()[2 : 2 + replay.positions[0].height]
    assert "".join(board).count("1") == 1 and "".join(board).count("2") == 1


def test_screen_with_analysis(game):
    replay = load_replay(game)
    analysis = Analyst(replay, depth=2)(0)
    lines = screen(replay, next(frames(replay.positions)), State(0, False, 5.0), True, analysis)
    text = "\n".join(lines)
    assert "lazytron plays" in text and "depth 2" in text
    assert f"1 reaches {analysis.counts[0]} cells first" in text
    assert "\x1b[48;5;153m" in text and "\x1b[48;5;223m" in text  # the territories tinted


def test_t_toggles_the_overlay_and_v_whose_line(game):
    """The analysis stands beside the board; t takes the tints and the line's dots off, v shows the
    other line."""
    from lazytron.replay.model import line_cells

    replay = load_replay(game)
    analysis = Analyst(replay, depth=4)(1)
    frame = list(frames(replay.positions))[1]
    board = replay.positions[1]
    rows = slice(2, 2 + board.height)
    state = State(1, False, 5.0)
    on = screen(replay, frame, state, False, analysis, help=False)
    # beside the board (plain: one character a cell): the verdicts on the board's first rows
    assert on[2][board.width :].strip().startswith("1 felix: played") and "lazytron plays" in on[3]
    assert "line 1 expects: 1 " in "\n".join(on)
    dots = {
        (y, x)
        for y, row in enumerate(on[rows])
        for x, c in enumerate(row[: board.width])
        if c == "."
    }
    ones, twos = line_cells(board, analysis.lines[0], 0)
    assert dots == {board.point(i) for i in ones + twos} != set()
    off = screen(replay, frame, apply(state, "overlay", 7), False, analysis, help=False)
    assert not any("." in row[: board.width] for row in off[rows])
    assert "\x1b[48;5;153m" not in "\n".join(
        screen(replay, frame, apply(state, "overlay", 7), True, analysis)
    )
    other = screen(replay, frame, apply(state, "side", 7), False, analysis, help=False)
    assert "line 2 expects: 2 " in "\n".join(other)
    assert apply(apply(state, "overlay", 7), "overlay", 7) == state


class Terminal:
    """The replay command on a pseudo-terminal (stdin and stdout), with what it wrote."""

    def __init__(
        self, *args: str, stdin_tty: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        self.master, self.slave = pty.openpty()
        if size is not None:  # (columns, rows)
            fcntl = pytest.importorskip("fcntl")
            fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        self.before = termios.tcgetattr(self.slave)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "lazytron", "replay", *args],
            cwd=ROOT,
            stdin=self.slave if stdin_tty else subprocess.DEVNULL,
            stdout=self.slave,
            stderr=subprocess.PIPE,
            env={**os.environ, "TERM": "xterm-256color"},
        )
        self.output = b""

    def read_until(self, text: str, timeout: float = 30) -> str:
        """Everything written so far, once ``text`` has appeared after what was already seen."""
        start, deadline = len(self.output), time.monotonic() + timeout
        while text.encode() not in self.output[start:]:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"{text!r} never came: {self.output[-400:]!r}"
            if select.select([self.master], [], [], remaining)[0]:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:  # the other end closed
                    assert text.encode() in self.output[start:], f"{text!r} never came"
        return self.output.decode(errors="replace")

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self) -> int:
        status = self.proc.wait(timeout=30)
        while select.select([self.master], [], [], 0.1)[0]:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.output += chunk
        self.after = termios.tcgetattr(self.slave)
        self.stderr = self.proc.stderr.read().decode()
        os.close(self.master)
        os.close(self.slave)
        return status


def test_keys_step_and_quit_and_the_terminal_is_restored(game):
    term = Terminal(game, "--turn", "3")
    term.read_until("turn 3/7")
    assert "paused" in term.output.decode()
    assert not termios.tcgetattr(term.slave)[3] & termios.ICANON  # keys come one by one meanwhile
    term.send("\x1b[C")  # Right
    term.read_until("turn 4/7")
    term.send("\x1b[D\x1b[D")  # Left twice
    term.read_until("turn 2/7")
    term.send("G")  # the last turn
    term.read_until("Player Two Wins!")
    term.send("q")
    assert term.finish() == 0
    assert term.after == term.before  # cbreak mode undone
    assert SHOW_CURSOR.encode() in term.output[-40:]  # the cursor shown again
    assert term.stderr == ""


def test_space_plays_to_the_end(game):
    term = Terminal(game, "--turn", "0", "--fps", "50")
    term.read_until("turn 0/7")
    term.send(" ")
    term.read_until("Player Two Wins!")
    term.send("q")
    assert term.finish() == 0 and term.after == term.before


@pytest.mark.parametrize(
    "signum, status", [(signal.SIGTERM, 128 + 15), (signal.SIGHUP, 128 + 1), (signal.SIGINT, 130)]
)
def test_signals_give_the_terminal_back(game, signum, status):
    term = Terminal(game, "--turn", "1")
    term.read_until("turn 1/7")
    term.proc.send_signal(signum)
    assert term.finish() == status
    assert term.after == term.before
    assert "Traceback" not in term.stderr


def test_without_keys_it_plays_through_and_returns(game):
    term = Terminal(game, "--fps", "100", stdin_tty=False)
    term.read_until("Player Two Wins!")
    assert term.finish() == 0
    text = term.output.decode()
    assert all(f"turn {t}/7" in text for t in range(8)) and "felix" in text


def test_broken_record_in_a_terminal(tmp_path):
    path = tmp_path / "cut.tron"
    path.write_text("+OK|3 3|   \n 1 \n 2 \n|a|b|EW")
    term = Terminal(str(path), "--fps", "100", stdin_tty=False)
    term.read_until("turn 1/1")
    assert term.finish() == 1
    assert term.stderr == f"lazytron replay: {path}: cut off after 1 turns (no end marker)\n"


def read_screen(term: Terminal, text: str) -> None:
    """Read until a whole screen holding ``text`` was drawn (its last line lists the keys)."""
    term.read_until(text)
    if "q quit" not in term.output.decode().rsplit(text, 1)[1]:
        term.read_until("q quit")


def last_screen(output: str) -> list[str]:
    """The lines of the last whole screen drawn, without their escape sequences."""
    drawn = output.rsplit(HOME, 1)[1]
    return [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line).rstrip("\r") for line in drawn.split("\n")]


@pytest.mark.parametrize(
    "name, columns, rows, below",
    [(HUGE, 120, 40, True), (GAME, 120, 40, False), (GAME, 70, 40, False), (GAME, 50, 40, True)],
)
def test_the_analysis_fits_the_terminals_width(shared, name, columns, rows, below):
    """Beside the board when it fits (wrapped there if need be), below it when too narrow: no line
    is wider than the terminal, so none wraps over the board."""
    path = str(shared / "games" / "marlboro" / name)
    height = load_replay(path).positions[0].height
    term = Terminal(path, "--analyse", "--depth", "2", "--turn", "4", size=(columns, rows))
    read_screen(term, "lazytron plays")
    term.send("q")
    assert term.finish() == 0
    lines = last_screen(term.output.decode())
    assert max(map(len, lines)) <= columns, max(lines, key=len)
    first = next(k for k, line in enumerate(lines) if "lazytron plays" in line)
    assert (first >= 2 + height) == below
    assert "t overlay  v whose line" in " ".join(lines[-3:])


def test_screen_without_a_width_keeps_the_analysis_beside(game):
    replay = load_replay(game)
    analysis = Analyst(replay, depth=2)(1)
    frame = list(frames(replay.positions))[1]
    wide = screen(replay, frame, State(1, False, 5.0), True, analysis)
    narrow = screen(replay, frame, State(1, False, 5.0), True, analysis, columns=40)
    assert "lazytron plays" in wide[2] and max(map(visible, wide)) > 40
    assert max(map(visible, narrow)) <= 40 and "lazytron plays" not in "".join(narrow[2:17])


def test_the_keys_listed_are_the_keys_that_work(game):
    """t and v act on the analysis: listed only with --analyse."""
    term = Terminal(game, "--turn", "3")
    term.read_until("q quit")
    term.send("q")
    assert term.finish() == 0
    assert last_screen(term.output.decode())[-2] == help_line(False)
    assert "t overlay" not in help_line(False) and "v whose line" in help_line(True)


def test_names_in_a_record_cannot_drive_the_terminal(tmp_path):
    """A name's escape sequences (the title, clearing the screen, the clipboard) are shown as
    text."""
    path = tmp_path / "evil.tron"
    one, two = "\x1b]0;owned\x07ev\x1b[2Jil", "\x1b]52;c;aGk=\x07x\x9b1m"
    path.write_text(f"+OK|3 3|   \n 1 \n 2 \n|{one}|{two}|NN|1|+OK\n")
    for args in ([], ["--analyse", "--depth", "2"]):
        term = Terminal(str(path), *args, "--turn", "0")
        read_screen(term, "turn 0/")
        term.send("q")
        assert term.finish() == 0
        assert b"\x1b]" not in term.output and "\x9b" not in term.output.decode()
        assert term.output.count(b"\x1b[2J") == 1  # the screen cleared once, by the replay
        assert (
            "ev\\x1b[2Jil" in term.output.decode()
            and "\\x1b]52;c;aGk=\\x07x" in term.output.decode()
        )
