"""The results of an online game on two screens: the whole game kept, the rematch asked and answered.

A server runs on loopback in this process; Anna's and Ben's apps each open their table on their
own RemoteMatch.  The game is played to its end through the matches (the tables show each move);
everything after the end goes through the results screens' buttons and keys.  Set
``CRIMSON_SHOTS_DIR`` to keep the screenshots taken on the way.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pygame
import pytest

from crimson_table.engine.rng import Rng
from crimson_table.net import held_seats
from crimson_table.net.client import RemoteMatch
from crimson_table.play import saves
from crimson_table.play.match import Match
from crimson_table.ui.app import App
from crimson_table.ui.screens.game_over import INPUT_SETTLE, GameOverScene
from crimson_table.ui.screens.load import LoadScene, summarize
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.replay import ReplayScene
from tests.net.helpers import LiveServer, host_and_join, start_table
from tests.ui.conftest import click_button, key
from tests.ui.online.conftest import reported, shot, until

SEATS = [
    {"kind": "host", "name": "Anna", "level": "random"},
    {"kind": "remote", "name": "Ben", "level": "random"},
]
Pair = tuple[RemoteMatch, RemoteMatch]  # Anna's match and Ben's


def results_of(app: App) -> GameOverScene:
    """The results on ``app``, up long enough to take keys and clicks."""
    top = app.top
    assert isinstance(top, GameOverScene), type(top).__name__
    if app.clock_time - top.opened_at < INPUT_SETTLE:
        app.step(INPUT_SETTLE)
    return top


def finished_pair(live: LiveServer, anna_app: App, ben_app: App) -> tuple[RemoteMatch, RemoteMatch]:
    """Anna and Ben play a Crimson Company table to its end (random moves); both results show."""
    host, friend = host_and_join(live.url, "crimson_company", SEATS, seed=8)
    start_table(host, friend)
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


@pytest.fixture
def finished(app: App, friend_app: App, live: LiveServer) -> Iterator[Pair]:
    """Anna's table on ``app`` and Ben's on ``friend_app``, played to the end; closed after the test."""
    host, friend = finished_pair(live, app, friend_app)
    yield host, friend
    host.close()
    friend.close()


def rematch_offered(anna_app: App, ben_app: App) -> tuple[GameOverScene, GameOverScene]:
    """Anna clicks Rematch on her results; returns both results once Ben's screen offers it."""
    anna, ben = results_of(anna_app), results_of(ben_app)
    click_button(anna_app, anna.buttons["Rematch"])
    assert until([anna_app, ben_app], lambda: ben.online is not None and ben.online.offered_to_me())
    return anna, ben


def test_the_results_of_an_online_game_keep_the_whole_game_for_the_replay_and_the_statistics(
    app: App, friend_app: App, live: LiveServer, finished: Pair
) -> None:
    host, friend = finished
    anna, ben = results_of(app), results_of(friend_app)
    assert list(anna.buttons) == ["Rematch", "Watch again", "Show all hands", "Statistics", "Main menu"]
    assert until([app, friend_app], lambda: all(r.buttons["Watch again"].is_enabled for r in (anna, ben)))
    shot(app, "online_results")
    named = reported(app)
    assert {"Rematch", "Watch again", "Show all hands", "Statistics", "Main menu"} <= set(named)
    kept = [p for p in saves.list_saves() if p.name.startswith("online_crimson_company_")]
    assert len(kept) == 2  # Anna's and Ben's, each kept by their own screen
    assert summarize(kept[0]).title == "Crimson Company (online)"
    server_hash = live.state_hash(host.table_id or "")
    assert {Match.load(p).state_hash() for p in kept} == {server_hash}
    load = LoadScene(friend_app)  # later, from Ben's Load list: his own game, through his own eyes
    friend_app.push(load)
    bens = next(i for i, s in enumerate(load.summaries) if s.online_seat == 1)
    assert load.watch(bens)
    assert isinstance(friend_app.top, ReplayScene) and friend_app.top.table.viewer_seat == 1
    click_button(app, anna.buttons["Watch again"])
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.cursor.match.state_hash() == server_hash and replay.table.viewer_seat == 0
    shot(app, "online_replay")
    key(app, pygame.K_ESCAPE)
    assert app.top is anna


def test_a_rematch_asked_by_one_and_accepted_by_the_other_opens_a_new_table_on_both_screens(
    app: App, friend_app: App, live: LiveServer, finished: Pair
) -> None:
    host, friend = finished
    kept = held_seats.HeldSeat(live.url, friend.table_id or "", 1, friend.seat_token or "", "crimson_company")
    held_seats.remember(kept)  # Ben holds his seat on this server (Continue lists it)
    anna, ben = rematch_offered(app, friend_app)
    assert not anna.buttons["Rematch"].is_enabled
    assert until(
        [app, friend_app], lambda: anna.online is not None and "Waiting for Ben" in anna.online.line()
    )
    shot(friend_app, "online_rematch_offer")
    shot(app, "online_rematch_waiting")
    named = reported(friend_app)
    assert "Accept rematch" in named and "Decline rematch" in named and "Rematch" not in named
    click_button(friend_app, ben.offer_buttons["Accept rematch"])
    tables = (app, friend_app)
    assert until(list(tables), lambda: all(isinstance(a.top, BaseGameScene) for a in tables))
    new_anna, new_ben = (cast(BaseGameScene, a.top) for a in tables)
    assert new_anna.match is host.successor and new_ben.match is friend.successor
    assert host.successor is not None and host.successor.table_id != host.table_id
    assert (new_anna.viewer_seat, new_ben.viewer_seat) == (0, 1)
    assert not new_anna.match.is_over() and new_anna.match.step <= 1
    followed = [(s.table, s.token) for s in held_seats.load().seats]
    assert followed == [(friend.successor.table_id, friend.successor.seat_token)], (
        "Continue finds the rematch"
    )
    shot(friend_app, "online_rematch_table")
    app.go_to_menu()  # leaving the new table closes the one connection the two tables shared
    assert until([app], lambda: host.client.closed)


@pytest.mark.usefixtures("finished")
def test_a_declined_rematch_is_told_to_the_one_who_asked(app: App, friend_app: App) -> None:
    anna, ben = results_of(app), results_of(friend_app)
    key(app, pygame.K_r)
    assert until([app, friend_app], lambda: ben.online is not None and ben.online.offered_to_me())
    key(friend_app, pygame.K_n)
    assert anna.online is not None and ben.online is not None
    # the server tells both screens, each in its own time
    assert until(
        [app, friend_app],
        lambda: (
            "Ben declined the rematch." in app.toasts.texts()
            and ben.online is not None
            and ben.online.line() == "You declined the rematch."
        ),
    )
    assert anna.online.line() == "Ben declined the rematch."
    assert anna.buttons["Rematch"].is_enabled  # anyone may ask again
    shot(app, "online_rematch_declined")


@pytest.mark.usefixtures("finished")
def test_a_player_who_leaves_the_results_ends_the_offer_and_a_new_ask_is_refused_in_plain_words(
    app: App, friend_app: App
) -> None:
    anna, ben = rematch_offered(app, friend_app)
    friend_app.go_to_menu()  # Ben closes his table (as closing the window would)
    assert until([app], lambda: "Ben has left the table: no rematch." in app.toasts.texts())
    assert anna.online is not None and anna.buttons["Rematch"].is_enabled
    click_button(app, anna.buttons["Rematch"])
    gone = "Ben has left the table: a rematch needs every player."
    assert until([app], lambda: anna.online is not None and anna.online.line() == gone)
    assert anna.buttons["Rematch"].is_enabled  # Ben may come back; Anna may ask again then
