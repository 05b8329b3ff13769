"""The generic lazy tree: made on first demand, kept, re-rooted."""

import pytest

from lazytron.board import Move
from lazytron.engines.zenzike import Position, Reply, init_tree
from lazytron.reading import parse_board
from lazytron.tree import Node, dismantle, inherit, size, trim


class Counting(Node):
    """A binary tree that counts how often it builds children and scores."""

    __slots__ = ("depth", "log")

    def __init__(self, move, depth=0, log=None):
        super().__init__(move)
        self.depth, self.log = depth, log if log is not None else []

    def expand(self):
        self.log.append(("expand", self.depth))
        for m in (Move.NORTH, Move.EAST):
            yield Counting(m, self.depth + 1, self.log)

    def evaluate(self):
        self.log.append(("evaluate", self.depth))
        return self.depth


def test_nothing_is_made_before_it_is_asked_for_and_nothing_twice():
    root = Counting(Move.NONE)
    assert root.log == [] and not root.expanded and not root.scored
    first = root.children
    assert root.children is first
    assert root.score == 0 and root.score == 0
    assert root.log == [("expand", 0), ("evaluate", 0)]
    assert size(root) == 3


def test_inherit_keeps_the_subtree():
    root = Counting(Move.NONE)
    deep = root.children[1].children[0]
    assert inherit(root, Move.EAST).children[0] is deep


def test_inherit_takes_a_lone_child_whatever_its_move():
    board = parse_board("3 3\n1# \n ##\n# 2\n")  # I can only go South; the enemy cannot move
    root = init_tree(board)
    assert [k.move for k in root.children] == [Move.SOUTH]
    assert inherit(root, Move.WEST).move == Move.SOUTH


def test_inherit_falls_back_on_the_last_child_like_matchTree():
    root = Counting(Move.NONE)
    assert inherit(root, Move.WEST).move == Move.EAST  # no match: the last child


def test_inherit_from_a_leaf_raises():
    board = parse_board("3 1\n1#2\n")
    with pytest.raises(LookupError):
        inherit(init_tree(board), Move.NORTH)


def test_tron_levels_alternate_and_odd_levels_are_never_scored():
    board = parse_board("4 3\n1   \n    \n   2\n")
    root = init_tree(board)
    replies = root.children
    assert all(isinstance(r, Reply) for r in replies)
    assert all(isinstance(p, Position) for r in replies for p in r.children)
    with pytest.raises(TypeError):
        _ = replies[0].score
    # the enemy's answers do not depend on my move
    assert len({tuple(p.move for p in r.children) for r in replies}) == 1
    # children are built on the walls with both old heads added
    after = root.free & ~((1 << board.me) | (1 << board.enemy))
    assert all(p.free == after for r in replies for p in r.children)


def test_both_players_may_land_on_one_cell_and_the_tree_goes_on():
    board = parse_board("3 1\n1 2\n")
    root = init_tree(board)
    meet = root.children[0].children[0]
    assert meet.me == meet.enemy and meet.score == 0
    assert meet.children == ()  # both trapped on the middle cell: no move for me


def test_after_separation_the_enemy_stays_and_answers_none():
    board = parse_board("5 2\n1 #2 \n  #  \n")
    root = init_tree(board)
    assert root.score == 0 and root.next_bound == 3
    child = root.children[0].children[0]  # the enemy's real first move
    assert child.bound == 3
    grandchild = child.children[0].children
    assert [g.move for g in grandchild] == [Move.NONE] and grandchild[0].enemy == child.enemy


class Mortal(Counting):
    """Counting nodes that record when they are freed."""

    __slots__ = ()
    freed: list = []

    def expand(self):
        for m in (Move.NORTH, Move.EAST):
            yield Mortal(m, self.depth + 1, self.log)

    def __del__(self):
        Mortal.freed.append((self.depth, self.move))


def test_inherit_lets_the_rest_of_the_tree_go_at_once():
    Mortal.freed.clear()
    root = Mortal(Move.NONE)
    for kid in root.children:
        _ = kid.children  # two levels made: 1 + 2 + 4 nodes
    root = inherit(root, Move.EAST)
    # freed by reference counting alone (no cycles): the old root, North and North's two children
    assert sorted(Mortal.freed) == [
        (0, Move.NONE),
        (1, Move.NORTH),
        (2, Move.NORTH),
        (2, Move.EAST),
    ]
    assert size(root) == 3


def test_dismantle_frees_a_step_at_a_time_and_spares_the_kept_subtree():
    Mortal.freed.clear()
    root = Mortal(Move.NONE)
    for kid in root.children:
        for grandkid in kid.children:
            _ = grandkid.children  # three levels: 1 + 2 + 4 + 8 nodes
    keep = root.children[1]
    steps = dismantle(root, keep=keep, batch=2)
    del root
    next(steps)
    assert Mortal.freed == []  # nothing is freed before the first step is asked for
    next(steps)
    assert 0 < len(Mortal.freed) < 8  # a step frees a little, not the whole discarded tree
    for _ in steps:
        pass
    assert (
        len(Mortal.freed) == 8
    )  # the old root and North's subtree (1 + 7); East's subtree untouched
    assert size(keep) == 7 and all(kid.expanded for kid in keep.children)


def test_trim_forgets_the_deep_part_and_the_search_remakes_it_the_same():
    from lazytron.reading import load_board
    from lazytron.search import search

    board = load_board("lazytron/maps/crossroads.txt")
    tree, fresh = init_tree(board), init_tree(board)
    assert search(tree, 8) == search(fresh, 8)
    before = size(tree)
    for _ in trim(tree, 2):
        pass
    assert size(tree) < before / 10
    assert all(kid.expanded for kid in tree.children)  # the top two levels are kept...
    assert not any(
        grandkid.expanded for kid in tree.children for grandkid in kid.children
    )  # ...not the rest
    assert search(tree, 8) == search(fresh, 8) and search(tree, 10) == search(fresh, 10)
