"""A minimal synchronous referee for tests: two commands, no clock, the official rules."""

from __future__ import annotations

import subprocess

from lazytron.board import Board, Move
from lazytron.rules import Outcome, advance


class Player:
    def __init__(self, cmd: list[str]) -> None:
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )

    def move(self, board: Board) -> Move:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(str(board))
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        digits = [c for c in line if c in "1234"]
        return Move(int(digits[0])) if digits else Move.NONE

    def close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream:
                stream.close()
        self.proc.wait(timeout=30)


def play(cmd1: list[str], cmd2: list[str], board: Board, max_turns: int = 2000) -> tuple[list[Board], list[tuple[Move, Move]], Outcome | None]:
    """The game's positions, every turn's pair of moves (the last one included), and its outcome."""
    one, two = Player(cmd1), Player(cmd2)
    positions, moves = [board], []
    try:
        for _ in range(max_turns):
            pair = one.move(board), two.move(board.swapped())
            moves.append(pair)
            after = advance(board, *pair)
            if isinstance(after, Outcome):
                return positions, moves, after
            positions.append(after)
            board = after
    finally:
        one.close()
        two.close()
    return positions, moves, None
