"""The one door to the compiled speedups: the chambers engine's measures and last plies in C.

``pip install`` builds the extension :mod:`._speedups` from the C sources in
``_speedups/`` where a C compiler is found; without one it installs without
it, and every measure runs in Python (the same numbers, several times
slower: the search then reaches about a fifth of the depth).  This module is
the only importer of the extension (a test holds that) and chooses it or the
Python twins in one place: :data:`speedups` is the extension, or None where it
was not built or ``LAZYTRON_PURE=1`` is set.  The engine's modules read it at
call time, so a test can switch paths by setting it.
"""

from __future__ import annotations

import os
from types import ModuleType


def _load() -> ModuleType | None:
    """The compiled speedups, or None: not built (only their sources' folder is there), or
    ``LAZYTRON_PURE=1``."""
    if os.environ.get("LAZYTRON_PURE", "") not in ("", "0"):
        return None
    try:
        from . import _speedups
    except ImportError:
        return None
    # in a source tree without the built extension, the C sources' folder imports as a namespace
    return _speedups if getattr(_speedups, "__file__", None) else None


speedups = _load()
"""The extension module (typed by ``_speedups.pyi``), or None: then the engine runs in Python."""


def status() -> str:
    """How the engine runs here, for ``lazytron --version`` and ``bot -v``.

    >>> status().split(":")[1].split()[0] in ("built", "not", "off")
    True
    """
    if speedups is not None:
        return "C speedups: built"
    if os.environ.get("LAZYTRON_PURE", "") not in ("", "0"):
        return "C speedups: off (LAZYTRON_PURE=1)"
    return "C speedups: not built (pure Python)"


def board_bytes(cells: int, width: int, height: int) -> bytes:
    """A bitboard of a ``width`` x ``height`` grid (one guard column) as the extension reads it:
    little-endian bytes.

    >>> board_bytes(0b1000000001, 4, 2)
    b'\\x01\\x02'
    """
    return cells.to_bytes(((width + 1) * height + 7) // 8, "little")
