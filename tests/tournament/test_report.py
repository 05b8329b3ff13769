"""The tournament's web page (checked as text and in a headless Chromium) and its PGN export."""

from __future__ import annotations

import io
import json
import re
import shlex
import sqlite3
import sys
import time
from html import escape
from pathlib import Path

import pytest
from conftest import MAPS, lazytron

pytestmark = pytest.mark.slow  # every test here starts bot programs

PY = shlex.quote(sys.executable)


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A gauntlet under an SPRT, stored, with its page and PGN written by the run and again by
    --report."""
    tmp = tmp_path_factory.mktemp("report")
    maps = [str(MAPS / m) for m in ("pillars.txt", "gatehouse.txt")]
    done = lazytron(
        "tournament",
        *maps,
        "--gauntlet",
        "new",
        "--bot",
        f"new={PY} -m lazytron bot --depth 3",
        "--bot",
        f"old={PY} -m lazytron bot --depth 1",
        "--bot",
        f"other={PY} -m lazytron.bots.hugger",
        "--sprt",
        "elo0=0",
        "elo1=400",
        "--rounds",
        "2",
        "--openings",
        "2",
        "--db",
        str(tmp / "t.db"),
        "--html",
        str(tmp / "run.html"),
        "--pgn",
        str(tmp / "run.pgn"),
    )
    assert done.returncode == 0, done.stderr
    again = lazytron(
        "tournament",
        "--report",
        str(tmp / "t.db"),
        "--html",
        str(tmp / "report.html"),
        "--pgn",
        str(tmp / "report.pgn"),
    )
    assert again.returncode == 0 and again.stdout == done.stdout, again.stderr
    return tmp


def games(tmp: Path) -> list[tuple]:
    return (
        sqlite3.connect(tmp / "t.db")
        .execute("SELECT game, player1, player2, result, map FROM games ORDER BY game")
        .fetchall()
    )


def test_the_page_is_self_contained_and_links_every_game(finished):
    html = (finished / "report.html").read_text()
    assert html == (finished / "run.html").read_text().replace("run-games/", "report-games/")
    for pattern in (
        r"\bsrc\s*=",
        r"<link",
        r"@import",
        r"url\(",
        r"https?:",
        r"<iframe",
        r"<script",
    ):
        assert not re.search(pattern, html, re.I), pattern
    links = re.findall(r'href="([^"]+)"', html)
    assert links == [f"./report-games/game-{g:05d}.html" for g, *_ in games(finished)]
    assert all((finished / link).is_file() for link in links)
    assert html.count("<svg") == 2 and 'id="elo-chart"' in html and 'id="llr-chart"' in html


def test_the_page_shows_each_bots_answers_against_the_clock(finished):
    """The same time-outs and slowest answers as the table on stdout, from the answer times
    stored."""
    html = (finished / "report.html").read_text()
    section = html.split("<h2>Answers against the clock</h2>")[1].split("</table>")[0]
    cells = [
        re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)
        for row in re.findall(r"<tr>(.*?)</tr>", section, re.S)
    ]
    db = sqlite3.connect(finished / "t.db")
    stored = {name: [] for name in ("new", "old", "other")}
    for p1, p2, times in db.execute("SELECT player1, player2, times FROM games"):
        for turn, pair in enumerate(json.loads(times)):
            for name, seconds in zip((p1, p2), pair, strict=True):
                if seconds is not None:
                    stored[name].append((turn > 0, seconds))
    assert cells[0] == ["bot", "time-outs", "slowest first", "slowest later"]
    for name, outs, first, later in cells[1:]:
        assert outs == "0"  # fixed-depth bots, far inside 3 s and 1 s
        assert first == f"{max(s for late, s in stored[name] if not late):.3f}"
        assert later == f"{max(s for late, s in stored[name] if late):.3f}"
    assert sorted(row[0] for row in cells[1:]) == ["new", "old", "other"]


def test_pgn_holds_the_seven_tags_and_every_result(finished):
    chess_pgn = pytest.importorskip("chess.pgn")
    text = (finished / "report.pgn").read_text()
    assert text == (finished / "run.pgn").read_text()
    stream, read = io.StringIO(text), []
    while (game := chess_pgn.read_game(stream)) is not None:
        assert list(game.headers) == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
        assert game.errors == [] and not list(game.mainline_moves())
        read.append((game.headers["White"], game.headers["Black"], game.headers["Result"]))
    code = {"1": "1-0", "2": "0-1", "D": "1/2-1/2"}
    assert read == [(one, two, code[result]) for _, one, two, result, _ in games(finished)]


# -- in a real browser --------------------------------------------------------


def test_the_page_draws_its_charts_and_its_links_open_the_replays(browser, finished):
    page = finished / "report.html"
    mark = len(browser.events)
    browser.open(page.as_uri())
    assert browser.js("document.querySelectorAll('table').length") == 7
    box = lambda selector: browser.js(  # noqa: E731
        f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect(); "
        "return [r.width, r.height]; })()"
    )
    for chart in ("#elo-chart", "#llr-chart"):
        width, height = box(chart)
        assert width > 300 and height > 50
    assert browser.js("document.querySelectorAll('#elo-chart circle.dot').length") == 3
    bars = browser.js(
        "Array.from(document.querySelectorAll('#elo-chart line.bar')).map(l => l.getBBox().width)"
    )
    assert len(bars) == 3 and all(w > 0 for w in bars)
    points = browser.js("document.querySelector('#llr-chart polyline').points.numberOfItems")
    assert points >= 2
    assert browser.js("document.querySelectorAll('#llr-chart line.bound').length") == 2
    hrefs = browser.js("Array.from(document.links).map(a => a.href)")
    assert len(hrefs) == len(games(finished)) and browser.problems(mark) == []
    for href in (hrefs[0], hrefs[-1]):  # a link opens a replay page that loads its game
        mark = len(browser.events)
        browser.open(href)
        assert browser.js("GAME.names").__len__() == 2 and browser.problems(mark) == []
    assert all(request.startswith("file://") for request in browser.requests())


def stored_games(db: Path) -> list:
    from lazytron.tournament import store
    from lazytron.tournament.run import stored

    connection = store.connect(str(db))
    try:
        return stored(connection, [run for run, _, _ in store.runs(connection)][-1:])
    finally:
        connection.close()


def test_each_figure_is_shown_once_with_its_meaning(browser, finished):
    """One Elo figure per place, each said what it is; the SPRT's LLR, bounds and verdict in words;
    the pentanomial counts; the charts' axes titled and 0 marked."""
    from lazytron.ratings.stats import Sprt
    from lazytron.tournament.table import match, verdict

    played = stored_games(finished / "t.db")
    browser.open((finished / "report.html").as_uri())
    text = lambda selector: browser.js(f"document.querySelector({selector!r}).textContent")  # noqa: E731
    head = browser.js(
        "Array.from(document.querySelectorAll('#standings th')).map(th => th.textContent)"
    )
    assert head.count("Elo") == 1 and "BayesElo" not in head
    assert "Bradley-Terry" in text("#elo-meaning") and "relative to the mean" in text(
        "#elo-meaning"
    )
    m = match(played, "new")
    assert text("#field-elo").startswith(f"Elo {m.interval().elo:.1f} +/- ")
    assert "against all the other bots together" in text("#field-elo")
    assert "BayesElo" in text("#seat-model") and "not ratings of the bots" in text("#seat-model")
    assert "its ratings" not in browser.js("document.body.textContent")
    pairs = browser.js(
        "Array.from(document.querySelectorAll('#pairs td')).map(td => td.textContent)"
    )
    assert pairs == ["pairs", *map(str, m.pairs)] and sum(m.pairs) == len(played) // 2
    sprt = Sprt(0, 400)
    answer, games_counted, llr = verdict(played, "new", sprt)
    state = text("#sprt-state")
    assert f"LLR {llr:.2f} after {games_counted} games" in state
    assert f"{sprt.lower:.2f} (H0 accepted)" in state and f"{sprt.upper:.2f} (H1 accepted)" in state
    words = {None: "continue", "H0": "H0 accepted: new", "H1": "H1 accepted: new"}[answer]
    assert f"Verdict: {words}" in state
    titles = browser.js(
        "Array.from(document.querySelectorAll('#llr-chart text.title')).map(t => t.textContent)"
    )
    assert titles == ["games played", "LLR"]
    assert "Elo relative to the field's mean" in text("#elo-chart text.title")
    zero = browser.js(
        "(() => { const t = Array.from(document.querySelectorAll('#elo-chart text.tick'))"
        ".find(t => t.textContent === '0'); const b = t.getBBox(); return b.x + b.width / 2; })()"
    )
    assert (
        abs(
            zero
            - float(browser.js("document.querySelector('#elo-chart line.axis').x1.baseVal.value"))
        )
        < 1
    )
    for chart in ("#elo-chart", "#llr-chart"):
        boxes = browser.js(
            f"Array.from(document.querySelectorAll('{chart} text')).map(t => {{ "
            "const b = t.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })"
        )
        assert len(boxes) >= 5 and not any(
            a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
            for i, a in enumerate(boxes)
            for b in boxes[i + 1 :]
        ), chart


def test_results_name_the_winner_and_the_page_names_command_clock_and_date(browser, finished):
    browser.open((finished / "report.html").as_uri())
    rows = browser.js(
        "Array.from(document.querySelectorAll('#games tbody tr'))"
        ".map(tr => Array.from(tr.cells).map(td => td.textContent))"
    )
    for (game, one, two, result, _), row in zip(games(finished), rows, strict=True):
        assert row[0] == str(game) and row[3:5] == [one, two]
        assert row[5].startswith({"1": f"{one} wins", "2": f"{two} wins", "D": "draw ("}[result])
    assert "Wins!" not in browser.js("document.body.textContent")
    about = browser.js("document.getElementById('about').textContent")
    assert "lazytron tournament " in about and "--gauntlet new" in about and "--sprt" in about
    first = min(r.started for _, r in stored_games(finished / "t.db"))
    assert time.strftime("%Y-%m-%d %H:%M", time.gmtime(first)) in about and "UTC" in about
    clocks = browser.js(
        "Array.from(document.querySelectorAll('#bots tbody tr'))"
        ".map(tr => [tr.cells[0].textContent, tr.cells[2].textContent, tr.cells[3].textContent])"
    )
    assert clocks == [[name, "3 s", "1 s"] for name in ("new", "old", "other")]


@pytest.mark.parametrize("name", ["javascript:alert(1).html", "r#1 ?%.html"])
def test_page_names_make_safe_links(browser, finished, tmp_path, name):
    """A page's name that reads as a scheme, a fragment or a query still links its replays."""
    page = tmp_path / name
    done = lazytron("tournament", "--report", str(finished / "t.db"), "--html", str(page))
    assert done.returncode == 0, done.stderr
    links = re.findall(r'href="([^"]+)"', page.read_text())
    assert links and all(
        link.startswith("./") and ":" not in link and "#" not in link for link in links
    )
    browser.open(page.as_uri())
    hrefs = browser.js("Array.from(document.links).map(a => a.href)")
    assert all(h.startswith("file://") for h in hrefs) and len(hrefs) == len(links)
    mark = len(browser.events)
    browser.open(hrefs[0])
    assert len(browser.js("GAME.names")) == 2 and browser.problems(mark) == []


def test_the_replay_folder_is_checked_before_any_game(tmp_path):
    (tmp_path / "rep-games").write_text("a file where the replay pages' folder goes")
    done = lazytron(
        "tournament",
        str(MAPS / "pillars.txt"),
        "--bot",
        f"a={PY} -m lazytron bot --depth 1",
        "--bot",
        f"b={PY} -m lazytron bot --depth 1",
        "--db",
        str(tmp_path / "t.db"),
        "--html",
        str(tmp_path / "rep.html"),
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"lazytron tournament: {tmp_path / 'rep-games'}: not a directory\n"
    assert not (tmp_path / "t.db").exists()


def test_names_in_a_database_cannot_drive_the_terminal(finished, tmp_path):
    """--report shows a stored name's control characters as escapes, and the page as text."""
    evil = "ne\x1b]0;owned\x07w\x1b[2J"
    db = tmp_path / "evil.db"
    db.write_bytes((finished / "t.db").read_bytes())
    connection = sqlite3.connect(db)
    with connection:
        for column in ("player1", "player2"):
            connection.execute(f"UPDATE games SET {column} = ? WHERE {column} = 'new'", (evil,))
        connection.execute("UPDATE games SET host = ? WHERE game = 1", ("h\x1b]52;c;eA==\x07",))
        for run, text in connection.execute("SELECT id, settings FROM runs").fetchall():
            settings = json.loads(text)
            settings["names"] = [evil if n == "new" else n for n in settings["names"]]
            settings["bot"] = evil
            connection.execute(
                "UPDATE runs SET settings = ? WHERE id = ?", (json.dumps(settings), run)
            )
    connection.close()
    done = lazytron("tournament", "--report", str(db), "--html", str(tmp_path / "evil.html"))
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert "ne\\x1b]0;owned\\x07w\\x1b[2J" in done.stdout and "results per host" in done.stdout
    assert "h\\x1b]52;c;eA==\\x07" in done.stdout
    assert escape(evil) in (tmp_path / "evil.html").read_text()
