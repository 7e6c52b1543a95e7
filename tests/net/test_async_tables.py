"""Tables left and taken up later: the server's ``status`` answer, the seats a player keeps on disk,
asking servers in the background, and a host's own server telling its players it closed.

Every server here listens on 127.0.0.1; a server that is "not reachable" is a port nobody listens
on, or one that takes the connection and never answers.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from crimson_table.net import held_seats
from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.net.held_seats import HeldSeat
from crimson_table.net.hosting import HostedServer
from crimson_table.net.protocol import HOST_CLOSED, parse_request
from crimson_table.net.table_status import ANSWERED, GONE, UNREACHABLE, StatusProbe, TableStatus, ask_status
from tests.net.helpers import TEST_LIMITS, LiveServer, close_all, live_server, seat_everyone, wait_ready


@pytest.fixture
def server() -> Iterator[LiveServer]:
    with live_server() as live:
        yield live


def status_of(url: str, table: str, token: str, timeout: float = 4.0) -> TableStatus:
    import asyncio

    return asyncio.run(ask_status(url, table, token, timeout))


def free_port() -> int:
    """A loopback port nobody listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# -- the server's status answer ------------------------------------------------------------------------
def test_a_status_request_is_checked_like_every_other_request() -> None:
    request = parse_request('{"type": "status", "table": "T1", "token": "tok", "id": 3}')
    assert (request.type, request["table"], request["token"], request.id) == ("status", "T1", "tok", 3)


def test_status_with_the_seats_token_says_whose_move_and_the_step_without_taking_the_seat(
    server: LiveServer,
) -> None:
    matches, _ = seat_everyone(server.url, "two_crowns", 2, seed=5)
    host, ben = matches
    ben.close()  # Ben leaves: he asks later how the table stands
    status = status_of(server.url, host.table_id or "", host.tokens[1])
    assert status.state == ANSWERED and status.seat == 1 and status.started and not status.over
    assert status.current == host.current_seat() and status.step == host.step
    assert status.names == ("P0", "P1")
    assert status.your_move == (host.current_seat() == 1)
    table = server.call(lambda: server.server.tables[host.table_id or ""])
    assert 1 not in table.conns.values(), "asking does not sit at the table"
    close_all([host])


def test_status_with_a_wrong_token_or_an_unknown_table_learns_nothing(server: LiveServer) -> None:
    matches, _ = seat_everyone(server.url, "two_crowns", 2, seed=5)
    host = matches[0]
    assert status_of(server.url, host.table_id or "", "not-the-token").state == GONE
    assert status_of(server.url, "no-such-table", host.tokens[1]).state == GONE
    client = NetClient(server.url, reconnect=False)
    client.send({"type": "status", "id": 9, "table": host.table_id, "token": "wrong"})
    reply = client.wait(5.0)
    while reply is not None and reply.get("type") == "_status":
        reply = client.wait(5.0)
    assert reply == {
        "type": "error",
        "id": 9,
        "code": "refused",
        "message": "That token opens no seat at this table.",
    }
    client.close()
    close_all(matches)


def test_a_finished_tables_status_says_it_is_over_and_who_won(tmp_path: Path) -> None:
    from tests.net.helpers import play_out, seeded_picker

    with live_server(tmp_path) as live:
        matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=3)
        play_out(matches, seeded_picker(1))
        table, token = matches[0].table_id or "", matches[0].tokens[1]
        winners = matches[0].outcome().winners  # type: ignore[union-attr]
        close_all(matches)
        status = status_of(live.url, table, token)
        assert status.over and not status.your_move and status.winners == tuple(winners)
        assert live.call(lambda: table not in live.server.tables), "read back for the question, then let go"


def test_a_server_nobody_listens_on_or_that_never_answers_is_not_reachable_within_the_timeout() -> None:
    started = time.monotonic()
    assert status_of(f"ws://127.0.0.1:{free_port()}", "T", "tok", timeout=1.0).state == UNREACHABLE
    with socket.socket() as silent:  # takes the connection, never speaks websocket
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"ws://127.0.0.1:{silent.getsockname()[1]}"
        assert status_of(url, "T", "tok", timeout=0.5).state == UNREACHABLE
    assert time.monotonic() - started < 5.0


# -- the seats kept on disk ---------------------------------------------------------------------------
def a_seat(address: str = "127.0.0.1:8765", table: str = "T1", seat: int = 1, **more: object) -> HeldSeat:
    return HeldSeat(address, table, seat, "token-1", "two_crowns", ("Anna", "Ben"), **more)  # type: ignore[arg-type]


def test_held_seats_go_to_a_file_and_come_back_newest_first(tmp_path: Path) -> None:
    path = tmp_path / "online_tables.json"
    held_seats.remember(a_seat(table="T1", codes={"2": "friend"}, invite="inv"), path)
    held_seats.remember(a_seat(table="T2"), path)
    held = held_seats.load(path)
    assert held.problem is None and [s.table for s in held.seats] == ["T2", "T1"]
    first = held.seats[1]
    assert (first.address, first.seat, first.token, first.game, first.names) == (
        "127.0.0.1:8765",
        1,
        "token-1",
        "two_crowns",
        ("Anna", "Ben"),
    )
    assert first.url == "ws://127.0.0.1:8765" and first.codes == {"2": "friend"} and first.invite == "inv"
    held_seats.remember(a_seat(table="T1"), path)  # taken again: on top, its codes kept
    again = held_seats.load(path).seats
    assert [s.table for s in again] == ["T1", "T2"] and again[0].codes == {"2": "friend"}
    assert held_seats.last_address(path) == "127.0.0.1:8765"


def test_a_table_marked_closed_and_a_seat_forgotten_are_kept_so(tmp_path: Path) -> None:
    path = tmp_path / "online_tables.json"
    held_seats.remember(a_seat(table="T1"), path)
    held_seats.remember(a_seat(table="T2"), path)
    held_seats.mark_closed("ws://127.0.0.1:8765", "T1", path)
    assert {s.table: s.closed for s in held_seats.load(path).seats} == {"T1": True, "T2": False}
    held_seats.forget(("127.0.0.1:8765", "T1", 1), path)
    assert [s.table for s in held_seats.load(path).seats] == ["T2"]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"{not json", "is not valid JSON"),
        (b'["a list"]', "is not a list of online tables"),
        (b'{"version": 1, "seats": [{"address": "a:1"}]}', "entry 1 needs an address, a table"),
        (b'{"version": 1, "seats": [7]}', "entry 1 is not an object"),
        (b"\xff\xfe", "is not UTF-8 text"),
    ],
)
def test_a_corrupt_file_is_ignored_naming_the_file_and_the_problem(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    path = tmp_path / "online_tables.json"
    path.write_bytes(content)
    held = held_seats.load(path)
    assert held.seats == ()
    assert (
        held.problem is not None
        and held.problem.startswith("online_tables.json ")
        and problem in held.problem
    )
    held_seats.remember(a_seat(), path)  # the next seat taken writes a fresh file; the old one is the .bak
    assert len(held_seats.load(path).seats) == 1
    assert (tmp_path / "online_tables.json.bak").read_bytes() == content


def test_a_missing_file_holds_no_seats_and_no_problem(tmp_path: Path) -> None:
    assert held_seats.load(tmp_path / "none.json") == held_seats.HeldSeats()


def test_the_file_is_plain_json_an_engineer_can_read(tmp_path: Path) -> None:
    path = tmp_path / "online_tables.json"
    held_seats.remember(a_seat(), path)
    data = json.loads(path.read_text("utf-8"))
    assert data["version"] == 1 and data["seats"][0]["table"] == "T1"


# -- asking every server in the background -------------------------------------------------------------
def test_the_probe_answers_for_a_reachable_table_and_says_an_unreachable_server_is_not_reachable(
    server: LiveServer,
) -> None:
    matches, _ = seat_everyone(server.url, "two_crowns", 2, seed=5)
    host = matches[0]
    here = a_seat(f"127.0.0.1:{server.port}", host.table_id or "", 1)
    here = HeldSeat(here.address, here.table, 1, host.tokens[1], "two_crowns")
    away = a_seat(f"127.0.0.1:{free_port()}", "T9", 0)
    closed = a_seat(f"127.0.0.1:{free_port()}", "T8", 0, closed=True)
    woken: list[int] = []
    probe = StatusProbe([here, away, closed], timeout=1.0, on_answer=lambda: woken.append(1))
    probe.join(10.0)
    assert probe.done
    answers = dict(probe.poll())
    assert set(answers) == {here.key, away.key}, "a closed table is not asked about"
    assert answers[here.key].state == ANSWERED and answers[here.key].step == host.step
    assert answers[away.key].state == UNREACHABLE
    assert len(woken) == 2
    close_all(matches)


# -- a table created on a server, and a host's own server closing ---------------------------------------
def test_a_table_created_on_a_server_stays_there_when_its_creator_leaves(server: LiveServer) -> None:
    seats = [
        {"kind": "host", "name": "Anna", "level": "random"},
        {"kind": "remote", "name": "Ben", "level": "random"},
    ]
    anna = RemoteMatch.host(server.url, "two_crowns", seats, client=NetClient(server.url))
    wait_ready(anna)
    table, anna_token = anna.table_id or "", anna.seat_token
    assert anna_token is not None and anna_token != anna.tokens[1]
    anna.close()
    ben = RemoteMatch.join(server.url, table, anna.tokens[1], client=NetClient(server.url))
    wait_ready(ben)
    assert ben.seat == 1 and ben.closed_by_host is None
    assert status_of(server.url, table, anna_token).state == ANSWERED
    ben.close()


def test_when_the_hosts_own_server_stops_every_player_hears_the_table_closed_and_stops_retrying() -> None:
    pool = ThreadPoolExecutor(max_workers=1)
    hosted = HostedServer(bots=pool, limits=TEST_LIMITS).start()
    try:
        seats = [
            {"kind": "host", "name": "Anna", "level": "random"},
            {"kind": "remote", "name": "Ben", "level": "random"},
        ]
        anna = RemoteMatch.host(hosted.url, "two_crowns", seats, client=NetClient(hosted.url))
        wait_ready(anna)
        ben = RemoteMatch.join(hosted.url, anna.table_id or "", anna.tokens[1], client=NetClient(hosted.url))
        wait_ready(ben)
        hosted.stop()
        assert ben.wait_until(lambda: ben.closed_by_host is not None, 5.0)
        assert ben.closed_by_host == HOST_CLOSED
        assert ben.wait_until(lambda: not ben.connected, 5.0)
        assert not ben.client.reconnect, "a closed table is not retried"
        close_all([anna, ben])
    finally:
        hosted.stop()
        pool.shutdown()
