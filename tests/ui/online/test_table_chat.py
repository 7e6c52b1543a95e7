"""The table chat on an online table and in the lobby, driven by keys and clicks as a player does.

A live server on loopback (``tests/net/helpers.py``) seats Anna (the app's screen) and Ben (a
second table scene beside it) at Two Crowns; every line goes through the server and back.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, cast

import pygame
import pytest

from crimson_table.net.client import RemoteMatch
from crimson_table.play.match import Match
from crimson_table.ui import screen_report
from crimson_table.ui.app import App
from crimson_table.ui.screens.online.lobby import LobbyScene
from crimson_table.ui.screens.online.session import OnlineSession
from crimson_table.ui.settings import load_settings
from crimson_table.ui.tables import scene_class_for
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets.help_overlay import HelpOverlay
from tests.net.helpers import LiveServer, host_and_join, start_table
from tests.ui.conftest import click_button, key

SEATS = [{"kind": "host", "name": "Anna"}, {"kind": "remote", "name": "Ben"}]


@pytest.fixture
def seated(live: LiveServer) -> Iterator[tuple[RemoteMatch, RemoteMatch]]:
    """Anna hosts a Two Crowns table, Ben takes his seat with its token; not started (the lobby)."""
    host, friend = host_and_join(live.url, "two_crowns", SEATS, seed=3)
    yield host, friend
    host.close()
    friend.close()


def started(pair: tuple[RemoteMatch, RemoteMatch]) -> tuple[RemoteMatch, RemoteMatch]:
    start_table(*pair)
    return pair


def tables(app: App, pair: tuple[RemoteMatch, RemoteMatch]) -> tuple[BaseGameScene, BaseGameScene]:
    """Anna's table on the app, Ben's beside it."""
    host, friend = started(pair)
    anna = cast(BaseGameScene, app.start_match(cast(Match, host)))
    ben = scene_class_for("two_crowns")(app, cast(Match, friend))
    return anna, ben


def until(done: Callable[[], bool], *scenes: Any, timeout: float = 5.0) -> bool:
    """Frames of ``scenes`` until ``done()`` (the network answers on its own thread meanwhile)."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            return False
        for scene in scenes:
            scene.update(1 / 60)
        time.sleep(0.005)
    return True


def typed(app: App, text: str) -> None:
    """Characters typed as a keyboard sends them: a key, then its text."""
    for char in text:
        app.dispatch(
            pygame.event.Event(pygame.KEYDOWN, {"key": ord(char.lower()), "mod": 0, "unicode": char})
        )
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, {"text": char}))


def said(scene: Any) -> list[tuple[str, str]]:
    """The lines a screen's chat shows: (who, what)."""
    panel = scene.chat.panel if isinstance(scene, BaseGameScene) else scene.chat
    return [(line.name, line.text) for line in panel.lines]


def test_t_then_typing_and_enter_sends_the_line_to_every_screen(app: App, seated: Any) -> None:
    anna, ben = tables(app, seated)
    key(app, pygame.K_t)
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, {"text": "t"}))  # the T key's own text is not typed
    typed(app, "Well met, Ben")
    assert anna.chat is not None and anna.chat.panel.entry.value == "Well met, Ben"
    key(app, pygame.K_RETURN)
    assert anna.chat.panel.entry.value == "" and not anna.typing(), "sent: the keys are the table's again"
    assert until(lambda: said(ben) == [("Anna", "Well met, Ben")], anna, ben)
    assert until(lambda: said(anna) == [("Anna", "Well met, Ben")], anna), (
        "the line comes back from the server"
    )


def test_while_a_line_is_typed_the_tables_keys_and_the_help_key_are_letters(app: App, seated: Any) -> None:
    anna, _ben = tables(app, seated)
    assert anna.chat is not None
    assert until(lambda: anna.interactive and bool(anna.match.legal_actions()), anna), "Anna rolls first"
    anna.chat.panel.entry.on_click()
    for keycode in (pygame.K_TAB, pygame.K_h, pygame.K_c, pygame.K_SPACE):
        key(app, keycode)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_SLASH, "mod": 0, "unicode": "?"}))
    assert anna.key_focus.focused is None, "Tab did not walk the moves"
    assert not anna.hinter.thinking and anna.chat.panel.open, "H asked no hint, C hid nothing"
    assert app.top is anna and not any(isinstance(s, HelpOverlay) for s in app.stack)
    key(app, pygame.K_ESCAPE)
    assert app.top is anna and not anna.typing(), "Esc only leaves the line (no pause menu)"
    assert until(lambda: anna.interactive and bool(anna.match.legal_actions()), anna)
    key(app, pygame.K_TAB)
    assert anna.key_focus.focused is not None, "the table's keys work again"


def test_a_hidden_chat_counts_the_others_lines_and_showing_it_reads_them(app: App, seated: Any) -> None:
    anna, ben = tables(app, seated)
    assert anna.chat is not None and ben.chat is not None
    key(app, pygame.K_c)
    assert not anna.chat.panel.open and anna.chat.tab.enabled
    ben.chat.panel.send("Hello")
    ben.chat.panel.send("One moment")
    anna.chat.panel.send("Hi Ben")  # Anna's own line is never unread
    assert until(lambda: len(anna.chat.panel.lines) == 3, anna)
    assert anna.chat.panel.unread == 2
    anna.draw(pygame.Surface((1600, 900)))  # the bar with its count
    click_button(app, anna.chat.tab)
    assert anna.chat.panel.open and anna.chat.panel.unread == 0


def test_a_quick_reaction_sends_its_words_with_one_click(app: App, seated: Any) -> None:
    anna, ben = tables(app, seated)
    assert anna.chat is not None
    button = next(b for b in anna.chat.panel.reactions if b.text == "Well played")
    click_button(app, button)
    assert until(lambda: said(ben) == [("Anna", "Well played")], anna, ben)


def test_the_chat_keeps_to_the_log_column_and_unfolds_a_folded_one_while_it_is_open(
    app: App, seated: Any
) -> None:
    anna, _ben = tables(app, seated)
    assert anna.chat is not None
    assert anna.log_panel.rect.contains(anna.chat.panel.rect), "the chat never covers the table"
    assert not anna.table_rect.colliderect(anna.chat.panel.rect)
    assert anna.log_panel.footer > anna.chat.log_footer, "the log's lines stop above the chat"
    anna.log_panel.toggle()  # the player folds the column: the chat folds with it, a tab in the strip
    anna.update(1 / 60)
    assert not anna.chat.panel.open and anna.log_panel.rect.contains(anna.chat.tab.rect)
    key(app, pygame.K_c)
    assert anna.chat.panel.open and not anna.log_panel.collapsed
    key(app, pygame.K_c)
    assert not anna.chat.panel.open and anna.log_panel.collapsed, "folded again as the player had it"


def test_the_screen_report_names_the_chats_buttons_and_its_line(app: App, seated: Any) -> None:
    anna, _ben = tables(app, seated)
    names = {button["text"] for button in screen_report.describe(app)["buttons"]}
    assert {
        "Chat line",
        "Send",
        "Hide chat",
        "Good game",
        "Well played",
        "Nice move",
        "Oops",
        "One moment",
    } <= names
    assert "Chat" not in names
    click_button(app, anna.chat.panel.hide_button)
    names = {button["text"] for button in screen_report.describe(app)["buttons"]}
    assert "Chat" in names and not {"Send", "Good game", "Chat line"} & names


def test_in_the_lobby_enter_sends_a_typed_line_instead_of_starting(app: App, seated: Any) -> None:
    host, friend = seated
    anna = cast(LobbyScene, app.push(LobbyScene(app, OnlineSession(host))))
    ben = LobbyScene(app, OnlineSession(friend))
    assert until(lambda: bool(anna.seats and ben.seats), anna, ben)
    key(app, pygame.K_t)
    typed(app, "Ready?")
    key(app, pygame.K_RETURN)
    assert app.top is anna
    assert until(lambda: said(ben) == [("Anna", "Ready?")], anna, ben)
    assert ben.chat.ink_of(0) != ben.chat.ink_of(1), "each seat's name in its own colour"


def test_the_name_used_online_is_remembered_for_the_next_table(app: App) -> None:
    from crimson_table.ui.screens.online.host import HostSetupScene
    from crimson_table.ui.screens.online.join import JoinScene
    from crimson_table.ui.screens.online.session import remember_name

    remember_name(app, "  Gianna ")
    assert app.settings.player_name == load_settings().player_name == "Gianna"
    host = HostSetupScene(app, "two_crowns")
    assert host.seat_specs()[0]["name"] == "Gianna"
    assert JoinScene(app).name.get_text() == "Gianna"
    with pytest.raises(ValueError, match="player_name"):
        app.settings.with_changes(player_name="x" * 41)
