"""Territory on bitboards against a literal transcription of the original's ``score``."""

import pytest
from positions import random_positions, reference_score

from lazytron.reading import load_board, parse_board
from lazytron.territory import reach, score, voronoi


def test_score_matches_the_original_on_random_positions(project_maps):
    checked = 0
    for path in project_maps:
        for pos in random_positions(load_board(str(path)), seed=11, count=12):
            for bound in (None, 0, 7):
                ours = score(pos.free, pos.me, pos.enemy, bound, pos.stride)
                assert ours == reference_score(pos, pos.free, pos.me, pos.enemy, bound), str(pos)
                checked += 1
    assert checked >= 8 * 12 * 3


def test_ties_count_for_nobody():
    board = parse_board("5 1\n1   2\n")
    mine, theirs, ties, touching = voronoi(
        board.free, 1 << board.me, 1 << board.enemy, board.stride
    )
    assert (mine.bit_count(), theirs.bit_count(), ties.bit_count()) == (2, 2, 1)
    assert touching
    assert score(board.free, board.me, board.enemy, None, board.stride) == (0, None)


def test_a_diagonal_tie_is_not_taken_by_the_side_that_also_reaches_it():
    # (0,0) is 3 from both heads: one path runs through a tied cell; nobody owns it
    board = parse_board("4 3\n    \n   2\n 1  \n")
    assert score(board.free, board.me, board.enemy, None, board.stride) == reference_score(
        board, board.free, board.me, board.enemy, None
    )


def test_separation_gives_the_enemy_a_bound():
    board = parse_board("5 3\n1 #  \n  # 2\n  #  \n")
    value, bound = score(board.free, board.me, board.enemy, None, board.stride)
    # apart, each head's own cell counts for nobody: (6 - 1) - (6 - 1) = 0
    assert (value, bound) == (0, 5)
    assert score(board.free, board.me, board.enemy, 5, board.stride) == (10 * (6 - 5), 4)


def test_same_cell_scores_zero_and_stays_unbounded():
    board = parse_board("3 1\n1 2\n")
    assert score(board.free, board.me, board.me, None, board.stride) == (0, None)


@pytest.mark.parametrize("text, count", [("4 2\n1 # \n  #2\n", 4), ("3 3\n1  \n   \n  2\n", 9)])
def test_reach_counts_the_region(text, count):
    board = parse_board(text)
    assert reach(board.free, 1 << board.me, board.stride).bit_count() == count
