"""What the online screens' tests share: servers on loopback, a second app for the friend, and the
steps through the screens (host a table, join one, seat both) that every such test begins with.

Each app is driven only through its scenes' event handling; the network answers on its own
threads, so a test steps the apps until what it waits for has come (:func:`until`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pygame
import pytest

from crimson_table.net import hosting
from crimson_table.ui.app import App
from crimson_table.ui.screen_report import describe
from crimson_table.ui.screens.online import host as host_screen
from crimson_table.ui.screens.online.host import HostSetupScene
from crimson_table.ui.screens.online.join import JoinScene
from crimson_table.ui.screens.online.lobby import LobbyScene
from crimson_table.ui.screens.online.start import OnlineScene
from crimson_table.ui.settings import Settings
from crimson_table.ui.tables.base import BaseGameScene
from tests.net.helpers import TEST_LIMITS, LiveServer, live_server
from tests.ui.conftest import click_button, key

WAIT = 30.0  # seconds before a wait gives up (real sockets, on a machine that may be busy)


@pytest.fixture
def live() -> Iterator[LiveServer]:
    """A headless table server on loopback (``tests/net/helpers.py``), for this test alone."""
    with live_server() as server:
        yield server


@pytest.fixture
def servers(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[hosting.HostedServer]]:
    """The host's server, its computer seats thinking in a thread; every one started is stopped."""
    started: list[hosting.HostedServer] = []
    pool = ThreadPoolExecutor(max_workers=1)

    def make(network: bool = False) -> hosting.HostedServer:
        server = hosting.HostedServer(network, bots=pool, limits=TEST_LIMITS)
        started.append(server)
        return server

    monkeypatch.setattr(host_screen, "HostedServer", make)
    yield started
    for server in started:
        server.stop()
    pool.shutdown(cancel_futures=True)


@pytest.fixture
def friend_app(app: App) -> Iterator[App]:
    """A second app in this process: the friend's screen."""
    second = App(Settings(animation_speed="off"))
    yield second
    second.clear()


def until(apps: list[App], done: Callable[[], Any], timeout: float = WAIT) -> bool:
    """Step every app until ``done()`` (the network answers on its own threads meanwhile); False
    if it has not come after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            return False
        for app in apps:
            app.step()
        time.sleep(0.002)
    return True


def shot(app: App, name: str) -> None:
    """Keep an image of the screen where ``CRIMSON_SHOTS_DIR`` says (nothing otherwise)."""
    folder = os.environ.get("CRIMSON_SHOTS_DIR")
    app.run_frames(2)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        app.save_screenshot(Path(folder) / f"{name}.png")


def reported(app: App) -> list[str]:
    """The names the real-window report gives the buttons and rows of the screen on top."""
    return [button["text"] for button in describe(app)["buttons"]]


def type_into(app: App, field: Any, text: str) -> None:
    """Click a text field and type ``text`` into it, one TEXTINPUT per character."""
    click_button(app, field)
    for char in text:
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, {"text": char}))


def open_join(app: App) -> JoinScene:
    """Main menu -> Play online -> Join: the form, drawn."""
    click_button(app, app.top.buttons["Play online"])
    app.run_frames(2)
    click_button(app, app.top.join_button)
    form = app.top
    assert isinstance(form, JoinScene)
    app.run_frames(2)
    return form


def filled_join(app: App, address: str, code: str) -> JoinScene:
    """The Join form with ``address`` and ``code`` (an invite code, or a table's to watch) typed."""
    form = open_join(app)
    type_into(app, form.address, address)
    type_into(app, form.code, code)
    return form


def join_table(app: App, address: str, code: str) -> LobbyScene:
    """Main menu -> Play online -> Join: type the address and the code, Enter."""
    filled_join(app, address, code)
    key(app, pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def host_table(app: App) -> LobbyScene:
    """Main menu -> Play online -> Condottiere: Anna (you), Ben (a friend), Clara (computer)."""
    click_button(app, app.top.buttons["Play online"])
    online = app.top
    assert isinstance(online, OnlineScene)
    app.run_frames(2)
    click_button(app, online.host_buttons["condottiere"])
    setup = app.top
    assert isinstance(setup, HostSetupScene)
    app.run_frames(2)
    while setup.count < 3:
        click_button(app, setup.plus)
    assert setup.kinds[:3] == ["host", "remote", "bot"]
    click_button(app, setup.start_button)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def seat_both(host: App, friend: App) -> tuple[BaseGameScene, BaseGameScene]:
    """Host, join with the lobby's address and Ben's code, start: both tables open."""
    hosting_lobby = host_table(host)
    assert until([host], lambda: 1 in hosting_lobby.code_fields)
    assert not hosting_lobby.start_button.is_enabled, "Ben is not here yet"
    address = hosting_lobby.address_field.get_text() if hosting_lobby.address_field else ""
    code = hosting_lobby.code_fields[1][1].get_text()
    joined = join_table(friend, address, code)
    assert until([host, friend], lambda: hosting_lobby.start_button.is_enabled)
    assert until([host, friend], lambda: joined.match.seat == 1), "Ben's own client hears its seat"
    assert not joined.start_button.visible
    key(host, pygame.K_RETURN)  # Start
    assert until([host, friend], lambda: all(isinstance(a.top, BaseGameScene) for a in (host, friend)))
    return host.top, friend.top  # type: ignore[return-value]
