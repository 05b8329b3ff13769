"""Bots that behave (or misbehave) on purpose, for the referee's tests.

    python testbot.py MODE [ARG]

script LETTERS  answer each board with the next letter (N, E, S, W), then exit
echo LETTERS    like script, copying each board to stderr
sleep [LETTERS] play LETTERS, then read the boards and never answer
exit            exit at once, status 3
crash           read one board, then die with a traceback
garbage [LETTERS] play LETTERS, then answer with text holding no digit 1-4
noisy LETTERS   like script, with the digit buried in other characters
ahead LETTERS   print all the moves at once on the first board, then read and never answer
flood           answer the first board, then print characters without end, never reading again
shout LETTERS   like script, printing 4 MB to stderr before each answer
stubborn        ignore SIGINT, SIGTERM and SIGHUP, read the boards and never answer
deaf LETTERS    never read; print the moves as fast as the pipe takes them, then sleep
fork PIDFILE    start a child that sleeps (its pid in PIDFILE), then play East forever
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

DIGITS = {"N": "1", "E": "2", "S": "3", "W": "4"}


def boards():
    """Yield each board read from stdin, as text."""
    while line := sys.stdin.readline():
        if not line.strip():
            continue
        height = int(line.split()[1])
        yield line + "".join(sys.stdin.readline() for _ in range(height))


def say(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def main(mode: str, arg: str = "") -> None:
    # zip(letters, boards()) stops at the last letter without reading another board
    if mode == "script":
        for letter, _ in zip(arg, boards(), strict=False):
            say(DIGITS[letter] + "\n")
    elif mode == "echo":
        for letter, board in zip(arg, boards(), strict=False):
            sys.stderr.write(board)
            sys.stderr.flush()
            say(DIGITS[letter] + "\n")
    elif mode == "sleep":
        for n, _ in enumerate(boards()):
            if n < len(arg):
                say(DIGITS[arg[n]] + "\n")
    elif mode == "exit":
        sys.exit(3)
    elif mode == "crash":
        next(boards())
        raise RuntimeError("deliberate crash")
    elif mode == "garbage":
        for n, _ in enumerate(boards()):
            say(DIGITS[arg[n]] + "\n" if n < len(arg) else "move: north 0 5 6 7 8 9 east\n")
    elif mode == "noisy":
        for letter, _ in zip(arg, boards(), strict=False):
            say(f"thinking... depth 0, x{DIGITS[letter]}y 9\n")
    elif mode == "ahead":
        next(boards())
        say("".join(DIGITS[c] for c in arg) + "\n")
        for _ in boards():
            pass
    elif mode == "flood":
        next(boards())
        say("2\n")
        while True:
            say("x" * 65536)
    elif mode == "shout":
        for letter, _ in zip(arg, boards(), strict=False):
            sys.stderr.write(("x" * 1023 + "\n") * 4096)
            sys.stderr.flush()
            say(DIGITS[letter] + "\n")
    elif mode == "stubborn":
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        for _ in boards():
            pass
        time.sleep(600)
    elif mode == "deaf":
        say("".join(DIGITS[c] + "\n" for c in arg))
        time.sleep(600)
    elif mode == "fork":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        with open(arg, "w") as f:
            f.write(str(child.pid))
        for _ in boards():
            say("2\n")
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(*sys.argv[1:])
