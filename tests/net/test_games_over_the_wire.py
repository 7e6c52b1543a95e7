"""Whole games of every game, at every seat count, played over the wire by bot clients.

Each client sees only what the server sends its seat and picks a seeded random legal action
from that.  The game must end where the same actions applied to a local Match end (the same
state hash), and nothing a seat was sent may hold more than its own view and its redacted events.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from crimson_table.engine import GAMES
from crimson_table.engine.core import redact
from crimson_table.net.protocol import event_to_json
from crimson_table.play.match import Match, Seat
from tests.net.helpers import close_all, play_out, seat_everyone, seeded_picker

SETUPS = [
    (game_id, players)
    for game_id in GAMES
    for players in range(GAMES.info(game_id).min_players, GAMES.info(game_id).max_players + 1)
]
SECRET_SEED = 7_340_918_265_113  # never sent: with the log it would tell every hidden card


def server_log(live: Any, table_id: str) -> list[dict[str, Any]]:
    return live.call(lambda: [a.to_dict() for a in live.server.tables[table_id].match.log])


def replay(game_id: str, players: int, seed: int, log: list[dict[str, Any]]) -> Match:
    match = Match.new(game_id, [Seat(f"P{i}") for i in range(players)], seed, {})
    for raw in log:
        match.apply(match.rules.action_from_dict(raw))
    return match


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_a_whole_game_over_the_wire_ends_where_the_same_actions_end_locally(
    live: Any, game_id: str, players: int
) -> None:
    matches, _frames = seat_everyone(live.url, game_id, players, seed=players * 101)
    try:
        sent = play_out(matches, seeded_picker(players), timeout=90)
        table_id = matches[0].table_id or ""
        local = replay(game_id, players, players * 101, [a.to_dict() for a in sent])
        assert local.is_over()
        assert server_log(live, table_id) == [a.to_dict() for a in sent]
        assert live.call(lambda: live.server.tables[table_id].match.state_hash()) == local.state_hash()
        for match in matches:
            assert match.step == local.step
            assert match.outcome() == local.outcome()
    finally:
        close_all(matches)


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def check_update(frame: dict[str, Any], match: Match, seat: int | None, started: bool) -> None:
    """An update holds exactly what ``seat`` may know at its step: nothing else."""
    step, first = frame["step"], frame["from_step"]
    assert set(frame) == {
        "type",
        "table",
        "from_step",
        "step",
        "reset",
        "actors",
        "events",
        "view",
        "current",
        "legal",
        "over",
        "outcome",
        "undo",
        "open",
    }
    rules = match.rules
    state = match.state_at(step)
    assert canon(frame["view"]) == canon(rules.player_view(state, seat))
    expected_events = [
        [event_to_json(e) for e in redact(list(match.events_of(i)), seat)] for i in range(first, step)
    ]
    assert canon(frame["events"]) == canon(expected_events)
    acting = started and seat is not None and rules.current_player(state) == seat
    expected_legal = [a.to_dict() for a in rules.legal_actions(state)] if acting else []
    assert canon(frame["legal"]) == canon(expected_legal)
    over = rules.is_over(state)  # every hand face up, only once the game is over
    assert canon(frame["open"]) == canon(rules.open_view(state) if over else None)


PUBLIC_FRAMES = {"lobby", "seated", "chat", "created", "claimed", "refusal", "error", "pong"}


def check_frames(frames: list[str], match: Match, seat: int | None, foreign_tokens: list[str]) -> None:
    started = False
    for text in frames:
        frame = json.loads(text)
        assert str(SECRET_SEED) not in text
        if frame["type"] == "created":  # the host's alone: the seat tokens it hands out
            assert seat == 0
            continue
        for token in foreign_tokens:
            assert token not in text
        if frame["type"] == "lobby":
            started = frame["started"]
        if frame["type"] == "update":
            check_update(frame, match, seat, started)
        else:
            assert frame["type"] in PUBLIC_FRAMES


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_no_frame_sent_to_a_seat_holds_more_than_its_view_and_its_redacted_events(
    live: Any, game_id: str, players: int
) -> None:
    bots = (players - 1,) if players >= 3 else ()
    matches, frames = seat_everyone(
        live.url, game_id, players, seed=SECRET_SEED, bots=bots, record=True, spectators=True
    )
    from crimson_table.net.client import NetClient, RemoteMatch

    watched: list[str] = []
    spectator = RemoteMatch.watch(
        live.url, matches[0].table_id or "", client=NetClient(live.url, record=watched)
    )
    try:
        play_out([*matches, spectator], seeded_picker(players + 17), timeout=90)
        table_id = matches[0].table_id or ""
        local = replay(game_id, players, SECRET_SEED, server_log(live, table_id))
        tokens = matches[0].tokens
        for match in matches:
            seat = match.seat if match.seat is not None else -1
            others = [t for s, t in tokens.items() if s != seat]
            check_frames(frames[seat], local, seat, others)
        check_frames(watched, local, None, list(tokens.values()))
        assert any('"type":"update"' in f for f in watched)
    finally:
        close_all([*matches, spectator])
