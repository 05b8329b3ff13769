"""lazytron against the Haskell original, in one run, on the same input.

    python benchmarks/versus.py [--repeat N] [--parts judged,maps,games,budget] [--json FILE]

judged  six cases (opening positions, fixed depth): ratio per case, max, geometric mean
maps    every contest map at the smallest even depth at which the original needs >= 1 s
        (maps where it stays under 1 s up to depth 14 are reported at 14, not judged)
games   mid-game positions from the recorded games (turns 10, 20, 30 while the players still
        meet), each at the smallest even depth at which the original needs >= 1 s
budget  the depth each reaches in 0.9 s on the opening position: `lazytron bot --first-time 0.9 -v`
        beside the deepest depth the original's analyser prints within 0.9 s

Times are wall-clock seconds of whole processes (start-up included): `lazytron analyse
--depth D` against the original's `analyse D`, alternated and repeated; the best of the
repeats is kept. Every pair of outputs must be identical, or the run says so.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time

from harness import (
    ORACLE,
    SHARED,
    contest_maps,
    geomean,
    lazytron_command,
    machine,
    recorded_game,
    require_shared_and_oracle,
    time_to_depth,
    timed_run,
)

from lazytron.reading import load_board
from lazytron.territory import voronoi

JUDGED = [
    ("empty-room", 10),
    ("apocalyptic", 10),
    ("joust", 10),
    ("keyhole", 8),
    ("center", 8),
    ("huge-room", 6),
]
ONE_SECOND_CAP = 14
BUDGET = 0.9


def race(text: str, depth: int, repeat: int) -> dict:
    """Both analysers on ``text`` to ``depth``, alternated ``repeat`` times; best times, ratio,
    agreement."""
    ours, theirs, outputs = [], [], set()
    for round_ in range(repeat):
        runs = [
            ("ours", lazytron_command("analyse", "--depth", str(depth), "-")),
            ("theirs", [str(ORACLE / "analyse"), str(depth)]),
        ]
        for who, command in runs if round_ % 2 == 0 else runs[::-1]:
            seconds, out = timed_run(command, text)
            (ours if who == "ours" else theirs).append(seconds)
            outputs.add(out)
    best_ours, best_theirs = min(ours), min(theirs)
    return {
        "depth": depth,
        "lazytron_s": round(best_ours, 4),
        "original_s": round(best_theirs, 4),
        "ratio": round(best_ours / best_theirs, 5),
        "identical": len(outputs) == 1,
    }


def line(name: str, result: dict) -> str:
    same = "" if result["identical"] else "  OUTPUTS DIFFER"
    return (
        f"{name:<34} d={result['depth']:<3} lazytron {result['lazytron_s']:8.3f} s  "
        f"original {result['original_s']:8.3f} s  ratio {result['ratio']:.4f}{same}"
    )


def summary(results: list[dict]) -> str:
    ratios = [r["ratio"] for r in results]
    return f"{'':<34} max ratio {max(ratios):.4f}   geometric mean {geomean(ratios):.4f}"


def opening(name: str) -> str:
    return (SHARED / "maps" / "contest" / f"{name}.txt").read_text()


def part_judged(repeat: int) -> dict:
    print("== the judged cases (opening positions)")
    results = {}
    for name, depth in JUDGED:
        results[name] = race(opening(name), depth, repeat)
        print(line(name, results[name]), flush=True)
    print(summary(list(results.values())))
    return results


def one_second_depth(text: str) -> tuple[int | None, list[tuple[int, float]]]:
    """The smallest even depth the original needs >= 1 s for (None if none up to the cap)."""
    reached = time_to_depth(
        [str(ORACLE / "analyse"), str(ONE_SECOND_CAP)], text, budget=3600, enough=1.0
    )
    slow = [d for d, t in reached if t >= 1.0]
    return (slow[0] if slow else None), reached


def race_at_one_second(name: str, text: str, repeat: int) -> dict:
    """``race`` at the smallest even depth the original needs >= 1 s for (the cap if it never
    does)."""
    depth, _ = one_second_depth(text)
    result = race(text, depth or ONE_SECOND_CAP, repeat)
    result["judged"] = depth is not None
    note = "" if depth else f"   (under 1 s up to depth {ONE_SECOND_CAP}: reported, not judged)"
    print(line(name, result) + note, flush=True)
    return result


def part_maps(repeat: int) -> dict:
    print("== every contest map, at the smallest depth the original needs >= 1 s for")
    results = {
        path.stem: race_at_one_second(path.stem, path.read_text(), repeat)
        for path in contest_maps()
    }
    print(summary([r for r in results.values() if r["judged"]]))
    return results


def midgame_positions(path) -> list:
    """(turn, position) at turns 10, 20, 30 of a recorded game while the players can still meet."""
    game = recorded_game(path)
    if game is None:
        return []
    boards = game[0]
    picked = [(t, boards[t]) for t in (10, 20, 30) if t < len(boards)]
    return [(t, b) for t, b in picked if voronoi(b.free, 1 << b.me, 1 << b.enemy, b.stride)[3]]


def part_games(repeat: int) -> dict:
    print(
        "== mid-game positions from the recorded games, "
        "each at the smallest depth the original needs >= 1 s for"
    )
    results = {}
    for path in sorted((SHARED / "games").rglob("*.tron")):
        for turn, board in midgame_positions(path):
            name = f"{path.stem[:30]} t{turn}"
            results[name] = race_at_one_second(name, str(board), repeat)
    print(summary([r for r in results.values() if r["judged"]]))
    return results


def our_depth(text: str) -> int:
    done = subprocess.run(
        lazytron_command("bot", "--first-time", str(BUDGET), "-v"),
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"depth=(\d+)", done.stderr).group(1))


def part_budget() -> dict:
    print(f"== depth reached in {BUDGET} s on the opening position")
    results = {}
    for path in contest_maps():
        text = path.read_text()
        board = load_board(str(path))
        reached = time_to_depth([str(ORACLE / "analyse"), "200"], text, budget=BUDGET)
        theirs = reached[-1][0] if reached else 0
        ours = our_depth(text)
        need = 4 if board.width >= 25 else 2
        judged = theirs < 20
        ok = ours - theirs >= need if judged else None
        results[path.stem] = {
            "size": f"{board.width}x{board.height}",
            "lazytron": ours,
            "original": theirs,
            "needed": need,
            "ok": ok,
        }
        verdict = "not judged" if ok is None else ("ok" if ok else "NOT DEEP ENOUGH")
        print(
            f"{path.stem:<16} {board.width:>2}x{board.height:<2}  lazytron {ours:>9}  "
            f"original {theirs:>3}  (+{need} needed: {verdict})",
            flush=True,
        )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each program per case (3)")
    parser.add_argument("--parts", default="judged,maps,games,budget", help="which parts to run")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = parser.parse_args()
    require_shared_and_oracle()
    print(f"machine: {machine()}\ndate: {time.strftime('%Y-%m-%d %H:%M')}\n", flush=True)
    results = {"machine": machine()}
    parts = args.parts.split(",")
    if "judged" in parts:
        results["judged"] = part_judged(args.repeat)
    if "maps" in parts:
        results["maps"] = part_maps(args.repeat)
    if "games" in parts:
        results["games"] = part_games(max(1, args.repeat - 1))
    if "budget" in parts:
        results["budget"] = part_budget()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    differ = [
        k
        for part in results.values()
        if isinstance(part, dict)
        for k, r in part.items()
        if isinstance(r, dict) and r.get("identical") is False
    ]
    if differ:
        sys.exit(f"outputs differ: {', '.join(differ)}")


if __name__ == "__main__":
    main()
