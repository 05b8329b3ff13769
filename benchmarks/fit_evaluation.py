"""How well the connected evaluation's measures foretell games: a logistic fit of the result on
them, by the positions of recorded games.

    python benchmarks/fit_evaluation.py DIR [DIR ...] [--features NAME,NAME,...]
                                        [--option NAME=VALUE ...]

Each DIR is one opponent's directory of a ``benchmarks/strength.py`` run (its
``games.csv`` and ``games/``).  Every position of every game where the players
can still meet and both can move is measured from player 1's seat as the
chambers evaluation measures it (:func:`split_counts`), each measure mine less
the enemy's:

- ``bound``: the share's bound, the lesser of its tree of chambers and its parity
  bound (what ``FILL`` weighs);
- ``edges``: the share's free edges (what ``EDGE`` weighs);
- ``cells``: the share's cells, unbounded;
- ``moves``: the open cells beside the head;
- ``front``: the share's cells the enemy reaches one or two steps later (by
  two independent breadth-first searches: the cells it can still dispute; as
  the heads move together, the parity of their distance never changes, so a
  game has fronts of one step or of two, never both);
- ``safe``: the share's other cells (``cells`` less ``front``).

The game's result for player 1 (win 1, draw 1/2, loss 0) is fitted to
``1 / (1 + exp(-w . x))`` by maximum likelihood (Newton's method), no constant
term (the seats are alike: swapping them negates every measure), each game
weighing as much as any other whatever its length.  Printed: the weights fitted
on all games, each also as a multiple of ``bound``'s scaled to ``FILL`` (55),
and the log-loss of each model on the games of the maps it was not fitted on
(two folds, the maps alternately): the coin (0.693), the engine's score with
today's weights (``FILL`` 55, ``EDGE`` 100; its one scale fitted), ``bound`` and
``edges`` fitted, and all the features asked.  A lower log-loss foretells the
results better; a fitted ratio of ``edges`` to ``bound`` far from ``EDGE`` /
``FILL`` says the games would weigh the two otherwise.

Then player 1's mean result by the engine's own score of the position (the
chambers engine's settings, with ``--option NAME=VALUE`` as the bot takes them):
for the connected positions by ranges of the score, for the first position apart
of each game by the difference of fillable cells it scores (``SEPARATE`` a cell).
The two rows a search weighs against each other, a connected lead and a cell
more apart, are read side by side: how much a score foretells, in games.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from harness import game_from_side

from lazytron.engines.chambers.evaluate import Kind, evaluate
from lazytron.engines.chambers.settings import Settings, with_options
from lazytron.engines.chambers.split import split_counts
from lazytron.match.records import RecordError
from lazytron.ratings.bradley_terry import solve
from lazytron.territory import layers, voronoi

FEATURES = ("bound", "edges", "cells", "moves", "front", "safe")
RESULT = {"1": 1.0, "D": 0.5, "2": 0.0}

BOUNDS = (1_000, 3_000, 8_000, 15_000, 30_000)  # the ranges of connected scores, either sign
EDGES = [-b for b in reversed(BOUNDS)] + list(BOUNDS)
CELLS = 3  # apart, differences of this many cells or more are one row

Sample = tuple[list[float], float, float]  # the measures, the result, the weight


class Game(NamedTuple):
    """What one game gives: its map, player 1's result, the measures and the engine's score of
    each position where the players can meet, and its score of the first position apart."""

    name: str
    result: float
    found: list[list[float]]
    connected: list[int]
    apart: int | None


def sigmoid(z: float) -> float:
    """The logistic function, safe for any ``z``.

    >>> sigmoid(0.0), round(sigmoid(2.0), 4), sigmoid(-1000.0)
    (0.5, 0.8808, 0.0)
    """
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z) if z > -700 else 0.0
    return e / (1.0 + e)


def dot(weights: Sequence[float], x: Sequence[float]) -> float:
    """The weighted sum of ``x``.

    >>> dot([2.0, -1.0], [3.0, 4.0])
    2.0
    """
    return sum(w * v for w, v in zip(weights, x, strict=True))


def log_loss(weights: Sequence[float], samples: Sequence[Sample]) -> float:
    """The samples' mean cross-entropy (by their weights) under the model ``weights``.

    >>> round(log_loss([0.0], [([3.0], 1.0, 1.0), ([1.0], 0.0, 1.0)]), 4)
    0.6931
    """
    total = weight = 0.0
    for x, y, a in samples:
        p = min(max(sigmoid(dot(weights, x)), 1e-12), 1 - 1e-12)
        total -= a * (y * math.log(p) + (1 - y) * math.log(1 - p))
        weight += a
    return total / weight


def fit(samples: Sequence[Sample], ridge: float = 1e-6, rounds: int = 50) -> list[float]:
    """The weights of the logistic model without a constant that fits the samples best (Newton's
    method; ``ridge`` keeps it defined where the samples do not decide).

    >>> data = [([1.0], 1.0, 3.0), ([1.0], 0.0, 1.0), ([-1.0], 0.0, 3.0), ([-1.0], 1.0, 1.0)]
    >>> [round(w, 4) for w in fit(data)], round(math.log(3), 4)   # P(win | x=1) = 3/4
    ([1.0986], 1.0986)
    """
    k = len(samples[0][0])
    weights = [0.0] * k
    for _ in range(rounds):
        gradient = [ridge * w for w in weights]
        hessian = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y, a in samples:
            p = sigmoid(dot(weights, x))
            g, h = a * (p - y), a * p * (1 - p)
            for i in range(k):
                gradient[i] += g * x[i]
                row = hessian[i]
                for j in range(k):
                    row[j] += h * x[i] * x[j]
        step = solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-10:
            break
    return weights


def measures(board) -> list[float] | None:  # type: ignore[no-untyped-def]
    """Each feature of :data:`FEATURES` of a position from player 1's seat, mine less the enemy's;
    None where the players cannot meet or one cannot move."""
    head, enemy = 1 << board.me, 1 << board.enemy
    if board.me == board.enemy:
        return None
    open_ = board.free & ~head & ~enemy
    counts = split_counts(open_, board.me, board.enemy, board.width, board.height)
    if not counts.touching or not counts.my_moves or not counts.their_moves:
        return None
    mine, theirs, _, _ = voronoi(board.free, head, enemy, board.stride)
    my_front, their_front = fronts(board.free, head, enemy, board.stride)
    return [
        float(
            min(counts.my_chambers, counts.my_parity)
            - min(counts.their_chambers, counts.their_parity)
        ),
        float(counts.my_edges - counts.their_edges),
        float(mine.bit_count() - theirs.bit_count()),
        float(counts.my_moves - counts.their_moves),
        float(my_front.bit_count() - their_front.bit_count()),
        float((mine & ~my_front).bit_count() - (theirs & ~their_front).bit_count()),
    ]


def fronts(free: int, p: int, q: int, stride: int) -> tuple[int, int]:
    """The cells each head reaches one or two steps before the other (the cells of its share the
    other can still dispute): ``p``'s, then ``q``'s, by two independent breadth-first searches.

    >>> from lazytron.reading import parse_board
    >>> board = parse_board("8 1\\n1      2\\n")   # cell 3 is 1's front, cell 4 2's
    >>> fronts(board.free, 1 << board.me, 1 << board.enemy, board.stride)
    (8, 16)
    """
    avail = free & ~(p | q)
    near = list(layers(avail | p, p, stride))
    far = list(layers(avail | q, q, stride))
    return ahead(near, far), ahead(far, near)


def ahead(rings: list[int], others: list[int]) -> int:
    """The cells of a flood's ``rings`` that the flood of ``others`` reaches one or two rings
    later.

    >>> bin(ahead([0b1, 0b10, 0b100], [0b1000, 0b100, 0b10, 0b1]))   # the second ring, a step
    '0b10'
    """
    padded = others + [0] * (len(rings) + 2)
    cells = 0
    for d, ring in enumerate(rings):
        cells |= ring & (padded[d + 1] | padded[d + 2])
    return cells


def positions(directory: Path, settings: Settings) -> Iterator[Game]:
    """Each game of a strength run's opponent directory that can be read and has a position
    where the players can meet."""
    with open(directory / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        result = RESULT.get(row.get("result", ""))
        if result is None:
            continue
        game = int(row["game"])
        try:
            boards, _ = game_from_side(directory / "games" / f"game-{game:05d}.tron", 1)
        except RecordError as error:
            print(f"fit_evaluation: game {game}: {error}", file=sys.stderr)
            continue
        found, connected, apart = [], [], None
        for board in boards:
            m = measures(board)
            if m is not None:
                found.append(m)
                connected.append(scored(board, settings)[0])
            elif apart is None and board.me != board.enemy:
                score, kind = scored(board, settings)
                apart = score if kind is Kind.APART else None
        if found:
            yield Game(f"{directory}/{row['map']}", result, found, connected, apart)


def scored(board, settings: Settings) -> tuple[int, Kind]:  # type: ignore[no-untyped-def]
    """The engine's (score, kind) of a position from player 1's seat."""
    open_ = board.free & ~(1 << board.me) & ~(1 << board.enemy)
    return evaluate(open_, board.me, board.enemy, 0, board.width, board.height, settings)


def score_range(score: int) -> int:
    """The index of the range of :data:`BOUNDS` a connected score falls in (0: below -30000).

    >>> [score_range(v) for v in (-40_000, -999, 0, 999, 1_000, 10**9)]
    [0, 5, 5, 5, 6, 10]
    """
    return sum(score >= edge if edge > 0 else score > edge for edge in EDGES)


def range_label(index: int) -> str:
    """How a range of :func:`score_range` is printed.

    >>> range_label(0), range_label(5), range_label(6), range_label(10)
    ('below -30000', '-1000 to 1000', '1000 to 3000', '30000 and above')
    """
    if index == 0:
        return f"below {EDGES[0]}"
    if index == len(EDGES):
        return f"{EDGES[-1]} and above"
    return f"{EDGES[index - 1]} to {EDGES[index]}"


def results_by_score(games: Sequence[Game], separate: int) -> Iterator[str]:
    """The lines of player 1's mean result by the engine's score: connected positions by range,
    the first positions apart by cells."""
    connected: dict[int, list[float]] = {}
    for game in games:
        for score in game.connected:
            connected.setdefault(score_range(score), []).append(game.result)
    yield "  connected, score              positions   mean result"
    for index in sorted(connected):
        results = connected[index]
        yield f"  {range_label(index):28s} {len(results):9d}   {sum(results) / len(results):.3f}"
    apart: dict[int, list[float]] = {}
    for game in games:
        if game.apart is not None:
            cells = max(-CELLS, min(CELLS, round(game.apart / separate)))
            apart.setdefault(cells, []).append(game.result)
    yield "  first apart, cells            games       mean result"
    for cells in sorted(apart):
        results = apart[cells]
        label = f"{cells:+d}" + (" or more" if abs(cells) == CELLS else "")
        if cells == 0:
            label = "0"
        yield f"  {label:28s} {len(results):9d}   {sum(results) / len(results):.3f}"


def folds(maps: Sequence[str]) -> dict[str, int]:
    """Each map's fold, 0 or 1, alternately in sorted order.

    >>> folds(["b", "a", "c", "a"])
    {'a': 0, 'b': 1, 'c': 0}
    """
    return {name: i % 2 for i, name in enumerate(sorted(set(maps)))}


def held_out(games: Sequence[Game], columns: Sequence[object]) -> float:
    """The log-loss over all games of the model of ``columns`` fitted on the other fold's maps."""
    fold = folds([game.name for game in games])
    total = weight = 0.0
    for side in (0, 1):
        train = samples(games, columns, lambda name, side=side: fold[name] != side)
        test = samples(games, columns, lambda name, side=side: fold[name] == side)
        if train and test:
            n = sum(a for _, _, a in test)
            total += n * log_loss(fit(train), test)
            weight += n
    return total / weight if weight else math.nan


def samples(games, columns, keep=lambda name: True) -> list[Sample]:  # type: ignore[no-untyped-def]
    """The positions of the games kept as samples: the measures in ``columns`` (a column of
    measures may be a list of weights: their weighted sum), each game weighing 1."""
    out: list[Sample] = []
    for game in games:
        if not keep(game.name):
            continue
        for m in game.found:
            x = [
                sum(w * m[i] for i, w in enumerate(c)) if isinstance(c, list) else m[c]
                for c in columns
            ]
            out.append((x, game.result, 1.0 / len(game.found)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("directories", type=Path, nargs="+", metavar="DIR")
    parser.add_argument(
        "--features", default=",".join(FEATURES), help="the measures fitted together (all six)"
    )
    parser.add_argument("--fill", type=int, default=55, help="today's FILL (55)")
    parser.add_argument("--edge", type=int, default=100, help="today's EDGE (100)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a chambers setting for the engine's scores (repeatable)",
    )
    args = parser.parse_args(argv)
    try:
        settings = with_options(Settings(), args.option)
    except ValueError as error:
        print(f"fit_evaluation: {error}", file=sys.stderr)
        return 2
    names = [name.strip() for name in args.features.split(",") if name.strip()]
    unknown = [name for name in names if name not in FEATURES]
    if unknown or not names:
        known = ", ".join(FEATURES)
        print(
            f"fit_evaluation: --features takes some of {known}, not {args.features!r}",
            file=sys.stderr,
        )
        return 2
    for directory in args.directories:
        if not (directory / "games.csv").is_file():
            print(f"fit_evaluation: {directory} has no games.csv", file=sys.stderr)
            return 2
    games = [game for directory in args.directories for game in positions(directory, settings)]
    if not games:
        print("fit_evaluation: no game has a position where the players can meet", file=sys.stderr)
        return 1
    columns = [FEATURES.index(name) for name in names]
    weights = fit(samples(games, columns))
    count = sum(len(game.found) for game in games)
    print(f"{count} positions where the players can meet, from {len(games)} games")
    scale = args.fill / weights[0] if names[0] == "bound" and weights[0] else None
    print("feature      weight" + ("   as FILL is 55" if scale else ""))
    for name, w in zip(names, weights, strict=True):
        print(f"{name:8s} {w:10.5f}" + (f"   {w * scale:8.1f}" if scale else ""))
    today = [args.fill if i == 0 else args.edge if i == 1 else 0 for i in range(len(FEATURES))]
    print("log-loss on the maps not fitted (two folds):")
    if len(folds([game.name for game in games])) < 2:
        print("  none: every game is on one map")
    else:
        print_losses(games, names, columns, today)
    print("player 1's mean result by the engine's score of the position:")
    for line in results_by_score(games, settings.separate):
        print(line)
    return 0


def print_losses(
    games: Sequence[Game], names: Sequence[str], columns: Sequence[int], today: list[int]
) -> None:
    """The held-out log-loss of the coin, today's score and the fitted models."""
    models: list[tuple[str, list[object] | None]] = [
        ("the coin", None),
        ("today's score, its scale fitted", [today]),
        ("bound and edges fitted", [0, 1]),
        (f"{', '.join(names)} fitted", list(columns)),
    ]
    width = max(len(label) for label, _ in models) + 2
    for label, model in models:
        loss = math.log(2) if model is None else held_out(games, model)
        print(f"  {label:{width}s}{loss:.4f}")


if __name__ == "__main__":
    sys.exit(main())
