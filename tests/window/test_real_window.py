"""The first minutes of a player, in a real window: the installed app under Xvfb, driven with real
mouse and keys and a person's pauses (seconds, not frames), on every screen.

Each step waits for the screen it expects (a key or click that changes nothing fails), then holds
still for :data:`driver.PAUSE` seconds while the app's CPU is measured (over 5% of a core at rest
fails), and keeps a screenshot; any traceback or rescued frame fails.  It runs when
``CT_REAL_WINDOW=1`` (``.ci/run`` sets it) with the installed app's interpreter in
``CT_APP_PYTHON`` (default: this one); the screenshots go to ``CT_WINDOW_SHOTS`` (default: a
temporary folder) for a person to look at.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.window.driver import Desktop, RealApp, WindowTestError, tools_missing

pytestmark = pytest.mark.skipif(
    os.environ.get("CT_REAL_WINDOW") != "1" or bool(tools_missing()) or not sys.platform.startswith("linux"),
    reason="the real-window tour runs with CT_REAL_WINDOW=1 on Linux with Xvfb, xdotool and ImageMagick",
)

GAMES = ("two_crowns", "crimson_company", "condottiere", "crusader_kingdoms", "crimson_keep")
PREPARE = Path(__file__).with_name("prepare.py")


def table_of(game_id: str) -> str:
    """The class name of a game's table scene."""
    from crimson_table.ui.tables import table_spec

    return table_spec(game_id).scene.partition(":")[2]


def shots_root() -> Path:
    return Path(os.environ.get("CT_WINDOW_SHOTS") or tempfile.mkdtemp(prefix="window-shots-"))


@pytest.fixture
def real_app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[RealApp]:
    """The installed app on a fresh desktop of the size the test asks for, with a player's files."""
    size = request.param
    python = os.environ.get("CT_APP_PYTHON") or sys.executable
    home = tmp_path / "home"
    subprocess.run([python, str(PREPARE), str(home / "saves")], check=True, timeout=120)
    desktop = Desktop(size)
    app = RealApp(python, desktop, home, shots_root() / f"{size[0]}x{size[1]}")
    try:
        app.start()
        app.wait_for("MenuScene", 0, "opening the app")
        yield app
    finally:
        app.kill()
        desktop.close()
        print(f"\nscreenshots of {size[0]}x{size[1]}: {app.shots}")
        for step in app.steps:
            print(f"  {step.name:<34} {step.screen:<22} idle CPU {step.cpu:5.1%}")


def play_against_the_computer(app: RealApp, key: str, game: str) -> None:
    """Setup, a table against the computer, its pause menu, Rules and Settings from there."""
    app.key(key, "SetupScene")
    app.pause(f"{game}_setup")
    app.click("Start the game", table_of(game))
    app.pause(f"{game}_vs_computer")
    app.key("Escape", "PauseScene")
    app.pause(f"{game}_pause_menu")
    app.key("r", "RulesScene")
    app.pause(f"{game}_rules")
    app.key("Escape", "PauseScene")
    app.key("Escape", table_of(game))
    app.key("Escape", "PauseScene")
    app.key("q", "MenuScene")


def play_two_humans(app: RealApp, key: str, game: str) -> None:
    """Setup with a second person, the curtain, a move by keyboard, the curtain or the answer."""
    app.key(key, "SetupScene")
    while not any(b["text"] == "Computer" for b in app.last()["buttons"]):
        app.click("+", "SetupScene")  # a solo game by default: another seat
    app.click("Computer", "SetupScene")  # the second seat: a person now
    app.pause(f"{game}_setup_two_humans")
    app.click("Start the game", "CurtainScene")
    app.pause(f"{game}_curtain")
    lift_curtains(app, game)
    before = app.last()
    app.pause(f"{game}_two_humans")
    rests = app.rest_count()
    app.desktop.run("xdotool", "key", "--delay", "300", "Tab", "Return")
    after = _wait_for_move(app, rests, before["step"])
    app.pause(f"{game}_after_a_move_{after['top']}")
    lift_curtains(app, game)
    app.key("Escape", "PauseScene")
    app.key("q", "MenuScene")


def lift_curtains(app: RealApp, game: str) -> None:
    """Click the curtain's button (it may ask twice: look, then pass) until the table shows."""
    for _ in range(4):
        report = app.last()
        if report["top"] != "CurtainScene":
            break
        x, y, w, h = report["buttons"][0]["rect"] if report["buttons"] else (0, 0, *report["window"])
        app.click_at(x + w // 2, y + h // 2)
        app.wait_for(None, report["rest"], "clicking the curtain")
    app.wait_for(table_of(game), 0, "lifting the curtain")


def _wait_for_move(app: RealApp, rests: int, step: int) -> dict:
    """The move took: the match has more moves than ``step`` once the app rests again."""
    import time

    ends = time.monotonic() + 30
    while time.monotonic() < ends:
        found = app.reports()
        if found and found[-1]["rest"] > rests and (found[-1]["step"] or 0) > step:
            return found[-1]
        time.sleep(0.3)
    raise WindowTestError(f"Tab and Enter at the table made no move (the app rests on {app.last()['top']})")


def load_results_replay(app: RealApp) -> None:
    """Load (a damaged row and its error, rename and delete dialogs), a game's results, a replay."""
    app.key("l", "LoadScene")
    app.pause("load")
    app.click("row:Damaged", "MessageDialog")
    app.pause("dialog_error_damaged_save")
    app.key("Return", "LoadScene")
    app.click("row:Last move", "GameOverScene")  # the computer makes the last move, then the results
    app.pause("results")
    app.key("s", "StatsScene")
    app.pause("statistics")
    app.key("Escape", "GameOverScene")
    app.key("w", "ReplayScene")
    app.pause("replay")
    app.key("End", "ReplayScene")
    app.pause("replay_at_the_end")
    app.key("Escape", "GameOverScene")
    app.key("m", "MenuScene")


def dialogs_of_the_menu(app: RealApp) -> None:
    """Esc asks before quitting; Settings; the help overlay; the rename and delete dialogs."""
    app.key("Escape", "ConfirmDialog")
    app.pause("dialog_quit_confirm")
    app.key("Escape", "MenuScene")
    app.key("s", "SettingsScene")
    app.pause("settings")
    app.key("Escape", "MenuScene")
    app.key("F1", "HelpOverlay")
    app.pause("help_overlay")
    app.key("Escape", "MenuScene")
    app.key("l", "LoadScene")
    app.hover("row:Last move")
    app.key("r", "RenameDialog")
    app.pause("dialog_rename")
    app.key("Escape", "LoadScene")
    app.key("Delete", "ConfirmDialog")
    app.pause("dialog_delete_confirm")
    app.key("Escape", "LoadScene")
    app.key("Escape", "MenuScene")


def tutorial_step(app: RealApp) -> None:
    """A tutorial opens on its table with the coach; Enter moves the coach on."""
    report = app.click("tutorial:two_crowns", table_of("two_crowns"))
    app.pause("tutorial_first_step")
    app.desktop.run("xdotool", "key", "Return")
    app.wait_for(table_of("two_crowns"), report["rest"], "Enter on the coach")
    app.pause("tutorial_next_step")
    app.key("Escape", "PauseScene")
    app.key("q", "MenuScene")


def campaign(app: RealApp) -> None:
    """The chronicles, a new one, its map, a rival's introduction and the encounter's table."""
    app.click("Solo campaign", "CampaignMenuScene")
    app.pause("campaign_slots")
    app.click("New chronicle", "NewChronicleScene")
    app.pause("campaign_new_chronicle")
    app.key("Return", "ChapterMapScene")
    app.pause("campaign_map")
    app.key("Return", "RivalIntroScene")
    app.pause("campaign_rival")
    rests = app.rest_count()
    app.desktop.run("xdotool", "key", "Return")
    report = app.wait_for(None, rests, "opening the encounter")
    assert report["top"] in {table_of(game) for game in GAMES}, report["top"]  # the encounter's table
    app.pause("campaign_encounter")
    app.key("Escape", "PauseScene")
    app.pause("campaign_pause_menu")
    app.key("q", "ChapterMapScene")
    app.key("Escape", "CampaignMenuScene")
    app.key("Escape", "MenuScene")


def desktops() -> list[tuple[int, int]]:
    """The desktops the whole tour runs on: ``CT_WINDOW_DESKTOPS`` ("1920x1080,1280x720"), by
    default the large one (the small one also gets its own shorter test below)."""
    chosen = os.environ.get("CT_WINDOW_DESKTOPS", "1920x1080")
    return [(int(w), int(h)) for w, h in (size.split("x") for size in chosen.split(","))]


@pytest.mark.parametrize("real_app", desktops(), indirect=True, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_screen_at_a_persons_pace(real_app: RealApp) -> None:
    app = real_app
    app.pause("menu")
    for number, game in enumerate(GAMES, start=1):
        play_against_the_computer(app, str(number), game)
        play_two_humans(app, str(number), game)
    load_results_replay(app)
    dialogs_of_the_menu(app)
    tutorial_step(app)
    campaign(app)
    assert app.terminate() == 0
    assert len(app.steps) >= 40


@pytest.mark.parametrize("real_app", [(1280, 720)], indirect=True, ids=["1280x720"])
def test_a_small_desktop_fits_the_window(real_app: RealApp) -> None:
    app = real_app
    width, height = app.last()["window"]
    assert width <= 1280 and height <= 720 - 40
    geometry = app.desktop.run("xdotool", "getwindowgeometry", app.window)
    position = geometry.split("Position:")[1].split()[0]
    left, top = (int(v) for v in position.split(","))
    assert left >= 0 and top >= 0, geometry
    app.pause("menu_small_desktop")
    play_against_the_computer(app, "1", "two_crowns")
    app.key("s", "SettingsScene")
    app.pause("settings_small_desktop")
    app.key("Escape", "MenuScene")
    assert app.terminate() == 0
