"""``benchmarks/parity.py``: strength runs' printed points regrouped by the heads' parity."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import benchmark, from_benchmarks, heads_parity

from lazytron.board import Move, legal_moves
from lazytron.cli.maps import map_name
from lazytron.match.mapgen import MapSpec, generate
from lazytron.match.rules import Outcome, advance

parity = from_benchmarks("parity")

SUMMARY = """\
player: chambers, clock: contest (3 s / 1 s), rounds: 1
2 contest maps against a1k0n: 15x16 joust
chambers vs a1k0n, 2 contest maps: 2.5/4 = 62% ± 40%, late answers: 0, won on a1k0n's fault: 0
  draws 1/4 = 25%, pentanomial [0, 0, 1, 0, 1] (pairs scoring 0, 1/2, 1, 3/2, 2)
  slowest answers, first turn / after: chambers 2.900 / 0.905 s, a1k0n 2.950 / 0.990 s
  15x16          1.5/2 = 75% ± 35%
  joust          1/2 = 50% ± 69%
1 generated map against a1k0n: gen-21x21-d15-s5
chambers vs a1k0n, 1 generated map: 1/2 = 50% ± 0%, late answers: 0, won on a1k0n's fault: 0
  draws 2/2 = 100%, pentanomial [0, 0, 1, 0, 0] (pairs scoring 0, 1/2, 1, 3/2, 2)
  gen-21x21-d15-s5 1/2 = 50% ± 0%
chambers vs port, 1 contest map: 2/2 = 100% ± 0%, late answers: 0, won on port's fault: 0
  joust          2/2 = 100% ± 0%
depth per turn while a1k0n searches (10 turns): chambers median 20 (max 30), a1k0n median 18

player: chambers, clock: short (1 s / 0.3 s), rounds: 1
chambers vs a1k0n, 1 contest map: 0/2 = 0% ± 0%, late answers: 0, won on a1k0n's fault: 0
  joust          0/2 = 0% ± 0%
"""


def run(tmp_path: Path, text: str, *args: str):  # type: ignore[no-untyped-def]
    summary = tmp_path / "summary.txt"
    summary.write_text(text)
    return benchmark("parity", str(summary), *args)


def test_each_map_counts_with_its_heads_parity_at_the_clock_asked(
    shared: Path, tmp_path: Path
) -> None:
    proc = run(tmp_path, SUMMARY)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        # joust: a win and a loss (points 1, error bar not 0); the port's and the short clock's
        # games of it are not counted
        "contest maps, heads an even number apart: 1 map, 2 games, 1 = 50.0 %, 1-0-1, draws 0 %",
        "contest maps, heads an odd number apart: 1 map, 2 games, 1.5 = 75.0 %, 1-1-0, draws 50 %",
        "generated maps, heads an even number apart: 1 map, 2 games, 1 = 50.0 %, 0-2-0, "
        "draws 100 %",
    ]
    short = run(tmp_path, SUMMARY, "--clock", "short")
    assert short.stdout.splitlines() == [
        "contest maps, heads an even number apart: 1 map, 2 games, 0 = 0.0 %, 0-0-2, draws 0 %"
    ]


def test_a_contest_map_s_parity_is_its_heads(contest_maps: list[Path]) -> None:
    kinds = set()
    for path in contest_maps:
        kind = parity.contest_parity(path.stem)
        assert kind == heads_parity(path)
        kinds.add(kind)
    assert kinds == {"odd", "even"}  # the contest had maps of both


@pytest.mark.parametrize("size", [(9, 9), (9, 8), (10, 7), (12, 12)])
def test_a_generated_map_s_parity_by_its_name_is_its_heads_all_game(size: tuple[int, int]) -> None:
    spec = MapSpec(*size)
    for seed in range(1, 6):
        board = generate(spec, seed)
        expected = parity.generated_parity(map_name(spec, seed).removesuffix(".txt"))
        while not isinstance(board, Outcome):  # each side's first legal move, to the end
            (y1, x1), (y2, x2) = board.point(board.me), board.point(board.enemy)
            assert ("odd" if (y1 + x1 + y2 + x2) % 2 else "even") == expected
            mine = legal_moves(board.free, board.me, board.stride)
            theirs = legal_moves(board.free, board.enemy, board.stride)
            board = advance(
                board, (mine or [(Move.NORTH, 0)])[0][0], (theirs or [(Move.NORTH, 0)])[0][0]
            )


def test_a_map_not_found_is_named_and_not_counted(shared: Path, tmp_path: Path) -> None:
    text = SUMMARY.replace("  joust          1/2 = 50% ± 69%", "  nowhere        1/2 = 50% ± 69%")
    proc = run(tmp_path, text)
    assert proc.returncode == 0
    assert "heads an even number apart" not in proc.stdout.splitlines()[0]
    assert proc.stdout.splitlines()[-1] == "maps not found, not counted: nowhere"


def test_nothing_to_count_and_an_unreadable_file_are_one_line(tmp_path: Path) -> None:
    proc = run(tmp_path, SUMMARY, "--opponent", "zenzike")
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr == "parity: no map line against zenzike at the contest clock\n"
    missing = benchmark("parity", str(tmp_path / "absent.txt"))
    assert missing.returncode == 1
    assert missing.stderr == f"parity: {tmp_path / 'absent.txt'}: No such file or directory\n"
