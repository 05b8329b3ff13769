"""Tic-tac-toe on the lazy tree: the seed's figures, its rules, and a computer that never loses."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator

import pytest

from lazytron.games.tictactoe import (
    B,
    Grid,
    O,
    Player,
    X,
    bestmove,
    empty,
    horizon,
    parse,
    read_move,
    show,
)
from lazytron.minimax import (
    alphabeta,
    best_move,
    lazy_minimax,
    leaves,
    leaves_seen,
    minimax,
)


@pytest.fixture(scope="module")
def searched() -> Iterator[Grid]:
    """The empty 3x3 grid after a minimax search: the whole game tree, made once for the module.

    The collector is kept off its half a million nodes (the tree has no
    cycles), or every later collection would walk them all.
    """
    gc.disable()
    root = empty()
    minimax(root, 9)
    gc.freeze()
    gc.enable()
    yield root
    gc.unfreeze()


@pytest.fixture(scope="module")
def positions(searched: Grid) -> list[Grid]:
    """Every reachable position once (the first node met for each grid)."""
    found: dict[tuple[int, int], Grid] = {}
    stack = [searched]
    while stack:
        node = stack.pop()
        found.setdefault((node.o, node.x), node)
        stack.extend(node.children)
    return list(found.values())


# The seed's figures


@pytest.mark.slow  # the whole game tree
def test_the_full_game_tree_has_255168_leaves(searched):
    assert leaves(searched) == 255168  # leavescount (gametree empty O)
    assert leaves_seen(searched) == 255168  # minimax looked at every one


@pytest.mark.slow  # the whole game tree
def test_the_alpha_beta_pruned_tree_has_38856_leaves(searched):
    assert leaves(alphabeta(searched, 9)) == 38856  # leavescount (alphabeta (gametree empty O))


@pytest.mark.slow  # the whole game tree
def test_the_lazy_search_looks_at_the_leaves_of_the_pruned_tree_only():
    root = empty()
    assert lazy_minimax(root, 9) is B
    assert leaves_seen(root) == 38856


@pytest.mark.slow  # the whole game tree
def test_the_best_first_move_is_the_corner_and_the_game_a_draw(searched):
    for search in (minimax, lazy_minimax, lambda node, depth: alphabeta(node, depth).value):
        value, child = best_move(searched, 9, search)
        assert (value, child.move) == (B, 0)  # bestmove empty O = [[O,B,B],[B,B,B],[B,B,B]]


@pytest.mark.slow  # the whole game tree
def test_there_are_5478_reachable_positions(positions):
    assert len(positions) == 5478


@pytest.mark.slow  # the whole game tree
def test_minimax_and_both_prunings_agree_on_every_reachable_position(positions):
    for node in positions:
        value = minimax(node, 9)
        assert lazy_minimax(node, 9) == value, show(node)
        assert alphabeta(node, 9).value == value, show(node)


def test_pruning_by_depth_scores_the_horizon_statically():
    grid = parse("O X . . O . X . .")  # O to move wins at 8
    assert grid.turn is O
    assert minimax(grid, 0) is B  # the grid itself: nobody has a line yet
    assert minimax(grid, 1) is O
    assert lazy_minimax(grid, 1) is O and alphabeta(grid, 1).value is O


# The rules


def test_players_are_ordered_and_alternate():
    assert O < B < X
    assert (O.next, B.next, X.next) == (X, B, O)
    assert str(O) == "O"


def test_o_moves_first_and_minimises():
    root = empty()
    assert root.turn is O and not root.maximising
    assert [kid.move for kid in root.children] == list(range(9))
    assert all(kid.turn is X and kid.maximising for kid in root.children)


@pytest.mark.parametrize(
    "text, winner",
    [
        ("OOO XX. ...", O),
        ("XXX OO. O..", X),
        ("O.. XO. X.O", O),
        ("O.X OX. X.O", X),
        ("OX. OX. O..", O),
        (". O O  O X O  X X X", X),  # the seed's picture
        ("OXO OXX XOO", B),
        ("O.. ... ...", B),
    ],
)
def test_a_grid_is_won_by_a_whole_row_column_or_diagonal(text, winner):
    assert parse(text).score is winner


def test_a_won_or_full_grid_has_no_moves():
    assert parse("OOO XX. ...").children == ()
    assert parse("OXO OXX XOO").children == ()
    assert len(parse("OX. ... ...").children) == 7


def test_the_winning_move_ends_the_game():
    grid = parse("OO. XX. ...")
    win = next(kid for kid in grid.children if kid.move == 2)
    assert win.score is O and win.children == ()


def test_a_bigger_grid_needs_a_longer_line():
    assert parse("OOO. XXX. .... ....").score is B
    assert parse("OOOO XXX. .... ....").score is O
    assert parse("O... XO.. X.O. X..O").score is O
    assert len(empty(4).children) == 16


@pytest.mark.parametrize("text", ["", "OX", "OOO ... ...", "XX. O.. ...", "OXZ ... ..."])
def test_parse_refuses_what_is_not_a_grid_o_started(text):
    with pytest.raises(ValueError):
        parse(text)


def test_show_numbers_the_free_cells():
    assert (
        show(parse("OX. .O. ..X")) == " O | X | 2\n---+---+---\n 3 | O | 5\n---+---+---\n 6 | 7 | X"
    )
    assert show(empty(4)).splitlines()[-1] == " 12 | 13 | 14 | 15"


@pytest.mark.parametrize(
    "typed, problem",
    [
        ("", "no move"),
        ("   ", "no move"),
        ("four", "not a cell number"),
        ("1.5", "not a cell number"),
        ("4 5", "not a cell number"),
        ("9", "no cell 9"),
        ("-1", "no cell -1"),
        ("1" * 100, "no cell 1111"),
        ("+3", "taken by O"),
        ("3", "taken by O"),
        ("4", "taken by X"),
    ],
)
def test_read_move_says_what_is_wrong(typed, problem):
    with pytest.raises(ValueError, match=problem):
        read_move(parse("... OX. ..."), typed)


def test_read_move_takes_a_free_cell():
    assert read_move(parse("... OX. ..."), " 8\n") == 8


# The computer


def test_the_computer_looks_at_the_whole_3x3_game_and_less_on_bigger_grids():
    assert horizon(empty()) == 9
    assert horizon(parse("O.. ... ...")) == 8
    assert horizon(empty(4)) == 4
    assert horizon(empty(2)) == 4


def test_the_computer_wins_when_it_can_and_blocks_when_it_must():
    assert bestmove(parse("XX. OO. O..")).move == 2  # X wins on the top row
    assert bestmove(parse("O.. .X. ..O")).move in (1, 3, 5, 7)  # X must not take a corner


def _games(grid: Grid, computer: Player) -> Iterator[Grid]:
    """The end of every game from ``grid`` where the computer plays ``bestmove`` and its opponent
    every move."""
    if not grid.children:
        yield grid
    elif grid.turn is computer:
        yield from _games(bestmove(grid), computer)
    else:
        for kid in grid.children:
            yield from _games(kid, computer)


@pytest.mark.parametrize("computer", [O, X])
@pytest.mark.slow  # the whole game tree
def test_the_computer_never_loses_whatever_its_opponent_plays(computer):
    ends = Counter(end.score for end in _games(empty(), computer))
    assert ends[computer.next] == 0
    assert ends[computer] and ends[B]  # it wins against some lines and draws against the best
