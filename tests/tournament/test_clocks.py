"""Each bot's answers against the clock in a tournament's table: time-outs, the slowest first and
later answers."""

from __future__ import annotations

from lazytron.tournament.table import Clock, clocks, format_table
from lazytron.tournament.task import Fixture, GameResult

A_FIRST = Fixture(1, 1, 1, "m", "", ("a", "b"), ("cmd-a", "cmd-b"))
B_FIRST = Fixture(2, 1, 1, "m", "", ("b", "a"), ("cmd-b", "cmd-a"))


def result(game: int, times, faults=(None, None)) -> GameResult:
    return GameResult(game, "D", "", len(times), "", times=times, faults=faults)


PLAYED = [
    (A_FIRST, result(1, ((2.5, 0.2), (0.7, 0.9), (0.4, None)), (None, "no move within 1 s"))),
    (B_FIRST, result(2, ((1.1, 2.9), (0.3, 0.8)))),
]


def test_each_bot_gets_its_own_seats_times_and_time_outs():
    """The seats swap between games: a's times are the first column of game 1 and the second of
    game 2."""
    assert clocks(PLAYED, ["a", "b"]) == [Clock("a", 0, 2.9, 0.8), Clock("b", 1, 1.1, 0.9)]


def test_a_bot_that_never_answered_has_no_slowest_answer():
    played = [(A_FIRST, result(1, ((0.5, None),), (None, "did not read its input within 3 s")))]
    assert clocks(played, ["a", "b"]) == [Clock("a", 0, 0.5, None), Clock("b", 1, None, None)]


def test_the_table_shows_them():
    text = format_table(PLAYED, ["a", "b"], ["m"])
    section = text.split("answers against the clock, in seconds:\n")[1].splitlines()
    assert [line.split() for line in section[:3]] == [
        ["bot", "time-outs", "slowest", "first", "slowest", "later"],
        ["a", "0", "2.900", "0.800"],
        ["b", "1", "1.100", "0.900"],
    ]
