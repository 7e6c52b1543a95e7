"""The engine checks its invariants with exceptions, never ``assert`` (gone under ``python -O``)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "crimson_table" / "engine"


def test_no_assert_statement_anywhere_in_the_engine() -> None:
    found = [
        f"{path.relative_to(ENGINE)}:{node.lineno}"
        for path in sorted(ENGINE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assert)
    ]
    assert not found, f"use core.require/present/expect instead of assert: {found}"
