"""The line a search expected, read from the tree (``search.principal_variation``), for every
registered engine."""

from __future__ import annotations

import random

import pytest
from conftest import MAPS
from positions import random_game

from lazytron.decide import decide
from lazytron.engines import ENGINES, ZENZIKE
from lazytron.reading import load_board
from lazytron.replay.model import LINE_PLIES, expected_line, searched
from lazytron.search import negamax, principal_variation, search

POSITIONS = [
    b
    for name, seed in (("pillars", 1), ("gatehouse", 2))
    for b in random_game(load_board(str(MAPS / f"{name}.txt")), random.Random(seed))[::3]
]


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_the_line_starts_with_the_move_and_follows_the_tree(name, depth=2):
    engine = ENGINES[name]
    for board in POSITIONS:
        tree = engine.init_tree(board)
        decision = decide(tree, engine.best_scores, depth=depth)
        line = expected_line(tree, decision)
        assert len(line) <= min(decision.depth, LINE_PLIES)
        node = tree
        for move in line:  # every move of the line is a child of the node before
            node = next(kid for kid in node.children if kid.move == move)
        if node.children and not len(line) < decision.depth:
            assert len(line) == decision.depth
        if tree.children:
            assert line and line[0] == decision.move


@pytest.mark.parametrize("depth", [2, 4, 6])
def test_zenzike_line_ends_where_the_score_comes_from(depth):
    """Played out, the line reaches the position whose score the search returned (or a side without
    a move)."""
    for board in POSITIONS:
        tree = ZENZIKE.init_tree(board)
        score, move = search(tree, depth)
        line = principal_variation(tree, depth)
        node = tree
        for step in line:
            node = next(kid for kid in node.children if kid.move == step)
        if len(line) == depth:
            assert node.score == score
        else:  # the line stops where a side has no move: the value is the loss there
            assert not node.children and (-1) ** len(line) * node.lost == score
        assert score == negamax(ZENZIKE.init_tree(board), tree.lost, -tree.lost, depth)[0]


def test_each_side_gets_its_own_line():
    board = POSITIONS[1]
    (one, line1), (two, line2) = searched(board, ZENZIKE, 4), searched(board.swapped(), ZENZIKE, 4)
    assert (line1[0], line2[0]) == (one.move, two.move) and len(line1) == len(line2) == 4
