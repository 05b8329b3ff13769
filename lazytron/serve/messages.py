"""What the server tells a page about a game, as JSON objects: one ``type`` each.

- ``start``: the board (size, walls as hex of the bitboard, heads as cell
  indices, as the replay page reads them), the names, the human's seat;
- ``turn``: each turn's moves (letters, ``-`` for none) and the heads after it;
- ``your-move``: a turn waits for the human's key (and how long);
- ``search``: a bot's depth and score on a turn, from its ``-v`` log;
- ``end``: the result, the cells the crashing heads went to, why a move
  was missing, the record's replay page;
- ``error``: one line saying what went wrong.
"""

from __future__ import annotations

from typing import Any

from ..board import Board
from ..match.referee import Turn
from ..match.rules import Outcome
from ..replay.model import crash_cells
from .choices import Setup


def start(game: str, setup: Setup) -> dict[str, Any]:
    board = setup.board
    return {
        "type": "start",
        "game": game,
        "width": board.width,
        "height": board.height,
        "walls": format(board.walls, "x"),
        "heads": [board.me, board.enemy],
        "names": [p.name for p in setup.players],
        "human": setup.human,
        "human_seconds": setup.human_seconds,
        "limits": [[limits.first, limits.turn] for limits in setup.limits],
        "rules": setup.rules,
        "map": setup.map_name,
    }


def turn(played: Turn) -> dict[str, Any]:
    after = played.after
    return {
        "type": "turn",
        "turn": played.number,
        "moves": "".join(move.letter for move in played.moves),
        "heads": [after.me, after.enemy] if isinstance(after, Board) else None,
        "times": list(played.times),
    }


def your_move(number: int, seconds: float | None) -> dict[str, Any]:
    return {"type": "your-move", "turn": number, "seconds": seconds}


def search(player: int, found: dict[str, Any]) -> dict[str, Any]:
    return {"type": "search", "player": player, **found}


def end(last: Turn, replay: str | None) -> dict[str, Any]:
    outcome = last.after
    assert isinstance(outcome, Outcome)
    return {
        "type": "end",
        "result": outcome.words,
        "winner": outcome.winner,
        "crashes": list(crash_cells(last.board, last.moves, outcome)),
        "faults": list(last.faults),
        "replay": replay,
    }


def error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}
