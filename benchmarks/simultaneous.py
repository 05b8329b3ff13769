"""The drawn games' turns the search scores a draw, as the simultaneous moves they are: does one
enemy move hold every move of the bot's to a draw?

    python benchmarks/simultaneous.py DIR [--bot chambers] [--depth 16] [--game N ...]

DIR is one opponent's directory of a ``benchmarks/strength.py`` run (its
``games.csv`` and ``games/``).  The search's model has the enemy answer
knowing the bot's move: it scores a position a draw where every move of the
bot's has an answer that holds it to a draw or less.  In the game the two
move at once.  For every game the bot drew, each of its turns is searched
again from the bot's side with a fresh tree at a fixed depth (the same on any
machine), every pair of moves with its exact value
(:func:`~lazytron.engines.chambers.analysis.answer_matrix`).  On each turn
the model scores a draw, one line: ``held by`` the enemy moves that hold
every move of the bot's to a draw or less (the draw is forced there, moves
at once or not), or, where none does, the turn's value as a simultaneous
move (:func:`game_value`: the most the bot makes sure of, on average, by
choosing among its moves at random with the odds printed, whatever the enemy
plays) and those odds.  The continuations keep the model: only the turn
itself is played as simultaneous.  The last lines count the turns of each
kind over the games.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from harness import Records, depth_arguments  # (puts the checkout first on sys.path)

from lazytron.board import Board, Move
from lazytron.engines.chambers import init_tree
from lazytron.engines.chambers.analysis import answer_matrix
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.outcome import DRAW

STEPS = 60  # the odds are searched in steps of 1/STEPS


class Turn(NamedTuple):
    """A turn the model scores a draw: the enemy moves that hold it, or its simultaneous value and
    the odds of the bot's moves that make sure of it."""

    turn: int
    held_by: tuple[Move, ...]
    worth: float
    odds: dict[Move, float]


def mixtures(count: int, steps: int) -> list[tuple[float, ...]]:
    """Every choice at random among ``count`` moves with odds in steps of ``1 / steps``.

    >>> mixtures(2, 2)
    [(0.0, 1.0), (0.5, 0.5), (1.0, 0.0)]
    >>> len(mixtures(3, 10))
    66
    """
    return [tuple(n / steps for n in parts) for parts in compositions(count, steps)]


def compositions(count: int, total: int) -> Iterator[tuple[int, ...]]:
    """Every ``count`` whole numbers from 0 that add up to ``total``.

    >>> list(compositions(2, 1)), list(compositions(1, 3))
    ([(0, 1), (1, 0)], [(3,)])
    """
    if count == 1:
        yield (total,)
        return
    for k in range(total + 1):
        for rest in compositions(count - 1, total - k):
            yield (k, *rest)


def game_value(
    rows: Sequence[Sequence[float]], steps: int = STEPS
) -> tuple[float, tuple[float, ...]]:
    """The value of the zero-sum game ``rows`` (the bot's moves by the enemy's) to the bot, choosing
    its row at random, with the odds that make sure of it (searched in steps of ``1 / steps``).

    >>> game_value([[1, -1], [-1, 1]])   # matching pennies: even odds, worth nothing
    (0.0, (0.5, 0.5))
    >>> game_value([[0, 2], [2, 0]])     # a draw against the enemy's guess, a lead otherwise
    (1.0, (0.5, 0.5))
    >>> game_value([[3, 1], [0, 0]])     # the first row is never worse: it alone
    (1.0, (1.0, 0.0))
    """
    best, odds = -float("inf"), tuple(1.0 if i == 0 else 0.0 for i in range(len(rows)))
    columns = range(len(rows[0]))
    for mix in mixtures(len(rows), steps):
        worth = min(sum(p * row[c] for p, row in zip(mix, rows, strict=True)) for c in columns)
        if worth > best + 1e-9:
            best, odds = worth, mix
    return round(best, 6), tuple(round(p, 6) for p in odds)


def simultaneous_turn(turn: int, matrix: dict[Move, dict[Move, int]]) -> Turn | None:
    """A turn's :class:`Turn` from its matrix of values (each of my moves, each enemy move), or None
    where the model does not score it a draw.

    >>> N, S, E, W = Move.NORTH, Move.SOUTH, Move.EAST, Move.WEST
    >>> [m.name for m in simultaneous_turn(1, {N: {E: 0, W: 5}, S: {E: 0, W: 7}}).held_by]
    ['EAST']
    >>> t = simultaneous_turn(2, {N: {E: 0, W: 6}, S: {E: 6, W: 0}})   # neither holds both
    >>> t.held_by, t.worth, {m.name: p for m, p in t.odds.items()}
    ((), 3.0, {'NORTH': 0.5, 'SOUTH': 0.5})
    >>> simultaneous_turn(3, {N: {E: 4, W: 5}, S: {E: 0, W: 7}}) is None   # N is worth 4
    True
    """
    if max(min(answers.values()) for answers in matrix.values()) != DRAW:
        return None
    mine = list(matrix)
    theirs = [move for move in matrix[mine[0]] if all(move in matrix[m] for m in mine)]
    held_by = tuple(e for e in theirs if all(matrix[m][e] <= DRAW for m in mine))
    if held_by or not theirs:
        return Turn(turn, held_by, float(DRAW), {})
    worth, odds = game_value([[float(matrix[m][e]) for e in theirs] for m in mine])
    return Turn(turn, (), worth, {m: p for m, p in zip(mine, odds, strict=True) if p})


def drawn_turns(
    boards: list[Board], moves: list[tuple[Move, Move]], depth: int, opened: int = 0
) -> list[Turn]:
    """Each turn of a game that the model scores a draw (the ``opened`` turns of an opening, the
    referee's moves, not searched)."""
    found = []
    for turn, board in enumerate(boards[: len(moves)], start=1):
        if turn <= opened:
            continue
        root = init_tree(board)
        if root.kind is not Kind.CONNECTED or len(root.children) < 2:
            continue
        found_turn = simultaneous_turn(turn, answer_matrix(root, depth))
        if found_turn is not None:
            found.append(found_turn)
    return found


def describe(turn: Turn) -> str:
    """A turn's line.

    >>> describe(Turn(4, (Move.EAST,), 0.0, {}))
    '  turn 4: held by EAST'
    >>> describe(Turn(5, (), 2.5, {Move.NORTH: 0.5, Move.WEST: 0.5}))
    '  turn 5: held by none; worth 2.5 as a simultaneous move (NORTH 0.5, WEST 0.5)'
    """
    if turn.held_by or not turn.odds:
        return f"  turn {turn.turn}: held by {' '.join(m.name for m in turn.held_by) or 'none'}"
    odds = ", ".join(f"{m.name} {p:g}" for m, p in turn.odds.items())
    return f"  turn {turn.turn}: held by none; worth {turn.worth:g} as a simultaneous move ({odds})"


def totals(found: dict[int, list[Turn]]) -> list[str]:
    """The last lines: the turns scored a draw, those one enemy move holds, those none does.

    >>> held, free = Turn(1, (Move.EAST,), 0.0, {}), Turn(2, (), 3.0, {Move.NORTH: 1.0})
    >>> for line in totals({1: [held, held], 2: [held, free], 3: []}):
    ...     print(line)
    drawn games 3: turns the model scores a draw 4
    held by one enemy move: 3 turns
    held by none: 1 turn of 1 game, 1 of them worth more than a draw as simultaneous moves
    """
    turns = [turn for game in found.values() for turn in game]
    held = sum(bool(turn.held_by) for turn in turns)
    free = [turn for turn in turns if not turn.held_by]
    games = sum(any(not turn.held_by for turn in game) for game in found.values())
    more = sum(turn.worth > DRAW for turn in free)
    return [
        f"drawn games {len(found)}: turns the model scores a draw {len(turns)}",
        f"held by one enemy move: {held} turn{'s' * (held != 1)}",
        f"held by none: {len(free)} turn{'s' * (len(free) != 1)} of {games} "
        f"game{'s' * (games != 1)}, {more} of them worth more than a draw as simultaneous moves",
    ]


def main() -> int:
    args = depth_arguments("simultaneous", __doc__)
    if isinstance(args, int):
        return args
    found: dict[int, list[Turn]] = {}
    records = Records("simultaneous", args.directory, args.bot, "drawn", set(args.game))
    for game, side, opened, boards, moves in records:
        print(f"game {game}, the bot as player {side}, {len(moves)} turns:", flush=True)
        found[game] = drawn_turns(boards, moves, args.depth, opened)
        for turn in found[game]:
            print(describe(turn), flush=True)
    for line in totals(found):
        print(line)
    return records.status


if __name__ == "__main__":
    sys.exit(main())
