"""Fidelity to the Haskell original: byte-identical analysis and identical whole games.

The golden files under tests/golden were produced by the oracle
(tests/make_golden.py) and keep fidelity tested where GHC is absent; the
``oracle`` tests run the original itself on fresh positions and games.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import boards
import pytest
from conftest import GOLDEN, MAPS, lazytron
from gamecheck import play
from make_golden import DEPTH, opponent
from positions import random_positions

from lazytron.analyse import analysis
from lazytron.match.records import read_record
from lazytron.reading import load_board, read_boards
from lazytron.search import negamax_engine
from lazytron.territory import voronoi

GOLDEN_GAMES = sorted((GOLDEN / "games").glob("*.tron"))


def blocks(text: str) -> list[str]:
    """The analyser's output split per position."""
    return [b + "end\n" for b in text.split("end\n")[:-1]]


def lazytron_bot(depth: int) -> list[str]:
    return [sys.executable, "-m", "lazytron", "bot", "--depth", str(depth)]


def test_analyse_reproduces_the_golden_output_byte_for_byte():
    run = lazytron("analyse", "--depth", str(DEPTH), str(GOLDEN / "positions.txt"))
    assert run.returncode == 0
    golden = (GOLDEN / f"analyse-{DEPTH}.txt").read_text()
    assert len(blocks(golden)) == 60
    assert run.stdout == golden


def test_the_literal_negamax_port_agrees_with_the_goldens():
    boards = list(read_boards((GOLDEN / "positions.txt").read_text().splitlines(keepends=True)))
    golden = blocks((GOLDEN / f"analyse-{DEPTH}.txt").read_text())
    for board, expected in zip(boards, golden, strict=True):
        lines = list(analysis(board, 4, root_search=negamax_engine))
        assert lines == [line for line in expected.splitlines() if not line.startswith("6 ")]


def test_golden_positions_cover_contested_separated_and_lost_positions():
    boards = list(read_boards((GOLDEN / "positions.txt").read_text().splitlines(keepends=True)))
    touching = [bool(voronoi(b.free, 1 << b.me, 1 << b.enemy, b.stride)[3]) for b in boards]
    golden = (GOLDEN / f"analyse-{DEPTH}.txt").read_text()
    assert any(touching) and not all(touching)
    assert " 100000 " in golden and " -100000 " in golden


def _game_spec(record) -> tuple[int, list[str]]:
    depth = int(record.names[0].split()[1])
    _, kind, seed = record.names[1].split()
    return depth, opponent(kind, int(seed))


@pytest.mark.parametrize("path", GOLDEN_GAMES, ids=lambda p: p.stem)
def test_the_bot_replays_the_oracles_golden_games(path: Path):
    record = read_record(str(path))
    depth, rival = _game_spec(record)
    _, moves, outcome = play(lazytron_bot(depth), rival, record.board)
    assert tuple(moves) == record.moves
    assert outcome is not None and outcome.code == record.result


def test_golden_games_include_separation():
    separated = 0
    for path in GOLDEN_GAMES:
        record = read_record(str(path))
        from lazytron.match.rules import play_out

        boards = [b for b in play_out(record.board, record.moves) if hasattr(b, "free")]
        separated += any(not voronoi(b.free, 1 << b.me, 1 << b.enemy, b.stride)[3] for b in boards)
    assert len(GOLDEN_GAMES) >= 8 and separated >= len(GOLDEN_GAMES) // 2


# ---- against the oracle itself --------------------------------------------------------------

FRESH_SEED = 90210


def _fresh_positions(depth_for_size) -> dict[int, str]:
    """Fresh positions (not the goldens), grouped by the depth the oracle can afford on them."""
    groups: dict[int, str] = {}
    for path in sorted(MAPS.glob("*.txt")):
        board = load_board(str(path))
        depth = depth_for_size(board.width * board.height)
        groups[depth] = groups.get(depth, "") + "".join(
            map(str, random_positions(board, FRESH_SEED, 2))
        )
    return groups


def test_analyse_is_byte_identical_to_the_oracle_on_fresh_positions(oracle):
    groups = _fresh_positions(lambda cells: 6 if cells <= 25 * 25 else 4)
    for depth, text in groups.items():
        theirs = subprocess.run(
            [str(oracle / "analyse"), str(depth)], input=text, capture_output=True, text=True
        )
        ours = lazytron("analyse", "--depth", str(depth), "-", input=text)
        assert theirs.returncode == 0 and ours.returncode == 0
        assert ours.stdout == theirs.stdout


def test_analyse_is_byte_identical_to_the_oracle_on_long_corridors(oracle):
    # serpentine corridors (40x40 and 48x48 once ended the port in RecursionError), a 1000x1 strip,
    # a spiral, a branching corridor and a comb: every move forced for hundreds of plies
    text = "".join(
        [
            boards.serpentine(40, 40),
            boards.serpentine(48, 48),
            boards.strip(1000),
            boards.spiral(25),
            boards.serpentine(31, 31, branches=4),
            boards.comb(30, 12),
        ]
    )
    theirs = subprocess.run(
        [str(oracle / "analyse"), "40"], input=text, capture_output=True, text=True
    )
    ours = lazytron("analyse", "--depth", "40", "-", input=text)
    assert theirs.returncode == 0 and ours.returncode == 0
    assert ours.stdout.count("end\n") == 6 and ours.stdout == theirs.stdout


def test_the_goldens_are_the_oracles_own_output(oracle):
    text = (GOLDEN / "positions.txt").read_text()
    first = "".join(str(b) for b in list(read_boards(text.splitlines(keepends=True)))[:12])
    theirs = subprocess.run(
        [str(oracle / "analyse"), str(DEPTH)], input=first, capture_output=True, text=True
    )
    assert theirs.stdout == "".join(blocks((GOLDEN / f"analyse-{DEPTH}.txt").read_text())[:12])


@pytest.mark.parametrize(
    "name, depth, kind, seed",
    [
        ("pillars", 4, "random", 8),
        ("gatehouse", 6, "hugger", 2),
        ("crossroads", 2, "chaser", 4),
        ("spiral", 2, "hugger", 1),
    ],
)
def test_whole_games_are_identical_to_the_oracles_depthbot(oracle, name, depth, kind, seed):
    board = load_board(str(MAPS / f"{name}.txt"))
    theirs = play([str(oracle / "depthbot"), str(depth)], opponent(kind, seed), board)
    ours = play(lazytron_bot(depth), opponent(kind, seed), board)
    assert ours == theirs
    assert theirs[2] is not None  # the game was played to its end
