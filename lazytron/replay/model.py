"""A replay's model: a game record played out by the rules, and lazytron's analysis of its
positions.

A record is played out with the official rules (:mod:`lazytron.match.rules`);
what the rules say is shown, and what is wrong with the record (cut off,
a result its moves contradict, moves after the end, no result at all) is
kept as its ``problem``: shown after the positions, reported as one line
on stderr, and the exit status is 1.

``--analyse`` adds, for every position, the move lazytron would play for
each side with its score and depth (a fresh tree per position and side;
player 2 is searched on the swapped board, so its score is from its own
side), the line it expected (its move, the answer it expected, and so on,
read from the searched tree) and the territory split: the free cells each
player reaches first, the ties, and whether the players are apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board, Move
from ..clock import TURN_TIME, Deadline
from ..decide import Decision, decide
from ..engines import DEFAULT, ENGINES, Engine
from ..match.records import Record, RecordError, read_record
from ..match.rules import Outcome, play_out
from ..search import principal_variation
from ..territory import voronoi
from ..tree import Node

# The outcome a record's result field names when the moves run out without a crash.
FORFEITS = {"1": Outcome.ONE, "2": Outcome.TWO, "D": Outcome.BOTH_CRASHED}


_STEPS = {Move.NORTH: (-1, 0), Move.EAST: (0, 1), Move.SOUTH: (1, 0), Move.WEST: (0, -1)}


class ReplayError(Exception):
    """A record with nothing to show: its message says what is wrong."""


@dataclass(frozen=True)
class Replay:
    """A record played out: every position up to the end, the result in the engine's words, what is
    wrong."""

    names: tuple[str, str]
    positions: tuple[Board, ...]  # the start, then one per turn, up to the last before the end
    moves: tuple[
        tuple[Move, Move], ...
    ]  # the moves played from each position (one fewer, or as many if it ended)
    result: str | None  # the official words; None if the record does not show one
    crashes: tuple[int, ...] = ()  # cells (in the grid) where a crashing head went on the last turn
    problem: str | None = None  # what is wrong with the record, None if nothing

    @property
    def last(self) -> int:
        """The number of the last position (the turns played before the end)."""
        return len(self.positions) - 1


def load_replay(path: str) -> Replay:
    """Read and play out a record; ReplayError if nothing of it can be shown."""
    try:
        record = read_record(path, bounded=True)
    except RecordError as e:
        if e.partial is None:
            raise ReplayError(str(e)) from None
        return replay_record(e.partial, problem=str(e))
    except OSError as e:
        raise ReplayError(e.strerror or str(e)) from None
    return replay_record(record)


def replay_record(record: Record, problem: str | None = None) -> Replay:
    """Play a record's moves out by the rules; ``problem`` is what is already known to be wrong."""
    boards: list[Board] = []
    outcome = None
    for item in play_out(record.board, record.moves):
        if isinstance(item, Outcome):
            outcome = item
        else:
            boards.append(item)
    played = len(boards) - (outcome is None)
    crashes: tuple[int, ...] = ()
    if outcome is not None:
        crashes = crash_cells(boards[-1], record.moves[played - 1], outcome)
        problem = problem or _contradiction(record, outcome, played)
    elif problem is None:
        if record.result is not None:
            outcome = FORFEITS[record.result]  # a forfeit: the loser gave no move
        else:
            problem = (
                f"the moves run out after {played} turns without a crash "
                "and the record names no winner"
            )
    return Replay(
        record.names,
        tuple(boards),
        record.moves[:played],
        outcome.words if outcome is not None else None,
        crashes,
        problem,
    )


def _contradiction(record: Record, outcome: Outcome, played: int) -> str | None:
    """What is wrong with a complete record whose moves end in ``outcome``, or None."""
    if record.turns > played:
        return f"{record.turns - played} more turns recorded after the game ended on turn {played}"
    if record.result is not None and record.result != outcome.code:
        return f"the record says {record.result!r} but its moves end in {outcome.words!r}"
    return None


def crash_cells(board: Board, moves: tuple[Move, Move], outcome: Outcome) -> tuple[int, ...]:
    """The cells inside the grid where the heads that crashed (or collided) went on the last
    turn."""
    losers = {Outcome.ONE: (1,), Outcome.TWO: (0,)}.get(outcome, (0, 1))
    cells = []
    for player in losers:
        y, x = board.point((board.me, board.enemy)[player])
        dy, dx = _STEPS.get(moves[player], (0, 0))
        if (dy or dx) and 0 <= y + dy < board.height and 0 <= x + dx < board.width:
            cells.append(board.cell(y + dy, x + dx))
    return tuple(dict.fromkeys(cells))


# -- analysis ---------------------------------------------------------------


LINE_PLIES = 12  # the longest expected line kept: six moves of each side


@dataclass(frozen=True)
class Analysis:
    """One position as lazytron sees it: each side's verdict and expected line, the split of the
    free cells."""

    one: Decision
    two: Decision
    territory: tuple[
        int, int
    ]  # bitboards: free cells player 1, player 2 reaches first (heads excluded)
    tied: int  # bitboard: free cells both reach at once
    apart: bool = False  # the players can no longer meet: each territory is its player's region
    lines: tuple[tuple[Move, ...], tuple[Move, ...]] = (
        (),
        (),
    )  # each side's expected line, its own move first

    @property
    def counts(self) -> tuple[int, int]:
        return self.territory[0].bit_count(), self.territory[1].bit_count()

    @property
    def ties(self) -> int:
        """How many free cells both reach at once."""
        return self.tied.bit_count()


def expected_line(tree: Node, decision: Decision, plies: int = LINE_PLIES) -> tuple[Move, ...]:
    """The line a search of ``tree`` expected: the decided move, then the lead hints below it.

    The decided move's child is taken by its move (a search cut off by the
    clock may have moved the root's hint since); the line is at most as
    long as the depth searched.
    """
    if decision.depth == 0 or not tree.expanded:
        return ()
    kid = next((k for k in tree.children if k.move == decision.move), None)
    if kid is None:
        return ()
    return (decision.move, *principal_variation(kid, min(decision.depth, plies) - 1))


def line_cells(board: Board, line: tuple[Move, ...], side: int) -> tuple[list[int], list[int]]:
    """The cells players 1 and 2 go through along ``side``'s expected line (side 0: player 1's, its
    moves first).

    >>> board = Board(4, 1, 0, 0, 3)
    >>> line_cells(board, (Move.EAST, Move.WEST, Move.EAST), 0)
    ([1, 2], [2])
    >>> line_cells(board, (Move.WEST, Move.NONE), 1)
    ([], [2])
    """
    at = [board.me, board.enemy]
    cells: tuple[list[int], list[int]] = ([], [])
    for j, move in enumerate(line):
        mover = side if j % 2 == 0 else 1 - side
        if move:
            at[mover] += move.delta(board.stride)
            cells[mover].append(at[mover])
    return cells


def verdict(
    board: Board, engine: Engine, depth: int | None = None, seconds: float = TURN_TIME
) -> Decision:
    """Player 1's move on ``board``: searched to ``depth``, or for ``seconds`` as the bot's clock
    allows."""
    return searched(board, engine, depth, seconds)[0]


def searched(
    board: Board, engine: Engine, depth: int | None = None, seconds: float = TURN_TIME
) -> tuple[Decision, tuple[Move, ...]]:
    """Player 1's verdict on ``board`` and the line it expected."""
    tree = engine.init_tree(board)
    if depth is not None:
        decision = decide(tree, engine.best_scores, depth=depth)
    else:
        decision = decide(tree, engine.best_scores, deadline=Deadline.after(seconds))
    return decision, expected_line(tree, decision)


def territory(board: Board) -> tuple[int, int, int]:
    """(player 1's, player 2's, tied) free cells, by who reaches them first; heads are nobody's."""
    return split(board)[:3]


def split(board: Board) -> tuple[int, int, int, bool]:
    """``territory`` and whether the players are apart (neither can reach the other)."""
    heads = (1 << board.me) | (1 << board.enemy)
    mine, theirs, ties, touching = voronoi(
        board.free, 1 << board.me, 1 << board.enemy, board.stride
    )
    return mine & ~heads, theirs & ~heads, ties, not touching


def analyse(
    board: Board, engine: Engine, depth: int | None = None, seconds: float = TURN_TIME
) -> Analysis:
    """Both sides' verdicts and expected lines, and the territory split of one position."""
    one, two, ties, apart = split(board)
    (v1, l1), (v2, l2) = (
        searched(side, engine, depth, seconds) for side in (board, board.swapped())
    )
    return Analysis(v1, v2, (one, two), ties, apart, (l1, l2))


class Analyst:
    """The analyses of a replay's positions, each made on first demand and kept."""

    def __init__(
        self,
        replay: Replay,
        depth: int | None = None,
        seconds: float = TURN_TIME,
        engine: Engine = ENGINES[DEFAULT],
    ) -> None:
        self.replay = replay
        self.engine = engine
        self.depth = depth
        self.seconds = seconds
        self.done: dict[int, Analysis] = {}

    def __call__(self, k: int) -> Analysis:
        """The analysis of position ``k``."""
        if k not in self.done:
            self.done[k] = analyse(self.replay.positions[k], self.engine, self.depth, self.seconds)
        return self.done[k]

    def ready(self, k: int) -> bool:
        """Whether position ``k`` is already analysed."""
        return k in self.done
