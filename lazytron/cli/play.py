"""``lazytron play``: one refereed game, drawn as it goes in a terminal, plain lines otherwise.

Whatever the output, its last line is the result in the official engine's
words.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import closing, suppress
from typing import TYPE_CHECKING, BinaryIO, TextIO

from . import arguments

if TYPE_CHECKING:
    from ..board import Board
    from ..match.logs import CappedLog
    from ..match.referee import Limits, Turn

_frame_rate = arguments.number(float, "fps", 0, 1000)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "map", metavar="MAP", help="a map file in the contest format, or a shipped map's name"
    )
    p.add_argument(
        "cmd1", metavar="CMD1", help="player 1's command line (quoted, split as a shell would)"
    )
    p.add_argument("cmd2", metavar="CMD2", help="player 2's command line")
    p.add_argument(
        "--record", metavar="FILE", help="write the game in the contest's summary format"
    )
    arguments.limits_arguments(p)
    p.add_argument(
        "--fps",
        type=_frame_rate,
        default=20.0,
        metavar="N",
        help="turns a second in a terminal (20; 0: no limit)",
    )
    p.add_argument("--quiet", action="store_true", help="print only the result line")
    p.add_argument(
        "--log",
        default="lazytron-play.log",
        metavar="FILE",
        help="where the bots' stderr goes, its first 1 MB (lazytron-play.log; '-': stderr)",
    )


def run(args: argparse.Namespace) -> int:
    from ..match.referee import Limits

    arguments.referee_process(once=True)  # a second signal is moot
    limits = Limits(args.first_time, args.turn_time)
    return play(
        args.map,
        (args.cmd1, args.cmd2),
        record_path=args.record,
        limits=limits,
        fps=args.fps,
        quiet=args.quiet,
        rules=args.rules,
        log_path=args.log,
    )


def _fail(err: TextIO, message: str, status: int = 1) -> int:
    print(f"lazytron play: {message}", file=err)
    return status


def fault_lines(turn: Turn) -> list[str]:
    """Why a player gave no move on its last turn, one line each."""
    return [f"player {p}: {fault}" for p, fault in enumerate(turn.faults, 1) if fault]


def plain(turns: Iterable[Turn], out: TextIO) -> Iterator[Turn]:
    """One line per turn: ``turn N: A B`` with each player's move letter ('-' for none)."""
    for turn in turns:
        one, two = turn.moves
        out.write(f"turn {turn.number}: {one.letter} {two.letter}\n")
        out.flush()  # a script reading the lines sees each turn as it is played
        yield turn


def animated(
    turns: Iterable[Turn], start: Board, names: tuple[str, str], fps: float, out: TextIO
) -> Iterator[Turn]:
    """Redraw the board in place after every turn, at most ``fps`` turns a second (0: no limit)."""
    from ..board import Board
    from ..term.render import CLEAR, Frame, banner, draw

    colour = "NO_COLOR" not in os.environ
    trails = (0, 0)
    out.write(CLEAR)

    def show(board: Board, number: int, status: str) -> None:
        lines = [
            banner(names, colour),
            f"turn {number}  {status}",
            *draw(Frame(board, trails, number), colour),
        ]
        out.write("\x1b[H" + "".join(line + "\x1b[K\n" for line in lines) + "\x1b[J")
        out.flush()

    show(start, 0, "")
    shown = time.monotonic()
    for turn in turns:
        one, two = turn.moves
        board = turn.after if isinstance(turn.after, Board) else turn.board
        if isinstance(turn.after, Board):
            trails = (trails[0] | 1 << turn.board.me, trails[1] | 1 << turn.board.enemy)
        if fps > 0:
            time.sleep(max(0.0, shown + 1 / fps - time.monotonic()))
        show(board, turn.number, f"1: {one.letter}  2: {two.letter}")
        shown = time.monotonic()
        yield turn


def play(
    map_path: str,
    commands: tuple[str, str],
    *,
    record_path: str | None = None,
    limits: Limits,
    fps: float = 20.0,
    quiet: bool = False,
    rules: str = "simultaneous",
    log_path: str = "lazytron-play.log",
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """The ``play`` command; returns the exit status (0 once a game has been played)."""
    from ..board import BoardError
    from ..files import OutputError, check_output
    from ..match.logs import CappedLog
    from ..match.processes import BotError, check_command, split_command
    from ..reading import load_board, map_file

    try:
        board = load_board(map_file(map_path))
    except BoardError as e:
        return _fail(err, str(e))
    try:
        for command in commands:
            split_command(command)
    except BotError as e:
        return _fail(err, str(e), 2)
    try:
        if record_path is not None:
            check_output(record_path)
    except OutputError as e:
        return _fail(err, str(e))
    try:
        log = _open_log(log_path, err)
    except OSError as e:
        return _fail(err, f"{log_path}: {e.strerror}")
    capped = CappedLog(log)
    try:
        for command in commands:
            check_command(command)
        status = _game(
            board, commands, limits, rules, capped, record_path, log_path, quiet, fps, out, err
        )
    except BotError as e:
        return _fail(err, str(e))
    finally:
        capped.close()  # the bots have ended: the last of their stderr, and the note of a cut
        if log_path != "-":
            with suppress(OSError):  # what it could not write is capped.error, said below
                log.close()
    if capped.error is not None:
        return _fail(err, f"{_log_name(log_path)}: {capped.error.strerror or capped.error}")
    return status


def _open_log(path: str, err: TextIO) -> BinaryIO:
    """The file the bots' stderr goes to: ``-`` is this command's stderr."""
    if path != "-":
        return open(path, "wb")
    err.flush()
    buffer: BinaryIO = getattr(err, "buffer", None) or sys.stderr.buffer
    return buffer


def _log_name(path: str) -> str:
    return "standard error" if path == "-" else path


def _game(
    board: Board,
    commands: tuple[str, str],
    limits: Limits,
    rules: str,
    log: CappedLog,
    record_path: str | None,
    log_path: str,
    quiet: bool,
    fps: float,
    out: TextIO,
    err: TextIO,
) -> int:
    """Referee the game, show it as it goes, print the result, write the record; the exit status."""
    from ..match.records import write_record
    from ..match.referee import Game, referee
    from ..match.rules import Outcome
    from ..term.render import RESET

    tty = out.isatty() and not quiet
    history: list[Turn] = []
    with closing(referee(board, commands, limits, rules, log)) as turns:
        shown = (
            turns
            if quiet
            else animated(turns, board, commands, fps, out)
            if tty
            else plain(turns, out)
        )
        try:
            history.extend(shown)
        except OSError as e:
            if e is not log.error:
                raise
            return 1  # the log cannot be written: play() says so
        finally:
            if tty:
                out.write(RESET)
    last = history[-1]
    assert isinstance(last.after, Outcome)
    if not quiet:
        for line in fault_lines(last):
            out.write(line + "\n")
        out.write(f"bots' stderr: {_log_name(log_path)}\n")
    out.write(f"{last.after}\n")
    out.flush()
    if record_path is not None:
        try:
            write_record(record_path, Game(board, commands, tuple(history)).record())
        except OSError as e:
            return _fail(err, f"{record_path}: {e.strerror}")
    return 0
