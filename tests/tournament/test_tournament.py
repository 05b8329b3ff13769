"""``lazytron tournament``: round robins and gauntlets end to end, resuming from the database,
--report, bad input."""

from __future__ import annotations

import csv
import json
import os
import shlex
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from conftest import MAPS, ROOT, lazytron
from devtools import without_clock

from lazytron.match.records import parse_record
from lazytron.match.rules import RULES, Outcome
from lazytron.tournament.options import default_jobs

pytestmark = pytest.mark.slow  # every test here starts bot programs

PY = shlex.quote(sys.executable)
DEPTH = {d: f"{PY} -m lazytron bot --depth {d}" for d in (1, 2, 3, 4, 6)}


def generated_maps(tmp_path, count=2, size="9x9"):
    folder = tmp_path / "maps"
    done = lazytron(
        "maps",
        "generate",
        "--count",
        str(count),
        "--size",
        size,
        "--seed",
        "3",
        "--out",
        str(folder),
    )
    assert done.returncode == 0, done.stderr
    return sorted(str(p) for p in folder.glob("*.txt"))


def tournament(*args, **kwargs):
    return lazytron("tournament", *args, **kwargs)


def test_default_jobs_leave_a_core_per_bot():
    assert default_jobs() == max(1, len(os.sched_getaffinity(0)) // 2)


def test_round_robin_stores_every_game_and_report_prints_the_same_table(tmp_path):
    maps = [str(MAPS / m) for m in ("pillars.txt", "gatehouse.txt")]
    db = str(tmp_path / "t.db")
    args = [
        *maps,
        "--bot",
        f"d1={DEPTH[1]}",
        "--bot",
        f"d2={DEPTH[2]}",
        "--bot",
        f"hugger={PY} -m lazytron.bots.hugger",
        "--db",
        db,
        "--csv",
        str(tmp_path / "g.csv"),
        "--json",
        str(tmp_path / "t.json"),
        "--record-dir",
        str(tmp_path / "rec"),
    ]
    done = tournament(*args)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:4] == ["rank", "bot", "games", "points"]
    assert all(line.split()[2] == "8" for line in lines[1:4])  # 2 maps x 2 opponents x 2 seats
    assert sum(float(line.split()[3]) for line in lines[1:4]) == 12
    rows = (
        sqlite3.connect(db)
        .execute("SELECT game, result, record, map FROM games ORDER BY game")
        .fetchall()
    )
    assert [r[0] for r in rows] == list(range(1, 13))
    for game, result, record, _ in rows:  # every stored record replays to its stored result
        board = parse_record(record).board
        for number, (one, two) in enumerate(parse_record(record).moves, 1):
            board = RULES["simultaneous"](board, one, two, number)
        assert isinstance(board, Outcome) and board.code == result
        assert (tmp_path / "rec" / f"game-{game:05d}.tron").read_text() == record
    assert len(list(csv.DictReader(open(tmp_path / "g.csv")))) == 12
    assert len(json.loads((tmp_path / "t.json").read_text())["games"]) == 12
    report = tournament("--report", db)
    assert report.returncode == 0 and report.stdout == done.stdout
    again = tournament(*args)  # the same command: nothing left to play
    assert again.returncode == 0 and again.stdout == done.stdout and "game" not in again.stderr


def test_a_gauntlet_plays_only_its_bot(tmp_path):
    maps = generated_maps(tmp_path)
    db = str(tmp_path / "g.db")
    done = tournament(
        *maps,
        "--gauntlet",
        "new",
        "--bot",
        f"old={DEPTH[1]}",
        "--bot",
        f"new={DEPTH[2]}",
        "--bot",
        f"other={DEPTH[1]}",
        "--openings",
        "2",
        "--db",
        db,
    )
    assert done.returncode == 0, done.stderr
    pairs = sqlite3.connect(db).execute("SELECT player1, player2, opening FROM games").fetchall()
    assert (
        len(pairs) == 2 * 2 * 2
        and all("new" in p[:2] for p in pairs)
        and all(len(p[2]) == 4 for p in pairs)
    )
    assert "new against the field: Elo" in done.stdout


def test_per_bot_time_limits_are_recorded(tmp_path):
    db = str(tmp_path / "t.db")
    done = tournament(
        str(MAPS / "pillars.txt"),
        "--bot",
        f"a={DEPTH[1]}",
        "--bot",
        f"b={DEPTH[1]}",
        "--time",
        "a=2.5/0.75",
        "--db",
        db,
    )
    assert done.returncode == 0, done.stderr
    limits = (
        sqlite3.connect(db)
        .execute("SELECT player1, limits1, player2, limits2 FROM games")
        .fetchall()
    )
    assert sorted(limits) == [("a", "2.5/0.75", "b", "3/1"), ("b", "3/1", "a", "2.5/0.75")]


def wait_for_games(db, count, proc, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0] >= count:
                return
        except sqlite3.OperationalError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"fewer than {count} games stored")


def start(args):
    return subprocess.Popen(
        [sys.executable, "-m", "lazytron", "tournament", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def test_a_run_killed_halfway_resumes_to_exactly_the_games_of_an_uninterrupted_one(tmp_path):
    """Resuming: SIGKILL halfway, the same command again, the same games; the table
    equals --report's."""
    maps = generated_maps(tmp_path, 3)
    common = [
        *maps,
        "--bot",
        f"a={DEPTH[1]}",
        "--bot",
        f"b={DEPTH[2]}",
        "--openings",
        "2",
        "--rounds",
        "4",
        "--jobs",
        "1",
    ]
    whole = tournament(*common, "--db", str(tmp_path / "whole.db"))
    assert whole.returncode == 0, whole.stderr
    db = str(tmp_path / "killed.db")
    proc = start([*common, "--db", db])
    wait_for_games(db, 8, proc)  # of 3 maps x 2 seats x 4 rounds = 24
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    stored = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert 8 <= stored < 24
    resumed = tournament(*common, "--db", db)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stderr.count(" game ") == 24 - stored  # only the missing games were played
    query = (
        "SELECT game, pair, round, map, player1, player2, seed, opening, result, turns, record "
        "FROM games ORDER BY game"
    )
    assert (
        sqlite3.connect(db).execute(query).fetchall()
        == sqlite3.connect(str(tmp_path / "whole.db")).execute(query).fetchall()
    )
    assert resumed.stdout == tournament("--report", db).stdout
    assert without_clock(resumed.stdout) == without_clock(
        whole.stdout
    )  # answer times are measured afresh in each run


def test_sigterm_keeps_the_finished_games_ends_the_bots_and_prints_the_table(tmp_path):
    maps = generated_maps(tmp_path, 2)
    db = str(tmp_path / "t.db")
    proc = start(
        [
            *maps,
            "--bot",
            f"a={DEPTH[2]}",
            "--bot",
            f"b={DEPTH[2]}",
            "--rounds",
            "20",
            "--openings",
            "2",
            "--db",
            db,
        ]
    )
    wait_for_games(db, 3, proc)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    stored = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert stored >= 3 and f"interrupted after {stored} of 80 games" in err
    assert out.splitlines()[1].split()[2] == str(stored)  # the table counts what was played
    assert (
        subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True).stdout == b""
    )  # no bot left


def test_ratings_over_several_runs_of_one_database(tmp_path):
    db = str(tmp_path / "t.db")
    m = str(MAPS / "pillars.txt")
    assert (
        tournament(m, "--bot", f"a={DEPTH[1]}", "--bot", f"b={DEPTH[2]}", "--db", db).returncode
        == 0
    )
    assert (
        tournament(m, "--bot", f"b={DEPTH[2]}", "--bot", f"c={DEPTH[3]}", "--db", db).returncode
        == 0
    )

    def bots(report):
        rows = [line.split() for line in report.stdout.splitlines()[1:]]
        return sorted(row[1] for row in rows if row and row[0].isdigit())

    assert bots(tournament("--report", db)) == ["b", "c"]  # the last run
    assert bots(tournament("--report", db, "--run", "1")) == ["a", "b"]
    assert bots(tournament("--report", db, "--run", "all")) == ["a", "b", "c"]  # rated together
    assert tournament("--report", db, "--run", "9").returncode == 1


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
        (
            ["{map}", "--bot", "a=cat", "--bot", "b=cat", "--csv", "/nonexistent/x.csv"],
            1,
            "no such directory",
        ),
        (
            ["{map}", "--bot", "a=cat", "--bot", "b=cat", "--rounds", "0"],
            2,
            "must be from 1 to 1000000",
        ),
        (["{map}", "--bot", "a=cat", "--bot", "b=cat", "--gauntlet", "c"], 2, "no bot named 'c'"),
        (["{map}", "--bot", "a=cat", "--bot", "b=cat", "--time", "c=1/1"], 2, "no bot named 'c'"),
        (["{map}", "--bot", "a=cat", "--bot", "b=cat", "--time", "a=fast"], 2, "NAME=FIRST/TURN"),
        (
            ["{map}", "--bot", "a=cat", "--bot", "b=cat", "--sprt", "elo0=5", "elo1=1"],
            2,
            "elo0 must be below",
        ),
        (
            ["{map}", "--bot", "a=cat", "--bot", "b=cat", "--bot", "c=cat", "--sprt", "elo1=5"],
            2,
            "--gauntlet",
        ),
        (
            ["{map}", "--bot", "a=cat", "--bot", "b=cat", "--db", "{map}"],
            1,
            "not a results database",
        ),
        (["--report", "/nonexistent.db"], 1, "no such file"),
        (["--report", "{map}"], 1, "not a results database"),
        (["{map}"], 2, "--bot"),
        (
            ["--sprt", "elo0=-1e308", "elo1=1e308", "{map}", "--bot", "a=cat", "--bot", "b=cat"],
            2,
            "--sprt: elo0 and elo1 must be between -1000 and 1000",
        ),
        (["{map}", "--bot", "a=cat", "--bot", "b=cat", "--sprt", "elo0=nan"], 2, "between"),
    ],
)
def test_bad_input_gives_one_line_and_a_status(args, status, message, tmp_path):
    args = [a.format(map=MAPS / "pillars.txt") for a in args]
    if "--db" not in args and "--report" not in args:
        args += ["--db", str(tmp_path / "t.db")]
    done = tournament(*args)
    assert (done.returncode, done.stdout) == (status, "")
    assert message in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 or done.stderr.startswith("usage:")


@pytest.mark.parametrize(
    "words, maps, sprt",
    [
        ("--sprt elo0=0 elo1=50 maps/pillars.txt", ["maps/pillars.txt"], ["elo0=0", "elo1=50"]),
        ("--sprt elo0=0 b --bot x=y c", ["b", "c"], ["elo0=0"]),
        ("a --sprt elo0=0 b", ["a", "b"], ["elo0=0"]),
        ("a b --sprt elo1=5", ["a", "b"], ["elo1=5"]),
        ("--sprt elo1=5 alpha=0.1 --bot x=y a", ["a"], ["elo1=5", "alpha=0.1"]),
    ],
)
def test_sprt_takes_its_terms_and_no_map(words, maps, sprt):
    """``--sprt`` takes the ``K=V`` words up to the first that is not one: the rest are maps."""
    from lazytron.cli import build_parser

    args = build_parser().parse_args(["tournament", *words.split()])
    assert (args.maps, args.sprt) == (maps, sprt)


def test_sprt_without_a_term_is_a_usage_error(capsys):
    from lazytron.cli import build_parser

    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["tournament", "--sprt", "pillars"])
    assert stop.value.code == 2 and "expected K=V terms" in capsys.readouterr().err


SPRT_MAPS = [str(MAPS / f"{m}.txt") for m in ("pillars", "gatehouse", "crossroads", "open-field")]


@pytest.mark.parametrize("new, old, verdict", [(6, 2, "H1"), (2, 6, "H0")])
def test_sprt_stops_the_run_by_itself_with_the_right_verdict(tmp_path, new, old, verdict):
    """The verdicts: depth 6 against depth 2 accepts H1; the commands swapped, H0; long
    before the bound."""
    db = str(tmp_path / "s.db")
    done = tournament(
        *SPRT_MAPS,
        "--gauntlet",
        "new",
        "--bot",
        f"new={DEPTH[new]}",
        "--bot",
        f"old={DEPTH[old]}",
        "--sprt",
        "elo0=0",
        "elo1=50",
        "--openings",
        "2",
        "--report-every",
        "4",
        "--jobs",
        "1",
        "--db",
        db,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    stored = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    bound = 100 * len(SPRT_MAPS) * 2  # 100 rounds of a pair on each map
    assert stored % 2 == 0 and stored <= bound // 10
    assert "LLR" in done.stdout and f"after {stored} games: {verdict} accepted" in done.stdout
    assert f"SPRT: {verdict} after {stored} games" in done.stderr
    assert f"after 4 of {bound} games:" in done.stderr  # the live table, with the test's state
    live = done.stderr.split(f"after 4 of {bound} games:")[1]
    assert "SPRT elo0=0 elo1=50" in live and "(-2.94, 2.94) after 4 games: continue" in live
    assert (
        tournament("--report", db).stdout == done.stdout
    )  # the verdict is read back from the database too


def test_a_bot_that_stops_starting_ends_the_run_with_its_games_kept(tmp_path):
    """A failure in the middle of a run: the finished games stay, the table of them is printed, a
    re-run resumes."""
    wrapper = tmp_path / "bot.sh"
    wrapper.write_text(f"#!/bin/sh\nexec {DEPTH[1]}\n")
    wrapper.chmod(0o755)
    db = str(tmp_path / "t.db")
    args = [
        str(MAPS / "pillars.txt"),
        "--bot",
        f"a={wrapper}",
        "--bot",
        f"b={DEPTH[2]}",
        "--rounds",
        "30",
    ]
    args += ["--openings", "2", "--jobs", "1", "--db", db]
    proc = start(args)
    wait_for_games(db, 4, proc)
    wrapper.unlink()  # the next game cannot start its bot
    out, err = proc.communicate(timeout=120)
    stored = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert proc.returncode == 1 and "cannot start" in err and "Traceback" not in err
    assert 4 <= stored < 60 and out.splitlines()[1].split()[2] == str(stored)
    wrapper.write_text(f"#!/bin/sh\nexec {DEPTH[1]}\n")
    wrapper.chmod(0o755)
    done = tournament(*args)
    assert done.returncode == 0 and done.stdout.splitlines()[1].split()[2] == "60"
    assert done.stderr.count(" game ") == 60 - stored


TESTBOT = shlex.join([sys.executable, str(ROOT / "tests" / "bots" / "testbot.py")])


def test_a_bot_that_exits_before_its_first_move_stops_the_run_in_one_line(tmp_path):
    # a wrong command is not scored game after game: the run stops after its first game, kept
    db = tmp_path / "t.db"
    maps = [str(MAPS / m) for m in ("pillars.txt", "gatehouse.txt")]
    done = tournament(
        *maps, "--bot", f"broken={TESTBOT} exit", "--bot", f"ok={DEPTH[1]}", "--jobs", "1",
        "--db", str(db),
    )  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("lazytron tournament: bot broken exited with status 3 before its first")
    with sqlite3.connect(db) as con:
        assert con.execute("select count(*) from games").fetchone() == (1,)


def test_a_bot_that_exits_after_moving_plays_every_game(tmp_path):
    db = tmp_path / "t.db"
    done = tournament(
        str(MAPS / "pillars.txt"), "--bot", f"short={TESTBOT} script E", "--bot",
        f"ok={DEPTH[1]}", "--jobs", "1", "--db", str(db),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(db) as con:
        assert con.execute("select count(*) from games").fetchone() == (2,)
