"""The chambers engine's search against plain minimax: the values it finds, the order it tries, what
it keeps."""

from __future__ import annotations

import pytest
from positions import random_positions
from trees import (
    BESIDE,
    SMALL,
    answer_values,
    assert_fail_soft,
    contested,
    extended_minimax,
    minimax,
    searched,
    tree,
)

from lazytron.board import Move
from lazytron.engines.chambers import ChamberPosition
from lazytron.engines.chambers.analysis import answer_matrix, root_values
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.outcome import loss, win
from lazytron.engines.chambers.search import (
    INF,
    ROOT,
    _order,
    answer,
    improvements,
    search,
    value,
)
from lazytron.reading import load_board, parse_board


@pytest.mark.parametrize("seed", range(6))
def test_search_equals_minimax(seed, path):
    # every ply costs depth, as in minimax (the extension's test is below)
    for board in random_positions(SMALL, seed, 4):
        for depth in (2, 4):
            expected = minimax(tree(board, extend=0), depth)
            root = tree(board, extend=0)
            for d in range(
                2, depth + 1, 2
            ):  # as the bot does: shallower searches first set the hints
                got, move = search(root, d)
            assert got == expected
            fresh = tree(board, extend=0)
            if fresh.kind is not Kind.APART:  # value() stops at a root already apart
                assert value(fresh, depth, -INF, INF, None) == expected
            if root.children:  # the move chosen is worth what the search says
                reply = next(r for r in root.children if r.move == move)
                assert min(minimax(p, depth - 2, False) for p in reply.children) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(4))
def test_root_values_and_the_answer_matrix_hold_minimax_values(seed):
    for board in random_positions(SMALL, seed, 4):
        if tree(board).kind is Kind.OVER:
            continue
        matrix = answer_matrix(tree(board, extend=0), 4)  # each answer's value
        expected = {
            reply.move: {p.move: minimax(p, 2, False) for p in reply.children}  # type: ignore[arg-type]
            for reply in tree(board, extend=0).children
        }
        assert matrix == expected
        values = root_values(tree(board, extend=0), 4)  # each move's: its least answer
        assert values == {move: min(answers.values()) for move, answers in expected.items()}
        assert max(values.values()) == search(tree(board, extend=0), 4)[0]


def test_a_node_never_searched_tries_the_killer_first_and_a_searched_one_its_lead():
    root = tree(SMALL)
    fresh = root.children[0]
    kids = fresh.children  # the enemy's answers, in move order
    assert fresh.lead == -1 and len(kids) == 2
    assert _order(fresh, kids, kids[1].move) == (1, 0)  # no lead yet: the killer leads
    assert _order(fresh, kids, 0) == (0, 1)
    search(root, 4)
    assert root.lead >= 0
    lead, other = root.lead, (root.lead + 1) % len(root.children)
    assert _order(root, root.children, root.children[other].move)[:2] == (
        lead,
        other,
    )  # then the lead leads


def test_the_killer_is_the_move_found_best_at_its_ply():
    root = tree(SMALL)
    search(root, 2)
    best = root.children[root.lead]
    assert root.game.killers[best.ply] == best.children[best.lead].move  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(4))
def test_search_with_free_forced_moves_equals_minimax(seed, path):
    for board in random_positions(SMALL, seed, 4):
        root = tree(board, extend=3)
        for depth in (2, 4):
            got, _ = search(root, depth)
            assert got == extended_minimax(tree(board, extend=3), depth, 3)


def grandchildren(pos: ChamberPosition) -> list[ChamberPosition]:
    """The positions after each pair of moves from ``pos``, as the bot re-roots on them."""
    return [kid for reply in pos.children for kid in reply.children]  # type: ignore[misc]


@pytest.mark.parametrize("seed", range(4))
def test_a_re_rooted_tree_searches_what_a_fresh_one_does_with_what_it_kept(seed):
    # the last turn's searches (forced moves free: the kept values are by depth and free plies)
    # answer this turn's
    for board in random_positions(SMALL, seed, 4):
        root = tree(board, extend=3)
        for depth in (2, 4, 6, 8):
            search(root, depth)
        if root.kind is Kind.OVER or not root.children:
            continue
        assert any(
            pos.known for pos in grandchildren(root)
        )  # the last turn's search left values there
        for pos in grandchildren(root):
            if not contested(pos) or not pos.children:
                continue
            for depth in (2, 4, 6):
                assert search(pos, depth)[0] == extended_minimax(pos, depth, 3)


CORRIDOR = parse_board(
    "11 7\n"
    + "\n".join(
        ["###########", "#1      ###", "####### ###", "#     #   #", "#     # # #", "#    2    #"]
    )
    + "\n###########\n"
)


def test_a_kept_value_answers_only_a_search_its_bound_decides():
    differ = 0
    for board in (CORRIDOR, *random_positions(CORRIDOR, 1, 8), *random_positions(SMALL, 7, 6)):
        pos = tree(board, horizon=0)
        if not contested(pos):
            continue
        for extend in (0, 3):  # kept apart: forced moves free change the value
            exact = extended_minimax(tree(board), 4, extend)
            windows = (
                (exact - 9, exact - 5),
                (exact - 1, exact + 1),
                (exact + 5, exact + 9),
                (-INF, exact),
                (exact, INF),
            )
            for alpha, beta in windows + ((exact - 1, exact + 1),):
                found = value(
                    pos, 4, alpha, beta, None, extend
                )  # kept, then recalled by a later window where it can be
                assert_fail_soft(found, exact, alpha, beta)
        differ += extended_minimax(tree(board), 4, 0) != extended_minimax(tree(board), 4, 3)
    assert differ


def height(pos: ChamberPosition) -> int:
    """Plies to the end of the longest line below ``pos``, where minimax stops: over, apart or
    stuck."""
    if not contested(pos) or not pos.children:
        return 0
    return 2 + max(height(kid) for reply in pos.children for kid in reply.children)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "horizon", [0, 4]
)  # late moves reduced in Python, and in C where it is built
def test_late_moves_searched_shallower_first_keep_every_value_a_shallower_search_sees_to_the_end(
    horizon, path
):
    # where a line's shallower search still reaches the end of every line below it, it is exact: so
    # must the result be
    tiny = parse_board("6 5\n######\n#1   #\n# #  #\n#   2#\n######\n")
    checked = 0
    for board in random_positions(tiny, 7, 12) + random_positions(SMALL, 7, 40):
        root = tree(board, extend=0)
        if not contested(root) or not 4 <= height(root) <= 8:
            continue
        depth = height(root) + 2
        root = tree(board, extend=0, horizon=horizon, reduce=2)
        for d in range(2, depth + 1, 2):
            got, _ = search(root, d)
        assert got == minimax(tree(board, extend=0), depth)
        checked += 1
    assert checked >= 8


def small_and_rooms(seed: int) -> list:
    """Six random positions of the small grid and three of the rooms map."""
    return random_positions(SMALL, seed, 6) + random_positions(
        load_board("lazytron/maps/rooms.txt"), seed, 3
    )


@pytest.mark.parametrize("horizon", [0, 6])  # every ply in Python; the last six in C where built
def test_a_null_window_for_later_moves_finds_what_the_full_window_finds(horizon):
    # principal variation search proves a later move no better without its exact value: the values
    # found stay those of the plain search, and the move chosen is one worth the best value
    checked = 0
    for board in small_and_rooms(3):
        plain, scouted = tree(board, horizon=horizon), tree(board, horizon=horizon, scout=True)
        if not contested(plain):
            continue
        for depth in (2, 4, 6, 8):
            found, move = search(scouted, depth)
            assert found == search(plain, depth)[0]
        assert root_values(tree(board, horizon=horizon), 8)[move] == found  # type: ignore[index]
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("horizon", [0, 6])  # every ply in Python; the last six in C where built
def test_an_aspiration_window_finds_what_the_full_window_finds(horizon):
    # the root's first move searched close to the last depth's value, and again with the full
    # window where its value falls outside: the same values and moves at every depth
    checked = 0
    for board in small_and_rooms(5):
        if not contested(tree(board)):
            continue
        depths = (2, 4, 6, 8)
        full = searched(board, depths, horizon=horizon, aspiration=0)
        assert searched(board, depths, horizon=horizon, aspiration=1) == full
        assert searched(board, depths, horizon=horizon, aspiration=40) == full
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("wrong", [-5000, -1, 1, 5000])
def test_a_wrong_guess_at_the_root_is_searched_again(wrong):
    # a guess off the true value either way fails the window: the value is minimax's all the same
    checked = 0
    for board in random_positions(SMALL, 6, 16):
        root = tree(board, extend=0)
        if not contested(root):
            continue
        search(root, 2)
        assert root.known is not None
        truth = minimax(tree(board, extend=0), 4)
        root.known[ROOT, 2] = truth + wrong, 0
        assert search(root, 4)[0] == truth
        checked += 1
    assert checked >= 4


def principal_line(root: ChamberPosition) -> list[ChamberPosition]:
    """The positions of the line the last search expects, by each node's ``lead``: the root, then
    one every two plies."""
    line, node = [root], root
    while node.expanded and node.children and node.lead >= 0:
        node = node.children[node.lead]
        if isinstance(node, ChamberPosition):
            line.append(node)
    return line


@pytest.mark.parametrize("seed", range(3))
def test_a_late_move_the_shallower_search_shows_better_is_searched_again_to_the_full_depth(seed):
    # the line the search expects is then the full depth long (or ends with the game): never a
    # shallower search's
    for board in random_positions(load_board("lazytron/maps/pillars.txt"), seed, 6):
        # nodes all the way down, to follow the line; every search sets its nodes' leads again
        root = tree(board, extend=0, horizon=0, memo=False, reduce=2)
        if not contested(root):
            continue
        for depth in (2, 4, 6, 8):
            search(root, depth)
        *_, end = principal_line(root)
        assert end.ply - root.ply == 8 or not contested(end) or not end.children


@pytest.mark.parametrize("cells", [5, 6])
def test_forced_moves_are_searched_past_the_depth(cells):
    # a corridor duel: every move is forced, so the game's end (a collision or both stuck) is seen
    # at depth 2
    board = parse_board(
        f"{cells + 4} 3\n{'#' * (cells + 4)}\n#1{' ' * cells}2#\n{'#' * (cells + 4)}\n"
    )

    def leaf(root: ChamberPosition) -> ChamberPosition:
        node = root
        while node.expanded and node.children:
            node = node.children[node.lead]
        assert isinstance(node, ChamberPosition)
        return node

    plain = tree(board, horizon=0, extend=0)  # nodes all the way down, to look at the leaf
    search(plain, 2)
    assert leaf(plain).kind is not Kind.OVER
    extended = tree(board, horizon=0, extend=2 * cells)
    assert search(extended, 2)[0] == 0
    assert leaf(extended).kind is Kind.OVER and leaf(extended).ply == 2 * ((cells + 1) // 2)


def test_a_win_is_found_with_its_distance(path):
    # the enemy has one cell left; West would shut me in too (a draw), East wins in two plies
    board = parse_board("10 3\n##########\n#2 # 1   #\n##########\n")
    for depth in (2, 4, 6):
        assert search(tree(board), depth) == (win(2), Move.EAST)


def test_stuck_loses_and_both_stuck_draws():
    stuck = tree(parse_board("5 3\n#####\n#1#2 \n#####\n"))
    assert stuck.score == loss(0) and stuck.kind is Kind.OVER and not stuck.children
    both = tree(parse_board("5 3\n#####\n#1#2#\n#####\n"))
    assert both.score == 0 and both.kind is Kind.OVER


MAPS = [
    load_board(f"lazytron/maps/{name}.txt")
    for name in ("open-field", "rooms", "pillars", "crossroads", "islands")
]


def contested_positions(seed: int) -> list:
    """The maps' first positions and positions from random games on them, where the players can
    still meet."""
    positions = [board for first in MAPS for board in [first, *random_positions(first, seed, 4)]]
    return [board for board in positions if contested(tree(board))]


def searched_to(board, depth: int) -> ChamberPosition:
    """A fresh tree searched as the bot searches it, every depth below ``depth``."""
    root = tree(board)
    for shallower in range(2, depth, 2):
        search(root, shallower)
    return root


@pytest.mark.parametrize("seed", range(2))
def test_a_search_yields_each_move_it_proves_better_and_ends_with_its_result(seed):
    changed = 0
    for position in contested_positions(seed):
        found = list(improvements(searched_to(position, 6), 6))
        exact = root_values(
            tree(position), 6
        )  # every root move's value, the shallower depths searched first
        assert [v for v, _ in found] == sorted(
            {v for v, _ in found}
        )  # each one better than the one before
        assert all(exact[move] == v for v, move in found)  # exact values, not bounds
        assert found[-1][0] == max(exact.values())  # the last is the best move
        changed += len(found) > 1
    assert changed  # some position's first move (the last depth's best) was not its best


@pytest.mark.parametrize("collision", [0, -30, 30])
def test_an_answer_that_can_collide_is_searched_under_the_collision(collision):
    # my East puts my head where the enemy can step: its collision is an answer worth `collision`
    # at no cost, so a window whose floor it reaches ends at once, scoring none of the other
    # answers; any other window finds plain minimax's least answer, fail-soft
    def east(root: ChamberPosition):  # type: ignore[no-untyped-def]
        return next(r for r in root.children if r.move == Move.EAST)

    exact = min(v for _, v in answer_values(east(tree(BESIDE, collision=collision, extend=0)), 4))
    assert exact <= collision
    for alpha, beta in [
        (collision, INF),
        (collision + 5, collision + 90),
        (-INF, INF),
        (exact - 1, exact + 1),
        (-INF, exact),
        (exact, INF),
    ]:
        reply = east(tree(BESIDE, collision=collision, extend=0, horizon=0))
        found = answer(reply, 5, alpha, beta, None)
        assert_fail_soft(found, exact, alpha, beta)
        others = [p for p in reply.children if p.me != p.enemy]  # type: ignore[attr-defined]
        assert len(others) == 3
        if collision <= alpha:
            assert found == collision and not any(p.scored for p in others)
