"""Strength runs' points by the parity of the steps between the heads, from their printed output.

    python benchmarks/parity.py FILE [FILE ...] [--opponent a1k0n] [--clock contest]

Each FILE holds what ``benchmarks/strength.py`` printed: a run's ``summary.txt``,
or a page quoting many runs (the documentation's results).  Both heads step at
once, so the parity of the steps between them never changes in a game, and only
heads an even number of steps apart can meet head-on in one cell.  Every map's
line of every part the run's player played against OPPONENT at the clock
CLOCK (the first word of the run's ``clock:``) is counted by its map's parity: a
contest map's heads are read from ../shared/maps/contest, a generated map is
point-symmetric (:mod:`lazytron.match.mapgen`), its heads an even number of steps
apart exactly when its width and height add up to an even number.  A line's two
games are read from its points and error bar (:func:`pair_of`).  Printed, for the
contest maps and the generated maps of each parity: the maps, the games, the
points with their share, wins, draws and losses, and the share drawn.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

from harness import SHARED
from strength import apart, counted

from lazytron.reading import BoardError, load_board

RUN = re.compile(r"^player: (\S+), clock: (\S+)")
PART = re.compile(r"^(\S+) vs (\S+), \d+ (contest|generated) maps?: ")
MAP = re.compile(r"^  (\S+)\s+([\d.]+)/2 = \d+% ± (\d+)%$")
GENERATED = re.compile(r"^gen-(\d+)x(\d+)-")
CONTEST = SHARED / "maps" / "contest"


def pair_of(points: float, error: int) -> str:
    """A map's two games from its printed line: their points and the error bar (0 where both
    games scored alike).

    >>> [pair_of(p, e) for p, e in [(2, 0), (1.5, 35), (1, 0), (1, 69), (0.5, 35), (0, 0)]]
    ['WW', 'WD', 'DD', 'WL', 'DL', 'LL']
    """
    if points == 1:
        return "DD" if error == 0 else "WL"
    return {2: "WW", 1.5: "WD", 0.5: "DL", 0: "LL"}[points]


def generated_parity(name: str) -> str | None:
    """A generated map's parity by its size (None if the name is not a generated map's): the
    mirror of cell (y, x) is (H-1-y, W-1-x), the heads' coordinates add up to W + H - 2.

    >>> generated_parity("gen-21x21-d15-s3"), generated_parity("gen-21x20-d15-s3")
    ('even', 'odd')
    >>> generated_parity("joust") is None
    True
    """
    size = GENERATED.match(name)
    if size is None:
        return None
    return "odd" if (int(size[1]) + int(size[2])) % 2 else "even"


def contest_parity(name: str) -> str | None:
    """A contest map's parity by its heads (None if ../shared has no such map)."""
    try:
        return apart(load_board(str(CONTEST / f"{name}.txt")))
    except BoardError:
        return None


def map_lines(lines: Iterable[str], opponent: str, clock: str) -> Iterator[tuple[str, str, str]]:
    """(part, map, its two games) of every map line of the parts played against ``opponent`` at
    ``clock``, from the player's seat.

    >>> text = '''player: chambers, clock: contest (3 s / 1 s), rounds: 1
    ... chambers vs a1k0n, 2 contest maps: 1.5/4 = 38% ± 40%, late answers: 0
    ...   gate           1/2 = 50% ± 69%
    ...   u              0.5/2 = 25% ± 35%
    ... chambers vs port, 1 contest map: 2/2 = 100% ± 0%, late answers: 0
    ...   gate           2/2 = 100% ± 0%'''
    >>> list(map_lines(text.splitlines(), "a1k0n", "contest"))
    [('contest', 'gate', 'WL'), ('contest', 'u', 'DL')]
    """
    counting = part = None
    for line in lines:
        if run := RUN.match(line):
            counting, part = run[2] == clock, None
        elif played := PART.match(line):
            part = played[3] if counting and played[2] == opponent else None
        elif (on_map := MAP.match(line)) and part:
            yield part, on_map[1], pair_of(float(on_map[2]), int(on_map[3]))
        elif not line.startswith("  "):
            part = None


def tallies(found: Iterable[tuple[str, str, str]]) -> tuple[dict, list[str]]:
    """Games counted by (part, parity) as a Counter of W, D and L and the set of maps; the maps
    whose parity is unknown."""
    counts: dict[tuple[str, str], tuple[Counter, set]] = defaultdict(lambda: (Counter(), set()))
    unknown = []
    for part, name, games in found:
        parity = generated_parity(name) if part == "generated" else contest_parity(name)
        if parity is None:
            unknown.append(name)
            continue
        results, maps = counts[part, parity]
        results.update(games)
        maps.add(name)
    return counts, unknown


def row(part: str, parity: str, results: Counter, maps: set) -> str:
    """One printed line.

    >>> row("contest", "odd", Counter("WWDL"), {"gate", "u"})
    'contest maps, heads an odd number apart: 2 maps, 4 games, 2.5 = 62.5 %, 2-1-1, draws 25 %'
    """
    games = sum(results.values())
    won = results["W"] + results["D"] / 2
    return (
        f"{part} maps, heads an {parity} number apart: {counted(len(maps), 'map')}, {games} games, "
        f"{won:g} = {100 * won / games:.1f} %, {results['W']}-{results['D']}-{results['L']}, "
        f"draws {100 * results['D'] / games:.0f} %"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--opponent", default="a1k0n", help="the opponent counted (a1k0n)")
    parser.add_argument("--clock", default="contest", help="the clock counted: contest or short")
    args = parser.parse_args(argv)
    lines = []
    for path in args.files:
        try:
            lines += path.read_text().splitlines()
        except (OSError, UnicodeDecodeError) as e:
            print(f"parity: {path}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
            return 1
    counts, unknown = tallies(map_lines(lines, args.opponent, args.clock))
    if not counts:
        print(
            f"parity: no map line against {args.opponent} at the {args.clock} clock",
            file=sys.stderr,
        )
        return 1
    for (part, parity), (results, maps) in sorted(counts.items()):
        print(row(part, parity, results, maps))
    if unknown:
        where = "" if CONTEST.is_dir() else f" (no {CONTEST})"
        print(f"maps not found{where}, not counted: {' '.join(sorted(set(unknown)))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
