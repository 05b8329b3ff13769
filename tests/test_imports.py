"""The package's import graph, read from the source with ``ast``: layers in the right direction, no cycle.

The core (board, territory, tree, clock, game, search, minimax, decide)
imports nothing else of the package; the engines and the games import
only the core; tools import anything but never another module's private
(underscored) names; and no chain of imports, those made inside functions
included, comes back to where it started.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "lazytron"
CORE = {f"lazytron.{name}" for name in ("board", "territory", "tree", "clock", "game", "search", "minimax", "decide", "space", "split", "fill", "battlefront", "outcome")}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py") if p.name != "__main__.py"}


def imports(name: str) -> Iterator[tuple[str, str | None, int]]:
    """(module imported, name taken from it or None, line) for every import of the package in a module."""
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
                if submodule in MODULES:  # `from . import zenzike`
                    yield submodule, None, node.lineno
                else:
                    yield base, alias.name, node.lineno


def layer(name: str) -> str:
    if name in CORE:
        return "core"
    if name.startswith("lazytron.engines"):
        return "engines"
    if name.startswith("lazytron.games"):
        return "games"
    return "tools"


ALLOWED = {"core": {"core"}, "engines": {"core", "engines"}, "games": {"core", "games"}}


def graph() -> dict[str, set[str]]:
    return {name: {target for target, _, _ in imports(name) if target in MODULES} for name in MODULES}


def test_the_graph_is_read():
    edges = graph()
    assert "lazytron.board" in edges["lazytron.territory"]
    assert "lazytron.engines.zenzike" in edges["lazytron.engines"]  # `from . import zenzike`
    assert "lazytron.bot" in edges["lazytron.cli.bot"]  # imported inside a function


@pytest.mark.parametrize("name", sorted(MODULES))
def test_layers_point_downwards(name):
    allowed = ALLOWED.get(layer(name))
    if allowed is None:
        return  # a tool may use any layer
    wrong = [(target, line) for target, _, line in imports(name) if target in MODULES and layer(target) not in allowed]
    assert not wrong, f"{name} ({layer(name)}) imports {wrong}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_takes_another_modules_private_names(name):
    taken = [(target, what, line) for target, what, line in imports(name) if what and what.startswith("_")]
    assert not taken, f"{name} takes private names: {taken}"


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of modules, or None (depth-first search with colours)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
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


def test_no_class_name_is_defined_twice():
    where: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(name)
    assert {k: v for k, v in where.items() if len(v) > 1} == {}


def test_no_module_is_longer_than_350_lines():
    long = {name: n for name, path in MODULES.items() if (n := len(path.read_text().splitlines())) > 350}
    assert long == {}


def test_the_command_lines_names_are_the_registries():
    # cli/ names the engines and rule sets itself, so that `lazytron bot` starts without loading the tools
    from lazytron.cli import arguments
    from lazytron.engines import DEFAULT, ENGINES
    from lazytron.match.rules import RULES

    assert set(arguments.ENGINE_NAMES) == set(ENGINES) and arguments.ENGINE_NAMES[0] == DEFAULT
    assert set(arguments.RULE_SETS) == set(RULES)
