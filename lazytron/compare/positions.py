"""The positions ``compare --analyser`` works on: every map in files of maps, every position of
recorded games."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from ..board import Board, BoardError
from ..match.records import RecordError, parse_record
from ..match.rules import play_out
from ..reading import decoded_lines, read_boards
from ..term.safe import printable
from .common import InputError


@dataclass(frozen=True)
class Sample:
    """A position to compare, and where it comes from."""

    board: Board
    label: str


def _text(path: str) -> str:
    """A file's text ('-': stdin); InputError if it cannot be read or is not text."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise InputError(f"{path}: {e.strerror or e}") from None
    text = "".join(decoded_lines(data.splitlines(keepends=True)))  # as every map is read
    if "\0" in text:
        raise InputError(
            f"{'<stdin>' if path == '-' else path}: binary data, not maps or a game record"
        )
    return text


def game_positions(path: str, text: str) -> tuple[list[Sample], str | None]:
    """Every position of a recorded game, both players' sides, and a warning if the record is cut
    off."""
    warning = None
    try:
        record = parse_record(text)
    except RecordError as e:
        if e.partial is None:
            raise InputError(f"{path}: {e}") from None
        record, warning = e.partial, f"{path}: {e}: comparing the positions it holds"
    boards = [b for b in play_out(record.board, record.moves) if isinstance(b, Board)]
    positions = [
        Sample(side, f"{path}, turn {turn}, player {player}'s side")
        for turn, board in enumerate(boards)
        for player, side in ((1, board), (2, board.swapped()))
    ]
    return positions, warning


def map_positions(path: str, text: str) -> list[Sample]:
    """Every map in a file of maps; InputError at the first malformed one."""
    boards = []
    for item in read_boards(text.splitlines(keepends=True)):
        if isinstance(item, BoardError):
            raise InputError(f"{path}: {item}")
        boards.append(item)
    if len(boards) == 1:
        return [Sample(boards[0], path)]
    return [Sample(board, f"{path}, map {n}") for n, board in enumerate(boards, 1)]


def load_positions(paths: Sequence[str], err: TextIO) -> list[Sample]:
    """The positions of every file, in order (warnings for cut-off records go to ``err``)."""
    positions = []
    for path in paths:
        text = _text(path)
        name = "<stdin>" if path == "-" else path
        if text.lstrip().startswith("+OK|"):
            found, warning = game_positions(name, text)
            if warning:
                print(printable(f"lazytron compare: warning: {warning}"), file=err)
        else:
            found = map_positions(name, text)
        if not found:
            raise InputError(f"{name}: no positions in it")
        positions += found
    return positions
