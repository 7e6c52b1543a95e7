"""The server's store (tokens kept hashed, a tampered log refused) and ``wss://`` over loopback."""

from __future__ import annotations

import json
import shutil
import sqlite3
import ssl
import subprocess
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect as raw_connection

from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.net.serve import tls_context
from crimson_table.net.server import TableServer
from crimson_table.net.store import TableStore
from tests.net.helpers import close_all, live_server, play_out, seat_everyone, seeded_picker, wait_ready


def play_some(url: str, seed: int, steps: int) -> list[RemoteMatch]:
    matches, _ = seat_everyone(url, "two_crowns", 2, seed=seed)
    pick = seeded_picker(seed)
    while max(m.step for m in matches) < steps:
        for match in matches:
            match.pump()
            legal = match.legal_actions()
            if legal:
                match.apply(pick(match, legal))
    for match in matches:
        match.wait_until(lambda m=match: m.step >= steps, 5)
    return matches


def test_the_store_keeps_seat_tokens_only_as_digests(tmp_path: Path) -> None:
    with live_server(data=tmp_path) as live:
        matches = play_some(live.url, 1, 5)
        tokens = list(matches[0].tokens.values())
        close_all(matches)
    stored = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert tokens and not any(token.encode() in stored for token in tokens)


def test_a_restarted_server_resumes_each_table_and_leaves_out_one_whose_log_was_tampered_with(
    tmp_path: Path,
) -> None:
    with live_server(data=tmp_path) as live:
        kept = play_some(live.url, 2, 6)
        spoilt = play_some(live.url, 3, 6)
        hashes = live.call(lambda: {t: live.server.tables[t].match.state_hash() for t in live.server.tables})
        close_all(kept + spoilt)
    with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
        db.execute(
            "UPDATE actions SET state_hash = 'x' WHERE table_id = ? AND step = 2", (spoilt[0].table_id,)
        )
    server = TableServer(TableStore(tmp_path / "tables.sqlite3"))
    try:
        assert server.resume() == 1
        (table_id,) = server.tables
        assert table_id == kept[0].table_id
        assert server.tables[table_id].match.state_hash() == hashes[table_id]
        assert server.tables[table_id].started
    finally:
        server.close()


def self_signed(folder: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a test certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


def test_a_game_is_played_over_wss_with_a_certificate_and_key(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    trusting = ssl.create_default_context(cafile=str(cert))
    with live_server(tls=tls_context(cert, key)) as live:
        assert live.url.startswith("wss://")
        specs = [{"kind": "host"}, {"kind": "remote"}]
        host = RemoteMatch.host(
            live.url, "two_crowns", specs, seed=4, client=NetClient(live.url, tls=trusting)
        )
        wait_ready(host)
        guest = RemoteMatch.join(
            live.url, host.table_id or "", host.tokens[1], client=NetClient(live.url, tls=trusting)
        )
        wait_ready(guest)
        host.start()
        try:
            play_out([host, guest], seeded_picker(5), timeout=60)
            assert host.is_over() and guest.outcome() == host.outcome()
            plain = NetClient(live.url.replace("wss://", "ws://"), reconnect=False)
            assert plain.wait(5) is not None and not plain.connected.is_set()  # no plain text on a TLS port
            plain.close()
        finally:
            close_all([host, guest])


def test_a_move_the_store_cannot_keep_is_refused_and_not_shown_to_anyone(tmp_path: Path) -> None:
    with live_server(data=tmp_path) as live:
        matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=9)
        try:
            assert matches[0].wait_until(
                lambda: matches[1].pump() >= 0 and any(m.legal_actions() for m in matches), 5
            )
            acting = next(m for m in matches if m.legal_actions())
            other = next(m for m in matches if m is not acting)
            store = live.server.store
            assert store is not None
            real_append = store.append

            def disk_full(*args: object) -> None:
                store.append = real_append  # type: ignore[method-assign]
                raise sqlite3.OperationalError("database or disk is full")

            store.append = disk_full  # type: ignore[method-assign]
            move = acting.legal_actions()[0]
            acting.apply(move)
            assert acting.wait_until(lambda: bool(acting.errors), 5)
            assert acting.errors[-1]["code"] == "not-stored"
            table = live.server.tables[acting.table_id or ""]
            assert live.call(lambda: table.match.step) == 0
            assert other.step == 0 and acting.step == 0
            acting.apply(move)  # the disk has room again
            assert other.wait_until(lambda: other.step == 1, 5)
            assert [
                raw for raw, _hash in next(iter(TableStore(tmp_path / "tables.sqlite3").tables())).log
            ] == [move.to_dict()]
        finally:
            close_all(matches)


def test_a_finished_table_leaves_memory_with_its_last_player_and_comes_back_from_the_store(
    tmp_path: Path,
) -> None:
    with live_server(data=tmp_path) as live:
        matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=12)
        play_out(matches, seeded_picker(3), timeout=60)
        table_id, token, outcome = matches[0].table_id or "", matches[0].tokens[1], matches[0].outcome()
        steps = matches[0].step
        close_all(matches)
        deadline = time.monotonic() + 5
        while live.call(lambda: table_id in live.server.tables) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not live.call(lambda: table_id in live.server.tables)
        with raw_connection(live.url) as ws:  # a wrong token reads it back and lets it go again
            ws.send(json.dumps({"type": "join", "table": table_id, "token": "wrong"}))
            assert json.loads(ws.recv(timeout=5))["code"] == "refused"
        assert not live.call(lambda: table_id in live.server.tables)
        back = RemoteMatch.join(live.url, table_id, token)
        wait_ready(back)
        assert back.wait_until(lambda: back.step == steps and back.is_over(), 5)
        assert back.outcome() == outcome
        back.close()
    server = TableServer(TableStore(tmp_path / "tables.sqlite3"))
    try:
        assert server.resume() == 0  # a restart replays only the games still on
        assert server.table(table_id) is not None
    finally:
        server.close()


def test_serve_says_plainly_when_it_cannot_read_the_certificate(tmp_path: Path) -> None:
    from crimson_table.net.serve import main

    missing = tmp_path / "nope.pem"
    assert main(["--certfile", str(missing), "--keyfile", str(missing), "--data", str(tmp_path)]) == 1
