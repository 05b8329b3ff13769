"""negamax as the original has it, and the pruned search that must give the same results."""

from itertools import islice

import pytest
from positions import random_positions

from lazytron.board import Move
from lazytron.engines.zenzike import LOSS, WIN, init_tree
from lazytron.reading import load_board, parse_board
from lazytron.search import best_scores, negamax, search
from lazytron.tree import Node


class Fixed(Node):
    """A hand-made tree: nested lists of leaf scores, children numbered 1, 2, ... (1-4 are N, E, S,
    W)."""

    __slots__ = ("spec",)
    lost, no_move = LOSS, Move.NONE  # as Tron's nodes: a side without a move loses, and says None

    def __init__(self, move, spec):
        super().__init__(move)
        self.spec = spec

    def expand(self):
        if isinstance(self.spec, list):
            for move, sub in enumerate(self.spec, 1):
                yield Fixed(move, sub)

    def evaluate(self):
        return self.spec if isinstance(self.spec, int) else 0


@pytest.mark.parametrize(
    "spec, expected",
    [
        ([[3, 5], [4, 3], [1, 9]], (3, Move.NORTH)),  # North and East tie at 3: the first wins
        ([[3, 5], [4, 4], [1, 9]], (4, Move.EAST)),
        ([[1, 2], [7, 9]], (7, Move.EAST)),
        ([[4], [4], [4]], (4, Move.NORTH)),
        ([[], [2]], (WIN, Move.NORTH)),  # the enemy has no answer to North
        ([[LOSS], [LOSS]], (LOSS, Move.NORTH)),  # all lost: still the first move, not None
        ([], (LOSS, Move.NONE)),  # no move at all
    ],
)
def test_minimax_ties_go_to_the_first_move_and_a_side_without_moves_loses(spec, expected):
    # leaves (depth 0) are scored from the root's side: the root takes the max of the mins
    assert negamax(Fixed(Move.NONE, spec), LOSS, WIN, 2) == expected
    assert search(Fixed(Move.NONE, spec), 2) == expected


def test_ties_are_kept_when_the_search_tries_the_last_best_move_first():
    tree = Fixed(Move.NONE, [[3, 5], [4, 3], [1, 9]])
    tree.lead = 1  # as if East had been best before
    assert search(tree, 2) == (3, Move.NORTH)


def test_pruned_search_equals_negamax_on_random_positions(project_maps):
    compared = 0
    for path in project_maps[:6]:
        for pos in random_positions(load_board(str(path)), seed=5, count=6):
            for depth in (2, 4):
                assert search(init_tree(pos), depth) == negamax(init_tree(pos), LOSS, WIN, depth), (
                    str(pos)
                )
                compared += 1
    assert compared == 6 * 6 * 2


def test_iterative_deepening_on_one_tree_equals_fresh_trees():
    board = load_board("lazytron/maps/lopsided.txt")
    tree = init_tree(board)
    deep = list(islice(best_scores(tree), 1, 4))
    assert deep == [search(init_tree(board), d) for d in (2, 4, 6)]


def test_best_scores_starts_with_the_first_legal_move():
    board = parse_board("3 3\n#1 \n   \n  2\n")
    _, first = next(best_scores(init_tree(board)))
    assert first == Move.EAST
    _, none = next(best_scores(init_tree(parse_board("3 1\n1#2\n"))))
    assert none == Move.NONE


def test_search_orders_any_number_of_children():
    wide = [[v] for v in (5, 3, 9, 1, 9, 2, 8)]  # seven moves (leaves scored from the root's side)
    tree = Fixed(Move.NONE, wide)
    tree.lead = 6
    assert (
        search(tree, 2) == negamax(Fixed(Move.NONE, wide), LOSS, WIN, 2) == (9, 3)
    )  # the first 9 wins the tie
