"""The tournament's web page (checked as text and in a headless Chromium) and its PGN export."""

from __future__ import annotations

import io
import json
import re
import shlex
import sqlite3
import sys
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
    assert links == [f"report-games/game-{g:05d}.html" for g, *_ in games(finished)]
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
    assert browser.js("document.querySelectorAll('table').length") == 5
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
