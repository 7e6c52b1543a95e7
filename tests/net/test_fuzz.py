"""Ten thousand random and mutated frames at a live server: it never fails, and an honest game at
another table plays to its end undisturbed.

Frames are built from valid requests (create, join with the honest table's id, act, why, chat...)
and then mutated: fields dropped, retyped, enlarged, nested, unknown fields added, the text cut or
a byte flipped; others are plain garbage, binary, oversize or nested thousands deep.  The server
must answer each with a reply or close the connection (too many bad frames, a frame past the size
limit); it must never hit an internal error (``server-error``).
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from crimson_table.engine import GAMES
from crimson_table.net.protocol import MAX_FRAME
from crimson_table.net.server import Limits
from crimson_table.play.match import Match, Seat
from tests.net.helpers import close_all, live_server, play_out, seat_everyone, seeded_picker

FRAMES = 10_000
CONNECTIONS = 4
FUZZ_LIMITS = Limits(
    client_seeds=True, rate=100_000.0, burst=100_000.0, max_errors=100, tables_per_address=10_000
)
WEIRD = [None, True, -1, 0, 2**70, 1.5, "", "x" * 300, [], {}, [1, [2, [3]]], {"kind": None}, "\u202e\u0000"]


def action_kinds() -> list[str]:
    kinds: list[str] = []
    for game_id in GAMES:
        rules = GAMES[game_id]
        state = rules.new_game(GAMES.info(game_id).min_players, 1, {})
        kinds += [a.KIND for a in rules.legal_actions(state)]
    return sorted(set(kinds))


def valid_request(rng: random.Random, table_id: str, kinds: list[str]) -> dict[str, Any]:
    game = rng.choice([*GAMES, "chess"])
    seats = [
        {"kind": rng.choice(["host", "remote", "open", "bot"]), "name": "F", "level": "random"}
        for _ in range(rng.randint(0, 7))
    ]
    action = {"kind": rng.choice(kinds), **{rng.choice("abcdeijk"): rng.choice(WEIRD[:8]) for _ in range(2)}}
    table = rng.choice([table_id, table_id[:-1] + "A", "nope"])
    choices = [
        {"type": "create", "game": game, "seats": seats, "options": {}, "spectators": rng.random() < 0.5},
        {
            "type": "join",
            "table": table,
            "token": rng.choice(["a" * 32, "", "x"]),
            "since": rng.randint(0, 99),
        },
        {"type": "claim", "table": table, "invite": "bad", "name": "Fuzz"},
        {"type": "watch", "table": table, "since": 0},
        {"type": "start"},
        {"type": "act", "action": action, "step": rng.randint(0, 5)},
        {"type": "undo", "step": rng.randint(0, 5)},
        {"type": "why", "action": action, "then": [action] * rng.randint(0, 3)},
        {"type": "chat", "text": rng.choice(["hi", "x" * 250, "\u0007bell"])},
        {"type": "ping", "id": rng.randint(0, 10)},
    ]
    return rng.choice(choices)


def mutate(rng: random.Random, message: dict[str, Any]) -> str | bytes:
    roll = rng.random()
    if roll < 0.15 and message:
        message.pop(rng.choice(list(message)))
    elif roll < 0.35 and message:
        message[rng.choice(list(message))] = rng.choice(WEIRD)
    elif roll < 0.45:
        message[rng.choice(["zz", "type", "id", "__proto__"])] = rng.choice(WEIRD)
    elif roll < 0.5:
        key = rng.choice(list(message) or ["x"])
        message[key] = nest(rng.randint(5, 40))
    text = json.dumps(message)
    roll = rng.random()
    if roll < 0.1:
        text = text[: rng.randint(0, len(text))]
    elif roll < 0.2 and text:
        at = rng.randrange(len(text))
        text = text[:at] + chr(rng.randint(0, 0x2FF)) + text[at + 1 :]
    elif roll < 0.23:
        return text.encode() + bytes([rng.randint(128, 255)])  # binary, not valid UTF-8
    return text


def nest(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value] if depth % 2 else {"a": value}
    return value


def garbage(rng: random.Random) -> str | bytes:
    roll = rng.random()
    if roll < 0.3:
        return "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(0, 60)))
    if roll < 0.5:
        return bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 60)))
    if roll < 0.6:
        return "[" * 5000 + "]" * 5000
    if roll < 0.7:
        return json.dumps(rng.choice(WEIRD))
    if roll < 0.75:
        return "x" * (MAX_FRAME + rng.randint(1, 1000))
    return '{"type": "act", "step": 0, "action": {"kind": "' + "a" * rng.randint(0, 3000) + '"}}'


async def fuzz_connection(url: str, seed: int, count: int, table_id: str, kinds: list[str]) -> dict[str, int]:
    rng = random.Random(seed)
    tally = {"sent": 0, "server-error": 0, "closed": 0, "replies": 0}
    while tally["sent"] < count:
        try:
            async with connect(url, max_size=2**24, compression=None) as ws:
                reader = asyncio.ensure_future(read_all(ws, tally))
                while tally["sent"] < count:
                    if rng.random() < 0.7:
                        frame = mutate(rng, valid_request(rng, table_id, kinds))
                    else:
                        frame = garbage(rng)
                    await ws.send(frame)
                    tally["sent"] += 1
                    if tally["sent"] % 50 == 0:
                        await asyncio.sleep(0.01)  # let the replies be read
                await asyncio.sleep(0.2)
                reader.cancel()
        except (ConnectionClosed, InvalidHandshake, OSError):
            tally["closed"] += 1
    return tally


async def read_all(ws: Any, tally: dict[str, int]) -> None:
    try:
        async for frame in ws:
            tally["replies"] += 1
            if "server-error" in frame:
                tally["server-error"] += 1
    except ConnectionClosed:
        return


async def fuzz(url: str, table_id: str) -> list[dict[str, int]]:
    kinds = action_kinds()
    each = FRAMES // CONNECTIONS
    return await asyncio.gather(*(fuzz_connection(url, k, each, table_id, kinds) for k in range(CONNECTIONS)))


def test_ten_thousand_bad_frames_break_nothing_and_an_honest_game_plays_on() -> None:
    with live_server(limits=FUZZ_LIMITS) as live:
        matches, _ = seat_everyone(live.url, "crimson_keep", 2, seed=404)
        table_id = matches[0].table_id or ""
        honest: dict[str, Any] = {}

        def play() -> None:
            try:
                honest["sent"] = play_out(matches, seeded_picker(9), timeout=120)
            except Exception as exc:  # noqa: BLE001 - reported below
                honest["error"] = exc

        player = threading.Thread(target=play)
        player.start()
        try:
            tallies = asyncio.run(fuzz(live.url, table_id))
        finally:
            player.join(150)
            close_all(matches)
        assert "error" not in honest, honest.get("error")
        assert sum(t["sent"] for t in tallies) >= FRAMES
        assert sum(t["server-error"] for t in tallies) == 0
        assert sum(t["closed"] for t in tallies) > 0  # oversize frames and too many errors close
        local = Match.new("crimson_keep", [Seat("a"), Seat("b")], 404, {})
        for action in honest["sent"]:
            local.apply(action)
        assert local.is_over()
        assert live.call(lambda: live.server.tables[table_id].match.state_hash()) == local.state_hash()
        assert live.call(lambda: live.server.tables[table_id].match.step) == len(honest["sent"])
