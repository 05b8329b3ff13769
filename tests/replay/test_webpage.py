"""``lazytron replay --html``: one self-contained page, checked as text and played in a headless
Chromium."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from conftest import lazytron
from devtools import Browser

from lazytron.replay.model import Analyst, load_replay
from lazytron.replay.webpage import PLACEHOLDER, page, template

GAME = "u__jacob__randbot__1.tron"  # 27 turns, player 1 wins, the last turn a crash


def embedded(html: str) -> dict:
    """The game JSON the page carries."""
    match = re.search(r"const GAME = (.*);\n", html)
    assert match, "no game in the page"
    return json.loads(match[1])


@pytest.fixture(scope="module")
def record(shared) -> Path:
    return shared / "games" / "marlboro" / GAME


@pytest.fixture(scope="module")
def analysed_page(record, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("page") / "game.html"
    proc = lazytron("replay", str(record), "--html", str(out), "--analyse", "--depth", "2")
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    return out


def test_the_template_ships_with_the_package():
    assert template().count(PLACEHOLDER) == 1


def test_page_is_self_contained(analysed_page):
    html = analysed_page.read_text()
    for pattern in (
        r"\bsrc\s*=",
        r"\bhref\s*=",
        r"<link",
        r"@import",
        r"url\(",
        r"https?:",
        r"<iframe",
    ):
        assert not re.search(pattern, html, re.I), pattern
    assert html.count("<script") == 1 and "</html>" in html


def test_page_embeds_the_game(record, analysed_page):
    replay = load_replay(str(record))
    game = embedded(analysed_page.read_text())
    board = replay.positions[0]
    assert (game["width"], game["height"], game["names"]) == (
        board.width,
        board.height,
        list(replay.names),
    )
    assert game["heads"] == [[b.me, b.enemy] for b in replay.positions]
    assert int(game["walls"], 16) == board.walls
    assert game["result"] == "Player One Wins!" and game["problem"] is None
    analysis = Analyst(replay, depth=2)
    for k in (0, 10, replay.last):
        a = analysis(k)
        assert game["analysis"][k]["verdicts"] == [
            [str(v.move), v.score, v.depth] for v in (a.one, a.two)
        ]
        assert [int(h, 16) for h in game["analysis"][k]["shade"]] == [*a.territory, a.tied]
        assert game["analysis"][k]["lines"] == ["".join(m.letter for m in line) for line in a.lines]
        assert game["analysis"][k]["apart"] == a.apart


def test_names_cannot_break_out_of_the_page(tmp_path):
    path = tmp_path / "evil.tron"
    path.write_text("+OK|3 3|   \n 1 \n 2 \n|</script><script>alert(1)</script>|<!--|NN|1|+OK\n")
    html = page(load_replay(str(path)))
    assert "</script><script>alert" not in html and "<!--" not in html.split("<script>", 1)[1]
    assert embedded(html)["names"] == ["</script><script>alert(1)</script>", "<!--"]


def test_unwritable_output_is_one_line(record, tmp_path):
    out = tmp_path / "missing" / "game.html"
    proc = lazytron("replay", str(record), "--html", str(out))
    assert proc.returncode == 1 and proc.stderr == f"lazytron replay: {out}: no such directory\n"


# -- in a real browser --------------------------------------------------------


def rgb(colour: str) -> list[int]:
    return [int(colour[i : i + 2], 16) for i in (1, 3, 5)]


class Page:
    """The replay page open in the browser."""

    def __init__(self, browser: Browser, path: Path, hash: str = "") -> None:
        self.browser = browser
        self.mark = len(browser.events)
        browser.open(path.as_uri() + hash)
        self.game = browser.js("GAME")
        self.colours = browser.js("COLOURS")
        self.cell = browser.js("document.getElementById('board').width") // self.game["width"]

    def js(self, expression: str):
        return self.browser.js(expression)

    def click(self, button: str) -> None:
        self.js(f"document.getElementById({button!r}).click()")

    def turn(self) -> int:
        return int(self.js("document.body.dataset.turn"))

    def text(self, element: str) -> str:
        return self.js(f"document.getElementById({element!r}).textContent")

    def image(self) -> str:
        return self.js("document.getElementById('board').toDataURL()")

    def pixel(self, index: int) -> list[int]:
        """The colour near the top left corner of a cell (away from its label), read from a copy of
        the board."""
        y, x = divmod(index, self.game["width"] + 1)
        expression = f"""(() => {{
            const board = document.getElementById('board'), copy = document.createElement('canvas');
            copy.width = board.width; copy.height = board.height;
            const ctx = copy.getContext('2d', {{willReadFrequently: true}});
            ctx.drawImage(board, 0, 0);
            const pixel = ctx.getImageData({x * self.cell + 1}, {y * self.cell + 1}, 1, 1);
            return Array.from(pixel.data.slice(0, 3));
        }})()"""
        return self.js(expression)

    def problems(self) -> list[str]:
        return self.browser.problems(self.mark)

    def requests(self) -> list[str]:
        return self.browser.requests(self.mark)


def test_page_loads_without_errors_and_stepping_changes_the_board(browser, analysed_page, record):
    replay = load_replay(str(record))
    p = Page(browser, analysed_page)
    heads, colours = p.game["heads"], p.colours
    assert p.turn() == 0 and p.text("status") == f"turn 0 / {replay.last}"
    assert p.text("name1") == "1 jacob" and p.text("name2") == "2 randbot"
    assert (
        p.js("document.getElementById('board').width") == replay.positions[0].width * p.cell
    )  # drawn to scale
    assert p.pixel(heads[0][0]) == rgb(colours["head"][0]) and p.pixel(heads[0][1]) == rgb(
        colours["head"][1]
    )
    start = p.image()

    p.click("forward")
    assert p.turn() == 1 and p.image() != start
    assert p.pixel(heads[1][0]) == rgb(colours["head"][0]) and p.pixel(heads[0][0]) == rgb(
        colours["trail"][0]
    )
    assert p.pixel(heads[0][1]) == rgb(colours["trail"][1])

    p.click("back")
    assert p.turn() == 0 and p.image() == start

    p.js(
        "const s = document.getElementById('slider'); s.value = '12'; "
        "s.dispatchEvent(new Event('input'))"
    )
    assert (
        p.turn() == 12 and p.text("status") == f"turn 12 / {replay.last}" and p.text("result") == ""
    )
    p.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}))")
    assert p.turn() == 13

    p.click("last")
    assert p.turn() == replay.last and p.text("result") == "Player One Wins!"
    assert (
        [p.pixel(i) for i in replay.crashes] == [rgb(colours["crash"])] * len(replay.crashes) != []
    )

    assert p.problems() == []
    assert p.requests() == [analysed_page.as_uri()]  # nothing loaded from elsewhere


def test_play_runs_to_the_end(browser, analysed_page):
    p = Page(browser, analysed_page, "#turn=20")
    assert p.turn() == 20
    p.js("document.getElementById('speed').value = '8'")
    p.click("play")
    deadline = time.monotonic() + 30
    while p.turn() < p.game["heads"].__len__() - 1:
        assert time.monotonic() < deadline, "the page did not play on"
        time.sleep(0.05)
    assert "play" in p.text("play") and p.problems() == []


def test_analysis_is_shown_and_shaded(browser, analysed_page, record):
    replay = load_replay(str(record))
    analysis = Analyst(replay, depth=2)
    p = Page(browser, analysed_page, "#turn=5")
    a = analysis(5)
    assert not p.js("document.getElementById('analysis').hidden")
    assert p.text("a-move1") == str(a.one.move) and p.text("a-move2") == str(a.two.move)
    assert p.text("a-score1") == str(a.one.score) and p.text("a-depth2") == "2"
    assert (
        p.text("a-cells1") == f"{a.counts[0]} cells"
        and p.text("a-cells2") == f"{a.counts[1]} cells"
    )
    mine = (a.territory[0] & -a.territory[0]).bit_length() - 1  # one cell player 1 reaches first
    theirs = (a.territory[1] & -a.territory[1]).bit_length() - 1
    assert p.pixel(mine) == rgb(p.colours["shade"][0]) and p.pixel(theirs) == rgb(
        p.colours["shade"][1]
    )
    p.click("shade")  # shading off
    assert p.pixel(mine) == rgb(p.colours["free"]) == p.pixel(theirs)
    assert p.problems() == []


def test_plain_page_of_a_cut_off_record(browser, shared, tmp_path):
    record = shared / "games" / "marlboro" / "trix__randbot__jacob__1.tron"
    out = tmp_path / "cut.html"
    proc = lazytron("replay", str(record), "--html", str(out))
    assert proc.returncode == 1 and "cut off after 8 turns" in proc.stderr and out.is_file()
    p = Page(browser, out)
    assert p.text("problem") == "This record is broken: cut off after 8 turns (no end marker)."
    assert p.js("document.getElementById('analysis').hidden")
    p.click("last")
    assert p.turn() == 8 and p.text("result") == "no result"
    assert p.problems() == []


def test_hostile_names_show_as_text(browser, tmp_path):
    path = tmp_path / "evil.tron"
    path.write_text("+OK|3 3|   \n 1 \n 2 \n|<b>bold</b>|</script>|NN|1|+OK\n")
    out = tmp_path / "evil.html"
    assert lazytron("replay", str(path), "--html", str(out)).returncode == 0
    p = Page(browser, out)
    assert p.text("name1") == "1 <b>bold</b>" and p.text("name2") == "2 </script>"
    assert p.problems() == []


def test_the_error_catcher_catches(browser, tmp_path):
    """The check above can fail: a page that logs an error and throws is caught."""
    bad = tmp_path / "bad.html"
    bad.write_text("<!doctype html><script>console.error('boom'); undefinedFunction();</script>")
    mark = len(browser.events)
    browser.open(bad.as_uri())
    assert len(browser.problems(mark)) == 2


def test_the_overlay_the_expected_line_and_the_chart(browser, analysed_page, record):
    """Ties shaded, the expected line drawn from the heads, the chart drawn and a click on it moving
    the turn."""
    replay = load_replay(str(record))
    analysis = Analyst(replay, depth=2)
    p = Page(browser, analysed_page, "#turn=4")
    a = analysis(4)
    if a.tied:
        tie = (a.tied & -a.tied).bit_length() - 1
        assert p.pixel(tie) == rgb(p.colours["tie"])
    # the line player 1 expected: the cells each player goes through, as the model computes them
    from lazytron.replay.model import line_cells

    paths = p.js("replay.linePaths(4, 0)")
    stride = p.game["width"] + 1
    drawn = [[y * stride + x for x, y in path[1:]] for path in paths]
    assert drawn == list(line_cells(replay.positions[4], a.lines[0], 0)) and drawn[0]
    with_line = p.image()
    p.click("line")
    assert p.image() != with_line  # the line drawn was on the board
    p.click("line")
    # the chart: one score and one depth curve per side, a point per turn, the cursor on the turn
    for name in ("chart-score1", "chart-score2", "chart-depth1", "chart-depth2"):
        d = p.js(f"document.getElementById({name!r}).getAttribute('d')")
        assert d.count("M") + d.count("L") == len(replay.positions), name
    cursor = lambda: float(p.js("document.getElementById('chart-cursor').getAttribute('x1')"))  # noqa: E731
    at4 = cursor()
    # a click on the chart where turn 20 is drawn goes to turn 20, and the cursor follows
    box = p.js(
        "(() => { const r = document.getElementById('chart').getBoundingClientRect(); "
        "return [r.left, r.top, r.width]; })()"
    )
    x20 = p.js(
        "Number(document.getElementById('chart-score1').getAttribute('d')"
        ".split(/[ML]/)[21].split(' ')[0])"
    )
    client_x, client_y = box[0] + x20 * box[2] / 720, box[1] + 50
    click = f"new MouseEvent('click', {{clientX: {client_x}, clientY: {client_y}, bubbles: true}})"
    p.js(f"document.getElementById('chart').dispatchEvent({click})")
    assert p.turn() == 20 and cursor() > at4
    # the moments are listed and a click on one goes to its turn
    assert p.js("document.querySelectorAll('#moments li').length") == len(p.game["moments"]) > 0
    turn, *_ = p.game["moments"][-1]
    p.js("document.querySelector('#moments li:last-child button').click()")
    assert p.turn() == turn
    assert p.problems() == []


def cell_pixels(p: Page, index: int) -> list[int]:
    """Every pixel of a cell on the board (device pixels), read from a copy of the canvas."""
    y, x = divmod(index, p.game["width"] + 1)
    return p.js(f"""(() => {{
        const board = document.getElementById('board'), copy = document.createElement('canvas');
        copy.width = board.width; copy.height = board.height;
        const ctx = copy.getContext('2d', {{willReadFrequently: true}});
        ctx.drawImage(board, 0, 0);
        return Array.from(ctx.getImageData({x * p.cell}, {y * p.cell}, {p.cell}, {p.cell}).data);
    }})()""")


@pytest.mark.parametrize("ratio", [1, 2])
def test_the_heads_labels_stand_above_the_expected_line(browser, analysed_page, ratio):
    """The dashed line starts under the heads: their cells, labelled "1" and "2" in white, are the
    same with the line drawn or not, at 1x and 2x device pixel ratio."""
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        page=True,
        width=1000,
        height=900,
        deviceScaleFactor=ratio,
        mobile=False,
    )
    try:
        p = Page(browser, analysed_page, "#turn=4")
        assert p.cell == ratio * p.js("cellSize(GAME.width, GAME.height)")
        assert all(len(path) > 1 for path in p.js("replay.linePaths(4, 0)"))  # both lines drawn
        heads = p.game["heads"][4]
        with_line = [cell_pixels(p, head) for head in heads]
        p.click("line")
        assert [cell_pixels(p, head) for head in heads] == with_line
        for pixels in with_line:  # the label: white pixels, a fair share of the cell
            white = sum(1 for k in range(0, len(pixels), 4) if min(pixels[k : k + 3]) > 240)
            assert white > len(pixels) // 4 // 25
        assert p.problems() == []
    finally:
        browser.call("Emulation.clearDeviceMetricsOverride", page=True)


def test_the_chart_has_a_turn_axis_a_legend_and_no_label_over_another(browser, analysed_page):
    p = Page(browser, analysed_page)
    boxes = p.js(
        "Array.from(document.querySelectorAll('#chart text')).map(t => { "
        "const b = t.getBBox(); return [t.textContent, b.x, b.y, b.x + b.width, b.y + b.height]; })"
    )
    for i, (one, *a) in enumerate(boxes):
        for two, *b in boxes[i + 1 :]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (one, two)
    labels = [text for text, *_ in boxes]
    assert "+100k" in labels and "-100k" in labels and "score 0" in labels and "turn" in labels
    turns = p.js(
        "Array.from(document.querySelectorAll('#chart text.turn-tick'))"
        ".map(t => [Number(t.textContent), Number(t.getAttribute('x'))])"
    )
    score = p.js("document.getElementById('chart-score1').getAttribute('d')").split("M")[1]
    at = {k: float(point.split(" ")[0]) for k, point in enumerate(re.split("[ML]", score))}
    assert turns[0][0] == 0 and turns[-1][0] <= len(p.game["heads"]) - 1 and len(turns) >= 4
    assert all(abs(x - at[t]) < 0.2 for t, x in turns)  # each label under its turn's point
    legend = p.js(
        "Array.from(document.querySelectorAll('#chart-legend span'))"
        ".map(s => [s.dataset.kind, s.firstChild.style.color, s.textContent])"
    )
    moments = {words.split(" ", 1)[1]: colour for kind, colour, words in legend if kind == "mark"}
    marks = {"a score drop": "drop", "the players apart": "apart", "a surprise": "surprise"}
    assert moments.keys() == marks.keys()
    for words, kind in marks.items():
        css = p.js(
            f"(() => {{ const b = document.createElement('b'); "
            f"b.style.color = COLOURS.moment.{kind}; return b.style.color; }})()"
        )
        assert moments[words] == css
    assert sum(kind == "line" for kind, _, _ in legend) == 4 and p.problems() == []


def test_the_first_turns_surprises_are_left_out_and_said_so(browser, analysed_page):
    p = Page(browser, analysed_page)
    surprises = [turn for turn, kind, *_ in p.game["moments"] if kind == "surprise"]
    assert surprises and min(surprises) >= p.game["surprises_from"] == 2
    assert "from turn 2 on a move the other side did not expect" in p.text("moments-rule")


def test_no_moves_from_the_final_position(browser, analysed_page):
    p = Page(browser, analysed_page)
    last = len(p.game["heads"]) - 1
    p.js(f"replay.step({last - 1})")
    assert p.text("played").startswith("moves from here: ")
    p.click("last")
    assert p.turn() == last and p.text("played") == "" and p.text("result") == "Player One Wins!"


def test_the_charts_labels_stay_inside_it(browser, tmp_path, shared):
    """The turn axis's last label (240 on a 240-turn game) is not cut at the chart's edge."""
    record = shared / "games" / "marlboro" / "huge-room__freebot__ryan__1.tron"
    replay = load_replay(str(record))
    path = tmp_path / "long.html"
    path.write_text(page(replay, Analyst(replay, depth=0)))
    p = Page(browser, path)
    right = p.js(
        "Math.max(...Array.from(document.querySelectorAll('#chart text'))"
        ".map(t => { const b = t.getBBox(); return b.x + b.width; }))"
    )
    assert right <= 720 and p.problems() == []
