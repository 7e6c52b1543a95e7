"""The deterministic engine layer: rules, matches, saves.  Never imports pygame."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from crimson_table.engine.core import (  # noqa: E402
    Action,
    Event,
    GameInfo,
    GameRules,
    IllegalAction,
    OptionSpec,
    Outcome,
    StateError,
)
from crimson_table.engine.registry import GAMES  # noqa: E402
from crimson_table.engine.tiled_files import MapError  # noqa: E402

__all__ = [
    "GAMES",
    "Action",
    "Event",
    "GameInfo",
    "GameRules",
    "IllegalAction",
    "MapError",
    "OptionSpec",
    "Outcome",
    "StateError",
]
