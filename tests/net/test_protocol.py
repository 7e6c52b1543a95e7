"""Every inbound frame is checked before the server acts on it: size, depth, type, fields."""

from __future__ import annotations

import json

import pytest

from crimson_table.engine.core import Event, Outcome
from crimson_table.net import protocol
from crimson_table.net.protocol import MAX_FRAME, ProtocolError, parse_request


def code_of(frame: str | bytes) -> str:
    with pytest.raises(ProtocolError) as refused:
        parse_request(frame)
    return refused.value.code


def test_a_valid_action_request_is_read_with_its_fields_and_id() -> None:
    request = parse_request('{"type": "act", "id": 4, "step": 3, "action": {"kind": "pass"}}')
    assert (request.type, request.id, request["step"], request["action"]) == ("act", 4, 3, {"kind": "pass"})


def test_optional_fields_take_their_defaults() -> None:
    request = parse_request('{"type": "join", "table": "t", "token": "k"}')
    assert request["since"] == 0


def test_a_frame_past_the_size_limit_is_refused_before_it_is_parsed() -> None:
    assert code_of('{"type": "chat", "text": "' + "x" * MAX_FRAME + '"}') == "too-big"


def test_a_frame_nested_past_the_depth_limit_is_refused() -> None:
    deep = {"type": "act", "step": 0, "action": {"kind": "x", "a": [[[[[[[1]]]]]]]}}
    assert code_of(json.dumps(deep)) == "too-deep"


def test_a_frame_nested_thousands_deep_is_refused_without_crashing_the_parser() -> None:
    assert code_of("[" * 30_000 + "]" * 30_000) in ("bad-json", "too-deep")


@pytest.mark.parametrize(
    "frame",
    ["", "{", "not json", b"\xff\xfe", '{"type": "chat", "text": NaN}', '{"type": 1e999}', "1" * 5000],
)
def test_malformed_frames_are_refused_as_bad_json_or_bad_frames(frame: str | bytes) -> None:
    assert code_of(frame) in ("bad-json", "bad-frame", "unknown-type")


@pytest.mark.parametrize("frame", ["[]", '"act"', "3", "null"])
def test_a_frame_must_be_an_object(frame: str) -> None:
    assert code_of(frame) == "bad-frame"


@pytest.mark.parametrize("kind", ["nope", None, 3, ["act"]])
def test_an_unknown_type_is_refused(kind: object) -> None:
    assert code_of(json.dumps({"type": kind})) == "unknown-type"


@pytest.mark.parametrize(
    "fields",
    [
        {"type": "act", "step": "3", "action": {"kind": "pass"}},  # a number as text
        {"type": "act", "step": True, "action": {"kind": "pass"}},  # a bool is no number
        {"type": "act", "step": 0, "action": {"no": "kind"}},
        {"type": "act", "step": 0},  # missing
        {"type": "chat", "text": "x" * (protocol.MAX_CHAT + 1)},
        {"type": "chat", "text": ""},
        {"type": "ping", "extra": 1},  # unknown field
        {"type": "ping", "id": -1},
        {"type": "create", "game": "two_crowns", "seats": [{"kind": "god"}]},
        {"type": "create", "game": "two_crowns", "seats": [{"kind": "host"}] * (protocol.MAX_SEATS + 1)},
        {"type": "why", "action": {"kind": "a"}, "then": [{"kind": "a"}] * (protocol.MAX_THEN + 1)},
    ],
)
def test_fields_of_the_wrong_type_or_out_of_bounds_are_refused(fields: dict[str, object]) -> None:
    assert code_of(json.dumps(fields)) == "bad-field"


def test_events_and_outcomes_survive_the_wire() -> None:
    event = Event("draw", {"cards": [1, 2]}, "{p0} drew 2", (0,), "you drew A, B", True, {"n": 2}, 0)
    assert protocol.event_from_json(json.loads(protocol.encode(protocol.event_to_json(event)))) == event
    outcome = Outcome((1,), (2.0, 5.0), "castle destroyed", ())
    assert protocol.outcome_from_json(protocol.outcome_to_json(outcome)) == outcome


def test_a_chat_line_loses_its_control_characters() -> None:
    assert protocol.clean_line("  a\u0007b\ud800c  ") == "a\ufffdb\ufffdc"
