"""Each of a root's moves with its exact value, and each enemy answer's: the search's numbers for
analysis (``benchmarks/decisive.py``, ``benchmarks/drawn.py``), not for play."""

from __future__ import annotations

from ...board import Move
from .nodes import ChamberPosition
from .search import INF, Check, answer, search, step_down, value


def root_values(root: ChamberPosition, depth: int, check: Check | None = None) -> dict[Move, int]:
    """Each of my moves at ``root`` with its exact value ``depth`` plies deep (shallower depths
    first, as the bot searches).

    The search itself stops at the best move's value; this tells how far
    behind the others are, for analysis (``benchmarks/decisive.py``).
    """
    for shallower in range(2, depth, 2):
        search(root, shallower, check)
    kids = root.children
    below, extend = step_down(len(kids), depth, root.game.settings.extend)
    return {kid.move: answer(kid, below, -INF, INF, check, extend) for kid in kids}  # type: ignore[arg-type]


def answer_matrix(
    root: ChamberPosition, depth: int, check: Check | None = None
) -> dict[Move, dict[Move, int]]:
    """Each of my moves at ``root``, each enemy answer to it with its exact value ``depth`` plies
    deep (for analysis).

    The least of a move's answers is its :func:`root_values` value; the
    others tell what the move is worth against answers the enemy might
    play instead, not knowing my move (``benchmarks/drawn.py``).
    """
    kids = root.children
    below, extend = step_down(len(kids), depth, root.game.settings.extend)
    matrix = {}
    for kid in kids:
        answers = kid.children
        deeper, free = step_down(len(answers), below, extend)
        positions: tuple[ChamberPosition, ...] = answers  # type: ignore[assignment]
        matrix[kid.move] = {p.move: value(p, deeper, -INF, INF, check, free) for p in positions}
    return matrix
