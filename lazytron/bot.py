"""The contest bot: read a turn, re-root the tree on the enemy's move, search to the deadline,
answer.

One turn, as data: the lines of a map -> a Board -> the tree re-rooted on
the enemy's move (or rebuilt if the board does not fit it) -> the search
results consumed until the deadline -> one digit on stdout -> the tree
re-rooted on our own move, ready for the next turn.
"""

from __future__ import annotations

import gc
import os
import select
import sys
from collections import deque
from collections.abc import Callable, Iterator
from time import monotonic
from typing import BinaryIO, TextIO

from .board import CARDINALS, Board, BoardError, Move
from .clock import FIRST_TIME, TURN_TIME, Deadline, OutOfTime, process_start
from .decide import Decision, decide
from .engines import DEFAULT, ENGINES, Engine
from .prepared import prepared_move
from .reading import decoded_lines, read_boards
from .tree import Node, dismantle, inherit, trim

# live small objects (sys.getallocatedblocks) before the kept tree is trimmed: ~200 MB
TREE_BUDGET = 2_500_000
KEEP_LEVELS = 4  # plies of the kept tree a trim leaves
CHUNK = 65536  # bytes read from stdin at a time


def enemy_move(before: int, after: int, stride: int) -> Move | None:
    """The move that takes the enemy from cell ``before`` to ``after``, None if they are not
    adjacent."""
    for move in CARDINALS:
        if before + move.delta(stride) == after:
            return move
    return None


class Bot:
    """The bot's memory between turns: the tree after its own move, and the enemy's cell."""

    def __init__(
        self,
        *,
        depth: int | None = None,
        first_time: float = FIRST_TIME,
        turn_time: float = TURN_TIME,
        engine: Engine = ENGINES[DEFAULT],
        log: Callable[[str], None] | None = None,
        ponder: bool = False,
        early_time: float | None = None,
        early_turns: int = 0,
        prepared: dict[str, Move] | None = None,
    ) -> None:
        self.depth = depth
        self.ponder = ponder and depth is None  # a fixed depth plays the same with or without
        self.engine = engine
        self.first_time = first_time
        self.turn_time = turn_time
        self.early_time = turn_time if early_time is None else early_time
        self.early_turns = early_turns  # turns 2 to early_turns answer at early_time
        self.prepared = prepared or {}  # moves by position key (lazytron.prepared)
        self.answered = False  # whether this turn's move is a prepared one
        self.log = log or (lambda message: None)
        self.turn = 0
        self.pending: Node | None = None  # the tree after my move, waiting for the enemy's
        self.enemy: int | None = None
        self.root: Node | None = None
        self.litter: list[Iterator[None]] = []  # discarded trees, taken apart a step at a time
        self.trims = 0  # times the kept tree was over TREE_BUDGET and trimmed

    def root_for(self, board: Board) -> Node:
        """The tree for this turn: the pending one re-rooted on the enemy's move, or a fresh one."""
        pending, self.pending = self.pending, None
        if pending is None or self.enemy is None:
            return self.engine.init_tree(board)
        move = enemy_move(self.enemy, board.enemy, board.stride)
        problem = None
        if move is None:
            problem = "the enemy is not next to where it was"
        else:
            try:
                root = inherit(pending, move)
            except LookupError:
                problem = "the tree has no move for the enemy"
            else:
                if self.engine.fits(root, board):
                    self.litter.append(dismantle(pending, keep=root))
                    return root
                problem = "the board does not fit the tree"
        self.log(f"turn {self.turn}: {problem}; tree rebuilt from the board")
        self.litter.append(dismantle(pending))
        return self.engine.init_tree(board)

    def think(self, root: Node, start: float) -> Decision:
        """Search ``root``: to the fixed depth, or until this turn's deadline."""
        if self.depth is not None:
            return decide(root, self.engine.best_scores, depth=self.depth)
        return decide(root, self.engine.best_scores, deadline=Deadline.after(self.budget(), start))

    def budget(self) -> float:
        """Seconds for this turn: the first move's, an early turn's, or a later one's."""
        if self.turn == 1:
            return self.first_time
        return self.early_time if self.turn <= self.early_turns else self.turn_time

    def play(self, board: Board, start: float) -> Decision:
        """Decide this turn's move, the prepared one where the position has one (the search runs
        all the same, for the turns after it); the tree is re-rooted on it by :meth:`advance`."""
        self.turn += 1
        self.tidy()  # what the idle time since the last answer did not free, on this turn's clock
        if self.pending is not None and sys.getallocatedblocks() > TREE_BUDGET:
            self.litter.append(trim(self.pending, KEEP_LEVELS))  # too big: forget the deep part
            self.trims += 1
        self.root = self.root_for(board)
        self.enemy = board.enemy
        decision = self.think(self.root, start)
        move = prepared_move(self.prepared, board) if self.prepared else None
        self.answered = move is not None
        return decision if move is None else decision._replace(move=move)

    def think_on(self, waiting: Callable[[], bool]) -> int:
        """Search this turn's tree on after the answer, until ``waiting()`` says input has come or
        the search ends; return the depth it completed (0: none).

        The enemy still thinks: what this search finds of our answer's subtree
        (its values by depth, its best moves) the next turn's re-rooted tree
        answers at once.  Called between the answer and :meth:`advance`.
        """
        if not self.ponder or self.root is None:
            return 0

        def check() -> None:
            if waiting():
                raise OutOfTime

        done = -1
        try:
            for _ in self.engine.best_scores(self.root, check):
                done += 1
        except OutOfTime:
            pass
        return max(done, 0) * 2

    def advance(self, move: Move) -> None:
        """Re-root on our own move; the rest of the tree becomes litter, freed by :meth:`tidy`."""
        root, self.root = self.root, None
        if root is None:
            return
        try:
            self.pending = inherit(root, move)
        except LookupError:  # no legal move: the game is over for us
            self.pending = None
        self.litter.append(dismantle(root, keep=self.pending))

    def tidy(self, waiting: Callable[[], bool] = lambda: False) -> None:
        """Free the discarded trees, a step at a time, until ``waiting()`` says input has come."""
        while self.litter:
            for _ in self.litter[-1]:
                if waiting():
                    return
            self.litter.pop()

    def forget(self) -> None:
        """Drop the tree: the next board starts a fresh one."""
        self.turn += 1
        self.root = self.pending = None
        self.enemy = None
        self.litter.clear()


def fallback_move(rows: list[str]) -> Move:
    """A move into a free cell next to '1' in a map too broken to parse, else North."""
    cells = {(y, x): c for y, row in enumerate(rows) for x, c in enumerate(row.rstrip("\r\n"))}
    heads = [p for p, c in cells.items() if c == "1"]
    if heads:
        y, x = heads[0]
        for move, target in zip(
            CARDINALS, ((y - 1, x), (y, x + 1), (y + 1, x), (y, x - 1)), strict=True
        ):
            if cells.get(target) == " ":
                return move
    return Move.NORTH


class Input:
    """The bot's standard input, read as it comes: its lines, when each arrived, and whether more is
    ready.

    While no line is ready, ``idle`` is called before waiting for one (the
    bot frees the last turn's tree then).
    """

    def __init__(self, stream: BinaryIO, idle: Callable[[], None] = lambda: None) -> None:
        self.stream = stream
        try:
            self.fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self.idle = idle
        self.lines: deque[tuple[float, bytes]] = deque()  # (arrival, line) read but not yet taken
        self.partial: list[bytes] = []  # the start of a line still coming
        self.ended = False
        self.since: float | None = None  # the arrival of the first line taken since the last turn

    def ready(self) -> bool:
        """Whether a line (or the end) can be had without waiting."""
        if self.lines or self.ended or self.fd is None:
            return True
        return bool(select.select([self.fd], [], [], 0)[0])

    def turn_start(self) -> float:
        """When the first line taken since the last call arrived (now if none was): the turn's clock
        starts there."""
        since, self.since = self.since, None
        return monotonic() if since is None else since

    def __iter__(self) -> Iterator[bytes]:
        while True:
            if self.lines:
                arrival, line = self.lines.popleft()
                self.since = arrival if self.since is None else self.since
                yield line
            elif self.ended:
                return
            else:
                if not self.ready():
                    self.idle()
                self._read()

    def _read(self) -> None:
        data = os.read(self.fd, CHUNK) if self.fd is not None else self.stream.read(CHUNK)
        now = monotonic()
        if not data:
            self.ended = True
            if self.partial:
                self.lines.append((now, b"".join(self.partial)))
            return
        *whole, rest = data.split(b"\n")
        for line in whole:
            self.lines.append((now, b"".join([*self.partial, line, b"\n"])))
            self.partial = []
        if rest:
            self.partial.append(rest)


def answer(bot: Bot, item: Board | BoardError, start: float) -> Decision | None:
    """A turn's decision: the search of a board, :func:`fallback_move` for a map too broken to
    read (the tree forgotten), None for a line that starts no map (skipped); each problem
    logged."""
    if not isinstance(item, BoardError):
        return bot.play(item, start)
    if not item.rows:
        bot.log(f"turn {bot.turn + 1}: {item}; line skipped")
        return None
    bot.log(f"turn {bot.turn + 1}: {item}; fallback move")
    bot.forget()
    return Decision(0, None, fallback_move(item.rows))


def after_answer(bot: Bot, waiting: Callable[[], bool], verbose: bool) -> None:
    """After an answer: free the last turn's litter, then ponder until ``waiting()``
    (:meth:`Bot.think_on`); if ``verbose``, log the depth it completed and its time."""
    bot.tidy(waiting)
    began = monotonic()
    depth = bot.think_on(waiting)
    if verbose:
        ms = round((monotonic() - began) * 1000)
        bot.log(f"turn={bot.turn} pondered depth={depth} ms={ms}")


def to_stderr(message: str) -> None:
    """A bot's log line, on the process's standard error."""
    print(message, file=sys.stderr, flush=True)


def run(bot: Bot, stdin: BinaryIO, stdout: TextIO, *, verbose: bool = False) -> int:
    """Play the contest protocol with ``bot`` until end of input; return the exit status (0).

    Every map the reader finds is a turn, answered with one digit; a turn
    too broken to read is answered with :func:`fallback_move`; a line that
    starts no map is logged and skipped.  A turn's clock starts when its
    first line arrives, but the first turn's starts when the process did if
    the board was already waiting then (Python takes tens of milliseconds
    to start, more on a loaded machine, and the engine's clock is running).
    If the bot ponders, its search goes on after each answer (:func:`after_answer`).
    With ``verbose``, one line per turn goes to the bot's log.
    """
    source = Input(stdin)
    # free the last turn's litter while the next board is not here
    source.idle = lambda: bot.tidy(source.ready)
    # the board was waiting: the engine's clock runs since then
    born = process_start() if source.ready() else None
    for item in read_boards(decoded_lines(source), source.ready):
        start = source.turn_start()
        if born is not None:
            start, born = min(start, born), None
        if isinstance(item, BoardError) and item.at_end:
            return 0  # end of input inside a map: the game is over
        report = answer(bot, item, start)
        if report is None:
            continue
        stdout.write(report.move.digit + "\n")
        stdout.flush()
        if verbose:
            ms = round((monotonic() - start) * 1000)
            score = "-" if report.score is None else report.score
            prepared = " prepared" if bot.answered else ""
            bot.log(
                f"turn={bot.turn} depth={report.depth} score={score} move={report.move} ms={ms}"
                + prepared
            )
        if bot.ponder:
            after_answer(bot, source.ready, verbose)
        bot.advance(report.move)
    return 0


def main(bot: Bot, *, verbose: bool = False) -> int:
    """Run ``bot`` on the process's standard streams, the garbage collector off (the tree has no
    cycles; collections would only stall the search)."""
    gc.disable()
    return run(bot, sys.stdin.buffer, sys.stdout, verbose=verbose)
