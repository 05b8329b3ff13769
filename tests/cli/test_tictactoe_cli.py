"""``lazytron tictactoe``: a human (stdin) against the computer, and ``--stats``."""

from __future__ import annotations

import re

import pytest
from conftest import lazytron


def _play(text: str, *args: str):
    result = lazytron("tictactoe", *args, input=text)
    assert "Traceback" not in result.stderr
    return result


def test_bad_input_gets_a_message_and_a_new_prompt():
    result = _play("abc\n\n9\n-1\n2.5\n4\n4\n", "--first", "human")
    errors = [line for line in result.stdout.splitlines() if "ERROR" in line]
    assert [e.split("ERROR: ")[1].split(":")[0] for e in errors] == [
        "'abc' is not a cell number",
        "no move given",
        "there is no cell 9",
        "there is no cell -1",
        "'2.5' is not a cell number",
        "cell 4 is taken by O",
    ]
    assert (
        result.stdout.count("Player O, enter your move:") == 8
    )  # one per line read, and one more at the end
    assert result.returncode == 0


def test_bytes_that_are_not_text_are_a_bad_move():
    result = lazytron("tictactoe", input=b"\xff\xfe\xe9t\xc3\n4\n", text=False)
    out = result.stdout.decode(
        "ascii"
    )  # the message quotes the line in ASCII whatever the terminal
    assert "is not a cell number" in out
    assert out.count("enter your move") == 3
    assert result.returncode == 0 and b"Traceback" not in result.stderr


def test_end_of_input_ends_the_game_quietly():
    result = _play("")
    assert result.returncode == 0
    assert result.stdout.rstrip().endswith("End of input: the game is abandoned.")
    assert result.stderr == ""


def test_a_careless_human_loses_and_the_game_says_so():
    # O takes 4; X answers 0; O plays 1, 2, 5: X wins on the left column
    result = _play("4\n1\n2\n5\n3\n6\n7\n8\n")
    assert result.returncode == 0
    assert "Player X (the computer) wins!" in result.stdout
    assert "plays 0." in result.stdout


def test_the_computer_can_move_first_as_o():
    result = _play("4\n", "--first", "computer")
    out = result.stdout
    assert "you are X, the computer is O" in out
    assert out.index("Player O is thinking... plays 0.") < out.index("Player X, enter your move:")
    assert result.returncode == 0


def test_a_bigger_grid_numbers_its_cells_from_0_to_size_squared_minus_1():
    result = _play("16\n15\n", "--size", "4", "--depth", "2")
    assert " 12 | 13 | 14 | 15" in result.stdout
    assert "there is no cell 16: type a number from 0 to 15" in result.stdout
    assert "Player X is thinking... plays" in result.stdout


@pytest.mark.parametrize(
    "args, problem",
    [
        (["--size", "0"], "size must be from 1 to 10"),
        (["--size", "three"], "not a whole number"),
        (["--first", "nobody"], "invalid choice"),
        (["--depth", "0"], "depth must be from 1 to 10000"),
        (["--stats", "--size", "4"], "give --depth"),
    ],
)
def test_bad_arguments_get_a_one_line_error(args, problem):
    result = _play("", *args)
    assert result.returncode == 2
    assert problem in result.stderr
    assert result.stdout == ""


def test_stats_prints_the_seeds_figures_from_the_code():
    result = lazytron("tictactoe", "--stats")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert re.search(r"full game tree: +255168 leaves", out)
    assert re.search(r"alpha-beta-pruned tree: +38856 leaves", out)
    row = re.compile(
        r"^(minimax|lazy supremum/infimum|explicit alpha-beta) +(\d+) +(\w) +(\d+) +[\d.]+$",
        re.MULTILINE,
    )
    rows = {m[1]: m.groups()[1:] for m in row.finditer(out)}
    assert rows == {
        "minimax": ("255168", "B", "0"),
        "lazy supremum/infimum": ("38856", "B", "0"),
        "explicit alpha-beta": ("38856", "B", "0"),
    }


def test_two_humans_take_turns_with_the_same_checks_and_the_winner_is_named():
    # O: 0, 1, 2 (the top row); X: 4, 5; X's first try at cell 0 is refused
    result = _play("0\n0\n4\n1\n5\n2\n", "--opponent", "human")
    out = result.stdout
    assert "two players at one terminal, O moves first" in out
    assert "thinking" not in out  # no computer move
    prompts = re.findall(r"Player ([OX]), enter your move:", out)
    assert prompts == ["O", "X", "X", "O", "X", "O"]
    assert "ERROR: cell 0 is taken by O" in out
    assert out.rstrip().endswith("Player O wins!")
    assert result.returncode == 0


def test_two_humans_can_draw():
    # O X O / O X X / X O O
    result = _play("0\n1\n2\n4\n3\n5\n7\n6\n8\n", "--opponent", "human")
    assert result.stdout.rstrip().endswith("It's a draw!")
    assert " O | X | O" in result.stdout
