"""Tournaments: the schedule, the table, ratings, CSV and JSON, and ``lazytron tournament`` itself."""

from __future__ import annotations

import csv
import io
import json
import os
import shlex
import sys

import pytest
from conftest import MAPS, lazytron

from lazytron.arena.fixtures import Entrant, Fixture, Result, parse_entrant, schedule
from lazytron.arena.processes import BotError
from lazytron.arena.rating import ratings
from lazytron.arena.records import read_record
from lazytron.arena.referee import Limits
from lazytron.arena.rules import RULES, Outcome
from lazytron.arena.table import format_report, per_map, standings, to_csv, to_json
from lazytron.arena.tournament import default_jobs, run
from lazytron.board import parse_board

PY = shlex.quote(sys.executable)
BOARD = parse_board("5 3\n#####\n#1 2#\n#####\n")
A, B, C = Entrant("a", "x"), Entrant("b", "y"), Entrant("c", "z")


def result(map_name: str, one: Entrant, two: Entrant, outcome: Outcome, number: int = 1) -> Result:
    return Result(Fixture(number, map_name, BOARD, 1, (one, two)), outcome, 10, (None, None))


def test_parse_entrant():
    assert parse_entrant("d4=lazytron bot --depth 4") == Entrant("d4", "lazytron bot --depth 4")
    for bad in ("noequals", "=cmd", "na me=cmd", "x=", "x=  ", "a|b=cmd"):
        with pytest.raises(ValueError):
            parse_entrant(bad)


def test_every_pair_plays_on_every_map_from_both_sides():
    fixtures = schedule([("m1", BOARD), ("m2", BOARD)], [A, B, C], rounds=2)
    assert len(fixtures) == 2 * 2 * 3 * 2
    pairs = [(f.map_name, f.round, f.players[0].name, f.players[1].name) for f in fixtures]
    assert len(set(pairs)) == len(pairs)
    assert ("m2", 2, "c", "a") in pairs and ("m2", 2, "a", "c") in pairs
    assert [f.number for f in fixtures] == list(range(1, 25))
    assert fixtures[0].stem == "m1__a__b__1"


def test_default_jobs_leave_a_core_per_bot():
    cores = len(os.sched_getaffinity(0))
    assert default_jobs() == max(1, cores // 2)


def test_points_and_wdl_per_bot_and_per_map():
    results = [
        result("m1", A, B, Outcome.ONE),
        result("m1", B, A, Outcome.COLLIDED),
        result("m2", A, B, Outcome.BOTH_CRASHED),
        result("m2", B, A, Outcome.ONE),
    ]
    table = {s.name: s for s in standings(results, [A, B])}
    assert (table["a"].points, table["a"].wins, table["a"].draws, table["a"].losses) == (2.0, 1, 2, 1)
    assert (table["b"].points, table["b"].wins, table["b"].draws, table["b"].losses) == (2.0, 1, 2, 1)
    assert table["a"].games == 4
    wdl = per_map(results)
    assert wdl[("a", "m1")] == (1, 1, 0) and wdl[("a", "m2")] == (0, 1, 1) and wdl[("b", "m2")] == (1, 1, 0)


def test_table_is_sorted_by_points_and_printed():
    results = [result("m1", A, B, Outcome.ONE), result("m1", B, A, Outcome.TWO), result("m1", C, A, Outcome.TWO)]
    table = standings(results, [C, B, A])
    assert [s.name for s in table] == ["a", "c", "b"]  # b and c have no points; c lost fewer games
    assert table[0].points == 3
    text = format_report(results, [A, B, C], ["m1"])
    lines = text.splitlines()
    assert lines[0].split() == ["rank", "bot", "games", "points", "W", "D", "L", "elo", "±95%"]
    assert lines[1].split()[:7] == ["1", "a", "3", "3", "3", "0", "0"]
    assert "W-D-L per map:" in lines
    assert lines[lines.index("W-D-L per map:") + 2].split()[:2] == ["m1", "3-0-0"]


def test_csv_and_json_hold_every_game():
    results = [result("m1", A, B, Outcome.ONE, 1), result("m1", B, A, Outcome.COLLIDED, 2)]
    rows = list(csv.DictReader(io.StringIO(to_csv(results))))
    assert [(r["game"], r["player1"], r["player2"], r["result"], r["outcome"]) for r in rows] == [
        ("1", "a", "b", "1", "Player One Wins!"),
        ("2", "b", "a", "D", "Players collided. Draw!"),
    ]
    data = json.loads(to_json(results, [A, B], Limits(), "simultaneous"))
    assert len(data["games"]) == 2 and data["bots"] == {"a": "x", "b": "y"}
    top = data["standings"][0]
    assert top["bot"] == "a" and top["points"] == 1.5 and top["per_map"]["m1"] == {"wins": 1, "draws": 1, "losses": 0}
    assert top["elo"] > 0 and top["elo_95"] > 0


def test_ratings_of_equal_players_are_equal():
    rated = ratings(["a", "b"], [("a", "b", 1.0), ("b", "a", 1.0), ("a", "b", 0.5)])
    assert rated[0].elo == pytest.approx(0, abs=1e-9) and rated[1].elo == pytest.approx(0, abs=1e-9)


def test_ratings_follow_the_elo_curve_and_errors_shrink_with_games():
    few = ratings(["a", "b"], [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
    many = ratings(["a", "b"], [("a", "b", 1.0)] * 300 + [("a", "b", 0.0)] * 100)
    gap = many[0].elo - many[1].elo
    assert gap == pytest.approx(400 * 0.4771, rel=0.02)  # 75 % is 191 Elo
    assert many[0].error < few[0].error / 5
    # each player's share of the gap's 95 % interval: 1.96 x 926 Elo per unit of score x sqrt(0.75 x 0.25 / 400) / 2
    assert many[0].error == pytest.approx(19.6, rel=0.1)


def test_ratings_stay_finite_for_a_player_who_won_everything():
    rated = ratings(["a", "b", "c"], [("a", "b", 1.0), ("a", "c", 1.0), ("b", "c", 0.5)] * 2)
    assert rated[0].elo > rated[1].elo == pytest.approx(rated[2].elo)
    assert all(abs(r.elo) < 1000 and 0 < r.error < 1000 for r in rated)


def test_run_stops_on_a_bot_that_cannot_start():
    fixtures = schedule([("m", BOARD)], [Entrant("a", "/nonexistent/bot"), Entrant("b", "/nonexistent/too")])
    with pytest.raises(BotError):
        run(fixtures, Limits(0.5, 0.3))


def test_round_robin_of_lazytron_at_two_depths_and_the_hugger(tmp_path):
    """The issue's done-when: the table of a round robin on the project's maps."""
    maps = [str(MAPS / m) for m in ("pillars.txt", "gatehouse.txt", "lopsided.txt")]
    records = tmp_path / "records"
    done = lazytron(
        "tournament", *maps,
        "--bot", f"d2={PY} -m lazytron bot --depth 2",
        "--bot", f"d4={PY} -m lazytron bot --depth 4",
        "--bot", f"hugger={PY} -m lazytron.bots.hugger",
        "--record-dir", str(records), "--csv", str(tmp_path / "games.csv"), "--json", str(tmp_path / "t.json"),
        "--jobs", "64",
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:4] == ["rank", "bot", "games", "points"]
    assert sorted(line.split()[1] for line in lines[1:4]) == ["d2", "d4", "hugger"]
    assert all(line.split()[2] == "12" for line in lines[1:4])  # 3 maps x 2 opponents x 2 sides
    assert sum(float(line.split()[3]) for line in lines[1:4]) == 18  # one point per game
    assert "--jobs 64 lowered to" in done.stderr and "[18/18]" in done.stderr
    games = list(csv.DictReader(open(tmp_path / "games.csv")))
    assert len(games) == 18 and len(json.loads((tmp_path / "t.json").read_text())["games"]) == 18
    for game in games:  # every record replays to the result in the table
        record = read_record(str(records / f"{game['map']}__{game['player1']}__{game['player2']}__1.tron"))
        position = record.board
        for number, (one, two) in enumerate(record.moves, 1):
            position = RULES["simultaneous"](position, one, two, number)
        assert isinstance(position, Outcome) and position.code == game["result"] == record.result


@pytest.mark.parametrize(
    "args, status, message",
    [
        (["{map}", "--bot", "a=x"], 2, "at least two"),
        (["{map}", "--bot", "a=cat", "--bot", "bad name=cat"], 2, "expected NAME=CMD"),
        (["{map}", "--bot", "a=cat", "--bot", "a=cat"], 2, "two bots named 'a'"),
        (["{map}", "{map}", "--bot", "a=cat", "--bot", "b=cat"], 2, "two maps named 'pillars'"),
        (["{map}", "--bot", "a=cat", "--bot", "b=/nonexistent/bot"], 1, "cannot start b"),
        (["{map}", "--bot", "a=cat", "--bot", "b='x"], 2, "No closing quotation"),
        (["nope.txt", "--bot", "a=cat", "--bot", "b=cat"], 1, "nope.txt"),
        (["{map}", "--bot", "a=cat", "--bot", "b=cat", "--csv", "/nonexistent/x.csv"], 1, "no such directory"),
        (["{map}", "--bot", "a=cat", "--bot", "b=cat", "--rounds", "0"], 2, "must be >= 1"),
        (["{map}"], 2, "--bot"),
    ],
)
def test_bad_input_gives_one_line_and_a_status(args, status, message):
    args = [a.format(map=MAPS / "pillars.txt") for a in args]
    done = lazytron("tournament", *args)
    assert done.returncode == status
    assert message in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""
