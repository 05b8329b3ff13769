"""What a page may ask for, checked into the setup of a game: a map, two players, clocks, rules.

A page never sends a command line: a player is an engine (with its
options), a bot named when the server started, or the human's seat.  A map
is a shipped one, a generated one (a seed and a size) or the text of one,
read by the one map reader and at most :data:`MAX_SIDE` cells a side.
Every refusal is a :class:`RequestError`: one line for the page, and its
HTTP status.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..board import Board, BoardError
from ..engines import ENGINES, Engine, configured
from ..match.mapgen import MapError, MapSpec, generate
from ..match.referee import Limits
from ..match.rules import RULES
from ..reading import parse_board, parse_size, shipped_maps

MAX_SIDE = 100  # the widest and tallest map a page may send or generate
MAX_MAP_CHARS = (MAX_SIDE + 2) * (MAX_SIDE + 1) + 32  # 100 rows of 100 cells, \r\n, the size line
CLOCKS = {  # the bots' clock: the contest's, or a quicker one
    "contest": Limits(3.0, 1.0),
    "quick": Limits(1.0, 0.25),
}
HUMAN_CLOCKS: dict[str, float | None] = {"10": 10.0, "30": 30.0, "off": None}  # the human's
HUMAN_MARGIN = 3.0  # seconds the referee waits beyond the human's clock (the fallback comes first)
NO_CLOCK = 86_400.0  # the referee's limit for a human without a clock: a day
ENGINE_MARGIN = 0.1  # seconds an engine's own clock keeps short of the referee's limit
HUMAN = "human"  # the human's name in records


class RequestError(ValueError):
    """A request refused: the message is one line for the page, ``status`` its HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Side:
    """One side of a game: its name, and its command line (None: the human, who plays by keys)."""

    name: str
    command: str | None = None


@dataclass(frozen=True)
class Setup:
    """A game to play: the board, the players, each one's time limits, the rules, the human's
    clock."""

    board: Board
    map_name: str
    players: tuple[Side, Side]
    limits: tuple[Limits, Limits]
    rules: str = "simultaneous"
    human_seconds: float | None = None  # the human's time a move (None: no clock)

    @property
    def human(self) -> int | None:
        """The human's seat (1 or 2), or None when two bots play."""
        seats = [k for k, p in enumerate(self.players, 1) if p.command is None]
        return seats[0] if seats else None


KINDS = {str: "a string", int: "a whole number", dict: "an object", list: "a list"}


def _get(request: Mapping[str, Any], name: str, kind: type, default: Any = None) -> Any:
    """The field ``name`` of a request, of type ``kind`` (never a bool)."""
    value = request.get(name, default)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RequestError(f"{name!r} must be {KINDS[kind]}")
    return value


def _choice(request: Mapping[str, Any], name: str, known: Mapping[str, Any], default: str) -> str:
    value = _get(request, name, str, default)
    if value not in known:
        raise RequestError(f"no {name} {value[:40]!r}: choose one of {', '.join(known)}")
    return str(value)


def map_from_text(text: str) -> Board:
    """A map sent as text: at most :data:`MAX_SIDE` cells a side, read by :func:`parse_board`."""
    text = text.removeprefix("\ufeff")
    try:
        width, height = parse_size(text.split("\n", 1)[0])
        if width > MAX_SIDE or height > MAX_SIDE:
            raise RequestError(
                f"the map is {width}x{height} cells: this server takes maps of at most "
                f"{MAX_SIDE}x{MAX_SIDE}"
            )
        if len(text) > MAX_MAP_CHARS:
            raise RequestError(
                f"the map is {len(text)} characters long: a map of at most {MAX_SIDE}x{MAX_SIDE} "
                f"cells takes at most {MAX_MAP_CHARS}",
                413,
            )
        return parse_board(text)
    except BoardError as e:
        raise RequestError(f"bad map: {e}") from None


def choose_map(spec: Mapping[str, Any]) -> tuple[str, Board]:
    """The map a request names: ``{"name": N}``, ``{"seed": S, "width": W, "height": H}`` or
    ``{"text": T}``; with the name it is known by."""
    if "name" in spec:
        name = _get(spec, "name", str)
        path = shipped_maps().get(name)
        if path is None:
            raise RequestError(f"no shipped map {name[:40]!r}")
        with open(path, encoding="utf-8") as f:
            return name, parse_board(f.read())
    if "seed" in spec:
        seed, width, height = (_get(spec, key, int, 15) for key in ("seed", "width", "height"))
        if not 0 <= seed < 2**63 or max(width, height) > MAX_SIDE:
            raise RequestError(f"a generated map takes a seed >= 0 and sides of 4 to {MAX_SIDE}")
        try:
            return f"generated-{width}x{height}-{seed}", generate(MapSpec(width, height), seed)
        except MapError as e:
            raise RequestError(str(e)) from None
    if "text" in spec:
        return "sent", map_from_text(_get(spec, "text", str))
    raise RequestError("'map' must hold a 'name', a 'seed' or a 'text'")


def engine_command(engine: Engine, options: list[str], limits: Limits, python: str) -> str:
    """The command line of a bot playing ``engine`` with its options, on a clock just inside
    ``limits``, logging each turn's search (``-v``)."""
    words = [python, "-m", "lazytron", "bot", "--engine", engine.name, "-v"]
    for option in options:
        words += ["--option", option]
    first, turn = (max(0.05, s - ENGINE_MARGIN) for s in (limits.first, limits.turn))
    return shlex.join([*words, "--first-time", f"{first:g}", "--turn-time", f"{turn:g}"])


@dataclass(frozen=True)
class Catalogue:
    """What this server offers: the engines, the bots named on its command line, the maps."""

    bots: Mapping[str, str] = field(default_factory=dict)  # name -> command line
    python: str = sys.executable  # the interpreter that runs the engines' bots

    def describe(self) -> dict[str, Any]:
        """The choices as the page shows them."""
        return {
            "maps": list(shipped_maps()),
            "engines": {
                name: [option._asdict() for option in engine.options]
                for name, engine in ENGINES.items()
            },
            "bots": list(self.bots),
            "clocks": list(CLOCKS),
            "human_clocks": list(HUMAN_CLOCKS),
            "rules": list(RULES),
            "max_side": MAX_SIDE,
        }

    def player(self, spec: Mapping[str, Any], clock: Limits) -> Side:
        """One side a request names: ``{"human": true}``, ``{"bot": NAME}`` or ``{"engine": NAME,
        "options": [...]}``."""
        if spec.get("human") is True:
            return Side(HUMAN)
        if "bot" in spec:
            name = _get(spec, "bot", str)
            if name not in self.bots:
                known = ", ".join(self.bots) or "none"
                raise RequestError(f"no bot {name[:40]!r} on this server (its bots: {known})")
            return Side(name, self.bots[name])
        if "engine" in spec:
            name = _choice(spec, "engine", ENGINES, "")
            options = _get(spec, "options", list, [])
            if not all(isinstance(o, str) and len(o) < 100 for o in options):
                raise RequestError("'options' must be a list of NAME=VALUE strings")
            try:
                configured(ENGINES[name], options)
            except ValueError as e:
                raise RequestError(f"{name}: {e}") from None
            words = " ".join([name, *options])
            return Side(words, engine_command(ENGINES[name], options, clock, self.python))
        raise RequestError("a player must be {'human': true}, {'bot': NAME} or {'engine': NAME}")

    def setup(self, request: object) -> Setup:
        """The game a request asks for; RequestError naming the first thing wrong with it."""
        if not isinstance(request, dict):
            raise RequestError("the request must be a JSON object")
        name, board = choose_map(_get(request, "map", dict))
        clock = CLOCKS[_choice(request, "clock", CLOCKS, "contest")]
        human_seconds = HUMAN_CLOCKS[_choice(request, "human_clock", HUMAN_CLOCKS, "10")]
        rules = _choice(request, "rules", RULES, "simultaneous")
        sides = _get(request, "players", list)
        if len(sides) != 2 or not all(isinstance(side, dict) for side in sides):
            raise RequestError("'players' must be two objects, player 1's and player 2's")
        players = (self.player(sides[0], clock), self.player(sides[1], clock))
        if all(p.command is None for p in players):
            raise RequestError("one human at most: the other seat is an engine or a bot")
        human = human_limits(human_seconds)
        limits = (
            human if players[0].command is None else clock,
            human if players[1].command is None else clock,
        )
        return Setup(board, name, players, limits, rules, human_seconds)


def human_limits(seconds: float | None) -> Limits:
    """The referee's limits for the human's seat: the human's clock and a margin, or a day."""
    span = NO_CLOCK if seconds is None else seconds + HUMAN_MARGIN
    return Limits(span, span)
