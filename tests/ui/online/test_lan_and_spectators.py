"""Tables on the local network and spectators, through the app's screens.

The Join screen lists what a browser found (a fake one here, fed from another thread as zeroconf
would; the real round trip is ``tests/net/test_lan.py``) and still opens without zeroconf.  The
host form's "Allow spectators" reaches the server; a spectator follows a table from the Join
screen with the public view, never a hidden card, and is offered no move.  Loopback only.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from crimson_table.engine import GAMES
from crimson_table.engine.crimson_company.cards import CARDS as CC_CARDS
from crimson_table.engine.rng import Rng
from crimson_table.net import lan
from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import WAKE, App
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.screens.online import join as join_screen
from crimson_table.ui.screens.online import lan_list
from crimson_table.ui.screens.online.host import HostSetupScene
from crimson_table.ui.screens.online.lobby import LobbyScene
from crimson_table.ui.sight import SPECTATOR
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets import fonts
from tests.net.helpers import LiveServer, wait_ready
from tests.net.test_games_over_the_wire import SECRET_SEED, check_frames
from tests.ui.conftest import click_button, key
from tests.ui.online.conftest import filled_join, open_join, reported, type_into, until

ANNA = lan.LanTable(lan.service_name("Tb1x"), "Anna", "two_crowns", "Tb1x", "127.0.0.1:8765", 1, True)
CLARA = lan.LanTable(lan.service_name("Cc3"), "Clara", "condottiere", "Cc3", "127.0.0.1:8766", 0, False)


class FakeBrowser:
    """What the Join screen reads of a browser: a listing fed from another thread, as zeroconf's."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        self.listing = lan.LanListing(on_change)
        self.error: str | None = None
        self.closed = False

    def close(self) -> None:
        self.closed = True

    def found(self, *tables: lan.LanTable) -> None:
        """Tables heard of on a thread of the browser's own (the screen reads them on its frame)."""
        worker = threading.Thread(target=lambda: [self.listing.put(t) for t in tables])
        worker.start()
        worker.join()


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> list[FakeBrowser]:
    made: list[FakeBrowser] = []

    def start(on_change: Callable[[], None]) -> FakeBrowser:
        made.append(FakeBrowser(on_change))
        return made[-1]

    monkeypatch.setattr(lan_list, "open_browser", start)
    return made


# -- the network's tables on the Join screen --------------------------------------------------------
def test_the_join_screen_lists_the_networks_tables_live_and_a_pick_fills_the_address(
    app: App, browser: list[FakeBrowser]
) -> None:
    form = open_join(app)
    assert form.lan.rows == [] and form.lan.status() == "Looking for tables on your network…"
    pygame.event.clear(WAKE)
    browser[0].found(ANNA, CLARA)
    assert pygame.event.peek(WAKE), "the browser's thread wakes the resting app"
    assert form.lan.rows == [], "the rows are built on the frame, not on the browser's thread"
    app.run_frames(1)
    assert [(table.host, watch is not None) for table, _pick, watch in form.lan.rows] == [
        ("Anna", True),
        ("Clara", False),
    ], "a Watch button only where the host allows spectators"
    names = reported(app)
    assert "Anna · Two Crowns" in names and "Watch Anna's table" in names
    assert "Watch Clara's table" not in names
    click_button(app, form.lan.rows[1][1])
    app.run_frames(1)
    assert form.address.get_text() == "127.0.0.1:8766" and form.code.get_text() == ""
    browser[0].listing.remove(CLARA.service)
    app.run_frames(1)
    assert [table.host for table, _p, _w in form.lan.rows] == ["Anna"]
    app.pop(form)
    assert browser[0].closed, "leaving the screen stops looking"


def test_the_join_screen_opens_without_zeroconf_and_says_how_to_turn_lan_discovery_on(
    app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # import zeroconf -> ImportError
    assert lan.missing()
    form = open_join(app)
    assert form.lan.browser is None and form.lan.rows == []
    assert form.lan.status() == lan.EXTRA_HINT and "pip install zeroconf" in lan.EXTRA_HINT
    app.save_screenshot(tmp_path / "join_without_zeroconf.png")
    type_into(app, form.address, "127.0.0.1:1")
    assert {"Join the table", "Watch", "Back"} <= set(reported(app)), "the form works as before"


# -- the host's side --------------------------------------------------------------------------------
class FakeAnnouncer:
    def __init__(self) -> None:
        self.published: list[lan.LanTable] = []
        self.closed = False

    def publish(self, table: lan.LanTable) -> None:
        self.published.append(table)

    def close(self) -> None:
        self.closed = True


def open_host_form(app: App, game_id: str) -> HostSetupScene:
    click_button(app, app.top.buttons["Play online"])
    app.run_frames(2)
    click_button(app, app.top.host_buttons[game_id])
    setup = app.top
    assert isinstance(setup, HostSetupScene)
    app.run_frames(2)
    return setup


def test_a_table_opened_to_the_network_is_announced_with_its_open_seats_and_withdrawn_on_leaving(
    app: App,
    servers: list[Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    announcers: list[FakeAnnouncer] = []
    monkeypatch.setattr(lan, "missing", lambda: False)
    monkeypatch.setattr(lan, "LanAnnouncer", lambda: announcers.append(FakeAnnouncer()) or announcers[-1])
    setup = open_host_form(app, "two_crowns")
    assert not setup.spectators and setup.spectators_button.text == "Allow spectators: off"
    click_button(app, setup.kind_buttons[1])  # Ben: a friend -> a computer
    click_button(app, setup.kind_buttons[1])  # -> an open seat
    click_button(app, setup.network_button)
    click_button(app, setup.spectators_button)
    assert setup.spectators_button.text == "Allow spectators: on"
    assert {"Allow spectators: on", "Players on my network may join"} <= set(reported(app))
    click_button(app, setup.start_button)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    assert until([app], lambda: bool(announcers and announcers[0].published))
    table = announcers[0].published[-1]
    assert (table.host, table.game, table.open_seats, table.spectators) == ("Anna", "two_crowns", 1, True)
    assert table.table == lobby.match.table_id and table.address == lobby.session.address
    assert servers[0].bind == "0.0.0.0"
    key(app, pygame.K_ESCAPE)  # leave the lobby: asked first, since the table closes for everyone
    assert not announcers[0].closed
    key(app, pygame.K_RETURN)  # Close the table
    assert announcers[0].closed


def test_a_table_kept_to_this_computer_is_not_announced(
    app: App,
    servers: list[Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lan, "missing", lambda: False)
    monkeypatch.setattr(lan, "LanAnnouncer", lambda: pytest.fail("announced a loopback table"))
    setup = open_host_form(app, "two_crowns")
    click_button(app, setup.start_button)
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.session.announcer is None


def test_a_table_opened_to_the_network_without_zeroconf_opens_unannounced(
    app: App,
    servers: list[Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # import zeroconf -> ImportError
    monkeypatch.setattr(lan, "LanAnnouncer", lambda: pytest.fail("announced without zeroconf"))
    setup = open_host_form(app, "two_crowns")
    click_button(app, setup.network_button)
    click_button(app, setup.start_button)
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.session.announcer is None
    assert until([app], lambda: lobby.match.table_id is not None), "the table opens as before"
    assert servers[0].bind == "0.0.0.0", "players on the network still reach it at the lobby's address"


# -- watching ---------------------------------------------------------------------------------------
def watch_from_join(app: App, address: str, table: str) -> LobbyScene:
    form = filled_join(app, address, table)
    click_button(app, form.watch_button)
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.match.spectator
    return lobby


def test_watching_is_refused_when_the_host_did_not_allow_spectators(
    app: App,
    friend_app: App,
    servers: list[Any],
) -> None:
    setup = open_host_form(app, "two_crowns")
    assert not setup.spectators, "spectators are off unless the host turns them on"
    click_button(app, setup.start_button)
    hosting = app.top
    assert isinstance(hosting, LobbyScene)
    assert until([app], lambda: hosting.match.table_id is not None)
    lobby = watch_from_join(friend_app, hosting.session.address, hosting.match.table_id or "")
    assert until([app, friend_app], lambda: bool(lobby.problem))
    assert lobby.problem == "There is no table to watch with that id."
    assert not lobby.match.ready and hosting.match.lobby["watchers"] == 0


@pytest.fixture
def friend_app(app: App) -> Iterator[App]:
    from crimson_table.ui.settings import Settings

    second = App(Settings(animation_speed="off"))
    yield second
    second.clear()


def shots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CRIMSON_SHOTS_DIR") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# Words a table says to the person who plays at the bottom seat ("Your turn: drag a card...", "Your
# side", "You held the Holy Land"): a spectator sits at no seat.
ASKS_THE_VIEWER = re.compile(r"\b(?:you|your)\b|\bclick(?! to browse)|\bdrag\b", re.IGNORECASE)
# A card's rules, quoted beside it, speak to its owner as the printed card does ("Flip one of your cards").
CARD_RULES = tuple(card.text for card in CC_CARDS if card.text)


def asks_the_viewer(line: str) -> bool:
    """True for a line that speaks to a player at a seat (a card's quoted rules aside)."""
    return bool(ASKS_THE_VIEWER.search(line)) and not any(line.strip() in rules for rules in CARD_RULES)


class LinesDrawn:
    """Every line of text drawn from now on, with the screen on top as it was drawn: each line
    through ``fonts.render`` (cached lines too: the cache sits under it) and each one a sized font
    renders itself.  Kept for the whole watch, so a line a table draws once into an image it keeps
    (a panel composed at rest) is heard on the frame it is made, the table's first included."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.app = app
        self.lines: list[tuple[object, str]] = []
        cached, sized = fonts._render, fonts.SizedFont.render

        def render_line(text: str, *rest: Any) -> pygame.Surface:
            self.lines.append((app.top, text))
            return cached(text, *rest)

        def render_sized(face: fonts.SizedFont, text: str, *rest: Any) -> pygame.Surface:
            self.lines.append((app.top, str(text)))
            return sized(face, text, *rest)  # type: ignore[no-any-return]

        monkeypatch.setattr(fonts, "_render", render_line)
        monkeypatch.setattr(fonts.SizedFont, "render", render_sized)

    def asking_the_viewer(self, screen: object) -> list[str]:
        """The lines drawn on ``screen`` (while it was on top) that speak to a player at a seat;
        ``screen`` is drawn once more first."""
        self.app.top.draw(pygame.Surface((1600, 900)))
        return [text for top, text in self.lines if top is screen and asks_the_viewer(text)]


SPECTATED = [(game_id, max(2, GAMES.info(game_id).min_players)) for game_id in GAMES]


@pytest.mark.parametrize(("game_id", "players"), SPECTATED)
def test_a_spectator_sees_the_public_view_whose_turn_it_is_and_the_results_and_is_offered_no_move(
    app: App, live: LiveServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game_id: str, players: int
) -> None:
    frames: list[str] = []
    monkeypatch.setattr(join_screen, "NetClient", functools.partial(NetClient, record=frames))
    told: list[str] = []
    shown = app.toast
    monkeypatch.setattr(app, "toast", lambda text, *rest, **kw: told.append(text) or shown(text, *rest, **kw))
    seats = [{"kind": "host", "name": "Anna", "level": "random"}] + [
        {"kind": "bot", "name": f"Bot {i}", "level": "random"} for i in range(1, players)
    ]
    host = RemoteMatch.host(
        live.url, game_id, seats, spectators=True, seed=SECRET_SEED, client=NetClient(live.url)
    )
    try:
        wait_ready(host)
        host.start()
        drawn = LinesDrawn(app, monkeypatch)  # from the table's first frame
        lobby = watch_from_join(app, f"127.0.0.1:{live.port}", host.table_id or "")
        assert until([app], lambda: isinstance(app.top, BaseGameScene)), lobby.problem
        table = app.top
        assert isinstance(table, BaseGameScene)
        assert table.watching and table.sight == SPECTATOR and table.knows is None
        assert table.view["seat"] is None and not table.view.get("hand")
        assert table.hud_buttons() == (table.menu_button,), "no Undo or Hint for one who plays no seat"
        helped = " ".join(what.lower() for _keys, what in table.help_keys())
        assert "your" not in helped and "move" not in helped, helped  # the keys' help speaks of no move
        assert all(hand is None for hand in table.view.get("hands", []))  # every hand face down
        rng, shot = Rng.from_seed(5), False
        while not host.is_over():
            host.wait_until(lambda: bool(host.legal_actions()) or host.is_over(), 10)
            legal = host.legal_actions()
            if legal:
                host.apply(legal[rng.below(len(legal))])
            app.step()
            table.settle()
            assert not table.interactive and table.match.legal_actions() == []
            assert not table.undo_button.enabled and not table.hint_button.enabled
            key(app, pygame.K_TAB)  # the keyboard's walk through the moves finds none
            assert table.key_focus.focused is None
            assert not drawn.asking_the_viewer(table), "the table asks nothing of a spectator"
            seat = table.match.current_seat()
            if seat is not None and table.settled and table.match.step == host.step:
                assert table.waiting_seat() == seat  # "Waiting for Anna" / "Bot 1 is thinking"
                if not shot and table.match.step >= 6:
                    app.run_frames(2)
                    app.save_screenshot(shots_folder(tmp_path) / f"spectator_{game_id}.png")
                    shot = True
        assert until([app], lambda: isinstance(app.top, GameOverScene)), "the spectator sees the results"
        assert not [t for t in told if "took back" in t], "nobody took a move back"
        assert app.top.title  # "Anna wins!" (or the table's own headline)
        assert not drawn.asking_the_viewer(app.top), "the results speak of the seats by name"
        log = live.call(lambda: [a.to_dict() for a in live.server.tables[host.table_id or ""].match.log])
        local = Match.new(game_id, [Seat(s["name"], "human") for s in seats], SECRET_SEED, {})
        for raw in log:
            local.apply(local.rules.action_from_dict(raw))
        # After the end the results ask for the whole game (seed and log: nothing is hidden then).
        kinds = [json.loads(text) for text in frames]
        ended = next(i for i, frame in enumerate(kinds) if frame.get("over"))
        assert all(i > ended for i, frame in enumerate(kinds) if frame["type"] == "replay")
        check_frames(
            [text for text, frame in zip(frames, kinds, strict=True) if frame["type"] != "replay"],
            local,
            None,
            [host.tokens[0]],
        )
    finally:
        host.close()
