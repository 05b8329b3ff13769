"""Opening books: the file, ``lazytron book make`` and ``tournament --book``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import lazytron

from lazytron.match.book import (
    BookError,
    Opening,
    format_book,
    parse_book,
    read_book,
    shipped_books,
)
from lazytron.match.mapgen import distance, is_symmetric
from lazytron.reading import load_board, parse_board, shipped_maps
from lazytron.tournament.book import Recipe, candidates, level, make, noted_values, values
from lazytron.tournament.task import local

PILLARS = load_board(shipped_maps()["pillars"])


def test_a_book_reads_back_what_was_written():
    book = [Opening("a", PILLARS, {"origin": "pillars, opening EW", "balance": "level"}),
            Opening("b", PILLARS.swapped(), {})]  # fmt: skip
    again = parse_book(format_book(book, ["made by hand"]))
    assert again == book


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "no position in it"),
        ("3 1\n1 2\n", "line 1: expected 'position NAME'"),
        ("position a\norigin x\n", "line 1: position a: no map after its notes"),
        ("position a\n3 1\n1 1\n", "line 1: position a: 2 player 1 on the map, expected one"),
        ("position a\n3 1\n1 2\n\nposition a\n3 1\n2 1\n", "line 5: a second position named 'a'"),
    ],
)
def test_a_malformed_book_is_refused_with_one_line(text, message):
    with pytest.raises(BookError) as caught:
        parse_book(text)
    assert str(caught.value) == message or str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_a_mirror_is_never_a_candidate():
    strip = parse_board("8 1\n1      2\n")  # every safe opening keeps the strip a mirror
    assert is_symmetric(strip) and list(candidates([("strip", strip)], 1, 1, 50)) == []
    found = list(candidates([("pillars", PILLARS)], 2, 1, 50))
    assert found and not any(is_symmetric(c.board) for c in found)


def test_heads_closer_than_apart_are_never_a_candidate():
    every = [distance(c.board) or 0 for c in candidates([("pillars", PILLARS)], 2, 1, 50)]
    far = [distance(c.board) or 0 for c in candidates([("pillars", PILLARS)], 2, 1, 50, apart=12)]
    assert min(every) < 12 <= min(far)
    assert far == [steps for steps in every if steps >= 12]  # the same openings, the close ones out


def test_an_unbalanced_position_is_refused():
    # one player in a room, the other in a corridor beside it: far from level from either seat
    lopsided = parse_board("9 5\n#########\n#1      #\n#       #\n##### ###\n#2  #####\n")
    value = values(lopsided, 4)
    assert not level(value, 400)
    assert make([("lopsided", lopsided)], Recipe(plies=1, depth=4, games=0), 5, 40, local()) == []


def test_no_source_map_gives_more_than_its_share():
    sources = [("pillars", PILLARS), ("gatehouse", load_board(shipped_maps()["gatehouse"]))]
    free = make(sources, Recipe(depth=4, games=0), 4, 40, local())
    capped = make(sources, Recipe(depth=4, games=0, per_map=1), 4, 40, local())
    assert len(free) == 4  # without the cap the two maps fill the book
    assert sorted(p.name.rsplit("-", 1)[0] for p in capped) == ["gatehouse", "pillars"]


def test_a_position_is_kept_only_where_the_deeper_side_wins_its_quick_games():
    judged: dict[str, float] = {}  # each candidate's points for the deeper side

    def recording(fixtures):
        fixtures = list(fixtures)
        by_game = {f.game: f for f in fixtures}
        results = list(local()(fixtures))
        for r in results:
            fixture = by_game[r.game]
            deeper = 1 + (fixture.names[1] > fixture.names[0])  # "depth 3" < "depth 4"
            judged[fixture.map_name] = judged.get(fixture.map_name, 0) + r.points(deeper)
        yield from reversed(results)  # a runner gives them as they end: any order

    sources = [("pillars", PILLARS), ("gatehouse", load_board(shipped_maps()["gatehouse"]))]
    book = make(sources, Recipe(depth=4, games=2, quick=(3, 4)), 4, 60, recording)
    kept = {p.name for p in book}
    assert kept and all(judged[name] > 1 for name in kept)
    assert any(points <= 1 for name, points in judged.items() if name not in kept)
    for p in book:
        assert f"{judged[p.name]:g} of 2 to the deeper side" in p.notes["balance"]


def test_the_same_command_makes_the_same_book(tmp_path):
    args = ["book", "make", "pillars", "gatehouse", "--count", "2", "--tries", "40", "--depth", "4",
            "--apart", "10"]  # fmt: skip
    runs = [lazytron(*args, "--out", str(tmp_path / f"{k}.txt")) for k in (1, 2)]
    assert all(run.returncode == 0 for run in runs), runs[0].stderr
    texts = [(tmp_path / f"{k}.txt").read_text() for k in (1, 2)]
    assert texts[0] == texts[1]
    book = read_book(str(tmp_path / "1.txt"))
    assert len(book) == 2 and all(not is_symmetric(p.board) for p in book)
    assert all((distance(p.board) or 0) >= 10 for p in book)
    assert all("balance" in p.notes and "origin" in p.notes for p in book)
    assert "by: lazytron book make pillars gatehouse --count 2" in texts[0]
    other = lazytron(*args, "--seed", "2", "--out", str(tmp_path / "3.txt"))
    assert other.returncode == 0 and (tmp_path / "3.txt").read_text() != texts[0]


def test_a_tournament_plays_every_position_of_a_book_from_both_seats(tmp_path):
    book = [Opening(f"p{k}", opening.board, {}) for k, opening in
            enumerate(candidates([("pillars", PILLARS)], 2, 3, 40))][:3]  # fmt: skip
    path = tmp_path / "book.txt"
    path.write_text(format_book(book))
    bots = [
        "--bot",
        "a=lazytron bot --depth 2",
        "--bot",
        "b=lazytron bot --depth 2 --engine chambers",
    ]
    run = lazytron("tournament", "--book", str(path), *bots, "--db", str(tmp_path / "t.db"),
                   "--json", str(tmp_path / "t.json"))  # fmt: skip
    assert run.returncode == 0, run.stderr
    games = json.loads((tmp_path / "t.json").read_text())["games"]
    assert [g["map"] for g in games] == ["p0", "p0", "p1", "p1", "p2", "p2"]
    assert {(g["player1"], g["player2"]) for g in games} == {("a", "b"), ("b", "a")}


def test_a_bad_book_or_books_with_maps_are_one_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("position a\n3 1\n1 1\n")
    bots = ["--bot", "a=lazytron bot --depth 2", "--bot", "b=lazytron bot --depth 2"]
    run = lazytron("tournament", "--book", str(bad), *bots, "--db", str(tmp_path / "t.db"))
    assert run.returncode == 1 and run.stderr.count("\n") == 1
    assert "bad.txt: line 1: position a: 2 player 1 on the map" in run.stderr
    both = lazytron(
        "tournament", "pillars", "--book", str(bad), *bots, "--db", str(tmp_path / "t.db")
    )
    assert both.returncode == 2 and "give maps or --book FILE, not both" in both.stderr


def test_shuffle_orders_a_books_positions_by_the_seed(tmp_path):
    from lazytron.tournament.options import load_book

    path = tmp_path / "book.txt"
    path.write_text(format_book([Opening(f"p{k}", PILLARS, {}) for k in range(8)]))
    names = [[name for name, _ in load_book(str(path), True, seed)] for seed in (1, 1, 2)]
    assert [name for name, _ in load_book(str(path), False, 1)] == [f"p{k}" for k in range(8)]
    assert names[0] == names[1] != names[2] and sorted(names[0]) == [f"p{k}" for k in range(8)]


def made_with(path: str, option: str, default: int) -> int:
    """An option of the command a book's header says it was made by."""
    lines = Path(path).read_text().splitlines()
    words = next(line for line in lines if line.startswith("# made ")).split()
    return int(words[words.index(option) + 1]) if option in words else default


def test_the_shipped_book_is_what_its_command_keeps():
    path = shipped_books()["openings"]
    book = read_book(path)
    margin = made_with(path, "--margin", Recipe().margin)
    apart = made_with(path, "--apart", Recipe().apart)
    assert len(book) >= 100 and not any(is_symmetric(p.board) for p in book)
    assert all(p.notes["origin"] and p.notes["balance"].startswith("depth 8: ") for p in book)
    for position in book:
        seats = noted_values(position.notes["balance"])
        assert seats is not None and level(seats, margin), position.name
        assert (distance(position.board) or 0) >= apart, position.name


def test_tune_takes_its_positions_from_a_book(tmp_path):
    book = [Opening(f"p{k}", opening.board, {}) for k, opening in
            enumerate(candidates([("pillars", PILLARS)], 2, 5, 40))][:2]  # fmt: skip
    path = tmp_path / "book.txt"
    path.write_text(format_book(book))
    db = str(tmp_path / "tune.db")
    template = "lazytron bot --engine chambers --depth 1 {options}"
    params = ["--param", "EDGE=100,0,300,10,0.002", "--iterations", "2", "--db", db]
    run = lazytron("tune", "--book", str(path), "--bot-template", template, *params)
    assert run.returncode == 0, run.stderr
    report = lazytron("tune", "--report", db)
    assert report.returncode == 0 and "maps p0, p1" in report.stdout
