"""Seeded fuzzing: the bot, ``analyse`` and ``replay`` on random mutations of real maps and records.

Checked: the bot answers a digit for every turn the map reader finds (every
map, and every broken turn with rows) and exits 0; ``analyse`` answers
every map and gives one line per bad one; ``replay`` gives at most one
line of error; no traceback anywhere; nothing left running.  A few seconds
in all (set LAZYTRON_FUZZ_SEED to try other inputs).
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import GOLDEN, MAPS, ROOT, SHARED

from lazytron.board import Board
from lazytron.reading import decoded_lines, read_boards

SEED = int(os.environ.get("LAZYTRON_FUZZ_SEED", "14"))
GARBAGE = [
    b"",
    b"\n",
    b"hello",
    b"15 15",
    b"100000 100000",
    b"fifteen 15",
    b"-3 4",
    b"0 0",
    b"\xff\xfe",
    b"\x00",
    b"\xef\xbb\xbf",
    b"+OK|",
    b"|",
    b"3 3\n 1 \n 2 \n   ",
    b"1 2",
    b"\r",
]


def sources(pattern: str, *folders: Path) -> list[bytes]:
    return [
        p.read_bytes()
        for folder in folders
        if folder.is_dir()
        for p in sorted(folder.glob(pattern))
    ]


MAP_TEXTS = sources("*.txt", MAPS, SHARED / "maps" / "contest")
RECORD_TEXTS = sources("*.tron", GOLDEN / "games", SHARED / "games" / "marlboro")


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random changes of lines or bytes."""
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(8)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            lines.insert(i, rng.choice(GARBAGE))
        elif kind == 3:
            lines[0] = b"%d %d" % (rng.randint(0, 60), rng.randint(0, 60))
        elif kind == 4 and lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + bytes([rng.randrange(256)]) + lines[i][j + 1 :]
        elif kind == 5 and lines[i]:
            lines[i] = lines[i][: rng.randrange(len(lines[i]))]
        elif kind == 6:
            lines[i] += b"\r"
        else:
            lines = lines[: i + 1]
    return b"\n".join(lines)


def stream(rng: random.Random, maps: int) -> bytes:
    """Maps one after another, about half of them mutated."""
    chosen = [rng.choice(MAP_TEXTS) for _ in range(maps)]
    parts = [mutate(m, rng) if rng.random() < 0.5 else m for m in chosen]
    return b"".join(p if p.endswith(b"\n") else p + b"\n" for p in parts)


def run(args: list[str], data: bytes) -> subprocess.CompletedProcess:
    """Run lazytron in a session of its own; fail if anything of it is still running after it
    exits."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "lazytron", *args],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(data, timeout=60)
    finally:
        proc.kill()
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)  # nothing left in its group
    stderr = err.decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr
    return subprocess.CompletedProcess(
        args, proc.returncode, out.decode("utf-8", "replace"), stderr
    )


def turns(data: bytes) -> int:
    """The turns the bot must answer in a stream, as the map reader finds them: maps, and broken
    turns with rows."""
    items = read_boards(decoded_lines(data.splitlines(keepends=True)))
    return sum(isinstance(i, Board) or (bool(i.rows) and not i.at_end) for i in items)


@pytest.mark.skipif(not MAP_TEXTS, reason="no maps")
def test_the_bot_answers_every_turn_it_can_recognise():
    rng = random.Random(SEED)
    for _ in range(3):
        data = stream(rng, 12)
        done = run(["bot", "--depth", "1"], data)
        assert done.returncode == 0
        assert re.fullmatch(r"([1-4]\n)*", done.stdout)
        assert len(done.stdout.split()) == turns(data), done.stderr
        assert all(line.startswith("turn ") for line in done.stderr.splitlines())


@pytest.mark.skipif(not MAP_TEXTS, reason="no maps")
def test_analyse_answers_every_map_and_one_line_per_bad_one():
    rng = random.Random(SEED + 1)
    for _ in range(3):
        data = stream(rng, 12)
        done = run(["analyse", "--depth", "2"], data)
        items = list(read_boards(decoded_lines(data.splitlines(keepends=True))))
        bad = sum(not isinstance(i, Board) for i in items)
        assert done.stdout.count("end\n") == len(items) - bad
        assert len(done.stderr.splitlines()) == bad
        assert all(
            line.startswith("lazytron analyse: <stdin>: ") for line in done.stderr.splitlines()
        )
        assert done.returncode == (1 if bad else 0)


@pytest.mark.skipif(not RECORD_TEXTS, reason="no records")
def test_replay_of_a_mutated_record_is_shown_or_refused_in_one_line(tmp_path):
    rng = random.Random(SEED + 2)
    for n in range(8):
        path = tmp_path / f"game{n}.tron"
        path.write_bytes(mutate(rng.choice(RECORD_TEXTS), rng))
        done = run(["replay", str(path)], b"")
        assert done.returncode in (0, 1)
        assert len(done.stderr.splitlines()) == (done.returncode == 1)
        assert done.stderr.startswith(f"lazytron replay: {path}: ") or done.returncode == 0
