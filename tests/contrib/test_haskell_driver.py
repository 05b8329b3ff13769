"""contrib/haskell: our driver for the Haskell original, built with GHC against the reference's source.

The source is ``../shared/reference/zenzike/Zenzike.hs``, read by the build
script into a temporary directory (never copied into the project).  The
tests skip without ``../shared`` or without GHC and its old-time package.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import MAPS, ROOT, lazytron
from positions import random_positions

from lazytron.reading import load_board

BUILD = ROOT / "contrib" / "haskell" / "build.sh"
HUGGER = f"{shlex.quote(sys.executable)} -m lazytron.bots.hugger"


def ghc_ready() -> bool:
    if shutil.which("ghc") is None or shutil.which("ghc-pkg") is None:
        return False
    listed = subprocess.run(["ghc-pkg", "list", "--simple-output", "old-time"], capture_output=True, text=True)
    return "old-time" in listed.stdout


def build(source: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(BUILD), str(source), str(out)], capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def reference_source(shared: Path) -> Path:
    source = shared / "reference" / "zenzike" / "Zenzike.hs"
    if not source.is_file():
        pytest.skip("the reference's Zenzike.hs is absent")
    if not ghc_ready():
        pytest.skip("GHC with old-time is not installed (apt-get install ghc libghc-old-time-dev)")
    return source


@pytest.fixture(scope="module")
def driver(reference_source: Path, tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("driver")
    built = build(reference_source, out)
    assert built.returncode == 0, built.stderr
    assert built.stdout.splitlines()[-1] == f"built {out}/zenzike-driver"
    return shlex.quote(str(out / "zenzike-driver"))


@pytest.fixture(scope="module")
def positions(tmp_path_factory) -> Path:
    names = ("pillars", "spiral", "gatehouse", "corridors")
    boards = [b for name in names for b in random_positions(load_board(str(MAPS / f"{name}.txt")), 7, 5)]
    path = tmp_path_factory.mktemp("positions") / "positions.txt"
    path.write_text("".join(map(str, boards)) + (MAPS / "crossroads.txt").read_text())
    return path


def run(command: str, depth: int, text: str) -> subprocess.CompletedProcess:
    return subprocess.run([*shlex.split(command), str(depth)], input=text, capture_output=True, text=True, timeout=120)


def test_the_driver_answers_as_the_reference_analyser_byte_for_byte(driver, oracle, positions):
    text = positions.read_text()
    ours, theirs = run(f"{driver} analyse", 4, text), run(shlex.quote(str(oracle / "analyse")), 4, text)
    assert ours.returncode == 0 and ours.stderr == ""
    assert ours.stdout == theirs.stdout and ours.stdout.count("end\n") == 21


def test_compare_finds_the_driver_in_agreement_with_lazytron(driver, positions, recorded_games):
    game = next(p for p in recorded_games if p.name == "2.tron")
    done = lazytron("compare", "--analyser", f"{driver} analyse", "--depth", "4", str(positions), str(game))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("all ") and done.stdout.splitlines()[-1].endswith(" positions agree")


def test_the_driver_bot_plays_the_same_games_as_lazytron(driver):
    maps = (str(MAPS / "pillars.txt"), str(MAPS / "gatehouse.txt"))
    done = lazytron("compare", "--bot", f"{driver} bot 4", "--opponent", HUGGER, *maps)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "all 4 pairs of games are identical"


def blog_style(source: Path) -> str:
    """The reference's source as the 2010 post has it: no module header, Data.Array.Diff, M.fold, main."""
    lines = source.read_text().splitlines()
    code = lines[next(i for i, line in enumerate(lines) if line.startswith("module Zenzike")) + 1 :]
    diff = "import Data.Array.Diff (Array, listArray, amap, assocs, (//), bounds, (!))"
    adapted = []
    for line in code:
        if line.startswith("import Data.Array.IArray (amap)"):
            continue
        if line.startswith("import Data.Array (Array"):
            line = diff
        adapted.append(line.replace("M.foldr", "M.fold").replace("botMain", "main"))
    return "\n".join(adapted) + "\n"


def test_the_build_adapts_the_posts_literate_source_for_ghc_9(reference_source, driver, positions, tmp_path):
    literate = tmp_path / "zenzike.lhs"
    prose = "A Tron AI in Haskell. The code below uses `M.fold`.\n\n"
    code = blog_style(reference_source).splitlines()
    literate.write_text(prose + "".join(f"> {line}\n" if line.strip() else "\n" for line in code))
    built = build(literate, tmp_path / "out")
    assert built.returncode == 0, built.stderr
    assert built.stdout.splitlines()[:3] == [
        "adapted: added the header 'module Zenzike where'",
        "adapted: Data.Array.Diff -> Data.Array.IArray",
        "adapted: M.fold -> M.foldr",
    ]
    text = positions.read_text()
    again = run(shlex.quote(str(tmp_path / "out" / "zenzike-driver")) + " analyse", 4, text)
    assert again.stdout == run(f"{driver} analyse", 4, text).stdout
    assert literate.read_text().startswith(prose)  # the user's file is left as it was


def test_the_build_refuses_what_it_cannot_use(reference_source, tmp_path):
    named = tmp_path / "Main.hs"
    named.write_text("module Main where\nmain = return ()\n")
    refused = build(named, tmp_path / "out")
    assert refused.returncode == 1
    why = "the driver needs the module Zenzike (or no header)"
    assert refused.stderr == f"build.sh: {named} declares 'module Main where': {why}\n"
    missing = build(tmp_path / "missing.hs", tmp_path / "out")
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "args, text, message",
    [
        (["analyse", "2"], "3 1\n1 \n", "zenzike-driver: map at line 1: a row is not 3 cells wide\n"),
        (["analyse", "2"], "hello\n", "zenzike-driver: map at line 1: expected 'W H', got \"hello\"\n"),
        (["bot", "2"], "3 2\n1 2\n", "zenzike-driver: map at line 1: cut off: 1 of 2 rows\n"),
        (["analyse", "two"], "", "usage: zenzike-driver analyse D | zenzike-driver bot D\n"),
    ],
)
def test_the_driver_rejects_bad_input_in_one_line(driver, args, text, message):
    done = subprocess.run([*shlex.split(driver), *args], input=text, capture_output=True, text=True, timeout=30)
    assert done.returncode == 1 and done.stderr == message
