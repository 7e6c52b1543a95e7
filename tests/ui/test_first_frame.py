"""The window opens with the menu as it last looked, and that picture is the live menu's own.

The kept frame is a cache: it must never show something the live menu would not (another size,
another look, damaged bytes), never break a start, and never be written again when nothing changed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from crimson_table.ui import first_frame, splash
from crimson_table.ui.app import App
from crimson_table.ui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def headless_env(home: Path) -> dict[str, str]:
    """A fresh interpreter's environment: headless SDL, its own home (saves, the kept picture)."""
    return {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "CRIMSON_TABLE_HOME": str(home),
        "PATH": "/usr/bin:/bin",
    }


def window_bytes(app: App) -> bytes:
    return pygame.image.tobytes(app.window, "RGB")


def started_app(settings: Settings | None = None) -> App:
    """An app started as the player starts it: the kept menu up, then one live frame, kept."""
    app = App(settings or Settings(animation_speed="off", volume=0.0), splash=True)
    app.step()
    app.keep_first_frame()
    return app


def test_the_second_start_shows_the_first_starts_live_menu_pixel_for_pixel() -> None:
    first = started_app()
    assert first.first_frame is not None and first.first_frame.shown is None  # nothing kept yet
    live = window_bytes(first)
    assert first_frame.cache_path().is_file()
    first.clear()
    second = App(Settings(animation_speed="off", volume=0.0), splash=True, start_menu=False)
    assert second.first_frame is not None and second.first_frame.shown is not None
    assert window_bytes(second) == live


def test_an_unchanged_menu_is_not_written_again() -> None:
    started_app().clear()
    path = first_frame.cache_path()
    before = path.stat().st_mtime_ns
    path.touch()  # a write would move the time on; compare against an old one
    stamped = path.stat().st_mtime_ns
    again = started_app()
    assert again.first_frame is not None and again.first_frame.shown is not None
    assert path.stat().st_mtime_ns == stamped >= before


def test_another_window_size_or_look_shows_nothing_kept() -> None:
    started_app().clear()
    smaller = Settings(animation_speed="off", volume=0.0, window_width=1280, window_height=720)
    assert App(smaller, splash=True, start_menu=False).first_frame.shown is None  # type: ignore[union-attr]
    patterned = Settings(animation_speed="off", volume=0.0, colour_blind=not Settings().colour_blind)
    assert App(patterned, splash=True, start_menu=False).first_frame.shown is None  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # cut short
        lambda data: b"not json at all\n" + data,
        lambda data: b"[1, 2]\n" + data.split(b"\n", 1)[1],
        lambda data: data[:-1] + bytes([data[-1] ^ 0xFF]),  # one pixel changed: the checksum fails
        lambda data: b"\xff" * 600,  # no line end within the header's limit
        lambda data: b"",
    ],
    ids=["truncated", "garbage-header", "header-not-a-dict", "bit-flip", "no-newline", "empty"],
)
def test_a_damaged_kept_frame_is_ignored_and_the_start_goes_on(damage) -> None:  # type: ignore[no-untyped-def]
    started_app().clear()
    path = first_frame.cache_path()
    path.write_bytes(damage(path.read_bytes()))
    app = started_app()
    assert app.first_frame is not None and app.first_frame.shown is None
    assert type(app.top).__name__ == "MenuScene"
    # ... and the live frame is kept again, whole, for the next start
    header = json.loads(path.read_bytes().split(b"\n", 1)[0])
    assert header["key"]["size"] == list(app.window.get_size())


def test_a_frame_with_a_notice_on_it_is_not_kept() -> None:
    app = App(Settings(animation_speed="off", volume=0.0), splash=True)
    app.toast("Your settings file was damaged", "error", 8.0)
    app.step()
    app.keep_first_frame()
    assert not first_frame.cache_path().exists()


def test_only_the_players_app_keeps_frames() -> None:
    app = App(Settings(animation_speed="off", volume=0.0))
    app.step()
    app.keep_first_frame()
    assert app.first_frame is None
    assert not first_frame.cache_path().exists()


def test_first_pixels_from_the_command_line_opens_with_the_kept_menu(tmp_path: Path) -> None:
    """``--first-pixels`` (bench/startup.py) stops at the kept menu: the menu scene is never built."""
    env = headless_env(tmp_path)
    probe = (
        "import sys; from crimson_table import cli; code = cli.main(['--first-pixels']); "
        "print(code, 'crimson_table.ui.screens.menu' in sys.modules)"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        for _ in range(2)
    ]
    assert [r.stdout.split() for r in runs] == [["0", "True"], ["0", "False"]], [
        r.stderr[-2000:] for r in runs
    ]


# Starts the app as the player does (``--first-frame``: the live menu drawn once, then it exits) and
# reports, at the first picture put on the screen, whether the app's own code had loaded yet.
FIRST_PICTURE = """
import json, sys, pygame
seen = []
real_flip = pygame.display.flip
def flip():
    if not seen:
        seen.append([name in sys.modules for name in ("crimson_table.ui.app", "crimson_table.engine.core")])
    real_flip()
pygame.display.flip = flip
from crimson_table import cli
code = cli.main(["--first-frame"])
print(json.dumps({"code": code, "before_the_app": seen[0]}))
"""


def test_the_kept_menu_is_on_the_screen_before_the_apps_code_loads(tmp_path: Path) -> None:
    """The first start has no picture kept (its first flip is the live menu's, the app loaded);
    the next one flips the kept menu up before the scenes, widgets or engine types are imported."""
    env = headless_env(tmp_path)
    reports = []
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", FIRST_PICTURE],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        reports.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert [r["code"] for r in reports] == [0, 0]
    assert reports[0]["before_the_app"] == [True, True], "nothing kept yet: the live menu comes first"
    assert reports[1]["before_the_app"] == [False, False], "the kept menu waits for no app code"


def test_the_app_takes_over_the_window_the_kept_menu_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    started_app().clear()
    kept = splash.show_kept_menu()
    assert kept is not None and kept.shown is not None, "the picture the last start kept is up"
    opened = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(
        pygame.display, "set_mode", lambda *a, **k: (opened.append(a), real_set_mode(*a, **k))[1]
    )
    app = App(Settings(animation_speed="off", volume=0.0), splash=True, kept=kept, start_menu=False)
    assert opened == [], "the window is not opened a second time"
    assert app.window is kept.window and app.first_frame is not None and app.first_frame.shown == kept.shown
    app.go_to_menu()
    app.step()
    assert window_bytes(app) == pygame.image.tobytes(kept.window, "RGB")


def test_when_the_checked_settings_want_another_window_the_app_opens_that_one(user_home: Path) -> None:
    """The splash reads the settings without their checks: a file the app refuses (a volume of 7)
    may still name a window size; the app then opens the default window, and says why."""
    user_home.mkdir(parents=True, exist_ok=True)
    (user_home / "settings.json").write_text(
        json.dumps({"window_width": 1280, "window_height": 720, "volume": 7})
    )
    kept = splash.show_kept_menu()
    assert kept is not None and kept.window.get_size() == (1280, 720)
    app = App(splash=True, kept=kept)
    assert app.window.get_size() == (1600, 900) and app.settings == Settings()
    app.step()
    assert app.toasts.toasts, "the notice about the settings file"
    app.clear()


@pytest.mark.parametrize(
    "text",
    ["not json", "[1, 2]", '{"window_width": "wide"}', '{"fullscreen": 1}', "x" * 70_000],
    ids=["garbage", "a-list", "a-string-width", "an-int-fullscreen", "too-large"],
)
def test_a_settings_file_the_splash_cannot_follow_opens_nothing_early(user_home: Path, text: str) -> None:
    user_home.mkdir(parents=True, exist_ok=True)
    (user_home / "settings.json").write_text(text)
    assert splash.show_kept_menu() is None
    app = App(splash=True)  # the app reads the file with its checks and opens the window itself
    assert app.window.get_size() == (1600, 900)
    app.clear()
