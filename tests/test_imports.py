"""The package's import graph and sizes, read from the source with ``ast``: layers in the right
direction, no cycle, short modules and functions.

The layers, lowest first: the core (board, territory, tree, clock, game,
search, minimax, decide...) <- the engines <- one refereed game (match) <-
the tools (replay, compare, tournament) <- the tuning (tune, whose games are the
tournament's) and the web app (serve, which takes the replay and the tournament's
store) <- the command line (cli); a tool imports no other tool but for the
tournament's replay pages.  Beside them:
the games (on the core only), the utilities (term, files: on the core,
for match and above), the players (bot, analyse, bots: on the engines,
for compare and cli) and the ratings (on nothing, for the tournament).  No module takes another's
private (underscored) names; no chain of imports, those made inside functions included, comes back
to where it started, between modules or between folders.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "lazytron"
CORE = {
    f"lazytron.{name}"
    for name in (
        "board",
        "reading",
        "territory",
        "tree",
        "clock",
        "game",
        "search",
        "minimax",
        "decide",
    )
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py") if p.name != "__main__.py"}
EXTENSIONS = {
    module_name(p) for p in PACKAGE.rglob("*.pyi") if not p.with_suffix(".py").exists()
}  # compiled, typed by a stub
NATIVE = "lazytron.engines.chambers._native"  # the one importer of the compiled speedups


def imports(name: str) -> Iterator[tuple[str, str | None, int]]:
    """(module imported, name taken from it or None, line) for every import of the package in a
    module."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("lazytron"):
                    yield alias.name, None, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            if not base.startswith("lazytron"):
                continue
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if submodule in MODULES or submodule in EXTENSIONS:  # `from . import zenzike`
                    yield submodule, None, node.lineno
                else:
                    yield base, alias.name, node.lineno


FOLDERS = {  # the layer of each folder or top-level module that is not in the core
    "engines": "engines",
    "games": "games",
    "term": "utilities",
    "files": "utilities",
    "bot": "players",
    "prepared": "players",
    "analyse": "players",
    "bots": "players",
    "match": "match",
    "ratings": "ratings",
    "replay": "replay",
    "compare": "compare",
    "tournament": "tournament",
    "tune": "tune",
    "serve": "serve",
    "cli": "cli",
}
LAYERS = (
    "core",
    "engines",
    "games",
    "utilities",
    "players",
    "match",
    "ratings",
    "replay",
    "compare",
    "tournament",
    "tune",
    "serve",
    "cli",
)
ALLOWED = {  # the layers each layer may import, its own included
    "core": {"core"},
    "engines": {"core", "engines"},
    "games": {"core", "games"},
    "utilities": {"core", "utilities"},
    "players": {"core", "engines", "players"},
    "match": {"core", "engines", "utilities", "match"},
    "ratings": {"ratings"},
    "replay": {"core", "engines", "utilities", "match", "replay"},
    "compare": {"core", "engines", "utilities", "players", "match", "compare"},
    "tournament": {"core", "engines", "utilities", "match", "ratings", "replay", "tournament"},
    "tune": {"core", "engines", "utilities", "match", "ratings", "tournament", "tune"},
    "serve": {"core", "engines", "utilities", "match", "replay", "tournament", "serve"},
    "cli": set(LAYERS),
}


def folder(name: str) -> str:
    """The folder (or top-level module) of the package a module is in: ``lazytron.match.rules`` ->
    ``match``."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def layer(name: str) -> str:
    if name in CORE or name == "lazytron":
        return "core"
    return FOLDERS[folder(name)]


def allowed(source: str, target: str) -> bool:
    """Whether module ``source`` may import module ``target``."""
    return layer(target) in ALLOWED[layer(source)]


def graph() -> dict[str, set[str]]:
    return {
        name: {target for target, _, _ in imports(name) if target in MODULES} for name in MODULES
    }


def test_the_graph_is_read():
    edges = graph()
    assert "lazytron.board" in edges["lazytron.territory"]
    assert "lazytron.engines.zenzike" in edges["lazytron.engines"]  # `from . import zenzike`
    assert "lazytron.bot" in edges["lazytron.cli.bot"]  # imported inside a function


def test_every_module_has_a_layer():
    assert all(layer(name) in LAYERS for name in MODULES) and set(ALLOWED) == set(LAYERS)


def test_the_layers_refuse_an_import_against_them():
    assert allowed("lazytron.replay.model", "lazytron.match.rules")
    assert allowed("lazytron.tournament.report", "lazytron.ratings.stats")
    assert not allowed("lazytron.match.referee", "lazytron.replay.model")
    assert not allowed("lazytron.match.records", "lazytron.tournament.store")
    assert not allowed("lazytron.replay.model", "lazytron.compare.games")
    assert not allowed("lazytron.engines.chambers", "lazytron.match.rules")
    assert not allowed("lazytron.board", "lazytron.cli")
    assert allowed("lazytron.tune.run", "lazytron.tournament.task")
    assert not allowed("lazytron.tournament.run", "lazytron.tune.spsa")
    assert not allowed("lazytron.tune.page", "lazytron.replay.webpage")
    assert allowed("lazytron.serve.app", "lazytron.tournament.store")
    assert not allowed("lazytron.tournament.run", "lazytron.serve.app")
    assert not allowed("lazytron.replay.webpage", "lazytron.serve.app")


@pytest.mark.parametrize("name", sorted(MODULES))
def test_layers_point_downwards(name):
    wrong = [
        (target, line)
        for target, _, line in imports(name)
        if target in MODULES and not allowed(name, target)
    ]
    assert not wrong, f"{name} ({layer(name)}) imports {wrong}"


def private(name: str) -> bool:
    """Whether a name is private: underscored, but not a dunder such as ``__version__``.

    >>> private("_order"), private("__version__"), private("search")
    (True, False, False)
    """
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_takes_another_modules_private_names(name):
    taken = [(target, what, line) for target, what, line in imports(name) if what and private(what)]
    assert not taken, f"{name} takes private names: {taken}"


def test_only_the_native_module_imports_the_compiled_speedups():
    assert EXTENSIONS == {"lazytron.engines.chambers._speedups"}
    importers = {name for name in MODULES for target, _, _ in imports(name) if target in EXTENSIONS}
    assert importers == {NATIVE}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of modules, or None (depth-first search with colours)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        path.pop()
        return None

    for start in sorted(edges):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_cycle_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_import_cycle():
    assert cycle(graph()) is None


def folder_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph of the package's folders (and top-level modules): an edge where any module of one
    imports the other."""
    folders: dict[str, set[str]] = {folder(name): set() for name in edges}
    for name, targets in edges.items():
        folders[folder(name)] |= {folder(t) for t in targets if folder(t) != folder(name)}
    return folders


def test_folder_cycles_are_found_where_modules_have_none():
    edges = {
        "lazytron.a.x": {"lazytron.b.y"},
        "lazytron.b.y": {"lazytron.a.z"},
        "lazytron.a.z": set(),
    }
    assert cycle(edges) is None
    assert cycle(folder_graph(edges)) == ["a", "b", "a"]


def test_no_cycle_between_folders():
    assert cycle(folder_graph(graph())) is None


def test_no_class_name_is_defined_twice():
    where: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(name)
    assert {k: v for k, v in where.items() if len(v) > 1} == {}


def test_no_module_is_longer_than_350_lines():
    long = {
        name: n for name, path in MODULES.items() if (n := len(path.read_text().splitlines())) > 350
    }
    assert long == {}


MOST_FUNCTION_LINES = 60


def long_functions(source: str, most: int = MOST_FUNCTION_LINES) -> list[tuple[str, int, int]]:
    """(name, line, length) of every function longer than ``most`` lines, its decorators and
    docstring included."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - start + 1
            if length > most:
                found.append((node.name, start, length))
    return found


def test_long_functions_are_found():
    def function(name: str, lines: int, indent: str = "") -> str:
        body = [f"def {name}():", *["    x = 1"] * (lines - 2), "    return x"]
        return "".join(f"{indent}{line}\n" for line in body)

    source = (
        function("short", 60) + "\n\nclass C:\n    @staticmethod\n" + function("long", 60, "    ")
    )
    assert long_functions(source) == [("long", 64, 61)]  # the decorator's line counts


def test_no_function_is_longer_than_60_lines():
    long = {name: found for name in MODULES if (found := long_functions(MODULES[name].read_text()))}
    assert long == {}


def test_the_command_lines_names_are_the_registries():
    # cli/ names these itself, so that `lazytron bot` starts without loading the tools
    from lazytron.cli import arguments, replay
    from lazytron.engines import DEFAULT, ENGINES
    from lazytron.match.rules import RULES
    from lazytron.replay.moments import DROP

    assert set(arguments.ENGINE_NAMES) == set(ENGINES) and arguments.ENGINE_NAMES[0] == DEFAULT
    assert set(arguments.RULE_SETS) == set(RULES)
    assert replay.DROP == DROP


def test_the_command_line_loads_no_tool_before_a_command_runs():
    code = (
        "import sys, lazytron.cli; "
        "print(*sorted(m for m in sys.modules if m.startswith('lazytron')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    light = {"lazytron", "lazytron.cli", "lazytron.clock", "lazytron.term", "lazytron.term.streams"}
    assert {m for m in loaded.split() if not m.startswith("lazytron.cli.")} == light
