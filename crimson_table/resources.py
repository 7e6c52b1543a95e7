"""Finds the top-level ``assets/`` and ``maps/`` folders however the app runs.

Three layouts are supported:

* a source checkout: ``<repo>/crimson_table/`` beside ``<repo>/assets`` and ``<repo>/maps``;
* a non-editable ``pip install .``: the wheel installs both folders as package data under
  ``crimson_table/_data/`` (see pyproject.toml);
* a PyInstaller build: both folders sit in ``sys._MEIPASS``.

``CRIMSON_TABLE_MAPS`` names another maps folder (a copy to edit in Tiled; tests use it for a
damaged map, and the bot process, started fresh, reads it too).
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _candidates(name: str) -> list[Path]:
    bundle = getattr(sys, "_MEIPASS", None)
    out = []
    if bundle:
        out.append(Path(bundle) / name)
    out.append(_PACKAGE_DIR / "_data" / name)
    out.append(_PACKAGE_DIR.parent / name)
    return out


@cache
def _find(name: str) -> Path:
    for path in _candidates(name):
        if path.is_dir():
            return path
    tried = ", ".join(str(p) for p in _candidates(name))
    raise FileNotFoundError(f"Crimson Table cannot find its {name}/ folder (looked in: {tried})")


def assets_dir() -> Path:
    """The folder holding images, sounds and the icon."""
    return _find("assets")


MAPS_ENV = "CRIMSON_TABLE_MAPS"


def maps_dir() -> Path:
    """The folder holding the Tiled maps (``$CRIMSON_TABLE_MAPS`` when set)."""
    override = os.environ.get(MAPS_ENV)
    return Path(override) if override else _find("maps")


def asset(*parts: str) -> Path:
    """Path of one file under ``assets/``."""
    return assets_dir().joinpath(*parts)


def map_path(name: str) -> Path:
    """Path of one file under ``maps/``."""
    return maps_dir() / name
