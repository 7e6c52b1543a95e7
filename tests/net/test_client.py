"""The client never blocks or fails its caller, whatever the network does."""

from __future__ import annotations

import json
import socket
import time

import pytest

from crimson_table.engine.core import GameNotOver, IllegalAction
from crimson_table.net.client import STATUS, NetClient
from tests.net.helpers import close_all, live_server, play_out, seat_everyone, seeded_picker


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_client_whose_connection_ended_for_good_can_still_be_sent_to_and_closed() -> None:
    client = NetClient(f"ws://127.0.0.1:{closed_port()}", reconnect=False)
    first = client.wait(5)
    assert first is not None and first["type"] == STATUS and first["state"] == "disconnected"
    client._thread.join(5)  # the network thread has ended
    started = time.monotonic()
    client.send({"type": "ping"})
    client.close()
    assert time.monotonic() - started < 0.5


def test_a_client_keeps_trying_a_server_that_is_not_there_without_blocking_its_caller() -> None:
    client = NetClient(f"ws://127.0.0.1:{closed_port()}")
    try:
        started = time.monotonic()
        for _ in range(100):
            client.send({"type": "ping"})
            client.poll()
        assert time.monotonic() - started < 0.1
        assert not client.connected.wait(0.3)
    finally:
        client.close()


def test_a_remote_table_answers_whose_turn_and_whose_view_at_once() -> None:
    with live_server() as live:
        matches, _ = seat_everyone(live.url, "crimson_company", 2, seed=6)
        try:
            assert matches[0].wait_until(
                lambda: matches[1].pump() >= 0 and any(m.legal_actions() for m in matches), 5
            )
            acting = next(m for m in matches if m.legal_actions())
            waiting = next(m for m in matches if m is not acting)
            move = acting.legal_actions()[0]
            assert acting.refusal(move) is None
            refused = waiting.refusal(move)
            assert refused is not None and refused.rule_id == "NOT-YOUR-TURN"
            with pytest.raises(IllegalAction):
                waiting.apply(move)
            with pytest.raises(ValueError):
                acting.view(waiting.seat)
            assert acting.view(acting.seat)["seat"] == acting.seat
            acting.apply(move)
            assert acting.legal_actions() == []  # sent: no second decision before the answer
            assert acting.wait_until(lambda: acting.step == 1, 5)
            (step, events), *_ = acting.take_updates()
            assert step == 1 and events
        finally:
            close_all(matches)


def test_every_hand_shows_face_up_at_a_remote_table_only_once_the_game_is_over() -> None:
    with live_server() as live:
        matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=2)
        try:
            with pytest.raises(GameNotOver):
                matches[0].open_view()
            play_out(matches, seeded_picker(1), timeout=60)
            table = live.call(lambda: live.server.tables[matches[0].table_id or ""].match)
            assert matches[1].open_view() == json.loads(json.dumps(table.open_view()))
            assert matches[0].hints_used == [0, 0]
        finally:
            close_all(matches)


# What the tables ask of their match (``self.match.<name>`` in ui/tables/) and RemoteMatch cannot
# offer by nature: the UI slice decides what an online table does instead (see net/client.py).
LEFT_FOR_THE_UI = {"save", "bot_choose", "note_hint"}


def test_remote_match_offers_every_match_member_the_tables_use_but_those_left_for_the_ui() -> None:
    import re
    from pathlib import Path

    from crimson_table.net.client import RemoteMatch

    tables = Path(__file__).resolve().parents[2] / "crimson_table" / "ui" / "tables"
    used = {
        name
        for path in tables.rglob("*.py")
        if path.name != "gestures.py" or path.parent.name != "crimson_company"  # its "Match" is a button
        for name in re.findall(r"self\.match\.([a-z_]+)", path.read_text(encoding="utf-8"))
    }
    client = NetClient(f"ws://127.0.0.1:{closed_port()}", reconnect=False)
    remote = RemoteMatch.watch("unused", "t", client=client)
    missing = {name for name in used if not hasattr(RemoteMatch, name) and not hasattr(remote, name)}
    client.close()
    assert used and missing - LEFT_FOR_THE_UI == set(), f"RemoteMatch lacks {sorted(missing)}"


def test_a_reset_heard_with_the_moves_it_takes_back_drops_them_before_the_table_reads_them() -> None:
    """A move and the undo that takes it back can come in one read: the table is told only of the
    reset (a move no longer in the log has no actor to name)."""
    from crimson_table.engine.core import Event
    from crimson_table.net.client import RemoteMatch

    match = RemoteMatch.__new__(RemoteMatch)
    match._steps, match._actors, match._updates = [(), ()], [0, 1], []
    match._steps.append(())  # a third move heard...
    match._actors.append(0)
    match._updates.append((3, [Event("play", {}, "Anna plays")]))
    match._reset_to(2)  # ...and taken back in the same read
    assert match._updates == [(2, [])]
    assert len(match._steps) == len(match._actors) == 2
