"""Headless pygame for every UI test, a private user data folder, and the fake games.

The environment is set before anything imports pygame, so the dummy video and audio drivers
are used: no window opens and no sound plays.
"""

from __future__ import annotations

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("CRIMSON_TABLE_HOME", tempfile.mkdtemp(prefix="crimson-ui-"))
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from crimson_table.engine import GAMES  # noqa: E402
from crimson_table.play.match import Match, Seat  # noqa: E402
from crimson_table.ui.app import App  # noqa: E402
from crimson_table.ui.scene import Scene  # noqa: E402
from crimson_table.ui.settings import Settings  # noqa: E402
from tests.ui.fake_game import DEAD_END, OPEN, QUIET  # noqa: E402


@pytest.fixture(autouse=True)
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes saves and settings into its own folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(home))
    return home


@pytest.fixture
def fake_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the fake games for one test only (the real registry is restored after)."""
    from crimson_table.ui.tables import SCENES, load_game_scenes
    from tests.ui.generic_table import GenericGameScene

    load_game_scenes()
    monkeypatch.setitem(GAMES, QUIET.INFO.id, QUIET)
    monkeypatch.setitem(GAMES, OPEN.INFO.id, OPEN)
    monkeypatch.setitem(SCENES, QUIET.INFO.id, GenericGameScene)
    monkeypatch.setitem(SCENES, OPEN.INFO.id, GenericGameScene)
    monkeypatch.setitem(GAMES, DEAD_END.INFO.id, DEAD_END)
    monkeypatch.setitem(SCENES, DEAD_END.INFO.id, GenericGameScene)


@pytest.fixture
def app(user_home: Path) -> Iterator[App]:
    """The app on its main menu, animations off so every test is instant."""
    application = App(Settings(animation_speed="off"))
    yield application
    application.clear()


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click at a logical position (press, release)."""
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))


def click_button(app: App, button: Any) -> None:
    """Click the centre of a pygame-gui element or a drawn Button."""
    rect = button.rect
    click(app, (rect.centerx, rect.centery))


def key(app: App, keycode: int, mod: int = 0) -> None:
    """Press a key."""
    app.dispatch(
        pygame.event.Event(pygame.KEYDOWN, {"key": keycode, "mod": mod, "unicode": "", "scancode": 0})
    )


def quiet_match(*kinds: str, seed: int = 3) -> Match:
    """A Quiet Cards match; kinds like ("human", "bot")."""
    names = ["Anna", "Ben", "Clara", "Dario"]
    return Match.new("quiet_cards", [Seat(names[i], k, "random") for i, k in enumerate(kinds)], seed)


def top_is(app: App, kind: type[Scene]) -> bool:
    """True if the top scene is of ``kind``."""
    return isinstance(app.top, kind)


def drawing_work(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What one more frame of ``app`` makes from scratch: a name per new surface and per line of text
    measured or rendered by a font.  A table redraws every frame, so at rest this should be empty."""
    made: list[str] = []
    real_surface = pygame.Surface

    class CountedSurface(real_surface):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            made.append("surface")
            super().__init__(*args, **kwargs)

    from crimson_table.ui.widgets import fonts

    with monkeypatch.context() as patch:
        for name in ("size", "render"):
            original = getattr(fonts.TrackedFont, name)
            patch.setattr(
                fonts.TrackedFont,
                name,
                lambda face, *args, _original=original, _name=name, **kwargs: (
                    made.append(f"text {_name}") or _original(face, *args, **kwargs)
                ),
            )
        patch.setattr(pygame, "Surface", CountedSurface)
        app.render()
    return made
