"""The server's refusals and the table's life: tokens, spectators, limits, turns, undo, seats, chat, bots."""

from __future__ import annotations

import asyncio
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from crimson_table.net.bots import worker_pool
from crimson_table.net.client import RemoteMatch
from crimson_table.net.protocol import MAX_FRAME
from crimson_table.net.server import NO_TABLE, NO_WATCH, Limits, TableServer
from crimson_table.play.match import Match, Seat
from tests.net.helpers import (
    LiveServer,
    close_all,
    live_server,
    play_out,
    seat_everyone,
    seeded_picker,
    wait_ready,
)


def raw(live: LiveServer) -> ClientConnection:
    return connect(live.url, max_size=2**24, compression=None, open_timeout=5)


def ask(ws: ClientConnection, message: dict[str, Any] | str) -> dict[str, Any]:
    ws.send(message if isinstance(message, str) else json.dumps(message))
    reply: dict[str, Any] = json.loads(ws.recv(timeout=5))
    return reply


def replies(ws: ClientConnection, wait: float = 0.3) -> list[dict[str, Any]]:
    out = []
    try:
        while True:
            out.append(json.loads(ws.recv(timeout=wait)))
    except TimeoutError:
        return out


def two_seat_table(live: LiveServer, spectators: bool = False) -> tuple[list[RemoteMatch], str]:
    matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=3, spectators=spectators)
    return matches, matches[0].table_id or ""


def test_a_wrong_token_is_refused_with_nothing_of_the_table(live: LiveServer) -> None:
    matches, table_id = two_seat_table(live)
    try:
        with raw(live) as ws:
            reply = ask(ws, {"type": "join", "table": table_id, "token": "x" * 32})
            assert reply == {"type": "error", "code": "refused", "message": NO_TABLE}
            assert replies(ws) == []  # no lobby, no view: nothing of the table
            unknown = ask(ws, {"type": "join", "table": "no-such-table", "token": "x"})
            assert unknown == reply  # a wrong token and no table at all read the same
    finally:
        close_all(matches)


def test_a_spectator_is_refused_unless_the_host_allows_it(live: LiveServer) -> None:
    closed, closed_id = two_seat_table(live, spectators=False)
    open_, open_id = two_seat_table(live, spectators=True)
    try:
        with raw(live) as ws:
            assert ask(ws, {"type": "watch", "table": closed_id}) == {
                "type": "error",
                "code": "refused",
                "message": NO_WATCH,
            }
            assert replies(ws) == []
            seated = ask(ws, {"type": "watch", "table": open_id})
            assert seated["type"] == "seated" and seated["seat"] is None
            frames = replies(ws)
            update = next(f for f in frames if f["type"] == "update")
            public = live.call(lambda: live.server.tables[open_id].match.view(None))
            assert update["view"] == json.loads(json.dumps(public)) and update["legal"] == []
            chat = ask(ws, {"type": "chat", "text": "hello"})
            assert chat["code"] == "not-seated"  # spectators read the chat, they do not write
    finally:
        close_all(closed + open_)


def test_an_oversize_frame_closes_the_connection_as_too_big(live: LiveServer) -> None:
    with raw(live) as ws:
        ws.send('{"type": "chat", "text": "' + "x" * MAX_FRAME + '"}')
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        assert ws.protocol.close_rcvd is not None and ws.protocol.close_rcvd.code == 1009


def test_a_deep_frame_is_refused_and_the_connection_stays(live: LiveServer) -> None:
    with raw(live) as ws:
        assert ask(ws, "[" * 40 + "]" * 40)["code"] == "too-deep"
        assert ask(ws, {"type": "ping", "id": 7}) == {"type": "pong", "id": 7}


def test_too_many_bad_frames_close_the_connection_at_once_even_with_more_in_flight() -> None:
    with live_server(limits=Limits(max_errors=5)) as live, raw(live) as ws:
        started = time.monotonic()
        with pytest.raises(ConnectionClosed):
            for _ in range(300):
                ws.send("garbage")
            while True:
                ws.recv(timeout=5)
        assert ws.protocol.close_rcvd is not None and ws.protocol.close_rcvd.code == 1008
        assert time.monotonic() - started < 3.0  # not the library's 10 s closing timeout


def test_a_burst_past_the_rate_limit_is_told_to_slow_down_but_not_cut_off() -> None:
    with live_server(limits=Limits(rate=5.0, burst=10.0, max_errors=3)) as live, raw(live) as ws:
        for _ in range(30):
            ws.send('{"type": "ping"}')
        got = [f.get("type") if f["type"] == "pong" else f["code"] for f in replies(ws)]
        assert got.count("pong") <= 12 and got.count("slow-down") >= 18
        time.sleep(0.5)
        assert ask(ws, {"type": "ping", "id": 1}) == {"type": "pong", "id": 1}  # a fast player, not a foe


def test_a_flood_past_the_rate_limit_is_cut_off() -> None:
    limits = Limits(rate=5.0, burst=10.0, max_throttled=50)
    with live_server(limits=limits) as live, raw(live) as ws, pytest.raises(ConnectionClosed):
        for _ in range(500):
            ws.send('{"type": "ping"}')
        while True:
            ws.recv(timeout=5)


def test_one_address_may_not_open_tables_without_end() -> None:
    with live_server(limits=Limits(tables_per_address=2)) as live:
        specs = [{"kind": "host"}, {"kind": "remote"}]
        hosts = [RemoteMatch.host(live.url, "two_crowns", specs) for _ in range(2)]
        wait_ready(*hosts)
        third = RemoteMatch.host(live.url, "two_crowns", specs)
        assert third.wait_until(lambda: bool(third.errors), 5)
        assert third.errors[-1]["code"] == "too-many-tables"
        close_all([*hosts, third])


def test_a_public_server_draws_the_seed_itself() -> None:
    with live_server(limits=Limits()) as live:
        host = RemoteMatch.host(live.url, "two_crowns", [{"kind": "host"}, {"kind": "remote"}], seed=5)
        wait_ready(host)
        assert live.call(lambda: live.server.tables[host.table_id or ""].match.seed) != 5
        host.close()


def test_moves_out_of_turn_at_a_stale_step_or_against_the_rules_are_refused(live: LiveServer) -> None:
    matches, table_id = two_seat_table(live)
    try:
        host, guest = matches
        assert host.wait_until(lambda: guest.pump() >= 0 and any(m.legal_actions() for m in matches), 5)
        acting = host if host.legal_actions() else guest
        waiting = guest if acting is host else host
        legal = acting.legal_actions()[0].to_dict()
        with raw(live) as ws:  # the waiting seat, from a second connection (it takes the seat over)
            ask(ws, {"type": "join", "table": table_id, "token": host.tokens[waiting.seat or 0]})
            replies(ws)
            assert ask(ws, {"type": "act", "step": 0, "action": legal})["code"] == "not-your-turn"
            assert ask(ws, {"type": "act", "step": 9, "action": legal})["code"] == "stale"
        assert waiting.wait_until(lambda: bool(waiting.errors), 5)
        assert waiting.errors[-1]["code"] == "replaced"
        acting.client.send({"type": "act", "step": 0, "action": {"kind": "no-such-kind"}})
        acting.client.send({"type": "why", "id": 77, "action": {**legal, "zz": 1}})
        assert acting.wait_until(lambda: len(acting.errors) == 2, 5)
        assert [e["code"] for e in acting.errors] == ["bad-action", "bad-action"]
        assert live.call(lambda: live.server.tables[table_id].match.step) == 0
    finally:
        close_all(matches)


def test_why_answers_with_the_engines_rule_for_an_illegal_move() -> None:
    with live_server() as live:
        matches, _ = seat_everyone(live.url, "crimson_company", 2, seed=8)
        try:
            assert matches[0].wait_until(
                lambda: matches[1].pump() >= 0 and any(m.legal_actions() for m in matches), 5
            )
            acting = next(m for m in matches if m.legal_actions())
            here = Match.new("crimson_company", [Seat("a"), Seat("b")], 8, {})
            wrong = next(  # a move of another deal that this position's rules refuse
                a
                for seed in range(1, 40)
                for a in Match.new("crimson_company", [Seat("a"), Seat("b")], seed, {}).legal_actions()
                if here.refusal(a) is not None
            )
            first = acting.refusal(wrong)
            assert first is not None and first.rule_id == "NOT-LEGAL"  # at once, from the legal moves
            started = time.monotonic()
            assert acting.wait_until(lambda: (acting.refusal(wrong) or first).rule_id != "NOT-LEGAL", 5)
            assert time.monotonic() - started < 0.25  # about 0.2 ms on loopback; the goal is 50 ms
            assert str(acting.refusal(wrong)) == str(here.refusal(wrong))  # the engine's rule and reason
        finally:
            close_all(matches)


def test_a_seat_takes_back_its_own_decision_and_no_other_seats(live: LiveServer) -> None:
    matches, _ = seat_everyone(live.url, "crimson_keep", 2, seed=21)
    try:
        pick = seeded_picker(4)
        for _ in range(400):  # play until some seat may take its move back
            for match in matches:
                match.pump()
            if any(m.can_undo() for m in matches):
                break
            for match in matches:
                legal = match.legal_actions()
                if legal:
                    match.apply(pick(match, legal))
            time.sleep(0.002)
        undoer = next(m for m in matches if m.can_undo())
        other = next(m for m in matches if m is not undoer)
        assert not other.can_undo()
        step = undoer.step
        undoer.undo()
        assert undoer.wait_until(lambda: undoer.step == step - 1, 5)
        assert other.wait_until(lambda: other.step == step - 1, 5)
        assert other.take_updates()[-1] == (step - 1, [])  # the table went back
        other.client.send({"type": "undo", "step": other.step})
        assert other.wait_until(lambda: bool(other.refusals), 5)
        assert other.refusals[-1].rule_id == "UNDO"
    finally:
        close_all(matches)


def test_an_open_seat_is_claimed_with_the_invitation_and_then_the_game_starts(live: LiveServer) -> None:
    host = RemoteMatch.host(live.url, "two_crowns", [{"kind": "host", "name": "Anna"}, {"kind": "open"}])
    wait_ready(host)
    guest: RemoteMatch | None = None
    try:
        assert host.invite is not None
        host.start()
        assert host.wait_until(lambda: bool(host.errors), 5)
        assert host.errors[-1]["code"] == "seats-open"
        with raw(live) as ws:
            assert (
                ask(ws, {"type": "claim", "table": host.table_id, "invite": "wrong", "name": "X"})["code"]
                == "refused"
            )
        guest = RemoteMatch.claim(live.url, host.table_id or "", host.invite, "Ben\u0007")
        wait_ready(guest)
        assert host.wait_until(lambda: host.seats[1].name == "Ben\ufffd", 5)
        host.start()
        assert host.wait_until(lambda: host.started, 5) and guest.wait_until(lambda: guest.started, 5)
        guest.close()  # it comes back with its own token, which the claim gave it
        token = guest.client.resume["token"] if guest.client.resume else ""
        again = RemoteMatch.join(live.url, host.table_id or "", str(token))
        wait_ready(again)
        assert again.seat == 1
        again.close()
    finally:
        host.close()


def test_the_host_may_start_with_captain_in_the_seats_nobody_took(live: LiveServer) -> None:
    seats = [
        {"kind": "host", "name": "Anna"},
        {"kind": "remote", "name": "Ben"},
        {"kind": "open"},
        {"kind": "remote", "name": "Dario"},
    ]
    host = RemoteMatch.host(live.url, "condottiere", seats, seed=4)
    wait_ready(host)
    dario: RemoteMatch | None = None
    try:
        dario = RemoteMatch.join(live.url, host.table_id or "", host.tokens[3])
        wait_ready(dario)
        host.start(fill=True)
        assert host.wait_until(lambda: host.started, 5)
        kinds = [(s["name"], s["kind"], s["level"]) for s in host.lobby["seats"]]
        assert kinds == [
            ("Anna", "host", None),
            ("Ben", "bot", "heuristic"),  # absent: Captain plays Ben's seat
            ("Captain 3", "bot", "heuristic"),
            ("Dario", "remote", None),  # here: the seat stays his
        ]
        table = live.call(lambda: live.server.tables[host.table_id or ""])
        assert [s.kind for s in table.match.seats] == ["human", "bot", "bot", "human"]
        assert table.seats[1].token_hash is None, "Ben's code opens nothing once Captain has his seat"
    finally:
        host.close()
        if dario is not None:
            dario.close()


def test_chat_reaches_the_table_cleaned_and_short(live: LiveServer) -> None:
    matches, _ = two_seat_table(live)
    try:
        host, guest = matches
        host.say("good luck\u0000")
        assert guest.wait_until(lambda: bool(guest.chat), 5)
        assert guest.chat[-1]["text"] == "good luck\ufffd" and guest.chat[-1]["name"] == "P0"
        host.client.send({"type": "chat", "text": "x" * 201})
        assert host.wait_until(lambda: bool(host.errors), 5)
        assert host.errors[-1]["code"] == "bad-field"
    finally:
        close_all(matches)


def test_computer_seats_think_in_worker_processes_from_their_view_and_seed() -> None:
    pool = worker_pool(1)
    try:
        with live_server(bots=pool) as live:
            matches, _ = seat_everyone(live.url, "condottiere", 3, seed=12, bots=(1, 2))
            try:
                play_out(matches, seeded_picker(2), timeout=120)
                table = live.call(lambda: live.server.tables[matches[0].table_id or ""].match)
                local = Match.new("condottiere", table.seats, 12, {})
                bot_moves = 0
                for action in table.log:
                    if local.seats[local.current_seat() or 0].kind == "bot":
                        assert local.bot_choose() == action  # what the bot decides from its view and seed
                        bot_moves += 1
                    local.apply(action)
                assert local.state_hash() == table.state_hash()
                assert bot_moves > 10
                workers = {p.pid for p in pool._processes.values()}  # type: ignore[attr-defined]
                assert workers and os.getpid() not in workers
            finally:
                close_all(matches)
    finally:
        pool.shutdown()


def test_a_connection_that_stops_reading_is_dropped_rather_than_hold_memory() -> None:
    from types import SimpleNamespace

    from crimson_table.net.server import Conn

    aborted: list[bool] = []
    transport = SimpleNamespace(abort=lambda: aborted.append(True))
    ws = SimpleNamespace(transport=transport, remote_address=("127.0.0.1", 5))
    conn = Conn(ws, Limits(max_backlog=3))  # type: ignore[arg-type]
    for n in range(5):
        conn.send({"type": "pong", "id": n})
    assert conn.closing and aborted == [True] and conn.outbox.qsize() == 3


def test_captain_stands_in_for_a_player_away_long_enough_and_gives_the_seat_back() -> None:
    """A player gone a while may be replaced by Captain when another asks; early asks are refused;
    the player's return gives the seat back."""
    limits = Limits(client_seeds=True, rate=1000.0, burst=1000.0, stand_in_after=0.5)
    with live_server(limits=limits) as live:
        (anna, ben), _ = seat_everyone(live.url, "two_crowns", 2, seed=5)
        try:
            assert anna.wait_until(lambda: anna.started and anna.ready, 5)
            while anna.current_seat() != 1:  # Anna plays until it is Ben's turn
                legal = anna.legal_actions()
                if legal:
                    anna.apply(legal[0])
                anna.wait_until(lambda: anna.current_seat() == 1 or bool(anna.legal_actions()), 5)
            step = anna.step
            ben.close()
            anna.wait_until(lambda: not anna.lobby["seats"][1]["connected"], 5)
            anna.stand_in(1)  # too early
            assert anna.wait_until(lambda: bool(anna.errors), 5)
            assert anna.errors[-1]["code"] == "not-away"
            time.sleep(0.6)
            anna.stand_in(1)
            assert anna.wait_until(lambda: anna.step > step, 10), "Captain played Ben's move"
            assert anna.lobby["seats"][1]["stand_in"] is True
            ben = RemoteMatch.join(live.url, anna.table_id or "", anna.tokens[1])
            wait_ready(ben)
            assert anna.wait_until(lambda: anna.lobby["seats"][1]["stand_in"] is False, 5)
        finally:
            close_all([anna, ben])


def test_closing_the_server_after_its_loop_has_closed_leaves_a_thinking_bot_quietly() -> None:
    """A host leaving while a computer seat thinks: the loop has stopped and closed before
    ``close`` runs, and the bot's task still waits; closing must not raise (it once did)."""
    pool = ThreadPoolExecutor(max_workers=1)
    server = TableServer(None, pool, Limits())
    loop = asyncio.new_event_loop()

    async def think() -> None:
        await asyncio.get_running_loop().create_future()  # the worker's answer, never coming

    thinking = loop.create_task(think())
    server._tasks.add(thinking)  # as _kick_bot keeps it
    loop.run_until_complete(asyncio.sleep(0))  # the task now waits on its future
    loop.close()
    try:
        server.close()  # raised RuntimeError: Event loop is closed
    finally:
        pool.shutdown(wait=False)
    assert loop.is_closed()
