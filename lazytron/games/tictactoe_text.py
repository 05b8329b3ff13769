"""Tic-tac-toe in text (``lazytron tictactoe``): humans type their moves, the computer answers; or
the seed's figures.

The game is :mod:`lazytron.games.tictactoe`; the computer plays its
``bestmove``, and the tree is re-rooted on every move (``tree.inherit``),
so what one search made is still there for the next.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from time import perf_counter
from typing import TextIO, cast

from ..game import GameNode
from ..minimax import (
    Search,
    alphabeta,
    alphabeta_value,
    best_move,
    lazy_minimax,
    leaves,
    leaves_seen,
    minimax,
)
from ..tree import inherit
from .tictactoe import Grid, Player, bestmove, empty, read_move, show

SEARCHES: tuple[tuple[str, Search], ...] = (
    ("minimax", minimax),
    ("lazy supremum/infimum", lazy_minimax),
    ("explicit alpha-beta", alphabeta_value),
)


def _ask(grid: Grid, lines: Iterator[str], out: TextIO) -> int | None:
    """The human's move: a prompt until a free cell is typed; None at end of input."""
    while True:
        out.write(f"Player {grid.turn}, enter your move: ")
        out.flush()
        line = next(lines, None)
        if line is None:
            return None
        try:
            return read_move(grid, line)
        except ValueError as error:
            out.write(f"ERROR: {error}\n")


def _verdict(grid: Grid, humans: Collection[Player]) -> str:
    """The end of the game in words."""
    if grid.score is Player.B:
        return "It's a draw!"
    if len(humans) > 1:
        return f"Player {grid.score} wins!"
    who = "you" if grid.score in humans else "the computer"
    return f"Player {grid.score} ({who}) wins!"


def _welcome(size: int, humans: Collection[Player]) -> str:
    """Who plays what, and how cells are numbered."""
    if len(humans) > 1:
        sides = "two players at one terminal, O moves first"
    else:
        (human,) = humans
        first = "you move first" if human is Player.O else "the computer moves first"
        sides = f"you are {human}, the computer is {human.next}; O moves first, so {first}"
    return (
        f"Tic-tac-toe on a {size}x{size} grid: {sides}.\n"
        f"Cells are numbered 0 to {size * size - 1}, row by row.\n"
    )


def play(
    size: int, humans: Collection[Player], depth: int | None, lines: Iterable[str], out: TextIO
) -> int:
    """A game in which ``humans`` (O, X or both) type their moves on ``lines``, and the computer
    plays the rest.

    Returns 0 when the game ends or the input does.
    """
    lines = iter(lines)
    grid = empty(size)
    out.write(_welcome(size, humans))
    while grid.children:
        out.write(f"\n{show(grid)}\n\n")
        if grid.turn in humans:
            cell = _ask(grid, lines, out)
            if cell is None:
                out.write("\nEnd of input: the game is abandoned.\n")
                return 0
            grid = cast(Grid, inherit(grid, cell))
        else:
            out.write(f"Player {grid.turn} is thinking... ")
            out.flush()
            grid = bestmove(grid, depth)
            out.write(f"plays {grid.move}.\n")
    out.write(f"\n{show(grid)}\n\n{_verdict(grid, humans)}\n")
    return 0


def _measure(size: int, depth: int, search: Search) -> tuple[int, Player, int, float]:
    """Leaves seen, value, best first move and seconds of one search from the empty grid, on a
    fresh tree."""
    grid = empty(size)
    root = cast(GameNode, grid)
    start = perf_counter()
    search(root, depth)
    seconds = perf_counter() - start
    value, best = best_move(root, depth, search)  # searches only nodes already made
    return leaves_seen(grid), value, best.move, seconds


def stats(size: int, depth: int, out: TextIO) -> int:
    """The seed's figures from the empty grid: leaves of the full and of the pruned tree, and each
    search."""
    rows = [(name, *_measure(size, depth, search)) for name, search in SEARCHES]
    full = rows[0][1]  # minimax looks at every leaf of the tree cut at depth
    pruned = leaves(alphabeta(cast(GameNode, empty(size)), depth))
    name = "full game tree:" if depth >= size * size else f"tree cut at depth {depth}:"
    out.write(
        f"Tic-tac-toe on a {size}x{size} grid, from the empty grid (O to move), "
        f"searched to depth {depth}.\n"
        f"{name:<23} {full:>9} leaves (lines of play)\n"
        f"alpha-beta-pruned tree: {pruned:>9} leaves ({full / pruned:.1f} times fewer)\n\n"
        f"{'search':<22} {'leaves seen':>11}  value  best first move  seconds\n"
    )
    for name, seen, value, move, seconds in rows:
        out.write(f"{name:<22} {seen:>11}  {value!s:>5}  {move:>15}  {seconds:>7.3f}\n")
    if depth >= size * size:
        out.write("\nvalue: the outcome if both sides play their best: O wins, B draw, X wins\n")
    else:
        out.write(
            f"\nvalue: what best play forces within {depth} moves: O wins, X wins, B neither\n"
        )
    return 0
