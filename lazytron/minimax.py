"""Generic searches of any game on the lazy tree: Hutton's minimax and two ways to prune it.

Every search takes a node of a game (:class:`lazytron.game.GameNode`) and a
depth, the seed's ``prune``: nothing lower than ``depth`` moves is made or
looked at, a node at that horizon is worth its static ``score`` and a node
without children its ``outcome``.  Values are the maximiser's, not the
side to move's as in the Tron module's negamax; on a Tron tree the two give
the same numbers.

* :func:`minimax`, the book's: every child of every node.
* :func:`lazy_minimax`, the lecturer's ``minimax'``: :func:`supremum` and
  :func:`infimum` read a generator of the children's values and stop at the
  first that is the side to move's best possible value, so the rest of the
  generator never runs and its subtrees are never made: alpha-beta pruning
  from laziness alone.
* :func:`alphabeta`, the lecturer's explicit version: the same cut made by
  :func:`take_until`, returning the pruned tree it searched.

Both prunings cut only where a side has found its best possible value; the
windowed alpha-beta is :func:`lazytron.search.search`.  :func:`best_move` is
the seed's ``bestmove`` over any search, :func:`leaves` its ``leavescount``,
and :func:`leaves_seen` counts the leaves a search looked at.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .game import GameNode
from .tree import Node


class Ordered(Protocol):
    """A value that can be compared: an int, or tic-tac-toe's Player."""

    def __lt__(self, other: Any, /) -> bool: ...


T = TypeVar("T")
V = TypeVar("V", bound=Ordered)
Value = Any  # ordered: ints for Tron, tictactoe.Player for tic-tac-toe
Search = Callable[[GameNode, int], Value]


def minimax(node: GameNode, depth: int) -> Value:
    """The value of ``node`` searched ``depth`` moves deep, every child of every node."""
    if depth == 0:
        return node.score
    kids = node.children
    if not kids:
        return node.outcome
    values = (minimax(kid, depth - 1) for kid in kids)
    return max(values) if node.maximising else min(values)


def supremum(values: Iterable[V], top: V, bottom: V) -> V:
    """The greatest of ``values`` (``bottom`` if none), reading none after a ``top``."""
    best = bottom
    for value in values:
        if value == top:
            return value
        best = max(best, value)
    return best


def infimum(values: Iterable[V], bottom: V, top: V) -> V:
    """The least of ``values`` (``top`` if none), reading none after a ``bottom``."""
    best = top
    for value in values:
        if value == bottom:
            return value
        best = min(best, value)
    return best


def lazy_minimax(node: GameNode, depth: int) -> Value:
    """``minimax`` with ``supremum``/``infimum`` for max/min: the seed's ``minimax'``."""
    if depth == 0:
        return node.score
    kids = node.children
    if not kids:
        return node.outcome
    values = (lazy_minimax(kid, depth - 1) for kid in kids)
    if node.maximising:
        return supremum(values, node.top, node.bottom)
    return infimum(values, node.bottom, node.top)


def take_until(predicate: Callable[[T], bool], iterable: Iterable[T]) -> Iterator[T]:
    """The items up to and including the first that satisfies ``predicate`` (the seed's
    ``takeUntil``)."""
    for item in iterable:
        yield item
        if predicate(item):
            return


@dataclass(frozen=True, slots=True)
class Searched:
    """A node of the tree a search looked at, with its value: the seed's ``Tree (Grid, Player)``."""

    node: GameNode
    value: Value
    children: tuple[Searched, ...] = ()


def alphabeta(node: GameNode, depth: int) -> Searched:
    """The seed's explicit ``alphabeta``: the tree it searched, with values.

    A node's children are searched in order up to the first worth the side
    to move's best possible value; the rest are cut off the tree.
    """
    if depth == 0:
        return Searched(node, node.score)
    kids = node.children
    if not kids:
        return Searched(node, node.outcome)
    goal = node.top if node.maximising else node.bottom
    searched = (alphabeta(kid, depth - 1) for kid in kids)
    kept = tuple(take_until(lambda tree: tree.value == goal, searched))
    pick = max if node.maximising else min
    return Searched(node, pick(tree.value for tree in kept), kept)


def alphabeta_value(node: GameNode, depth: int) -> Value:
    """The value of ``alphabeta``'s tree: ``alphabeta`` as a search for ``best_move``."""
    return alphabeta(node, depth).value


def best_move(node: GameNode, depth: int, search: Search = lazy_minimax) -> tuple[Value, GameNode]:
    """The seed's ``bestmove``: the value of ``node`` and its first child of that value.

    ``search`` values ``node`` to ``depth`` (>= 1), then its children to
    ``depth - 1`` until one has that value.  Haskell kept the children's
    values in the labelled tree; here the children before the chosen one
    are searched again, in a tree already made.  A node without children
    raises LookupError.
    """
    if not node.children:
        raise LookupError("the game is over: there is no move to choose")
    value = search(node, depth)
    return value, next(kid for kid in node.children if search(kid, depth - 1) == value)


def leaves(tree: Any) -> int:
    """The number of leaves of ``tree``, anything with ``children`` (the seed's ``leavescount``).

    On a game node, the whole game tree below it is made.
    """
    kids = tree.children
    return sum(map(leaves, kids)) if kids else 1


def leaves_seen(node: Node) -> int:
    """The leaves searches have looked at under ``node``, read from what the lazy tree made.

    A leaf looked at is a node whose children were made and found empty, or
    whose score was read but its children never made (the search's horizon).
    On a fresh tree after one search, it is the number of leaves that search
    visited: siblings made but never searched are not counted.
    """
    count, stack = 0, [node]
    while stack:
        n = stack.pop()
        if n.expanded:
            kids = n.children
            if kids:
                stack.extend(kids)
            else:
                count += 1
        elif n.scored:
            count += 1
    return count
