"""The engines: each a game tree for Tron and a generator of ever-deeper results over it.

An engine is what the bot, ``analyse`` and ``replay --analyse`` need to
play a position: a fresh tree for a board, the results of ever-deeper
searches of a tree (first the first legal move with no score, then one
result per depth 2, 4, 6, ...), and a check that a re-rooted tree still
agrees with the board.  The trees have two levels per turn (my move, then
the enemy's answer), so the bot re-roots any engine's tree the same way.
"""

from __future__ import annotations

from typing import Callable, Iterator, NamedTuple

from ..board import Board
from ..clock import Check
from ..search import Result, best_scores
from ..tree import Node
from . import chambers, chambers_search, zenzike


class Engine(NamedTuple):
    """An engine: its name, a fresh tree for a board, ever-deeper results, and whether a tree fits a board."""

    name: str
    init_tree: Callable[[Board], Node]
    best_scores: Callable[[Node, "Check | None"], Iterator[Result]]
    fits: Callable[[Node, Board], bool]


ZENZIKE = Engine("zenzike", zenzike.init_tree, best_scores, zenzike.fits)
CHAMBERS = Engine("chambers", chambers.init_tree, chambers_search.best_scores, chambers.fits)

ENGINES: dict[str, Engine] = {engine.name: engine for engine in (ZENZIKE, CHAMBERS)}
"""The engines by name; ``zenzike``, the faithful port, is the default."""

DEFAULT = ZENZIKE.name
