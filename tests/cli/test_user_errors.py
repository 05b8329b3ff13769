"""User errors are one line on stderr and a non-zero status, never a traceback: numbers out of
range, closed or full streams."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import MAPS, ROOT

MAP = MAPS / "pillars.txt"


def run(
    args: list[str], *, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, timeout: float = 60
) -> tuple[int, str]:
    """Run lazytron with the given standard streams (None: closed); its status and stderr."""
    closed = {0: stdin is None, 1: stdout is None}

    def close() -> None:
        for fd, shut in closed.items():
            if shut:
                os.close(fd)

    proc = subprocess.run(
        [sys.executable, "-m", "lazytron", *args],
        cwd=ROOT,
        timeout=timeout,
        preexec_fn=close,
        stdin=subprocess.DEVNULL if stdin is None else stdin,
        stdout=subprocess.DEVNULL if stdout is None else stdout,
        stderr=subprocess.PIPE,
        text=True,
    )
    return proc.returncode, proc.stderr


def one_line(status: int, stderr: str, *words: str) -> None:
    assert status != 0
    assert "Traceback" not in stderr
    assert len(stderr.splitlines()) == 1, stderr
    for word in words:
        assert word in stderr


@pytest.mark.parametrize(
    "args",
    [
        ["bot", "--turn-time", "3000000"],
        ["bot", "--first-time", "1e300"],
        ["play", str(MAP), "a", "b", "--turn-time", "3000000"],
        ["tournament", str(MAP), "--bot", "a=a", "--bot", "b=b", "--first-time", "1e9"],
        ["compare", "--analyser", "cat", "--timeout", "1e7", str(MAP)],
        ["analyse", "--depth", "100000000000"],
        ["tournament", str(MAP), "--bot", "a=a", "--bot", "b=b", "--rounds", "10000000000"],
        ["replay", "x.tron", "--fps", "1e12"],
    ],
)
def test_numbers_out_of_range_are_refused_where_parsed(args):
    status, stderr = run(args)
    assert status == 2 and "Traceback" not in stderr and "must be" in stderr


@pytest.mark.parametrize(
    "args, closed",
    [
        (["bot", "--depth", "2"], "output"),
        (["analyse", "--depth", "2"], "input"),
        (["tictactoe"], "input"),
        (["bot", "--depth", "2"], "input"),
        (["compare", "--analyser", "cat", "-"], "input"),
    ],
)
def test_a_closed_standard_stream_is_one_line_and_status_2(args, closed):
    with open(MAP) as board:
        if closed == "output":
            status, stderr = run(args, stdin=board, stdout=None)
        else:
            status, stderr = run(args, stdin=None)
    one_line(status, stderr, f"standard {closed} is closed")
    assert status == 2


@pytest.mark.parametrize("args", [["bot", "--depth", "2"], ["analyse", "--depth", "2"]])
def test_a_full_standard_output_is_one_line_and_status_1(args):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open(MAP) as board, open("/dev/full", "w") as full:
        status, stderr = run(args, stdin=board, stdout=full)
    one_line(status, stderr, "standard output", "No space left")
    assert status == 1
