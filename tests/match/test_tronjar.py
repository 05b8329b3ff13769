"""``lazytron play --rules tronjar`` against the official engine, Tron.jar, run as a program.

Games are played both ways and compared: the moves of every turn
Tron.jar's transcript shows (all but the last) and the result line.  The
rules' corner cases are played by scripted bots on small maps; the
official example bots (Chaser, RunAway, WallHugger; RandomBot cannot be
seeded) play fixed-depth lazytron and the hugger on the contest maps.
Skipped without Java or ``../shared``.
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import BOTS, ROOT, lazytron
from official import (
    EXAMPLES,
    depth_bot,
    example,
    hugger,
    java,
    lazytron_game,
    same_game,
    tronjar_game,
)

TESTBOT = BOTS / "testbot.py"
# a move's time limit in both engines (Tron.jar takes whole seconds; it waits this long for a bot
# that exited)
SECONDS = 2

pytestmark = pytest.mark.skipif(java() is None, reason="no Java runtime to run Tron.jar")


def script(letters: str) -> str:
    """A bot playing these moves, then exiting (no spaces in the command: Tron.jar splits at
    them)."""
    return (
        f"{sys.executable} {TESTBOT} script {letters}"
        if letters
        else f"{sys.executable} {TESTBOT} exit"
    )


CASES = {
    # name: (map rows, player 1's moves, player 2's moves); each is a position where the rule sets
    # differ
    "swap after the first turn: 1 wins": (["######", "#1  2#", "######"], "EE", "WW"),
    "swap on the first turn: both crash": (["#####", "#12 #", "#####"], "E", "W"),
    "1 onto 2's head as 2 leaves it": (["####", "#  #", "#12#", "####"], "NE", "NE"),
    "2 onto 1's head as 1 leaves it": (["#####", "#   #", "#21 #", "#####"], "NE", "NE"),
    "1 onto 2's starting head": (["#####", "#   #", "#12 #", "#####"], "E", "N"),
    "1 steps where 2 stands without a move": (["######", "#1  2#", "######"], "EE", "W"),
    "2 steps where 1 stands without a move": (["######", "#1  2#", "######"], "E", "WW"),
    "neither moves": (["#####", "#1 2#", "#####"], "", ""),
    "2 exits, 1 moves on": (["######", "#1 # #", "#  #2#", "######"], "ES", "N"),
    "both onto one cell": (["#####", "#1 2#", "#####"], "E", "W"),
    "off an open border": (["1  2", "####"], "N", "N"),
}


@pytest.mark.parametrize("case", CASES)
def test_rule_cases_are_played_as_tronjar_plays_them(case, shared, tmp_path):
    rows, one, two = CASES[case]
    map_path = tmp_path / "case.txt"
    map_path.write_text(f"{len(rows[0])} {len(rows)}\n" + "".join(row + "\n" for row in rows))
    commands = (script(one), script(two))
    official = tronjar_game(shared, map_path, commands, SECONDS, tmp_path)
    ours = lazytron_game(map_path, commands, SECONDS, tmp_path)
    assert same_game(official, ours), (official, ours)


def pairings(
    shared: Path, maps: list[Path], ours: tuple[str, ...]
) -> list[tuple[Path, tuple[str, str]]]:
    """Every example bot against each of ``ours`` on every map, from both sides."""
    games = []
    for map_path in maps:
        for name in EXAMPLES:
            for bot in ours:
                games += [
                    (map_path, (example(shared, name), bot)),
                    (map_path, (bot, example(shared, name))),
                ]
    return games


def differences(
    shared: Path, games: list[tuple[Path, tuple[str, str]]], tmp: Path, threads: int = 2
) -> list[str]:
    """The games (of ``games``) that lazytron plays differently from Tron.jar, described."""

    def compare(index: int) -> str | None:
        map_path, commands = games[index]
        here = tmp / str(index)
        here.mkdir()
        official = tronjar_game(shared, map_path, commands, SECONDS, ROOT)
        ours = lazytron_game(map_path, commands, SECONDS, here)
        if same_game(official, ours):
            return None
        return f"{map_path.stem}: {commands}: Tron.jar {official} lazytron {ours}"

    with ThreadPoolExecutor(threads) as pool:
        return [d for d in pool.map(compare, range(len(games))) if d]


def test_example_bots_play_the_same_game_on_a_contest_map(shared, tmp_path):
    games = pairings(shared, [shared / "maps" / "contest" / "u.txt"], (depth_bot(2),))
    assert differences(shared, games, tmp_path) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "every",
    [
        pytest.param(3, id="every third map"),
        pytest.param(1, id="all", marks=pytest.mark.exhaustive),
    ],
)
def test_contest_maps_every_example_bot_both_sides(every, shared, contest_maps, tmp_path):
    """The whole check (``-m exhaustive``): 27 maps x 3 example bots x (depth 2, the hugger) x
    both sides, 324 games each way; the test command's sample, every third map, 108."""
    assert len(contest_maps) == 27
    games = pairings(shared, contest_maps[::every], (depth_bot(2), hugger()))
    assert differences(shared, games, tmp_path, threads=6) == []


def test_the_play_command_prints_tronjar_moves_and_result(shared, tmp_path):
    map_path = shared / "maps" / "contest" / "joust.txt"
    commands = (example(shared, "WallHugger"), depth_bot(2))
    official = tronjar_game(shared, map_path, commands, SECONDS, ROOT)
    done = lazytron(
        "play",
        str(map_path),
        *commands,
        "--rules",
        "tronjar",
        "--first-time",
        str(SECONDS),
        "--turn-time",
        str(SECONDS),
        "--log",
        str(tmp_path / "play.log"),
        "--record",
        str(tmp_path / "g.tron"),
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    turns = [line.split(": ")[1].split() for line in lines if line.startswith("turn ")]
    assert [tuple(t) for t in turns[:-1]] == [(a.letter, b.letter) for a, b in official.moves]
    assert len(turns) == len(official.moves) + 1 and lines[-1] == official.result
