"""Negamax searches over any game's lazy tree, and ``best_scores``: the generator of ever-deeper
results.

Scores are negamax scores: a node's value is from the side to move there
(in Tron: even levels player 1, odd levels the enemy).  A result is a pair
``(score, move)``.  A game's nodes give the searches two class attributes
beyond :mod:`lazytron.game`'s interface: ``lost``, what a side without a
move is worth to itself, and ``no_move``, the move reported for it.

``negamax`` is zenzike's function line for line.  Its window never
narrows (the root's window at every level) and it never cuts, so it is
plain minimax; a side with no move gets ``alpha``; among equal scores the
first child wins.  ``search`` computes exactly the same result with
alpha-beta pruning (principal variation search): the best child of the
previous search of a node is tried first, the others only have to be
shown no better, and the root breaks ties by move order as the original
does.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from functools import cache
from types import FrameType
from typing import Any

from .clock import Check
from .tree import Node

_INF = 1 << 40  # wider than any score
RESERVE = 300  # frames kept below the deepest search, for scoring its leaves

Result = tuple[Any, Any]  # (score, move); the score is None for the first legal move
RootSearch = Callable[[Node, int, "Check | None"], Result]


def negamax(node: Node, alpha: int, beta: int, depth: int) -> Result:
    """The original's negamax, line for line (fail-hard floor ``alpha``, ``betaPrune``, last
    maximum)."""
    if depth == 0:
        return node.score, node.move
    kept: list[Result] = []
    for kid in node.children:  # betaPrune: keeps them reversed, or just the first above beta
        value = (-negamax(kid, -beta, -alpha, depth - 1)[0], kid.move)
        if beta < value[0]:
            kept = [value]
            break
        kept.insert(0, value)
    best: Result = (alpha, node.no_move)
    for value in kept:  # maximumBy keeps the last of equal maxima
        if value[0] >= best[0]:
            best = value
    return best


def _alphabeta(node: Node, depth: int, alpha: int, beta: int, check: Check | None) -> int:
    """Fail-soft alpha-beta value of ``node`` to ``depth``: exact when strictly inside (alpha,
    beta).

    Principal variation search: the first child (last time's best) gets the
    whole window, the others a null window that only asks whether they beat
    it, and are searched again in full only when they do.
    """
    if depth == 0:
        score: int = node.score
        return score
    if check is not None:
        check()
    kids = node.children
    if not kids:
        lost: int = node.lost
        return lost
    lead = node.lead
    best = -_INF
    for i in _order(len(kids), lead):
        floor = alpha if alpha > best else best
        if i == lead:
            value = -_alphabeta(kids[i], depth - 1, -beta, -floor, check)
        else:
            value = -_alphabeta(kids[i], depth - 1, -floor - 1, -floor, check)
            if floor < value < beta:
                value = -_alphabeta(kids[i], depth - 1, -beta, -value, check)
        if value > best:
            best = value
            if i != lead:
                node.lead = i
            if value >= beta:
                break
    return best


@cache
def _order(n: int, lead: int) -> tuple[int, ...]:
    """Child indices with ``lead`` first (cached: nodes have few children)."""
    return (lead, *range(lead), *range(lead + 1, n))


def search(node: Node, depth: int, check: Check | None = None) -> Result:
    """The same ``(score, move)`` as ``negamax`` with the widest window, with pruning.

    ``check`` is called at every interior node; it raises (``OutOfTime``)
    to abandon the search.  Abandoning leaves the tree as valid as before:
    only caches and ordering hints were written.
    """
    if depth == 0:
        return node.score, node.move
    if check is not None:
        check()
    kids = node.children
    if not kids:
        return node.lost, node.no_move
    best_value: int = -_INF
    best: Node | None = None
    for i in _order(len(kids), node.lead):
        kid = kids[i]
        if best is None:
            best_value, best = -_alphabeta(kid, depth - 1, -_INF, _INF, check), kid
            node.lead = i
            continue
        # an earlier move wins a tie, so it must reach best_value; a later one must beat it
        floor = best_value - 1 if kid.move < best.move else best_value
        if -_alphabeta(kid, depth - 1, -floor - 1, -floor, check) > floor:  # null window first
            value = -_alphabeta(kid, depth - 1, -_INF, -floor, check)
            if value > floor:
                best_value, best = value, kid
                node.lead = i
    assert best is not None
    return best_value, best.move


def first_move(tree: Node) -> Any:
    """The first legal move (the head of ``bestScores``), or the node's ``no_move``."""
    kids = tree.children
    return kids[0].move if kids else tree.no_move


def depth_limit(frames_per_ply: int, reserve: int = RESERVE) -> int:
    """The deepest search, in plies, that the recursion limit leaves room for below the caller.

    A search recurses once a ply or so, and a long corridor lets iterative
    deepening reach thousands of plies in a second: past this depth a search
    would end in RecursionError, so the searches stop deepening here
    (``reserve`` frames are kept for scoring the leaves).

    >>> 0 < depth_limit(1) < depth_limit(1, reserve=0) < sys.getrecursionlimit()
    True
    """
    frame: FrameType | None = sys._getframe()
    used = 0
    while frame is not None:
        used += 1
        frame = frame.f_back
    return max(0, (sys.getrecursionlimit() - used - reserve) // frames_per_ply)


def best_scores(
    tree: Node, check: Check | None = None, engine: RootSearch = search
) -> Iterator[Result]:
    """The original's ``bestScores``: the first legal move, then the results at depths 2, 4, 6, ...

    The first item's score is None (the original's is ``undefined``).  The
    original's list is endless; this one ends at :func:`depth_limit` (the
    Python stack's room, thousands of plies under ``lazytron``'s commands).
    ``check`` is passed to every search so a deadline can stop one (the
    generator then ends with ``OutOfTime``).  ``engine=negamax_engine`` runs
    the literal port instead.
    """
    yield None, first_move(tree)
    depth, deepest = 2, depth_limit(1)
    while depth <= deepest:
        yield engine(tree, depth, check)
        depth += 2


def negamax_engine(tree: Node, depth: int, check: Check | None = None) -> Result:
    """``negamax`` with the widest window (the original's root window), shaped as ``search``."""
    return negamax(tree, tree.lost, -tree.lost, depth)


def principal_variation(tree: Node, plies: int) -> list[Any]:
    """The moves a search expects from ``tree`` on: each node's ``lead`` child, for at most
    ``plies`` levels.

    After a search, a searched node's ``lead`` is its best child, so the
    line is the one the search found; it stops early where a node's
    children were never made (nothing was searched there).  Works on any
    game's tree, whatever search set the hints.

    >>> class N(Node):
    ...     def __init__(self, move, kids=()):
    ...         super().__init__(move)
    ...         self.kids = kids
    ...     def expand(self):
    ...         return iter(self.kids)
    >>> root = N(None, (N("a"), N("b", (N("c"), N("d")))))
    >>> root.lead = 1
    >>> root.children[1].lead = 1
    >>> principal_variation(root, 9)  # "d" was never expanded: the line stops there
    ['b']
    >>> root.children[1].children and principal_variation(root, 9)
    ['b', 'd']
    >>> principal_variation(root, 1)
    ['b']
    """
    line: list[Any] = []
    node = tree
    while len(line) < plies and node.expanded and node.children:
        kids = node.children
        node = kids[node.lead if 0 <= node.lead < len(kids) else 0]
        line.append(node.move)
    return line
