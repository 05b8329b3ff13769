"""The documentation's screenshots, taken in headless Chromium: ``LAZYTRON_SCREENSHOTS=1 pytest
tests/test_screenshots.py`` writes them under ``docs/`` (skipped otherwise).

- ``docs/tournament.png``: the page of the tutorial's SPRT run (``docs/tutorial.md``, section 5);
- ``docs/replay.png``: the analysed replay page of the longest recorded huge-room game of
  ``../shared`` at turn 120 (``docs/index.md``);
- ``docs/site-front.png`` and ``docs/site-results.png``: the documentation site's front page and
  results page, built by ``mkdocs build --strict`` and served on 127.0.0.1 (needs the ``docs``
  extra).
"""

from __future__ import annotations

import base64
import functools
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import ROOT
from devtools import Browser

pytestmark = pytest.mark.skipif(
    os.environ.get("LAZYTRON_SCREENSHOTS") != "1", reason="set LAZYTRON_SCREENSHOTS=1 to take them"
)
DOCS = ROOT / "docs"
WIDTH = 1000


def screenshot(browser: Browser, url: str, path: Path) -> None:
    """Save the page at ``url`` as a PNG, WIDTH CSS pixels wide and as tall as the page."""
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        page=True,
        width=WIDTH,
        height=1000,
        deviceScaleFactor=1,
        mobile=False,
    )
    browser.open(url)
    height = browser.js("document.documentElement.scrollHeight")
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        page=True,
        width=WIDTH,
        height=height,
        deviceScaleFactor=1,
        mobile=False,
    )
    data = browser.call("Page.captureScreenshot", page=True, format="png")["data"]
    path.write_bytes(base64.b64decode(data))
    browser.call("Emulation.clearDeviceMetricsOverride", page=True)


def test_the_tournament_page(browser, tmp_path):
    """The tutorial's command, run with this checkout's ``lazytron`` first on the PATH."""
    bin_dir = os.path.dirname(sys.executable)
    assert shutil.which("lazytron", path=bin_dir), "lazytron is not installed beside the Python"
    words = [
        *("tournament", "pillars", "gatehouse", "crossroads", "open-field"),
        *("--gauntlet", "new", "--bot", "new=lazytron bot --depth 6"),
        *("--bot", "old=lazytron bot --depth 2", "--sprt", "elo0=0", "elo1=50"),
        *("--openings", "2", "--db", "change.db", "--html", "change.html"),
    ]
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    done = subprocess.run(
        ["lazytron", *words], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    screenshot(browser, (tmp_path / "change.html").as_uri(), DOCS / "tournament.png")
    assert browser.problems() == []


def test_the_replay_page(browser, shared, tmp_path):
    record = shared / "games" / "marlboro" / "huge-room__freebot__ryan__1.tron"
    page = tmp_path / "game.html"
    done = subprocess.run(
        [sys.executable, "-m", "lazytron", "replay", str(record), "--html", str(page)]
        + ["--depth", "4"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    screenshot(browser, page.as_uri() + "#turn=120", DOCS / "replay.png")
    assert browser.problems() == []


@pytest.fixture
def site(tmp_path) -> Iterator[str]:
    """The documentation site, built strict into a temporary directory and served on 127.0.0.1:
    its address."""
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    built = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(built)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(built))
    handler.log_message = lambda *args: None  # type: ignore[method-assign]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def window(browser: Browser, url: str, path: Path) -> None:
    """Save the first 1280x900 CSS pixels of the page at ``url`` as a PNG, as a reader sees it."""
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        page=True,
        width=1280,
        height=900,
        deviceScaleFactor=1,
        mobile=False,
    )
    browser.open(url)
    data = browser.call("Page.captureScreenshot", page=True, format="png")["data"]
    path.write_bytes(base64.b64decode(data))
    browser.call("Emulation.clearDeviceMetricsOverride", page=True)


def test_the_documentation_site(browser, site):
    window(browser, site, DOCS / "site-front.png")
    assert "lazytron" in browser.js("document.title")
    window(browser, site + "results/", DOCS / "site-results.png")
    assert browser.js("document.title").startswith("Results")
    assert browser.problems() == []
