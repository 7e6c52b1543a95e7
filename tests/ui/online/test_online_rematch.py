"""The results of an online game on two screens: the whole game kept, the rematch asked and answered.

A server runs on loopback in this process; Anna's and Ben's apps each open their table on their
own RemoteMatch.  The game is played to its end through the matches (the tables show each move);
everything after the end goes through the results screens' buttons and keys.  Set
``CRIMSON_SHOTS_DIR`` to keep the screenshots taken on the way.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import cast

import pygame
import pytest

from crimson_table.engine.rng import Rng
from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.play import saves
from crimson_table.play.match import Match
from crimson_table.ui.app import App
from crimson_table.ui.screen_report import describe
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.screens.load import LoadScene, summarize
from crimson_table.ui.settings import Settings
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.replay import ReplayScene
from tests.net.helpers import LiveServer, live_server, wait_ready
from tests.ui.conftest import click_button, key

SEATS = [
    {"kind": "host", "name": "Anna", "level": "random"},
    {"kind": "remote", "name": "Ben", "level": "random"},
]


@pytest.fixture
def live() -> Iterator[LiveServer]:
    with live_server() as server:
        yield server


@pytest.fixture
def ben_app(app: App) -> Iterator[App]:
    """Ben's screen: a second app in this process."""
    second = App(Settings(animation_speed="off"))
    yield second
    second.clear()


def shot(app: App, name: str) -> None:
    folder = os.environ.get("CRIMSON_SHOTS_DIR")
    if folder:
        app.run_frames(2)
        app.save_screenshot(Path(folder) / f"{name}.png")


def until(apps: list[App], done: Callable[[], bool], timeout: float = 30.0) -> bool:
    """Step both apps until ``done()`` (the network answers on its own threads meanwhile)."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            return False
        for app in apps:
            app.step()
        time.sleep(0.002)
    return True


def results_of(app: App) -> GameOverScene:
    top = app.top
    assert isinstance(top, GameOverScene), type(top).__name__
    return top


def finished_pair(live: LiveServer, anna_app: App, ben_app: App) -> tuple[RemoteMatch, RemoteMatch]:
    """Anna and Ben play a Crimson Company table to its end (random moves); both results show."""
    host = RemoteMatch.host(live.url, "crimson_company", SEATS, seed=8, client=NetClient(live.url))
    wait_ready(host)
    friend = RemoteMatch.join(live.url, host.table_id or "", host.tokens[1], client=NetClient(live.url))
    wait_ready(friend)
    host.start()
    for match in (host, friend):
        assert match.wait_until(lambda m=match: m.started and m.ready, 10)
    anna_app.start_match(cast(Match, host))
    ben_app.start_match(cast(Match, friend))
    rng = Rng.from_seed(3)

    def over() -> bool:
        for match in (host, friend):
            legal = match.legal_actions()
            if legal:
                match.apply(legal[rng.below(len(legal))])
        return all(isinstance(a.top, GameOverScene) for a in (anna_app, ben_app))

    assert until([anna_app, ben_app], over, 60)
    return host, friend


def test_the_results_of_an_online_game_keep_the_whole_game_for_the_replay_and_the_statistics(
    app: App, ben_app: App, live: LiveServer
) -> None:
    host, friend = finished_pair(live, app, ben_app)
    anna = results_of(app)
    assert list(anna.buttons) == ["Rematch", "Watch again", "Show all hands", "Statistics", "Main menu"]
    assert until([app, ben_app], lambda: anna.buttons["Watch again"].is_enabled)
    shot(app, "online_results")
    named = [b["text"] for b in describe(app)["buttons"]]
    assert {"Rematch", "Watch again", "Show all hands", "Statistics", "Main menu"} <= set(named)
    kept = [p for p in saves.list_saves() if p.name.startswith("online_crimson_company_")]
    assert len(kept) == 2  # Anna's and Ben's, each kept by their own screen
    assert summarize(kept[0]).title == "Crimson Company (online)"
    server_hash = live.call(lambda: live.server.table(host.table_id or "").match.state_hash())
    assert {Match.load(p).state_hash() for p in kept} == {server_hash}
    load = LoadScene(ben_app)  # later, from Ben's Load list: his own game, through his own eyes
    ben_app.push(load)
    bens = next(i for i, s in enumerate(load.summaries) if s.online_seat == 1)
    assert load.watch(bens)
    assert isinstance(ben_app.top, ReplayScene) and ben_app.top.table.viewer_seat == 1
    click_button(app, anna.buttons["Watch again"])
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.cursor.match.state_hash() == server_hash and replay.table.viewer_seat == 0
    shot(app, "online_replay")
    key(app, pygame.K_ESCAPE)
    assert app.top is anna
    host.close()
    friend.close()


def test_a_rematch_asked_by_one_and_accepted_by_the_other_opens_a_new_table_on_both_screens(
    app: App, ben_app: App, live: LiveServer
) -> None:
    host, friend = finished_pair(live, app, ben_app)
    anna, ben = results_of(app), results_of(ben_app)
    click_button(app, anna.buttons["Rematch"])
    assert until([app, ben_app], lambda: ben.online is not None and ben.online.offered_to_me())
    assert not anna.buttons["Rematch"].is_enabled
    assert until([app, ben_app], lambda: anna.online is not None and "Waiting for Ben" in anna.online.line())
    shot(ben_app, "online_rematch_offer")
    shot(app, "online_rematch_waiting")
    named = [b["text"] for b in describe(ben_app)["buttons"]]
    assert "Accept rematch" in named and "Decline rematch" in named and "Rematch" not in named
    click_button(ben_app, ben.offer_buttons["Accept rematch"])
    tables = (app, ben_app)
    assert until(list(tables), lambda: all(isinstance(a.top, BaseGameScene) for a in tables))
    new_anna, new_ben = (cast(BaseGameScene, a.top) for a in tables)
    assert new_anna.match is host.successor and new_ben.match is friend.successor
    assert host.successor is not None and host.successor.table_id != host.table_id
    assert (new_anna.viewer_seat, new_ben.viewer_seat) == (0, 1)
    assert not new_anna.match.is_over() and new_anna.match.step <= 1
    shot(ben_app, "online_rematch_table")
    app.go_to_menu()  # leaving the new table closes the one connection the two tables shared
    assert until([app], lambda: host.client.closed)


def test_a_declined_rematch_is_told_to_the_one_who_asked(app: App, ben_app: App, live: LiveServer) -> None:
    host, friend = finished_pair(live, app, ben_app)
    anna, ben = results_of(app), results_of(ben_app)
    key(app, pygame.K_r)
    assert until([app, ben_app], lambda: ben.online is not None and ben.online.offered_to_me())
    key(ben_app, pygame.K_n)
    assert until([app, ben_app], lambda: "Ben declined the rematch." in app.toasts.texts())
    assert anna.online is not None and anna.online.line() == "Ben declined the rematch."
    assert ben.online is not None and ben.online.line() == "You declined the rematch."
    assert anna.buttons["Rematch"].is_enabled  # anyone may ask again
    shot(app, "online_rematch_declined")
    host.close()
    friend.close()


def test_a_player_who_leaves_the_results_ends_the_offer_and_a_new_ask_is_refused_in_plain_words(
    app: App, ben_app: App, live: LiveServer
) -> None:
    host, friend = finished_pair(live, app, ben_app)
    anna, ben = results_of(app), results_of(ben_app)
    click_button(app, anna.buttons["Rematch"])
    assert until([app, ben_app], lambda: ben.online is not None and ben.online.offered_to_me())
    ben_app.go_to_menu()  # Ben closes his table (as closing the window would)
    assert until([app], lambda: "Ben has left the table: no rematch." in app.toasts.texts())
    assert anna.online is not None and anna.buttons["Rematch"].is_enabled
    click_button(app, anna.buttons["Rematch"])
    gone = "Ben has left the table: a rematch needs every player."
    assert until([app], lambda: anna.online is not None and anna.online.line() == gone)
    assert anna.buttons["Rematch"].is_enabled  # Ben may come back; Anna may ask again then
    host.close()
    friend.close()
