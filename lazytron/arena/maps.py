"""``lazytron maps generate``: seeded random maps in the contest format, one file each, named for size and seed."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from ..files import write_text
from .mapgen import MapError, MapSpec, generate_many


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (or a single number for a square); ValueError if malformed.

    >>> parse_size("15x11"), parse_size("9")
    ((15, 11), (9, 9))
    """
    width, sep, height = text.lower().partition("x")
    if not width.isdigit() or (sep and not height.isdigit()):
        raise ValueError(f"--size {text!r}: expected WxH, e.g. 15x15")
    return int(width), int(height if sep else width)


def map_name(spec: MapSpec, seed: int) -> str:
    """The file name of a generated map.

    >>> map_name(MapSpec(15, 11, 0.2), 7)
    'gen-15x11-d20-s7.txt'
    """
    border = "" if spec.border else "-open"
    return f"gen-{spec.width}x{spec.height}-d{round(spec.density * 100)}{border}-s{seed}.txt"


def generate_command(
    size: str, density: float, border: bool, count: int, seed: int, apart: int, out_dir: str,
    out: TextIO = sys.stdout, err: TextIO = sys.stderr,
) -> int:
    """Write ``count`` maps to ``out_dir`` and print their paths; the exit status."""
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
        return 2 if not isinstance(e, MapError) or "no connected" not in str(e) else 1
    except OSError as e:
        print(f"lazytron maps: {e.filename or out_dir}: {e.strerror}", file=err)
        return 1
    return 0
