"""A search that cuts no line is exhaustive: the lines cut counted in Python and in C, kept with
what a position keeps, and the bot's deepening ends there."""

from __future__ import annotations

import pytest
from positions import random_positions
from trees import SMALL, tree

from lazytron.board import Board, Move
from lazytron.engines.chambers import ChamberPosition, best_scores
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.search import line_end, search
from lazytron.reading import parse_board

# two small rooms, the heads in the same one: every line ends within a few moves
NOOK = parse_board("7 4\n#######\n#1   ##\n#  2  #\n#######\n")
CORRIDORS = parse_board("8 5\n########\n#1     #\n# #### #\n#     2#\n########\n")


def cut_at(root: ChamberPosition, depth: int) -> int:
    """The lines ``root``'s search to ``depth`` cut."""
    before = root.game.cuts[0]
    search(root, depth)
    return root.game.cuts[0] - before


def boards() -> list[Board]:
    return [NOOK, CORRIDORS] + random_positions(NOOK, 1, 3) + random_positions(CORRIDORS, 2, 3)


@pytest.mark.parametrize("horizon", [0, 8])
def test_a_search_that_cuts_no_line_finds_the_value_of_every_deeper_one(horizon, speedups):
    for board in boards():
        root = tree(board, horizon=horizon)
        if root.kind is not Kind.CONNECTED:
            continue
        cuts = [(depth, cut_at(root, depth)) for depth in range(2, 40, 2)]
        first = next(depth for depth, lines in cuts if not lines)
        assert all(lines for depth, lines in cuts if depth < first)  # it ran out before
        value = search(tree(board, horizon=horizon), first)[0]
        deepest = line_end(root.open_.bit_count())
        assert search(tree(board, horizon=horizon, memo=False), deepest)[0] == value
        results = list(best_scores(tree(board, horizon=horizon)))
        assert len(results) == first // 2 + 1 and results[-1][0] == value


def kept_entries(pos: ChamberPosition) -> int:
    """What the positions below ``pos`` (not itself) keep of their searches, counted."""
    total = 0
    for reply in pos.children if pos.expanded else ():
        for kid in reply.children if reply.expanded else ():
            total += len(kid.known or ()) + kept_entries(kid)  # type: ignore[arg-type]
    return total


@pytest.mark.parametrize("extend", [0, 2])
def test_python_answers_a_search_that_cut_no_line_at_every_deeper_depth(extend):
    # every ply in Python: a depth after the first that cuts no line searches no position below
    # the root again (each answered by what its uncut search kept; the next one still keeps the
    # values of its former leaves, over or apart), and finds the value a fresh tree finds there
    spared = 0
    for board in boards() + random_positions(SMALL, 5, 4):
        root = tree(board, horizon=0, extend=extend)
        if root.kind is not Kind.CONNECTED:
            continue
        exhaustive = next((d for d in range(2, 30, 2) if not cut_at(root, d)), None)
        if exhaustive is None:
            continue
        search(root, exhaustive + 2)
        kept = kept_entries(root)
        for depth in range(exhaustive + 4, exhaustive + 14, 2):
            found = search(root, depth)
            assert found[0] == search(tree(board, horizon=0, extend=extend), depth)[0]
            assert kept_entries(root) == kept
        spared += 1
    assert spared >= 4


def test_python_and_c_cut_lines_at_the_same_depths(speedups):
    for board in boards():
        found = {}
        for horizon in (0, 8):
            root = tree(board, horizon=horizon)
            found[horizon] = [bool(cut_at(root, depth)) for depth in range(2, 20, 2)]
        assert found[0] == found[8]


@pytest.mark.parametrize("horizon", [0, 32])
def test_a_kept_search_that_cut_a_line_counts_as_cut_when_recalled(horizon, speedups):
    # each depth searched again from what was kept of the first searches: in the tree's nodes
    # (the same root), or with every ply below the root in C, in C's table (a fresh root on the
    # same tree's context): each depth cuts lines where it did the first time
    cutting = 0
    for board in boards() + random_positions(SMALL, 3, 4):
        root = tree(board, horizon=horizon)
        if root.kind is not Kind.CONNECTED:
            continue
        first = [bool(cut_at(root, depth)) for depth in range(2, 14, 2)]
        if horizon:
            root = ChamberPosition(Move.NONE, root.open_, root.me, root.enemy, root.ply, root.game)
        again = [bool(cut_at(root, depth)) for depth in range(2, 14, 2)]
        assert again == first
        cutting += any(first)
    assert cutting >= 4


def test_c_answers_a_search_that_cut_no_line_at_every_deeper_depth(speedups):
    # with every ply below the root in C, the depths after the first that cuts no line score no
    # position: C's table answers each position whose search cut none, at any depth at least as
    # deep as its depth and free plies added; the values stay those of the Python tree
    spared = 0
    for board in boards() + random_positions(SMALL, 5, 4):
        root = tree(board, horizon=40)
        if root.kind is not Kind.CONNECTED:
            continue
        spent, exhaustive = [], None
        for depth in range(2, 40, 2):
            before = root.game.horizon.evaluations
            if not cut_at(root, depth) and exhaustive is None:
                exhaustive = depth
            spent.append(root.game.horizon.evaluations - before)
        if exhaustive is None or exhaustive > 30:
            continue
        assert not any(spent[exhaustive // 2 :])  # the depths after it
        python = tree(board, horizon=0)
        assert [search(python, d)[0] for d in range(2, 40, 2)][-1] == search(root, 38)[0]
        spared += 1
    assert spared >= 4
