"""How fast the analysed replay page opens in a headless Chromium, and its screenshot for the
README.

    python benchmarks/page.py [--game RECORD] [--depth D] [--runs N] [--screenshot PNG] [--turn K]

Writes the page of ``lazytron replay RECORD --html OUT --depth D`` (by default
the longest recorded huge-room game of ../shared, 240 turns on 50x50), then
opens it N times afresh in Debian's ``chromium`` over the DevTools protocol
and reports, per run, the time from the navigation command to the page's
load event (its script draws the board, the territory overlay, the expected
line and the chart before that event), checking each time that the overlay
and the chart are drawn.  Best and median of the runs are printed.
``--screenshot`` saves the page at turn K as a PNG.
"""

from __future__ import annotations

import argparse
import base64
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the DevTools driver the browser tests use

from devtools import Browser, chromium_binary  # noqa: E402

from lazytron.replay.model import Analyst, load_replay  # noqa: E402
from lazytron.replay.webpage import write_page  # noqa: E402

SHARED = Path(os.environ.get("LAZYTRON_SHARED", ROOT.parent / "shared"))
GAME = SHARED / "games" / "marlboro" / "huge-room__freebot__ryan__1.tron"

DRAWN = """(() => {
  const chart = ['chart-score1', 'chart-score2', 'chart-depth1'].every(
    id => document.getElementById(id).getAttribute('d').length > 100);
  const board = document.getElementById('board'), ctx = board.getContext('2d');
  const data = ctx.getImageData(0, 0, board.width, board.height).data, seen = new Set();
  for (let i = 0; i < data.length; i += 4 * 97)
    seen.add(data[i] * 65536 + data[i + 1] * 256 + data[i + 2]);
  const shades = COLOURS.shade.map(c => parseInt(c.slice(1), 16));
  return chart && shades.every(c => seen.has(c));
})()"""


def open_timed(browser: Browser, url: str) -> float:
    """Seconds from the navigation command to the load event of ``url`` (after a blank page)."""
    browser.open("about:blank")
    mark = len(browser.events)
    start = time.perf_counter()
    browser.call("Page.navigate", page=True, url=url)
    browser.wait_for("Page.loadEventFired", mark)
    return time.perf_counter() - start


def screenshot(browser: Browser, url: str, turn: int, path: Path) -> None:
    """Save the page at ``turn`` as a PNG, the whole page's height."""
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        page=True,
        width=1000,
        height=1000,
        deviceScaleFactor=1,
        mobile=False,
    )
    browser.open(f"{url}#turn={turn}")
    height = browser.js("document.documentElement.scrollHeight")
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        page=True,
        width=1000,
        height=height,
        deviceScaleFactor=1,
        mobile=False,
    )
    shot = browser.call("Page.captureScreenshot", page=True, format="png")
    path.write_bytes(base64.b64decode(shot["data"]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", type=Path, default=GAME)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--screenshot", type=Path)
    parser.add_argument("--turn", type=int, default=60)
    args = parser.parse_args()
    binary = chromium_binary()
    if binary is None or not args.game.is_file():
        print("needs chromium and the game record", args.game, file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "game.html"
        replay = load_replay(str(args.game))
        start = time.perf_counter()
        write_page(str(out), replay, Analyst(replay, depth=args.depth))
        board = replay.positions[0]
        print(
            f"{args.game.name}: {board.width}x{board.height}, {replay.last} turns, "
            f"analysed at depth {args.depth} in {time.perf_counter() - start:.1f} s; "
            f"page {out.stat().st_size / 1e6:.2f} MB"
        )
        profile = Path(tmp) / "profile"
        profile.mkdir()
        browser = Browser(binary, profile)
        try:
            times = []
            for run in range(args.runs):
                seconds = open_timed(browser, out.as_uri())
                drawn = browser.js(DRAWN)
                problems = browser.problems()
                print(
                    f"run {run + 1}: opened in {seconds:.3f} s, overlay and chart drawn: {drawn}, "
                    f"console problems: {len(problems)}"
                )
                if not drawn or problems:
                    return 1
                times.append(seconds)
            print(
                f"best {min(times):.3f} s, median {statistics.median(times):.3f} s "
                "(target: under 2 s)"
            )
            if args.screenshot is not None:
                screenshot(browser, out.as_uri(), args.turn, args.screenshot)
                print(f"screenshot of turn {args.turn}: {args.screenshot}")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
