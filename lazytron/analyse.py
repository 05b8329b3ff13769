"""Fixed-depth analysis of positions, in the reference analyser's format.

For each position: ``first MOVE``, then ``DEPTH SCORE MOVE`` for every even
depth up to the one asked, then ``end``; each position gets a fresh tree.
"""

from __future__ import annotations

import sys
from typing import Iterable, Iterator, TextIO

from .board import Board, BoardError, read_boards
from .games.tron import init_tree
from .search import Search, best_scores, search


def analysis(board: Board, depth: int, engine: Search = search) -> Iterator[str]:
    """The analyser's lines for one position, searched to ``depth``."""
    results = best_scores(init_tree(board), engine=engine)
    _, first = next(results)
    yield f"first {first}"
    for d, (score, move) in zip(range(2, depth + 1, 2), results):
        yield f"{d} {score} {move}"
    yield "end"


def analyse_stream(lines: Iterable[str], depth: int, out: TextIO, err: TextIO, name: str) -> int:
    """Analyse every position in ``lines``; return how many were malformed."""
    bad = 0
    for item in read_boards(lines):
        if isinstance(item, BoardError):
            print(f"lazytron analyse: {name}: {item}", file=err, flush=True)
            bad += 1
            continue
        for line in analysis(item, depth):
            out.write(line + "\n")
        out.flush()
    return bad


def run(files: list[str], depth: int, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """The ``analyse`` command: 0 if every position was analysed, 1 if any input was bad."""
    bad = 0
    for name in files or ["-"]:
        if name == "-":
            bad += analyse_stream(sys.stdin, depth, out, err, "<stdin>")
            continue
        try:
            with open(name, encoding="utf-8") as f:
                bad += analyse_stream(f, depth, out, err, name)
        except (OSError, UnicodeDecodeError) as e:
            print(f"lazytron analyse: {name}: {getattr(e, 'strerror', None) or e}", file=err)
            bad += 1
    return 1 if bad else 0

