"""The human's seat as a bot process: ``python -m lazytron.serve.relay FIFO``.

It reads and drops the boards the referee sends on stdin (so that its
pipe never fills) and prints every move digit written into FIFO, the
moment it comes.  It exits at the end of its input.  The server's
:class:`lazytron.serve.human.KeyPlayer` writes one digit a turn.
"""

from __future__ import annotations

import os
import select
import sys

CHUNK = 65536


def relay(fifo: int, stdin: int, stdout: int) -> int:
    """Copy the digits 1-4 from ``fifo`` to ``stdout``, drain ``stdin``, until ``stdin`` ends."""
    poll = select.poll()
    poll.register(stdin, select.POLLIN)
    poll.register(fifo, select.POLLIN)
    while True:
        for fd, _ in poll.poll():
            data = os.read(fd, CHUNK)
            if fd == stdin and not data:
                return 0
            if fd == fifo:
                digits = bytes(c for c in data if c in b"1234")
                if digits:
                    os.write(stdout, digits + b"\n")
            if fd == fifo and not data:
                poll.unregister(fifo)  # the server closed it: the moves are over


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m lazytron.serve.relay FIFO", file=sys.stderr)
        return 2
    fifo = os.open(argv[1], os.O_RDONLY | os.O_NONBLOCK)
    try:
        return relay(fifo, sys.stdin.fileno(), sys.stdout.fileno())
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
