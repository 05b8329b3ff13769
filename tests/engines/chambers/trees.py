"""What the chambers engine's tests share: small boards, trees with settings, and plain minimax to
hold searches to."""

from __future__ import annotations

from lazytron.board import Board
from lazytron.engines.chambers import ChamberPosition, Settings, init_tree
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.nodes import ChamberReply
from lazytron.engines.chambers.search import search
from lazytron.reading import parse_board

SMALL = parse_board("7 6\n#######\n#1    #\n#  #  #\n#  #  #\n#    2#\n#######\n")
ROOMS = parse_board(
    "9 5\n#########\n#1  #   #\n#      2#\n#   #   #\n#########\n"
)  # two rooms joined by a gap
OPEN = parse_board("6 6\n######\n#1   #\n#    #\n#    #\n#   2#\n######\n")
BESIDE = parse_board(
    "7 5\n#######\n#     #\n#1 2  #\n#     #\n#######\n"
)  # my East puts my head beside 2's


def tree(board: Board, **knobs: int) -> ChamberPosition:
    """A fresh tree of ``board`` searched with the default settings but ``knobs``."""
    return init_tree(board, Settings(**knobs))


def searched(board: Board, depths: tuple[int, ...], **knobs: int) -> list[tuple[int, object]]:
    """The results of one tree searched to each of ``depths`` in turn, as the bot searches it."""
    root = tree(board, **knobs)
    return [search(root, depth) for depth in depths]


def stops(pos: ChamberPosition, root: bool) -> bool:
    """Whether minimax stops at ``pos``: the game over, or the players apart below the root."""
    return pos.kind is Kind.OVER or (pos.kind is Kind.APART and not root) or not pos.children


def minimax(pos: ChamberPosition, depth: int, root: bool = True) -> int:
    """Plain minimax over the same tree and evaluation: no pruning, no ordering (the root is always
    searched)."""
    score: int = pos.score
    if depth == 0 or stops(pos, root):
        return score
    return max(
        min(minimax(kid, depth - 2, False) for kid in reply.children) for reply in pos.children
    )  # type: ignore[arg-type]


def extended_minimax(pos: ChamberPosition, depth: int, extend: int, root: bool = True) -> int:
    """Plain minimax where a forced move (a side with one move) costs no depth while ``extend``
    lasts."""
    score: int = pos.score
    if depth <= 0 or stops(pos, root):
        return score
    best = None
    for reply in pos.children:
        mine_free = len(pos.children) == 1 and extend > 0
        d, e = (depth, extend - 1) if mine_free else (depth - 1, extend)
        theirs_free = len(reply.children) == 1 and e > 0
        d, e = (d, e - 1) if theirs_free else (d - 1, e)
        worst = min(extended_minimax(kid, d, e, False) for kid in reply.children)  # type: ignore[arg-type]
        best = worst if best is None else max(best, worst)
    return best  # type: ignore[return-value]


def answer_values(reply: ChamberReply, depth: int) -> list[tuple[bool, int]]:
    """(collides, minimax value) of each enemy answer to my move, ``depth`` plies below it."""
    return [(pos.me == pos.enemy, minimax(pos, depth, False)) for pos in reply.children]  # type: ignore[attr-defined]


def assert_fail_soft(found: int, exact: int, alpha: int, beta: int) -> None:
    """``found`` is what a fail-soft search with window (alpha, beta) may return for a position
    worth ``exact``."""
    if alpha < exact < beta:
        assert found == exact
    elif exact <= alpha:
        assert exact <= found <= alpha
    else:
        assert beta <= found <= exact


def contested(pos: ChamberPosition) -> bool:
    """Whether the game goes on at ``pos`` with the players able to meet."""
    return pos.kind is Kind.CONNECTED
