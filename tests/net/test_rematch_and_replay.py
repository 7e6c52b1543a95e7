"""After the end of an online game: the rematch every person must accept, and the game's replay.

A rematch moves every connection to a new table (same game, options and seats, a fresh seed)
with a new token for each seat sent to that seat alone; a decline or a person leaving ends the
offer and the others hear who.  The replay (seed and log) is refused before the end and to anyone
not at the table; after the end it replays to the server's own final state, and it is kept as a
save marked online that the statistics page and the Load list read.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from crimson_table.engine import GAMES
from crimson_table.net import record
from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.net.protocol import request
from crimson_table.net.rematch import MAX_ASKS
from crimson_table.net.server import REPLAYS_PER_CONNECTION
from crimson_table.play import saves, stats
from crimson_table.play.match import Match
from tests.net import test_games_over_the_wire as wire
from tests.net.helpers import LiveServer, close_all, play_out, seat_everyone, seeded_picker

SECRET_SEED = 5_113_927_604_381  # sent only in the replay, after the end


def finished_table(
    live: LiveServer, game_id: str = "crimson_company", players: int = 2, bots: tuple[int, ...] = ()
) -> tuple[list[RemoteMatch], list[list[str]]]:
    """A table played to its end by seeded random clients, every frame recorded."""
    matches, frames = seat_everyone(
        live.url, game_id, players, seed=SECRET_SEED, bots=bots, record=True, spectators=True
    )
    play_out(matches, seeded_picker(11), timeout=60)
    return matches, frames


def rematch_offered(live: LiveServer) -> list[RemoteMatch]:
    """A finished two-seat table where P0 has asked for a rematch and P1 has heard the offer."""
    matches, _frames = finished_table(live)
    anna, ben = matches
    anna.ask_rematch()
    if not pump_until(matches, lambda: ben.rematch_offer is not None):
        close_all(matches)
        raise AssertionError("the rematch offer did not reach P1")
    return matches


def pump_until(matches: list[RemoteMatch], done: Any, timeout: float = 10.0) -> bool:
    """Read every client's replies until ``done()`` (False after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            return False
        for match in matches:
            match.pump()
        time.sleep(0.005)
    return True


def replay_of(match: RemoteMatch) -> Match:
    """The finished game as the server sends it after the end (asked now, waited for)."""
    match.ask_replay()
    assert match.wait_until(lambda: match.record is not None or match.record_problem is not None, 20)
    assert match.record_problem is None and match.record is not None
    return match.record


def server_table(live: LiveServer, table_id: str) -> Any:
    return live.call(lambda: live.server.table(table_id))


def frames_of(texts: list[str], kind: str) -> list[dict[str, Any]]:
    return [f for f in map(json.loads, texts) if f["type"] == kind]


# -- rematch ---------------------------------------------------------------------------------------
def test_when_every_person_accepts_a_rematch_everyone_moves_to_a_new_table_each_with_its_own_token(
    live: LiveServer,
) -> None:
    matches, frames = finished_table(live, "condottiere", 3, bots=(2,))
    anna, ben = matches
    old_id = anna.table_id or ""
    watched: list[str] = []
    watcher = RemoteMatch.watch(live.url, old_id, client=NetClient(live.url, record=watched))
    try:
        assert watcher.wait_until(lambda: watcher.ready, 10)
        ben.ask_rematch()
        assert pump_until(matches, lambda: anna.rematch_offer is not None)
        offer = anna.rematch_offer or {}
        assert (offer["state"], offer["name"], offer["accepted"], offer["waiting"]) == (
            "offered",
            "P1",
            [1],
            [0],
        )
        anna.answer_rematch(True)
        assert pump_until(
            matches, lambda: all(m.successor is not None and m.successor.ready for m in matches)
        )
        old = server_table(live, old_id)
        new_id = anna.successor.table_id if anna.successor else None
        new = server_table(live, new_id or "")
        assert new_id != old_id and old.rematched_to == new_id and new.started
        assert (new.match.game_id, new.match.options) == (old.match.game_id, old.match.options)
        assert new.match.seats == old.match.seats  # the same names, the computer at its level
        assert [s.kind for s in new.seats] == ["host", "remote", "bot"] and new.seats[2].level == "random"
        assert new.match.seed != old.match.seed
        moved = [frames_of(frames[seat], "rematched") for seat in (0, 1)]
        tokens = [m[0]["token"] for m in moved]
        assert [m[0]["seat"] for m in moved] == [0, 1] and tokens[0] != tokens[1]
        assert [live.call(lambda t=t: new.seat_for_token(t)) for t in tokens] == [0, 1]
        for seat, other in ((0, 1), (1, 0)):
            assert not any(tokens[other] in text for text in frames[seat]), "a seat's token is its own"
        assert [m.successor.seat for m in matches if m.successor] == [0, 1]
        resume = anna.client.resume or {}
        assert (resume["type"], resume["table"], resume["token"]) == ("join", new_id, tokens[0])
        assert pump_until([watcher], lambda: watcher.successor is not None and watcher.successor.ready)
        assert watcher.successor is not None and watcher.successor.table_id == new_id
        assert watcher.successor.seat is None and watcher.successor.spectator  # watching, no token
        assert frames_of(watched, "rematched")[0]["token"] is None
        assert not any(token in text for token in tokens for text in watched)
    finally:
        close_all([*matches, watcher])


def test_a_decline_ends_the_offer_and_everyone_hears_who_declined(live: LiveServer) -> None:
    matches = rematch_offered(live)
    anna, ben = matches
    try:
        ben.answer_rematch(False)
        assert pump_until(matches, lambda: (anna.rematch_offer or {}).get("state") == "declined")
        assert (anna.rematch_offer or {})["name"] == "P1"
        table = server_table(live, anna.table_id or "")
        assert table.offer is None and table.rematched_to is None and anna.successor is None
        ben.ask_rematch()  # asked again, later: a new offer
        assert pump_until(matches, lambda: (anna.rematch_offer or {}).get("state") == "offered")
    finally:
        close_all(matches)


def test_a_person_who_left_stops_a_rematch_and_the_others_are_told(live: LiveServer) -> None:
    matches = rematch_offered(live)
    anna, ben = matches
    try:
        ben.close()
        assert anna.wait_until(lambda: (anna.rematch_offer or {}).get("state") == "gone", 10)
        assert (anna.rematch_offer or {})["name"] == "P1"
        anna.ask_rematch()  # Ben is away: no new offer
        assert anna.wait_until(lambda: bool(anna.errors), 10)
        assert (
            anna.errors[-1]["code"] == "seat-gone" and "P1 has left the table" in anna.errors[-1]["message"]
        )
    finally:
        close_all(matches)


def test_only_a_seat_at_a_finished_table_may_ask_for_a_rematch(live: LiveServer) -> None:
    matches, _frames = seat_everyone(live.url, "crimson_company", 2, seed=4, spectators=True)
    watcher = RemoteMatch.watch(live.url, matches[0].table_id or "")
    try:
        assert watcher.wait_until(lambda: watcher.ready, 10)
        matches[0].ask_rematch()
        assert matches[0].wait_until(lambda: bool(matches[0].errors), 10)
        assert matches[0].errors[-1]["code"] == "not-over"
        play_out(matches, seeded_picker(3), timeout=60)
        watcher.ask_rematch()
        assert watcher.wait_until(lambda: bool(watcher.errors), 10)
        assert watcher.errors[-1]["code"] == "not-seated"
    finally:
        close_all([*matches, watcher])


# -- replay ----------------------------------------------------------------------------------------
def test_the_replay_is_refused_before_the_end_and_to_anyone_not_at_the_table(live: LiveServer) -> None:
    matches, frames = seat_everyone(live.url, "crimson_company", 2, seed=SECRET_SEED, record=True)
    anna = matches[0]
    stranger_frames: list[str] = []
    stranger = RemoteMatch.host(
        live.url, "two_crowns", [{"kind": "host", "name": "Eve"}, {"kind": "bot", "name": "C", "level": "random"}],
        client=NetClient(live.url, record=stranger_frames),
    )  # fmt: skip
    try:
        anna.client.send(request("replay", 7, table=anna.table_id))
        assert anna.wait_until(lambda: bool(anna.errors), 10)
        assert (anna.errors[-1]["code"], anna.errors[-1]["id"]) == ("not-over", 7)
        play_out(matches, seeded_picker(5), timeout=60)
        assert stranger.wait_until(lambda: stranger.ready, 10)
        stranger.client.send(request("replay", 8, table=anna.table_id))
        assert stranger.wait_until(lambda: bool(stranger.errors), 10)
        assert stranger.errors[-1]["code"] == "refused"
        assert not any(str(SECRET_SEED) in text for text in [*frames[0], *frames[1], *stranger_frames])
    finally:
        close_all([*matches, stranger])


def test_the_replay_after_the_end_reaches_the_servers_final_state_and_no_earlier_frame_held_the_seed(
    live: LiveServer,
) -> None:
    matches, frames = finished_table(live)
    anna = matches[0]
    try:
        replay = replay_of(anna)
        assert replay.state_hash() == live.state_hash(anna.table_id or "") and replay.step == anna.step
        kinds = [json.loads(text)["type"] for text in frames[0]]
        first_replay = kinds.index("replay")
        assert all(str(SECRET_SEED) not in text for text in frames[0][:first_replay])
        ends = [i for i, text in enumerate(frames[0]) if json.loads(text).get("over")]
        assert ends and ends[0] < first_replay, "the whole game comes only after the end"
    finally:
        close_all(matches)


def test_a_finished_online_game_is_kept_as_a_save_marked_online_that_the_statistics_read(
    live: LiveServer,
) -> None:
    matches, _frames = finished_table(live)
    ben = matches[1]
    try:
        path = record.keep(replay_of(ben), ben.table_id or "", ben.seat)
        assert path is not None and path.name.startswith("online_crimson_company_")
        kept = Match.load(path)
        assert kept.state_hash() == live.state_hash(ben.table_id or "")
        header = json.loads(path.read_text())
        assert record.online_of(header) == {"table": ben.table_id, "seat": 1}
        assert stats.game_charts(kept, 1)  # the statistics page of the game, through Ben's eyes
        assert path in saves.list_saves() and saves.last_save() is None, "listed, but nothing to continue"
    finally:
        close_all(matches)


def test_a_table_may_be_asked_for_a_rematch_only_a_few_times_and_its_replay_sent_only_a_few_times(
    live: LiveServer,
) -> None:
    matches, _frames = finished_table(live)
    anna, ben = matches
    try:
        for _ask in range(MAX_ASKS):
            anna.ask_rematch()
            assert pump_until(matches, lambda: (ben.rematch_offer or {}).get("state") == "offered")
            ben.answer_rematch(False)
            assert pump_until(matches, lambda: (anna.rematch_offer or {}).get("state") == "declined")
            ben.rematch_offer = None
        anna.ask_rematch()
        assert pump_until(matches, lambda: (anna.rematch_offer or {}).get("state") == "refused")
        assert anna.errors[-1]["code"] == "too-many"
        for request_id in range(100, 100 + REPLAYS_PER_CONNECTION + 1):
            ben.client.send(request("replay", request_id, table=ben.table_id))
        assert pump_until(matches, lambda: bool(ben.errors))
        assert (ben.errors[-1]["code"], ben.errors[-1]["id"]) == ("too-many", 100 + REPLAYS_PER_CONNECTION)
    finally:
        close_all(matches)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_asked_at_every_step_the_replay_comes_only_after_the_end_and_every_frame_before_holds_only_the_seats_view(
    live: LiveServer, game_id: str
) -> None:
    players = GAMES.info(game_id).min_players
    matches, frames = seat_everyone(live.url, game_id, players, seed=SECRET_SEED, record=True)
    try:
        asked = lambda match, _action: match.client.send(request("replay", table=match.table_id))  # noqa: E731
        play_out(matches, seeded_picker(23), timeout=90, on_act=asked)
        for match in matches:
            replay_of(match)
        local = wire.replay(game_id, players, SECRET_SEED, wire.server_log(live, matches[0].table_id or ""))
        for match in matches:
            seat = match.seat if match.seat is not None else -1
            texts = frames[seat]
            first_replay = [json.loads(t)["type"] for t in texts].index("replay")
            first_end = next(i for i, t in enumerate(texts) if json.loads(t).get("over"))
            assert first_end < first_replay, "the whole game comes only once the game is over"
            wire.check_frames(texts[:first_replay], local, seat, [])
            refused = [f for f in map(json.loads, texts[:first_replay]) if f.get("code") == "not-over"]
            assert refused, "asked during the game, the replay was refused"
    finally:
        close_all(matches)
