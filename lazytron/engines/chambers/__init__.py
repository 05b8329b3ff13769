"""The chambers engine: Tron on the lazy tree, scored by the space a player can really fill.

What the bot sees is here: :func:`init_tree` (a fresh tree for a board and a
:class:`Settings`), :func:`fits` and :func:`best_scores` (ever-deeper results).
The rest, bottom up:

- ``settings.py``  every knob: its default, range and meaning (``--option``)
- ``outcome.py``   the order of scores: loss < evaluation < win, as one integer
- ``parity.py``    the checkerboard: the most cells a path takes by colour alone
- ``blocks.py``    the tree of blocks of a share (``chamber_bound``)
- ``space.py``     cut cells and the tree of chambers of a region (``fillable``)
- ``split.py``     the Voronoi split's measures in one pass (``split_counts``)
- ``fill.py``      filling one's own region: the first step, the greedy walk, ever-deeper lines
- ``evaluate.py``  pure: a position's score and kind
- ``nodes.py``     positions and replies on the lazy tree, and what one tree shares
- ``search.py``    alpha-beta with memo, killers and the hand-off to the last plies
- ``_native.py``   the only importer of the C speedups (``_speedups/``, typed by
  ``_speedups.pyi``); ``LAZYTRON_PURE=1`` runs everything in Python
"""

from __future__ import annotations

from collections.abc import Iterator

from ...board import Move
from ...search import depth_limit
from ...territory import reach
from ...tree import Node
from . import _native
from ._native import status as speedups_status
from .evaluate import Kind
from .fill import best_step, lines
from .nodes import ChamberPosition, fits, init_tree
from .outcome import decided
from .search import Check, Result, line_end, search
from .settings import DEFAULT, Settings
from .space import fillable

__all__ = [
    "DEFAULT",
    "ChamberPosition",
    "Settings",
    "best_scores",
    "fits",
    "has_speedups",
    "init_tree",
    "speedups_status",
]


def has_speedups() -> bool:
    """Whether the engine runs with its C speedups (built, and not switched off by
    ``LAZYTRON_PURE=1``)."""
    return _native.speedups is not None


def fill_moves(root: ChamberPosition, check: Check | None = None) -> Iterator[Result]:
    """Apart at the root: ever-deeper space-filling searches for my own longest path.

    The first result is :func:`.space.best_step`'s move.  Then :func:`.fill.lines`
    searches d = 0, 1, 2, ... steps deep with a greedy walk below, trying
    best_step's move first: another move replaces it only for a strictly
    longer line; each result is the longest line's first move.  Every depth
    yields one result, so that the k-th result costs a search k steps deep
    (a fixed-depth analysis never waits for an exhaustive one); they end once
    a line reaches the chamber bound of my region or the search was exhaustive.
    """
    game = root.game
    me = 1 << root.me
    region = reach(root.open_ | me, me, game.stride) & ~me
    bound = fillable(region, root.me, game.width, game.height)
    targets = {kid.target: kid.move for kid in root.children}  # type: ignore[attr-defined]
    step = best_step(region, root.me, game.width, game.height, game.settings.ahead)
    best: Result = (root.score, targets.get(step, Move.NONE) if step is not None else Move.NONE)
    yield best
    for length, cell in lines(region, root.me, game.width, game.height, step, check):
        if cell is not None:
            best = (
                root.score + game.settings.separate * (length - bound),
                targets.get(cell, Move.NONE),
            )
        yield best  # one result per depth, so that a fixed depth asks for a bounded search


def best_scores(root: Node, check: Check | None = None) -> Iterator[Result]:
    """The first legal move (score None), then results at depths 2, 4, 6 ...

    They end once a result is a win or a loss, or a search cut no line (it
    was exhaustive: every deeper one finds the same value), or the depth is
    beyond the end of every line (each player can move at most once per
    open cell) or beyond the Python stack's room
    (:func:`lazytron.search.depth_limit`).
    """
    assert isinstance(root, ChamberPosition)
    kids = root.children
    yield None, kids[0].move if kids else Move.NONE  # type: ignore[misc]
    if root.kind is Kind.APART:
        yield from fill_moves(root, check)
        return
    # past the end of every line, or the Python stack's room (three frames a pair of plies)
    depth, longest = 2, min(line_end(root.open_.bit_count()), depth_limit(2))
    cuts = root.game.cuts
    while kids and depth <= longest:
        before = cuts[0]
        result = search(root, depth, check)
        yield result
        if decided(result[0]) or cuts[0] == before:
            return
        depth += 2
