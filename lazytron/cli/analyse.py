"""``lazytron analyse``: fixed-depth analysis of the positions in files (:mod:`lazytron.analyse`),
one after another."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from contextlib import nullcontext
from typing import TYPE_CHECKING, TextIO

from . import arguments

if TYPE_CHECKING:
    from ..board import Board, BoardError
    from ..engines import Engine


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "files", nargs="*", metavar="FILE", help="maps, one or more per file ('-' or none: stdin)"
    )
    p.add_argument("--depth", type=arguments.depth, help="deepest even depth to report (required)")
    arguments.engine_arguments(p)


def run(args: argparse.Namespace) -> int:
    import gc

    engine = arguments.chosen_engine(args)
    if isinstance(engine, int):
        return engine
    arguments.required(args, "--depth")
    gc.disable()  # the tree has no cycles
    return analyse(args.files, depth=args.depth, engine=engine)


def analyse_stream(
    maps: Iterable[Board | BoardError],
    depth: int,
    engine: Engine,
    out: TextIO,
    err: TextIO,
    name: str,
) -> int:
    """Analyse every position in ``maps`` (as :func:`lazytron.board.read_boards` yields them);
    return how many were malformed."""
    from ..analyse import analysis
    from ..board import BoardError
    from ..term.safe import printable

    bad = 0
    for item in maps:
        if isinstance(item, BoardError):
            print(printable(f"lazytron analyse: {name}: {item}"), file=err, flush=True)
            bad += 1
            continue
        for line in analysis(item, depth, engine):
            out.write(line + "\n")
        out.flush()
    return bad


def analyse(
    files: list[str],
    *,
    depth: int,
    engine: str | Engine = arguments.ENGINE_NAMES[0],
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """The ``analyse`` command: 0 if every position was analysed, 1 if any input was bad."""
    from ..engines import ENGINES
    from ..reading import decoded_lines, read_boards

    bad = 0
    chosen = ENGINES[engine] if isinstance(engine, str) else engine
    for path in files or ["-"]:
        name = "<stdin>" if path == "-" else path
        try:
            stream = nullcontext(sys.stdin.buffer) if path == "-" else open(path, "rb")
        except (
            OSError
        ) as e:  # a file that cannot be read; an error writing the output is the command's
            print(f"lazytron analyse: {name}: {e.strerror or e}", file=err)
            bad += 1
            continue
        with stream as data:
            bad += analyse_stream(read_boards(decoded_lines(data)), depth, chosen, out, err, name)
    return 1 if bad else 0
