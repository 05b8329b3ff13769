"""The chambers engine as the bot sees it: ever-deeper results, legal moves, filling its own region,
re-rooting."""

from __future__ import annotations

import random
from itertools import islice

import pytest
from positions import random_positions
from trees import SMALL, contested, tree

from lazytron.board import Board, Move, legal_moves
from lazytron.clock import OutOfTime
from lazytron.engines.chambers import ChamberPosition, best_scores, fits
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.fill import best_step
from lazytron.engines.chambers.nodes import ChamberReply
from lazytron.engines.chambers.outcome import win
from lazytron.engines.chambers.search import improvements, search
from lazytron.reading import load_board, parse_board
from lazytron.territory import reach
from lazytron.tree import inherit


def test_never_moves_into_a_wall_when_a_free_move_exists(path):
    for board in random_positions(load_board("lazytron/maps/pillars.txt"), 7, 40):
        root = tree(board)
        free_moves = {m for m, _ in legal_moves(root.open_, board.me, board.stride)}
        for _, move in islice(best_scores(root), 3):
            assert move in free_moves or (not free_moves and move == Move.NONE)


def test_moves_to_the_free_cell_when_the_enemy_is_stuck():
    root = tree(parse_board("4 3\n####\n#1 #\n#2##\n"))
    assert root.score == win(0)
    assert [move for _, move in best_scores(root)] == [Move.EAST, Move.EAST]


def longest_path(region: int, head: int, stride: int) -> int:
    best = 0
    for _, target in legal_moves(region, head, stride):
        best = max(best, 1 + longest_path(region & ~(1 << target), target, stride))
    return best


def play_alone(board: Board) -> int:
    """The number of moves the engine makes alone in a separated position until it is stuck."""
    moves = 0
    while True:
        root = tree(board)
        move = list(best_scores(root))[-1][1]
        target = next(
            (t for m, t in legal_moves(root.open_, board.me, board.stride) if m == move), None
        )
        if target is None:
            return moves
        board = Board(board.width, board.height, board.walls | 1 << board.me, target, board.enemy)
        moves += 1


@pytest.mark.parametrize("seed", range(8))
def test_fills_to_the_longest_path_when_apart(seed):
    rng = random.Random(seed)
    rows = ["#" * 7] + [
        "#" + "".join(" " if rng.random() > 0.25 else "#" for _ in range(5)) + "#" for _ in range(4)
    ]
    rows += ["#######", "#2    #", "#######"]
    rows[1] = "#1" + rows[1][2:]
    board = parse_board("7 8\n" + "\n".join(rows) + "\n")
    assert tree(board).kind in (Kind.APART, Kind.OVER)
    region = reach(tree(board).open_ | 1 << board.me, 1 << board.me, board.stride) & ~(
        1 << board.me
    )
    assert play_alone(board) == longest_path(region, board.me, board.stride)


def test_fills_a_region_where_best_step_alone_falls_short():
    # best_step played move by move makes 12 moves here; the longest path is 14
    board = parse_board(
        "6 9\n######\n###  #\n#    #\n#   ##\n# 1  #\n#   ##\n######\n#2   #\n######\n"
    )
    region = reach(board.free & ~(1 << board.enemy), 1 << board.me, board.stride) & ~(1 << board.me)
    assert longest_path(region, board.me, board.stride) == 14
    head, moves = board.me, 0
    while (target := best_step(region, head, board.width, board.height, 2)) is not None:
        region, head, moves = region & ~(1 << target), target, moves + 1
    assert moves == 12
    assert play_alone(board) == 14


def test_tree_re_roots_on_both_moves_and_fits_the_board():
    root = tree(SMALL)
    list(islice(best_scores(root), 3))
    reply = inherit(root, Move.EAST)
    assert isinstance(reply, ChamberReply)
    child = inherit(reply, Move.WEST)
    after = Board(
        SMALL.width,
        SMALL.height,
        SMALL.walls | 1 << SMALL.me | 1 << SMALL.enemy,
        SMALL.me + 1,
        SMALL.enemy - 1,
    )
    assert fits(child, after) and not fits(child, SMALL)


def test_the_iterator_ends_when_decided_or_when_a_search_cuts_no_line():
    won = list(best_scores(tree(parse_board("7 3\n#######\n#2 1  #\n#######\n"))))
    assert won[0][0] is None and won[-1] == (win(2), Move.EAST) and len(won) == 2
    # the heads meet on the cell between them: every line ends at depth 2, a draw
    drawn = list(best_scores(tree(parse_board("5 3\n#####\n#1 2#\n#####\n"))))
    assert drawn == [(None, Move.EAST), (0, Move.EAST)]


def counting(limit: int | None = None):
    """A check that counts its calls, and raises OutOfTime on the one after ``limit``."""
    calls = [0]

    def check() -> None:
        calls[0] += 1
        if limit is not None and calls[0] > limit:
            raise OutOfTime

    return check, calls


def test_a_depth_the_clock_cuts_off_ends_the_results_with_the_last_depth_s():
    # the deadline keeps the last complete depth: a move a cut-off depth proved better is not given
    maps = [
        load_board(f"lazytron/maps/{name}.txt")
        for name in ("open-field", "rooms", "pillars", "crossroads", "islands")
    ]
    for position in [board for first in maps for board in [first, *random_positions(first, 0, 4)]]:
        root = tree(position)
        if not contested(root):
            continue
        for depth in (2, 4):
            search(root, depth)
        check, calls = counting()
        proven = [(calls[0], item) for item in improvements(root, 6, check)]
        if (
            len(proven) > 1 and calls[0] > proven[-1][0]
        ):  # a better move, and the clock looked at after it
            break
    else:
        pytest.fail("no position whose best move at depth 6 is not the last depth's")
    check, calls = counting()
    shallower = list(
        islice(best_scores(tree(position), check), 3)
    )  # the first move, then depths 2 and 4
    check, _ = counting(
        calls[0] + proven[-1][0]
    )  # the clock runs out at depth 6, just after its last improvement
    taken = []
    with pytest.raises(OutOfTime):
        for item in best_scores(tree(position), check):
            taken.append(item)
    assert taken == shallower


class Budget(Exception):
    """The search asked for more work than the test allows."""


def test_apart_at_the_root_each_deeper_result_costs_a_bounded_search():
    # a separated position where no short line reaches the parity bound: a fixed depth
    # once waited here for an exhaustive longest-path search (analyse --depth 4 never ended)
    rows = [
        "###############", "#      ####   #", "#        ##   #", "#  2     #    #",
        "#  ## #####   #", "#  ####   #   #", "# ## ###      #", "# #    #      #",
        "# #   1#      #", "# # #     #   #", "# ###     #   #", "# ##          #",
        "# #           #", "# ######      #", "###############",
    ]  # fmt: skip
    board = parse_board("15 15\n" + "\n".join(rows) + "\n")
    calls = 0

    def check() -> None:
        nonlocal calls
        calls += 1
        if calls > 200_000:
            raise Budget

    root: ChamberPosition = tree(board)
    results = list(islice(best_scores(root, check), 5))  # the first move, then depths 2 to 8
    assert len(results) == 5
    assert all(move in {kid.move for kid in root.children} for _, move in results)
