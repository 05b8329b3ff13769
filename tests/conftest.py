"""Shared fixtures: the project's paths, ``../shared`` and the Haskell oracle (both optional)."""

from __future__ import annotations

import importlib
import inspect
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from devtools import Browser, chromium_binary

from lazytron.engines.chambers import _native

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "lazytron" / "maps"
SHARED = Path(os.environ.get("LAZYTRON_SHARED", ROOT.parent / "shared"))
ORACLE = Path(
    os.environ.get(
        "ZENZIKE_DIR", Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "zenzike"
    )
)
GOLDEN = ROOT / "tests" / "golden"
BOTS = ROOT / "tests" / "bots"  # the test bots and analysers, run as programs

# Tests stop what they start with Ctrl-C (SIGINT), as a person would. A suite started in the
# background of a script has SIGINT ignored, and every program it starts inherits that and never
# sees the signal: handled here, the programs start with the default again.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def from_benchmarks(module: str) -> ModuleType:
    """A module of benchmarks/, imported as pytest imports them (their folder first)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


collect_ignore = [
    "bots",
    "make_golden.py",
    "make_chambers_golden.py",
]  # programs, not test modules: --doctest-modules must not import them


def lazytron(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """Run the ``lazytron`` command of this checkout (same interpreter as the tests)."""
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("timeout", 120)
    return subprocess.run([sys.executable, "-m", "lazytron", *args], cwd=ROOT, **kwargs)


def benchmark(name: str, *args: str, **kwargs) -> subprocess.CompletedProcess:
    """Run ``benchmarks/NAME.py`` of this checkout as a program (same interpreter as the tests, no
    stdin, its output as text)."""
    kwargs.setdefault("stdin", subprocess.DEVNULL)
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("timeout", 120)
    return subprocess.run(benchmark_command(name, *args), **kwargs)


def benchmark_command(name: str, *args: str) -> list[str]:
    """The command line of ``benchmarks/NAME.py`` of this checkout, with the tests' interpreter."""
    return [sys.executable, str(ROOT / "benchmarks" / f"{name}.py"), *args]


def heads_parity(path: Path) -> str:
    """'odd' or 'even': the steps between a map file's heads, counted from its rows (by the
    tests, not by the code under test)."""
    rows = path.read_text().splitlines()[1:]
    heads = [x + y for y, row in enumerate(rows) for x, c in enumerate(row) if c in "12"]
    return "odd" if sum(heads) % 2 else "even"


@pytest.fixture(scope="session")
def shared() -> Path:
    """``../shared``, or skip."""
    if not SHARED.is_dir():
        pytest.skip("../shared is absent")
    return SHARED


@pytest.fixture(scope="session")
def contest_maps(shared: Path) -> list[Path]:
    return sorted((shared / "maps" / "contest").glob("*.txt"))


@pytest.fixture(scope="session")
def recorded_games(shared: Path) -> list[Path]:
    return sorted((shared / "games").rglob("*.tron"))


@pytest.fixture(scope="session")
def oracle() -> Path:
    """The directory of the built Haskell original (analyse, depthbot, zenzike), or skip."""
    if not all((ORACLE / name).is_file() for name in ("analyse", "depthbot")):
        pytest.skip(
            f"the Haskell oracle is not built in {ORACLE} "
            "(see ../shared/reference/zenzike/build.sh)"
        )
    return ORACLE


@pytest.fixture
def speedups() -> ModuleType:
    """The chambers engine's compiled speedups, or skip (not built, or ``LAZYTRON_PURE=1``)."""
    if _native.speedups is None:
        pytest.skip("the C speedups are not built or are switched off (LAZYTRON_PURE=1)")
    return _native.speedups


@pytest.fixture(params=["native", "pure"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test on both paths of the chambers engine: with the C speedups (skipped where off)
    and in Python."""
    if request.param == "native" and _native.speedups is None:
        pytest.skip("the C speedups are not built or are switched off (LAZYTRON_PURE=1)")
    if request.param == "pure":
        monkeypatch.setattr(_native, "speedups", None)
    return str(request.param)


@pytest.fixture(scope="session")
def project_maps() -> list[Path]:
    return sorted(MAPS.glob("*.txt"))


SLOW_FIXTURES = {"oracle", "shared", "contest_maps", "recorded_games", "browser"}
STARTS_A_PROGRAM = re.compile(
    r"\blazytron\(|play_game\(|\breferee\(|subprocess\.|Popen|\bpty\.|\b_play\(|\bcompare\(|\brun\(fixtures|\brun_play\(|\bplay\.play\("
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test that starts a program (a bot, the command, the oracle, Chromium) or
    reads ../shared.

    ``pytest -m "not slow"`` then runs the unit tests alone, in seconds.
    """
    for item in items:
        if not isinstance(item, pytest.Function) or item.get_closest_marker("slow"):
            continue
        source = inspect.getsource(item.function)
        if SLOW_FIXTURES & set(item.fixturenames) or STARTS_A_PROGRAM.search(source):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """A headless Chromium driven over the DevTools protocol (tests/devtools.py), or skip."""
    binary = chromium_binary()
    if binary is None:
        pytest.skip("chromium is not installed (apt-get install chromium)")
    profile = tmp_path_factory.mktemp("chromium") / "profile"
    profile.mkdir()
    b = Browser(binary, profile)
    yield b
    b.close()
