"""Opening books: start positions in the contest format, each with its name, origin and balance.

A book holds level start positions that are not mirrors, so that a pair of
games (the seats swapped) says which engine is stronger; ``lazytron book
make`` makes one (:mod:`lazytron.tournament.book`) and ``--book FILE`` plays
from one.

A person can read and edit it.  Lines starting with ``#`` are comments; each
position is a ``position NAME`` line, then ``KEY VALUE`` lines (``origin``,
``balance``, anything else kept as it is), then the map in the contest format
(``W H`` and H rows), which the one map reader reads::

    # lazytron book: made 2026-11-27 by lazytron book make --games 0 --seed 1
    position pillars-3
    origin pillars, opening EW SN
    balance depth 8: +30 as player 1, -40 as player 2
    15 15
    ###############
    ...
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib.resources import files

from ..board import Board, BoardError
from ..reading import parse_board, parse_size


class BookError(ValueError):
    """A book file that cannot be read: one line, naming the file's line."""


@dataclass(frozen=True)
class Opening:
    """One start position: its name, the board, and what the book notes of it (origin, balance)."""

    name: str
    board: Board
    notes: dict[str, str] = field(default_factory=dict)

    def text(self) -> str:
        """The position as the book writes it.

        >>> from lazytron.reading import parse_board
        >>> print(Opening("a", parse_board("3 1\\n1 2\\n"), {"origin": "x"}).text(), end="")
        position a
        origin x
        3 1
        1 2
        """
        notes = "".join(f"{key} {value}\n" for key, value in self.notes.items())
        return f"position {self.name}\n{notes}{self.board}"


def format_book(positions: Iterable[Opening], header: Iterable[str] = ()) -> str:
    """The book's text: the header's lines as comments, then the positions, a blank line apart."""
    comments = "".join(f"# {line}\n" for line in header)
    return comments + "\n".join(position.text() for position in positions)


def parse_book(text: str) -> list[Opening]:
    """The positions of a book's text; BookError (one line, naming the line) where it is not one.

    >>> book = parse_book("# a book\\nposition a\\norigin x\\n3 1\\n1 2\\n")
    >>> [(p.name, p.notes, p.board.width) for p in book]
    [('a', {'origin': 'x'}, 3)]
    >>> parse_book("position a\\n3 1\\n1 1\\n")
    Traceback (most recent call last):
    lazytron.match.book.BookError: line 1: position a: 2 player 1 on the map, expected one
    """
    positions: list[Opening] = []
    names: set[str] = set()
    for start, name, notes, rows in _blocks(text.splitlines()):
        if name in names:
            raise BookError(f"line {start}: a second position named {name!r}")
        try:
            board = parse_board("\n".join(rows) + "\n")
        except BoardError as e:
            raise BookError(f"line {start}: position {name}: {e}") from None
        names.add(name)
        positions.append(Opening(name, board, notes))
    if not positions:
        raise BookError("no position in it (a position starts with 'position NAME')")
    return positions


def _blocks(lines: list[str]) -> Iterator[tuple[int, str, dict[str, str], list[str]]]:
    """(line number, name, notes, map lines) of each position."""
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        keyword, _, name = line.partition(" ")
        if keyword != "position" or not name.strip():
            raise BookError(f"line {i}: expected 'position NAME', got {line[:40]!r}")
        start, notes = i, {}
        while i < len(lines) and not _is_size(lines[i]):
            key, _, value = lines[i].strip().partition(" ")
            if not key or key == "position":
                raise BookError(f"line {i + 1}: position {name.strip()}: no map after its notes")
            notes[key] = value.strip()
            i += 1
        if i == len(lines):
            raise BookError(f"line {start}: position {name.strip()}: no map after its notes")
        height = parse_size(lines[i])[1]
        yield start, name.strip(), notes, lines[i : i + 1 + height]
        i += 1 + height


def _is_size(line: str) -> bool:
    try:
        parse_size(line)
    except BoardError:
        return False
    return True


def shipped_books() -> dict[str, str]:
    """The books shipped with lazytron: name (the file's stem) -> path.

    >>> "openings" in shipped_books()
    True
    """
    found = {entry.name: str(entry) for entry in (files("lazytron") / "books").iterdir()}
    return {
        name.removesuffix(".txt"): found[name] for name in sorted(found) if name.endswith(".txt")
    }


def read_book(path: str) -> list[Opening]:
    """The positions of a book file, or of the shipped book of that name if there is no such file
    ('openings'); BookError (one line, naming the file) where it is not one."""
    if not os.path.exists(path):
        path = shipped_books().get(path.removesuffix(".txt"), path)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise BookError(f"{path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise BookError(f"{path}: not a text file") from None
    try:
        return parse_book(text)
    except BookError as e:
        raise BookError(f"{path}: {e}") from None
