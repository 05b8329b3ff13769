"""The engines: each a game tree for Tron and a generator of ever-deeper results over it.

An engine is what the bot, ``analyse`` and ``replay --analyse`` need to
play a position: a fresh tree for a board, the results of ever-deeper
searches of a tree (first the first legal move with no score, then one
result per depth 2, 4, 6, ...), and a check that a re-rooted tree still
agrees with the board.  The trees have two levels per turn (my move, then
the enemy's answer), so the bot re-roots any engine's tree the same way.
The engine is handed to the bot as data (an :class:`Engine`); the bot never
knows which one it runs.

- ``zenzike.py``  the port: the Haskell original's moves, byte for byte (no options)
- ``chambers/``   the strong engine, its settings given as options (``--option NAME=VALUE``)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import NamedTuple

from ..board import Board
from ..clock import Check
from ..search import Result
from ..tree import Node
from . import chambers, zenzike
from .chambers.settings import Option, options, with_options


class Engine(NamedTuple):
    """An engine: its name, a fresh tree for a board, ever-deeper results, whether a tree fits a
    board, its options."""

    name: str
    init_tree: Callable[[Board], Node]
    best_scores: Callable[[Node, Check | None], Iterator[Result]]
    fits: Callable[[Node, Board], bool]
    options: tuple[Option, ...] = ()


ZENZIKE = Engine("zenzike", zenzike.init_tree, zenzike.best_scores, zenzike.fits)
CHAMBERS = Engine(
    "chambers", chambers.init_tree, chambers.best_scores, chambers.fits, tuple(options())
)

ENGINES: dict[str, Engine] = {engine.name: engine for engine in (ZENZIKE, CHAMBERS)}
"""The engines by name; ``zenzike``, the faithful port, is the default."""

DEFAULT = ZENZIKE.name


def configured(engine: Engine, pairs: Iterable[str]) -> Engine:
    """``engine`` with the options ``NAME=VALUE`` of ``pairs`` set; ValueError (one line naming it)
    for a bad one.

    >>> configured(CHAMBERS, ["EDGE=120"]).init_tree.keywords["settings"].edge
    120
    >>> configured(ZENZIKE, ["EDGE=120"])
    Traceback (most recent call last):
    ValueError: the zenzike engine has no options
    >>> configured(ZENZIKE, []) is ZENZIKE
    True
    """
    pairs = list(pairs)
    if not pairs:
        return engine
    if engine.name != CHAMBERS.name:
        raise ValueError(f"the {engine.name} engine has no options")
    settings = with_options(chambers.DEFAULT, pairs)
    return engine._replace(init_tree=partial(chambers.init_tree, settings=settings))


def option_lines(engine: Engine) -> Iterator[str]:
    """``--list-options``: a line per option (name, type, default, range, meaning), or why there are
    none."""
    if not engine.options:
        yield f"the {engine.name} engine has no options"
        return
    yield f"{'option':<12} {'type':<5} {'default':>8}  {'range':<20} meaning"
    for option in engine.options:
        default = str(option.default).lower() if option.kind == "bool" else str(option.default)
        span = "true, false" if option.kind == "bool" else f"{option.low} .. {option.high}"
        yield f"{option.name:<12} {option.kind:<5} {default:>8}  {span:<20} {option.meaning}"
