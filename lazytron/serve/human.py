"""The human's seat: a relay process that the referee runs like any bot, fed the keys pressed.

The referee is the one ``lazytron play`` uses, unchanged: the human's side
is the command ``python -m lazytron.serve.relay FIFO``, a process that
drains the boards it is sent and prints the digits written into its FIFO.
A :class:`KeyPlayer`, in the server, writes exactly one digit per turn:
the move of the first key pressed for that turn, or, when the human's
clock runs out first, a fallback (straight on if that cell is free, else
the first free neighbour, North first).  The referee gives the human's
seat a margin beyond that clock, so the fallback always comes in time;
with the clock off it waits up to a day, and closing the page ends the
game.  The player lives in the server's event loop (its timer too).
"""

from __future__ import annotations

import asyncio
import os
import shlex
from collections.abc import Callable

from ..board import Board, Move, legal_moves


def relay_command(fifo: str, python: str) -> str:
    """The human's seat as a bot command line: the relay reading its moves from ``fifo``."""
    return shlex.join([python, "-m", "lazytron.serve.relay", fifo])


def fallback(board: Board, last: Move | None) -> Move:
    """The move made for a human out of time: straight on if free, else the first free neighbour
    (North first), else North.

    >>> from lazytron.reading import parse_board
    >>> board = parse_board("4 3\\n#  #\\n 1 2\\n####\\n")
    >>> fallback(board, Move.EAST), fallback(board, Move.SOUTH), fallback(board, None)
    (<Move.EAST: 2>, <Move.NORTH: 1>, <Move.NORTH: 1>)
    """
    moves = [move for move, _ in legal_moves(board.free, board.me, board.stride)]
    if last in moves:
        assert last is not None
        return last
    return moves[0] if moves else Move.NORTH


class KeyPlayer:
    """The human's answers: one digit per turn into the relay's FIFO, from a key or the fallback.

    ``announce(turn, seconds)`` is called when a turn starts waiting for the human (to tell the
    page); ``seconds`` is the human's time a move, None for no clock.
    """

    def __init__(
        self,
        fifo: str,
        seat: int,
        seconds: float | None,
        announce: Callable[[int, float | None], None] = lambda turn, seconds: None,
    ) -> None:
        os.mkfifo(fifo, 0o600)
        self.fd: int | None = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # never blocks, never EOF
        self.seat = seat
        self.seconds = seconds
        self.announce = announce
        self.turn = 0  # the turn waiting for the human's move (0: none)
        self.board: Board | None = None  # that turn's board, from the human's side
        self.last: Move | None = None  # the human's last move
        self.moves: list[tuple[Move, bool]] = []  # every move made: (move, whether by a key)
        self.timer: asyncio.TimerHandle | None = None

    def begin(self, turn: int, board: Board) -> None:
        """Turn ``turn`` starts, on ``board`` (player 1's side): wait for a key, the clock
        running."""
        self.turn, self.board = turn, board if self.seat == 1 else board.swapped()
        if self.seconds is not None:
            self.timer = asyncio.get_running_loop().call_later(self.seconds, self.expire, turn)
        self.announce(turn, self.seconds)

    def press(self, turn: int, move: Move) -> bool:
        """A key for ``turn``: the move, if that turn is waiting for one; whether it was taken."""
        if turn != self.turn or not move:
            return False
        self._answer(move, True)
        return True

    def expire(self, turn: int) -> None:
        """The human's clock ran out on ``turn``: the fallback move, if no key came."""
        if turn == self.turn and self.board is not None:
            self._answer(fallback(self.board, self.last), False)

    def _answer(self, move: Move, by_key: bool) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.turn, self.last = 0, move
        self.moves.append((move, by_key))
        if self.fd is not None:
            os.write(self.fd, move.digit.encode())

    def close(self) -> None:
        """Stop the clock and close the FIFO."""
        self.turn = 0
        if self.timer is not None:
            self.timer.cancel()
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
