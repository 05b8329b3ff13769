"""The chambers engine's speedups in C (``_speedups/*.c``): imported by ``_native.py`` only.

Bitboards are given as little-endian bytes (``_native.board_bytes``), cells
as indices of a grid with one guard column (stride ``width + 1``).
"""

from collections.abc import Callable

from .settings import Settings

FILLABLE_CELLS: (
    int  # space.FILLABLE_CELLS: the apart score's regions bounded by their chambers up to this size
)

def split(
    open: bytes, width: int, height: int, me: int, enemy: int, /
) -> tuple[bool, int, int, int, int, int, int, int, int]:
    """``split.python_counts``' nine fields: touching, then parity, chambers, edges, moves."""

def chambers(region: bytes, width: int, height: int, head: int, /) -> int:
    """``split.python_chamber_bound``: the bound of the head's tree of chambers in the region."""

def walk(region: bytes, width: int, height: int, head: int, /) -> int:
    """``fill.python_walk``'s length: the greedy walk from the head through the region."""

def fillable(region: bytes, width: int, height: int, head: int, /) -> int:
    """``space.python_fillable``: the tree of chambers' bound with parity."""

class Horizon:
    """The search's last plies for one tree: its settings, killers and table of best moves."""

    evaluations: int  # positions scored, over all its searches

    def __init__(
        self, width: int, height: int, settings: Settings, killers: bytearray, win: int, limit: int
    ) -> None: ...
    def search(
        self,
        open: bytes,
        me: int,
        enemy: int,
        ply: int,
        depth: int,
        alpha: int,
        beta: int,
        extend: int,
        evaluated: bool,
        check: Callable[[], None] | None,
        /,
    ) -> tuple[int, int, tuple[tuple[int, int, int, int], ...], int, int, int]:
        """(value, evaluations, scored, score, kind, cuts): ``search.value`` of the position, in C,
        and the lines it cut."""
