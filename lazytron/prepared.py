"""Prepared moves: the first turns of known maps searched longer than the clock allows, then
answered from a file.

A prepared file is text, one position a line: the position's :func:`key`,
the move's digit, the depth the search completed, its score, and where the
position came from (a map and a turn, for the reader)::

    # lazytron prepared moves
    9f0c2d41a7e35b18 4 28 0 apocalyptic player 1 turn 1

``lazytron book prepare`` writes one (:func:`lazytron.match.first_turns.first_turns`
walks a map's first turns); ``lazytron bot --prepared FILE`` answers a position found there with
its move and searches every other turn as always.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from .board import Board, Move, legal_moves


class PreparedError(ValueError):
    """A prepared file that cannot be read: its line number and what is wrong."""


class Entry(NamedTuple):
    """A prepared position: its key, the move to play, and how it was found."""

    key: str
    move: Move
    depth: int
    score: int
    where: str  # the map and the turn, for the reader


def key(board: Board) -> str:
    """A position's key: 16 hex digits of a hash of its size, walls and heads, the same for a
    position however it was reached.

    >>> from lazytron.reading import parse_board
    >>> one = parse_board("4 1\\n1  2\\n")
    >>> key(one) == key(parse_board("4 1\\n1  2\\n")), key(one) == key(parse_board("4 1\\n2  1\\n"))
    (True, False)
    >>> len(key(one))
    16
    """
    text = f"{board.width} {board.height} {board.walls:x} {board.me} {board.enemy}"
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def seen_by_two(board: Board) -> Board:
    """The position as player 2 sees it: the heads swapped.

    >>> from lazytron.reading import parse_board
    >>> seen_by_two(parse_board("4 1\\n1  2\\n")).rows()
    ['2  1']
    """
    return board._replace(me=board.enemy, enemy=board.me)


def format_entry(entry: Entry) -> str:
    """One line of a prepared file.

    >>> format_entry(Entry("9f0c2d41a7e35b18", Move.WEST, 28, 0, "apocalyptic 1"))
    '9f0c2d41a7e35b18 4 28 0 apocalyptic 1'
    """
    return f"{entry.key} {entry.move.digit} {entry.depth} {entry.score} {entry.where}"


def parse_entries(lines: Iterable[str]) -> Iterator[Entry]:
    """The entries of a prepared file's lines; '#' comments and blank lines skipped, a bad line a
    PreparedError naming it.

    >>> [e.move for e in parse_entries(["# made by hand", "", "9f0c2d41a7e35b18 4 28 0 oval 1"])]
    [<Move.WEST: 4>]
    >>> list(parse_entries(["abc 7"]))
    Traceback (most recent call last):
    lazytron.prepared.PreparedError: line 1: not KEY MOVE DEPTH SCORE [WHERE]: 'abc 7'
    """
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        entry = _entry(text)
        if entry is None:
            raise PreparedError(f"line {number}: not KEY MOVE DEPTH SCORE [WHERE]: {text[:80]!r}")
        yield entry


def _entry(text: str) -> Entry | None:
    """The entry of one line, or None if it is not one."""
    fields = text.split(maxsplit=4)
    if len(fields) < 4 or len(fields[0]) != 16 or fields[1] not in ("1", "2", "3", "4"):
        return None
    try:
        int(fields[0], 16)
        depth, score = int(fields[2]), int(fields[3])
    except ValueError:
        return None
    where = fields[4] if len(fields) == 5 else ""
    return Entry(fields[0], Move(int(fields[1])), depth, score, where)


def load(path: str) -> dict[str, Move]:
    """The moves of a prepared file by key; OSError or PreparedError (naming the file) if it cannot
    be read."""
    try:
        with open(path, encoding="utf-8") as f:
            return {entry.key: entry.move for entry in parse_entries(f)}
    except UnicodeDecodeError:
        raise PreparedError(f"{path}: not a text file") from None
    except PreparedError as e:
        raise PreparedError(f"{path}: {e}") from None


def prepared_move(moves: dict[str, Move], board: Board) -> Move | None:
    """The prepared move of ``board`` if there is one and it is legal there.

    >>> from lazytron.reading import parse_board
    >>> board = parse_board("4 1\\n1  2\\n")
    >>> prepared_move({key(board): Move.EAST}, board), prepared_move({key(board): Move.WEST}, board)
    (<Move.EAST: 2>, None)
    """
    move = moves.get(key(board))
    legal = [m for m, _ in legal_moves(board.free, board.me, board.stride)]
    return move if move in legal else None
