"""The app's own table server and the invite codes a host hands out."""

from __future__ import annotations

import gc
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.net.hosting import HostedServer
from crimson_table.net.invite import open_code, parse_code, seat_code, server_url
from tests.net.helpers import TEST_LIMITS, wait_ready


def test_an_invite_code_gives_back_its_table_and_secret_and_says_which_kind_of_seat_it_opens() -> None:
    seat = parse_code(f"  {seat_code('T4b-_x', 'tok-EN_1')}\n")
    assert seat is not None and (seat.table, seat.secret, seat.open_seat) == ("T4b-_x", "tok-EN_1", False)
    opened = parse_code(open_code("T4b", "inv"))
    assert opened is not None and opened.open_seat and opened.secret == "inv"
    for wrong in ("", "T4b", "T4b.", ".tok", "T4b.tok.x", "T4b tok", "T4b.t/k"):
        assert parse_code(wrong) is None, wrong


def test_an_address_becomes_the_url_a_client_opens_and_nonsense_is_refused() -> None:
    assert server_url("192.168.1.20:8765") == "ws://192.168.1.20:8765"
    assert server_url(" wss://example.org:443/ ") == "wss://example.org:443"
    assert server_url("[::1]:9000") == "ws://[::1]:9000"
    for wrong in ("", "example.org", "host:0", "host:70000", "http://host:80", "a b:1"):
        assert server_url(wrong) is None, wrong


def test_the_hosted_server_listens_on_loopback_seats_a_table_and_stops() -> None:
    pool = ThreadPoolExecutor(max_workers=1)
    hosted = HostedServer(bots=pool, limits=TEST_LIMITS).start()
    try:
        assert hosted.bind == "127.0.0.1" and hosted.address() == f"127.0.0.1:{hosted.port}"
        seats = [
            {"kind": "host", "name": "Anna", "level": "random"},
            {"kind": "bot", "name": "B", "level": "random"},
        ]
        match = RemoteMatch.host(hosted.url, "two_crowns", seats, client=NetClient(hosted.url))
        wait_ready(match)
        assert match.seat == 0
        match.close()
    finally:
        hosted.stop()
        pool.shutdown()
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", hosted.port), timeout=1):
        pass


def test_a_host_leaving_while_a_connection_is_half_open_leaves_nothing_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A friend's connection caught in its handshake as the host leaves: its task is ended before the
    loop closes, not collected afterwards ("Exception ignored … no running event loop" on stderr)."""
    ignored: list[str] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda report: ignored.append(repr(report.exc_value)))
    pool = ThreadPoolExecutor(max_workers=1)
    hosted = HostedServer(bots=pool, limits=TEST_LIMITS).start()
    half_open = [socket.create_connection(("127.0.0.1", hosted.port), timeout=2) for _ in range(3)]
    for sock in half_open:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a request never finished
    time.sleep(0.3)  # the server has taken them in
    try:
        started = time.monotonic()
        hosted.stop()
        stopping = time.monotonic() - started
    finally:
        pool.shutdown()
        for sock in half_open:
            sock.close()
    assert not hosted._thread.is_alive(), "the server's loop ended with the stop"
    assert stopping < 4.0, f"the stop waited {stopping:.1f} s for handshakes that never finish"
    gc.collect()
    assert ignored == []
