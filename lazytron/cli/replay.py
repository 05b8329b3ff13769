"""``lazytron replay``: a record (or a Tron.jar transcript) shown as plain text, in a terminal or as
a web page, optionally analysed; or converted to a record (:mod:`lazytron.replay`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from . import arguments

if TYPE_CHECKING:
    from ..engines import Engine
    from ..replay.model import Analyst, Replay

DROP = 100  # lazytron.replay.moments.DROP, named here to keep start-up lean

_turn = arguments.number(int, "turn", 0, 10**9)
_fps = arguments.number(float, "fps", 0, 1000, above=True)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "game",
        metavar="GAME",
        nargs="?",
        help="a game record (the contest's summary format) or a Tron.jar transcript",
    )
    p.add_argument(
        "--fps", type=_fps, default=10.0, metavar="N", help="turns per second in a terminal (10)"
    )
    p.add_argument("--turn", type=_turn, metavar="K", help="show turn K first (piped: only turn K)")
    p.add_argument(
        "--html", metavar="OUT", help="write a self-contained web page that plays the game"
    )
    p.add_argument(
        "--analyse",
        action="store_true",
        help="lazytron's move, score and depth for each side, and territories",
    )
    p.add_argument(
        "--depth",
        type=arguments.depth,
        metavar="D",
        help="analyse to depth D instead of the bot's clock (implies --analyse)",
    )
    p.add_argument(
        "--drop",
        type=arguments.count,
        default=DROP,
        metavar="N",
        help="a score falling by more than N matters (100)",
    )
    p.add_argument(
        "--record",
        metavar="OUT",
        help="write the game as a record (to convert a Tron.jar transcript)",
    )
    arguments.engine_arguments(p)


def run(args: argparse.Namespace) -> int:
    engine = arguments.chosen_engine(args)
    if isinstance(engine, int):
        return engine
    arguments.required(args, "GAME")
    if args.analyse or args.depth is not None:
        import gc

        gc.disable()  # the trees have no cycles
    options = ("fps", "turn", "html", "depth", "drop", "record")
    return replay(
        args.game,
        analysis=args.analyse,
        engine=engine,
        **{name: getattr(args, name) for name in options},
    )


def replay(
    path: str,
    *,
    fps: float = 10.0,
    turn: int | None = None,
    html: str | None = None,
    analysis: bool = False,
    depth: int | None = None,
    engine: str | Engine = arguments.ENGINE_NAMES[0],
    drop: int = DROP,
    record: str | None = None,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """The ``replay`` command: 0 if the record is sound and was shown, 1 otherwise."""
    from ..clock import TURN_TIME
    from ..engines import ENGINES
    from ..files import OutputError, check_output
    from ..match.records import write_record
    from ..replay.model import Analyst, ReplayError
    from ..replay.transcript import load, record_of
    from ..term.safe import printable

    def fail(message: object) -> int:
        print(printable(f"lazytron replay: {path}: {message}"), file=err, flush=True)
        return 1

    if record is not None and _same_file(path, record):
        return fail(f"--record {record} would overwrite the game being read")
    try:
        for output in (html, record):
            if output is not None:
                check_output(output)
        game = load(path)
    except OutputError as e:
        print(printable(f"lazytron replay: {e}"), file=err, flush=True)
        return 1
    except ReplayError as e:
        return fail(e)
    if record is not None:
        try:
            write_record(record, record_of(game))
        except OSError as e:
            return fail(f"cannot write {record}: {e.strerror or e}")
        return fail(game.problem) if game.problem is not None else 0
    if turn is not None and turn > game.last:
        return fail(f"no turn {turn}: its positions are turns 0 to {game.last}")
    analysed = analysis or depth is not None
    chosen = ENGINES[engine] if isinstance(engine, str) else engine
    analysis_of = Analyst(game, depth, TURN_TIME, chosen) if analysed else None
    return show(game, analysis_of, fail, fps=fps, turn=turn, html=html, drop=drop, out=out, err=err)


def _same_file(one: str, other: str) -> bool:
    """Whether two paths name one file (through links, ``./`` and the like)."""
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(one) == os.path.realpath(other)


def show(
    game: Replay,
    analysis_of: Analyst | None,
    fail: Callable[[object], int],
    *,
    fps: float,
    turn: int | None,
    html: str | None,
    drop: int,
    out: TextIO,
    err: TextIO,
) -> int:
    """Show the game as a web page, in the terminal or as plain text; 0, or what ``fail``
    returns."""
    if html is not None:
        from ..replay.webpage import write_page

        try:
            write_page(html, game, analysis_of, turn or 0, err if err.isatty() else None, drop)
        except OSError as e:
            return fail(f"cannot write {html}: {e.strerror or e}")
    elif out.isatty():
        from ..replay.viewer import view

        view(game, out, fps=fps, turn=turn, analysis_of=analysis_of, drop=drop)
    else:
        from ..replay.text import plain

        for chunk in plain(game, analysis_of, turn, drop):
            out.write(chunk)
            out.flush()
    if game.problem is not None:
        return fail(game.problem)
    return 0
