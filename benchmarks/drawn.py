"""The drawn games: could any move have beaten the answers the enemy actually played?

    python benchmarks/drawn.py DIR [--bot chambers] [--depth 16] [--game N ...]

DIR is one opponent's directory of a ``benchmarks/strength.py`` run (its
``games.csv`` and ``games/``).  For every game the bot drew, each of its
turns is searched again from the bot's side with a fresh tree, at a fixed
depth (the same on any machine): each of the bot's moves, with its exact
value against the answer the enemy played on that turn
(:func:`~lazytron.engines.chambers.analysis.answer_matrix`).  Printed, for
every turn where some move is worth more than a draw and more than the
move played against that answer: the turn, the move played, and each
move's value against it (the best first), then its value with the enemy
answering knowing it (the search's model), and how the model ranks the
better move beside the move played: "higher" (this search would play it,
where the game's own search, at its depth, did not: a question of depth),
"equal" or "lower" (the model itself does not see it: a question of the
evaluation).  The last line of a game counts those turns; the last lines
of all count them over the games.
None at all means: against the moves the enemy played, no move of the
bot's was worth more than a draw at that depth, so no tie-break and no
guess of the enemy's move would have won the game there; only play that
left the enemy worse choices earlier.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import NamedTuple

from harness import Records, depth_arguments  # (puts the checkout first on sys.path)

from lazytron.board import Board, Move
from lazytron.engines.chambers import init_tree
from lazytron.engines.chambers.analysis import answer_matrix
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.outcome import DRAW


class Missed(NamedTuple):
    """A turn where a move beat a draw and the move played, against the enemy's real answer."""

    turn: int
    played: Move
    values: str  # each move's value against the answer (its value in the model), best first
    ranked: str  # how the model ranks the best of them beside the move played


def model_ranks(model: dict[Move, int], better: Move, played: Move) -> str:
    """How the search's model (each move's value with the enemy answering knowing it) ranks the
    ``better`` move beside the move ``played``.

    >>> model = {Move.NORTH: 65, Move.WEST: -75, Move.EAST: 0}
    >>> model_ranks(model, Move.NORTH, Move.WEST), model_ranks(model, Move.WEST, Move.EAST)
    ('higher', 'lower')
    >>> model_ranks({Move.NORTH: 0, Move.SOUTH: 0}, Move.SOUTH, Move.NORTH)
    'equal'
    """
    if model[better] > model[played]:
        return "higher"
    return "equal" if model[better] == model[played] else "lower"


def missed_turns(
    boards: list[Board], moves: list[tuple[Move, Move]], depth: int, opened: int = 0
) -> Iterator[Missed]:
    """Each turn where a move beats a draw and the move played against the enemy's answer; the
    ``opened`` turns of an opening (the referee's moves) are not searched."""
    # a record without its outcome has one position more than move pairs, one that goes on
    # past it fewer
    for turn, (board, (mine, theirs)) in enumerate(zip(boards, moves, strict=False), start=1):
        if turn <= opened:
            continue
        root = init_tree(board)
        if root.kind is not Kind.CONNECTED or len(root.children) < 2:
            continue
        matrix = answer_matrix(root, depth)
        against = {move: answers[theirs] for move, answers in matrix.items() if theirs in answers}
        if mine not in against:
            continue
        best = max(against.values())
        if best > DRAW and best > against[mine]:
            ranked = sorted(against, key=lambda move: -against[move])
            model = {move: min(answers.values()) for move, answers in matrix.items()}
            values = " ".join(f"{move.name} {against[move]} ({model[move]})" for move in ranked)
            yield Missed(turn, mine, values, model_ranks(model, ranked[0], mine))


def totals(found: dict[int, list[Missed]]) -> Iterator[str]:
    """The last lines: the turns found over the games, and how the model ranked them.

    >>> turn = Missed(3, Move.EAST, "", "higher")
    >>> for line in totals({1: [], 2: [turn, turn._replace(ranked="equal")], 5: [turn]}):
    ...     print(line)
    drawn games 3, with a turn found 2: turns 3
    the model ranks the better move higher: 2 turns of 2 games
    the model ranks it no higher: 1 turn of 1 game (equal 1, lower 0)
    """
    turns = [missed for game in found.values() for missed in game]
    with_one = sum(map(bool, found.values()))
    yield f"drawn games {len(found)}, with a turn found {with_one}: turns {len(turns)}"

    def count(*ranks: str) -> str:
        n = sum(missed.ranked in ranks for missed in turns)
        games = sum(any(missed.ranked in ranks for missed in game) for game in found.values())
        return f"{n} turn{'s' * (n != 1)} of {games} game{'s' * (games != 1)}"

    equal, lower = (sum(missed.ranked == rank for missed in turns) for rank in ("equal", "lower"))
    yield f"the model ranks the better move higher: {count('higher')}"
    yield f"the model ranks it no higher: {count('equal', 'lower')} (equal {equal}, lower {lower})"


def main() -> int:
    args = depth_arguments("drawn", __doc__)
    if isinstance(args, int):
        return args
    found: dict[int, list[Missed]] = {}
    records = Records("drawn", args.directory, args.bot, "drawn", set(args.game))
    for game, side, opened, boards, moves in records:
        print(f"game {game}, the bot as player {side}, {len(moves)} turns:")
        found[game] = []
        for missed in missed_turns(boards, moves, args.depth, opened):
            found[game].append(missed)
            print(
                f"  turn {missed.turn}: played {missed.played.name}; against the enemy's move: "
                f"{missed.values}; the model ranks the first {missed.ranked}"
            )
        print(f"  turns where a move beat a draw against the enemy's move: {len(found[game])}")
    for line in totals(found):
        print(line)
    return records.status


if __name__ == "__main__":
    sys.exit(main())
