"""``compare --analyser`` adopts what the analyser leaves behind and reaps it, as ``play`` does with
bots."""

from __future__ import annotations

import shlex
import subprocess
import sys
import textwrap

import pytest
from conftest import BOTS, MAPS, ROOT

# Run as a subreaper of its own, so that orphans not adopted by ``compare`` come here, not to init:
# those left unreaped when ``compare`` has exited are the zombies it failed to reap.
WATCHER = textwrap.dedent("""
    import ctypes, os, subprocess, sys, time
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)
    done = subprocess.run(
        [sys.executable, "-m", "lazytron", *sys.argv[1:]], capture_output=True, text=True
    )
    time.sleep(1.0)  # the analyser's child has ended by now
    mine = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid():
            mine.append(fields[0])
    last = done.stdout.splitlines()[-1] if done.stdout else done.stderr
    print(done.returncode, ",".join(mine) or "-", last)
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="subreapers are Linux's")
def test_the_analysers_ended_children_are_reaped(tmp_path):
    script = tmp_path / "forking-analyser"
    script.write_text(
        "#!/bin/sh\n"
        "sleep 0.3 &\n"  # a child it never waits for: a zombie once it ends
        f'exec {shlex.quote(sys.executable)} {shlex.quote(str(BOTS / "analyser.py"))} honest "$@"\n'
    )
    script.chmod(0o755)
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            WATCHER,
            "compare",
            "--analyser",
            str(script),
            "--depth",
            "2",
            str(MAPS / "pillars.txt"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    status, states, last = run.stdout.split(" ", 2)
    assert status == "0" and "agrees" in last
    assert states == "-", "the analyser's child was left as a zombie"
