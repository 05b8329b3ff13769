"""Replaying a game record: the positions and result its moves give, as plain text, in a terminal or as a web page.

A record is played out with the official rules (:mod:`lazytron.rules`);
what the rules say is shown, and what is wrong with the record (cut off,
a result its moves contradict, moves after the end, no result at all) is
kept as its ``problem``: shown after the positions, reported as one line
on stderr, and the exit status is 1.

``--analyse`` adds, for every position, the move lazytron would play for
each side with its score and depth (a fresh tree per position and side;
player 2 is searched on the swapped board, so its score is from its own
side) and the territory split: the free cells each player reaches first.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from itertools import islice
from typing import Iterable, Iterator, TextIO

from .board import Board, Move
from .clock import Deadline, timeout_list
from .games.tron import init_tree
from .record import Record, RecordError, read_record
from .rules import Outcome, play_out
from .search import best_scores
from .territory import voronoi

# The outcome a record's result field names when the moves run out without a crash.
FORFEITS = {"1": Outcome.ONE, "2": Outcome.TWO, "D": Outcome.BOTH_CRASHED}
TURN_SECONDS = 0.9  # the bot's clock for a later turn


_STEPS = {Move.NORTH: (-1, 0), Move.EAST: (0, 1), Move.SOUTH: (1, 0), Move.WEST: (0, -1)}


class ReplayError(Exception):
    """A record with nothing to show: its message says what is wrong."""


@dataclass(frozen=True)
class Replay:
    """A record played out: every position up to the end, the result in the engine's words, what is wrong."""

    names: tuple[str, str]
    positions: tuple[Board, ...]  # the start, then one per turn, up to the last before the end
    moves: tuple[tuple[Move, Move], ...]  # the moves played from each position (one fewer, or as many if it ended)
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
        record = read_record(path)
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
            problem = f"the moves run out after {played} turns without a crash and the record names no winner"
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
    if len(record.moves) > played:
        return f"{len(record.moves) - played} more turns recorded after the game ended on turn {played}"
    if record.result is not None and record.result != outcome.code:
        return f"the record says {record.result!r} but its moves end in {outcome.words!r}"
    return None


def crash_cells(board: Board, moves: tuple[Move, Move], outcome: Outcome) -> tuple[int, ...]:
    """The cells inside the grid where the heads that crashed (or collided) went on the last turn."""
    losers = {Outcome.ONE: (1,), Outcome.TWO: (0,)}.get(outcome, (0, 1))
    cells = []
    for player in losers:
        y, x = board.point((board.me, board.enemy)[player])
        dy, dx = _STEPS.get(moves[player], (0, 0))
        if (dy or dx) and 0 <= y + dy < board.height and 0 <= x + dx < board.width:
            cells.append(board.index(y + dy, x + dx))
    return tuple(dict.fromkeys(cells))


# -- analysis ---------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What lazytron plays in a position: the move, its score (None at depth 0) and the depth searched."""

    move: Move
    score: int | None
    depth: int


@dataclass(frozen=True)
class Analysis:
    """One position as lazytron sees it: each side's verdict and the free cells each reaches first."""

    one: Verdict
    two: Verdict
    territory: tuple[int, int]  # bitboards: free cells player 1, player 2 reaches first (heads excluded)
    ties: int  # how many free cells both reach at once

    @property
    def counts(self) -> tuple[int, int]:
        return self.territory[0].bit_count(), self.territory[1].bit_count()


def verdict(board: Board, depth: int | None = None, seconds: float = TURN_SECONDS) -> Verdict:
    """Player 1's move on ``board``: searched to ``depth``, or for ``seconds`` as the bot's clock allows."""
    tree = init_tree(board)
    if depth is not None:
        score, move = next(islice(best_scores(tree), depth // 2, None))
        return Verdict(move, score, depth // 2 * 2)
    deadline = Deadline.after(seconds)
    (score, move), count = timeout_list(deadline, (None, Move.NONE), best_scores(tree, deadline.check))
    return Verdict(move, score, max(count - 1, 0) * 2)


def territory(board: Board) -> tuple[int, int, int]:
    """(player 1's, player 2's, tied) free cells, by who reaches them first; heads are nobody's."""
    heads = (1 << board.me) | (1 << board.enemy)
    mine, theirs, ties, _ = voronoi(board.free, 1 << board.me, 1 << board.enemy, board.stride)
    return mine & ~heads, theirs & ~heads, ties


def analyse(board: Board, depth: int | None = None, seconds: float = TURN_SECONDS) -> Analysis:
    """Both sides' verdicts and the territory split of one position."""
    one, two, ties = territory(board)
    return Analysis(verdict(board, depth, seconds), verdict(board.swapped(), depth, seconds), (one, two), ties.bit_count())


class Analyst:
    """The analyses of a replay's positions, each made on first demand and kept."""

    def __init__(self, replay: Replay, depth: int | None = None, seconds: float = TURN_SECONDS) -> None:
        self.replay = replay
        self.depth = depth
        self.seconds = seconds
        self.done: dict[int, Analysis] = {}

    def __call__(self, k: int) -> Analysis:
        """The analysis of position ``k``."""
        if k not in self.done:
            self.done[k] = analyse(self.replay.positions[k], self.depth, self.seconds)
        return self.done[k]

    def ready(self, k: int) -> bool:
        """Whether position ``k`` is already analysed."""
        return k in self.done


def analysis_lines(replay: Replay, k: int, analysis: Analysis) -> list[str]:
    """The plain-text lines of one position's analysis (``key=value`` words, as the bot's log)."""
    played = replay.moves[k] if k < len(replay.moves) else (None, None)
    lines = []
    for player, (v, move) in enumerate(zip((analysis.one, analysis.two), played), 1):
        score = "-" if v.score is None else v.score
        lines.append(
            f"turn={k} player={player} played={move or '-'} move={v.move} score={score} depth={v.depth}"
        )
    one, two = analysis.counts
    lines.append(f"turn={k} territory 1={one} 2={two} ties={analysis.ties}")
    return lines


# -- plain text ---------------------------------------------------------------


def plain(replay: Replay, analysis_of: Analyst | None = None, turn: int | None = None) -> Iterator[str]:
    """The plain replay, a chunk of text at a time: every position (or only ``turn``), then the result line."""
    turns: Iterable[int] = range(len(replay.positions)) if turn is None else (turn,)
    for k in turns:
        text = str(replay.positions[k])
        if analysis_of is not None:
            text += "".join(line + "\n" for line in analysis_lines(replay, k, analysis_of(k)))
        yield text
    if turn is None and replay.result is not None:
        yield replay.result + "\n"


# -- the command --------------------------------------------------------------


def run(
    path: str,
    fps: float = 10.0,
    turn: int | None = None,
    html: str | None = None,
    analysis: bool = False,
    depth: int | None = None,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """The ``replay`` command: 0 if the record is sound and was shown, 1 otherwise."""

    def fail(message: object) -> int:
        print(f"lazytron replay: {path}: {message}", file=err, flush=True)
        return 1

    try:
        replay = load_replay(path)
    except ReplayError as e:
        return fail(e)
    if turn is not None and turn > replay.last:
        return fail(f"no turn {turn}: its positions are turns 0 to {replay.last}")
    analysis_of = Analyst(replay, depth) if analysis or depth is not None else None
    if html is not None:
        from .webpage import write_page

        try:
            write_page(html, replay, analysis_of, turn or 0, progress=err if err.isatty() else None)
        except OSError as e:
            return fail(f"cannot write {html}: {e.strerror or e}")
    elif out.isatty():
        from .viewer import view

        view(replay, out, fps=fps, turn=turn, analysis_of=analysis_of)
    else:
        for chunk in plain(replay, analysis_of, turn):
            out.write(chunk)
            out.flush()
    if replay.problem is not None:
        return fail(replay.problem)
    return 0
