"""A position's score and kind: the pure evaluation, its settings, and the same scores from the
search in C."""

from __future__ import annotations

import pytest
from positions import random_positions
from trees import tree

from lazytron.engines.chambers import Settings
from lazytron.engines.chambers.evaluate import Kind, distance, evaluate
from lazytron.engines.chambers.fill import shortfall
from lazytron.engines.chambers.search import INF, horizon_value
from lazytron.engines.chambers.space import fillable
from lazytron.reading import load_board, parse_board
from lazytron.territory import reach


def test_the_evaluation_is_a_function_of_the_position_and_the_settings(path):
    # the same arguments give the same (score, kind), and the tree's nodes take exactly that
    for board in random_positions(load_board("lazytron/maps/rooms.txt"), 4, 6):
        args = (
            board.free & ~(1 << board.me) & ~(1 << board.enemy),
            board.me,
            board.enemy,
            0,
            board.width,
            board.height,
        )
        first = evaluate(*args, Settings())
        assert evaluate(*args, Settings()) == first
        root = tree(board)
        assert (root.score, root.kind) == first


@pytest.mark.parametrize("seed", range(3))
def test_aggression_lowers_a_connected_score_by_the_heads_distance(seed):
    for board in random_positions(load_board("lazytron/maps/rooms.txt"), seed, 3):
        plain = tree(board)
        assert plain.kind is Kind.CONNECTED  # random positions of rooms.txt are connected
        steps = abs(board.me // board.stride - board.enemy // board.stride) + abs(
            board.me % board.stride - board.enemy % board.stride
        )
        assert tree(board, aggression=11).score == plain.score - 11 * steps
        assert tree(board, aggression=-11).score == plain.score + 11 * steps


@pytest.mark.parametrize("seed", range(3))
def test_spread_scales_a_connected_lead_by_the_heads_distance(seed):
    for board in random_positions(load_board("lazytron/maps/rooms.txt"), seed, 3):
        plain, spread = tree(board), tree(board, spread=4)
        steps = distance(board.me, board.enemy, board.stride)
        assert abs(spread.score) == abs(plain.score) * (steps + 4) // 4
        assert (spread.score > 0) == (plain.score > 0) and (spread.score < 0) == (plain.score < 0)


@pytest.mark.parametrize("seed", range(3))
def test_squash_shrinks_a_connected_lead_below_its_scale_keeping_its_sign(seed):
    for board in random_positions(load_board("lazytron/maps/rooms.txt"), seed, 3):
        plain, squashed = tree(board), tree(board, squash=500)
        lead = abs(plain.score)
        assert abs(squashed.score) == lead * 500 // (lead + 500) < 500
        assert (squashed.score > 0) == (plain.score > 0) and (squashed.score < 0) == (
            plain.score < 0
        )


def test_a_connected_lead_squashed_by_separate_counts_less_than_a_cell_apart():
    # player 2 boxed into a corner of an open room: player 1's lead is worth several cells apart,
    # squashed by SEPARATE less than one, still a lead
    rows = ["#" * 22] + ["#" + " " * 20 + "#"] * 10 + ["#" * 22]
    rows[1] = "#2 1" + " " * 17 + "#"
    board = parse_board("22 12\n" + "\n".join(rows) + "\n")
    args = (board.free & ~(1 << board.me) & ~(1 << board.enemy), board.me, board.enemy, 0, 22, 12)
    separate = Settings().separate
    plain, kind = evaluate(*args, Settings())
    squashed, _ = evaluate(*args, Settings(squash=separate))
    assert kind is Kind.CONNECTED and plain > 3 * separate
    assert 0 < squashed < separate


def test_a_head_on_collision_scores_the_collision_setting():
    board = parse_board("5 3\n#####\n#1 2#\n#####\n")  # both step into the middle cell
    for collision in (0, -40):
        root = tree(board, collision=collision, extend=0)
        reply = root.children[0]
        crash = next(pos for pos in reply.children if pos.me == pos.enemy)  # type: ignore[attr-defined]
        assert crash.score == collision and crash.kind is Kind.OVER  # type: ignore[attr-defined]


# apart, both bounds 5: my region (top) has no path of 5, the enemy's corridor has
LOOSE_AGAINST_CORRIDOR = parse_board(
    "6 8\n######\n#    #\n## 1##\n######\n#2   #\n#### #\n#### #\n######\n"
)


def regions(board):
    me, enemy = 1 << board.me, 1 << board.enemy
    mine = reach(board.free & ~enemy, me, board.stride) & ~me
    theirs = reach(board.free & ~me, enemy, board.stride) & ~enemy
    return mine, theirs


def bounds(board):
    """The chamber bound of my region and of the enemy's."""
    mine, theirs = regions(board)
    return [
        fillable(r, h, board.width, board.height)
        for r, h in ((mine, board.me), (theirs, board.enemy))
    ]


def test_close_separated_bounds_are_refined_by_the_walk(path):
    board = LOOSE_AGAINST_CORRIDOR
    assert bounds(board) == [5, 5]
    separate = Settings().separate
    refined = tree(board, close=2, short=separate // 2).score
    assert -separate < refined < 0  # half a cell a cell short: less than a cell behind
    assert tree(board, close=-1).score == 0  # bounds alone: level


@pytest.mark.parametrize("short", [Settings().separate // 2, Settings().separate])
def test_close_separated_bounds_are_refined_in_c_as_in_python(short, speedups):
    board = LOOSE_AGAINST_CORRIDOR
    mine, theirs = regions(board)
    falls_short = shortfall(mine, board.me, board.width, board.height) - shortfall(
        theirs, board.enemy, board.width, board.height
    )
    in_python, in_c = tree(board, close=2, short=short), tree(board, close=2, short=short)
    assert (
        horizon_value(in_c, 2, -INF, INF, 0, None) is not None
    )  # scored in C: the root is apart, so that is its value
    assert (
        in_c.kind is Kind.APART
        and in_python.score == in_c.score == -short * falls_short
        and falls_short > 0
    )


# apart, both bounds 11: the greedy walk takes 10 of my room (top), a step ahead finds 11;
# the enemy's corridor takes 11
ROOM_FOR_A_STEP_AHEAD = parse_board(
    "14 8\n##############\n#     ########\n#1    ########\n### # ########\n"
    "##  # ########\n##############\n#2           #\n##############\n"
)


@pytest.mark.parametrize("ahead", [0, 1, 2])
def test_close_separated_bounds_walked_ahead_in_c_as_in_python(ahead, speedups):
    board = ROOM_FOR_A_STEP_AHEAD
    assert bounds(board) == [11, 11]
    expected = -Settings().short if ahead == 0 else 0  # the walk alone leaves one cell
    fresh = tree(board, walk_ahead=ahead)
    assert horizon_value(fresh, 2, -INF, INF, 0, None) == expected  # scored in C: it was not yet
    assert fresh.kind is Kind.APART and tree(board, walk_ahead=ahead).score == expected
