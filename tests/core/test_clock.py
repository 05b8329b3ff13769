"""The deadline-driven consumption of best_scores."""

from itertools import islice

from lazytron.clock import Deadline, OutOfTime, timeout_list
from lazytron.engines.zenzike import init_tree
from lazytron.reading import load_board
from lazytron.search import best_scores, search


def test_items_until_out_of_time_and_the_cut_one_is_thrown_away():
    def items():
        yield "a"
        yield "b"
        raise OutOfTime

    assert timeout_list(Deadline.after(60), "default", items()) == ("b", 2)


def test_a_past_deadline_gives_the_default():
    assert timeout_list(Deadline.after(-1), "default", iter(["a"])) == ("default", 0)


def test_an_exhausted_generator_ends_the_list():
    assert timeout_list(Deadline.after(60), None, iter([1, 2, 3])) == (3, 3)


class Budget:
    """A deterministic 'clock': allows n checks, then says the time is up."""

    def __init__(self, n):
        self.n = n

    def check(self):
        self.n -= 1
        if self.n < 0:
            raise OutOfTime


def test_a_search_cut_off_anywhere_leaves_the_tree_valid():
    board = load_board("lazytron/maps/crossroads.txt")
    truth = [search(init_tree(board), d) for d in (2, 4, 6)]
    for n in (1, 7, 40, 150, 600):
        tree = init_tree(board)
        got, count = timeout_list(Deadline.after(60), None, best_scores(tree, Budget(n).check))
        assert count >= 1
        # the same tree, searched again without a clock, gives every depth's true result
        assert list(islice(best_scores(tree), 1, 4)) == truth
