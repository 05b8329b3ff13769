"""The hugger bot: more room first, then walls, then N, E, S, W; the contest protocol."""

from __future__ import annotations

import io

from lazytron.board import Move
from lazytron.bots.hugger import choose, run
from lazytron.reading import parse_board


def board(*rows: str):
    return parse_board(f"{len(rows[0])} {len(rows)}\n" + "\n".join(rows) + "\n")


def test_goes_where_there_is_more_room():
    assert (
        choose(
            board(
                "#######",
                "#  #  #",
                "#  1  #",
                "####  #",
                "#2    #",
                "#######",
            )
        )
        is Move.EAST
    )  # west is a dead end of 4 cells, east reaches the rest


def test_hugs_walls_among_equal_rooms():
    assert (
        choose(
            board(
                "#######",
                "#     #",
                "#     #",
                "#   1 #",
                "#     #",
                "#2    #",
                "#######",
            )
        )
        is Move.EAST
    )  # all moves reach the same room; East lands beside the wall, North in the open


def test_answers_north_when_trapped():
    assert choose(board("###", "#1#", "###", "#2#", "###")) is Move.NORTH


def test_speaks_the_protocol():
    out = io.StringIO()
    status = run(io.StringIO("3 1\n1 2\n\n3 1\n2 1\n"), out)
    assert status == 0 and out.getvalue() == "2\n4\n"


def test_survives_a_bad_map():
    out = io.StringIO()
    assert run(io.StringIO("3 1\n1x2\n3 1\n1 2\n"), out) == 0
    assert out.getvalue() == "1\n2\n"
