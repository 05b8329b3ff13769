"""Whole games for the fidelity tests, played by lazytron's referee with time to spare.

Fixed-depth bots have no clock of their own, and the original is slow on
open maps, so each move may take up to ten minutes.
"""

from __future__ import annotations

import shlex

from lazytron.board import Board, Move
from lazytron.match.referee import Limits, play_game
from lazytron.match.rules import Outcome

PATIENT = Limits(first=600.0, turn=600.0)


def play(
    cmd1: list[str], cmd2: list[str], board: Board
) -> tuple[list[Board], list[tuple[Move, Move]], Outcome]:
    """The game's positions, every turn's pair of moves (the last one included), and its outcome."""
    game = play_game(board, (shlex.join(cmd1), shlex.join(cmd2)), PATIENT)
    return [turn.board for turn in game.turns], [turn.moves for turn in game.turns], game.outcome
