"""The table as shown: a game's model of what its table displays, advanced event by event.

A table never draws the engine state, and it does not draw ``player_view`` directly either: while
the animations of a move play, the table must show the position *between* the old view and the
new one (the card is in the air, the castle is counting down).  Each game keeps that position in
its shown model, a plain-data class in ``ui/tables/<game>/shown.py`` (no pygame) that satisfies
:class:`ShownModel`:

* ``from_view(view, seat)`` — exactly what ``seat``'s ``player_view`` shows, nothing in flight;
* ``apply(events)`` — advance by (redacted) events, the way the engine advanced the view;
  the game's choreography calls it from a beat's start, one event at a time, so the model moves
  as the animations play;
* ``mirror()`` — the fields that mirror the view, as plain data.  After the events of a move
  have been applied, ``model.mirror() == type(model).from_view(new_view, seat).mirror()``.
  Display-only fields (a banner, the totals still shown after a battle, cards that have left a
  lane but whose slots keep their places) stay out of it.

The generic test ``tests/ui/tables/test_shown_models.py`` replays whole games through every
registered model and checks that equation at every step, for every seat.  A game joins it by
naming its model in its table registration: ``TABLE = TableSpec(..., shown="module:Class")``.

Writing ``apply`` as a table from event kind to function, like the engine's move dispatch::

    class MyShown:
        def apply(self, events: Sequence[Event]) -> None:
            apply_events(self, _APPLY, events)

    _APPLY: EventTable[MyShown] = {"draw": _draw, "discard": _discard, ...}

What is in the air is not the model's business: :class:`InFlight` keeps the display marks (a card
on its way to a zone is not drawn there yet; a card being flipped is drawn by its flip).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from crimson_table.engine.core import Event

M = TypeVar("M")
EventTable = Mapping[str, Callable[[M, Event], None]]


@runtime_checkable
class ShownModel(Protocol):
    """What every game's shown model provides (see the module docstring)."""

    viewer: int

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seat: int) -> ShownModel:
        """The table exactly as ``view`` (``seat``'s player_view) describes it."""
        ...

    def apply(self, events: Sequence[Event]) -> None:
        """Advance by these (redacted) events, in order."""
        ...

    def mirror(self) -> dict[str, Any]:
        """The fields that mirror the view, as plain JSON-like data."""
        ...


def apply_events(model: M, table: EventTable[M], events: Sequence[Event]) -> None:
    """Apply each event through ``table[event.kind]``; kinds not in the table change nothing.

    >>> seen = []
    >>> apply_events(seen, {"draw": lambda m, e: m.append(e.data["n"])}, [Event("draw", {"n": 2}), Event("turn")])
    >>> seen
    [2]
    """
    for event in events:
        handler = table.get(event.kind)
        if handler is not None:
            handler(model, event)


class InFlight:
    """Display marks for pieces in the air: arrivals expected per zone and hidden keys.

    A card that was added to a zone of the shown model but is still flying there is *incoming*:
    the last ``incoming(zone)`` entries of the zone are not drawn until they land.  A *hidden* key
    (a card being flipped, a token in the air) is not drawn by the table at all; the animation
    draws it.

    >>> marks = InFlight()
    >>> marks.expect(("hand", 0), 2)
    >>> [marks.arriving(("hand", 0), i, 5) for i in range(5)]
    [False, False, False, True, True]
    >>> marks.landed(("hand", 0)); marks.incoming(("hand", 0))
    1
    """

    def __init__(self) -> None:
        self._incoming: dict[Hashable, int] = {}
        self.hidden: set[Hashable] = set()

    def expect(self, zone: Hashable, count: int = 1) -> None:
        """``count`` more pieces are on their way to ``zone``."""
        self._incoming[zone] = self._incoming.get(zone, 0) + count

    def landed(self, zone: Hashable) -> None:
        """One piece reached ``zone``."""
        self._incoming[zone] = max(0, self._incoming.get(zone, 0) - 1)

    def lander(self, zone: Hashable) -> Callable[[], None]:
        """A callback for a flight's ``on_done``: one piece reached ``zone``."""
        return lambda: self.landed(zone)

    def incoming(self, zone: Hashable) -> int:
        """How many pieces are still flying to ``zone``."""
        return self._incoming.get(zone, 0)

    def arriving(self, zone: Hashable, index: int, count: int) -> bool:
        """True if entry ``index`` of ``zone`` (which holds ``count``) is still in the air."""
        pending = self.incoming(zone)
        return pending > 0 and index >= count - pending

    def hide(self, key: Hashable) -> Callable[[], None]:
        """Hide ``key`` now; returns the callback that shows it again (for an ``on_done``)."""
        self.hidden.add(key)
        return lambda: self.hidden.discard(key)

    def clear(self) -> None:
        """Nothing is in the air (after a resync)."""
        self._incoming.clear()
        self.hidden.clear()
