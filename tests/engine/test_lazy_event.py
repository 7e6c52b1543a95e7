"""An event whose text is written when first read (``core.lazy_event``) is the same value as the
:class:`Event` with that text: fields, equality either way round, repr, copies, pickles, redaction."""

from __future__ import annotations

import copy
import dataclasses
import pickle

from crimson_table.engine.core import Event, LazyTextEvent, lazy_event


def _rolls(who: str, face: int) -> str:
    return f"{who} rolls {face}."


def _pair() -> tuple[Event, Event]:
    lazy = lazy_event(
        "roll", {"face": 3}, _rolls, ("{p0}", 3), (0,), "{p0} rolls a 3 in secret.", True, {"n": 1}
    )
    plain = Event("roll", {"face": 3}, "{p0} rolls 3.", (0,), "{p0} rolls a 3 in secret.", True, {"n": 1})
    return lazy, plain


def test_a_lazy_event_equals_the_event_with_its_text_either_way_round() -> None:
    lazy, plain = _pair()
    assert isinstance(lazy, LazyTextEvent)
    assert lazy == plain and plain == lazy
    assert (lazy != plain) is False and (plain != lazy) is False
    other = Event("roll", {"face": 3}, "{p0} rolls 4.", (0,), "{p0} rolls a 3 in secret.", True, {"n": 1})
    assert lazy != other and other != lazy
    assert repr(lazy) == repr(plain)
    assert dataclasses.asdict(lazy) == dataclasses.asdict(plain)


def test_a_lazy_event_writes_its_text_once_and_keeps_it() -> None:
    calls: list[int] = []

    def write(face: int) -> str:
        calls.append(face)
        return f"rolled {face}"

    lazy = lazy_event("roll", {}, write, (5,))
    assert calls == []  # nothing written until read
    assert lazy.text == lazy.text == "rolled 5" and calls == [5]


def test_a_lazy_event_copies_pickles_replaces_and_redacts_as_an_event() -> None:
    lazy, plain = _pair()
    for twin in (copy.copy(lazy), copy.deepcopy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert twin == plain and twin.text == plain.text
    assert dataclasses.replace(lazy, text="changed") == dataclasses.replace(plain, text="changed")
    for seat in (None, 0, 1):
        assert lazy.for_seat(seat) == plain.for_seat(seat)
        assert lazy.text_for(seat, ["Ann", "Bo"]) == plain.text_for(seat, ["Ann", "Bo"])
