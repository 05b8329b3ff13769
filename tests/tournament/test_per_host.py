"""Results per host: each host's games, each bot's W-D-L there, time-outs and mean answer time."""

from __future__ import annotations

import io

from lazytron.cli.tournament import main
from lazytron.tournament import store
from lazytron.tournament.cluster import per_host
from lazytron.tournament.options import Options
from lazytron.tournament.task import Fixture, GameResult

TWO = Fixture(1, 1, 1, "m", "", ("a", "b"), ("cmd-a", "cmd-b"))
ONE = Fixture(2, 1, 1, "m", "", ("b", "a"), ("cmd-b", "cmd-a"))


def result(
    game: int, code: str, host: str, times=((0.01, 0.03),), faults=(None, None)
) -> GameResult:
    return GameResult(game, code, "", 1, "", times=times, faults=faults, host=host)


def test_a_slow_host_shows():
    played = [
        (TWO, result(1, "1", "fast", ((0.010, 0.030), (0.020, 0.020)))),
        (ONE, result(2, "1", "slow", ((0.500, None),), (None, "no move within 1 s"))),
        (TWO, result(3, "D", "slow", ((0.300, 0.100),))),
    ]
    lines = per_host(played, ["a", "b"]).splitlines()
    assert lines[0] == "results per host:"
    assert [line.split() for line in lines[1:]] == [
        ["host", "games", "a", "b", "time-outs", "ms/move"],
        ["fast", "1", "1-0-0", "0-0-1", "0", "20"],
        ["slow", "2", "0-1-1", "1-1-0", "1", "300"],
    ]


def test_report_of_games_from_two_hosts_adds_them(tmp_path):
    """--report DB prints the results per host when more than one host played (a run's games stored
    as a run stores them)."""
    db = store.connect(str(tmp_path / "t.db"))
    run = store.open_run(
        db,
        "key",
        {
            "names": ["a", "b"],
            "map_names": ["m"],
            "bot": None,
            "sprt": None,
            "games": {
                "bots": [["a", "cmd-a", 3, 1], ["b", "cmd-b", 3, 1]],
                "rules": "simultaneous",
            },
        },
    )
    store.save(db, run, TWO, result(1, "1", "alpha"))
    store.save(db, run, ONE, result(2, "D", "beta"))
    db.close()
    out, err = io.StringIO(), io.StringIO()
    assert main(Options(report=str(tmp_path / "t.db")), out, err) == 0, err.getvalue()
    assert out.getvalue().split("results per host:\n")[1].splitlines()[1:] == [
        "alpha      1  1-0-0  0-0-1          0       20",
        "beta       1  0-1-0  0-1-0          0       20",
    ]
