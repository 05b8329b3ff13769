"""``lazytron book prepare``: an engine's moves for the first turns of maps, searched longer than
the clock allows, written a position at a time (:mod:`lazytron.prepared`)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING, TextIO

from . import arguments

if TYPE_CHECKING:
    from ..board import Board, Move
    from ..engines import Engine


def run(args: argparse.Namespace) -> int:
    from ..board import BoardError
    from ..match.processes import interrupt_on_termination
    from ..prepared import PreparedError, load
    from ..term.safe import printable

    engine = arguments.chosen_engine(args)
    if isinstance(engine, int):
        return engine
    try:
        maps = arguments.map_sources(args.maps)
        known = load(args.out) if os.path.exists(args.out) else {}
    except (BoardError, PreparedError, OSError) as e:
        print(f"lazytron book prepare: {printable(arguments.reason(e))}", file=sys.stderr)
        return 2
    interrupt_on_termination()  # kill and hang-up keep what was written as Ctrl-C does, in the
    # background too (where a shell starts a command with Ctrl-C's signal ignored)
    try:
        with open(args.out, "a", encoding="utf-8") as out:
            if not known:
                out.write(_header(args))
            return _prepare_all(args, engine, maps, known, out, sys.stderr)
    except OSError as e:
        print(f"lazytron book prepare: {printable(arguments.reason(e))}", file=sys.stderr)
        return 1


def _header(args: argparse.Namespace) -> str:
    """The file's first lines: what it is and the command that makes it."""
    options = "".join(f" --option {option}" for option in args.option)
    command = (
        f"lazytron book prepare {' '.join(args.maps)} --turns {args.turns} --time {args.time:g}"
        f" --engine {args.engine}{options}"
    )
    return (
        "# lazytron prepared moves: KEY MOVE DEPTH SCORE WHERE\n"
        f"# made {time.strftime('%Y-%m-%d')} by: {command}\n"
    )


def _prepare_all(
    args: argparse.Namespace,
    engine: Engine,
    maps: list[tuple[str, Board]],
    known: dict[str, Move],
    out: TextIO,
    err: TextIO,
) -> int:
    """Both seats of every map, each new position written and told as it is found; 0, or 130 if
    interrupted (what was found is kept)."""
    from ..match.first_turns import first_turns
    from ..prepared import Entry, format_entry, key, seen_by_two
    from ..term.safe import printable

    search = _searcher(engine, args.time)
    moves = dict(known)
    found = 0
    try:
        for name, board in maps:
            for seat, seen in ((1, board), (2, seen_by_two(board))):
                walk = first_turns(seen, args.turns, search, lambda b: moves.get(key(b)))
                for turn, position, move, depth, score in walk:
                    entry = Entry(
                        key(position), move, depth, score, f"{name} player {seat} turn {turn}"
                    )
                    moves[entry.key] = move
                    out.write(format_entry(entry) + "\n")
                    out.flush()
                    found += 1
                    print(
                        f"{printable(entry.where)}: {entry.move}, depth {entry.depth}, "
                        f"score {entry.score}",
                        file=err,
                    )
    except KeyboardInterrupt:
        print(
            f"lazytron book prepare: interrupted; {found} new positions kept in {args.out}",
            file=err,
        )
        return 130
    print(f"lazytron book prepare: {found} new positions, {len(moves)} in {args.out}", file=err)
    return 0


def _searcher(engine: Engine, seconds: float):  # type: ignore[no-untyped-def]
    """A position -> the engine's move, the depth it completed and its score, searched for
    ``seconds`` from a fresh tree."""
    from ..clock import Deadline
    from ..decide import decide

    def search(board: Board) -> tuple[Move, int, int]:
        root = engine.init_tree(board)
        decision = decide(root, engine.best_scores, deadline=Deadline.after(seconds))
        return decision.move, decision.depth, int(decision.score or 0)

    return search
