"""The table chat over the wire: who hears a line, what is left of it, and what the server refuses.

Two tables on one live server (``helpers.live_server``): a line said at one reaches every
connection of that table, spectators included, and nothing of it reaches the other table.
"""

from __future__ import annotations

import threading

from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.net.server import Limits
from tests.net.helpers import TEST_LIMITS, LiveServer, close_all, live_server, seat_everyone, wait_ready


def heard(match: RemoteMatch, count: int, timeout: float = 5.0) -> list[dict[str, object]]:
    """Pump until ``match`` has ``count`` chat lines (or the time is up); its lines."""
    match.wait_until(lambda: len(match.chat) >= count, timeout)
    return match.chat


def test_a_line_reaches_every_connection_of_its_table_and_its_spectators_but_no_other_table(
    live: LiveServer,
) -> None:
    table, _ = seat_everyone(live.url, "condottiere", 3, seed=4, spectators=True)
    other, _ = seat_everyone(live.url, "two_crowns", 2, seed=5)
    spectator = RemoteMatch.watch(live.url, table[0].table_id or "", client=NetClient(live.url))
    try:
        wait_ready(spectator)
        table[1].say("Good game")
        for match in (*table, spectator):
            lines = heard(match, 1)
            assert [(line["seat"], line["name"], line["text"]) for line in lines] == [(1, "P1", "Good game")]
        other[0].say("Well played")  # the other table's own line shows it is still heard there
        assert [line["text"] for line in heard(other[1], 1)] == ["Well played"]
        for match in other:  # the speaker hears its own line too, once the server has passed it on
            assert [line["text"] for line in heard(match, 1)] == ["Well played"], "no line crosses tables"
        for match in (*table, spectator):
            match.pump()
            assert [line["text"] for line in match.chat] == ["Good game"]
    finally:
        close_all([*table, *other, spectator])


def test_a_line_loses_its_control_and_invisible_format_characters_and_is_trimmed(live: LiveServer) -> None:
    matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=6)
    try:
        host, guest = matches
        host.say("  nice\tmove\u202e\x1b[31m  ")
        (line,) = heard(guest, 1)
        assert line["text"] == "nice move\ufffd[31m", "a tab is a space; the override and ESC do not pass"
    finally:
        close_all(matches)


def test_a_line_that_is_empty_once_cleaned_is_refused_to_its_sender_only(live: LiveServer) -> None:
    matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=7)
    try:
        host, guest = matches
        host.say("   ")
        assert host.wait_until(lambda: bool(host.chat_refusals), 5)
        assert host.chat_refusals == ["There is nothing to say in that line."]
        assert host.errors == [], "a refused line is the chat's, not the table's"
        guest.say("hello")
        assert [line["text"] for line in heard(host, 1)] == ["hello"]
    finally:
        close_all(matches)


def test_lines_past_the_chat_rate_are_refused_and_the_table_plays_on() -> None:
    limits = Limits(**{**TEST_LIMITS.__dict__, "chat_rate": 0.01, "chat_burst": 2.0})
    with live_server(limits=limits) as live:
        matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=8)
        try:
            host, guest = matches
            for word in ("one", "two", "three"):
                host.say(word)
            assert host.wait_until(lambda: bool(host.chat_refusals), 5)
            assert host.chat_refusals == ["You are chatting too fast: wait a moment."]
            assert [line["text"] for line in heard(guest, 2)] == ["one", "two"]
            assert host.errors == [] and host.refusals == []
        finally:
            close_all(matches)


def test_the_client_hands_new_lines_to_the_screen_once_and_wakes_it(live: LiveServer) -> None:
    woken = threading.Event()
    host = RemoteMatch.host(
        live.url,
        "two_crowns",
        [{"kind": "host", "name": "Anna"}, {"kind": "remote", "name": "Ben"}],
        client=NetClient(live.url, on_message=woken.set),
    )
    try:
        wait_ready(host)
        reset, lines = host.take_chat()
        assert reset and lines == [], "seating sends the table's chat whole (empty here)"
        woken.clear()
        host.say("One moment")
        assert woken.wait(5), "the network thread wakes the resting frame loop"
        heard(host, 1)
        reset, lines = host.take_chat()
        assert not reset and [(line["name"], line["text"]) for line in lines] == [("Anna", "One moment")]
        assert host.take_chat() == (False, []), "a line is handed over once"
    finally:
        host.close()


def test_a_seat_taken_again_gets_the_tables_recent_chat_whole(live: LiveServer) -> None:
    matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=9)
    try:
        host, guest = matches
        host.say("Hello")
        heard(guest, 1)
        guest.take_chat()
        guest.client.drop()  # it reconnects with its seat token by itself
        assert guest.wait_until(lambda: guest.connections >= 2 and guest.chat_reset, 5)
        reset, lines = guest.take_chat()
        assert reset and lines == [] and [line["text"] for line in guest.chat] == ["Hello"]
    finally:
        close_all(matches)
