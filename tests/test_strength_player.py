"""``benchmarks/strength.py --player``: any of its four bots plays the gauntlet, scored from its own
seat."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from conftest import benchmark, from_benchmarks, heads_parity


def strength(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    return benchmark("strength", *args, cwd=cwd, env={**os.environ, **env}, timeout=300)


@pytest.mark.parametrize(
    "args, usage, error",
    [
        (["--player", "nobody"], False, r"strength: unknown player 'nobody' \(.*"),
        (
            ["--player", "port", "--opponents", "zenzike,port"],
            False,
            r"strength: unknown opponent 'port' \(.*",
        ),
        (
            ["--option", "EXTEND=99"],
            False,
            r"strength: chambers: lazytron bot: --option: EXTEND must be .*",
        ),
        (
            ["--turn-time", "0"],
            False,
            r"strength: chambers: lazytron bot: error: argument --turn-time: .*",
        ),
        (
            ["--referee-turn", "0"],
            True,  # argparse's own error: its usage first
            r"strength\.py: error: argument --referee-turn: not a positive number of seconds: '0'",
        ),
        (
            ["--opponents", "port", "--maps", "none", "--generated", "0"],
            False,
            r"strength: nothing to play: --maps none and --generated 0",
        ),
    ],
)
def test_a_refused_run_is_one_error_line_before_any_game(
    args: list[str], usage: bool, error: str, tmp_path: Path
) -> None:
    proc = strength(
        *args,
        "--out",
        str(tmp_path / "out"),
        cwd=tmp_path,
        LAZYTRON_SHARED=str(tmp_path / "absent"),
    )
    assert proc.returncode != 0
    lines = proc.stderr.splitlines()
    if usage:
        assert lines[0].startswith("usage: strength.py ")
        lines = [x for x in lines if not x.startswith(("usage:", " "))]
    [line] = lines
    assert re.fullmatch(error, line)
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "out").exists()


def test_the_player_is_scored_from_its_own_seat(shared: Path, oracle: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = strength(
        "--short",
        "--player",
        "zenzike",
        "--opponents",
        "port",
        "--maps",
        "test-board",
        "--generated",
        "1",
        "--generated-size",
        "9x9",
        "--seed",
        "5",
        "--out",
        str(out),
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    games = json.loads((out / "port" / "games.json").read_text())["games"]
    assert sorted((g["player1"], g["player2"]) for g in games) == [
        ("port", "zenzike"),
        ("zenzike", "port"),
    ]
    wins = [g for g in games if g["result"] == ("1" if g["player1"] == "zenzike" else "2")]
    won = len(wins) + 0.5 * sum(g["result"] == "D" for g in games)
    faults = sum(bool(g["fault1"] or g["fault2"]) for g in wins)
    lines = proc.stdout.splitlines()
    assert lines[0] == "player: zenzike, clock: short (1 s / 0.3 s), rounds: 1, seed: 5"
    assert f"zenzike vs port, 1 contest map: {won:g}/2 = {50 * won:.0f}% " in proc.stdout
    assert f", won on port's fault: {faults}\n" in proc.stdout
    # the second part: the generated map from both seats, after two random plies each side
    generated = json.loads((out / "port-generated" / "games.json").read_text())["games"]
    [made] = (out / "generated-maps").glob("*.txt")
    assert made.stem.endswith("-s5") and (out / "generated-maps" / "seed").read_text() == "5\n"
    assert {g["map"] for g in generated} == {made.stem} and len(generated) == 2
    assert all(len(g["opening"]) == 4 for g in generated)  # two move pairs, a letter a move
    won = sum(
        1.0 if g["result"] == ("1" if g["player1"] == "zenzike" else "2") else 0.0
        for g in generated
    ) + 0.5 * sum(g["result"] == "D" for g in generated)
    draws = sum(g["result"] == "D" for g in generated)
    part = proc.stdout.split("zenzike vs port, 1 generated map: ")[1].splitlines()
    assert part[0].startswith(f"{won:g}/2 = {50 * won:.0f}% ")
    counts = [0] * 5
    counts[round(2 * won)] = 1
    assert part[1] == (
        f"  draws {draws}/2 = {50 * draws:.0f}%, pentanomial {counts}"
        " (pairs scoring 0, 1/2, 1, 3/2, 2)"
    )
    score = part[0].split(",")[0]  # the part's points, as the parity line repeats them
    parity = (
        f"  heads an {heads_parity(made)} number of steps apart, 1 map: {score}, draws {draws}/2"
    )
    assert part[3] == parity
    contest = proc.stdout.split("zenzike vs port, 1 contest map: ")[1].splitlines()
    test_board = shared / "maps" / "contest" / "test-board.txt"
    assert contest[3].startswith(
        f"  heads an {heads_parity(test_board)} number of steps apart, 1 map: "
    )
    assert not any(line.startswith("depth per turn") for line in lines)  # chambers' depths only
    assert (out / "summary.txt").read_text() == proc.stdout


def test_options_reach_chambers_and_the_summary(shared: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = strength(
        "--short",
        "--opponents",
        "port",
        "--maps",
        "test-board",
        "--generated",
        "0",
        "--option",
        "EXTEND=2",
        "--option",
        "HORIZON=64",
        "--turn-time",
        "0.12",
        "--out",
        str(out),
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    bots = json.loads((out / "port" / "games.json").read_text())["bots"]
    assert bots["chambers"].endswith("--turn-time 0.12 --option EXTEND=2 --option HORIZON=64")
    assert "--option" not in bots["port"] and bots["port"].endswith("--turn-time 0.1")
    first = (out / "summary.txt").read_text().splitlines()[0]
    assert first.endswith("chambers: EXTEND=2 HORIZON=64 --turn-time 0.12")


def test_the_referee_turn_is_the_clock_the_summary_names(shared: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = strength(
        "--short",
        "--opponents",
        "port",
        "--maps",
        "test-board",
        "--generated",
        "0",
        "--turn-time",
        "0.2",
        "--referee-turn",
        "0.5",
        "--out",
        str(out),
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    first = (out / "summary.txt").read_text().splitlines()[0]
    assert "clock: 1 s / 0.5 s (--referee-turn 0.5)" in first
    assert first.endswith("chambers: --turn-time 0.2")


@pytest.mark.parametrize("written, asked", [(None, "2"), ("3\n", "1")])
def test_a_directory_keeps_the_seed_it_was_played_with(
    written: str | None, asked: str, tmp_path: Path
) -> None:
    maps = tmp_path / "out" / "generated-maps"
    maps.mkdir(parents=True)
    if written is not None:  # a directory from before --seed has no seed written: it was 1
        (maps / "seed").write_text(written)
    proc = strength(
        "--seed",
        asked,
        "--out",
        str(tmp_path / "out"),
        cwd=tmp_path,
        LAZYTRON_SHARED=str(tmp_path / "absent"),
    )
    assert proc.returncode != 0
    made = (written or "1").strip()
    assert proc.stderr == (
        f"strength: {tmp_path / 'out'} was played with --seed {made}, not {asked}:"
        " give it another --out\n"
    )
    assert sorted(p.name for p in maps.iterdir()) == ([] if written is None else ["seed"])


def test_each_seed_plays_generated_maps_of_its_own(tmp_path: Path) -> None:
    generated_maps = from_benchmarks("strength").generated_maps
    seeds = {seed: generated_maps(tmp_path / str(seed), 2, "9x9", seed) for seed in (1, 2, 3)}
    assert {seed: [m.stem.rsplit("-s", 1)[1] for m in made] for seed, made in seeds.items()} == {
        1: ["1", "2"],
        2: ["3", "4"],
        3: ["5", "6"],
    }
    texts = [m.read_text() for made in seeds.values() for m in made]
    assert len(set(texts)) == len(texts)  # six maps, none the same


def test_maps_none_plays_the_generated_maps_alone(tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = strength(
        "--short",
        "--opponents",
        "port",
        "--maps",
        "none",
        "--generated",
        "1",
        "--generated-size",
        "7x7",
        "--seed",
        "3",
        "--out",
        str(out),
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "generated-maps",
        "port-generated",
        "summary.txt",
    ]
    games = json.loads((out / "port-generated" / "games.json").read_text())["games"]
    assert len(games) == 2  # one map, both seats
    summary = (out / "summary.txt").read_text()
    assert "contest map" not in summary and "1 generated map against port" in summary
