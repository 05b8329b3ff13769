"""Engine options on the command line, as UCI engines take them: --option, --list-options, and
--version."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from conftest import GOLDEN, MAPS, ROOT, lazytron

from lazytron.engines.chambers.settings import options

BOARD = (MAPS / "lopsided.txt").read_text()


@pytest.mark.parametrize("command", [["bot"], ["analyse"], ["replay"]])
def test_list_options_names_every_option_with_its_type_default_range_and_meaning(command):
    run = lazytron(*command, "--engine", "chambers", "--list-options")
    assert run.returncode == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert lines[0].split() == ["option", "type", "default", "range", "meaning"]
    for option, line in zip(options(), lines[1:], strict=True):
        assert line.split()[:3] == [option.name, option.kind, str(option.default).lower()]
        assert line.endswith(option.meaning)


def test_the_port_has_no_options_and_says_so():
    listed = lazytron("bot", "--list-options")
    assert (listed.returncode, listed.stdout) == (0, "the zenzike engine has no options\n")
    refused = lazytron("bot", "--option", "EDGE=120", input=BOARD)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == "lazytron bot: --option: the zenzike engine has no options\n"


@pytest.mark.parametrize(
    "pair, named",
    [
        ("WIDTH=3", "no option WIDTH"),
        ("EDGE=many", "EDGE must be a whole number"),
        ("REDUCE=9", "REDUCE must be"),
        ("MEMO=2", "MEMO must be true or false"),
        ("EDGE", "option EDGE needs a value"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ["bot"],
        ["analyse", "--depth", "2"],
        ["replay", str(GOLDEN / "games" / "pillars-d6-chaser-1.tron"), "--analyse"],
    ],
)
def test_a_bad_option_is_one_line_and_status_2_before_any_move(pair, named, command):
    run = lazytron(*command, "--engine", "chambers", "--option", pair, input=BOARD)
    assert run.returncode == 2 and run.stdout == ""  # no move, no analysis, no replay
    assert (
        run.stderr.count("\n") == 1
        and named in run.stderr
        and run.stderr.startswith(f"lazytron {command[0]}: --option: ")
    )


def test_an_option_changes_what_the_engine_plays():
    plain = lazytron("analyse", "--engine", "chambers", "--depth", "4", str(MAPS / "lopsided.txt"))
    edgeless = lazytron(
        "analyse",
        "--engine",
        "chambers",
        "--depth",
        "4",
        "--option",
        "edge=0",
        str(MAPS / "lopsided.txt"),
    )
    assert plain.returncode == edgeless.returncode == 0
    assert plain.stdout != edgeless.stdout  # the edges weigh nothing: other scores
    same = lazytron(
        "analyse",
        "--engine",
        "chambers",
        "--depth",
        "4",
        "--option",
        "EDGE=100",
        str(MAPS / "lopsided.txt"),
    )
    assert same.stdout == plain.stdout  # the default, given: the same analysis


def test_the_bot_plays_with_options():
    run = lazytron(
        "bot",
        "--engine",
        "chambers",
        "--depth",
        "4",
        "--option",
        "FILL=60",
        "--option",
        "HORIZON=0",
        input=BOARD,
    )
    assert run.returncode == 0 and run.stdout in ("1\n", "2\n", "3\n", "4\n")


def test_version_names_the_python_and_the_c_speedups():
    built = lazytron("--version")
    assert (
        built.returncode == 0
        and built.stdout.startswith("lazytron ")
        and "(Python 3." in built.stdout
    )
    assert "C speedups:" in built.stdout
    pure = lazytron("--version", env={**os.environ, "LAZYTRON_PURE": "1"})
    assert "C speedups: off (LAZYTRON_PURE=1)" in pure.stdout


def test_the_verbose_bot_warns_once_when_the_chambers_engine_runs_without_its_speedups():
    env = {**os.environ, "LAZYTRON_PURE": "1"}
    run = lazytron(
        "bot", "-v", "--engine", "chambers", "--depth", "2", input=BOARD + BOARD, env=env
    )
    assert run.returncode == 0 and len(run.stdout.splitlines()) == 2
    assert run.stderr.count("warning: C speedups: off") == 1
    quiet = lazytron("bot", "-v", "--engine", "chambers", "--depth", "2", input=BOARD)
    assert "warning" not in quiet.stderr


def test_a_source_tree_without_the_built_speedups_plays_in_python(tmp_path):
    # the C sources' folder alone (no compiled module beside it) is not taken for the speedups
    source = tmp_path / "lazytron"
    shutil.copytree(
        ROOT / "lazytron", source, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    )
    assert (source / "engines" / "chambers" / "_speedups").is_dir()
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "LAZYTRON_PURE": ""}
    version = subprocess.run(
        [sys.executable, "-m", "lazytron", "--version"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "C speedups: not built (pure Python)" in version.stdout
    run = subprocess.run(
        [sys.executable, "-m", "lazytron", "bot", "--engine", "chambers", "--depth", "2"],
        cwd=tmp_path,
        env=env,
        input=BOARD,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0 and run.stdout in ("1\n", "2\n", "3\n", "4\n"), run.stderr
