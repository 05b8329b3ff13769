"""The contest map format and the bitboard geometry."""

import pytest

from lazytron.board import Board, BoardError, Move, grid_mask
from lazytron.reading import load_board, parse_board, read_boards

MAP = "5 3\n#####\n#1 2#\n#####\n"


def test_round_trip_and_points():
    board = parse_board(MAP)
    assert str(board) == MAP
    assert board.point(board.me) == (1, 1) and board.point(board.enemy) == (1, 3)
    assert board.walls.bit_count() == 12
    # heads and the free cell are free; nothing outside the grid (guard column included) is
    assert board.free.bit_count() == 3
    assert board.free & ~grid_mask(5, 3) == 0


def test_guard_column_stops_row_wrap():
    board = parse_board("3 2\n1  \n  2\n")  # open borders
    east_edge = board.cell(0, 2)
    assert not board.free >> (east_edge + 1) & 1  # the guard column, not row 1's first cell


def test_swapped_is_the_other_side():
    board = parse_board(MAP)
    assert str(board.swapped()) == "5 3\n#####\n#2 1#\n#####\n"


def test_moves_print_as_the_original():
    assert [str(m) for m in Move] == ["None", "North", "East", "South", "West"]
    assert [m.digit for m in Move] == ["1", "1", "2", "3", "4"]


@pytest.mark.parametrize(
    "text, words",
    [
        ("5 3\n#####\n#1 2#\n", "2 rows, expected 3"),
        ("5 3\n#####\n#1 2 #\n#####\n", "row 2 has 6 cells"),
        ("5 3\n#####\n#1 1#\n#####\n", "2 player 1"),
        ("5 3\n#####\n#1  #\n#####\n", "no player 2"),
        ("5 3\n#####\n#12 2\n#####\n", "2 player 2"),
        ("5 3\n#####\n#1x2#\n#####\n", "unknown character 'x'"),
        ("five 3\n", "expected 'W H'"),
        ("", "empty map"),
    ],
)
def test_malformed_maps_say_what_is_wrong(text, words):
    with pytest.raises(BoardError, match=words):
        parse_board(text)


def test_read_boards_goes_on_after_a_bad_map():
    text = MAP + "\n" + "5 3\n#####\n#1 ?#\n#####\n" + MAP
    items = list(read_boards(text.splitlines(keepends=True)))
    assert [type(i) for i in items] == [Board, BoardError, Board]
    assert "line 6" in str(items[1])


def test_crlf_rows_are_accepted():
    assert parse_board(MAP.replace("\n", "\r\n")) == parse_board(MAP)


def test_project_maps_are_well_formed(project_maps):
    assert len(project_maps) >= 8
    sizes = [load_board(str(p)) for p in project_maps]
    assert all(15 <= b.width <= 50 and 15 <= b.height <= 50 for b in sizes)
    # at least one map with open borders and one asymmetric map
    assert any(b.walls & 1 == 0 for b in sizes)
    assert any(str(b) != str(_rotated(b)) for b in sizes)


def _rotated(board: Board) -> Board:
    """The board turned half a turn with the players swapped (equal for point-symmetric maps)."""
    rows = [row[::-1] for row in reversed(board.rows())]
    swap = str.maketrans("12", "21")
    return parse_board(
        f"{board.width} {board.height}\n" + "\n".join(r.translate(swap) for r in rows)
    )
