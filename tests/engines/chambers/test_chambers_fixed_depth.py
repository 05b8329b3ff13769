"""The chambers engine plays the recorded moves at fixed depths on positions of real games.

``golden/chambers-fixed-depth.txt`` was recorded by ``tests/make_chambers_golden.py``
before the engine's code was moved into its package: a change of structure must not
change a move or a score.  Both paths play them: with the C speedups to every recorded
depth, in pure Python to the shallowest (depth 12 takes minutes there).
"""

from __future__ import annotations

from conftest import GOLDEN
from make_chambers_golden import RECORDED_WITH, positions

from lazytron.engines.chambers.nodes import init_tree
from lazytron.engines.chambers.search import search

RECORDED = GOLDEN / "chambers-fixed-depth.txt"


def recorded() -> dict[tuple[str, int, int], dict[int, tuple[str, int]]]:
    """(record, turn, seat): {depth: (move, score)} as recorded."""
    found: dict[tuple[str, int, int], dict[int, tuple[str, int]]] = {}
    for line in RECORDED.read_text().splitlines():
        if line.startswith("#"):
            continue
        name, turn, seat, depth, move, score = line.split()
        found.setdefault((name, int(turn), int(seat)), {})[int(depth)] = move, int(score)
    return found


def test_the_recording_holds_at_least_fifty_positions():
    assert len(recorded()) >= 50


def test_the_engine_plays_the_recorded_moves_at_fixed_depths(shared, path):
    expected = recorded()
    seen = set()
    for name, turn, seat, board in positions():
        depths = expected[name, turn, seat]
        if path == "pure":
            depths = {min(depths): depths[min(depths)]}
        tree = init_tree(board, RECORDED_WITH)
        for depth in range(2, max(depths) + 1, 2):
            score, move = search(tree, depth)
            if depth in depths:
                assert (move.name, score) == depths[depth], (name, turn, seat, depth)
        seen.add((name, turn, seat))
    assert seen == set(expected)
