"""Play online through the app's screens: one app hosts, a second app joins, both play by keys.

Everything runs on loopback: the host's app starts its own server (bound to 127.0.0.1, its
computer seat thinking in a thread here rather than a spawned process).  Each app is driven only
through its scenes' event handling: clicks on buttons, typed fields, Tab and Enter at the table.
"""

from __future__ import annotations

from typing import Any

import pygame

from crimson_table.net import hosting
from crimson_table.net.client import RemoteMatch
from crimson_table.ui.app import App
from crimson_table.ui.screens.online.host import HostSetupScene
from crimson_table.ui.screens.online.lobby import LobbyScene
from crimson_table.ui.screens.pause import PauseScene
from crimson_table.ui.tables.base import BaseGameScene
from tests.ui.conftest import click_button, key
from tests.ui.online.conftest import filled_join, host_table, seat_both, type_into, until


def play_by_keys(apps: list[App], moves: int) -> int:
    """Frames until the people made ``moves`` moves between them, each by Tab and Enter."""
    made = 0

    def turn() -> bool:
        nonlocal made
        for app in apps:
            table = app.top
            if isinstance(table, BaseGameScene) and table.interactive and table.match.legal_actions():
                key(app, pygame.K_TAB)
                key(app, pygame.K_RETURN)
                made += not table.match.legal_actions()  # sent: it comes back with the server's update
        return made >= moves

    until(apps, turn)
    return made


def same_step(anna: BaseGameScene, ben: BaseGameScene) -> bool:
    return anna.match.step == ben.match.step and anna.settled and ben.settled


def test_a_friend_joins_a_table_hosted_in_the_app_and_both_play_it_by_keys(
    app: App, friend_app: App, servers: list[hosting.HostedServer]
) -> None:
    anna, ben = seat_both(app, friend_app)
    assert servers[0].bind == "127.0.0.1", "the network stays closed unless the host opens it"
    assert (anna.viewer_seat, ben.viewer_seat) == (0, 1)
    assert until([app, friend_app], lambda: anna.interactive or ben.interactive)
    assert not anna.hint_button.enabled and not ben.hint_button.enabled  # a hint's bot needs a state
    assert play_by_keys([app, friend_app], moves=4) == 4
    assert until([app, friend_app], lambda: same_step(anna, ben) and anna.match.current_seat() != 2)
    assert anna.match.step >= 4
    assert anna.view["phase"] == ben.view["phase"] and anna.view["lines"] == ben.view["lines"]
    for table, own in ((anna, 0), (ben, 1)):
        assert table.view["hand"] and [h is not None for h in table.view["hands"]] == [
            i == own for i in range(3)
        ]


def test_a_friend_who_leaves_is_reported_and_the_pause_menu_leaves_the_table(
    app: App, friend_app: App, servers: list[hosting.HostedServer]
) -> None:
    anna, ben = seat_both(app, friend_app)
    key(friend_app, pygame.K_ESCAPE)
    pause = friend_app.top
    assert isinstance(pause, PauseScene)
    assert list(pause.buttons) == ["Resume", "Rules reference", "Settings", "Leave the table"]
    key(friend_app, pygame.K_q)  # Leave the table
    assert not isinstance(friend_app.top, BaseGameScene)
    assert until([app], lambda: "Ben has lost connection." in app.toasts.texts())
    assert anna.remote is not None and anna.remote.away == {1}
    if anna.match.current_seat() == 1:
        assert anna.waiting_text(1) == "Waiting for Ben to reconnect"
    app.go_to_menu()  # the host leaves: the server stops
    assert until([app], lambda: not servers[0].running)


def test_the_host_may_start_without_the_friend_and_captain_plays_the_empty_seat(
    app: App, servers: list[hosting.HostedServer]
) -> None:
    lobby = host_table(app)
    assert until([app], lambda: 1 in lobby.code_fields and lobby.fill_button.visible)
    assert not lobby.start_button.is_enabled
    click_button(app, lobby.fill_button)
    assert until([app], lambda: isinstance(app.top, BaseGameScene))
    table = app.top
    assert [s.is_human for s in table.match.seats] == [True, False, False]
    assert table.seat_names[1] == "Ben"  # Captain plays under the friend's name

    def captain_has_played_bens_seat() -> bool:
        if table.interactive and table.match.legal_actions():
            table.try_action(table.match.legal_actions()[0])
        return any(table.match.actor_of(i) == 1 for i in range(table.match.step))

    assert until([app], captain_has_played_bens_seat)


def test_a_wrong_code_is_refused_at_the_form_and_an_unknown_seat_in_the_lobby(
    app: App, friend_app: App, servers: list[hosting.HostedServer]
) -> None:
    hosting_lobby = host_table(app)
    assert until([app], lambda: 1 in hosting_lobby.code_fields)
    address = hosting_lobby.address_field.get_text() if hosting_lobby.address_field else ""
    form = filled_join(friend_app, address, "not a code")
    key(friend_app, pygame.K_RETURN)
    assert friend_app.top is form and any("not an invite code" in t for t in friend_app.toasts.texts())
    form.code.set_text(f"{hosting_lobby.match.table_id}.wrongtoken")
    key(friend_app, pygame.K_RETURN)
    lobby = friend_app.top
    assert isinstance(lobby, LobbyScene)
    assert until([app, friend_app], lambda: lobby.problem == "That token opens no seat at this table.")
    assert isinstance(lobby.match, RemoteMatch) and not lobby.match.started


def test_the_smoke_runs_online_step_hosts_joins_and_plays_a_turn(
    app: App, servers: list[hosting.HostedServer], tmp_path: Any
) -> None:
    from crimson_table.smoke_online import play_online_turn

    shots: list[str] = []
    assert play_online_turn(app, shots.append)
    assert shots == ["online_menu", "online_host_lobby", "online_host_table"]
    assert not servers[0].running, "leaving the table stopped the host's server"


def test_the_host_form_cycles_a_seat_through_friend_computer_and_open_and_sends_those_seats(app: App) -> None:
    click_button(app, app.top.buttons["Play online"])
    app.run_frames(2)
    click_button(app, app.top.host_buttons["condottiere"])
    setup = app.top
    assert isinstance(setup, HostSetupScene)
    app.run_frames(2)
    click_button(app, setup.plus)
    assert not setup.kind_buttons[0].is_enabled, "the host sits at the first seat"
    labels = []
    for _ in range(3):
        click_button(app, setup.kind_buttons[1])
        labels.append(setup.kind_buttons[1].text)
    assert labels == ["Computer", "Open seat", "A friend"]
    click_button(app, setup.kind_buttons[2])  # Clara: computer -> open seat
    assert not setup.name_entries[2].is_enabled
    assert [(s["kind"], s["name"]) for s in setup.seat_specs()] == [
        ("host", "Anna"),
        ("remote", "Ben"),
        ("open", ""),
    ]
    assert not setup.network
    click_button(app, setup.network_button)
    assert setup.network and setup.network_button.text == "Players on my network may join"


def test_a_newcomer_takes_an_open_seat_with_the_tables_code_under_the_name_they_type(
    app: App, friend_app: App, servers: list[hosting.HostedServer]
) -> None:
    click_button(app, app.top.buttons["Play online"])
    app.run_frames(2)
    click_button(app, app.top.host_buttons["condottiere"])
    setup = app.top
    app.run_frames(2)
    click_button(app, setup.kind_buttons[1])  # a friend -> computer
    click_button(app, setup.kind_buttons[1])  # computer -> open seat
    click_button(app, setup.start_button)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    assert until([app], lambda: 1 in lobby.code_fields)
    address = lobby.address_field.get_text() if lobby.address_field else ""
    code = lobby.code_fields[1][1].get_text()
    assert "+" in code, "an open seat's code is the table's invitation"
    form = filled_join(friend_app, address, code)
    type_into(friend_app, form.name, "Elena")
    key(friend_app, pygame.K_RETURN)
    assert until([app, friend_app], lambda: lobby.start_button.is_enabled)
    assert [s["name"] for s in lobby.seats] == ["Anna", "Elena"]
    assert until([app, friend_app], lambda: friend_app.top.match.seat == 1)
