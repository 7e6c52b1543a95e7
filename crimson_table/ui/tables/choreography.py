"""Events become beats: the one mechanism every table uses to animate what a move did.

The base table (``tables/base.py``) hands each applied action's events over, REDACTED for the seat
at the screen (``match.events_for(viewer, events)``), once the previous action's animations have
finished.  The table's :class:`Choreography` turns them into :class:`~crimson_table.ui.widgets.anim.Beat`
objects queued one after another on the table's animator.  A beat's ``start`` runs when the beat
begins: it advances the shown model (``tables/shown.py``) by its event and launches the flights,
flips and countdowns that show it.  The log line of an event is written when its beat starts,
not before, so the log never runs ahead of the table; a beat whose result shows only at its end
(dice tumbling to the engine's value) sets ``narrate_at_end`` and is told when it ends.  With animations off every beat finishes the
moment it is queued: the model is advanced and the log written at once.

A game's choreography is a table from event kind to handler, in ``ui/tables/<game>/anim.py``::

    def on_draw(stage: Stage, event: Event) -> Beat:
        def start(beat: Beat) -> None:
            origin = stage.layout.deck_centre(seat)  # where things are before the event ...
            stage.shown.apply([event])               # ... the model moves ...
            fly(beat, stage.flights, ("hand", seat), image, origin, stage.layout.hand_end(seat))
        return Beat(start, hold=0.2)                 # ... and the pieces fly to where they are now

    CHOREOGRAPHY = Choreography[Stage](
        {"draw": on_draw, "discard": on_discard, ...},
        runs={("roll", "roll_tie"): on_rolls},       # consecutive events handled together
        unhandled=lambda stage, events: stage.shown.apply(events),
    )

``Stage`` is the game's own small object holding what its beats draw on (the shown model, the
layout, the in-flight marks, a sound player, the seat names): handlers never receive the scene.
The scene sets ``choreography = CHOREOGRAPHY`` and returns its stage from ``stage()``; the base
does the rest.  :func:`fly` is the usual flight: the destination zone (``InFlight``) does not draw
the piece until it lands.  A handler returns one beat, a list of beats, or None (nothing to show: the event
still gets an empty beat, so its log line comes in its turn).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, Union

import pygame

from crimson_table.engine.core import Event
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.widgets.anim import FLIGHT_SECONDS, Animator, Beat, CardFlight, Point

S = TypeVar("S")
Beats = Union[Beat, Sequence[Beat], None]
EventHandler = Callable[[S, Event], Beats]
RunHandler = Callable[[S, Sequence[Event]], Beats]
Narrate = Callable[[Sequence[Event]], None]


@dataclass(frozen=True)
class Cue:
    """The beats that show some consecutive events (one event, or one run of grouped kinds)."""

    events: tuple[Event, ...]
    beats: tuple[Beat, ...]


class Choreography(Generic[S]):
    """A table from event kind to handler; ``runs`` group consecutive events of some kinds.

    >>> shown = []
    >>> choreo = Choreography[list]({"draw": lambda s, e: Beat(lambda b: s.append(e.kind))},
    ...                             unhandled=lambda s, evs: s.extend(e.kind + "?" for e in evs))
    >>> cues = choreo.cues(shown, [Event("draw"), Event("turn")])
    >>> [len(c.beats) for c in cues]
    [1, 1]
    >>> for cue in cues:
    ...     cue.beats[0].finish()
    >>> shown
    ['draw', 'turn?']
    """

    def __init__(
        self,
        handlers: Mapping[str, EventHandler[S]],
        runs: Mapping[tuple[str, ...], RunHandler[S]] | None = None,
        unhandled: Callable[[S, Sequence[Event]], None] | None = None,
    ) -> None:
        self.handlers = dict(handlers)
        self.runs = {kind: (kinds, handler) for kinds, handler in (runs or {}).items() for kind in kinds}
        self.unhandled = unhandled

    def handles(self, kind: str) -> bool:
        """True if events of ``kind`` have a handler of their own (or belong to a run)."""
        return kind in self.handlers or kind in self.runs

    def cues(self, stage: S, events: Sequence[Event]) -> list[Cue]:
        """The beats of one batch, grouped by the events they show, in order."""
        cues: list[Cue] = []
        i = 0
        while i < len(events):
            kind = events[i].kind
            if kind in self.runs:
                kinds, run_handler = self.runs[kind]
                j = i
                while j < len(events) and events[j].kind in kinds:
                    j += 1
                group = tuple(events[i:j])
                cues.append(Cue(group, _as_beats(run_handler(stage, group))))
                i = j
                continue
            cues.append(Cue((events[i],), self._one(stage, events[i])))
            i += 1
        return cues

    def _one(self, stage: S, event: Event) -> tuple[Beat, ...]:
        handler = self.handlers.get(event.kind)
        if handler is not None:
            return _as_beats(handler(stage, event))
        unhandled = self.unhandled
        if unhandled is None:
            return ()
        return (Beat(lambda beat: unhandled(stage, (event,))),)

    def play(self, stage: S, events: Sequence[Event], animator: Animator, narrate: Narrate) -> list[Beat]:
        """Queue the batch's beats on ``animator``; ``narrate(events)`` runs as their first beat starts."""
        queued: list[Beat] = []
        for cue in self.cues(stage, events):
            beats = cue.beats or (Beat(),)
            if any(beat.narrate_at_end for beat in beats):
                _narrate_when_done(beats[-1], _narrator(narrate, cue.events))
            else:
                beats[0].on_start.append(_narrator(narrate, cue.events))
            for beat in beats:
                animator.then(beat)
                queued.append(beat)
        return queued


def fly(
    beat: Beat,
    flights: InFlight,
    zone: Hashable,
    image: pygame.Surface,
    start: Point,
    end: Point,
    *,
    delay: float = 0.0,
    end_scale: float = 1.0,
    duration: float = FLIGHT_SECONDS,
    on_land: Callable[[], object] | None = None,
) -> CardFlight:
    """A piece flying to ``zone`` as part of ``beat``; the zone does not draw it until it lands.

    Call it after the shown model has put the piece in ``zone``: the table leaves out the zone's
    last ``flights.incoming(zone)`` entries while they are in the air.
    """
    flights.expect(zone)

    def landed() -> None:
        flights.landed(zone)
        if on_land is not None:
            on_land()

    flight = CardFlight(image, start, end, duration, on_done=landed, end_scale=end_scale)
    beat.add(flight, delay)
    return flight


def _as_beats(result: Beats) -> tuple[Beat, ...]:
    if result is None:
        return ()
    if isinstance(result, Beat):
        return (result,)
    return tuple(result)


def _narrate_when_done(beat: Beat, narrator: Callable[[], None]) -> None:
    """Tell the events once ``beat`` has ended (the dice have landed), before its own ``on_done``."""
    previous = beat.on_done

    def done() -> None:
        narrator()
        if previous is not None:
            previous()

    beat.on_done = done


def _narrator(narrate: Narrate, events: Iterable[Event]) -> Callable[[], None]:
    frozen = tuple(events)
    return lambda: narrate(frozen)
