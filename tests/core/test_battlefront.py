"""lazytron.battlefront: a share measured by its chambers, giving up what lies off the way to the front."""

from __future__ import annotations

import random

from lazytron.battlefront import front_cells, share_space, steps
from lazytron.board import parse_board
from lazytron.space import fillable
from lazytron.territory import reach

from test_space import cells, regions

# A room by my head, one corridor cell, then a room by the enemy (whose head is the 2).
#   1......
#   ...#...
#   #####2#
BOARD = parse_board("7 3\n1      \n   #   \n#####2#\n")


def region_and_front(board=BOARD):
    me = 1 << board.me
    region = reach(board.free & ~(1 << board.enemy), me, board.stride) & ~me
    return region, front_cells(region, 1 << board.enemy, board.stride)


def test_a_path_to_the_front_does_not_fill_the_room_it_leaves():
    region, front = region_and_front()
    closed = fillable(region, BOARD.me, BOARD.width, BOARD.height)
    count, at_front, counted = share_space(region, BOARD.me, front, BOARD.width, BOARD.height)
    # three steps to the corridor cell, then the six cells of the room at the front
    assert (count, at_front) == (3 + 6, True)
    right = sum(1 << (y * BOARD.stride + x) for x in range(3, 7) for y in range(2))
    assert counted == region & right  # the corridor cell and the room beyond, not the room left behind
    assert closed > count  # filled as a closed room, the room by the head counts too


def test_a_front_away_from_the_best_path_changes_nothing():
    region, _ = region_and_front()
    beside_head = 1 << (BOARD.me + BOARD.stride)  # the cell under my head: in the first room
    count, at_front, _ = share_space(region, BOARD.me, beside_head, BOARD.width, BOARD.height)
    assert count == fillable(region, BOARD.me, BOARD.width, BOARD.height)
    assert at_front


def test_without_a_front_it_is_the_chamber_bound():
    for width, height, region, head in regions(11, 300):
        assert share_space(region, head, 0, width, height)[:2] == (fillable(region, head, width, height), False)


def test_the_front_never_adds_cells():
    rng = random.Random(12)
    for width, height, region, head in regions(12, 300):
        front = sum(1 << c for c in cells(region) if rng.random() < 0.1)
        count, at_front, _ = share_space(region, head, front, width, height)
        assert count <= fillable(region, head, width, height)
        assert not at_front or front


def test_steps_is_the_shortest_walk():
    region, _ = region_and_front()
    corridor = BOARD.me + 3
    assert steps(region, BOARD.me, corridor, BOARD.stride) == 3
    assert steps(region, BOARD.me, BOARD.me + BOARD.stride + 2, BOARD.stride) == 3  # down and along, or along and down
