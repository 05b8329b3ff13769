"""A generic lazy game tree: nodes whose score and children are made on first demand.

A game subclasses :class:`Node` and writes two methods: ``expand``, a
generator of the node's children, and ``evaluate``, its score.  Neither
runs before it is asked for; both results are kept, so a deeper search,
or the next turn after :func:`inherit`, finds them already made.  The tree
is as infinite as the game allows and only ever as large as it was looked
at.  Nodes point only downwards (no parent links), so a subtree nobody
refers to any more is freed at once by reference counting.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

_UNSET: Any = object()


class Node:
    """One position of a lazily built game tree.

    ``move`` is the move that led here.  ``lead`` is a search's hint: the
    index of the child that was best last time it was searched, tried
    first next time (it never changes the children's order).
    """

    __slots__ = ("move", "lead", "_score", "_children")

    # read by the negamax searches (lazytron.search); a game's node classes set them
    lost: ClassVar[Any] = None  # what having no move is worth to the side to move
    no_move: ClassVar[Any] = None  # the move reported for a side without one

    def __init__(self, move: Any) -> None:
        self.move = move
        self.lead = 0
        self._score = _UNSET
        self._children: tuple[Node, ...] | None = None

    def expand(self) -> Iterator[Node]:
        """Generate this node's children (called once, on first demand)."""
        raise NotImplementedError

    def evaluate(self) -> Any:
        """This node's score (called once, on first demand)."""
        raise NotImplementedError

    @property
    def children(self) -> tuple[Node, ...]:
        kids = self._children
        if kids is None:
            kids = self._children = tuple(self.expand())
        return kids

    @property
    def score(self) -> Any:
        s = self._score
        if s is _UNSET:
            s = self._score = self.evaluate()
        return s

    def preset(self, score: Any) -> None:
        """Take ``score`` as this node's score, computed elsewhere: ``evaluate`` will not run."""
        self._score = score

    @property
    def expanded(self) -> bool:
        """Whether the children have been made."""
        return self._children is not None

    @property
    def scored(self) -> bool:
        """Whether the score has been computed."""
        return self._score is not _UNSET


def inherit(node: Node, move: Any) -> Node:
    """The child reached by ``move``, as the original's ``inherit``/``matchTree``.

    Children are tried in order and the last one is taken whatever its
    move: a lone child is followed whatever move was made (how the enemy's
    ``None`` moves after separation are followed), and a move found in no
    earlier child ends in the last.  A node without children raises
    LookupError.
    """
    kids = node.children
    if not kids:
        raise LookupError(f"no child to follow move {move}")
    for kid in kids[:-1]:
        if kid.move == move:
            return kid
    return kids[-1]


def dismantle(node: Node, keep: Node | None = None, batch: int = 1000) -> Iterator[None]:
    """Take apart a tree nobody needs any more, ``batch`` nodes a step, leaving ``keep`` alone.

    Dropping the last reference to a big tree frees it all at once, which
    can take tens of milliseconds; taken apart step by step, the freeing can
    be spread over idle moments.  ``keep`` (the subtree still in use) and
    what lies below it are not touched.  Nothing is freed before the first
    step is asked for.
    """
    return _take_apart([node], keep, batch)


def trim(node: Node, levels: int, batch: int = 1000) -> Iterator[None]:
    """Forget what lies more than ``levels`` below ``node``; the steps free it as :func:`dismantle`
    does.

    The top levels keep their scores and hints; the nodes of the last level
    kept lose their children, which are made again if a search asks for
    them.  A search of the trimmed tree gives the same results.
    """
    frontier = [node]
    for _ in range(levels):
        frontier = [kid for n in frontier if n._children for kid in n._children]
    cut: list[Node] = []
    for n in frontier:
        kids, n._children = n._children, None
        cut.extend(kids or ())
    return _take_apart(cut, None, batch)


def _take_apart(stack: list[Node], keep: Node | None, batch: int) -> Iterator[None]:
    """Free the trees on ``stack`` a node at a time, pausing before every ``batch``."""
    count = 0
    while stack:
        if count % batch == 0:
            yield  # before each batch, the first included
        top = stack.pop()
        if top is not keep:
            kids, top._children = top._children, None
            if kids:
                stack.extend(kids)
        del top
        count += 1


def size(node: Node) -> int:
    """The number of nodes made so far under ``node`` (itself included)."""
    count, stack = 0, [node]
    while stack:
        n = stack.pop()
        count += 1
        if n._children:
            stack.extend(n._children)
    return count
