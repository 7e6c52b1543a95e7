"""Engine modules import one another in one direction only, and only at the top of a module.

An import ring (``a`` imports ``b`` and ``b`` imports ``a``, perhaps through others) means
neither module can be read, tested or changed alone, and the order in which Python happens to
load them decides whether a name exists yet.  A function-level import is how such a ring is
usually hidden: it defers the import until the call, so the linter's graph and a reader's view
of what a module stands on are both wrong.  import-linter's ``layers`` contracts in
pyproject.toml hold each game package to its order; this test holds the two shapes that the
contracts cannot see alone: a ring anywhere in ``crimson_table.engine`` (across packages too)
and an import inside a function, class body excepted.

Each module is parsed with ``ast`` (nothing is imported), so the test also sees modules that a
game never loads.  The checks run once on a planted ring and a planted function-level import,
so a check that stopped seeing them fails here rather than passing silently.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "crimson_table" / "engine"
ROOT_PACKAGE = "crimson_table.engine"

# Deferred loads of libraries outside the engine that keep start-up short; each names the module
# that may defer it and what it defers.  An engine module is never deferred.
LAZY_LOADS = {
    "crimson_table.engine.tiled": {"pytmx"},  # heavy, only when a map is read
    "crimson_table.engine.tiled_files": {"xml.etree", "base64", "zlib"},  # with the first map only
}


@dataclass(frozen=True)
class Source:
    """A module's text and whether it is a package's ``__init__``."""

    text: str
    is_package: bool = False


@dataclass
class Imports:
    """What one module imports: engine modules at its top, and every import inside a function."""

    top: set[str] = field(default_factory=set)
    deferred: list[tuple[int, str]] = field(default_factory=list)  # (line, imported module)


def engine_sources(root: Path = ENGINE, package: str = ROOT_PACKAGE) -> dict[str, Source]:
    """Every module under the engine directory, by dotted name."""
    sources = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        name = ".".join((package, *parts[:-1])) if is_package else ".".join((package, *parts))
        sources[name] = Source(path.read_text(encoding="utf-8"), is_package)
    return sources


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The dotted name a ``from`` import names, relative imports resolved against ``module``."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _named(
    node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: set[str]
) -> Iterator[str]:
    """The modules an import statement names: a ``from`` import of a module names that module."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = _absolute(node, module, is_package)
    for alias in node.names:
        inner = f"{base}.{alias.name}"
        yield inner if inner in known else base


def _walk(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import under ``node`` and whether it sits inside a function or lambda."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, in_function
        inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        yield from _walk(child, inner)


def scan(sources: Mapping[str, Source]) -> dict[str, Imports]:
    """Per module: the engine modules it imports at its top, and its function-level imports."""
    known = set(sources)
    found = {}
    for module, source in sources.items():
        imports = Imports()
        for node, in_function in _walk(ast.parse(source.text), in_function=False):
            for name in _named(node, module, source.is_package, known):
                if in_function:
                    imports.deferred.append((node.lineno, name))
                elif name in known:
                    imports.top.add(name)
        found[module] = imports
    return found


def rings(found: Mapping[str, Imports]) -> list[list[str]]:
    """Each set of modules that import one another in a circle (Tarjan's components), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(found[module].top):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1 or module in found[module].top:
                components.append(sorted(component))

    for module in sorted(found):
        if module not in index:
            visit(module)
    return sorted(components)


def function_level_imports(found: Mapping[str, Imports]) -> list[str]:
    """Each import inside a function that ``LAZY_LOADS`` does not name, as ``module:line imported``."""
    return [
        f"{module}:{line} imports {name}"
        for module, imports in sorted(found.items())
        for line, name in imports.deferred
        if name.startswith(ROOT_PACKAGE) or name not in LAZY_LOADS.get(module, set())
    ]


def test_no_engine_module_is_part_of_an_import_ring() -> None:
    """Every import in the engine points one way: no module reaches itself through its imports."""
    assert rings(scan(engine_sources())) == []


def test_no_engine_module_imports_inside_a_function() -> None:
    """A module says at its top all it stands on; only the listed start-up loads wait for a call."""
    assert function_level_imports(scan(engine_sources())) == []


def test_the_checks_see_a_planted_ring_and_a_planted_function_level_import() -> None:
    """A ring through three modules (one relative import) and an import inside a method are found."""
    game = f"{ROOT_PACKAGE}.game"
    planted = {
        game: Source("", is_package=True),
        f"{game}.rules": Source("from crimson_table.engine.game import flow\n"),
        f"{game}.flow": Source("from crimson_table.engine.game.ops import settle\n"),
        f"{game}.ops": Source("from . import rules\n"),
        f"{game}.state": Source(
            "class State:\n    def f(self):\n        from crimson_table.engine.game import rules\n"
        ),
        f"{game}.cards": Source("import os\n\n\ndef f():\n    import json\n"),
    }
    found = scan(planted)
    assert rings(found) == [[f"{game}.flow", f"{game}.ops", f"{game}.rules"]]
    assert function_level_imports(found) == [
        f"{game}.cards:5 imports json",
        f"{game}.state:3 imports {game}.rules",
    ]


def test_a_module_importing_itself_is_a_ring() -> None:
    """The smallest ring: one module naming itself."""
    found = scan({f"{ROOT_PACKAGE}.solo": Source("from crimson_table.engine import solo\n")})
    assert rings(found) == [[f"{ROOT_PACKAGE}.solo"]]
