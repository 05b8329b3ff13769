"""The tables of a tournament from its played games: standings, per map, crosstable, answers against
the clock, the test of one bot, the SPRT.

Everything here is a pure function of the games played (fixture and
result), wherever they came from: a run under way, or a database.
Points are 1 for a win and 1/2 for a draw.  Ratings: Bradley-Terry on
the Elo scale (:mod:`lazytron.ratings.bradley_terry`), and the BayesElo
model with the first player's advantage and draws
(:mod:`lazytron.ratings.bayeselo`).  The test of one bot (the gauntlet's,
or the first of two) pools its games against the field into a
:class:`lazytron.ratings.stats.Match`; its pairs count once both games ended.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..ratings.bayeselo import Fit, fit
from ..ratings.bradley_terry import Rating, ratings
from ..ratings.stats import Match, Sprt, pair_counts, pair_totals, pentanomial
from ..term.render import columns
from ..term.safe import printable
from .task import Fixture, GameResult

Played = tuple[Fixture, GameResult]


@dataclass(frozen=True)
class Standing:
    """A bot's line in the table."""

    name: str
    games: int
    points: float
    wins: int
    draws: int
    losses: int
    rating: Rating


def sides(played: Sequence[Played]) -> list[tuple[str, str, str, float]]:
    """Every game from each player's side: (bot, opponent, map, points)."""
    return [
        (f.names[p - 1], f.names[2 - p], f.map_name, r.points(p)) for f, r in played for p in (1, 2)
    ]


def _wdl(points: Sequence[float]) -> tuple[int, int, int]:
    return points.count(1.0), points.count(0.5), points.count(0.0)


def standings(played: Sequence[Played], names: Sequence[str]) -> list[Standing]:
    """The table, best first: by points, then rating."""
    rated = {
        r.name: r
        for r in ratings(names, [(f.names[0], f.names[1], r.points(1)) for f, r in played])
    }
    points: dict[str, list[float]] = defaultdict(list)
    for bot, _, _, p in sides(played):
        points[bot].append(p)
    table = [Standing(n, len(points[n]), sum(points[n]), *_wdl(points[n]), rated[n]) for n in names]
    return sorted(table, key=lambda s: (-s.points, -s.rating.elo))


def timed_out(fault: str | None) -> bool:
    """Whether a player's fault is a move (or a first read) not made in time.

    >>> (timed_out("no move within 1 s"), timed_out("did not read its input within 3 s"),
    ...  timed_out("crashed"), timed_out(None))
    (True, True, False, False)
    """
    return fault is not None and "within" in fault


def result_words(fixture: Fixture, result: GameResult) -> str:
    """A game's result with the winner's name, and each player's fault if it gave no move.

    >>> f = Fixture(1, 1, 1, "m", "", ("new", "old"), ("x", "y"))
    >>> result_words(f, GameResult(1, "2", "Player Two Wins!", 9, ""))
    'old wins'
    >>> result_words(f, GameResult(1, "1", "Player One Wins!", 9, "", faults=(None, "crashed")))
    'new wins (old: crashed)'
    >>> result_words(f, GameResult(1, "D", "Players collided. Draw!", 9, ""))
    'draw (the players collided)'
    """
    if result.result == "D":
        how = "the players collided" if "collided" in result.outcome else "both crashed"
        words = f"draw ({how})"
    else:
        words = f"{fixture.names[int(result.result) - 1]} wins"
    faults = [
        f"{n}: {fault}" for n, fault in zip(fixture.names, result.faults, strict=True) if fault
    ]
    return words + (f" ({'; '.join(faults)})" if faults else "")


@dataclass(frozen=True)
class Clock:
    """A bot's answers against the clock: how many came too late, and the slowest, in seconds (None:
    none)."""

    name: str
    time_outs: int
    first: float | None  # of its first turns, where the limit is the longer one
    later: float | None  # of every later turn


def clocks(played: Sequence[Played], names: Sequence[str]) -> list[Clock]:
    """Each bot's :class:`Clock` over the games played, in the order of ``names``."""
    outs = {n: 0 for n in names}
    first: dict[str, list[float]] = defaultdict(list)
    later: dict[str, list[float]] = defaultdict(list)
    for f, r in played:
        for seat, name in enumerate(f.names):
            outs[name] += timed_out(r.faults[seat])
            for turn, times in enumerate(r.times):
                if (seconds := times[seat]) is not None:
                    (later if turn else first)[name].append(seconds)
    return [
        Clock(n, outs[n], max(first[n], default=None), max(later[n], default=None)) for n in names
    ]


def per_map(played: Sequence[Played]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """W/D/L of every (bot, map)."""
    points: dict[tuple[str, str], list[float]] = defaultdict(list)
    for bot, _, map_name, p in sides(played):
        points[(bot, map_name)].append(p)
    return {key: _wdl(ps) for key, ps in points.items()}


def crosstable(played: Sequence[Played]) -> dict[tuple[str, str], tuple[float, int]]:
    """(points, games) of each bot against each opponent."""
    cells: dict[tuple[str, str], tuple[float, int]] = defaultdict(lambda: (0.0, 0))
    for bot, other, _, p in sides(played):
        total, games = cells[(bot, other)]
        cells[(bot, other)] = (total + p, games + 1)
    return dict(cells)


def seat_model(played: Sequence[Played], names: Sequence[str]) -> Fit:
    """Ratings with the first player's advantage and draws."""
    return fit(names, [(f.names[0], f.names[1], r.result) for f, r in played])


def _points_of(bot: str, fixture: Fixture, result: GameResult) -> float | None:
    if bot not in fixture.names:
        return None
    return result.points(fixture.names.index(bot) + 1)


def pair_points(played: Sequence[Played], bot: str) -> list[tuple[int, float | None]]:
    """Each of ``bot``'s pairs in pair order: (pair number, its points over both games, None while a
    game is missing)."""
    games = ((f.pair, p) for f, r in played if (p := _points_of(bot, f, r)) is not None)
    return sorted(pair_totals(games).items())


def match(played: Sequence[Played], bot: str) -> Match:
    """``bot``'s games against the field, with its finished pairs."""
    points = [p for f, r in played if (p := _points_of(bot, f, r)) is not None]
    pairs = [p for _, p in pair_points(played, bot) if p is not None]
    return Match(*_wdl(points), pair_counts(pairs))


def llr_series(played: Sequence[Played], bot: str, sprt: Sprt) -> list[tuple[int, float]]:
    """The LLR after each of ``bot``'s pairs, in pair order while no pair is missing: (games, LLR).

    The series stops at the first unfinished pair, so it does not depend on
    the order the games happened to finish in.
    """
    series: list[tuple[int, float]] = []
    counts = [0, 0, 0, 0, 0]
    for _, points in pair_points(played, bot):
        if points is None:
            break
        counts[round(2 * points)] += 1
        series.append((2 * len(series) + 2, sprt.llr(pentanomial(counts))))
    return series


def verdict(played: Sequence[Played], bot: str, sprt: Sprt) -> tuple[str | None, int, float]:
    """('H0', 'H1' or None, games counted, LLR) at the first pair where the test is decided, else at
    the last."""
    series = llr_series(played, bot, sprt)
    for games, llr in series:
        if (answer := sprt.verdict(llr)) is not None:
            return answer, games, llr
    return None, *(series[-1] if series else (0, 0.0))


def sprt_line(played: Sequence[Played], bot: str, sprt: Sprt) -> str:
    """The SPRT's state in one line."""
    answer, games, llr = verdict(played, bot, sprt)
    state = {"H1": "H1 accepted", "H0": "H0 accepted", None: "continue"}[answer]
    return (
        f"SPRT elo0={sprt.elo0:g} elo1={sprt.elo1:g} alpha={sprt.alpha:g} beta={sprt.beta:g}: "
        f"LLR {llr:.2f} ({sprt.lower:.2f}, {sprt.upper:.2f}) after {games} games: {state}"
    )


def seconds(value: float | None) -> str:
    """An answer time as the clock tables print it: milliseconds shown, '-' for none.

    >>> seconds(0.90449), seconds(None)
    ('0.904', '-')
    """
    return "-" if value is None else f"{value:.3f}"


def clock_rows(played: Sequence[Played], names: Sequence[str]) -> list[list[str]]:
    """The clocks as a table: a header row, then each bot's name, time-outs and slowest answers."""
    rows = [["bot", "time-outs", "slowest first", "slowest later"]]
    return rows + [
        [c.name, str(c.time_outs), seconds(c.first), seconds(c.later)]
        for c in clocks(played, names)
    ]


def seat_model_line(played: Sequence[Played], names: Sequence[str]) -> str:
    """The first player's advantage and the draw Elo, with the BayesElo model's own ratings."""
    model = seat_model(played, names)
    ratings = ", ".join(f"{printable(n)} {round(e):+d} ±{err:.0f}" for n, e, err in model.ratings)
    return (
        f"first player's advantage {round(model.advantage[0]):+d} ±{model.advantage[1]:.0f} Elo, "
        f"draw Elo {model.draw_elo[0]:.0f} ±{model.draw_elo[1]:.0f} "
        f"(BayesElo model; its ratings: {ratings})"
    )


def figures(s: Standing) -> list[str]:
    """A standing's figures as the table prints them: games, points, W, D, L, Elo and its ±95 %."""
    return [
        str(s.games),
        f"{s.points:g}",
        str(s.wins),
        str(s.draws),
        str(s.losses),
        f"{s.rating.elo:+.0f}",
        f"±{s.rating.error:.0f}",
    ]


def format_table(
    played: Sequence[Played],
    names: Sequence[str],
    maps: Sequence[str],
    bot: str | None = None,
    sprt: Sprt | None = None,
) -> str:
    """The standings, W-D-L per map, the seat model, and the test of ``bot`` (with the SPRT) if
    given."""
    table = standings(played, names)
    rows = [["rank", "bot", "games", "points", "W", "D", "L", "elo", "±95%"]]
    rows += [[str(rank), s.name, *figures(s)] for rank, s in enumerate(table, 1)]
    wdl = per_map(played)
    order = [s.name for s in table]
    grid = [["map", *order]] + [
        [m, *("-".join(map(str, wdl.get((n, m), (0, 0, 0)))) for n in order)] for m in maps
    ]
    lines = [
        *columns(rows, {0, 2, 3, 4, 5, 6, 7, 8}),
        "",
        "W-D-L per map:",
        *columns(grid, set(range(1, len(order) + 1))),
        "",
        "points: win 1, draw 1/2; elo: Bradley-Terry rating relative to the mean, ±95% interval",
    ]
    if played:
        lines.append(seat_model_line(played, names))
    lines += [
        "",
        "answers against the clock, in seconds:",
        *columns(clock_rows(played, order), {1, 2, 3}),
    ]
    if bot is not None:
        m = match(played, bot)
        lines += [
            "",
            f"{printable(bot)} against the field: {m.summary()}",
            f"pairs scoring 0, 1/2, 1, 3/2, 2: {list(m.pairs)}",
        ]
        if sprt is not None:
            lines.append(sprt_line(played, bot, sprt))
    return "\n".join(lines) + "\n"
