"""``lazytron serve`` in a real Chromium: a person's game played with the keys, a watched game, two
pages at once, a page closed mid-game, the stored games, a tournament followed as it is played.

The server is the real one, on 127.0.0.1 on a free port, in a subprocess.
``LAZYTRON_SCREENSHOTS=1`` saves a game in progress as ``docs/serve.png``.
"""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from devtools import Browser, Tab
from serving import BOT, ROOT, Server, gone, wait

from lazytron.match.records import read_record

KEYS = {  # key -> (code, key code) as a keyboard sends them
    "ArrowUp": ("ArrowUp", 38),
    "ArrowRight": ("ArrowRight", 39),
    "ArrowDown": ("ArrowDown", 40),
    "ArrowLeft": ("ArrowLeft", 37),
    "w": ("KeyW", 87),
    "d": ("KeyD", 68),
    "s": ("KeyS", 83),
    "a": ("KeyA", 65),
}
MOVE_OF = {"ArrowUp": "N", "ArrowRight": "E", "ArrowDown": "S", "ArrowLeft": "W"}
MOVE_OF.update(w="N", d="E", s="S", a="W")
KEY_FOR = [
    {m: k for k, m in MOVE_OF.items() if len(k) > 1},
    {m: k for k, m in MOVE_OF.items() if len(k) == 1},
]
FREE_MOVES = """(() => {
  const g = live.game, stride = g.width + 1, size = stride * g.height, walls = bits(g.walls, size);
  const used = new Set(live.heads.flat()), me = live.heads[live.heads.length - 1][SEAT - 1];
  const steps = { N: -stride, E: 1, S: stride, W: -1 };
  return Object.keys(steps).filter((m) => {
    const c = me + steps[m];
    return c >= 0 && c < size && c % stride !== g.width && !walls[c] && !used.has(c);
  });
})()"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("serve"))
    yield running
    assert running.stop() == ""  # no traceback, no warning
    assert running.bots() == []


@pytest.fixture
def tab(browser: Browser, server: Server) -> Iterator[Tab]:
    page = browser.tab()
    page.open(server.url + "#play")
    wait(lambda: page.js("document.body.dataset.ready") == "1", what="the page")
    yield page
    problems = page.problems()
    try:
        page.close()
    except RuntimeError:
        pass  # closed by the test
    assert problems == []


def press(tab: Tab, key: str) -> None:
    """A key pressed and released, as the keyboard sends it."""
    code, number = KEYS[key]
    for kind in ("keyDown", "keyUp"):
        tab.call(
            "Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=number
        )


def choose(tab: Tab, settings: dict[str, str]) -> None:
    """Set the form's fields (element id -> value), as a person picks them."""
    for element, value in settings.items():
        tab.js(
            f"(() => {{ const e = document.querySelector({element!r}); e.value = {value!r};"
            " e.dispatchEvent(new Event('change')); })()"
        )


def start_game(tab: Tab, settings: dict[str, str], tab_name: str = "play") -> None:
    tab.js(f"location.hash = '#{tab_name}'")
    choose(tab, settings)
    tab.js("document.getElementById('start').click()")
    wait(
        lambda: tab.js("document.body.dataset.state") in ("playing", "waiting", "over"),
        what="start",
    )


def my_turn(tab: Tab) -> int | None:
    """The turn waiting for my key (after waiting for one), or None once the game is over."""
    state = wait(
        lambda: (s := tab.js("document.body.dataset.state")) in ("waiting", "over") and s,
        what="my turn",
    )
    return None if state == "over" else int(tab.js("document.body.dataset.waiting"))


def play_turn(tab: Tab, seat: int, turn: int, sent: list[tuple[int, str]]) -> None:
    """Press a key that moves into a free cell (if any), alternating arrows and WASD."""
    free = tab.js(FREE_MOVES.replace("SEAT", str(seat))) or ["N"]
    order = "NESW"[turn % 4 :] + "NESW"[: turn % 4]
    move = next(m for m in order if m in free)
    press(tab, KEY_FOR[turn % 2][move])
    sent.append((turn, move))
    wait(lambda: tab.js("live.waiting") != turn, what="the key taken")


def record_of(tab: Tab, server: Server) -> Path:
    href = tab.js("document.getElementById('replay').getAttribute('href')")
    assert href.startswith("/replay/records/")
    return server.records / href.rsplit("/", 1)[1]


def screenshot(tab: Tab, path: Path) -> None:
    tab.call(
        "Emulation.setDeviceMetricsOverride",
        width=980,
        height=640,
        deviceScaleFactor=1,
        mobile=False,
    )
    shot = tab.call("Page.captureScreenshot", format="png")
    path.write_bytes(base64.b64decode(shot["data"]))


def test_a_person_plays_a_game_to_the_end_with_the_keys(tab, server):
    start_game(
        tab,
        {
            "#map-name": "pillars",
            "#seat": "1",
            "#opponent select": "engine:chambers",
            "#opponent input[data-option=EDGE]": "120",
            "#clock": "quick",
        },
    )
    assert tab.js("live.game.names") == ["human", "chambers EDGE=120"]
    sent: list[tuple[int, str]] = []
    while (turn := my_turn(tab)) is not None:
        assert turn == len(sent) + 1
        if turn == 8 and os.environ.get("LAZYTRON_SCREENSHOTS") == "1":
            wait(lambda: tab.js("document.getElementById('s-turn2').textContent") == "7")
            screenshot(tab, ROOT / "docs" / "serve.png")
        play_turn(tab, 1, turn, sent)
    assert tab.js("live.keys") == [[t, m] for t, m in sent]
    assert tab.js("document.getElementById('result').textContent").endswith(("Wins!", "Draw!"))
    record = read_record(str(record_of(tab, server)))
    assert record.names == ("human", "chambers EDGE=120")
    assert [one.letter for one, _ in record.moves] == [m for _, m in sent]  # replays as played
    assert tab.js("live.moves") == [a.letter + b.letter for a, b in record.moves]
    assert tab.js(
        "document.getElementById('s-depth2').textContent"
    ).isdigit()  # the engine's search
    tab.open(server.url + tab.js("document.getElementById('replay').getAttribute('href')")[1:])
    assert tab.js("GAME.moves") == [a.letter + b.letter for a, b in record.moves]


def test_a_watched_game_shows_every_move(tab, server):
    start_game(
        tab,
        {
            "#map-name": "pillars",
            "#player1 select": "bot:depth2",
            "#player2 select": "engine:zenzike",
        },
        "watch",
    )
    wait(lambda: tab.js("document.body.dataset.state") == "over", 60, "the end of the game")
    record = read_record(str(record_of(tab, server)))
    assert record.names == ("depth2", "zenzike")
    assert tab.js("live.updates") == len(record.moves)  # one update per turn, none missed
    assert tab.js("live.moves") == [a.letter + b.letter for a, b in record.moves]
    assert tab.js("document.getElementById('s-depth2').textContent").isdigit()


def test_two_pages_play_at_once(browser, tab, server):
    other = browser.tab()
    try:
        other.open(server.url + "#play")
        wait(lambda: other.js("document.body.dataset.ready") == "1", what="the second page")
        pages = [(tab, 1), (other, 2)]
        for page, seat in pages:
            start_game(
                page,
                {"#map-name": "crossroads", "#seat": str(seat), "#opponent select": "bot:depth2"},
            )
        for page, _ in pages:
            assert my_turn(page) == 1  # both games are waiting for a key at the same time
        sent: dict[int, list[tuple[int, str]]] = {1: [], 2: []}
        playing = list(pages)
        while playing:
            for page, seat in list(playing):
                turn = my_turn(page)
                if turn is None:
                    playing.remove((page, seat))
                else:
                    play_turn(page, seat, turn, sent[seat])
        for page, seat in pages:
            record = read_record(str(record_of(page, server)))
            assert record.names[seat - 1] == "human"
            assert [pair[seat - 1].letter for pair in record.moves] == [m for _, m in sent[seat]]
        assert other.problems() == []
    finally:
        other.close()


def test_a_page_closed_mid_game_leaves_no_process(browser, server):
    page = browser.tab()
    page.open(server.url + "#play")
    wait(lambda: page.js("document.body.dataset.ready") == "1", what="the page")
    start_game(page, {"#map-name": "crossroads", "#opponent select": "bot:depth2"})
    assert my_turn(page) == 1
    bots = wait(lambda: len(server.bots()) == 2 and server.bots(), what="the bot and the relay")
    page.close()
    wait(lambda: gone(bots), 10, "the game's processes to end")
    assert server.bots() == []
    status, _ = server.request("/api/stored")  # the server goes on
    assert status == 200


def test_a_bad_map_is_refused_in_one_line(browser, server):
    page = browser.tab()
    try:
        page.open(server.url + "#play")
        wait(lambda: page.js("document.body.dataset.ready") == "1", what="the page")
        page.js("document.querySelector('input[name=map-kind][value=text]').checked = true")
        choose(page, {"#map-text": "5 2\n1 <b>x</b>\n    2\n", "#opponent select": "bot:depth2"})
        page.js("document.getElementById('start').click()")
        error = wait(lambda: page.js("document.getElementById('error').textContent"))
        assert error == "bad map: row 1 has 10 cells, expected 5"
        assert page.js("document.getElementById('error').children.length") == 0  # shown as text
        assert page.js("document.body.dataset.state") == "idle"
        [refusal] = page.problems()
        assert "status of 400" in refusal
    finally:
        page.close()


def test_the_stored_games_open_in_the_replay_page(tab, server):
    tab.js("location.hash = '#games'")
    wait(lambda: tab.js("document.body.dataset.listed"), what="the list")
    names = tab.js(
        "[...document.querySelectorAll('#records tbody tr')].map(r => r.cells[1].textContent)"
    )
    assert "human vs chambers EDGE=120" in names and "depth2 vs zenzike" in names
    href = tab.js("document.querySelector('#records tbody a').getAttribute('href')")
    tab.open(server.url + href[1:])
    record = read_record(str(server.records / href.rsplit("/", 1)[1]))
    assert tab.js("GAME.names") == list(record.names)


def test_a_tournament_is_followed_as_it_is_played(tab, server):
    tab.js("location.hash = '#tournament'")
    wait(lambda: "no results database" in tab.js("document.getElementById('t-status').textContent"))
    bots = ["--bot", f"a={BOT}", "--bot", f"b={BOT} --engine chambers"]
    tournament = subprocess.run(
        [sys.executable, "-m", "lazytron", "tournament", "pillars", *bots, "--rounds", "2"]
        + ["--jobs", "1", "--db", str(server.db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert tournament.returncode == 0, tournament.stderr
    wait(lambda: tab.js("document.body.dataset.tournamentGames") == "4", 20, "the four games")
    rows = tab.js(
        "[...document.querySelectorAll('#standings tbody tr')].map(r => r.cells[1].textContent)"
    )
    assert rows == ["4", "4"]
    assert tab.js("document.querySelectorAll('#t-games li').length") == 4
    wait(
        lambda: tab.js("document.getElementById('t-result').textContent"), 20, "the last game shown"
    )
    href = tab.js("document.querySelector('#t-games a').getAttribute('href')")
    tab.open(server.url + href[1:])
    assert tab.js("GAME.names") in (["a", "b"], ["b", "a"])
