"""Tables on the local network: the TXT record, the listing the Join screen reads, and a real
announce-and-browse round trip over multicast DNS on loopback (zeroconf, the ``lan`` extra)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace

import pytest

from crimson_table.net import lan
from crimson_table.net.protocol import PROTOCOL_VERSION

ANNA = lan.LanTable(lan.service_name("Tb1x"), "Anna", "two_crowns", "Tb1x", "192.168.1.20:8765", 1, True)


def test_a_tables_txt_record_decodes_to_the_table_it_announces() -> None:
    record = {key.encode(): value.encode() for key, value in lan.encode_txt(ANNA).items()}
    assert lan.decode_txt(ANNA.service, ANNA.address, record) == ANNA
    assert lan.encode_txt(ANNA)["v"] == str(PROTOCOL_VERSION)


@pytest.mark.parametrize(
    "broken",
    [
        {"open": b"many"},
        {"open": b"9"},
        {"host": b""},
        {"host": b"Anna\nBen"},
        {"table": b"x" * 65},
        {"game": None},
    ],
)
def test_a_malformed_record_announces_no_table(broken: dict[str, bytes | None]) -> None:
    record: dict[bytes, bytes | None] = {k.encode(): v.encode() for k, v in lan.encode_txt(ANNA).items()}
    record.update({key.encode(): value for key, value in broken.items()})
    assert lan.decode_txt(ANNA.service, ANNA.address, record) is None


def test_the_announcement_follows_the_lobby_open_seats_and_spectators() -> None:
    lobby = {
        "type": "lobby",
        "table": "Tb1x",
        "game": "condottiere",
        "spectators": True,
        "seats": [{"kind": "host", "name": "Anna"}, {"kind": "open", "name": "Open seat"}, {"kind": "bot"}],
    }
    table = lan.announcement(lobby, "192.168.1.20:8765")
    assert table == lan.LanTable(
        lan.service_name("Tb1x"), "Anna", "condottiere", "Tb1x", "192.168.1.20:8765", 1, True
    )
    assert lan.announcement({}, "192.168.1.20:8765") is None, "nothing before the server has answered"


def test_the_listing_adds_updates_and_removes_tables_and_tells_each_change_once() -> None:
    told: list[int] = []
    listing = lan.LanListing(lambda: told.append(listing.version))
    ben = replace(ANNA, service=lan.service_name("Zz9"), host="ben", table="Zz9", spectators=False)
    listing.put(ben)
    listing.put(ANNA)
    listing.put(ANNA)  # the same record again: no change
    assert [t.host for t in listing.tables()] == ["Anna", "ben"], "by name, whatever the case"
    listing.put(replace(ANNA, open_seats=0))
    assert listing.tables()[0].open_seats == 0
    listing.remove(ANNA.service)
    listing.remove(ANNA.service)  # gone already: no change
    assert listing.tables() == [ben]
    assert told == [1, 2, 3, 4]


def test_the_listing_leaves_out_other_protocol_versions_and_keeps_a_bounded_number() -> None:
    listing = lan.LanListing()
    listing.put(replace(ANNA, protocol=PROTOCOL_VERSION + 1))
    assert listing.tables() == []
    for i in range(lan.MAX_LISTED + 10):
        listing.put(replace(ANNA, service=f"s{i}", table=f"t{i}"))
    assert len(listing.tables()) == lan.MAX_LISTED


def until(done: Callable[[], bool], seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.05)
    return done()


def test_an_announced_table_is_found_updated_and_withdrawn_over_multicast_on_loopback() -> None:
    pytest.importorskip("zeroconf")
    woken = threading.Event()
    browser = lan.LanBrowser(woken.set, interfaces=["127.0.0.1"])
    announcer = lan.LanAnnouncer(interfaces=["127.0.0.1"])
    table = replace(ANNA, address="127.0.0.1:8765")
    try:
        started = time.monotonic()
        announcer.publish(table)
        assert time.monotonic() - started < 0.1, "publishing never waits for the network"
        assert until(lambda: browser.listing.tables() == [table]), browser.error
        assert woken.is_set(), "the browser wakes the app when it finds a table"
        announcer.publish(replace(table, open_seats=0))
        assert until(lambda: browser.listing.tables()[0].open_seats == 0)
        announcer.close()
        assert announcer.join(10) and announcer.error is None
        assert until(lambda: browser.listing.tables() == []), "closing the table withdraws it"
    finally:
        announcer.close()
        browser.close()
        assert browser.join(10)
