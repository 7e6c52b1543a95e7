"""The smoke run's online step: host a table in the app, join it from a second client, play a turn.

Everything stays on this computer: the app's own server binds 127.0.0.1 on a free port, and the
friend is a :class:`~crimson_table.net.client.RemoteMatch` on its own connection, as a second
app would hold it.  The host's moves go through the table scene (``smoke_human_move``: injected
pygame events); the friend answers with its first legal move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

SECONDS = 60.0  # a limit against hanging only: the step takes about a second


def three_seat_game() -> str:
    """The first game of the one list that seats a host, a friend and a computer."""
    from crimson_table.engine.registry import BUILTIN_GAMES, GAMES

    return next(game for game in BUILTIN_GAMES if GAMES.info(game).max_players >= 3)


def until(app: Any, done: Callable[[], bool], seconds: float = SECONDS) -> bool:
    """Frames until ``done()``, for up to ``seconds`` of wall time (the network keeps its own pace)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        app.step()
        time.sleep(0.002)
    return True


def play_online_turn(app: Any, shot: Callable[[str], None]) -> bool:
    """Host (you, a friend, a computer), join as the friend, start, and play until both have moved."""
    from crimson_table.net.client import NetClient, RemoteMatch
    from crimson_table.net.invite import parse_code, server_url
    from crimson_table.ui.screens.online.lobby import LobbyScene
    from crimson_table.ui.screens.online.start import OnlineScene
    from crimson_table.ui.tables.base import BaseGameScene

    app.go_to_menu()
    app.top.open_online()
    online = app.top
    assert isinstance(online, OnlineScene)
    app.run_frames(2)  # pygame-gui lays its buttons out in the first update
    shot("online_menu")
    online.host(three_seat_game())
    setup = app.top
    setup.change_count(3 - setup.count)
    setup.kinds[1:3] = ["remote", "bot"]
    setup._build_rows()
    setup.start()
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    assert until(app, lambda: 1 in lobby.code_fields), lobby.status_line()
    app.run_frames(2)
    shot("online_host_lobby")
    invite = parse_code(lobby.code_fields[1][1].get_text())
    url = server_url(lobby.address_field.get_text() if lobby.address_field is not None else "")
    assert invite is not None and url is not None
    friend = RemoteMatch.join(url, invite.table, invite.secret, client=NetClient(url))
    try:
        assert until(app, lambda: friend.pump() >= 0 and lobby.ready_to_start())
        lobby.start()
        assert until(app, lambda: isinstance(app.top, BaseGameScene))
        table = app.top
        moved = {"host": 0, "friend": 0}
        deadline = time.monotonic() + SECONDS
        while min(moved.values()) < 1:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no turn played online in {SECONDS} s (moves {moved})")
            app.step()
            friend.pump()
            if friend.legal_actions():
                friend.apply(friend.legal_actions()[0])
                moved["friend"] += 1
            if table.interactive and table.match.legal_actions():
                table.smoke_human_move()  # online the move is sent: the step comes with the update
                moved["host"] += not table.match.legal_actions()
            time.sleep(0.002)
        assert until(app, lambda: friend.pump() >= 0 and table.match.step == friend.step and table.settled)
        shot("online_host_table")
        return bool(table.view["seat"] == 0 and friend.view(friend.seat)["seat"] == 1)
    finally:
        friend.close()
        app.go_to_menu()  # leaving the table stops the host's server
