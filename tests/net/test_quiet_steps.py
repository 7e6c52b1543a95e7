"""A step with no event (Two Crowns' face-down choice of attack, Crimson Keep's kept card) reaches
the table as a new position, never as an undo (which an empty list of events means)."""

from __future__ import annotations

from typing import Any

from crimson_table.net.client import NetClient, RemoteMatch
from tests.net.test_client import closed_port


def update(from_step: int, events: list[list[dict[str, Any]]]) -> dict[str, Any]:
    return {
        "type": "update",
        "from_step": from_step,
        "step": from_step + len(events),
        "reset": False,
        "actors": [0] * len(events),
        "events": events,
        "view": {"seat": None},
        "open": None,
        "current": 1,
        "legal": [],
        "over": False,
        "outcome": None,
        "undo": "There is no move of yours to take back.",
    }


def test_a_step_that_tells_nothing_is_not_taken_for_an_undo() -> None:
    client = NetClient(f"ws://127.0.0.1:{closed_port()}", reconnect=False)
    try:
        match = RemoteMatch.watch("unused", "t", client=client)
        match.game_id = "two_crowns"
        said = {"kind": "draw", "data": {}, "text": "Anna draws a card"}
        match._on_update(update(0, [[said], [], [said]]))
        assert match.step == 3
        assert [(step, len(events)) for step, events in match.take_updates()] == [(1, 1), (3, 1)]
    finally:
        client.close()
