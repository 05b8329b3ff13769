"""``lazytron tune`` with real games (very short ones, on a small map): what it stores, resuming,
extending, refusing another command's database, the report, the page, bad input."""

from __future__ import annotations

import io
import json
import re
import shlex
import sqlite3
import sys
from contextlib import closing

import pytest
from conftest import MAPS, lazytron

from lazytron.cli.tune import main
from lazytron.match.referee import Limits
from lazytron.tournament.task import local
from lazytron.tune.plan import TuneOptions
from lazytron.tune.spsa import Param, Schedule, probe, update

pytestmark = pytest.mark.slow  # every test here starts bot programs

PY = shlex.quote(sys.executable)
ROOM = "9 7\n#########\n#1      #\n#       #\n#   #   #\n#       #\n#      2#\n#########\n"
TEMPLATE = f"{PY} -m lazytron bot --depth 1 --engine chambers {{options}}"
PARAMS = ["--param", "EDGE=100,0,300,10,0.05", "--param", "FILL=55,0,200,5,0.05"]
CLOCK = ["--first-time", "2", "--turn-time", "1"]  # the referee's: depth-1 bots answer at once


@pytest.fixture
def room(tmp_path):
    path = tmp_path / "room<&>.txt"  # a name the page must escape
    path.write_text(ROOM)
    return str(path)


def tune(*args: str, **kwargs):
    return lazytron("tune", *args, **kwargs)


def rows(db: str, query: str) -> list[tuple]:
    with closing(sqlite3.connect(db)) as c:
        return c.execute(query).fetchall()


def test_a_short_run_stores_its_iterations_and_games_and_writes_the_page(room, tmp_path):
    db, html = str(tmp_path / "t.db"), str(tmp_path / "t.html")
    args = [room, "--bot-template", TEMPLATE, *PARAMS, "--iterations", "2", *CLOCK, "--db", db]
    done = tune(*args, "--html", html)
    assert done.returncode == 0, done.stderr
    assert [line.split(":")[0] for line in done.stderr.splitlines()] == [
        "iteration 1/2 on room<&>",
        "iteration 2/2 on room<&>",
    ]
    assert "2 of 2 iterations" in done.stdout and "tuned: EDGE=" in done.stdout
    assert re.search(r"drift from the start .*: EDGE [-+]\d+\.\d\d ± \d+\.\d\d, FILL", done.stdout)
    params = [Param("EDGE", 100, 0, 300, 10, 0.05), Param("FILL", 55, 0, 200, 5, 0.05)]
    stored = rows(db, "SELECT k, theta, delta, plus, minus, points, result, after FROM iterations")
    theta = (100.0, 55.0)
    for k, before, delta, plus, minus, pts, result, after in stored:
        p = probe(params, Schedule(2), json.loads(before), k, json.loads(delta))
        assert tuple(json.loads(before)) == theta
        assert (tuple(json.loads(plus)), tuple(json.loads(minus))) == (p.plus, p.minus)
        one, two = json.loads(pts)
        assert result == one - two and one + two == 2  # a pair of games, plus against minus
        assert tuple(json.loads(after)) == pytest.approx(update(params, p, result))
        theta = tuple(json.loads(after))
    games = rows(db, "SELECT game, round, player1, player2, command1, opening FROM games")
    assert [(g[0], g[1]) for g in games] == [(1, 1), (2, 1), (3, 2), (4, 2)]
    assert {g[2:4] for g in games} == {("plus", "minus"), ("minus", "plus")}
    assert all("--option EDGE=" in g[4] and len(g[5]) == 4 for g in games)
    page = open(html).read()
    assert page.count('<polyline class="theta"') == 2 and 'id="path-FILL"' in page
    assert "room&lt;&amp;&gt;" in page and "room<&>" not in page
    assert "<script" not in page and "--iterations 2" in page and "Drift from the start" in page
    assert re.search(r"<p>Drift from the start .*: EDGE [-+]\d+\.\d\d ± \d+\.\d\d, FILL", page)
    report = tune("--report", db)
    assert report.returncode == 0 and report.stdout == done.stdout
    table = lazytron("tournament", "--report", db)  # the games are a tournament's too
    assert table.returncode == 0 and table.stdout.split()[:2] == ["rank", "bot"]


class Runner:
    """Real games, one at a time, counted; Ctrl-C (KeyboardInterrupt) after ``stop_after``."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.played: list[int] = []
        self.stop_after = stop_after

    def __call__(self, fixtures):
        with closing(local(1)(fixtures)) as results:
            for result in results:
                if len(self.played) == self.stop_after:
                    raise KeyboardInterrupt
                self.played.append(result.game)
                yield result


def interrupted(room: str, db: str, iterations: int, runner: Runner) -> tuple[int, str]:
    o = TuneOptions(
        maps=[room],
        params=PARAMS[1::2],
        template=TEMPLATE,
        iterations=iterations,
        limits=Limits(2, 1),
        db=db,
        runner=runner,
    )
    err = io.StringIO()
    return main(o, io.StringIO(), err), err.getvalue()


def test_an_interrupted_run_resumes_with_only_the_missing_games(room, tmp_path):
    db = str(tmp_path / "t.db")
    status, err = interrupted(room, db, 3, Runner(stop_after=3))  # halfway through iteration 2
    assert status == 130 and "interrupted after 1 of 3 iterations" in err
    assert rows(db, "SELECT k FROM iterations") == [(1,)]
    assert rows(db, "SELECT game FROM games") == [(1,), (2,), (3,)]
    status, err = interrupted(room, db, 3, runner := Runner())
    assert status == 0 and err.count("iteration ") == 2
    assert runner.played == [4, 5, 6]  # game 3 of iteration 2 was not played again
    assert [k for (k,) in rows(db, "SELECT k FROM iterations")] == [1, 2, 3]


def test_an_iteration_cut_short_then_planned_anew_is_played_again(room, tmp_path):
    db = str(tmp_path / "t.db")
    assert interrupted(room, db, 3, Runner(stop_after=3))[0] == 130
    status, err = interrupted(room, db, 5, runner := Runner())  # c_2 is another for 5
    assert status == 0 and err.count("iteration ") == 4
    assert runner.played == [3, 4, 5, 6, 7, 8, 9, 10]
    assert [g for (g,) in rows(db, "SELECT game FROM games ORDER BY game")] == list(range(1, 11))


def test_the_same_command_extends_the_tuning_and_another_is_refused(room, tmp_path):
    db = str(tmp_path / "t.db")
    args = [room, "--bot-template", TEMPLATE, *PARAMS, *CLOCK, "--db", db]
    first = tune(*args, "--iterations", "1")
    assert first.returncode == 0, first.stderr
    more = tune(*args, "--iterations", "3")
    assert more.returncode == 0, more.stderr
    assert more.stderr.count("iteration ") == 2 and "iteration 2/3" in more.stderr
    assert rows(db, "SELECT COUNT(*) FROM iterations") == [(3,)]
    again = tune(*args, "--iterations", "3")  # nothing left to play
    assert again.returncode == 0 and again.stderr == "" and again.stdout == more.stdout
    other = tune(*args, "--iterations", "3", "--seed", "2")
    assert other.returncode == 1 and other.stdout == ""
    assert other.stderr.count("\n") == 1 and "other options (--seed)" in other.stderr
    assert "lazytron tune" in other.stderr and "Traceback" not in other.stderr
    assert rows(db, "SELECT COUNT(*) FROM games") == [(6,)]


def test_against_an_opponent_each_side_plays_a_pair(room, tmp_path):
    db = str(tmp_path / "t.db")
    done = tune(
        room,
        "--bot-template",
        TEMPLATE,
        *PARAMS,
        "--against",
        f"{PY} -m lazytron bot --depth 1",
        "--iterations",
        "1",
        *CLOCK,
        "--db",
        db,
    )
    assert done.returncode == 0, done.stderr
    names = rows(db, "SELECT player1, player2 FROM games ORDER BY game")
    assert names == [
        ("plus", "opponent"),
        ("opponent", "plus"),
        ("minus", "opponent"),
        ("opponent", "minus"),
    ]


def test_the_engine_is_played_at_the_chosen_clock(room, tmp_path):
    db = str(tmp_path / "t.db")
    done = tune(
        room, *PARAMS, "--iterations", "1", "--first-time", "2", "--turn-time", "0.2", "--db", db
    )
    assert done.returncode == 0, done.stderr
    commands = rows(db, "SELECT command1, command2 FROM games")
    expected = "-m lazytron bot --engine chambers --first-time 1.9 --turn-time 0.15 --option EDGE="
    assert len(commands) == 2 and all(expected in c for pair in commands for c in pair)


@pytest.mark.parametrize(
    "args, message",
    [
        (["{map}", "--param", "DEPTH=3,0,9,1,0.002"], "no option DEPTH"),
        (["{map}", "--param", "EDGE=400,0,300,10,0.002"], "not within 0 .. 300"),
        (["{map}", "--param", "EDGE=100,0,300,0,0.002"], "C_END must be above 0"),
        (["{map}", "--param", "EDGE=100,0,300,-2,0.002"], "C_END must be above 0"),
        (["{map}", "--param", "EDGE=100,0,300"], "expected NAME=START,MIN,MAX,C_END,R_END"),
        (["{map}", "--param", "MEMO=1,0,1,1,0.002"], "true or false"),
        (["{map}", "--param", "EDGE=1,0,3,1,1", "--param", "edge=1,0,3,1,1"], "given twice"),
        (["{map}"], "--param"),
        (["{map}", "--params", "/nonexistent.txt"], "/nonexistent.txt"),
        (["--param", "EDGE=100,0,300,10,0.002"], "give at least one map"),
        (["/nonexistent.txt", "--param", "EDGE=100,0,300,10,0.002"], "no such file"),
        (["{map}", "--param", "EDGE=100,0,300,10,0.002", "--iterations", "-"], None),
        (["{map}", "--bot-template", "bot {EDGE}", "--param", "X=1,0,3,1,1"], "no value of X"),
    ],
)
def test_bad_input_is_one_line_and_status_2_before_any_game(args, message, tmp_path):
    db = tmp_path / "t.db"
    args = [str(MAPS / "pillars.txt") if a == "{map}" else a for a in args]
    if "--iterations" not in args:
        args += ["--iterations", "2"]
    done = tune(*args, "--db", str(db))
    assert (done.returncode, done.stdout) == (2, "")
    assert "Traceback" not in done.stderr and not db.exists()
    if message is not None:  # argparse's own errors print the usage first
        assert done.stderr.count("\n") == 1 and message in done.stderr


def test_report_of_no_tuning_is_one_line(tmp_path):
    done = tune("--report", str(tmp_path / "none.db"))
    assert (done.returncode, done.stderr.count("\n")) == (1, 1) and "no such file" in done.stderr
    tournament_db = tmp_path / "t.db"
    sqlite3.connect(tournament_db).close()
    done = tune("--report", str(tournament_db))
    assert done.returncode == 1 and "no tuning stored" in done.stderr


def test_an_engine_that_exits_before_its_first_move_stops_the_tuning_in_one_line(room, tmp_path):
    db = str(tmp_path / "t.db")
    template = f"{PY} -c 'import sys; sys.exit(4)' {{options}}"
    args = [room, "--bot-template", template, *PARAMS, "--iterations", "3", *CLOCK, "--db", db]
    done = tune(*args)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .startswith("lazytron tune: bot plus exited with status 4 before its first move")
    )
    assert rows(db, "SELECT count(*) FROM games") == [(1,)]
