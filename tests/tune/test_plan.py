"""A tuning's plan without games: the parameters checked, the bot commands, each iteration's
fixtures (seat-swapped, from one opening), the points, the store's refusal."""

from __future__ import annotations

import pytest
from conftest import MAPS

from lazytron.engines import CHAMBERS
from lazytron.match.processes import BotError
from lazytron.match.referee import Limits
from lazytron.tournament.options import Usage
from lazytron.tournament.task import Fixture, GameResult
from lazytron.tune import store
from lazytron.tune.params import ParamError, check_template, command, for_engine, parse_param
from lazytron.tune.plan import TuneOptions, bot_clock, make_plan, points
from lazytron.tune.spsa import Step, flips, probe

PILLARS = str(MAPS / "pillars.txt")


def options(**kw) -> TuneOptions:
    base = dict(
        maps=[PILLARS, "crossroads"],
        params=["EDGE=100,0,300,10,0.002", "fill=55,0,200,5,0.002"],
        iterations=10,
        limits=Limits(0.4, 0.2),
    )
    return TuneOptions(**{**base, **kw})


@pytest.mark.parametrize(
    "text, message",
    [
        ("EDGE=100,0,300,10", "expected NAME=START,MIN,MAX,C_END,R_END"),
        ("EDGE:100,0,300,10,0.002", "expected NAME="),
        ("EDGE=100,0,300,ten,0.002", "expected NAME="),
        ("EDGE=100,0,300,10,nan", "expected NAME="),
        ("EDGE=400,0,300,10,0.002", "the start 400 is not within 0 .. 300"),
        ("EDGE=100,300,0,10,0.002", "MIN 300 must be below MAX 0"),
        ("EDGE=100,0,300,0,0.002", "C_END must be above 0, not 0"),
        ("EDGE=100,0,300,-1,0.002", "C_END must be above 0, not -1"),
        ("EDGE=100,0,300,10,-0.1", "R_END must be 0 or more"),
    ],
)
def test_a_bad_param_is_one_line_naming_it(text, message):
    with pytest.raises(ParamError, match=message) as e:
        parse_param(text)
    assert "\n" not in str(e.value)


def test_fishtests_form_is_taken_too():
    assert parse_param("EDGE,100,0,300,10,0.002") == parse_param("EDGE=100,0,300,10,0.002")


@pytest.mark.parametrize(
    "text, message",
    [
        ("DEPTH=3,0,9,1,0.002", "no option DEPTH"),
        ("MEMO=1,0,1,1,0.002", "MEMO is true or false"),
        ("AHEAD=2,0,4,1,0.002", "outside the option's 1 .. 4"),
    ],
)
def test_the_engines_options_bound_the_params(text, message):
    with pytest.raises(ParamError, match=message):
        for_engine([parse_param(text)], CHAMBERS)


def test_names_are_the_options_in_capitals():
    assert [p.name for p in for_engine([parse_param("edge=1,0,3,1,0.1")], CHAMBERS)] == ["EDGE"]


def test_a_template_passes_the_values_rounded():
    assert command("b {options}", ["A", "B"], [1.5, 2.49]) == "b --option A=2 --option B=2"
    assert command("b -a {A} -b {B} {C}", ["A", "B"], [0.4, 7.6]) == "b -a 0 -b 8 {C}"
    check_template("b -a {A} -b {B}", ["A", "B"])
    with pytest.raises(ParamError, match="no value of B"):
        check_template("b -a {A}", ["A", "B"])


def test_the_engines_clock_stays_under_the_referees():
    plan = make_plan(options())
    cmd = plan.command([104.4, 53.6])
    assert f"bot --engine chambers --first-time {bot_clock(0.4):g} --turn-time 0.15" in cmd
    assert cmd.endswith("--option EDGE=104 --option FILL=54")
    assert bot_clock(3) == 2.9 and bot_clock(1) == 0.9 and bot_clock(0.05) == 0.0375


def test_an_iteration_is_a_seat_swapped_pair_on_the_maps_in_turn():
    plan = make_plan(options(openings=2))
    theta = (100.0, 55.0)
    for k in (1, 2, 3):
        p = probe(plan.params, plan.schedule, theta, k, flips(1, k, 2))
        one, two = plan.fixtures(p)
        assert [one.game, two.game] == [2 * k - 1, 2 * k] and one.pair == two.pair == k
        assert one.round == two.round == k
        assert one.names == ("plus", "minus") and two.names == ("minus", "plus")
        assert one.commands == (plan.command(p.plus), plan.command(p.minus))
        assert two.commands == one.commands[::-1]
        assert one.opening == two.opening and len(one.opening) == 4 and one.seed == two.seed
        assert one.map_name == ["pillars", "crossroads"][(k - 1) % 2]


def test_against_an_opponent_each_side_plays_it_from_the_same_opening():
    plan = make_plan(options(against="cat"))
    p = probe(plan.params, plan.schedule, (100.0, 55.0), 2, (1, -1))
    games = plan.fixtures(p)
    assert [f.game for f in games] == [5, 6, 7, 8] and [f.pair for f in games] == [3, 3, 4, 4]
    assert [f.names for f in games] == [
        ("plus", "opponent"),
        ("opponent", "plus"),
        ("minus", "opponent"),
        ("opponent", "minus"),
    ]
    assert len({f.opening for f in games}) == 1 and games[1].commands[0] == "cat"


def test_points_count_each_side_in_either_seat():
    def game(names, result):
        f = Fixture(1, 1, 1, "m", "", names, ("a", "b"))
        return f, GameResult(1, result, "", 1, "")

    played = [game(("plus", "minus"), "1"), game(("minus", "plus"), "D")]
    assert points(played, "plus") == 1.5 and points(played, "minus") == 0.5
    played = [game(("plus", "opponent"), "2"), game(("opponent", "minus"), "2")]
    assert points(played, "plus") == 0 and points(played, "minus") == 1


def test_a_plan_needs_its_iterations_and_a_bot_that_starts():
    with pytest.raises(Usage, match="--iterations"):
        make_plan(options(iterations=None))
    with pytest.raises(BotError, match="not found"):
        make_plan(options(template="no-such-bot-program {options}"))


def test_the_store_keeps_iterations_and_refuses_other_options(tmp_path):
    path = str(tmp_path / "t.db")
    plan = make_plan(options())
    db = store.connect(path)
    run = store.open_run(db, path, plan.settings)
    p = probe(plan.params, plan.schedule, (100.0, 55.0), 1, (1, -1))
    step = Step(p, (1.5, 0.5), 1.0, (100.2, 54.9), 12.0)
    store.save(db, run, step)
    assert store.iterations(db, run) == [step]
    longer = make_plan(options(iterations=20))  # more iterations extend the same tuning
    assert store.open_run(db, path, longer.settings) == run
    assert store.the_run(db, path)[1]["iterations"] == 20
    with pytest.raises(store.TuneError, match=r"other options \(--openings, --seed\)"):
        store.open_run(db, path, make_plan(options(seed=2, openings=3)).settings)
    with pytest.raises(store.TuneError, match=r"other options \(the maps\)"):  # their order too
        store.open_run(db, path, make_plan(options(maps=["crossroads", PILLARS])).settings)
