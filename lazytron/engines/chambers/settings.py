"""The chambers engine's settings: one frozen object, each field with its default, range and
meaning.

A tree is made with a :class:`Settings` and every part of the engine reads
its knobs from there, so two engines with different settings can share a
process.  On the command line each field is an option named in capitals, as
UCI engines name theirs: ``--option EDGE=120``.

>>> Settings().edge, Settings(edge=120).edge
(100, 120)
>>> with_options(Settings(), ["edge=120", "MEMO=false"]).memo
False
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, fields, replace
from typing import Any, NamedTuple


def _knob(default: Any, low: int, high: int, meaning: str) -> Any:
    """A dataclass field with its allowed range and one line of meaning."""
    return field(default=default, metadata={"low": low, "high": high, "meaning": meaning})


@dataclass(frozen=True)
class Settings:
    """Every knob of the chambers engine (the defaults are what games chose: the engine notes)."""

    fill: int = _knob(
        55, 0, 10_000, "a fillable cell of one's Voronoi share, connected (a1k0n's 55)"
    )
    edge: int = _knob(
        100, 0, 10_000, "a free edge of one's share, connected (a1k0n had 194; games chose 100)"
    )
    separate: int = _knob(
        10_000, 1, 1_000_000, "a fillable cell of one's region once the players are apart"
    )
    close: int = _knob(
        4,
        -1,
        1_000,
        "apart, regions this close in bounds are walked to refine them (-1: never; games chose 4)",
    )
    close_cells: int = _knob(
        800, 0, 65_025, "... only regions of at most this many cells (a walk of 500 costs ~3 ms)"
    )
    short: int = _knob(
        10_000, 0, 1_000_000, "... less this a cell the greedy walk falls short of the bound"
    )
    walk_ahead: int = _knob(
        0, 0, 4, "... every path of this many steps tried before the walk (0: the walk alone)"
    )
    collision: int = _knob(0, -1_000_000, 1_000_000, "a head-on collision's score (a draw is 0)")
    aggression: int = _knob(
        0,
        -10_000,
        10_000,
        "connected, this much less a step between the heads (0: off; below 0, more)",
    )
    spread: int = _knob(
        0,
        0,
        1_000,
        "connected, a lead counts (steps between the heads + this) / this times (0: off)",
    )
    squash: int = _knob(
        0,
        0,
        1_000_000,
        "connected, a lead v counts v x this / (|v| + this), never this much (0: off)",
    )
    extend: int = _knob(2, 0, 64, "forced moves a line takes at no depth (SPRT chose 2)")
    horizon: int = _knob(
        16, 0, 64, "plies from a line's end searched in C without nodes (0: never; SPRT chose 16)"
    )
    reduce: int = _knob(0, 0, 8, "late moves searched this many plies shallower first (0: never)")
    scout: bool = _knob(
        False, 0, 1, "later moves first searched with a null window (principal variation search)"
    )
    aspiration: int = _knob(
        1,
        0,
        1_000_000,
        "the root's first move searched this close to the last depth's value first (0: never)",
    )
    memo: bool = _knob(True, 0, 1, "a position keeps what each depth's search found of it")
    ahead: int = _knob(2, 1, 4, "apart at the root: steps looked ahead for the first move")

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or not f.metadata["low"] <= value <= f.metadata["high"]:
                raise ValueError(
                    f"{f.name.upper()} must be {describe_range(f.metadata, f.type)}, not {value!r}"
                )


class Option(NamedTuple):
    """One setting as the command line shows it."""

    name: str
    kind: str
    default: int | bool
    low: int
    high: int
    meaning: str


def options() -> Iterator[Option]:
    """The settings as options, in field order.

    >>> next(options())[:5]
    ('FILL', 'int', 55, 0, 10000)
    """
    for f in fields(Settings):
        kind = "bool" if f.type in (bool, "bool") else "int"
        m = f.metadata
        yield Option(f.name.upper(), kind, f.default, m["low"], m["high"], m["meaning"])  # type: ignore[arg-type]


def describe_range(metadata: Any, kind: Any) -> str:
    """How a field's allowed values are said in an error.

    >>> describe_range({"low": 0, "high": 8}, "int"), describe_range({"low": 0, "high": 1}, "bool")
    ('a whole number from 0 to 8', 'true or false')
    """
    if kind in (bool, "bool"):
        return "true or false"
    return f"a whole number from {metadata['low']} to {metadata['high']}"


def parse_value(option: Option, text: str) -> int | bool:
    """``text`` as the option's value; ValueError with one line naming it where it is not one.

    >>> parse_value(next(options()), "60")
    60
    >>> parse_value(next(options()), "-5")
    Traceback (most recent call last):
    ValueError: FILL must be a whole number from 0 to 10000, not '-5'
    """
    if option.kind == "bool":
        word = text.strip().lower()
        if word in ("true", "1", "on", "yes"):
            return True
        if word in ("false", "0", "off", "no"):
            return False
        raise ValueError(f"{option.name} must be true or false, not {text!r}")
    try:
        value = int(text.strip())
    except ValueError:
        value = None
    if value is None or not option.low <= value <= option.high:
        raise ValueError(
            f"{option.name} must be a whole number from {option.low} to {option.high}, not {text!r}"
        )
    return value


def with_options(settings: Settings, pairs: Iterable[str]) -> Settings:
    """``settings`` with each ``NAME=VALUE`` of ``pairs`` applied (names in any case).

    ValueError, one line naming the option, for an unknown name, a pair
    without ``=`` or a value out of range.

    >>> with_options(Settings(), ["EDGE=120", "fill=60"]) == Settings(edge=120, fill=60)
    True
    >>> with_options(Settings(), ["DEPTH=3"])
    Traceback (most recent call last):
    ValueError: no option DEPTH (lazytron bot --engine chambers --list-options names them)
    """
    known = {option.name: option for option in options()}
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        option = known.get(name.strip().upper())
        if option is None:
            raise ValueError(
                f"no option {name.strip()}"
                " (lazytron bot --engine chambers --list-options names them)"
            )
        if not equals:
            raise ValueError(f"option {option.name} needs a value: {option.name}=VALUE")
        changes[option.name.lower()] = parse_value(option, text)
    return replace(settings, **changes)


DEFAULT = Settings()
"""The settings the engine plays with unless told otherwise."""
