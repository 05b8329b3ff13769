"""The schedule: round robins and gauntlets in side-swapped pairs, seeds and openings per round,
reproducible."""

from __future__ import annotations

import pytest

from lazytron.match.mapgen import MapSpec, generate
from lazytron.match.referee import Limits
from lazytron.match.rules import Outcome, advance
from lazytron.reading import parse_board
from lazytron.tournament.schedule import (
    Entrant,
    pairings,
    parse_entrant,
    parse_time,
    schedule,
)

MAPS = [("m1", generate(MapSpec(9, 9, 0.1), 1)), ("m2", generate(MapSpec(11, 7, 0.2), 2))]
BOTS = [Entrant("a", "x"), Entrant("b", "y", Limits(2, 0.5)), Entrant("c", "z")]


def test_round_robin_pairs_every_two_bots_on_every_map_from_both_seats():
    fixtures = list(schedule(MAPS, BOTS, rounds=2))
    assert len(fixtures) == 2 * 2 * 3 * 2
    assert [f.game for f in fixtures] == list(range(1, 25))
    seats = [(f.round, f.map_name, f.names) for f in fixtures]
    assert (
        len(set(seats)) == len(seats)
        and (2, "m2", ("c", "a")) in seats
        and (2, "m2", ("a", "c")) in seats
    )


def test_the_two_games_of_a_pair_differ_only_in_the_seats():
    fixtures = list(schedule(MAPS, BOTS, rounds=2, openings=3, seed=5))
    for first, second in zip(fixtures[::2], fixtures[1::2], strict=True):
        assert first.pair == second.pair and first.names == second.names[::-1]
        assert first.commands == second.commands[::-1] and first.limits == second.limits[::-1]
        same = ("map_text", "seed", "opening", "round")
        assert [getattr(first, k) for k in same] == [getattr(second, k) for k in same]
    assert [f.pair for f in fixtures[::2]] == list(range(1, 13))


def test_rounds_get_new_seeds_and_openings_and_the_schedule_repeats_itself():
    fixtures = list(schedule(MAPS, BOTS, rounds=3, openings=3, seed=5))
    assert fixtures == list(schedule(MAPS, BOTS, rounds=3, openings=3, seed=5))
    by_round = {
        r: {(f.map_name, f.names): f.opening for f in fixtures if f.round == r} for r in (1, 2, 3)
    }
    assert by_round[1] != by_round[2] != by_round[3]
    assert len({f.seed for f in fixtures}) == len(fixtures) // 2
    assert fixtures != list(schedule(MAPS, BOTS, rounds=3, openings=3, seed=6))


def test_openings_are_legal_and_recorded_as_move_letters():
    for f in schedule(MAPS, BOTS, rounds=2, openings=4, seed=9):
        assert len(f.opening) == 8 and set(f.opening) <= set("NESW")
        board = parse_board(f.map_text)
        for one, two in f.opening_moves():
            board = advance(board, one, two)
            assert not isinstance(board, Outcome)


def test_more_rounds_extend_a_schedule_without_renumbering():
    short, long = list(schedule(MAPS, BOTS, 1, 2)), list(schedule(MAPS, BOTS, 3, 2))
    assert long[: len(short)] == short


def test_a_gauntlet_plays_its_bot_against_each_other_and_nothing_else():
    fixtures = list(schedule(MAPS, BOTS, gauntlet="b"))
    assert all("b" in f.names for f in fixtures) and len(fixtures) == 2 * 2 * 2
    assert pairings(["a", "b", "c"], "b") == [("b", "a"), ("b", "c")]


def test_bots_keep_their_own_time_limits():
    f = next(schedule(MAPS, BOTS[:2]))
    assert f.names == ("a", "b") and f.limits == (Limits(), Limits(2, 0.5))


def test_parse_entrant_and_time():
    assert parse_entrant("d4=lazytron bot --depth 4") == Entrant("d4", "lazytron bot --depth 4")
    assert parse_time("new=0.5/0.25") == ("new", Limits(0.5, 0.25)) and parse_time("x=2") == (
        "x",
        Limits(2, 2),
    )
    for bad in ("noequals", "=cmd", "na me=cmd", "x=", "x=  ", "a|b=cmd"):
        with pytest.raises(ValueError):
            parse_entrant(bad)
    for bad in ("new", "new=", "new=a/b", "new=0/1", "new=1/-1", "bad name=1/1", "x=1/nan"):
        with pytest.raises(ValueError):
            parse_time(bad)
