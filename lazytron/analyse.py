"""Fixed-depth analysis of positions, in the reference analyser's format.

For each position: ``first MOVE``, then ``DEPTH SCORE MOVE`` for every even
depth up to the one asked, then ``end``; each position gets a fresh tree.
"""

from __future__ import annotations

from collections.abc import Iterator

from .board import Board
from .engines import DEFAULT, ENGINES, Engine
from .search import RootSearch, best_scores


def analysis(
    board: Board,
    depth: int,
    engine: Engine = ENGINES[DEFAULT],
    root_search: RootSearch | None = None,
) -> Iterator[str]:
    """The analyser's lines for one position, searched to ``depth``.

    ``root_search`` replaces the engine's own search at every depth (the tests pass the literal
    negamax).
    """
    tree = engine.init_tree(board)
    results = (
        engine.best_scores(tree, None)
        if root_search is None
        else best_scores(tree, None, root_search)
    )
    _, first = next(results)
    yield f"first {first}"
    for d, (score, move) in zip(range(2, depth + 1, 2), results, strict=False):
        yield f"{d} {score} {move}"
    yield "end"
