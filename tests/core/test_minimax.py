"""The generic searches and the game interface: both games are games, and on Tron the searches are
negamax."""

from __future__ import annotations

import random

import pytest
from conftest import MAPS

from lazytron.engines.zenzike import LOSS, WIN, Position, Reply, init_tree
from lazytron.games import tictactoe
from lazytron.minimax import (
    alphabeta,
    best_move,
    infimum,
    lazy_minimax,
    minimax,
    supremum,
    take_until,
)
from lazytron.reading import load_board, parse_board
from lazytron.search import negamax
from lazytron.tree import Node


def _values_then_boom(*values):
    """The values, then an error: proof that nothing after them was read."""
    yield from values
    raise AssertionError("read past the value that settles it")


def test_supremum_and_infimum_stop_at_the_best_value_for_the_side():
    assert supremum(_values_then_boom(0, -1, 1), top=1, bottom=-1) == 1
    assert infimum(_values_then_boom(0, 1, -1), bottom=-1, top=1) == -1
    assert supremum(iter([-1, 0, -1]), top=1, bottom=-1) == 0
    assert infimum(iter([1, 0, 1]), bottom=-1, top=1) == 0


def test_supremum_and_infimum_of_nothing_are_the_seeds():
    assert supremum([], top=tictactoe.X, bottom=tictactoe.O) is tictactoe.O
    assert infimum([], bottom=tictactoe.O, top=tictactoe.X) is tictactoe.X


def test_take_until_keeps_the_first_match_and_reads_no_further():
    assert list(take_until(lambda n: n == 3, _values_then_boom(1, 2, 3))) == [1, 2, 3]
    assert list(take_until(lambda n: n == 9, [1, 2])) == [1, 2]


def test_both_games_are_games():
    interface = (
        "move",
        "top",
        "bottom",
        "expand",
        "evaluate",
        "children",
        "score",
        "maximising",
        "outcome",
    )
    for cls in (Position, Reply, tictactoe.Grid):
        assert issubclass(cls, Node)
        assert all(hasattr(cls, name) for name in interface), cls
    board = load_board(str(MAPS / "pillars.txt"))
    position = init_tree(board)
    assert position.maximising and not position.children[0].maximising
    assert not tictactoe.empty().maximising  # O moves first and minimises
    assert tictactoe.empty().children[0].maximising


def _walk(tree: Position, rng: random.Random, turns: int) -> Position:
    """A position ``turns`` random turns down the Tron tree, where player 1 can still move (fewer
    turns if none is)."""
    for _ in range(turns):
        alive = [
            position for reply in tree.children for position in reply.children if position.children
        ]
        if not alive:
            break
        tree = rng.choice(alive)
    return tree


def _tron_positions() -> list[Position]:
    rng = random.Random(7)
    positions = []
    for name in ("pillars", "gatehouse", "crossroads", "lopsided"):
        board = load_board(str(MAPS / f"{name}.txt"))
        positions += [_walk(init_tree(board), rng, turns) for turns in (0, 5, 12, 25, 40)]
    return positions


@pytest.mark.parametrize("depth", [2, 4])
def test_on_tron_every_generic_search_gives_negamax(depth):
    for position in _tron_positions():
        expected, move = negamax(position, LOSS, WIN, depth)
        assert minimax(position, depth) == expected
        assert lazy_minimax(position, depth) == expected
        assert alphabeta(position, depth).value == expected
        if position.children:
            assert best_move(position, depth, minimax) == (expected, _child(position, move))


def _child(node, move):
    return next(kid for kid in node.children if kid.move == move)


@pytest.mark.parametrize(
    "rows, expected",
    [
        (["#####", "#1#2#", "#####"], LOSS),  # neither can move: the original says player 1 loses
        (["######", "#1 #2#", "######"], WIN),  # only the enemy is stuck
        (["#####", "#1 2#", "#####"], 0),  # both must step into the middle cell
    ],
)
def test_on_tron_a_side_without_a_move_loses_as_in_negamax(rows, expected):
    board = parse_board(f"{len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")
    tree = init_tree(board)
    assert negamax(tree, LOSS, WIN, 2)[0] == expected
    for search in (minimax, lazy_minimax, lambda node, depth: alphabeta(node, depth).value):
        assert search(tree, 2) == expected
