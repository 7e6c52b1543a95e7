"""A game table plays an online table's RemoteMatch as it plays a local match.

A server runs on loopback in this process (``tests/net/helpers.py``); the host's and a friend's
Condottiere tables are real table scenes, each with its RemoteMatch, and every move is made
through the table's own keyboard handling (Tab, Enter).  The computer seat thinks on the server.
"""

from __future__ import annotations

import time
from typing import cast

import pygame
import pytest

from crimson_table.engine.core import IllegalAction
from crimson_table.net.client import RemoteMatch
from crimson_table.play import saves
from crimson_table.play.match import Match
from crimson_table.ui.app import App
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.tables import scene_class_for
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.net.helpers import LiveServer, host_and_join, live_server, start_table

SEATS = [
    {"kind": "host", "name": "Anna", "level": "random"},
    {"kind": "remote", "name": "Ben", "level": "random"},
    {"kind": "bot", "name": "Clara", "level": "random"},
]
TWO_SEATS = SEATS[:2]  # Anna and Ben alone


def key(table: BaseGameScene, keycode: int) -> None:
    table.handle_event(
        pygame.event.Event(pygame.KEYDOWN, {"key": keycode, "mod": 0, "unicode": "", "scancode": 0})
    )


def seated_pair(url: str) -> tuple[RemoteMatch, RemoteMatch]:
    """A started 3-seat Condottiere table: Anna hosts, Ben joins with his seat's token, Clara is a computer."""
    host, friend = host_and_join(url, "condottiere", SEATS, seed=11)
    start_table(host, friend)
    return host, friend


def frame(*tables: BaseGameScene) -> None:
    for table in tables:
        table.update(1 / 60)
        table.settle()


def play_by_keys(tables: list[BaseGameScene], moves: int, timeout: float = 30.0) -> int:
    """Frames until the people have made ``moves`` moves between them, each by Tab then Enter."""
    made, deadline = 0, time.monotonic() + timeout
    while made < moves and time.monotonic() < deadline:
        frame(*tables)
        for table in tables:
            if table.interactive and table.match.legal_actions():
                before = table.match.step
                key(table, pygame.K_TAB)
                key(table, pygame.K_RETURN)
                assert table.match.legal_actions() == [], "the move was sent: no second decision meanwhile"
                assert table.match.step == before, "the move comes back with the server's update"
                made += 1
        time.sleep(0.001)
    return made


def until_same_step(tables: list[BaseGameScene], timeout: float = 10.0) -> None:
    """Frames until every screen has heard of the same step and a person is to act."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        frame(*tables)
        if len({t.match.step for t in tables}) == 1 and tables[0].match.current_seat() in (0, 1):
            return
        time.sleep(0.005)
    raise TimeoutError("the screens did not catch up")


def test_the_host_and_a_friend_play_one_online_table_through_the_tables_keys(
    app: App, live: LiveServer
) -> None:
    host, friend = seated_pair(live.url)
    try:
        scene = scene_class_for("condottiere")
        anna = cast(BaseGameScene, app.start_match(cast(Match, host)))
        ben = scene(app, cast(Match, friend))  # the friend's screen, driven beside the host's
        assert (anna.viewer_seat, ben.viewer_seat) == (0, 1)
        assert play_by_keys([anna, ben], moves=6) == 6
        until_same_step([anna, ben])
        assert anna.match.step == ben.match.step >= 6
        # Each sees only its own hand: the other people's hands are counts, not cards.
        for table, own in ((anna, 0), (ben, 1)):
            assert table.view["seat"] == own and table.view["hand"]
            assert [h is not None for h in table.view["hands"]] == [i == own for i in range(3)]
        # The log tells both screens the same moves (each as its seat may read them).
        assert len(anna.log_panel.entries) == len(ben.log_panel.entries) > 0
        # Nothing of a local table's machinery ran: no bot here, no curtain, no autosave.
        assert anna.worker is None and ben.worker is None
        assert not any(isinstance(s, CurtainScene) for s in app.stack)
        assert not list(saves.saves_dir().glob("*")), "the server keeps an online table"
    finally:
        host.close()
        friend.close()


def test_a_table_says_whom_it_waits_for_and_a_refused_move_shows_its_rule(app: App, live: LiveServer) -> None:
    host, friend = seated_pair(live.url)
    try:
        anna = cast(BaseGameScene, app.start_match(cast(Match, host)))
        ben = scene_class_for("condottiere")(app, cast(Match, friend))
        until_same_step([anna, ben])  # past the computer's moves: a person is to act
        waiting = next(t for t in (anna, ben) if t.match.current_seat() != t.viewer_seat)
        acting = anna if waiting is ben else ben
        seat = waiting.waiting_seat()
        assert seat == acting.viewer_seat
        assert waiting.waiting_text(seat) == f"Waiting for {acting.seat_names[seat]}"
        remote = cast(RemoteMatch, acting.match)
        remote.refusals.append(IllegalAction("CO-R20", "Play a card or pass."))
        frame(acting)
        assert "Play a card or pass. (CO-R20)" in app.toasts.texts()
    finally:
        host.close()
        friend.close()


def test_a_dropped_connection_says_so_reconnects_by_itself_and_play_goes_on(
    app: App, live: LiveServer
) -> None:
    host, friend = seated_pair(live.url)
    try:
        anna = cast(BaseGameScene, app.start_match(cast(Match, host)))
        ben = scene_class_for("condottiere")(app, cast(Match, friend))
        until_same_step([anna, ben])
        friend.client.reconnect = True
        friend.client.drop()
        deadline = time.monotonic() + 5
        while friend.connected and time.monotonic() < deadline:
            frame(ben)
        assert ben.remote is not None and not ben.remote.connected
        surface = pygame.Surface((1600, 900))
        ben.draw(surface)  # "Connection lost: reconnecting…" instead of whom the table waits for
        assert friend.wait_until(lambda: friend.connected, 5) and friend.connections == 2
        assert play_by_keys([anna, ben], moves=2) == 2
        until_same_step([anna, ben])
    finally:
        host.close()
        friend.close()


def test_an_online_game_plays_to_its_end_on_both_screens_and_the_results_offer_a_rematch_and_the_replay(
    app: App, live: LiveServer
) -> None:
    host, friend = host_and_join(live.url, "condottiere", TWO_SEATS, seed=5)
    try:
        start_table(host, friend)
        anna = cast(BaseGameScene, app.start_match(cast(Match, host)))
        ben = scene_class_for("condottiere")(app, cast(Match, friend))
        deadline = time.monotonic() + 60
        while not (anna.game_over_shown and ben.game_over_shown) and time.monotonic() < deadline:
            play_by_keys([anna, ben], moves=1, timeout=5)
        assert host.is_over() and anna.game_over_shown and ben.game_over_shown  # Ben's results: seat 1's view
        results = [s for s in app.stack if isinstance(s, GameOverScene)]
        every = ["Rematch", "Watch again", "Show all hands", "Statistics", "Main menu"]
        assert len(results) == 2 and all(list(r.buttons) == every for r in results)
    finally:
        host.close()
        friend.close()


def logged(table: BaseGameScene) -> bool:
    """True when the table's own last move told the log something (so taking it back shows)."""
    return (
        table.last_move is not None and table.last_move[0] == table.viewer_seat and bool(table.last_move[1])
    )


def test_ctrl_z_takes_back_an_online_move_on_both_screens(app: App, live: LiveServer) -> None:
    host, friend = host_and_join(live.url, "two_crowns", TWO_SEATS, seed=5)
    try:
        start_table(host, friend)
        anna = cast(BaseGameScene, app.start_match(cast(Match, host)))
        ben = scene_class_for("two_crowns")(app, cast(Match, friend))
        deadline = time.monotonic() + 30
        undoable = None
        while undoable is None and time.monotonic() < deadline:
            frame(anna, ben)
            undoable = next(
                (t for t in (anna, ben) if t.match.can_undo() and t.interactive and logged(t)), None
            )
            for table in (anna, ben):
                if undoable is None and table.interactive and table.match.legal_actions():
                    table.try_action(table.match.legal_actions()[-1])  # the table's own path for a move
            time.sleep(0.001)
        assert undoable is not None, "a seat acts twice in a row in Two Crowns (lay, then attack)"
        other = ben if undoable is anna else anna
        step, told = undoable.match.step, len(undoable.log_panel.entries)
        undoable.handle_event(
            pygame.event.Event(
                pygame.KEYDOWN, {"key": pygame.K_z, "mod": pygame.KMOD_CTRL, "unicode": "", "scancode": 0}
            )
        )
        deadline = time.monotonic() + 5
        while {undoable.match.step, other.match.step} != {step - 1} and time.monotonic() < deadline:
            frame(undoable, other)
        assert undoable.match.step == other.match.step == step - 1
        assert len(undoable.log_panel.entries) < told, "the log went back with the table"
        assert undoable.log_panel.entries == undoable.match.events
        name = undoable.seat_names[undoable.viewer_seat]
        assert {"Took back your move.", f"{name} took back a move."} <= set(app.toasts.texts())
        assert undoable.view == undoable.match.view(undoable.viewer_seat)
    finally:
        host.close()
        friend.close()


def test_a_friend_away_a_while_is_offered_to_captain_and_captain_plays_the_seat(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a while away, the others are asked: wait, or Captain plays for Ben until he is back."""
    from crimson_table.net import protocol
    from crimson_table.net.server import Limits
    from crimson_table.ui.screens.dialog import ChoiceDialog

    monkeypatch.setattr(protocol, "STAND_IN_AFTER", 0.3)
    limits = Limits(client_seeds=True, rate=1000.0, burst=1000.0, stand_in_after=0.3)
    with live_server(limits=limits) as live:
        host, friend = seated_pair(live.url)
        anna = cast(BaseGameScene, app.start_match(cast(Match, host)))
        try:
            deadline = time.monotonic() + 30
            while host.current_seat() != 1 and time.monotonic() < deadline:  # Ben's turn
                frame(anna)
                if anna.interactive and host.legal_actions():
                    anna.try_action(host.legal_actions()[0])
                host.wait_until(lambda: False, 0.01)
            assert host.current_seat() == 1
            step = host.step
            friend.close()
            deadline = time.monotonic() + 10
            while not isinstance(app.top, ChoiceDialog) and time.monotonic() < deadline:
                frame(anna)
                time.sleep(0.05)
            dialog = app.top
            assert isinstance(dialog, ChoiceDialog) and dialog.title == "Ben is away"
            dialog.choose(0)  # Captain plays for Ben
            assert host.wait_until(lambda: host.step > step, 10), "Captain made Ben's move"
            frame(anna)
            assert 1 in anna.remote.standing
        finally:
            host.close()
            friend.close()
