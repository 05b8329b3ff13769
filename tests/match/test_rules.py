"""The official rules: every way a turn can end, under both rule sets, and the recorded games as
ground truth."""

from __future__ import annotations

import pytest

from lazytron.board import Board, Move
from lazytron.match.records import RecordError, read_record
from lazytron.match.rules import RULES, Outcome, advance, advance_tronjar, play_out
from lazytron.reading import parse_board

N, E, S, W, NONE = Move.NORTH, Move.EAST, Move.SOUTH, Move.WEST, Move.NONE


def board(*rows: str) -> Board:
    return parse_board(f"{len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")


ROOM = board(
    "#######",
    "#1    #",
    "#     #",
    "#    2#",
    "#######",
)
FACING = board(  # heads next to each other
    "######",
    "# 12 #",
    "######",
)
GAP = board(  # one free cell between the heads
    "#####",
    "#1 2#",
    "#####",
)
OPEN = board(  # no border: off the grid is a wall
    "1   ",
    "    ",
    "   2",
)


def test_both_move_and_old_heads_become_walls():
    after = advance(ROOM, E, W)
    assert isinstance(after, Board)
    assert after.point(after.me) == (1, 2) and after.point(after.enemy) == (3, 4)
    assert after.walls >> ROOM.me & 1 and after.walls >> ROOM.enemy & 1
    assert after.walls == ROOM.walls | 1 << ROOM.me | 1 << ROOM.enemy


def test_heads_on_the_same_cell_collide():
    assert advance(GAP, E, W) is Outcome.COLLIDED
    assert str(Outcome.COLLIDED) == "Players collided. Draw!" and Outcome.COLLIDED.code == "D"


def test_swapping_cells_crashes_both():
    assert advance(FACING, E, W) is Outcome.BOTH_CRASHED
    assert str(Outcome.BOTH_CRASHED) == "Both players crashed. Draw!"


def test_moving_onto_the_others_old_head_crashes():
    # 1 steps where 2 was while 2 moves away: 2's old head is a wall
    assert advance(FACING, E, E) is Outcome.TWO
    assert advance(FACING, W, W) is Outcome.ONE


def test_off_the_grid_crashes():
    assert advance(OPEN, N, N) is Outcome.TWO
    assert advance(OPEN, E, E) is Outcome.ONE
    assert advance(OPEN, W, E) is Outcome.BOTH_CRASHED


def test_walls_crash():
    assert advance(ROOM, N, S) is Outcome.BOTH_CRASHED
    assert advance(ROOM, W, W) is Outcome.TWO
    assert str(Outcome.ONE) == "Player One Wins!" and str(Outcome.TWO) == "Player Two Wins!"


def test_own_and_enemy_trails_crash():
    # 1 goes round a square back onto its own trail; 2 wanders in its corner
    positions = list(play_out(ROOM, [(E, W), (S, W), (W, N), (N, E)]))
    assert len(positions) == 5 and positions[-1] is Outcome.TWO
    # 2 runs into the cell 1 left on turn 2
    positions = list(play_out(ROOM, [(E, N), (S, N), (S, W), (E, W), (E, W)]))
    assert len(positions) == 6 and positions[-1] is Outcome.ONE


def test_no_move_crashes():
    assert advance(ROOM, NONE, W) is Outcome.TWO
    assert advance(ROOM, NONE, NONE) is Outcome.BOTH_CRASHED


def test_outcome_winner():
    assert [o.winner for o in Outcome] == [1, 2, None, None]


@pytest.mark.parametrize("rules", sorted(RULES))
def test_rule_sets_agree_on_ordinary_turns(rules):
    step = RULES[rules]
    assert step(ROOM, E, W, 1) == advance(ROOM, E, W)
    assert step(GAP, E, W, 1) is Outcome.COLLIDED
    assert step(ROOM, N, S, 1) is Outcome.BOTH_CRASHED
    assert step(OPEN, N, N, 1) is Outcome.TWO


def test_tronjar_player_one_may_take_the_old_head_after_the_first_turn():
    # Tron.jar walls a head only when its player leaves it, player 1 moving first
    assert advance_tronjar(FACING, E, E, first=True) is Outcome.TWO  # starting heads are walls
    after = advance_tronjar(FACING, E, E)
    assert isinstance(after, Board) and after.me == FACING.enemy
    assert advance_tronjar(FACING, W, W) is Outcome.ONE  # player 2 onto 1's old head always crashes


def test_tronjar_swap_is_won_by_player_one_after_the_first_turn():
    assert advance_tronjar(FACING, E, W, first=True) is Outcome.BOTH_CRASHED
    assert advance_tronjar(FACING, E, W) is Outcome.ONE


def test_tronjar_player_without_a_move_stays_and_is_collided_with():
    assert advance_tronjar(FACING, NONE, W) is Outcome.COLLIDED
    assert advance_tronjar(FACING, E, NONE) is Outcome.COLLIDED
    assert advance_tronjar(ROOM, NONE, W) is Outcome.TWO
    assert advance(FACING, NONE, W) is Outcome.BOTH_CRASHED  # the simultaneous rules differ here


def _replay(record, rules):
    position = record.board
    for number, (one, two) in enumerate(record.moves, 1):
        position = RULES[rules](position, one, two, number)
        if isinstance(position, Outcome):
            return number, position
    return None


@pytest.mark.parametrize("rules", sorted(RULES))
def test_recorded_games_replay_to_their_results(recorded_games, rules):
    """Ground truth: every complete record ends on its last turn with its result; the forfeit does
    not end."""
    unfinished = []
    checked = 0
    for path in recorded_games:
        try:
            record = read_record(str(path))
        except RecordError:
            continue  # cut off: checked in test_record
        end = _replay(record, rules)
        if end is None:
            unfinished.append(path.name)
            continue
        number, outcome = end
        assert number == len(record.moves), path.name
        assert outcome.code == record.result, path.name
        checked += 1
    assert checked >= 30
    assert unfinished == ["1.tron"]  # ended by a forfeit: its moves end with both players alive
