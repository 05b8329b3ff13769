"""``lazytron`` and its sub-commands, one small function each.

Each command imports what it needs when it runs, so that ``lazytron bot``
starts without loading the tools.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence

from .clock import FIRST_TIME, TURN_TIME
from .term.streams import closed_streams, silence_output

ENGINE_NAMES = ("zenzike", "chambers")  # lazytron.engines.ENGINES, the default first, named here to keep start-up lean


MOST_SECONDS = 86_400.0  # a day: the most any time option allows (the OS's timers overflow not far beyond)
MOST_DEPTH = 10_000  # deeper than any tree on a contest map
MOST_COUNT = 1_000_000  # rounds, jobs


def _number(kind: type, what: str, low: float, high: float, above: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number of ``kind`` from ``low`` (excluded if ``above``) to ``high``.

    >>> _number(float, "time", 0, 60, above=True)("1e7")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: time must be > 0 and <= 60
    """
    bounds = f"> {low:.15g} and <= {high:.15g}" if above else f"from {low:.15g} to {high:.15g}"

    def convert(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a {'whole ' if kind is int else ''}number: {text!r}") from None
        if not (low < value if above else low <= value) or not value <= high or value == float("inf"):
            raise argparse.ArgumentTypeError(f"{what or 'it'} must be {bounds}")
        return value

    return convert


_depth = _number(int, "depth", 0, MOST_DEPTH)
_seconds = _number(float, "time", 0, MOST_SECONDS, above=True)




def cmd_bot(args: argparse.Namespace) -> int:
    from .bot import main

    return main(
        depth=args.depth, first_time=args.first_time, turn_time=args.turn_time, engine=args.engine, verbose=args.verbose
    )


def cmd_analyse(args: argparse.Namespace) -> int:
    import gc

    from .analyse import run

    gc.disable()  # the tree has no cycles
    return run(args.files, depth=args.depth, engine=args.engine)





_grid_size = _number(int, "size", 1, 10)
_positive = _number(int, "depth", 1, MOST_DEPTH)


def cmd_tictactoe(args: argparse.Namespace) -> int:
    import gc

    from .games.tictactoe import Player
    from .tictactoe import play, stats

    if not args.stats:
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")  # bytes that are not text are a bad move, not a crash
        if args.opponent == "human":
            humans = {Player.O, Player.X}
        else:
            humans = {Player.O if args.first == "human" else Player.X}
        return play(args.size, humans, args.depth, sys.stdin, sys.stdout)
    if args.depth is None and args.size > 3:
        grid = f"{args.size}x{args.size}"
        print(f"lazytron tictactoe: the whole {grid} game is too large to search: give --depth", file=sys.stderr)
        return 2
    gc.disable()  # the tree has no cycles
    return stats(args.size, args.depth or args.size**2, sys.stdout)




_turn = _number(int, "turn", 0, 10**9)
_fps = _number(float, "fps", 0, 1000, above=True)


def cmd_replay(args: argparse.Namespace) -> int:
    from .replay.command import run

    if args.analyse or args.depth is not None:
        import gc

        gc.disable()  # the trees have no cycles
    options = ("fps", "turn", "html", "depth", "engine", "drop", "record")
    return run(args.game, analysis=args.analyse, **{name: getattr(args, name) for name in options})


_frame_rate = _number(float, "fps", 0, 1000)
_count = _number(int, "", 1, MOST_COUNT)
_plies = _number(int, "", 0, 1000)
_seed = _number(int, "seed", 0, 2**63 - 1)
_apart = _number(int, "apart", 0, MOST_DEPTH)

RULE_SETS = ("simultaneous", "tronjar")  # lazytron.rules.RULES, named here to keep start-up lean


def _referee_process() -> None:
    """Ready this process to run bots: adopt what they leave behind, end them on SIGTERM or SIGHUP."""
    from .arena.processes import become_subreaper, interrupt_on_termination

    become_subreaper()
    interrupt_on_termination()


def cmd_play(args: argparse.Namespace) -> int:
    from .arena.play import run
    from .arena.referee import Limits

    _referee_process()
    limits = Limits(args.first_time, args.turn_time)
    return run(
        args.map, (args.cmd1, args.cmd2),
        record_path=args.record, limits=limits, fps=args.fps, quiet=args.quiet, rules=args.rules, log_path=args.log,
    )



def cmd_tournament(args: argparse.Namespace) -> int:
    from .arena.referee import Limits
    from .arena.tournament import DEFAULT_DB, Options, main

    _referee_process()
    return main(Options(
        maps=args.maps, bots=args.bot, times=args.time, limits=Limits(args.first_time, args.turn_time),
        rules=args.rules, rounds=args.rounds, openings=args.openings, seed=args.seed, gauntlet=args.gauntlet,
        sprt=" ".join(args.sprt) if args.sprt else None, report_every=args.report_every, jobs=args.jobs,
        cluster=args.cluster, db=args.db or DEFAULT_DB, report=args.report, runs=args.run, record_dir=args.record_dir,
        csv=args.csv, json=args.json, html=args.html, pgn=args.pgn,
    ))


def cmd_maps(args: argparse.Namespace) -> int:
    from .arena.maps import generate_command

    return generate_command(args.size, args.density, not args.open, args.count, args.seed, args.apart, args.out)


COMPARE_TIMEOUT = 300.0  # seconds an analyser may print nothing
COMPARE_LIMIT = 60.0  # seconds a fixed-depth bot has for each move


def cmd_compare(args: argparse.Namespace) -> int:
    def usage(message: str) -> int:
        print(f"lazytron compare: {message}", file=sys.stderr)
        return 2

    if args.analyser is not None:
        stray = [name for name in ("opponent", "first_time", "turn_time", "rules") if getattr(args, name) is not None]
        if stray:
            return usage(f"--{stray[0].replace('_', '-')} goes with --bot, not --analyser")
        import gc

        from .compare.analysers import run as compare_analysers

        _referee_process()  # adopt and reap what the analyser leaves; SIGTERM and SIGHUP end it too
        gc.disable()  # the trees have no cycles
        return compare_analysers(args.analyser, args.files, depth=args.depth, timeout=args.timeout or COMPARE_TIMEOUT)
    if args.opponent is None:
        return usage("--bot needs --opponent CMD2, the bot both play against")
    if args.timeout is not None:
        return usage("--timeout goes with --analyser; bots have --first-time and --turn-time")
    from .arena.referee import Limits
    from .compare.games import run as compare_bots

    _referee_process()
    limits = Limits(args.first_time or COMPARE_LIMIT, args.turn_time or COMPARE_LIMIT)
    return compare_bots(
        args.bot, args.opponent, args.files, depth=args.depth, limits=limits, rules=args.rules or "simultaneous"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lazytron", description="A Tron light-cycle bot toolkit.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, func: Callable[[argparse.Namespace], int], help: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help)
        p.set_defaults(func=func)
        return p

    p = command("bot", cmd_bot, "play the contest protocol on stdin/stdout")
    p.add_argument("--depth", type=_depth, help="search exactly this depth every turn, no clock")
    p.add_argument(
        "--first-time", type=_seconds, default=FIRST_TIME, metavar="S", help=f"seconds for the first move ({FIRST_TIME})"
    )
    p.add_argument(
        "--turn-time", type=_seconds, default=TURN_TIME, metavar="S", help=f"seconds for later moves ({TURN_TIME})"
    )
    _engine(p)
    p.add_argument("-v", "--verbose", action="store_true", help="one line per turn on stderr")

    p = command("analyse", cmd_analyse, "fixed-depth analysis of positions, in the reference analyser's format")
    p.add_argument("files", nargs="*", metavar="FILE", help="maps, one or more per file ('-' or none: stdin)")
    p.add_argument("--depth", type=_depth, required=True, help="deepest even depth to report")
    _engine(p)

    p = command("tictactoe", cmd_tictactoe, "play tic-tac-toe against the computer (Hutton's, on the lazy tree)")
    p.add_argument("--size", type=_grid_size, default=3, metavar="N", help="an N x N grid, N from 1 to 10 (3)")
    p.add_argument("--first", choices=("human", "computer"), default="human", help="who moves first, as O (human)")
    p.add_argument(
        "--opponent", choices=("computer", "human"), default="computer",
        help="computer (default), or human: two people take turns at one terminal",
    )
    p.add_argument("--depth", type=_positive, help="moves the computer looks ahead (default: the whole game on 3x3)")
    p.add_argument("--stats", action="store_true", help="print the seed's figures (tree sizes, best first move, times)")

    p = command("replay", cmd_replay, "replay a game record: animated in a terminal, plain text when piped, or a web page")
    p.add_argument("game", metavar="GAME", help="a game record (the contest's summary format) or a Tron.jar transcript")
    p.add_argument("--fps", type=_fps, default=10.0, metavar="N", help="turns per second in a terminal (10)")
    p.add_argument("--turn", type=_turn, metavar="K", help="show turn K first (piped: only turn K)")
    p.add_argument("--html", metavar="OUT", help="write a self-contained web page that plays the game")
    p.add_argument("--analyse", action="store_true", help="lazytron's move, score and depth for each side, and territories")
    p.add_argument("--depth", type=_depth, metavar="D", help="analyse to depth D instead of the bot's clock (implies --analyse)")
    p.add_argument("--drop", type=_count, default=100, metavar="N", help="a score falling by more than N matters (100)")
    p.add_argument("--record", metavar="OUT", help="write the game as a record (to convert a Tron.jar transcript)")
    _engine(p)

    p = command("play", cmd_play, "referee one game between two bot programs")
    p.add_argument("map", metavar="MAP", help="the map, in the contest format")
    p.add_argument("cmd1", metavar="CMD1", help="player 1's command line (quoted, split as a shell would)")
    p.add_argument("cmd2", metavar="CMD2", help="player 2's command line")
    p.add_argument("--record", metavar="FILE", help="write the game in the contest's summary format")
    _limits(p)
    p.add_argument("--fps", type=_frame_rate, default=20.0, metavar="N", help="turns a second in a terminal (20; 0: no limit)")
    p.add_argument("--quiet", action="store_true", help="print only the result line")
    p.add_argument("--log", default="lazytron-play.log", metavar="FILE", help="where the bots' stderr goes (lazytron-play.log)")

    p = command("tournament", cmd_tournament, "round robins and gauntlets of bots on maps, stored in SQLite, with an SPRT")
    p.add_argument("maps", nargs="*", metavar="MAP", help="maps, in the contest format")
    p.add_argument("--bot", action="append", default=[], metavar="NAME=CMD", help="a bot (at least two)")
    p.add_argument("--time", action="append", default=[], metavar="NAME=FIRST/TURN", help="a bot's own time limits in seconds")
    p.add_argument("--gauntlet", metavar="NAME", help="play NAME against each other bot, and nothing else")
    p.add_argument("--rounds", type=_count, metavar="N", help="times each pair of games is played (1; 100 under --sprt)")
    p.add_argument("--openings", type=_plies, default=0, metavar="K", help="random safe move pairs before the bots play (0)")
    p.add_argument("--seed", type=_seed, default=1, metavar="S", help="the seed of the openings (1)")
    p.add_argument("--sprt", nargs="+", metavar="K=V", help="stop when decided: elo0=0 elo1=10 [alpha=0.05 beta=0.05]")
    p.add_argument("--report-every", type=_count, default=0, metavar="N", help="print the table every N games on stderr")
    p.add_argument("--jobs", type=_count, metavar="J", help="games at once (default and most: cores // 2)")
    p.add_argument("--cluster", metavar="ADDRESS", help="play the games on a Dask scheduler's workers (tcp://HOST:8786)")
    p.add_argument("--db", metavar="FILE", help="the results database; the same command resumes its run (lazytron.db)")
    p.add_argument("--report", metavar="DB", help="print the table of a stored run instead of playing")
    p.add_argument("--run", action="append", default=[], metavar="ID", help="--report: the run (the last; 'all': every run)")
    p.add_argument("--record-dir", metavar="DIR", help="write each game's record and bots' stderr there")
    p.add_argument("--csv", metavar="FILE", help="write the games as CSV")
    p.add_argument("--json", metavar="FILE", help="write the games and the table as JSON")
    p.add_argument("--pgn", metavar="FILE", help="write the results as PGN (seven tags) for Ordo or BayesElo")
    p.add_argument("--html", metavar="FILE", help="write a web page of the tournament, with replay pages beside it")
    _limits(p)

    p = command("maps", cmd_maps, "make maps")
    what = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    g = what.add_parser("generate", help="seeded random maps, symmetric under a point reflection, connected")
    g.set_defaults(func=cmd_maps)
    g.add_argument("--size", default="15x15", metavar="WxH", help="width x height (15x15)")
    g.add_argument("--density", type=float, default=0.15, metavar="D", help="share of cells walled, 0 to 0.6 (0.15)")
    g.add_argument("--open", action="store_true", help="no border of walls (the grid's edge still stops the bots)")
    g.add_argument("--count", type=_count, default=1, metavar="N", help="maps to write, seeds S, S+1, ... (1)")
    g.add_argument("--seed", type=_seed, default=1, metavar="S", help="the first map's seed (1)")
    g.add_argument("--apart", type=_apart, default=0, metavar="N", help="least steps between the heads (half the smaller side)")
    g.add_argument("--out", default=".", metavar="DIR", help="where to write the maps (.)")

    p = command("compare", cmd_compare, "check another analyser or bot against lazytron, position by position or move by move")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--analyser", metavar="CMD", help="an analyser, run as 'CMD D' with the positions on stdin")
    mode.add_argument("--bot", metavar="CMD", help="a bot (run as given) to play CMD2 as 'lazytron bot --depth D' does")
    p.add_argument("files", nargs="+", metavar="FILE", help="--analyser: maps or game records ('-': stdin); --bot: maps")
    p.add_argument("--opponent", metavar="CMD2", help="--bot: the bot both play against")
    p.add_argument("--depth", type=_depth, default=4, metavar="D", help="the depth to compare at (4)")
    p.add_argument("--timeout", type=_seconds, metavar="S", help="--analyser: give up when it prints nothing for S s (300)")
    p.add_argument("--first-time", type=_seconds, metavar="S", help="--bot: seconds for the first move (60)")
    p.add_argument("--turn-time", type=_seconds, metavar="S", help="--bot: seconds for later moves (60)")
    p.add_argument("--rules", choices=RULE_SETS, help="--bot: simultaneous (default) or tronjar")
    return parser


def _engine(p: argparse.ArgumentParser) -> None:
    """The engine that searches: the port (default) or another."""
    p.add_argument("--engine", choices=ENGINE_NAMES, default=ENGINE_NAMES[0], help=f"the engine ({ENGINE_NAMES[0]})")


def _limits(p: argparse.ArgumentParser) -> None:
    """The referee's time limits and rule set."""
    p.add_argument("--first-time", type=_seconds, default=3.0, metavar="S", help="seconds for the first move (3)")
    p.add_argument("--turn-time", type=_seconds, default=1.0, metavar="S", help="seconds for later moves (1)")
    p.add_argument("--rules", choices=RULE_SETS, default="simultaneous", help="simultaneous (default) or tronjar: see README")


def _reads_stdin(args: argparse.Namespace) -> bool:
    """Whether the command reads its standard input."""
    files = getattr(args, "files", None) or []
    if args.command == "analyse":
        return not files or "-" in files
    if args.command == "compare":
        return "-" in files
    return args.command == "bot" or (args.command == "tictactoe" and not args.stats)


def main(argv: Sequence[str] | None = None) -> int:
    closed = closed_streams()
    args = build_parser().parse_args(argv)
    name = f"lazytron {args.command}"
    needed = [s for s in ("input", "output") if s in closed and (s == "output" or _reads_stdin(args))]
    if needed:
        print(f"{name}: standard {needed[0]} is closed", file=sys.stderr)
        return 2
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        silence_output()
        sys.stderr.close()
        return 1
    except OSError as e:  # the commands name the files they fail on: one with no name is standard output
        if e.filename is None:
            silence_output()
        print(f"{name}: {e.filename or 'standard output'}: {e.strerror or e}", file=sys.stderr)
        return 1
