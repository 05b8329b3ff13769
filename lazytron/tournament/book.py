"""``lazytron book make``: level start positions that are not mirrors, judged from both seats.

A candidate is a source map after a random opening of a few move pairs among
the roomiest safe moves (:func:`lazytron.match.mapgen.opening`), seeded, so the
same command makes the same book.  It is kept where:

- it is not a mirror (walls and heads not symmetric under the point reflection)
  and the players can still meet, at least ``apart`` steps from each other (heads
  that start close mostly meet head on at once: a draw that says nothing);
- the chambers engine, searching it to a fixed depth from each seat, values it
  level within ``margin`` for both players (a search's value of the same
  position from the other seat is not its negation: each seat assumes the
  enemy answers knowing its move);
- where games are asked for, the engine's quick games against itself from the
  position, a deeper side against a shallower one in either seat (fixed depths,
  so that the same command makes the same book), go to the deeper side: more
  than half of their points.  A position whose games all go to one player (the
  seat decides) or all end in draws (the shallower side holds the draw from
  either seat) gives the deeper side half, and says nothing about strength;
- its source map has given fewer than ``per_map`` positions (a map whose every
  opening is drawn does not fill the book).
"""

from __future__ import annotations

import random
import re
import shlex
import sys
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..board import Board
from ..engines.chambers import init_tree
from ..engines.chambers.evaluate import Kind
from ..engines.chambers.search import search
from ..match.book import Opening
from ..match.mapgen import distance, is_symmetric, opening
from ..match.referee import Limits
from ..match.rules import Outcome, advance
from .task import Fixture, GameResult, Runner, play_all

Judged = Callable[[Board], tuple[int, int]]


@dataclass(frozen=True)
class Recipe:
    """What a book is made of: its sources and how candidates are judged."""

    plies: int = 2  # opening move pairs played from the source map
    depth: int = 8  # the chambers engine's search depth from each seat
    margin: int = 400  # the most a seat's value may be from level
    games: int = 2  # quick games of the engine against itself per candidate (0: none)
    seed: int = 1
    per_map: int = 0  # the most positions from one source map (0: no limit)
    quick: tuple[int, int] = (2, 4)  # the quick games' shallower and deeper depths
    apart: int = 0  # the fewest steps between the heads (0: any)

    def game_depths(self) -> list[tuple[int, int]]:
        """The fixed depths of each quick game's two bots: the shallower side against the deeper,
        then the seats swapped, then both two plies deeper, ...

        >>> Recipe(games=4).game_depths()
        [(2, 4), (4, 2), (4, 6), (6, 4)]
        >>> Recipe(games=2, quick=(6, 10)).game_depths()
        [(6, 10), (10, 6)]
        """
        low, high = self.quick
        pairs = [(low + 2 * (k // 2), high + 2 * (k // 2)) for k in range(self.games)]
        return [pair if k % 2 == 0 else pair[::-1] for k, pair in enumerate(pairs)]


def candidates(
    sources: Sequence[tuple[str, Board]],
    plies: int,
    seed: int,
    attempts: int,
    full: Container[str] = (),
    apart: int = 0,
) -> Iterator[Opening]:
    """Candidates, the sources taken in turn, each after a seeded random opening of ``plies`` move
    pairs; mirrors and positions whose players cannot meet, or whose heads are fewer than ``apart``
    steps from each other, are skipped; ``attempts`` openings at most.  A source whose name is in
    ``full`` (looked at as the candidates are drawn) is passed over.

    >>> from lazytron.reading import shipped_maps, load_board
    >>> first = next(candidates([("pillars", load_board(shipped_maps()["pillars"]))], 2, 1, 10))
    >>> first.name, first.notes["origin"].startswith("pillars, opening ")
    ('pillars-1', True)
    """
    rng = random.Random(f"lazytron-book-{seed}")
    for tries in range(1, attempts + 1):
        map_name, board = sources[(tries - 1) % len(sources)]
        if map_name in full:
            continue
        moves = opening(board, plies, rng.randrange(2**31))
        position = played(board, moves)
        if len(moves) < plies or position is None or is_symmetric(position):
            continue
        if apart and (distance(position) or 0) < apart:
            continue
        if init_tree(position).kind is not Kind.CONNECTED:
            continue
        letters = " ".join(one.letter + two.letter for one, two in moves)
        yield Opening(f"{map_name}-{tries}", position, {"origin": f"{map_name}, opening {letters}"})


def played(board: Board, moves: Iterable[tuple[object, object]]) -> Board | None:
    """The position after the move pairs; None if the game ends on the way."""
    for one, two in moves:
        after = advance(board, one, two)  # type: ignore[arg-type]
        if isinstance(after, Outcome):
            return None
        board = after
    return board


def values(board: Board, depth: int) -> tuple[int, int]:
    """The chambers engine's values of the position at ``depth``, from player 1's seat and from
    player 2's, each from its own side (iterative deepening, as the bot searches)."""
    found = []
    for seat in (board, board.swapped()):
        root = init_tree(seat)
        value = 0
        for d in range(2, depth + 1, 2):
            value = search(root, d)[0]
        found.append(value)
    return found[0], found[1]


def level(value: tuple[int, int], margin: int) -> bool:
    """Whether both seats' values are within ``margin`` of level.

    >>> level((30, -40), 400), level((30, -900), 400)
    (True, False)
    """
    return all(abs(v) <= margin for v in value)


def noted_values(balance: str) -> tuple[int, int] | None:
    """The two seats' values a ``balance`` note gives (as :func:`judged` writes it), or None.

    >>> noted_values("depth 8: +400 as player 1, -100 as player 2; quick games ...")
    (400, -100)
    >>> noted_values("made by hand") is None
    True
    """
    found = re.findall(r"([+-]\d+) as player [12]", balance)
    return (int(found[0]), int(found[1])) if len(found) == 2 else None


def bot_command(depth: int) -> str:
    """The chambers bot at a fixed depth, run by this Python (``lazytron`` need not be on the PATH;
    a cluster's workers need the same Python at the same path)."""
    return shlex.join([sys.executable, "-m", "lazytron", "bot", "--engine", "chambers",
                       "--depth", str(depth)])  # fmt: skip


def self_play(position: Opening, recipe: Recipe, game: int) -> list[Fixture]:
    """The candidate's quick games: the engine against itself, each side at a fixed depth, the
    deeper one in either seat (a level position lets either win)."""
    limits = Limits(30.0, 30.0)  # fixed depths: the clock only guards against a stuck bot
    fixtures = []
    for i, (one, two) in enumerate(recipe.game_depths()):
        commands = tuple(bot_command(d) for d in (one, two))
        fixtures.append(
            Fixture(game + i, game + i, 1, position.name, str(position.board),
                    (f"depth {one}", f"depth {two}"), commands, (limits, limits))  # type: ignore[arg-type]
        )  # fmt: skip
    return fixtures


def telling(results: Sequence[GameResult]) -> bool:
    """Whether the quick games leave the position worth a pair: the deeper side has more than
    half of their points; none asked for: it is.

    >>> from lazytron.tournament.task import GameResult as G
    >>> games = ["21", "2D", "D1", "11", "DD", "12", ""]  # deeper side: 2, 1.5, 1.5, 1, 1, 0, -
    >>> [telling([G(0, r, "", 0, "") for r in results]) for results in games]
    [True, True, True, False, False, False, True]
    """
    return not results or deeper_points(results) > len(results) / 2


def deeper_points(results: Sequence[GameResult]) -> float:
    """The deeper side's points in the quick games, in the order :meth:`Recipe.game_depths` gives
    them: player 2's in the first, player 1's in the second, ..."""
    return sum(r.points(2 - k % 2) for k, r in enumerate(results))


def make(
    sources: Sequence[tuple[str, Board]], recipe: Recipe, count: int, tries: int, runner: Runner,
    progress: Callable[[str], None] = lambda line: None,
) -> list[Opening]:  # fmt: skip
    """Up to ``count`` positions, from at most ``tries`` openings, in the order found."""
    book: list[Opening] = []
    given: Counter[str] = Counter()  # positions kept per source map
    full: set[str] = set()
    found = candidates(sources, recipe.plies, recipe.seed, tries, full, recipe.apart)
    for tried, candidate in enumerate(found, 1):
        if len(book) >= count:
            break
        value = values(candidate.board, recipe.depth)
        if not level(value, recipe.margin):
            continue
        fixtures = self_play(candidate, recipe, tried * max(recipe.games, 1))
        results = play_all(fixtures, runner) if fixtures else []  # in the fixtures' order
        if not telling(results):
            continue
        book.append(judged(candidate, recipe, value, results))
        source = candidate.name.rsplit("-", 1)[0]
        given[source] += 1
        if given[source] == recipe.per_map:
            full.add(source)
        progress(f"{candidate.name}: kept ({len(book)} of {count}, {tried} tried)")
    return book


def noted_points(balance: str) -> str | None:
    """The deeper side's points in the quick games a ``balance`` note gives (as :func:`judged`
    writes it), or None.

    >>> noted_points("depth 8: +0 as player 1, +0 as player 2; quick games from depths 6 and 10: "
    ...              "1.5 of 2 to the deeper side")
    '1.5 of 2'
    >>> noted_points("depth 8: +0 as player 1, +0 as player 2") is None
    True
    """
    found = re.search(r"quick games from depths \d+ and \d+: (\S+ of \d+)", balance)
    return found.group(1) if found else None


def judged(
    candidate: Opening, recipe: Recipe, value: tuple[int, int], results: Sequence[GameResult]
) -> Opening:
    """The candidate with its balance noted: the two seats' values, and its games' points."""
    balance = f"depth {recipe.depth}: {value[0]:+d} as player 1, {value[1]:+d} as player 2"
    if results:
        low, high = recipe.quick
        balance += f"; quick games from depths {low} and {high}: {deeper_points(results):g} of"
        balance += f" {len(results)} to the deeper side"
    return Opening(candidate.name, candidate.board, {**candidate.notes, "balance": balance})
