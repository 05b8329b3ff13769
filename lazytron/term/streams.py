"""The process's standard streams: closed ones held on /dev/null, a standard output that can take
no more silenced."""

from __future__ import annotations

import os
import sys


def closed_streams() -> list[str]:
    """The standard streams that were closed when the process started, each now open on /dev/null.

    Holding their descriptors keeps files and pipes opened later from taking them.
    """
    closed = []
    for fd, name in ((0, "input"), (1, "output"), (2, "error")):
        try:
            os.fstat(fd)
        except OSError:
            os.open(os.devnull, os.O_RDWR)  # the lowest free descriptor: this one
            closed.append(name)
    if "error" in closed:
        sys.stderr = open(2, "w")
    return closed


def silence_output() -> None:
    """Send standard output to /dev/null: nothing more can be said there, and no complaint at
    exit."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
