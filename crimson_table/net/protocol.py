"""The wire protocol of online tables: JSON text frames, each one object with a ``type``.

A client only ever *asks* (create a table, join a seat, take an action, undo, chat...); the
server answers with what the asking seat may know.  Every inbound frame is checked here before
the server looks at it, because a frame may come from anyone: at most :data:`MAX_FRAME` bytes,
nested at most :data:`MAX_DEPTH` deep, no NaN or infinities, a known ``type`` and each field
of the right type and within bounds (:data:`REQUESTS`).  Anything else raises
:class:`ProtocolError`, which the server turns into an ``error`` reply.

Requests (client to server), each with an optional ``id`` (a whole number echoed in replies):

======== ==========================================================================================
create   ``game``, ``seats`` (kind ``host`` / ``remote`` / ``bot`` / ``open``, name, level),
         ``options``, ``seed``, ``spectators``: a new table; the creator sits at the host seat
join     ``table``, ``token``, ``since``: take (or take back) the seat that token opens
claim    ``table``, ``invite``, ``name``: sit at an open seat with the table's invitation
watch    ``table``, ``since``: follow a table as a spectator (only if the host allows it)
start    the host starts the game once every seat is taken (``fill``: Captain takes the empty ones)
act      ``action`` (the engine's action dict), ``step`` (the step it was chosen at)
undo     ``step``: take back one's own last decision
why      ``action``, ``then``: why the engine would refuse it (the rule and reason)
chat     ``text``: one short line to the table
ping     nothing: the server answers ``pong``
rematch  ``accept``: at a finished table, ask for a rematch (none asked yet), or accept or decline
         the one asked for (:mod:`crimson_table.net.rematch`)
replay   ``table``: the finished game's seed and log (``replay``), only to its seats and spectators
status   ``table``, ``token``: how the table stands, without taking the seat (whose move, the step,
         finished or not; nothing a seat's view hides), for the list of tables a player may return to
======== ==========================================================================================

Replies (server to client): ``created``, ``seated`` (the seat, the lobby and a full ``update``),
``lobby`` (who sits where), ``rematch`` (an offer: asked, declined, a person gone), ``rematched``
(this seat's place and new token at the rematch's table), ``replay`` (a finished game as a save
holds it), ``update`` (``from_step``, ``step``, the events of each step between
as the seat may see them, its view and its legal actions), ``refusal``, ``chat``, ``pong``,
``status`` (the answer to ``status``), ``closed`` (the table's host closed it: it is gone, do not
reconnect) and ``error`` (``code`` and ``message``).  See :mod:`crimson_table.net.server`.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from crimson_table.engine.core import JSON, Event, Outcome
from crimson_table.play.match import unsafe_char

PROTOCOL_VERSION = 1
MAX_FRAME = 64 * 1024  # bytes of an inbound frame (the websockets library enforces it too)
MAX_DEPTH = 8  # nesting of an inbound frame: an action dict sits at depth 3
MAX_CHAT = 200  # characters of a chat line
STAND_IN_AFTER = 20.0  # seconds a player must be away before the others may let Captain play for them
MAX_NAME = 40  # characters of a seat name (as play.match.MAX_NAME)
MAX_ID = 64  # characters of a table id, a token or an invitation
MAX_SEATS = 6
MAX_THEN = 8  # decisions judged after the first in one ``why``
HOST_CLOSED = "The host closed the table."  # the ``closed`` message when the host's own server stops


class ProtocolError(ValueError):
    """An inbound frame the server will not act on: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


# -- field checks: each takes the raw value and returns it checked (or raises) ----------------------
Check = Callable[[Any], Any]


def text(limit: int, *, empty: bool = False) -> Check:
    """A string of at most ``limit`` characters (non-empty unless ``empty``)."""

    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise ProtocolError("bad-field", "must be text")
        if len(value) > limit or (not value and not empty):
            raise ProtocolError("bad-field", f"must be 1 to {limit} characters")
        return value

    return check


def whole(low: int, high: int) -> Check:
    """An int (never a bool) in ``low..high``."""

    def check(value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ProtocolError("bad-field", f"must be a whole number from {low} to {high}")
        return value

    return check


def flag(value: Any) -> bool:
    """A JSON boolean."""
    if not isinstance(value, bool):
        raise ProtocolError("bad-field", "must be true or false")
    return value


def plain_object(value: Any) -> dict[str, JSON]:
    """A JSON object (an action dict, the options): its content is the engine's to judge."""
    if not isinstance(value, dict):
        raise ProtocolError("bad-field", "must be an object")
    return value


def action_dict(value: Any) -> dict[str, JSON]:
    """An engine action dict: an object with a text ``kind`` (its fields the engine checks)."""
    checked = plain_object(value)
    if not isinstance(checked.get("kind"), str):
        raise ProtocolError("bad-field", "an action needs a text 'kind'")
    return checked


def list_of(item: Check, limit: int) -> Check:
    """A list of at most ``limit`` items, each checked by ``item``."""

    def check(value: Any) -> list[Any]:
        if not isinstance(value, list) or len(value) > limit:
            raise ProtocolError("bad-field", f"must be a list of at most {limit} items")
        return [item(v) for v in value]

    return check


SEAT_KINDS = ("host", "remote", "bot", "open")


def seat_spec(value: Any) -> dict[str, str]:
    """One seat of a new table: ``kind`` (host/remote/bot/open), ``name``, and ``level`` for a bot."""
    spec = plain_object(value)
    unknown = set(spec) - {"kind", "name", "level"}
    if unknown:
        raise ProtocolError("bad-field", f"unknown seat fields {sorted(unknown)}")
    if spec.get("kind") not in SEAT_KINDS:
        raise ProtocolError("bad-field", f"a seat's kind must be one of {', '.join(SEAT_KINDS)}")
    return {
        "kind": spec["kind"],
        "name": text(MAX_NAME, empty=True)(spec.get("name", "")),
        "level": text(20)(spec.get("level", "random")),
    }


@dataclass(frozen=True)
class Field:
    """One field of a request: its check and whether it may be left out (then ``default``)."""

    check: Check
    required: bool = True
    default: Any = None


SINCE = Field(whole(0, 10**9), required=False, default=0)
ACTION = Field(action_dict)
REQUESTS: dict[str, dict[str, Field]] = {
    "create": {
        "game": Field(text(40)),
        "seats": Field(list_of(seat_spec, MAX_SEATS)),
        "options": Field(plain_object, required=False, default={}),
        "seed": Field(whole(0, 2**63 - 1), required=False),
        "spectators": Field(flag, required=False, default=False),
    },
    "join": {"table": Field(text(MAX_ID)), "token": Field(text(MAX_ID)), "since": SINCE},
    "claim": {"table": Field(text(MAX_ID)), "invite": Field(text(MAX_ID)), "name": Field(text(MAX_NAME))},
    "watch": {"table": Field(text(MAX_ID)), "since": SINCE},
    "start": {"fill": Field(flag, required=False, default=False)},
    "act": {"action": ACTION, "step": Field(whole(0, 10**9))},
    "undo": {"step": Field(whole(0, 10**9))},
    "why": {"action": ACTION, "then": Field(list_of(action_dict, MAX_THEN), required=False, default=[])},
    "chat": {"text": Field(text(MAX_CHAT))},
    "stand_in": {"seat": Field(whole(0, MAX_SEATS - 1))},
    "ping": {},
    "rematch": {"accept": Field(flag, required=False, default=True)},
    "replay": {"table": Field(text(MAX_ID))},
    "status": {"table": Field(text(MAX_ID)), "token": Field(text(MAX_ID))},
}


@dataclass(frozen=True)
class Request:
    """One checked inbound frame: its ``type``, its fields (defaults filled in) and its ``id``."""

    type: str
    fields: Mapping[str, Any]
    id: int | None = None

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]


# -- decoding an inbound frame ---------------------------------------------------------------------
def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def depth_of(value: Any) -> int:
    """How deeply ``value`` nests (a scalar is 0, ``[]`` 1), without recursion.

    >>> depth_of({"a": [1, {"b": 2}]})
    3
    """
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        pending.extend((child, depth + 1) for child in children)
    return deepest


def decode(frame: str | bytes) -> Any:
    """The JSON value of a frame within the size and depth limits (else :class:`ProtocolError`)."""
    size = len(frame.encode("utf-8", "surrogatepass") if isinstance(frame, str) else frame)
    if size > MAX_FRAME:
        raise ProtocolError("too-big", f"a frame may hold at most {MAX_FRAME} bytes")
    try:
        value = json.loads(frame, parse_constant=_refuse_constant)
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise ProtocolError("bad-json", "the frame is not valid JSON") from None
    if depth_of(value) > MAX_DEPTH:
        raise ProtocolError("too-deep", f"a frame may nest at most {MAX_DEPTH} deep")
    return value


def parse_request(frame: str | bytes) -> Request:
    """A checked :class:`Request` from an inbound frame, or :class:`ProtocolError` saying why not.

    >>> parse_request('{"type": "chat", "text": "gg"}')
    Request(type='chat', fields={'text': 'gg'}, id=None)
    >>> parse_request('{"type": "act", "step": -1, "action": {"kind": "pass"}}')
    Traceback (most recent call last):
    ...
    crimson_table.net.protocol.ProtocolError: bad-field: 'step' must be a whole number from 0 to 1000000000
    """
    data = decode(frame)
    if not isinstance(data, dict):
        raise ProtocolError("bad-frame", "a frame must be a JSON object")
    kind = data.get("type")
    schema = REQUESTS.get(kind) if isinstance(kind, str) else None
    if schema is None or not isinstance(kind, str):
        raise ProtocolError("unknown-type", f"unknown request type {_short(kind)}")
    unknown = set(data) - set(schema) - {"type", "id"}
    if unknown:
        raise ProtocolError("bad-field", f"unknown fields {sorted(unknown)[:5]}")
    request_id = whole(0, 2**53)(data["id"]) if "id" in data else None
    return Request(kind, {name: _field(data, name, spec) for name, spec in schema.items()}, request_id)


def _field(data: Mapping[str, Any], name: str, spec: Field) -> Any:
    if name not in data:
        if spec.required:
            raise ProtocolError("bad-field", f"{name!r} is missing")
        return spec.default
    try:
        return spec.check(data[name])
    except ProtocolError as exc:
        raise ProtocolError(exc.code, f"{name!r} {exc.message}") from None


def clean_line(line: str, limit: int = MAX_CHAT) -> str:
    """A chat line safe to show: line breaks and tabs become one space, invisible format characters
    (a right-to-left override that would turn the line round, zero-width spaces) go, other control
    characters and lone surrogates become U+FFFD; trimmed.

    >>> clean_line(" gg\\n\\t wp\\u202e ")
    'gg wp'
    >>> clean_line("a\\u0007b")
    'a\ufffdb'
    """
    spaced = "".join(" " if c in "\t\n\r\v\f" else c for c in line)
    safe = "".join("\ufffd" if unsafe_char(c) else c for c in spaced if unicodedata.category(c) != "Cf")
    return " ".join(word for word in safe.split(" ") if word)[:limit]


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


# -- encoding: what both ends send ----------------------------------------------------------------
def encode(message: Mapping[str, JSON]) -> str:
    """A frame's text: compact JSON (no NaN: the engine's data never holds one)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def request(kind: str, request_id: int | None = None, **fields: JSON) -> dict[str, JSON]:
    """An outbound request dict (the client's side of :data:`REQUESTS`)."""
    out: dict[str, JSON] = {"type": kind, **fields}
    if request_id is not None:
        out["id"] = request_id
    return out


def error(code: str, message: str, request_id: int | None = None) -> dict[str, JSON]:
    """The ``error`` reply."""
    return request("error", request_id, code=code, message=message)


def event_to_json(event: Event) -> dict[str, JSON]:
    """An event, already redacted for its receiver, as JSON."""
    return {
        "kind": event.kind,
        "data": event.data,
        "text": event.text,
        "private_to": list(event.private_to) if event.private_to is not None else None,
        "private_text": event.private_text,
        "reveals": event.reveals,
        "public": event.public,
        "revealer": event.revealer,
    }


def event_from_json(data: Mapping[str, Any]) -> Event:
    """Inverse of :func:`event_to_json` (the client's copy of a redacted event)."""
    private_to = data.get("private_to")
    return Event(
        kind=str(data["kind"]),
        data=data.get("data") or {},
        text=str(data.get("text", "")),
        private_to=tuple(private_to) if private_to is not None else None,
        private_text=str(data.get("private_text", "")),
        reveals=bool(data.get("reveals", False)),
        public=data.get("public") or {},
        revealer=data.get("revealer"),
    )


def outcome_to_json(outcome: Outcome | None) -> dict[str, JSON] | None:
    """An outcome as JSON (None while the game is on)."""
    if outcome is None:
        return None
    return {
        "winners": list(outcome.winners),
        "scores": [_finite(s) for s in outcome.scores],
        "reason": outcome.reason,
        "rewards": [_finite(r) for r in outcome.rewards],
    }


def outcome_from_json(data: Mapping[str, Any] | None) -> Outcome | None:
    """Inverse of :func:`outcome_to_json`."""
    if data is None:
        return None
    return Outcome(
        winners=tuple(data["winners"]),
        scores=tuple(data.get("scores", ())),
        reason=str(data.get("reason", "")),
        rewards=tuple(data.get("rewards", ())),
    )


def _finite(value: float) -> float:
    return value if math.isfinite(value) else 0.0
