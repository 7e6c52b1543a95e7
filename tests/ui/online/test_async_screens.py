"""Leaving an online game and finishing it later, through the app's screens: Host on a server,
Continue's list of online tables, and a host whose app runs the table leaving it.

Every server listens on 127.0.0.1: a real ``TableServer`` (as ``crimson-table serve`` runs it) or
the host's own in-app server; "not reachable" is a loopback port nobody listens on.  Each app is
driven through its scenes' event handling only.  With ``CRIMSON_SHOTS_DIR`` set, the new screens'
images are kept there to look at.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from crimson_table.net import held_seats, hosting
from crimson_table.net.held_seats import HeldSeat
from crimson_table.ui.app import App
from crimson_table.ui.screens.dialog import ChoiceDialog, ConfirmDialog
from crimson_table.ui.screens.menu import MenuScene
from crimson_table.ui.screens.online.host import HostSetupScene
from crimson_table.ui.screens.online.lobby import LobbyScene
from crimson_table.ui.screens.online.server_host import ServerHostScene
from crimson_table.ui.screens.online.start import OnlineScene
from crimson_table.ui.screens.online.tables import ContinueScene
from crimson_table.ui.screens.pause import PauseScene
from crimson_table.ui.tables.base import BaseGameScene
from tests.net.helpers import LiveServer, live_server, seat_everyone, wait_ready
from tests.ui.conftest import click, click_button, key
from tests.ui.online.conftest import host_table, join_table, reported, seat_both, shot, type_into, until


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A headless table server on loopback, keeping its tables in SQLite."""
    with live_server(tmp_path / "server") as live:
        yield live


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# -- Host on a server ----------------------------------------------------------------------------------
def open_server_form(app: App) -> ServerHostScene:
    click_button(app, app.top.buttons["Play online"])
    online = app.top
    assert isinstance(online, OnlineScene)
    app.run_frames(2)
    assert {"Host on a server", "Your online tables"} <= set(reported(app))
    click_button(app, online.server_button)
    form = app.top
    assert isinstance(form, ServerHostScene)
    app.run_frames(2)
    return form


def test_host_on_a_server_creates_the_table_there_shows_the_codes_starts_and_leaving_keeps_it(
    app: App, server: LiveServer
) -> None:
    form = open_server_form(app)
    type_into(app, form.address, f"127.0.0.1:{server.port}")
    shot(app, "online_host_on_a_server")
    assert {"Two Crowns", "Back"} <= set(reported(app))
    click_button(app, form.game_buttons["two_crowns"])
    setup = app.top
    assert isinstance(setup, HostSetupScene) and setup.server_address == f"127.0.0.1:{server.port}"
    assert setup.title() == "Host on a server — Two Crowns" and not setup.network_button.visible
    app.run_frames(2)
    shot(app, "online_host_on_a_server_seats")
    click_button(app, setup.start_button)
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.session.hosting and lobby.session.server is None
    assert until([app], lambda: 1 in lobby.code_fields)
    shot(app, "online_server_lobby")
    table_id = lobby.match.table_id or ""
    assert server.call(lambda: table_id in server.server.tables), "the server keeps the table"
    kept = held_seats.load().seats
    assert [(s.table, s.seat, s.game, s.created) for s in kept] == [(table_id, 0, "two_crowns", True)]
    assert kept[0].codes == {"1": lobby.match.tokens[1]}, "the friend's code comes back with the lobby"
    assert lobby.start_button.is_enabled, "the server keeps Ben's seat: he may come later"
    key(app, pygame.K_RETURN)  # Start the game
    assert until([app], lambda: isinstance(app.top, BaseGameScene))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_q)  # Leave the table: nothing to ask, it stays on the server
    assert isinstance(app.top, MenuScene)
    assert server.call(lambda: server.server.tables[table_id].started)


def test_a_server_address_that_is_none_is_refused_at_the_form(app: App) -> None:
    form = open_server_form(app)
    form.address.set_text("not an address")
    click_button(app, form.game_buttons["two_crowns"])
    assert app.top is form and any("host:port" in t for t in app.toasts.texts())


# -- Continue's list -------------------------------------------------------------------------------------
def held_at(url_port: int, table: str, seat: int, token: str, names: tuple[str, ...]) -> HeldSeat:
    return HeldSeat(f"127.0.0.1:{url_port}", table, seat, token, "two_crowns", names)


def test_continue_lists_the_online_tables_marks_your_move_and_an_unreachable_server_and_rejoins(
    app: App, server: LiveServer
) -> None:
    matches, _ = seat_everyone(server.url, "two_crowns", 2, seed=5)
    host, ben = matches
    mover = host.current_seat()
    assert mover is not None
    token = host.seat_token if mover == 0 else host.tokens[1]
    (ben if mover == 1 else host).close()  # the seat whose move it is left the table
    assert token is not None
    held_seats.remember(held_at(free_port(), "T-away", 0, "tok", ("Anna", "Dora")))
    held_seats.remember(held_at(server.port, host.table_id or "", mover, token, ("P0", "P1")))
    app.top.resume()
    assert app.top.buttons["Continue"].enabled
    key(app, pygame.K_c)
    listing = app.top
    assert isinstance(listing, ContinueScene)
    assert until(
        [app], lambda: listing.probe is not None and listing.probe.done and len(listing.statuses) == 2
    )
    app.run_frames(2)
    here, away = listing.rows
    assert listing.status_of(here.held).your_move  # type: ignore[arg-type, union-attr]
    assert listing.status_of(away.held).state == "unreachable"  # type: ignore[arg-type, union-attr]
    shot(app, "online_continue_list")
    names = reported(app)
    assert f"row:Two Crowns at 127.0.0.1:{server.port} (P0, P1)" in names
    assert any(n.startswith("remove:Two Crowns at 127.0.0.1:") and "Anna, Dora" in n for n in names)
    assert "Ask the servers again" in names
    rect = listing.row_rect(0)
    click(app, (rect.x + 200, rect.centery))
    assert until([app], lambda: isinstance(app.top, BaseGameScene))
    table = app.top
    assert table.match.seat == mover and table.match.legal_actions(), "the seat is back, and its move"
    app.go_to_menu()
    for match in matches:
        match.close()


def test_with_online_seats_continue_offers_the_last_game_here_first_and_opens_it(app: App) -> None:
    from crimson_table.play import saves
    from crimson_table.play.match import Match, Seat

    match = Match.new("two_crowns", [Seat("Anna", "human"), Seat("Ben", "bot", "random")], 4)
    match.save(saves.saves_dir() / "Duel.ctsave.json")
    held_seats.remember(held_at(free_port(), "T-away", 0, "tok", ("Anna", "Dora")))
    app.top.resume()
    key(app, pygame.K_c)
    listing = app.top
    assert isinstance(listing, ContinueScene)
    assert [row.held is None for row in listing.rows] == [True, False]
    assert "row:last game here" in reported(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, BaseGameScene) and app.top.match.seats[1].name == "Ben"


def test_a_gone_table_can_be_removed_from_the_list_after_asking(app: App, server: LiveServer) -> None:
    held_seats.remember(held_at(server.port, "no-such-table", 0, "tok", ("Anna", "Ben")))
    held_seats.remember(
        HeldSeat("127.0.0.1:1", "T-closed", 1, "tok", "two_crowns", ("Cleo", "Dan"), closed=True)
    )
    app.push(ContinueScene(app))
    listing = app.top
    assert until([app], lambda: listing.probe is not None and listing.probe.done and listing.statuses)
    app.run_frames(2)
    lines = [listing.rows[i].held for i in range(2)]
    from crimson_table.ui.screens.online.tables import state_line

    texts = [state_line(h, listing.status_of(h))[0] for h in lines if h is not None]
    assert texts == ["Closed by the host", "No longer on the server"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DELETE)
    assert isinstance(app.top, ConfirmDialog)
    key(app, pygame.K_RETURN)
    assert app.top is listing and [r.held.table for r in listing.rows if r.held] == ["no-such-table"]
    assert [s.table for s in held_seats.load().seats] == ["no-such-table"]


def test_a_corrupt_list_of_online_tables_is_named_and_ignored_and_the_menu_still_continues(
    app: App, user_home: Path
) -> None:
    (user_home / "online_tables.json").write_text("{broken", "utf-8")
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.resume()
    assert not menu.buttons["Continue"].enabled, "nothing to continue: no save and no usable seats"
    listing = app.push(ContinueScene(app))
    assert isinstance(listing, ContinueScene)
    assert listing.rows == [] and listing.problem is not None
    assert listing.problem.startswith("online_tables.json is not valid JSON")
    app.run_frames(2)


# -- the host leaving --------------------------------------------------------------------------------
def test_a_host_leaving_their_own_table_is_asked_and_the_others_are_told_the_host_closed_it(
    app: App,
    friend_app: App,
    servers: list[hosting.HostedServer],
) -> None:
    anna, ben = seat_both(app, friend_app)
    kept = held_seats.load().seats
    assert [(s.seat, s.created) for s in kept] == [(1, False)], (
        "only Ben's seat is kept: Anna's table ends with her"
    )
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_q)  # Leave the table
    ask = app.top
    assert isinstance(ask, ConfirmDialog) and ask.title == "Close the table?"
    assert ask.message.startswith("Leaving closes the table for everyone")
    shot(app, "online_host_leaving")
    key(app, pygame.K_ESCAPE)  # Cancel: still at the table
    assert isinstance(app.top, PauseScene) and servers[0].running
    key(app, pygame.K_q)
    key(app, pygame.K_RETURN)  # Close the table
    assert isinstance(app.top, MenuScene)
    assert until([app, friend_app], lambda: isinstance(friend_app.top, ChoiceDialog))
    told = friend_app.top
    assert told.title == "The host closed the table" and told.message.startswith("Anna left")
    assert ben.remote is not None and ben.remote.connection_note() == "The host closed the table"
    shot(friend_app, "online_host_closed_the_table")
    assert [s.closed for s in held_seats.load().seats] == [True]
    assert not ben.match.client.reconnect
    key(friend_app, pygame.K_RETURN)  # Back to the menu
    assert isinstance(friend_app.top, MenuScene)


def test_a_host_in_the_lobby_is_asked_before_leaving_and_the_close_button_asks_too(
    app: App,
    servers: list[hosting.HostedServer],
) -> None:
    click_button(app, app.top.buttons["Play online"])
    app.run_frames(2)
    click_button(app, app.top.host_buttons["two_crowns"])
    app.run_frames(2)
    click_button(app, app.top.start_button)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    app.handle_raw_event(pygame.event.Event(pygame.QUIT))
    assert isinstance(app.top, ConfirmDialog) and app.running, "the close button asks first"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # Leave
    assert isinstance(app.top, ConfirmDialog) and app.top.title == "Close the table?"
    key(app, pygame.K_RETURN)
    assert app.top is not lobby and not servers[0].running


def test_a_friend_waiting_in_the_lobby_is_told_the_host_closed_the_table(
    app: App,
    friend_app: App,
    servers: list[hosting.HostedServer],
) -> None:
    hosting_lobby = host_table(app)
    assert until([app], lambda: 1 in hosting_lobby.code_fields)
    address = hosting_lobby.address_field.get_text() if hosting_lobby.address_field else ""
    waiting = join_table(friend_app, address, hosting_lobby.code_fields[1][1].get_text())
    # Ben is seated on Anna's screen and his screen has kept his seat (each in its own time)
    assert until([app, friend_app], lambda: hosting_lobby.start_button.is_enabled and held_seats.load().seats)
    assert [s.closed for s in held_seats.load().seats] == [False]
    key(app, pygame.K_ESCAPE)  # Leave
    key(app, pygame.K_RETURN)  # Close the table
    assert until([friend_app], lambda: waiting.problem.startswith("The host closed the table."))
    assert [s.closed for s in held_seats.load().seats] == [True]
    key(friend_app, pygame.K_ESCAPE)  # Leave: a guest is not asked
    assert not isinstance(friend_app.top, (LobbyScene, ConfirmDialog))


def test_a_player_who_does_not_host_leaves_without_being_asked(app: App, server: LiveServer) -> None:
    seats = [
        {"kind": "host", "name": "Anna", "level": "random"},
        {"kind": "remote", "name": "Ben", "level": "random"},
    ]
    from crimson_table.net.client import NetClient, RemoteMatch

    anna = RemoteMatch.host(server.url, "two_crowns", seats, client=NetClient(server.url))
    wait_ready(anna)
    held_seats.remember(held_at(server.port, anna.table_id or "", 1, anna.tokens[1], ("Anna", "Ben")))
    app.push(ContinueScene(app))
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and not lobby.session.hosting
    assert until([app], lambda: lobby.match.seat == 1)
    app.handle_raw_event(pygame.event.Event(pygame.QUIT))
    assert not app.running, "nothing to ask: the table is not this app's"
    anna.close()
