"""``BUILTIN_GAMES`` is the only hand-written list of games: no shared module names a game.

A game's parts in each layer live in its own packages and modules (``engine/<game>/``,
``ai/<game>/``, ``play/charts/<game>.py``, ``campaign/games/<game>.py``, ``ui/tables/<game>/``,
``ui/tutorials/<game>.py``, ``ui/art/games/<game>.py``) and are found by its id.  So the code of
every other module holds no game id: no string equal to one (a dict key, an ``== "crimson_keep"``)
and no function named after one.  Docstrings may name a game in an example.
"""

from __future__ import annotations

import ast
from pathlib import Path

import crimson_table
from crimson_table.engine.registry import BUILTIN_GAMES

PACKAGE = Path(crimson_table.__file__).parent
THE_LIST = PACKAGE / "engine" / "registry.py"


def is_a_games_own(path: Path) -> bool:
    """A module of one game: in a folder named after it, or named after it."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return any(part in BUILTIN_GAMES for part in parts)


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def game_ids_in_code(source: str) -> list[str]:
    """Each place the code (not a docstring) names a game: ``line: the id``."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    named: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and id(node) not in skip and node.value in BUILTIN_GAMES:
            named.append((node.lineno, repr(node.value)))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in BUILTIN_GAMES:
            named.append((node.lineno, f"def {node.name}"))
    return [f"{line}: {what}" for line, what in sorted(named)]


def test_no_shared_module_names_a_game_but_the_one_list() -> None:
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == THE_LIST or is_a_games_own(path):
            continue
        named = game_ids_in_code(path.read_text(encoding="utf-8"))
        if named:
            offenders[str(path.relative_to(PACKAGE))] = named
    assert offenders == {}


def test_the_check_sees_a_game_keyed_dict_a_comparison_and_a_function_named_after_a_game() -> None:
    source = '''"""Docstrings may say 'two_crowns'."""
WALNUT = table == "crimson_keep"
ACCENTS = {"condottiere": 1}
def crusader_kingdoms():
    """Nor is this one counted: 'crimson_company'."""
'''
    assert game_ids_in_code(source) == ["2: 'crimson_keep'", "3: 'condottiere'", "4: def crusader_kingdoms"]
