"""The game interface: what a game gives the lazy tree and the generic searches.

A game is a subclass of :class:`lazytron.tree.Node`.  The tree asks it for
two methods, each called once and cached:

* ``expand()``: a generator of the node's children (none: the game is over);
* ``evaluate()``: the node's static score, from the maximiser's side.

and the searches of :mod:`lazytron.minimax` read four more things, usually
class attributes:

* ``maximising``: whether the side to move here maximises the value;
* ``outcome``: what the node is worth when it has no children;
* ``top`` and ``bottom``: the greatest and least values of the game (a side
  that finds its own best value need look no further).

Tron (:mod:`lazytron.engines.zenzike`) and tic-tac-toe
(:mod:`lazytron.games.tictactoe`) are the two games.  :class:`GameNode` states
the interface as a :class:`typing.Protocol`, for type checkers (not
runtime-checkable: looking at a lazy node's properties would make them).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol


class GameNode(Protocol):
    """A node of a lazily built game tree, as the tree and the searches see it."""

    move: Any  # the move that led here
    top: Any  # the maximiser's best possible value
    bottom: Any  # the minimiser's best possible value

    def expand(self) -> Iterator[GameNode]:
        """Generate the children (the tree calls it once, on first demand)."""
        ...

    def evaluate(self) -> Any:
        """The static score, from the maximiser's side (called once, on first demand)."""
        ...

    @property
    def children(self) -> Sequence[GameNode]:
        """The children, made on first demand and kept (``tree.Node`` provides it)."""
        ...

    @property
    def score(self) -> Any:
        """``evaluate()``, computed on first demand and kept (``tree.Node`` provides it)."""
        ...

    @property
    def maximising(self) -> bool:
        """Whether the side to move maximises."""
        ...

    @property
    def outcome(self) -> Any:
        """The value of this node when it has no children."""
        ...
