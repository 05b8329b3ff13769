"""The search's last plies in C against the Python tree: the same values, the window contract, the
clock."""

from __future__ import annotations

import random
from functools import partial

import pytest
from positions import random_positions
from trees import BESIDE, ROOMS, SMALL, assert_fail_soft, contested, minimax, searched, tree

from lazytron.board import Board, Move
from lazytron.clock import OutOfTime
from lazytron.engines.chambers import ChamberPosition, _native
from lazytron.engines.chambers.evaluate import Kind
from lazytron.engines.chambers.search import INF, horizon_value, search
from lazytron.reading import load_board, parse_board


def in_c_and_in_python(
    board: Board, depths: tuple[int, ...] = (2, 4, 6), horizon: int = 6, **knobs: int
) -> bool:
    """Whether ``horizon`` plies in C and every ply in Python agree at ``depths``."""
    return searched(board, depths, horizon=horizon, **knobs) == searched(
        board, depths, horizon=0, **knobs
    )


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("extend", [0, 3])
@pytest.mark.parametrize(
    ("aggression", "spread", "squash"), [(0, 0, 0), (7, 0, 0), (0, 3, 0), (-5, 9, 0), (0, 0, 900)]
)
def test_the_last_plies_in_c_search_as_the_python_tree_does(
    seed, extend, aggression, spread, squash, speedups
):
    boards = random_positions(SMALL, seed, 3) + random_positions(
        load_board("lazytron/maps/rooms.txt"), seed, 2
    )
    for board in boards:
        found = {
            h: searched(
                board,
                (2, 4, 6),
                horizon=h,
                extend=extend,
                aggression=aggression,
                spread=spread,
                squash=squash,
            )
            for h in (0, 2, 4, 6)
        }
        assert (
            found[2] == found[0] and found[4] == found[0] and found[6] == found[0]
        )  # 0: every node made in Python


def test_without_the_speedups_every_ply_is_searched_in_python(monkeypatch):
    monkeypatch.setattr(_native, "speedups", None)
    for board in random_positions(SMALL, 9, 3):
        root = tree(board)
        assert root.game.horizon is None and horizon_value(root, 2, -INF, INF, 0, None) is None
        assert [search(root, depth) for depth in (2, 4)] == searched(board, (2, 4), horizon=0)


def assert_window_contract(
    board: Board, rng: random.Random, offsets: list[int], widths: list[int]
) -> None:
    """C's search of ``board`` 4 plies deep keeps the fail-soft contract in four random windows
    round its minimax value."""
    root = tree(board, horizon=4)
    if not contested(root):
        return
    exact = minimax(tree(board), 4)
    for _ in range(4):
        alpha = exact + rng.choice(offsets)
        beta = alpha + rng.choice(widths)
        found = horizon_value(root, 4, alpha, beta, 0, None)
        assert found is not None
        assert_fail_soft(found, exact, alpha, beta)


@pytest.mark.parametrize("seed", range(3))
def test_the_search_in_c_keeps_the_window_contract(seed, speedups):
    # fail-soft: exact inside (alpha, beta), at most alpha below it, at least beta above it
    rng = random.Random(seed)
    for board in random_positions(load_board("lazytron/maps/pillars.txt"), seed, 4):
        assert_window_contract(board, rng, [-500, -50, -1, 0, 1, 50], [1, 2, 100, 1000])


def wide_board(width: int) -> Board:
    """Five rows ``width`` cells wide (a row one 64-bit word long at 63, longer beyond), three
    pillars, the heads 12 apart."""
    middle = width // 2
    rows = [[" "] * width for _ in range(5)]
    for row in rows:
        row[0] = row[-1] = "#"
    rows[0] = rows[-1] = ["#"] * width
    for y, x in ((2, middle - 3), (1, middle + 2), (3, middle + 4)):
        rows[y][x] = "#"
    rows[2][middle - 6], rows[2][middle + 6] = "1", "2"
    return parse_board(f"{width} 5\n" + "\n".join("".join(row) for row in rows) + "\n")


@pytest.mark.parametrize("width", [63, 70])
def test_the_search_in_c_floods_rows_of_a_word_and_longer(width, speedups):
    # C floods its leaves' split on bitboards, a row shifted by one word (63 wide) or by a word and
    # some bits (70):
    # the same results as the Python tree, and the window contract with leaves searched for one side
    # only
    base = wide_board(width)
    rng = random.Random(width)
    for board in [base] + random_positions(base, width, 3):
        assert in_c_and_in_python(board)
        assert_window_contract(board, rng, [-5000, -500, -1, 0, 1, 500], [1, 2, 1000])


def test_the_search_in_c_looks_at_the_clock_and_stops_when_it_says(speedups):
    # a deadline passed inside the last plies ends the search there; the tree is left as valid as
    # before
    board = load_board("lazytron/maps/open-field.txt")
    calls = []

    def check() -> None:
        calls.append(1)
        if len(calls) > 1:
            raise OutOfTime

    root = tree(board)
    with pytest.raises(OutOfTime):
        horizon_value(root, 10, -INF, INF, 0, check)
    assert len(calls) == 2
    looked: list[int] = []
    fresh = horizon_value(tree(board), 10, -INF, INF, 0, lambda: looked.append(1))
    assert len(looked) > 2 and horizon_value(root, 10, -INF, INF, 0, None) == fresh
    # the search hands its check down: Python looks at it once per position above the last plies (at
    # most 16 here)
    calls.clear()
    with pytest.raises(OutOfTime):
        search(tree(board, horizon=14), 16, lambda: check() if len(calls) > 16 else calls.append(1))
    assert len(calls) == 18


def test_the_search_in_c_looks_at_the_clock_after_walking_close_regions(speedups):
    # two greedy walks can cost as much as hundreds of positions: each is followed by a look at the
    # clock
    looked = {}
    for close in (-1, 1000):
        calls: list[int] = []
        found = horizon_value(tree(ROOMS, close=close), 8, -INF, INF, 0, partial(calls.append, 1))
        looked[close] = (found, len(calls))
    assert looked[1000][1] > looked[-1][1] + 10


def test_the_search_in_c_scores_collisions_and_separations_as_the_tree_does(speedups):
    # a corridor duel ends in a collision or both stuck; a wall between two rooms leaves the players
    # apart
    duel = parse_board("9 3\n#########\n#1     2#\n#########\n")
    for board in (duel, ROOMS):
        assert in_c_and_in_python(board)


@pytest.mark.parametrize("seed", range(2))
def test_the_search_in_c_sees_players_part_inside_its_plies(seed, speedups):
    # positions inside C's plies are scored only where the line stops: one apart must still be found
    # apart there
    gap = parse_board("9 5\n#########\n#   #   #\n#1     2#\n#   #   #\n#########\n")
    for board in [gap, ROOMS] + random_positions(load_board("lazytron/maps/rooms.txt"), seed, 3):
        assert in_c_and_in_python(board, (4, 6, 8), horizon=8)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("close", "ahead"), [(-1, 0), (3, 0), (3, 2)])
def test_apart_scored_in_c_searches_as_apart_scored_in_python(
    seed, close, ahead, speedups, monkeypatch
):
    # lines that end apart: the chamber bound of each region (refined by the walk where close)
    # computed in C inside
    # the last plies, or in pure Python on every node
    for board in (
        [ROOMS]
        + random_positions(load_board("lazytron/maps/rooms.txt"), seed, 3)
        + random_positions(SMALL, seed, 2)
    ):
        found = {
            horizon: searched(board, (2, 4, 6, 8), horizon=horizon, close=close, walk_ahead=ahead)
            for horizon in (2, 6)
        }
        monkeypatch.setattr(_native, "speedups", None)
        pure = searched(board, (2, 4, 6, 8), close=close, walk_ahead=ahead)
        monkeypatch.setattr(_native, "speedups", speedups)
        assert found[2] == found[6] == pure


@pytest.mark.parametrize("seed", range(3))
def test_late_moves_are_reduced_in_c_as_in_python(seed, speedups):
    # one search of a fresh tree tries moves in the same order in both (the killer, then move
    # order), so the values
    # agree (a kept bound may differ from a fresh search's: memory off)
    for position in random_positions(load_board("lazytron/maps/pillars.txt"), seed, 4):
        found = {
            horizon: search(tree(position, extend=0, memo=False, reduce=2, horizon=horizon), 10)
            for horizon in (0, 8)
        }
        assert found[8] == found[0]


@pytest.mark.parametrize("seed", range(3))
def test_later_moves_are_scouted_in_c_as_in_python(seed, speedups):
    for position in random_positions(load_board("lazytron/maps/pillars.txt"), seed, 4):
        found = {
            horizon: search(tree(position, extend=0, memo=False, scout=True, horizon=horizon), 10)
            for horizon in (0, 8)
        }
        assert found[8] == found[0]


def evaluations(board: Board, depths: range, **knobs: int) -> int:
    """The positions the search in C scores, a tree of ``board`` searched to each of ``depths``."""
    root = tree(board, **knobs)
    for depth in depths:
        search(root, depth)
    return int(root.game.horizon.evaluations)


def test_late_moves_searched_shallower_first_cost_fewer_positions(speedups):
    board = random_positions(load_board("lazytron/maps/rooms.txt"), 5, 1)[0]
    spent = {
        reduce: evaluations(board, range(2, 15, 2), horizon=8, reduce=reduce) for reduce in (0, 2)
    }
    assert spent[2] * 3 < spent[0] * 2  # a third fewer at least


@pytest.mark.parametrize("memo", [True, False])
@pytest.mark.parametrize("horizon", [8, 32])
def test_the_next_turn_searches_again_to_the_last_turns_depths_from_what_was_kept(
    memo, horizon, speedups
):
    # with HORIZON 32 every position below the root is searched in C: its table keeps the values
    rows = [
        "#" * 13,
        "#1          #",
        *["#           #"] * 3,
        "#   ##  #  ##",
        "#          ##",
        *["#           #"] * 3,
    ]
    rows += ["#          2#", "#" * 13]
    board = parse_board(f"13 {len(rows)}\n" + "\n".join(rows) + "\n")
    root = tree(board, memo=memo, horizon=horizon)
    for depth in range(2, 17, 2):
        search(root, depth)
    reply = root.children[root.lead]
    pos = reply.children[reply.lead]  # the line the search expects: the next turn's root
    fresh = ChamberPosition(
        Move.NONE,
        pos.open_,
        pos.me,
        pos.enemy,
        pos.ply,
        tree(board, memo=memo, horizon=horizon).game,
    )
    kept, anew = [], []
    for start, spent in ((pos, kept), (fresh, anew)):
        before = start.game.horizon.evaluations
        for depth in range(2, 15, 2):
            spent.append((search(start, depth)[0], start.game.horizon.evaluations - before))
    assert [v for v, _ in kept] == [v for v, _ in anew]
    if memo:
        assert kept[-1][1] * 4 < anew[-1][1]  # the depths the last turn searched cost a fraction
    else:
        assert kept[-1][1] * 4 > anew[-1][1]


def test_two_trees_keep_their_own_table_of_best_moves(speedups):
    # what one tree's search in C remembers never orders another's: a fresh tree searches as if it
    # were alone
    board = random_positions(load_board("lazytron/maps/rooms.txt"), 3, 1)[0]
    alone = evaluations(board, range(2, 13, 2))
    busy = tree(board)
    for depth in range(2, 13, 2):
        search(busy, depth)
    assert (
        evaluations(board, range(2, 13, 2)) == alone
        and busy.game.horizon is not tree(board).game.horizon
    )


def test_a_root_apart_or_over_is_worth_its_score_in_c(speedups):
    apart = parse_board("9 5\n#########\n#1  #   #\n#   #  2#\n#   #   #\n#########\n")
    over = parse_board("5 3\n#####\n#1#2 \n#####\n")
    for board, kind in ((apart, Kind.APART), (over, Kind.OVER)):
        root = tree(board)
        assert horizon_value(root, 4, -INF, INF, 0, None) == root.score and root.kind is kind


def test_the_search_in_c_keeps_a_regions_bound_by_its_cells_and_its_head(speedups):
    # one tree's search in C scores two positions apart whose regions are the same corridor, entered
    # near its end (six cells to fill) and at its middle (five): each keeps its own bound (no walk
    # of close regions, CLOSE -1, so that the bounds alone make the scores)
    end = parse_board("9 5\n#########\n#     #2#\n# # ### #\n#1##### #\n#########\n")
    middle = parse_board("9 5\n#########\n#     #2#\n# # ### #\n###1### #\n#########\n")
    first = tree(end, close=-1)
    assert horizon_value(first, 2, -INF, INF, 0, None) == tree(end, horizon=0, close=-1).score
    python = tree(middle, horizon=0, close=-1)
    again = ChamberPosition(Move.NONE, python.open_, python.me, python.enemy, 0, first.game)
    assert horizon_value(again, 2, -INF, INF, 0, None) == python.score != first.score


def test_the_search_in_c_keeps_a_shares_bound_by_its_cells_and_its_head(speedups):
    # one tree's search in C scores two connected positions where my share is the same cells, my
    # head at the top of its corridor and then one cell down: the tree of blocks bounds the two
    # apart (3 and 2 cells), and each position keeps its own bound
    top = parse_board("7 5\n#######\n#1# 2 #\n#     #\n##    #\n#######\n")
    down = parse_board("7 5\n#######\n# # 2 #\n#1    #\n##    #\n#######\n")
    first = tree(top)
    horizon_value(first, 2, -INF, INF, 0, None)
    assert first.score == tree(top, horizon=0).score
    python = tree(down, horizon=0)
    again = ChamberPosition(Move.NONE, python.open_, python.me, python.enemy, 0, first.game)
    horizon_value(again, 2, -INF, INF, 0, None)
    assert again.score == python.score != first.score


@pytest.mark.parametrize("collision", [0, -30, 30])
def test_answers_that_can_collide_are_searched_in_c_as_in_python(collision, speedups):
    # heads two cells apart: the collision each answer can make is the ceiling of the others, and
    # enough at once where the window's floor reaches it, in C as in the tree
    for board in [BESIDE, *random_positions(SMALL, 5, 3)]:
        assert in_c_and_in_python(board, (2, 4, 6, 8), horizon=8, collision=collision)
