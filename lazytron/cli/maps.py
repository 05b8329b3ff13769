"""``lazytron maps``: ``list`` the shipped maps (any command takes them by name), ``generate``
seeded random maps in the contest format, one file each, named for size and seed
(:mod:`lazytron.match.mapgen`)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from typing import TYPE_CHECKING, TextIO

from . import arguments

if TYPE_CHECKING:
    from ..match.mapgen import MapSpec


def add_arguments(p: argparse.ArgumentParser) -> None:
    what = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    what.add_parser(
        "list",
        help="the shipped maps: name, size, and the file (play and tournament take the name)",
    )
    g = what.add_parser(
        "generate", help="seeded random maps, symmetric under a point reflection, connected"
    )
    g.add_argument("--size", default="15x15", metavar="WxH", help="width x height (15x15)")
    g.add_argument(
        "--density",
        type=float,
        default=0.15,
        metavar="D",
        help="share of cells walled, 0 to 0.6 (0.15)",
    )
    g.add_argument(
        "--open",
        action="store_true",
        help="no border of walls (the grid's edge still stops the bots)",
    )
    g.add_argument(
        "--count",
        type=arguments.count,
        default=1,
        metavar="N",
        help="maps to write, seeds S, S+1, ... (1)",
    )
    g.add_argument(
        "--seed", type=arguments.seed, default=1, metavar="S", help="the first map's seed (1)"
    )
    g.add_argument(
        "--apart",
        type=arguments.apart,
        default=0,
        metavar="N",
        help="least steps between the heads (half the smaller side; at most a quarter of the "
        "open cells); each map is searched for at most 1000 tries or 10 s",
    )
    g.add_argument("--out", default=".", metavar="DIR", help="where to write the maps (.)")


def run(args: argparse.Namespace) -> int:
    if args.action == "list":
        return list_maps(sys.stdout)
    return generate_command(
        args.size, args.density, not args.open, args.count, args.seed, args.apart, args.out
    )


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (or a single number for a square); ValueError if malformed.

    >>> parse_size("15x11"), parse_size("9")
    ((15, 11), (9, 9))
    """
    match = re.fullmatch(r"([0-9]+)(?:[xX]([0-9]+))?", text.strip())
    if match is None:
        raise ValueError(f"--size {text!r}: size must be WxH with whole numbers, e.g. 15x15")
    width, height = match.groups()
    return int(width), int(height or width)


def map_name(spec: MapSpec, seed: int) -> str:
    """The file name of a generated map.

    >>> from lazytron.match.mapgen import MapSpec
    >>> map_name(MapSpec(15, 11, 0.2), 7)
    'gen-15x11-d20-s7.txt'
    """
    border = "" if spec.border else "-open"
    return f"gen-{spec.width}x{spec.height}-d{round(spec.density * 100)}{border}-s{seed}.txt"


def generate_command(
    size: str,
    density: float,
    border: bool,
    count: int,
    seed: int,
    apart: int,
    out_dir: str,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> int:
    """Write ``count`` maps to ``out_dir`` and print their paths; the exit status."""
    from ..files import write_text
    from ..match.mapgen import MapError, MapSpec, NoMapError, generate_many

    try:
        width, height = parse_size(size)
        spec = MapSpec(width, height, density, border, apart)
        maps = list(generate_many(spec, seed, count))
        os.makedirs(out_dir, exist_ok=True)
        for s, board in maps:
            path = os.path.join(out_dir, map_name(spec, s))
            write_text(path, str(board))
            print(path, file=out)
    except (ValueError, MapError) as e:
        print(f"lazytron maps: {e}", file=err)
        return 1 if isinstance(e, NoMapError) else 2
    except OSError as e:
        print(f"lazytron maps: {e.filename or out_dir}: {e.strerror}", file=err)
        return 1
    return 0


def list_maps(out: TextIO) -> int:
    """``maps list``: each shipped map's name, size and file, one a line."""
    from ..reading import load_board, shipped_maps

    for name, path in shipped_maps().items():
        board = load_board(path)
        print(f"{name:<12} {board.width}x{board.height:<4} {path}", file=out)
    return 0
