"""The first menu frame waits only for what it draws (bench/startup.py measures how long).

Each check runs ``crimson-table --first-frame`` in a fresh interpreter, because this test process
has long since imported everything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Opens the menu, draws one frame, then reports the loaded modules and the full collections seen.
FIRST_FRAME = """
import gc, json, sys
full = []
gc.callbacks.append(lambda phase, info: full.append(1) if phase == "start" and info["generation"] == 2 else None)
from crimson_table import cli
code = cli.main(["--first-frame"])
print(json.dumps({"code": code, "modules": sorted(sys.modules), "full_collections": len(full)}))
"""


@pytest.fixture(scope="module")
def first_frame(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "CRIMSON_TABLE_HOME": str(tmp_path_factory.mktemp("home")),
    }
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["code"] == 0
    return report


def test_the_first_frame_loads_no_form_toolkit_no_game_rules_and_no_bots(first_frame: dict[str, Any]) -> None:
    """pygame-gui, each game's rules, the bot machinery and zeroconf (LAN discovery, an optional
    extra) load when a screen or table needs them."""
    modules = set(first_frame["modules"])
    assert "pygame_gui" not in modules
    assert "zeroconf" not in modules, "the Join screen or the host's lobby asks for it"
    late = (
        "crimson_table.ai",
        "crimson_table.campaign",
        "crimson_table.ui.tables.",
        "crimson_table.play.match",
    )
    assert not [name for name in modules if name.startswith(late)]
    assert not [
        name for name in modules if name.startswith("crimson_table.engine.") and name.endswith(".rules")
    ]
    assert "crimson_table.play.bot_worker" not in modules


def test_the_first_frame_starts_no_child_process(first_frame: dict[str, Any]) -> None:
    """Finding the C library (ui/memory.py) must not run ``ldconfig``: ``subprocess`` stays unloaded."""
    assert "subprocess" not in first_frame["modules"]


def test_the_first_frame_waits_for_no_full_collection(first_frame: dict[str, Any]) -> None:
    """Opening the menu over an empty stack closes nothing, so there is nothing to collect."""
    assert first_frame["full_collections"] == 0


# Opens a local table (every seat a computer) and reports the loaded modules.
LOCAL_TABLE = """
import json, sys
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.settings import Settings
app = App(Settings(animation_speed="off", volume=0.0))
app.start_match(Match.new("crusader_kingdoms", [Seat("A", "human"), Seat("B", "bot", "heuristic")], seed=3))
app.run_frames(3)
print(json.dumps(sorted(sys.modules)))
"""


def test_a_local_table_loads_neither_the_network_client_nor_the_form_toolkit(tmp_path: Path) -> None:
    """The network's client (websockets, asyncio: about 10 MB) loads for an online table only, and
    pygame-gui (about 4 MB) for a screen of forms or a dialog: a table played here needs neither."""
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "CRIMSON_TABLE_HOME": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-c", LOCAL_TABLE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    modules = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "crimson_table.ui.tables.crusader_kingdoms.scene" in modules, "the table opened"
    assert not {"crimson_table.net.client", "websockets", "asyncio", "pygame_gui"} & modules
