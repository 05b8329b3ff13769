"""Fixed-depth analysis of positions, in the reference analyser's format.

Maps are read as everywhere else (:func:`lazytron.board.read_boards`).
For each position: ``first MOVE``, then ``DEPTH SCORE MOVE`` for every even
depth up to the one asked, then ``end``; each position gets a fresh tree.
"""

from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import Iterable, Iterator, TextIO

from .board import Board, BoardError, decoded_lines, read_boards
from .engines import DEFAULT, ENGINES, Engine
from .search import RootSearch, best_scores


def analysis(
    board: Board, depth: int, engine: Engine = ENGINES[DEFAULT], root_search: RootSearch | None = None
) -> Iterator[str]:
    """The analyser's lines for one position, searched to ``depth``.

    ``root_search`` replaces the engine's own search at every depth (the tests pass the literal negamax).
    """
    tree = engine.init_tree(board)
    results = engine.best_scores(tree, None) if root_search is None else best_scores(tree, None, root_search)
    _, first = next(results)
    yield f"first {first}"
    for d, (score, move) in zip(range(2, depth + 1, 2), results):
        yield f"{d} {score} {move}"
    yield "end"


def analyse_stream(
    maps: Iterable[Board | BoardError], depth: int, engine: Engine, out: TextIO, err: TextIO, name: str
) -> int:
    """Analyse every position in ``maps`` (as :func:`read_boards` yields them); return how many were malformed."""
    bad = 0
    for item in maps:
        if isinstance(item, BoardError):
            print(f"lazytron analyse: {name}: {item}", file=err, flush=True)
            bad += 1
            continue
        for line in analysis(item, depth, engine):
            out.write(line + "\n")
        out.flush()
    return bad


def run(
    files: list[str], *, depth: int, engine: str = DEFAULT, out: TextIO = sys.stdout, err: TextIO = sys.stderr
) -> int:
    """The ``analyse`` command: 0 if every position was analysed, 1 if any input was bad."""
    bad = 0
    chosen = ENGINES[engine]
    for path in files or ["-"]:
        name = "<stdin>" if path == "-" else path
        try:
            stream = nullcontext(sys.stdin.buffer) if path == "-" else open(path, "rb")
        except OSError as e:  # a file that cannot be read; an error writing the output is the command's
            print(f"lazytron analyse: {name}: {e.strerror or e}", file=err)
            bad += 1
            continue
        with stream as data:
            bad += analyse_stream(read_boards(decoded_lines(data)), depth, chosen, out, err, name)
    return 1 if bad else 0
