"""The chambers engine: its search against plain minimax, its moves, its space filling."""

from __future__ import annotations

import random
from time import monotonic
from itertools import islice

import pytest
from positions import random_positions

from lazytron.board import Board, Move, load_board, parse_board
from lazytron.clock import Deadline, OutOfTime
from lazytron import fill, space
from lazytron.engines import chambers, chambers_search
from lazytron.engines.chambers import (
    ChamberPosition,
    ChamberReply,
    fits,
    init_tree,
    legal,
)
from lazytron.engines.chambers_search import INF, answer_matrix, best_scores, improvements, interrupted, root_values, search, value
from lazytron.fill import shortfall
from lazytron.outcome import loss, win
from lazytron.space import best_step, colour_masks, fillable, region_bound
from lazytron.split import c_forget, chamber_bound
from lazytron.territory import reach
from lazytron.tree import inherit

SMALL = parse_board("7 6\n#######\n#1    #\n#  #  #\n#  #  #\n#    2#\n#######\n")


def minimax(pos: ChamberPosition, depth: int, root: bool = True) -> int:
    """Plain minimax over the same tree and evaluation: no pruning, no ordering (the root is always searched)."""
    score = pos.score  # evaluating sets final and apart
    if depth == 0 or pos.final or (pos.apart and not root) or not pos.children:
        return score
    return max(min(minimax(kid, depth - 2, False) for kid in reply.children) for reply in pos.children)  # type: ignore[arg-type]


def assert_fail_soft(found: int, exact: int, alpha: int, beta: int) -> None:
    """``found`` is what a fail-soft search with window (alpha, beta) may return for a position worth ``exact``."""
    if alpha < exact < beta:
        assert found == exact
    elif exact <= alpha:
        assert exact <= found <= alpha
    else:
        assert beta <= found <= exact


@pytest.mark.parametrize("seed", range(6))
def test_search_equals_minimax(seed, monkeypatch):
    monkeypatch.setattr(chambers_search, "EXTEND", 0)  # every ply costs depth, as in minimax (the extension's test is below)
    for board in random_positions(SMALL, seed, 4):
        for depth in (2, 4):
            expected = minimax(init_tree(board), depth)
            tree = init_tree(board)
            for d in range(2, depth + 1, 2):  # as the bot does: shallower searches first set the hints
                got, move = search(tree, d)
            assert got == expected
            fresh = init_tree(board)
            if not (fresh.score, fresh.apart)[1]:  # value() stops at a root already apart
                assert value(fresh, depth, -INF, INF, None) == expected
            if tree.children:  # the move chosen is worth what the search says
                reply = next(r for r in tree.children if r.move == move)
                assert min(minimax(p, depth - 2, False) for p in reply.children) == expected


@pytest.mark.parametrize("seed", range(4))
def test_root_values_and_the_answer_matrix_hold_minimax_values(seed, monkeypatch):
    monkeypatch.setattr(chambers_search, "EXTEND", 0)  # every ply costs depth, as in minimax
    for board in random_positions(SMALL, seed, 4):
        tree = init_tree(board)
        if (tree.score, tree.final)[1]:
            continue
        matrix = answer_matrix(tree, 4)  # each answer's value
        expected = {reply.move: {p.move: minimax(p, 2, False) for p in reply.children} for reply in init_tree(board).children}
        assert matrix == expected
        values = root_values(init_tree(board), 4)  # each move's: its least answer
        assert values == {move: min(answers.values()) for move, answers in expected.items()}
        assert max(values.values()) == search(init_tree(board), 4)[0]


ROOMS = parse_board("9 5\n#########\n#1  #   #\n#      2#\n#   #   #\n#########\n")  # two rooms joined by a gap
OPEN = parse_board("6 6\n######\n#1   #\n#    #\n#    #\n#   2#\n######\n")


def answer_values(reply: ChamberReply, depth: int) -> list[tuple[bool, int]]:
    """(collides, minimax value) of each enemy answer to my move, ``depth`` plies below it."""
    return [(pos.me == pos.enemy, minimax(pos, depth, False)) for pos in reply.children]  # type: ignore[attr-defined]


def chosen(board: Board, depth: int) -> tuple[int, ChamberReply | None]:
    """The search's value and the reply node of the move it chooses (None: the game is over), searched as the bot does."""
    tree = init_tree(board)
    for d in range(2, depth + 1, 2):
        got, move = search(tree, d)
    if tree.final:
        return got, None
    return got, next((r for r in tree.children if r.move == move), None)  # type: ignore[misc]


def test_a_tie_sidesteps_a_needless_head_on_collision(monkeypatch):
    monkeypatch.setattr(chambers_search, "EXTEND", 0)
    board = parse_board("6 6\n######\n###  #\n# 2  #\n#  1 #\n#  ###\n######\n")  # heads diagonal: two cells both can enter
    monkeypatch.setattr(chambers_search, "SIDESTEP", 0)
    first, into = chosen(board, 4)
    monkeypatch.setattr(chambers_search, "SIDESTEP", 1)
    same, aside = chosen(board, 4)
    assert into is not None and aside is not None
    assert (into.move, aside.move) == (Move.NORTH, Move.EAST) and first == same
    assert (True, first) in answer_values(into, 2) and min(v for hit, v in answer_values(into, 2) if not hit) == first
    assert not any(hit for hit, _ in answer_values(aside, 2)) and min(v for _, v in answer_values(aside, 2)) == first


@pytest.mark.parametrize("seed", range(12))
def test_a_move_into_a_collision_is_chosen_only_where_it_pays(seed, monkeypatch):
    """Same value as without SIDESTEP; a contested choice is either worth more than every safe move or held only by the collision."""
    monkeypatch.setattr(chambers_search, "EXTEND", 0)
    for board in random_positions(SMALL, seed, 3) + random_positions(OPEN, seed, 6):
        for depth in (2, 4):
            monkeypatch.setattr(chambers_search, "SIDESTEP", 0)
            first = chosen(board, depth)[0]
            monkeypatch.setattr(chambers_search, "SIDESTEP", 1)
            got, reply = chosen(board, depth)
            assert got == first
            if reply is None:
                continue
            answers = answer_values(reply, depth - 2)
            if not any(hit for hit, _ in answers):
                continue
            each = [answer_values(r, depth - 2) for r in init_tree(board).children]  # type: ignore[arg-type]
            safe = [min(v for _, v in values) for values in each if not any(hit for hit, _ in values)]
            assert max(safe, default=-INF) < got or min((v for hit, v in answers if not hit), default=INF) > got


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("extend", [0, 3])
@pytest.mark.parametrize("aggression", [0, 7])
def test_the_last_plies_in_c_search_as_the_python_tree_does(seed, extend, aggression, monkeypatch):
    monkeypatch.setattr(chambers_search, "EXTEND", extend)
    monkeypatch.setattr(chambers, "AGGRESSION", aggression)
    boards = random_positions(SMALL, seed, 3) + random_positions(load_board("maps/rooms.txt"), seed, 2)
    for board in boards:
        found = {}
        for horizon in (0, 2, 4, 6):  # 0: every node made in Python
            monkeypatch.setattr(chambers_search, "HORIZON", horizon)
            tree = init_tree(board)
            found[horizon] = [search(tree, depth) for depth in (2, 4, 6)]
        assert found[2] == found[0] and found[4] == found[0] and found[6] == found[0]


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
@pytest.mark.parametrize("seed", range(3))
def test_the_search_in_c_keeps_the_window_contract(seed, monkeypatch):
    # fail-soft: exact inside (alpha, beta), at most alpha below it, at least beta above it
    monkeypatch.setattr(chambers_search, "HORIZON", 4)
    rng = random.Random(seed)
    for board in random_positions(load_board("maps/pillars.txt"), seed, 4):
        assert_window_contract(board, rng, [-500, -50, -1, 0, 1, 50], [1, 2, 100, 1000])


def assert_window_contract(board: Board, rng: random.Random, offsets: list[int], widths: list[int]) -> None:
    """C's search of ``board`` 4 plies deep keeps the fail-soft contract in four random windows around its minimax value."""
    root = init_tree(board)
    if root.score is None or root.final or root.apart:
        return
    exact = minimax(init_tree(board), 4)
    for _ in range(4):
        alpha = exact + rng.choice(offsets)
        beta = alpha + rng.choice(widths)
        assert_fail_soft(root.horizon_value(4, alpha, beta, 0), exact, alpha, beta)


def wide_board(width: int) -> Board:
    """Five rows ``width`` cells wide (a row one 64-bit word long at 63, longer beyond), three pillars, the heads 12 apart."""
    middle = width // 2
    rows = [[" "] * width for _ in range(5)]
    for row in rows:
        row[0] = row[-1] = "#"
    rows[0] = rows[-1] = ["#"] * width
    for y, x in ((2, middle - 3), (1, middle + 2), (3, middle + 4)):
        rows[y][x] = "#"
    rows[2][middle - 6], rows[2][middle + 6] = "1", "2"
    return parse_board(f"{width} 5\n" + "\n".join("".join(row) for row in rows) + "\n")


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
@pytest.mark.parametrize("width", [63, 70])
def test_the_search_in_c_floods_rows_of_a_word_and_longer(width, monkeypatch):
    # C floods its leaves' split on bitboards, a row shifted by one word (63 wide) or by a word and some bits (70):
    # the same results as the Python tree, and the window contract with leaves searched for one side only
    base = wide_board(width)
    rng = random.Random(width)
    for board in [base] + random_positions(base, width, 3):
        assert searched_in_c_and_in_python(board, monkeypatch)
        monkeypatch.setattr(chambers_search, "HORIZON", 4)
        assert_window_contract(board, rng, [-5000, -500, -1, 0, 1, 500], [1, 2, 1000])


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
def test_the_search_in_c_looks_at_the_clock_and_stops_when_it_says(monkeypatch):
    # a deadline passed inside the last plies ends the search there; the tree is left as valid as before
    board = load_board("maps/open-field.txt")
    calls = []

    def check() -> None:
        calls.append(1)
        if len(calls) > 1:
            raise OutOfTime

    tree = init_tree(board)
    with pytest.raises(OutOfTime):
        tree.horizon_value(10, -INF, INF, 0, check)
    assert len(calls) == 2
    looked: list[int] = []
    found = tree.horizon_value(10, -INF, INF, 0, lambda: looked.append(1))
    assert len(looked) > 2 and found == init_tree(board).horizon_value(10, -INF, INF, 0)
    # the search hands its check down: Python looks at it once per position above the last plies (at most 16 here)
    monkeypatch.setattr(chambers_search, "HORIZON", 14)
    calls.clear()
    with pytest.raises(OutOfTime):
        search(init_tree(board), 16, lambda: check() if len(calls) > 16 else calls.append(1))
    assert len(calls) == 18


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
def test_the_search_in_c_looks_at_the_clock_after_walking_close_regions(monkeypatch):
    # two greedy walks can cost as much as hundreds of positions: each is followed by a look at the clock
    looked = {}
    for close in (-1, 1000):
        monkeypatch.setattr(chambers, "CLOSE", close)
        calls: list[int] = []
        found = init_tree(ROOMS).horizon_value(8, -INF, INF, 0, lambda: calls.append(1))
        looked[close] = (found, len(calls))
    assert looked[1000][1] > looked[-1][1] + 10


def searched_in_c_and_in_python(board: Board, monkeypatch) -> bool:
    """Whether six plies in C and every ply in Python give the same results at depths 2, 4 and 6."""
    found = {}
    for horizon in (0, 6):
        monkeypatch.setattr(chambers_search, "HORIZON", horizon)
        found[horizon] = [search(init_tree(board), depth) for depth in (2, 4, 6)]
    return found[6] == found[0]


def test_the_search_in_c_scores_collisions_and_separations_as_the_tree_does(monkeypatch):
    # a corridor duel ends in a collision or both stuck; a wall between two rooms leaves the players apart
    duel = parse_board("9 3\n#########\n#1     2#\n#########\n")
    for board in (duel, ROOMS):
        assert searched_in_c_and_in_python(board, monkeypatch)


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
@pytest.mark.parametrize("measure", [0, 5, 7, 8])
def test_every_measure_of_the_split_searches_the_same_in_c(measure, monkeypatch):
    # C's last plies skip the battlefront's fields where the measure does not use them (0, 5, 6): each measure's own fields still count
    monkeypatch.setattr(chambers, "TERRITORY_CHAMBERS", measure)
    for board in [ROOMS] + random_positions(load_board("maps/rooms.txt"), measure, 3) + random_positions(SMALL, measure, 2):
        assert searched_in_c_and_in_python(board, monkeypatch)


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
@pytest.mark.parametrize("seed", range(2))
def test_the_search_in_c_sees_players_part_inside_its_plies(seed, monkeypatch):
    # positions inside C's plies are scored only where the line stops: one apart must still be found apart there
    gap = parse_board("9 5\n#########\n#   #   #\n#1     2#\n#   #   #\n#########\n")
    for board in [gap, ROOMS] + random_positions(load_board("maps/rooms.txt"), seed, 3):
        found = {}
        for horizon in (0, 8):
            monkeypatch.setattr(chambers_search, "HORIZON", horizon)
            found[horizon] = [search(init_tree(board), depth) for depth in (4, 6, 8)]
        assert found[8] == found[0]


def test_without_the_extension_every_ply_is_searched_in_python(monkeypatch):
    monkeypatch.setattr(chambers, "c_horizon", None)
    for board in random_positions(SMALL, 9, 3):
        tree = init_tree(board)
        assert tree.horizon_value(2, -INF, INF, 0) is None
        found = [search(tree, depth) for depth in (2, 4)]
        monkeypatch.setattr(chambers_search, "HORIZON", 0)
        assert [search(init_tree(board), depth) for depth in (2, 4)] == found
        monkeypatch.setattr(chambers_search, "HORIZON", 2)


def test_apart_scored_by_the_split_bounds_each_region_by_its_chambers_and_parity(monkeypatch):
    monkeypatch.setattr(chambers, "APART", 1)
    board = parse_board("9 5\n#########\n#1  #   #\n#   #  2#\n#   #   #\n#########\n")
    root = init_tree(board)
    open_ = root.open_
    red = colour_masks(board.width, board.height)[0]

    def bound(head: int) -> int:
        region = reach(open_ | 1 << head, 1 << head, board.stride) & ~(1 << head)
        return min(chamber_bound(region, head, board.width, board.height), region_bound(region, head, red))

    assert root.score == chambers.SEPARATE * (bound(board.me) - bound(board.enemy)) and root.apart


@pytest.mark.parametrize("seed", range(3))
def test_apart_scored_by_the_split_searches_the_same_in_c(seed, monkeypatch):
    monkeypatch.setattr(chambers, "APART", 1)
    for board in [ROOMS] + random_positions(load_board("maps/rooms.txt"), seed, 3):
        assert searched_in_c_and_in_python(board, monkeypatch)


@pytest.mark.skipif(chambers.c_fillable is None, reason="the C extension was not built")
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("close", [-1, 3])
def test_apart_scored_in_c_searches_as_apart_scored_in_python(seed, close, monkeypatch):
    # lines that end apart: space.fillable's bound (refined by the walk where CLOSE) computed in C inside the last
    # plies, or by a call to Python's
    monkeypatch.setattr(chambers, "CLOSE", close)
    monkeypatch.setattr(chambers, "SHORT", chambers.SEPARATE)
    for board in [ROOMS] + random_positions(load_board("maps/rooms.txt"), seed, 3) + random_positions(SMALL, seed, 2):
        found = {}
        for in_c in (True, False):
            if not in_c:
                monkeypatch.setattr(chambers, "c_fillable", None)
                monkeypatch.setattr(space, "c_fillable", None)
                monkeypatch.setattr(fill, "c_walk", None)
            for horizon in (2, 6):
                monkeypatch.setattr(chambers_search, "HORIZON", horizon)
                found[in_c, horizon] = [search(init_tree(board), depth) for depth in (2, 4, 6, 8)]
        assert found[True, 2] == found[False, 2] == found[True, 6] == found[False, 6]


@pytest.mark.parametrize("seed", range(3))
def test_aggression_lowers_a_connected_score_by_the_heads_distance(seed, monkeypatch):
    for board in random_positions(load_board("maps/rooms.txt"), seed, 3):
        plain = init_tree(board)
        score = plain.score  # sets final and apart
        monkeypatch.setattr(chambers, "AGGRESSION", 11)
        aggressive = init_tree(board).score
        monkeypatch.setattr(chambers, "AGGRESSION", 0)
        steps = abs(board.me // board.stride - board.enemy // board.stride) + abs(board.me % board.stride - board.enemy % board.stride)
        assert not plain.final and not plain.apart  # random positions of rooms.txt are connected
        assert aggressive == score - 11 * steps


def test_a_measure_computed_in_python_is_never_searched_in_c(monkeypatch):
    monkeypatch.setattr(chambers, "TERRITORY_CHAMBERS", 1)
    root = init_tree(SMALL)
    assert root.horizon_value(2, -INF, INF, 0) is None
    assert not root.expanded


def test_a_node_never_searched_tries_the_killer_first_and_a_searched_one_its_lead():
    tree = init_tree(SMALL)
    fresh = tree.children[0]
    kids = fresh.children  # the enemy's answers, in move order
    order = chambers_search._order
    assert fresh.lead == -1 and len(kids) == 2
    assert order(fresh, kids, kids[1].move) == (1, 0)  # no lead yet: the killer leads
    assert order(fresh, kids, 0) == (0, 1)
    search(tree, 4)
    assert tree.lead >= 0
    lead, other = tree.lead, (tree.lead + 1) % len(tree.children)
    assert order(tree, tree.children, tree.children[other].move)[:2] == (lead, other)  # then the lead leads


def test_the_killer_is_the_move_found_best_at_its_ply():
    tree = init_tree(SMALL)
    search(tree, 2)
    best = tree.children[tree.lead]
    killers = tree.game.killers
    assert killers[best.ply] == best.children[best.lead].move  # the enemy's best answer to my best move


def extended_minimax(pos: ChamberPosition, depth: int, extend: int, root: bool = True) -> int:
    """Plain minimax where a forced move (a side with one move) costs no depth while ``extend`` lasts."""
    score = pos.score
    if depth <= 0 or pos.final or (pos.apart and not root) or not pos.children:
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


@pytest.mark.parametrize("seed", range(4))
def test_search_with_free_forced_moves_equals_minimax(seed, monkeypatch):
    monkeypatch.setattr(chambers_search, "EXTEND", 3)
    for board in random_positions(SMALL, seed, 4):
        tree = init_tree(board)
        for depth in (2, 4):
            got, _ = search(tree, depth)
            assert got == extended_minimax(init_tree(board), depth, 3)


def grandchildren(pos: ChamberPosition) -> list[ChamberPosition]:
    """The positions after each pair of moves from ``pos``, as the bot re-roots on them."""
    return [kid for reply in pos.children for kid in reply.children]  # type: ignore[misc]


@pytest.mark.parametrize("seed", range(4))
def test_a_re_rooted_tree_searches_what_a_fresh_one_does_with_what_it_kept(seed, monkeypatch):
    # the last turn's searches (forced moves free: the kept values are by depth and free plies) answer this turn's
    monkeypatch.setattr(chambers_search, "EXTEND", 3)
    for board in random_positions(SMALL, seed, 4):
        tree = init_tree(board)
        for depth in (2, 4, 6, 8):
            search(tree, depth)
        if tree.final or not tree.children:
            continue
        assert any(pos.known for pos in grandchildren(tree))  # the last turn's search left values there
        for pos in grandchildren(tree):
            if pos.final or pos.apart or not pos.children:
                continue
            for depth in (2, 4, 6):
                assert search(pos, depth)[0] == extended_minimax(pos, depth, 3)


CORRIDOR = parse_board("11 7\n###########\n#1      ###\n####### ###\n#     #   #\n#     # # #\n#    2    #\n###########\n")


def test_a_kept_value_answers_only_a_search_its_bound_decides(monkeypatch):
    monkeypatch.setattr(chambers_search, "HORIZON", 0)
    differ = 0
    for board in (CORRIDOR, *random_positions(CORRIDOR, 1, 8), *random_positions(SMALL, 7, 6)):
        pos = init_tree(board)
        if pos.final or pos.apart:
            continue
        for extend in (0, 3):  # kept apart: forced moves free change the value
            exact = extended_minimax(init_tree(board), 4, extend)
            for alpha, beta in ((exact - 9, exact - 5), (exact - 1, exact + 1), (exact + 5, exact + 9), (-INF, exact), (exact, INF), (exact - 1, exact + 1)):
                found = value(pos, 4, alpha, beta, None, extend)  # kept, then recalled by a later window where it can be
                assert_fail_soft(found, exact, alpha, beta)
        differ += extended_minimax(init_tree(board), 4, 0) != extended_minimax(init_tree(board), 4, 3)
    assert differ


def evaluations_counted(monkeypatch) -> list[int]:
    """Count the positions the search in C scores from now on (the list's only item)."""
    count = [0]
    horizon = chambers.c_horizon

    def counting(*args):
        found = horizon(*args)
        count[0] += found[1]
        return found

    monkeypatch.setattr(chambers, "c_horizon", counting)
    return count


def height(pos: ChamberPosition) -> int:
    """Plies to the end of the longest line below ``pos``, where minimax stops: over, apart or stuck."""
    pos.score  # evaluating sets final and apart
    if pos.final or pos.apart or not pos.children:
        return 0
    return 2 + max(height(kid) for reply in pos.children for kid in reply.children)  # type: ignore[arg-type]


@pytest.mark.parametrize("horizon", [0, 4])  # late moves reduced in Python, and in C
def test_late_moves_searched_shallower_first_keep_every_value_a_shallower_search_sees_to_the_end(horizon, monkeypatch):
    # where a line's shallower search still reaches the end of every line below it, it is exact: so must the result be
    monkeypatch.setattr(chambers_search, "EXTEND", 0)
    monkeypatch.setattr(chambers_search, "HORIZON", horizon)
    monkeypatch.setattr(chambers_search, "REDUCE", 2)
    tiny = parse_board("6 5\n######\n#1   #\n# #  #\n#   2#\n######\n")
    checked = 0
    for board in random_positions(tiny, 7, 12) + random_positions(SMALL, 7, 40):
        root = init_tree(board)
        if root.score is None or root.final or root.apart or not 4 <= height(root) <= 8:
            continue
        depth = height(root) + 2
        tree = init_tree(board)
        for d in range(2, depth + 1, 2):
            got, _ = search(tree, d)
        assert got == minimax(init_tree(board), depth)
        checked += 1
    assert checked >= 8


def principal_line(root: ChamberPosition) -> list[ChamberPosition]:
    """The positions of the line the last search expects, by each node's ``lead``: the root, then one every two plies."""
    line, node = [root], root
    while node.expanded and node.children and node.lead >= 0:
        node = node.children[node.lead]
        if isinstance(node, ChamberPosition):
            line.append(node)
    return line


@pytest.mark.parametrize("seed", range(3))
def test_a_late_move_the_shallower_search_shows_better_is_searched_again_to_the_full_depth(seed, monkeypatch):
    # the line the search expects is then the full depth long (or ends with the game): never a shallower search's
    monkeypatch.setattr(chambers_search, "EXTEND", 0)
    monkeypatch.setattr(chambers_search, "HORIZON", 0)  # nodes all the way down, to follow the line
    monkeypatch.setattr(chambers_search, "MEMO", False)  # every search sets its nodes' leads again
    monkeypatch.setattr(chambers_search, "REDUCE", 2)
    for board in random_positions(load_board("maps/pillars.txt"), seed, 6):
        tree = init_tree(board)
        if tree.score is None or tree.final or tree.apart:
            continue
        for depth in (2, 4, 6, 8):
            search(tree, depth)
        *_, end = principal_line(tree)
        assert end.ply - tree.ply == 8 or end.final or end.apart or not end.children


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
@pytest.mark.parametrize("seed", range(3))
def test_late_moves_are_reduced_in_c_as_in_python(seed, monkeypatch):
    # one search of a fresh tree tries moves in the same order in both (the killer, then move order) once C's table
    # of best moves is emptied, so the values agree
    monkeypatch.setattr(chambers_search, "EXTEND", 0)
    monkeypatch.setattr(chambers_search, "MEMO", False)  # a kept bound may differ from a fresh search's: not in C
    monkeypatch.setattr(chambers_search, "REDUCE", 2)
    for position in random_positions(load_board("maps/pillars.txt"), seed, 4):
        found = {}
        for horizon in (0, 8):
            monkeypatch.setattr(chambers_search, "HORIZON", horizon)
            c_forget()
            found[horizon] = search(init_tree(position), 10)
        assert found[8] == found[0]


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
def test_late_moves_searched_shallower_first_cost_fewer_positions(monkeypatch):
    board = random_positions(load_board("maps/rooms.txt"), 5, 1)[0]
    monkeypatch.setattr(chambers_search, "HORIZON", 8)
    spent = {}
    for reduce in (0, 2):
        monkeypatch.setattr(chambers_search, "REDUCE", reduce)
        count = evaluations_counted(monkeypatch)
        tree = init_tree(board)
        for depth in range(2, 15, 2):
            search(tree, depth)
        spent[reduce] = count[0]
    assert spent[2] * 3 < spent[0] * 2  # a third fewer at least


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
@pytest.mark.parametrize("memo", [True, False])
def test_the_next_turn_searches_again_to_the_last_turns_depths_from_what_was_kept(memo, monkeypatch):
    monkeypatch.setattr(chambers_search, "MEMO", memo)
    rows = ["#" * 13, "#1          #", *["#           #"] * 3, "#   ##  #  ##", "#          ##", *["#           #"] * 3, "#          2#", "#" * 13]
    board = parse_board(f"13 {len(rows)}\n" + "\n".join(rows) + "\n")
    count = evaluations_counted(monkeypatch)
    tree = init_tree(board)
    for depth in range(2, 17, 2):
        search(tree, depth)
    reply = tree.children[tree.lead]
    pos = reply.children[reply.lead]  # the line the search expects: the next turn's root
    fresh = ChamberPosition(Move.NONE, pos.open_, pos.me, pos.enemy, pos.ply, init_tree(board).game)
    kept, anew = [], []
    for root, spent in ((pos, kept), (fresh, anew)):
        count[0] = 0
        for depth in range(2, 15, 2):
            spent.append((search(root, depth)[0], count[0]))
    assert [v for v, _ in kept] == [v for v, _ in anew]
    if memo:
        assert kept[-1][1] * 4 < anew[-1][1]  # the depths the last turn searched cost a fraction
    else:
        assert kept[-1][1] * 4 > anew[-1][1]


@pytest.mark.parametrize("cells", [5, 6])
def test_forced_moves_are_searched_past_the_depth(cells, monkeypatch):
    # a corridor duel: every move is forced, so the game's end (a collision or both stuck) is seen at depth 2
    board = parse_board(f"{cells + 4} 3\n{'#' * (cells + 4)}\n#1{' ' * cells}2#\n{'#' * (cells + 4)}\n")

    def leaf(tree: ChamberPosition) -> ChamberPosition:
        node = tree
        while node.expanded and node.children:
            node = node.children[node.lead]
        assert isinstance(node, ChamberPosition)
        return node

    monkeypatch.setattr(chambers_search, "HORIZON", 0)  # nodes all the way down, to look at the leaf
    monkeypatch.setattr(chambers_search, "EXTEND", 0)
    plain = init_tree(board)
    search(plain, 2)
    assert not leaf(plain).final
    monkeypatch.setattr(chambers_search, "EXTEND", 2 * cells)
    extended = init_tree(board)
    assert search(extended, 2)[0] == 0 and leaf(extended).final and leaf(extended).ply == 2 * ((cells + 1) // 2)


def test_a_win_is_found_with_its_distance():
    # the enemy has one cell left; West would shut me in too (a draw), East wins in two plies
    board = parse_board("10 3\n##########\n#2 # 1   #\n##########\n")
    for depth in (2, 4, 6):
        assert search(init_tree(board), depth) == (win(2), Move.EAST)


def test_stuck_loses_and_both_stuck_draws():
    stuck = init_tree(parse_board("5 3\n#####\n#1#2 \n#####\n"))
    assert stuck.score == loss(0) and stuck.final and not stuck.children
    both = init_tree(parse_board("5 3\n#####\n#1#2#\n#####\n"))
    assert both.score == 0 and both.final


def test_never_moves_into_a_wall_when_a_free_move_exists():
    for board in random_positions(load_board("maps/pillars.txt"), 7, 40):
        root = init_tree(board)
        results = list(_take(best_scores(root), 3))
        free_moves = {m for m, _ in legal(root.open_, board.me, board.stride)}
        for _, move in results:
            assert move in free_moves or (not free_moves and move == Move.NONE)


def test_moves_to_the_free_cell_when_the_enemy_is_stuck():
    board = parse_board("4 3\n####\n#1 #\n#2##\n")
    root = init_tree(board)
    assert root.score == win(0)
    assert [move for _, move in best_scores(root)] == [Move.EAST, Move.EAST]


def _take(items, n):
    for _, item in zip(range(n), items):
        yield item


def longest_path(region: int, head: int, stride: int) -> int:
    best = 0
    for target in (head - stride, head + 1, head + stride, head - 1):
        if target >= 0 and region >> target & 1:
            best = max(best, 1 + longest_path(region & ~(1 << target), target, stride))
    return best


def play_alone(board: Board) -> int:
    """Follow the engine's own moves in a separated position until it is stuck; the number of moves."""
    moves = 0
    while True:
        root = init_tree(board)
        results = list(best_scores(root))
        move = results[-1][1]
        target = next((t for m, t in legal(root.open_, board.me, board.stride) if m == move), None)
        if target is None:
            return moves
        board = Board(board.width, board.height, board.walls | 1 << board.me, target, board.enemy)
        moves += 1


@pytest.mark.parametrize("seed", range(8))
def test_fills_to_the_longest_path_when_apart(seed):
    rng = random.Random(seed)
    rows = ["#" * 7] + ["#" + "".join(" " if rng.random() > 0.25 else "#" for _ in range(5)) + "#" for _ in range(4)]
    rows += ["#######", "#2    #", "#######"]
    rows[1] = "#1" + rows[1][2:]
    board = parse_board("7 8\n" + "\n".join(rows) + "\n")
    root = init_tree(board)
    _ = root.score  # evaluating sets apart
    assert root.apart or root.final
    region = reach(root.open_ | 1 << board.me, 1 << board.me, board.stride) & ~(1 << board.me)
    assert play_alone(board) == longest_path(region, board.me, board.stride)


# apart, both bounds 5: my region (top) has no path of 5, the enemy's corridor has
LOOSE_AGAINST_CORRIDOR = "6 8\n######\n#    #\n## 1##\n######\n#2   #\n#### #\n#### #\n######\n"


def test_close_separated_bounds_are_refined_by_the_walk(monkeypatch):
    board = parse_board(LOOSE_AGAINST_CORRIDOR)
    me, enemy = 1 << board.me, 1 << board.enemy
    mine = reach(board.free & ~enemy, me, board.stride) & ~me
    theirs = reach(board.free & ~me, enemy, board.stride) & ~enemy
    assert [fillable(r, h, board.width, board.height) for r, h in ((mine, board.me), (theirs, board.enemy))] == [5, 5]
    assert longest_path(mine, board.me, board.stride) < longest_path(theirs, board.enemy, board.stride)
    monkeypatch.setattr(chambers, "CLOSE", 2)
    monkeypatch.setattr(chambers, "SHORT", chambers.SEPARATE // 2)
    refined = init_tree(board).score
    assert -chambers.SEPARATE < refined < 0  # half a cell a cell short: less than a cell behind
    monkeypatch.setattr(chambers, "CLOSE", -1)
    assert init_tree(board).score == 0  # bounds alone: level


@pytest.mark.skipif(chambers.c_horizon is None, reason="the C extension was not built")
@pytest.mark.parametrize("short", [chambers.SEPARATE // 2, chambers.SEPARATE])
def test_close_separated_bounds_are_refined_in_c_as_in_python(short, monkeypatch):
    board = parse_board(LOOSE_AGAINST_CORRIDOR)
    me, enemy = 1 << board.me, 1 << board.enemy
    mine = reach(board.free & ~enemy, me, board.stride) & ~me
    theirs = reach(board.free & ~me, enemy, board.stride) & ~enemy
    falls_short = shortfall(mine, board.me, board.width, board.height) - shortfall(theirs, board.enemy, board.width, board.height)
    monkeypatch.setattr(chambers, "CLOSE", 2)
    monkeypatch.setattr(chambers, "SHORT", short)
    in_python = init_tree(board)
    in_c = init_tree(board)
    assert in_c.horizon_value(2, -INF, INF, 0) is not None  # scored in C: the root is apart, so that is its value
    assert in_c.apart and in_python.score == in_c.score == -short * falls_short and falls_short > 0


def test_fills_a_region_where_best_step_alone_falls_short():
    # best_step played move by move makes 12 moves here; the longest path is 14
    board = parse_board("6 9\n######\n###  #\n#    #\n#   ##\n# 1  #\n#   ##\n######\n#2   #\n######\n")
    region = reach(board.free & ~(1 << board.enemy), 1 << board.me, board.stride) & ~(1 << board.me)
    assert longest_path(region, board.me, board.stride) == 14
    head, moves = board.me, 0
    while (target := best_step(region, head, board.width, board.height)) is not None:
        region, head, moves = region & ~(1 << target), target, moves + 1
    assert moves == 12
    assert play_alone(board) == 14


def test_tree_re_roots_on_both_moves_and_fits_the_board():
    root = init_tree(SMALL)
    list(_take(best_scores(root), 3))
    reply = inherit(root, Move.EAST)
    assert isinstance(reply, ChamberReply)
    child = inherit(reply, Move.WEST)
    after = Board(SMALL.width, SMALL.height, SMALL.walls | 1 << SMALL.me | 1 << SMALL.enemy, SMALL.me + 1, SMALL.enemy - 1)
    assert fits(child, after) and not fits(child, SMALL)


def fresh(board: Board) -> ChamberPosition:
    """A fresh tree, and C's table of best moves forgotten: the same search visits the same positions."""
    if c_forget is not None:
        c_forget()
    return init_tree(board)


def searched_to(board: Board, depth: int) -> ChamberPosition:
    """A fresh tree searched as the bot searches it, every depth below ``depth``."""
    tree = fresh(board)
    for shallower in range(2, depth, 2):
        search(tree, shallower)
    return tree


MAPS = [load_board(f"maps/{name}.txt") for name in ("open-field", "rooms", "pillars", "crossroads", "islands")]


def can_meet(board: Board) -> bool:
    """Whether the game goes on at ``board`` with the players able to meet (scoring the root sets final and apart)."""
    tree = init_tree(board)
    return not (tree.score is None or tree.final or tree.apart)


def contested_positions(seed: int) -> list[Board]:
    """The maps' first positions and positions from random games on them, where the players can still meet."""
    positions = [board for first in MAPS for board in [first, *random_positions(first, seed, 4)]]
    return [board for board in positions if can_meet(board)]


@pytest.mark.parametrize("seed", range(2))
def test_a_search_yields_each_move_it_proves_better_and_ends_with_its_result(seed):
    changed = 0
    for position in contested_positions(seed):
        found = list(improvements(searched_to(position, 6), 6))
        exact = root_values(fresh(position), 6)  # every root move's value, the shallower depths searched first
        assert [v for v, _ in found] == sorted({v for v, _ in found})  # each one better than the one before
        assert all(exact[move] == v for v, move in found)  # exact values, not bounds
        assert found[-1][0] == max(exact.values())  # the last is the best move
        changed += len(found) > 1
    assert changed  # some position's first move (the last depth's best) was not its best


def counting(limit: int | None = None):
    """A check that counts its calls, and raises OutOfTime on the one after ``limit``."""
    calls = [0]

    def check() -> None:
        calls[0] += 1
        if limit is not None and calls[0] > limit:
            raise OutOfTime

    return check, calls


def proven_at(position: Board, depth: int) -> tuple[list[tuple[int, tuple]], int]:
    """Each improvement of the search to ``depth`` with the checks made before it, and the checks made in all."""
    check, calls = counting()
    proven = [(calls[0], item) for item in improvements(searched_to(position, depth), depth, check)]
    return proven, calls[0]


def taken_until_out_of_time(results) -> list:
    taken = []
    with pytest.raises(OutOfTime):
        for item in results:
            taken.append(item)
    return taken


@pytest.mark.parametrize("seed", range(2))
def test_a_depth_cut_off_by_the_clock_gives_a_move_only_once_one_is_proven_better(seed, monkeypatch):
    monkeypatch.setattr(chambers_search, "UNFINISHED", True)
    # cut the same search at every point: what it yields is the last move proven better before the cut, if any after the first
    cuts = 0
    for position in contested_positions(seed):
        proven, made = proven_at(position, 6)
        for cut in range(0, made, max(1, made // 30)):
            check, _ = counting(cut)
            before = [item for at, item in proven if at <= cut]
            given = taken_until_out_of_time(interrupted(searched_to(position, 6), 6, check))
            assert given == (before[-1:] if len(before) > 1 else [])
            cuts += len(before) > 1
    assert cuts  # some cut came after a better move was proven


@pytest.mark.parametrize("unfinished", [True, False])
def test_a_depth_the_clock_cuts_off_ends_the_results_with_the_move_it_proved_better(unfinished, monkeypatch):
    monkeypatch.setattr(chambers_search, "UNFINISHED", unfinished)
    for position in contested_positions(0):
        proven, made = proven_at(position, 6)
        if len(proven) > 1 and made > proven[-1][0]:  # a better move, and the clock looked at after it
            break
    else:
        pytest.fail("no position whose best move at depth 6 is not the last depth's")
    check, calls = counting()
    shallower = list(islice(best_scores(fresh(position), check), 3))  # the first move, then depths 2 and 4
    check, _ = counting(calls[0] + proven[-1][0])  # the clock runs out at depth 6, just after its last improvement
    taken = taken_until_out_of_time(best_scores(fresh(position), check))
    assert taken == shallower + ([proven[-1][1]] if unfinished else [])


def test_the_iterator_ends_when_decided_or_past_every_line():
    won = list(best_scores(init_tree(parse_board("7 3\n#######\n#2 1  #\n#######\n"))))
    assert won[0][0] is None and won[-1] == (win(2), Move.EAST) and len(won) == 2
    drawn = list(best_scores(init_tree(parse_board("5 3\n#####\n#1 2#\n#####\n"))))
    assert drawn == [(None, Move.EAST), (0, Move.EAST), (0, Move.EAST)]


class Budget(Exception):
    """The search asked for more work than the test allows."""


def test_apart_at_the_root_each_deeper_result_costs_a_bounded_search():
    # a separated position where no short line reaches the parity bound: a fixed depth
    # once waited here for an exhaustive longest-path search (analyse --depth 4 never ended)
    board = parse_board(
        "15 15\n###############\n#      ####   #\n#        ##   #\n#  2     #    #\n#  ## #####   #\n"
        "#  ####   #   #\n# ## ###      #\n# #    #      #\n# #   1#      #\n# # #     #   #\n"
        "# ###     #   #\n# ##          #\n# #           #\n# ######      #\n###############\n"
    )
    calls = 0

    def check() -> None:
        nonlocal calls
        calls += 1
        if calls > 200_000:
            raise Budget

    tree = init_tree(board)
    results = list(islice(best_scores(tree, check), 5))  # the first move, then depths 2 to 8
    assert len(results) == 5
    assert all(move in {kid.move for kid in tree.children} for _, move in results)
