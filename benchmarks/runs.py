"""Strength runs side by side: each game's result in every run, and the games no run changed.

    python benchmarks/runs.py OUT [OUT ...] [--bot chambers]

Each OUT is the ``--out`` directory of a ``benchmarks/strength.py`` run.
For every opponent, one row per start (a map, and its opening as
``map:OPENING`` where the referee played one) and seat (``1``: the bot was
player 1) and one column per run, the bot's result there: ``W``, ``D``, ``L``, or
``.`` where the run did not play that game; then each run's points, and the
games whose result was the same in every run that played them (all runs
must play one for it to count).  A change to the engine that moves only
the games that change from run to run anyway has shown nothing; the
games drawn in every run are what a change must turn.  Last, for each
opponent, every run's games of it (its contest maps and its generated maps,
``OPPONENT-generated``) as one score: the points, the share with its 95 % error
bar (1.96 standard errors of the per-game points), the wins, draws and losses,
and the pentanomial counts of the pairs.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from harness import bot_result, error_bar

from lazytron.ratings.stats import pair_counts, pair_totals
from lazytron.term.streams import silence_output

Results = dict[tuple[str, int], str]  # (map, the bot's seat): W, D or L
Game = tuple[str, int, str, str]  # the start (map, or map:OPENING), the bot's seat, pair, result


def read_games(path: Path, bot: str) -> list[Game]:
    """The bot's games of one opponent in one run (its ``games.csv``); a game from an opening
    starts at ``map:OPENING``, so that only games from the same start share a row."""
    with open(path, newline="") as f:
        rows = [(row, bot_result(row, bot)) for row in csv.DictReader(f)]
    return [
        (
            f"{row['map']}:{row['opening']}" if row.get("opening") else row["map"],
            played[0],
            row.get("pair") or "",
            played[1],
        )
        for row, played in rows
        if played
    ]


def results_of(games: list[Game]) -> Results:
    """The games by (start, seat)."""
    return {(start, seat): result for start, seat, _, result in games}


def together(games: Sequence[tuple[object, str]]) -> str:
    """Games of several runs as one score: (pair, result W, D or L) each.

    >>> together([(1, "W"), (1, "D"), (2, "D"), (2, "L")])
    '2 of 4 = 50.0 % ± 34.6 % (1-2-1; pentanomial [0, 1, 0, 1, 0] over 2 pairs)'
    >>> together([(1, "W"), (2, "W")])  # a pair without its second game has no pentanomial
    '2 of 2 = 100.0 % ± 0.0 % (2-0-0)'
    """
    scores = [{"W": 1.0, "D": 0.5}.get(result, 0.0) for _, result in games]
    n, error = len(scores), error_bar(scores)
    record = "-".join(str(sum(r == result for _, r in games)) for result in "WDL")
    share = f"{100 * sum(scores) / n:.1f} % ± {100 * error:.1f} %"
    line = f"{sum(scores):g} of {n} = {share} ({record}"
    pairs = pair_totals((pair, score) for (pair, _), score in zip(games, scores, strict=True))
    totals = [total for total in pairs.values() if total is not None]
    if len(totals) == len(pairs):
        counts = list(pair_counts(totals))
        line += f"; pentanomial {counts} over {len(pairs)} pair{'s' * (len(pairs) != 1)}"
    return line + ")"


def points(results: Iterable[str]) -> float:
    """Win 1, draw 1/2.

    >>> points("WDLW")
    2.5
    """
    return sum({"W": 1.0, "D": 0.5}.get(r, 0.0) for r in results)


def unchanged(columns: list[Results]) -> list[tuple[tuple[str, int], str]]:
    """The games every run played with one result, and that result.

    >>> unchanged([{("a", 1): "D", ("a", 2): "W"}, {("a", 1): "D", ("a", 2): "L"}])
    [(('a', 1), 'D')]
    """
    games = sorted(set.intersection(*(set(c) for c in columns))) if columns else []
    return [(game, columns[0][game]) for game in games if len({c[game] for c in columns}) == 1]


def table(names: list[str], columns: list[Results]) -> list[str]:
    """The lines for one opponent: a row per map and seat, each run's points, the unchanged
    games."""
    width = max(4, *(len(n) for n in names))
    rows = sorted(set().union(*columns))
    start = max(14, *(len(game[0]) + 1 for game in rows)) if rows else 14
    lines = [f"{'map':<{start}}seat " + " ".join(f"{n:>{width}}" for n in names)]
    for game in rows:
        lines.append(
            f"{game[0]:<{start}}{game[1]:>4} "
            + " ".join(f"{c.get(game, '.'):>{width}}" for c in columns)
        )
    lines.append(
        f"{'points':<{start + 5}}" + " ".join(f"{points(c.values()):>{width}g}" for c in columns)
    )
    same = unchanged(columns)
    for result in "WDL":
        games = [f"{m}/{s}" for (m, s), r in same if r == result]
        lines.append(
            f"{result} in every run: {len(games)}" + (f" ({' '.join(games)})" if games else "")
        )
    return lines


def all_games(read: dict[tuple[int, str], list[Game]], family: str) -> str:
    """:func:`together` of every run's games against ``family`` (its contest maps and its
    generated maps), ``read`` by (run, opponent); a pair is one of a run's part."""
    games = [
        ((run, part, pair), result)
        for (run, part), played in read.items()
        if part.removesuffix("-generated") == family
        for _, _, pair, result in played
    ]
    return together(games) if games else "no game"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "runs", type=Path, nargs="+", metavar="OUT", help="a strength run's --out directory"
    )
    parser.add_argument("--bot", default="chambers", help="the bot's name in games.csv (chambers)")
    args = parser.parse_args()
    names = [run.name if run.name != "out" else run.parent.name for run in args.runs]
    opponents = sorted(
        {csv_path.parent.name for run in args.runs for csv_path in run.glob("*/games.csv")}
    )
    if not opponents:
        print("runs: no OUT/OPPONENT/games.csv in any of the runs", file=sys.stderr)
        return 2
    try:
        read = {
            (index, opponent): read_games(run / opponent / "games.csv", args.bot)
            for index, run in enumerate(args.runs)
            for opponent in opponents
            if (run / opponent / "games.csv").is_file()
        }
    except (OSError, KeyError, csv.Error) as e:
        print(f"runs: cannot read a games.csv: {e!r}", file=sys.stderr)
        return 1
    try:
        for line in report(names, opponents, read, args.bot):
            print(line)
    except BrokenPipeError:  # the reader stopped (`| head`): nothing more to say
        silence_output()
        return 1
    return 0


def report(
    names: list[str],
    opponents: list[str],
    read: dict[tuple[int, str], list[Game]],
    bot: str,
) -> Iterator[str]:
    """The table of each opponent, then each opponent's every-run score, line by line."""
    for opponent in opponents:
        columns = [results_of(read.get((i, opponent), [])) for i in range(len(names))]
        yield f"{bot} vs {opponent}"
        yield from ("  " + line for line in table(names, columns))
    for family in sorted({opponent.removesuffix("-generated") for opponent in opponents}):
        yield f"{bot} vs {family}, every run: {all_games(read, family)}"


if __name__ == "__main__":
    sys.exit(main())
