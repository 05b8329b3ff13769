"""The score order of lazytron.outcome (seed 004: Lose < Indeterminate(score) < Win)."""

from lazytron.engines.chambers.outcome import (
    DRAW,
    EVAL_LIMIT,
    decided,
    describe,
    indeterminate,
    loss,
    win,
)


def test_quicker_win_above_slower_win_above_every_evaluation():
    assert win(1) > win(2) > win(500) > indeterminate(10**50) == EVAL_LIMIT


def test_slower_loss_above_quicker_loss_below_every_evaluation():
    assert loss(500) > loss(2) > loss(1)
    assert loss(500) < indeterminate(-(10**50)) == -EVAL_LIMIT


def test_draw_between_wins_and_losses_and_negation_swaps_sides():
    assert loss(1000) < DRAW < win(1000)
    for ply in (0, 1, 7, 2000):
        assert -win(ply) == loss(ply) and -loss(ply) == win(ply)
        assert decided(win(ply)) and decided(loss(ply))
    assert not decided(DRAW) and not decided(indeterminate(-(10**9)))


def test_order_matches_seed_004_on_a_sorted_sample():
    # Lose (slowest last) < Indeterminate (by value) < Win (quickest last)
    expected = [loss(1), loss(9), indeterminate(-5), DRAW, indeterminate(7), win(9), win(1)]
    assert sorted([expected[i] for i in (3, 0, 6, 1, 5, 2, 4)]) == expected
    assert [describe(s) for s in expected] == [
        "loss in 1",
        "loss in 9",
        "-5",
        "0",
        "7",
        "win in 9",
        "win in 1",
    ]
