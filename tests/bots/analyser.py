"""An analyser that behaves (or misbehaves) on purpose, for ``compare``'s tests.

    python analyser.py MODE [N] D

Positions on stdin, answers in the analyser's format from lazytron's own
analysis to depth D, except:

honest          every answer as lazytron gives it
lie N           answer N (from 1) has its deepest score 10 higher (its move, at depth 0)
garbage         prints a line of text instead of the first answer
crash N         gives N - 1 answers, then dies with a message on stderr
hang N          gives N - 1 answers, then sleeps without a word
                (its pid in $ANALYSER_PIDFILE if set)
short N         gives N - 1 answers, then exits with status 0
extra           every answer, then one more line
linger          every answer, then it never exits
"""

from __future__ import annotations

import os
import sys
import time

from lazytron.analyse import analysis
from lazytron.reading import read_boards


def lie(lines: list[str]) -> list[str]:
    """The same answer with one thing changed: the deepest score, or the first move at depth 0."""
    if len(lines) == 2:
        return ["first West" if lines[0] != "first West" else "first East", "end"]
    depth, score, move = lines[-2].split()
    return [*lines[:-2], f"{depth} {int(score) + 10} {move}", "end"]


def main(mode: str, *args: str) -> None:
    depth = int(args[-1])
    n = int(args[0]) if len(args) > 1 else 0
    for k, board in enumerate(read_boards(sys.stdin), 1):
        if mode == "garbage":
            print("this is not an answer", flush=True)
            return
        if k == n and mode == "crash":
            sys.exit("deliberate crash")
        if k == n and mode == "hang":
            if "ANALYSER_PIDFILE" in os.environ:
                with open(os.environ["ANALYSER_PIDFILE"], "w") as f:
                    f.write(str(os.getpid()))
            time.sleep(3600)
        if k == n and mode == "short":
            return
        lines = list(analysis(board, depth))
        if k == n and mode == "lie":
            lines = lie(lines)
        print("\n".join(lines), flush=True)
    if mode == "extra":
        print("one more thing", flush=True)
    if mode == "linger":
        time.sleep(3600)


main(*sys.argv[1:])
