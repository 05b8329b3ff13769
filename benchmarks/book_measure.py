"""What an opening book is worth: a known strength difference measured on the book and on the
contest maps, side by side, and how many pairs against a1k0n say nothing.

    python benchmarks/book_measure.py [--book FILE] [--pairs 100] [--map-pairs N] [--turn 0.1]
                                      [--ratio 4] [--a1k0n-pairs 40] [--jobs 1] [--out DIR]
                                      [--by apart|balance|origin|quick|size]

The known difference: the chambers engine at ``--turn`` seconds a move (three times that for the
first) against itself at a ``--ratio``-th of that, seat-swapped pairs, at least ``--pairs`` pairs on
the book (its positions, in order, round after round) and as many (or ``--map-pairs``) on the
contest maps (all of ``../shared/maps/contest``, round after round). Printed for each: the
pentanomial counts (pairs scoring 0, 1/2, 1, 3/2, 2 for the stronger side), the mean pair score, its
standard deviation and the normalized difference: (mean pair score - 1) / its standard deviation,
per pair — what an SPRT's cost scales with (a test needs about 1 / normalized² pairs) — and the
ratio of the book's to the maps'. Then chambers at ``--turn`` against a1k0n's ``--turn``-ms build,
one pair on each of the book's first ``--a1k0n-pairs`` positions: the share of pairs scoring exactly
1 (a pair that says nothing). For each part, how its games were drawn (by a collision, within 20
turns); with ``--by``, the book's pairs split by a property of their position: the heads' distance
through free cells (``apart``), the sum of its two depth values' distances from level (``balance``),
its source map (``origin``), the deeper side's points in its quick games (``quick``) or its board's
size (``size``), and the share of the pairs' spread between the groups with a permutation test
(as much in how many of 5000 seeded shufflings of the pairs among the groups).

One ``lazytron tournament`` per part, its database, JSON and records under DIR (default
benchmarks/out/book): the same command resumes, a new DIR plays afresh.  Needs ../shared (the
contest maps, a1k0n's source: ``../shared/reference/a1k0n/build.sh ~/.cache/a1k0n MS``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import shlex
import subprocess
import sys
from itertools import accumulate, pairwise
from pathlib import Path

from harness import ROOT, SHARED, lazytron_command
from strength import A1K0N

from lazytron.match.book import BookError, Opening, format_book, read_book
from lazytron.match.mapgen import distance
from lazytron.ratings.stats import mean_variance, pair_counts, pentanomial
from lazytron.tournament.book import noted_points, noted_values

SHIPPED = "openings"  # the shipped book


def chambers(turn: float) -> str:
    """The chambers engine's command at ``turn`` seconds a move (three times that for the first)."""
    clock = ["--first-time", f"{3 * turn:g}", "--turn-time", f"{turn:g}"]
    return shlex.join(lazytron_command("bot", "--engine", "chambers", *clock))


def tournament(
    out: Path, positions: list[str], rounds: int, bots: dict[str, str], turn: float, jobs: int
) -> list[dict]:
    """One tournament's games (``positions``: maps, or ``--book FILE``), seat-swapped pairs."""
    out.mkdir(parents=True, exist_ok=True)
    limits = ["--first-time", f"{max(1.0, 9 * turn):g}", "--turn-time", f"{max(0.3, 3 * turn):g}"]
    command = [
        *lazytron_command("tournament"),
        *positions,
        "--rounds",
        str(rounds),
        "--jobs",
        str(jobs),
        *limits,
        "--db",
        str(out / "results.db"),
        "--json",
        str(out / "games.json"),
        "--record-dir",
        str(out / "games"),
    ]
    for name, bot in bots.items():
        command += ["--bot", f"{name}={bot}"]
    print(f"# {out.name}: {shlex.join(command)}", file=sys.stderr, flush=True)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return list(json.loads((out / "games.json").read_text())["games"])


def pair_points(games: list[dict], player: str) -> list[float]:
    """Each pair's points for ``player`` (0 to 2), pairs in their order.

    >>> pair_points([{"pair": 1, "result": "1", "player1": "a", "player2": "b"},
    ...              {"pair": 1, "result": "D", "player1": "b", "player2": "a"}], "a")
    [1.5]
    """
    pairs: dict[int, float] = {}
    for game in games:
        winner = {"1": game["player1"], "2": game["player2"]}.get(game["result"])
        points = 0.5 if winner is None else float(winner == player)
        pairs[game["pair"]] = pairs.get(game["pair"], 0.0) + points
    return [pairs[k] for k in sorted(pairs)]


def normalized(points: list[float]) -> tuple[tuple[int, ...], float, float, float]:
    """(pentanomial counts, mean pair score, its standard deviation, (mean - 1) / deviation).

    >>> counts, mean, deviation, value = normalized([2.0, 1.0, 1.5, 1.0])
    >>> counts, mean, round(deviation, 3), round(value, 3)
    ((0, 0, 2, 1, 1), 1.375, 0.415, 0.905)

    Pairs all alike have no deviation: a difference is infinitely sure, none is undefined.

    >>> [normalized(same)[3] for same in ([1.5, 1.5], [0.5], [1.0, 1.0])]
    [inf, -inf, nan]
    """
    counts = pair_counts(points)
    _, mean, variance = mean_variance(pentanomial(counts))
    deviation = 2 * math.sqrt(variance)  # pentanomial() halves the pair's points
    if deviation:
        return counts, 2 * mean, deviation, (2 * mean - 1) / deviation
    return (
        counts,
        2 * mean,
        deviation,
        math.copysign(math.inf, 2 * mean - 1) if 2 * mean != 1 else math.nan,
    )


def line(name: str, points: list[float]) -> str:
    counts, mean, deviation, value = normalized(points)
    return (
        f"{name:<14} pairs {len(points):>4}  pentanomial {list(counts)}  mean {mean:.3f}"
        f"  sd {deviation:.3f}  normalized {value:+.3f}"
    )


def draws(games: list[dict]) -> str:
    """How a part's games were drawn.

    >>> draws([{"result": "D", "outcome": "Players collided. Draw!", "turns": 12},
    ...        {"result": "D", "outcome": "Both players crashed. Draw!", "turns": 40},
    ...        {"result": "1", "outcome": "Player 1 Wins!", "turns": 9}])
    'games 3, drawn 2 (1 by a collision, 1 within 20 turns)'
    """
    drawn = [game for game in games if game["result"] == "D"]
    collided = sum("collided" in game["outcome"] for game in drawn)
    early = sum(game["turns"] <= 20 for game in drawn)
    how = f"{collided} by a collision, {early} within 20 turns"
    return f"games {len(games)}, drawn {len(drawn)} ({how})"


def balance(note: str) -> int | None:
    """The sum of a position's two depth values' distances from level, from its balance note.

    >>> balance("depth 8: +400 as player 1, -100 as player 2; quick games ...")
    500
    >>> balance("unknown") is None
    True
    """
    values = noted_values(note)
    return None if values is None else sum(abs(v) for v in values)


def band(value: int | None, edges: tuple[int, ...]) -> str:
    """The band of ``edges`` that holds ``value``.

    >>> [band(v, (10, 20)) for v in (None, 3, 10, 25)]
    ['unknown', 'under 10', '10 to 19', '20 or more']
    """
    if value is None:
        return "unknown"
    bounds = list(zip((None, *edges), (*edges, None), strict=True))
    low, high = next((lo, hi) for lo, hi in bounds if hi is None or value < hi)
    if low is None:
        return f"under {high}"
    return f"{low} or more" if high is None else f"{low} to {high - 1}"


def group(opening: Opening, by: str) -> str:
    """The group of a book's position for ``--by``."""
    if by == "apart":
        return band(distance(opening.board), (10, 20, 30))
    if by == "balance":
        return band(balance(opening.notes.get("balance", "")), (1, 101, 201))
    if by == "origin":
        return opening.notes.get("origin", "unknown").split(",")[0]
    if by == "quick":
        return noted_points(opening.notes.get("balance", "")) or "unknown"
    return f"{opening.board.width}x{opening.board.height}"


def split(games: list[dict], book: list[Opening], by: str, player: str) -> dict[str, list[float]]:
    """The book part's pair points for ``player``, grouped by their position's ``--by``."""
    groups = {opening.name: group(opening, by) for opening in book}
    found: dict[str, list[dict]] = {}
    for game in games:
        found.setdefault(groups.get(game["map"], "unknown"), []).append(game)
    return {name: pair_points(found[name], player) for name in sorted(found, key=order)}


def between_share(groups: list[list[float]]) -> float:
    """The share of the pair scores' spread (sum of squares) that lies between the groups' means.

    >>> between_share([[2.0, 2.0], [0.0, 0.0]]), between_share([[2.0, 0.0], [2.0, 0.0]])
    (1.0, 0.0)
    >>> round(between_share([[2.0, 1.0], [1.0, 0.0]]), 3)
    0.5
    """
    points = [p for g in groups for p in g]
    mean = sum(points) / len(points)
    total = sum((p - mean) ** 2 for p in points)
    between = sum(len(g) * (sum(g) / len(g) - mean) ** 2 for g in groups if g)
    return between / total if total else math.nan


def shuffled(groups: list[list[float]], shuffles: int, seed: int = 0) -> int:
    """In how many of ``shuffles`` seeded shufflings of the pairs among the groups (their sizes
    kept) the groups' means are at least as spread as they are: a permutation test.

    Two of the 20 ways to deal six pairs into two groups of three part the 2s from the 0s; pairs
    all alike are never spread, as much as they are in every shuffling:

    >>> round(shuffled([[2.0, 2.0, 2.0], [0.0, 0.0, 0.0]], 2000) / 2000, 1)
    0.1
    >>> shuffled([[1.0, 1.0], [1.0, 1.0]], 5)
    5
    """
    share, points = between_share(groups), [p for g in groups for p in g]
    cuts = list(pairwise([0, *accumulate(len(g) for g in groups)]))
    rng, found = random.Random(seed), 0
    for _ in range(shuffles):
        rng.shuffle(points)
        again = [points[a:b] for a, b in cuts]
        found += not between_share(again) < share - 1e-12  # as spread, to the sums' rounding
    return found


def spread(groups: list[list[float]], shuffles: int = 5000) -> str:
    """The groups' between-share and its permutation test, in a line."""
    share, found = between_share(groups), shuffled(groups, shuffles)
    p = (found + 1) / (shuffles + 1)
    return (
        f"  between the groups: {share:.3f} of the spread; as much in {found} of {shuffles}"
        f" seeded shufflings of the pairs among them (p {p:.4f})"
    )


def order(name: str) -> tuple[int, str]:
    """Groups in the order of their first number, the lowest band first.

    >>> sorted(["10 to 19", "under 10", "100x100", "17x17", "unknown"], key=order)
    ['under 10', '10 to 19', '17x17', '100x100', 'unknown']
    """
    if name.startswith("under"):
        return -1, name
    number = re.match(r"\d+", name)
    return (int(number.group()), name) if number else (1 << 30, name)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--book", default=SHIPPED, help="the book (the shipped one, 'openings')")
    parser.add_argument(
        "--pairs", type=int, default=100, help="pairs of the known difference, each side (100)"
    )
    parser.add_argument(
        "--map-pairs", type=int, help="pairs on the contest maps, if not --pairs (at least)"
    )
    parser.add_argument(
        "--turn", type=float, default=0.1, help="the stronger side's seconds a move (0.1)"
    )
    parser.add_argument(
        "--ratio", type=float, default=4, help="how much less the weaker side thinks (4)"
    )
    parser.add_argument(
        "--a1k0n-pairs", type=int, default=40, help="pairs against a1k0n on the book (40; 0: none)"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="games at once (1: a quiet machine's timing)"
    )
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "out" / "book"))
    parser.add_argument(
        "--by",
        choices=["apart", "balance", "origin", "quick", "size"],
        help="split the book's pairs by a property of their position",
    )
    args = parser.parse_args()
    contest = sorted(str(p) for p in (SHARED / "maps" / "contest").glob("*.txt"))
    if not contest:
        sys.exit(f"book_measure: no contest maps under {SHARED} (set LAZYTRON_SHARED)")
    try:
        book = read_book(args.book)
    except BookError as e:
        sys.exit(f"book_measure: {e}")
    out, turn = Path(args.out), args.turn
    bots = {"strong": chambers(turn), "weak": chambers(turn / args.ratio)}
    map_pairs = args.map_pairs or args.pairs
    parts = {
        "book": (["--book", args.book], -(-args.pairs // len(book))),
        "contest maps": (contest, -(-map_pairs // len(contest))),
    }
    played = {
        name: tournament(out / name.replace(" ", "-"), positions, rounds, bots, turn, args.jobs)
        for name, (positions, rounds) in parts.items()
    }
    found = {name: pair_points(games, "strong") for name, games in played.items()}
    print(f"the chambers engine at {turn:g} s a move against itself at {turn / args.ratio:g} s")
    for name, points in found.items():
        print(line(name, points))
    book_value, maps_value = (normalized(found[name])[3] for name in parts)
    print(f"book / contest maps: {book_value / maps_value:.2f}")
    for name, games in played.items():
        print(f"{name}: {draws(games)}")
    if args.by:
        groups = split(played["book"], book, args.by, "strong")
        for name, points in groups.items():
            print(line(f"  {name}", points))
        print(spread(list(groups.values())))
    if args.a1k0n_pairs:
        a1k0n = {"chambers": chambers(turn), "a1k0n": str(A1K0N / f"a1k0n-{round(turn * 1000)}")}
        first = out / "a1k0n-book.txt"  # the book's first positions, one pair each
        first.parent.mkdir(parents=True, exist_ok=True)
        first.write_text(format_book(book[: args.a1k0n_pairs]))
        games = tournament(out / "a1k0n", ["--book", str(first)], 1, a1k0n, turn, args.jobs)
        points = pair_points(games, "chambers")
        print(line("vs a1k0n, book", points))
        print(f"pairs scoring exactly 1: {points.count(1.0)} of {len(points)}")


if __name__ == "__main__":
    main()
