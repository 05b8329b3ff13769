"""The bot answers every map it can recognise, whatever came before: it resynchronises on a size
line it can trust."""

from __future__ import annotations

import re

import pytest
from conftest import MAPS, lazytron

M = (MAPS / "pillars.txt").read_text()  # 15 x 15
ROWS = M.split("\n", 1)[1]


def answers(text: str) -> tuple[list[str], list[str]]:
    run = lazytron("bot", "--depth", "2", input=text)
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert re.fullmatch(r"([1-4]\n)*", run.stdout)
    rebuilt = (
        "tree rebuilt"  # the same map again is a jump of the enemy: logged, not an input error
    )
    return run.stdout.split(), [line for line in run.stderr.splitlines() if rebuilt not in line]


def fresh() -> str:
    """The bot's answer to M alone."""
    return answers(M)[0][0]


def test_a_huge_size_line_before_real_maps_costs_no_map():
    digits, errors = answers("100000 100000\n" + M + M + M)
    assert len(digits) == 3
    assert len(errors) == 1 and "line 1" in errors[0]


def test_a_size_line_that_is_not_numbers_is_one_error_and_one_fallback_move():
    digits, errors = answers("fifteen 15\n" + ROWS + M)
    assert len(errors) == 1 and "expected 'W H'" in errors[0] and "fallback" in errors[0]
    assert len(digits) == 2  # the broken turn is answered, and so is the map after it
    assert digits[1] == fresh()


def test_a_size_line_with_one_row_too_many_does_not_eat_the_next_map():
    digits, errors = answers("15 16\n" + ROWS + M)
    assert len(digits) == 2 and digits[1] == fresh()
    assert len(errors) == 1 and "15 rows, expected 16" in errors[0]


def test_a_size_line_with_one_row_too_few_does_not_cost_the_next_map():
    digits, errors = answers("15 14\n" + ROWS + M)
    assert len(digits) == 2 and digits[1] == fresh()
    assert (
        len(errors) == 1 and "line 16" in errors[0]
    )  # 14 rows make a map; the row left over is skipped


@pytest.mark.parametrize("junk", ["hello\n", "3 3\n", "15 15\n", "\x00\xff garbage 1 2\n"])
def test_junk_between_maps_costs_no_map(junk):
    digits, errors = answers(M + junk + M)
    assert len(digits) == 2 and len(errors) == 1
