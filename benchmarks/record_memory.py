"""Peak memory of ``lazytron replay`` (and ``compare --analyser``'s record reading) on records of \
many moves.

    python benchmarks/record_memory.py [--megabytes 10 ...]

Writes, for each size, a record on the project's pillars map whose game
ends on turn 1 (player 1 runs into a wall) but whose moves field holds SIZE megabytes of letters
(the hostile case: a record that goes on long after its game ended), replays
it piped (plain text) and prints the exit status, the first line of its
error and its peak resident memory (the child's ru_maxrss).  A record is
read with memory bounded by its board: the peak should not grow with the
size.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PILLARS = (ROOT / "lazytron" / "maps" / "pillars.txt").read_text()


def big_record(path: Path, megabytes: float) -> None:
    """A record whose game ends on turn 1, followed by ``megabytes`` of turns that cannot have been
    played."""
    size, rows = PILLARS.split("\n", 1)
    turns = int(megabytes * 1_000_000 / 2)
    with path.open(
        "w"
    ) as f:  # a piece at a time: this process stays small (a forked child starts as its copy)
        f.write(f"+OK|{size}|{rows}|a|b|")
        for start in range(0, turns, 100_000):
            f.write("NS" * min(100_000, turns - start))
        f.write("|1|+OK\n")


def peak_of(command: list[str]) -> tuple[int, str, float, float]:
    """Run ``command`` alone: its status, first stderr line, seconds and peak resident MB."""
    started = time.monotonic()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.monotonic() - started
    peak = (
        resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    )  # the largest child so far, in MB
    return done.returncode, (done.stderr.splitlines() or [""])[0], seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, nargs="+", default=[10.0])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for megabytes in sorted(
            args.megabytes
        ):  # growing sizes: ru_maxrss is the largest child so far
            path = Path(tmp) / f"moves-{megabytes:g}MB.tron"
            big_record(path, megabytes)
            status, error, seconds, peak = peak_of(
                [sys.executable, "-m", "lazytron", "replay", str(path)]
            )
            error = error.replace(str(path), path.name)
            print(
                f"{megabytes:g} MB of moves: status {status}, {seconds:.1f} s, "
                f"peak {peak:.0f} MB: {error}"
            )


if __name__ == "__main__":
    main()
