"""A gauntlet: `lazytron bot --engine chambers` against a1k0n, the port and the Haskell original.

    python benchmarks/strength.py [--opponents a1k0n,port,zenzike] [--maps all|none|NAME,...]
                                  [--opponent-maps OPPONENT=NAME,...] [--rounds N] [--short]
                                  [--jobs J] [--out DIR] [--player NAME] [--book FILE]
                                  [--generated N] [--generated-size WxH] [--seed S]
                                  [--option NAME=VALUE ...] [--ponder] [--turn-time S]
                                  [--early-time S --early-turns N] [--prepared FILE]
                                  [--referee-turn S]

Two parts per opponent, one `lazytron tournament` each (two bots, both sides of
every position): the contest maps, and ``--generated`` N (10) seeded generated
maps (``lazytron maps generate --size 21x21 --seed 1``, written to
DIR/generated-maps) played with ``--openings 2 --seed 1`` (two random plies
each side before the bots take over), so that a mirror map's draw does not
decide the score (``--maps none``: the generated maps alone).  ``--seed S`` (1)
seeds both: the S-th N maps (``-s((S-1)N+1)`` to ``-s(SN)``, none of another
seed's with the same N) from openings seeded by S, fresh starts where a run
with the same seed replays the same ones; a DIR keeps the seed it was made
with.  Each part's CSV, JSON, records and the bots' stderr are written under DIR (default
benchmarks/out/strength): DIR/OPPONENT for the contest maps,
DIR/OPPONENT-generated for the generated ones, each with its results.db: the
same command resumes an interrupted run, a new DIR plays every game afresh.
``--opponent-maps`` (repeatable) gives one opponent its own maps, say
fewer for the slow games against the port and the original.  ``--player``
puts another of the four bots in chambers' seat (``--player a1k0n
--opponents port,zenzike``: the contest winner against the same
yardstick).  ``--book FILE`` plays every position of an opening book (both seats) instead of the
maps (``lazytron tournament --book``).  ``--option NAME=VALUE`` (repeatable) is
passed to chambers' ``lazytron bot --option``: the gauntlet of a setting other
than the defaults (checked by the bot before any game); ``--ponder``, chambers
pondering (``lazytron bot --ponder``); ``--turn-time S``, chambers' own deadline
after the first move (``lazytron bot --turn-time``, 0.9 by default; the
referee's limit stays 1 s); ``--early-time S --early-turns N``, chambers' own deadline on
turns 2 to N (``lazytron bot --early-time``), more time in the opening than the contest allows,
under a ``--referee-turn`` above it; ``--prepared FILE``, chambers' prepared moves
(``lazytron bot --prepared``, a file of ``lazytron book prepare``); ``--referee-turn S``, the
referee's limit after the first move instead of the contest's 1 s, for a measurement of more
time than the contest allows (with ``--turn-time`` below it: the engine alone given more time,
the opponent's own clock unchanged).  It prints, per
opponent and part, the points of the player (win 1, draw 1/2) with a 95% error
bar (1.96 standard errors of the per-game points), the share of games drawn, the pentanomial counts
(pairs scoring 0, 1/2, 1, 3/2, 2 for the player), the count of answers the referee did not get in
time, the games won on the opponent's fault (its late or bad answer, not
the play), each bot's slowest answers on the first turn and after it (from each part's
results.db, as ``lazytron tournament --report`` reads it), the points per map,
and, from chambers' games against a1k0n, the depth `chambers` reached on
each turn (`-v`) beside the depth a1k0n reports on stderr for the same turn
(turns while a1k0n still runs its alpha-beta search).

Contest clock (default): 3 s for the first move, 1 s after; the bots keep
their own defaults (lazytron 2.9 s / 0.9 s, a1k0n 2.95 s / 0.99 s, the
original 2.9 s / 0.9 s).  ``--short``: 1 s / 0.3 s for quick checks;
lazytron plays 0.3 s / 0.1 s, a1k0n its 100 ms build, and the original, which
has no clock option, its fixed-depth ``depthbot 4``.

Needs ../shared (maps, a1k0n's source), a1k0n built by
``../shared/reference/a1k0n/build.sh`` (and ``build.sh OUT 100`` for
``--short``), and the original built by ``../shared/reference/zenzike/build.sh``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from harness import ORACLE, ROOT, SHARED, error_bar, lazytron_command

from lazytron.board import Board
from lazytron.ratings.stats import pair_counts, pair_totals
from lazytron.reading import BoardError, load_board
from lazytron.tournament import store
from lazytron.tournament.table import Clock, clocks, seconds

A1K0N = Path(os.environ.get("A1K0N_DIR", Path.home() / ".cache" / "a1k0n"))
DEFAULT_MAPS = [
    "apocalyptic",
    "big-room",
    "center",
    "divider",
    "duel-small",
    "empty-room",
    "gate",
    "joust",
    "keyhole",
    "oval",
    "platform",
    "playground",
    "plus",
    "quadrant",
    "ring",
    "toronto",
    "trix",
    "u",
    "vee",
]
US = "chambers"


class Part(NamedTuple):
    """One tournament of the gauntlet: its name, positions, further options and out-directory
    suffix."""

    name: str
    positions: list[str]
    options: list[str] = []
    suffix: str = ""
    listing: str = ""


def counted(n: int, noun: str) -> str:
    """
    >>> counted(1, "contest map"), counted(10, "generated map")
    ('1 contest map', '10 generated maps')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"


def parts_of(
    maps: list[Path], generated: list[Path], book: str | None, seed: int = 1
) -> list[Part]:
    """The gauntlet's parts against one opponent: its contest maps (or the book; neither if no
    map is named), then the generated maps with openings seeded by ``seed`` (none if no map was
    generated).

    >>> [part.name for part in parts_of([], [Path("gen.txt")], None, 8)]
    ['1 generated map']
    """
    stems = " ".join(m.stem for m in maps)
    first = (
        [Part(f"the book {book}", ["--book", book])]
        if book
        else [Part(counted(len(maps), "contest map"), list(map(str, maps)), listing=stems)]
        if maps
        else []
    )
    if not generated:
        return first
    openings = ["--openings", "2", "--seed", str(seed)]
    listing = " ".join(m.stem for m in generated)
    rest = Part(
        counted(len(generated), "generated map"),
        list(map(str, generated)),
        openings,
        "-generated",
        listing,
    )
    return [*first, rest]


def bot_commands(
    short: bool,
    options: Sequence[str] = (),
    ponder: bool = False,
    turn_time: str | None = None,
    flags: Sequence[str] = (),
) -> dict[str, str]:
    """The command of every bot in the gauntlet, at the contest clock or the short one, chambers
    with its ``options`` (NAME=VALUE), pondering if told, answering after the first move at its
    own ``turn_time`` (seconds) if given, and with ``flags`` (``--early-time S --early-turns N``,
    ``--prepared FILE``) last.

    >>> us = bot_commands(False, ["MEMO=false"], ponder=True)["chambers"].split()
    >>> us[us.index("bot"):]
    ['bot', '--engine', 'chambers', '-v', '--option', 'MEMO=false', '--ponder']
    >>> "--ponder" in bot_commands(True)["chambers"]
    False
    >>> late = bot_commands(True, turn_time="0.12")
    >>> late["chambers"].split()[-4:], late["port"].split()[-2:]
    (['--first-time', '0.3', '--turn-time', '0.12'], ['--turn-time', '0.1'])
    >>> early = ["--early-time", "8", "--early-turns", "12"]
    >>> bot_commands(False, flags=early)["chambers"].split()[-4:] == early
    True
    """
    clock = ["--first-time", "0.3", "--turn-time", "0.1"] if short else []
    lazytron = shlex.join(lazytron_command("bot", *clock))
    ours = clock[:2] + (["--turn-time", turn_time] if turn_time else clock[2:])
    settings = [arg for option in options for arg in ("--option", option)]
    settings += ["--ponder"] if ponder else []
    settings += flags
    return {
        US: shlex.join(lazytron_command("bot", "--engine", "chambers", "-v", *ours, *settings)),
        "a1k0n": str(A1K0N / ("a1k0n-100" if short else "a1k0n")),
        "port": lazytron,
        "zenzike": f"{ORACLE / 'depthbot'} 4" if short else str(ORACLE / "zenzike"),
    }


def refused(command: str) -> str | None:
    """What a lazytron bot says of its own command line (its options), or None if it takes it:
    the bot is started without a game (no input), which ends at once."""
    done = subprocess.run(
        shlex.split(command), stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    lines = done.stderr.strip().splitlines()
    return None if done.returncode == 0 else (lines[-1] if lines else f"exit {done.returncode}")


def missing(command: str) -> str | None:
    """Why a bot cannot be run, or None."""
    program = shlex.split(command)[0]
    return None if Path(program).is_file() else f"{program} not found (see the module's docstring)"


def unknown_bot(player: str, opponents: list[str], bots: list[str]) -> str | None:
    """What is wrong with the names of the player and its opponents, or None.

    >>> unknown_bot("chambers", ["a1k0n", "port"], ["chambers", "a1k0n", "port", "zenzike"]) is None
    True
    >>> unknown_bot("a1k0n", ["port", "a1k0n"], ["chambers", "a1k0n", "port", "zenzike"])
    "unknown opponent 'a1k0n' (chambers, port, zenzike)"
    """
    if player not in bots:
        return f"unknown player {player!r} ({', '.join(bots)})"
    others = [name for name in bots if name != player]
    stray = next((name for name in opponents if name not in others), None)
    return None if stray is None else f"unknown opponent {stray!r} ({', '.join(others)})"


def map_paths(spec: str) -> list[Path]:
    """The contest maps named by ``spec`` (comma-separated names, 'all', or 'none'); exits on a
    missing one.

    >>> map_paths("none")
    []
    """
    contest = SHARED / "maps" / "contest"
    if spec == "none":
        return []
    if spec == "all":
        return sorted(p for p in contest.glob("*.txt") if not p.stem.startswith("test-"))
    maps = [contest / f"{name}.txt" for name in spec.split(",")]
    if absent := [str(m) for m in maps if not m.is_file()]:
        sys.exit(f"strength: no such map: {', '.join(absent)}")
    return maps


def first_map(seed: int, count: int) -> int:
    """The seed of the first of ``count`` generated maps of a run's ``--seed``: each seed its own
    ``count`` maps.

    >>> [first_map(seed, 20) for seed in (1, 2, 3)], first_map(5, 1)
    ([1, 21, 41], 5)
    """
    return (seed - 1) * count + 1


def generated_maps(out: Path, count: int, size: str, seed: int = 1) -> list[Path]:
    """``count`` generated maps of ``size`` for ``seed`` in ``out/generated-maps`` (made once):
    those of seeds :func:`first_map` onward."""
    where = out / "generated-maps"
    maps = sorted(where.glob("*.txt"))
    if len(maps) < count:
        command = [*lazytron_command("maps", "generate"), "--size", size, "--count", str(count)]
        subprocess.run(
            [*command, "--seed", str(first_map(seed, count)), "--out", str(where)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        maps = sorted(where.glob("*.txt"))
    return maps[:count]


def seed_of(out: Path, seed: int) -> str | None:
    """Why ``out`` cannot be played with ``seed``, or None: a DIR keeps the seed its generated maps
    were made with (written beside them; 1 where none is written, as before there was a choice)."""
    where = out / "generated-maps"
    written = where / "seed"
    if not where.is_dir():
        return None
    try:
        made = written.read_text().strip() if written.exists() else "1"
    except (OSError, UnicodeDecodeError) as e:
        return f"{written}: {getattr(e, 'strerror', None) or e}"
    if made != str(seed):
        return f"{out} was played with --seed {made}, not {seed}: give it another --out"
    return None


def referee_limits(short: bool, turn: str | None = None) -> list[str]:
    """The referee's limits: the contest clock's, or the short one's, the later turns' limit
    ``turn`` if given.

    >>> referee_limits(False)
    ['--first-time', '3', '--turn-time', '1']
    >>> referee_limits(True, "0.5")
    ['--first-time', '1', '--turn-time', '0.5']
    """
    first, later = ("1", "0.3") if short else ("3", "1")
    return ["--first-time", first, "--turn-time", turn or later]


def clock_name(short: bool, turn: str | None = None) -> str:
    """The clock as the summary's first line names it.

    >>> clock_name(False)
    'contest (3 s / 1 s)'
    >>> clock_name(False, "2")
    '3 s / 2 s (--referee-turn 2)'
    """
    _, first, _, later = referee_limits(short, turn)
    if turn:
        return f"{first} s / {later} s (--referee-turn {turn})"
    return f"{'short' if short else 'contest'} ({first} s / {later} s)"


def run_tournament(
    opponent: str, commands: dict[str, str], part: Part, args: argparse.Namespace
) -> dict:
    """One part's tournament, ``args.player`` (chambers unless told) against ``opponent``; its
    JSON as a dict."""
    out = Path(args.out) / (opponent + part.suffix)
    out.mkdir(parents=True, exist_ok=True)
    limits = referee_limits(args.short, args.referee_turn)
    command = [
        *lazytron_command("tournament"),
        *part.positions,
        *part.options,
        "--bot",
        f"{args.player}={commands[args.player]}",
        "--bot",
        f"{opponent}={commands[opponent]}",
        "--rounds",
        str(args.rounds),
        "--jobs",
        str(args.jobs),
        *limits,
        "--record-dir",
        str(out / "games"),
        "--csv",
        str(out / "games.csv"),
        "--json",
        str(out / "games.json"),
        "--db",
        str(out / "results.db"),  # a run resumes only its own games: a new --out plays afresh
    ]
    print(
        f"# {opponent}, {part.name} x 2 sides x {args.rounds} rounds", file=sys.stderr, flush=True
    )
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return json.loads((out / "games.json").read_text())


def points(game: dict, player: str = US) -> float:
    """What ``player`` scored in one game.

    >>> points({"result": "2", "player1": "a1k0n", "player2": "chambers"})
    1.0
    >>> (points({"result": "2", "player1": "a1k0n", "player2": "chambers"}, "a1k0n"),
    ...  points({"result": "D"}))
    (0.0, 0.5)
    """
    if game["result"] == "D":
        return 0.5
    winner = game["player1"] if game["result"] == "1" else game["player2"]
    return 1.0 if winner == player else 0.0


def won_on_fault(game: dict, player: str = US) -> bool:
    """Whether ``player`` won a game by the enemy's fault (no move in time, bad output), not by
    play.

    >>> game = {"result": "1", "player1": "a1k0n", "player2": "zenzike", "fault1": "",
    ...         "fault2": "no move within 1 s"}
    >>> (won_on_fault(game, "a1k0n"), won_on_fault(game, "zenzike"),
    ...  won_on_fault({**game, "fault2": ""}, "a1k0n"))
    (True, False, False)
    """
    seat = {"1": "2", "2": "1"}.get(game["result"])
    return seat is not None and points(game, player) == 1.0 and bool(game.get(f"fault{seat}"))


def summary(scores: list[float]) -> str:
    """``points/games = share% ± error%`` with a 95% error bar on the share."""
    share = sum(scores) / len(scores)
    return f"{sum(scores):g}/{len(scores)} = {100 * share:.0f}% ± {100 * error_bar(scores):.0f}%"


def pairs_line(games: list[dict], player: str = US) -> str:
    """The share of games drawn and the pentanomial counts of the player's pairs.

    >>> games = [{"pair": 1, "result": "1", "player1": "us", "player2": "them"},
    ...          {"pair": 1, "result": "D", "player1": "them", "player2": "us"},
    ...          {"pair": 2, "result": "D", "player1": "us", "player2": "them"},
    ...          {"pair": 2, "result": "D", "player1": "them", "player2": "us"}]
    >>> pairs_line(games, "us")
    'draws 3/4 = 75%, pentanomial [0, 0, 1, 1, 0] (pairs scoring 0, 1/2, 1, 3/2, 2)'
    >>> pairs_line(games[:3], "us")  # a pair without its second game is no pentanomial count
    'draws 2/3 = 67%, pentanomial [0, 0, 0, 1, 0] (pairs scoring 0, 1/2, 1, 3/2, 2)'
    """
    pairs = pair_totals((game["pair"], points(game, player)) for game in games)
    draws = sum(g["result"] == "D" for g in games)
    counts = list(pair_counts([p for p in pairs.values() if p is not None]))
    return (
        f"draws {draws}/{len(games)} = {100 * draws / len(games):.0f}%, "
        f"pentanomial {counts} (pairs scoring 0, 1/2, 1, 3/2, 2)"
    )


def apart(board: Board) -> str:
    """Whether the heads are an ``odd`` or an ``even`` number of steps apart, by any path (the grid
    is a checkerboard): both heads step at once, so no move changes it, and only heads an even
    number apart can meet head-on in one cell.

    >>> from lazytron.reading import parse_board
    >>> apart(parse_board("3 2\\n1 2\\n   \\n")), apart(parse_board("3 2\\n12 \\n   \\n"))
    ('even', 'odd')
    """
    (y1, x1), (y2, x2) = board.point(board.me), board.point(board.enemy)
    return "odd" if (y1 + x1 + y2 + x2) % 2 else "even"


def parities(positions: Sequence[str]) -> dict[str, str]:
    """:func:`apart` of each map file of a part by its name; none for a book's part or an unreadable
    map."""
    found = {}
    for path in positions:
        try:
            found[Path(path).stem] = apart(load_board(path))
        except BoardError:
            continue
    return found


def parity_lines(games: list[dict], apart_by_map: dict[str, str], player: str = US) -> list[str]:
    """The player's points and the draws on the maps whose heads are an even number of steps
    apart, then an odd number (a line for each kind that was played).

    >>> games = [{"map": "a", "result": "D"}, {"map": "a", "result": "D"},
    ...          {"map": "b", "result": "1", "player1": "us", "player2": "them"},
    ...          {"map": "b", "result": "1", "player1": "them", "player2": "us"}]
    >>> for line in parity_lines(games, {"a": "even", "b": "odd"}, "us"):
    ...     print(line)
    heads an even number of steps apart, 1 map: 1/2 = 50% ± 0%, draws 2/2
    heads an odd number of steps apart, 1 map: 1/2 = 50% ± 69%, draws 0/2
    """
    lines = []
    for kind in ("even", "odd"):
        played = [g for g in games if apart_by_map.get(g["map"]) == kind]
        if played:
            maps = counted(len({g["map"] for g in played}), "map")
            draws = sum(g["result"] == "D" for g in played)
            scores = [points(g, player) for g in played]
            lines.append(
                f"heads an {kind} number of steps apart, {maps}: {summary(scores)}, "
                f"draws {draws}/{len(played)}"
            )
    return lines


def stored_clocks(db_path: Path, player: str, opponent: str) -> list[Clock]:
    """Both bots' answers against the clock in the last run of a results database (the run
    ``--report`` shows)."""
    db = store.connect(str(db_path))
    try:
        known = store.runs(db)
        played = [(g.fixture, g.result) for g in store.games(db, [known[-1][0]])] if known else []
    finally:
        db.close()
    return clocks(played, [player, opponent])


def clock_line(ours: Clock, theirs: Clock) -> str:
    """Both bots' slowest answers in seconds, and the opponent's late answers (ours are on the line
    above).

    >>> clock_line(Clock("us", 0, 2.9031, 0.9), Clock("them", 2, 2.95, None))
    'slowest answers, first turn / after: us 2.903 / 0.900 s, them 2.950 / - s (them late: 2)'
    """
    both = ", ".join(f"{c.name} {seconds(c.first)} / {seconds(c.later)} s" for c in (ours, theirs))
    return f"slowest answers, first turn / after: {both} ({theirs.name} late: {theirs.time_outs})"


def report(
    player: str,
    opponent: str,
    part: str,
    data: dict,
    clock: list[Clock],
    apart_by_map: dict[str, str],
) -> list[str]:
    """One part's lines: the player's points and late answers, draws and pairs, both bots' slowest
    answers, the points by the heads' parity (:func:`parity_lines`), its points per map."""
    games = data["games"]
    ours, theirs = clock
    lines = [
        f"{player} vs {opponent}, {part}: {summary([points(g, player) for g in games])}, "
        f"late answers: {ours.time_outs}, "
        f"won on {opponent}'s fault: {sum(won_on_fault(g, player) for g in games)}",
        "  " + pairs_line(games, player),
        "  " + clock_line(ours, theirs),
        *("  " + line for line in parity_lines(games, apart_by_map, player)),
    ]
    for name in sorted({g["map"] for g in games}):
        on_map = [points(g, player) for g in games if g["map"] == name]
        lines.append(f"  {name:<14} {summary(on_map)}")
    return lines


OUR_DEPTH = re.compile(r"^turn=(\d+) depth=(\d+)")
A1K0N_DEPTH = re.compile(r"v=(-?\d+) m=\S* @depth (\d+)")


def depths(log: str) -> list[tuple[int, int]]:
    """(our depth, a1k0n's depth) per turn of one game's stderr, while a1k0n searches alpha-beta."""
    ours: list[int] = []
    theirs: list[int] = []
    for line in log.splitlines():
        if m := OUR_DEPTH.match(line):
            ours.append(int(m.group(2)))
        elif "area=" in line:  # a1k0n fills its space: the players are apart
            break
        elif m := A1K0N_DEPTH.search(line):
            value, depth = int(m.group(1)), int(m.group(2))
            if depth == 2:
                theirs.append(0)
            if abs(value) != 2147483647 and theirs:  # an interrupted search prints the sentinel
                theirs[-1] = depth
    # a1k0n's depths stop when it fills its space, ours go on: the turns both logged
    return list(zip(ours, theirs, strict=False))


def depth_report(out: Path) -> list[str]:
    """The depth per turn beside a1k0n's, a line for each part played against it: the contest
    maps (DIR/a1k0n), then the generated maps (DIR/a1k0n-generated)."""
    lines = []
    for part, label in (("a1k0n", ""), ("a1k0n-generated", ", the generated maps")):
        pairs = [
            p
            for log in sorted((out / part / "games").glob("*.log"))
            for p in depths(log.read_text(errors="replace"))
        ]
        if not pairs:
            continue
        ours, theirs = zip(*pairs, strict=True)
        lines.append(
            f"depth per turn while a1k0n searches{label} ({len(pairs)} turns): "
            f"{US} median {statistics.median(ours):g} (max {max(ours)}), "
            f"a1k0n median {statistics.median(theirs):g} (max {max(theirs)})"
        )
    return lines


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponents", default="a1k0n,port,zenzike")
    parser.add_argument(
        "--maps",
        default=",".join(DEFAULT_MAPS),
        help="comma-separated names, 'all', or 'none' (the generated maps alone)",
    )
    parser.add_argument(
        "--opponent-maps",
        action="append",
        default=[],
        metavar="OPPONENT=NAMES",
        help="maps for one opponent (repeatable)",
    )
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--short", action="store_true", help="1 s / 0.3 s instead of the contest clock"
    )
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "out" / "strength"))
    parser.add_argument(
        "--book", help="play an opening book's positions instead of the contest maps"
    )
    parser.add_argument(
        "--generated",
        type=int,
        default=10,
        metavar="N",
        help="generated maps played with --openings 2, a part of their own (10; 0: none)",
    )
    parser.add_argument(
        "--generated-size", default="21x21", metavar="WxH", help="their size (21x21)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="seeds the generated maps and their openings (1): other seeds, other starts",
    )
    parser.add_argument(
        "--player",
        default=US,
        help="the bot that plays the gauntlet (chambers, a1k0n, port, zenzike)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of chambers' engine (lazytron bot --option; repeatable)",
    )
    parser.add_argument(
        "--ponder",
        action="store_true",
        help="chambers searches on while the opponent thinks (lazytron bot --ponder)",
    )
    parser.add_argument(
        "--turn-time",
        metavar="S",
        help="chambers' seconds for moves after the first (lazytron bot --turn-time; 0.9)",
    )
    parser.add_argument(
        "--early-time",
        metavar="S",
        help="chambers' seconds for moves 2 to N of --early-turns (lazytron bot --early-time)",
    )
    parser.add_argument(
        "--early-turns",
        metavar="N",
        help="the last turn --early-time sets (lazytron bot --early-turns)",
    )
    parser.add_argument(
        "--prepared",
        metavar="FILE",
        help="chambers answers the positions of this file with its moves (lazytron bot --prepared)",
    )
    parser.add_argument(
        "--referee-turn",
        metavar="S",
        type=positive_seconds,
        help="the referee's limit after the first move instead of the clock's (1 s; a "
        "measurement of more time than the contest allows)",
    )
    return parser.parse_args()


def positive_seconds(text: str) -> str:
    """``text`` if it is a positive number of seconds, for argparse.

    >>> positive_seconds("2")
    '2'
    """
    try:
        ok = float(text) > 0
    except ValueError:
        ok = False
    if not ok:
        raise argparse.ArgumentTypeError(f"not a positive number of seconds: {text!r}")
    return text


def main() -> int:
    args = arguments()
    given = [
        ("--early-time", args.early_time),
        ("--early-turns", args.early_turns),
        ("--prepared", args.prepared and str(Path(args.prepared).resolve())),
    ]
    flags = [arg for flag, value in given if value is not None for arg in (flag, value)]
    commands = bot_commands(args.short, args.option, args.ponder, args.turn_time, flags)
    opponents = args.opponents.split(",")
    if problem := unknown_bot(args.player, opponents, list(commands)):
        sys.exit(f"strength: {problem}")
    if US not in [args.player, *opponents] and args.option:
        sys.exit(f"strength: --option sets {US}, which plays no game here")
    if US not in [args.player, *opponents] and (args.turn_time or flags):
        sys.exit(
            f"strength: --turn-time, --early-time and --prepared set {US}, which plays no game here"
        )
    if (args.option or args.turn_time or flags) and (problem := refused(commands[US])):
        sys.exit(f"strength: {US}: {problem}")
    if args.generated and (problem := seed_of(Path(args.out), args.seed)):
        sys.exit(f"strength: {problem}")
    maps = map_paths(args.maps)
    if not maps and not args.book and not args.generated:
        sys.exit("strength: nothing to play: --maps none and --generated 0")
    own = dict(spec.partition("=")[::2] for spec in args.opponent_maps)
    for name in [args.player, *opponents]:
        if problem := missing(commands[name]):
            sys.exit(f"strength: {name}: {problem}")
    if stray := sorted(set(own) - set(opponents)):
        sys.exit(f"strength: --opponent-maps for an opponent not played: {', '.join(stray)}")
    chosen = {
        opponent: map_paths(own[opponent]) if opponent in own else maps for opponent in opponents
    }
    clock = clock_name(args.short, args.referee_turn)
    generated = generated_maps(Path(args.out), args.generated, args.generated_size, args.seed)
    if generated:
        (Path(args.out) / "generated-maps" / "seed").write_text(f"{args.seed}\n")
    chosen_settings = [*args.option, *(["--ponder"] if args.ponder else [])]
    chosen_settings += ["--turn-time", args.turn_time] if args.turn_time else []
    chosen_settings += flags
    settings = f", {US}: {' '.join(chosen_settings)}" if chosen_settings else ""
    seeded = f", seed: {args.seed}" if args.seed != 1 else ""
    lines = [f"player: {args.player}, clock: {clock}, rounds: {args.rounds}{seeded}{settings}"]
    for opponent in opponents:
        for part in parts_of(chosen[opponent], generated, args.book, args.seed):
            lines.append(f"{part.name} against {opponent}: {part.listing}".rstrip(": "))
            data = run_tournament(opponent, commands, part, args)
            stored = stored_clocks(
                Path(args.out) / (opponent + part.suffix) / "results.db", args.player, opponent
            )
            lines += report(
                args.player, opponent, part.name, data, stored, parities(part.positions)
            )
    if args.player == US and "a1k0n" in opponents:
        lines += depth_report(Path(args.out))
    print("\n".join(lines))
    (Path(args.out) / "summary.txt").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
