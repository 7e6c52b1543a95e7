"""Crimson Company table: the choreography, one beat per engine event.

:data:`CHOREOGRAPHY` (a :class:`~crimson_table.ui.tables.choreography.Choreography`) maps an event
kind to the handler that builds its beat.  When a beat starts it reads where things are drawn on
the table as shown (:class:`~.shown.CCShown`), advances it by its event and flies, flips or
highlights the cards involved; cards in the air are hidden at their destination (``InFlight``)
until they land.  Handlers take the :class:`Stage` (the shown table, the geometry, the in-flight
marks, the sounds and the seat names), never the scene.  The base table hands over the viewer's
redacted events and narrates each one as its beat starts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from crimson_table.engine.core import Event
from crimson_table.ui.tables.choreography import Choreography
from crimson_table.ui.tables.crimson_company.layout import Geometry
from crimson_table.ui.tables.crimson_company.paint import coin_face, face, face_down
from crimson_table.ui.tables.crimson_company.shown import CCShown, ScoreShow
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import FLIGHT_SECONDS, FLIP_SECONDS, Anim, Beat, CardFlight, Flip
from crimson_table.ui.widgets.theme import GOLD_LIGHT, SHADOW

CARD_FLIGHT = FLIGHT_SECONDS + 0.04
COIN_STAGGER = 0.05
TURN_BANNER = 0.6
SCORE_START, SCORE_EFFECT, SCORE_RESULT = 0.5, 0.75, 1.3
HIGHLIGHT = 0.45
RESPOND = 0.45  # the Match! / Pass word rises and fades over the whole beat


class Highlight(Anim):
    """A pulsing gold ring around a card (an effect resolving)."""

    def __init__(self, rect: pygame.Rect, duration: float = HIGHLIGHT) -> None:
        super().__init__(duration)
        self.rect = rect

    def draw(self, surface: pygame.Surface) -> None:
        """Ring fading out."""
        alpha = int(255 * (1.0 - self.progress * 0.6))
        ring = pygame.Surface(self.rect.inflate(20, 20).size, pygame.SRCALPHA)
        pygame.draw.rect(ring, (*GOLD_LIGHT, alpha), ring.get_rect(), 5, border_radius=14)
        surface.blit(ring, self.rect.inflate(20, 20))


class TextPop(Anim):
    """A word rising from a point and fading (Match!, Pass)."""

    def __init__(self, text: str, centre: tuple[int, int], duration: float = 0.6) -> None:
        super().__init__(duration)
        self.image = fonts.render(text, 30, GOLD_LIGHT, bold=True, shadow=SHADOW)
        self.centre = centre

    def draw(self, surface: pygame.Surface) -> None:
        """Rises 30 px while fading."""
        image = self.image.copy()
        image.set_alpha(int(255 * (1.0 - self.progress)))
        x, y = self.centre
        surface.blit(image, image.get_rect(center=(x, int(y - 30 * self.progress))))


@dataclass
class Stage:
    """What the beats work on: the shown table, where it is drawn, what is in the air, sounds, names."""

    shown: CCShown
    geometry: Callable[[], Geometry]
    flights: InFlight
    sound: Callable[[str], object]
    names: Sequence[str]

    def rect_of(self, card: str) -> pygame.Rect | None:
        """Where ``card`` is drawn on the shown table."""
        return self.geometry().card_rect(self.shown, card)

    def fly(self, beat: Beat, card: str, start: pygame.Rect, face_up: bool = True) -> None:
        """Fly ``card`` from ``start`` to where it is drawn now, hidden there until it lands."""
        end = self.rect_of(card) or start
        image = face(card) if face_up else face_down(card)
        beat.add(CardFlight(image, start.center, end.center, CARD_FLIGHT, on_done=self.flights.hide(card)))


Handler = Callable[[Stage, Event], Beat]


def _card_move(kind_sound: str) -> Handler:
    """Beats for events that take one card from where it is to a new place."""

    def build(stage: Stage, event: Event) -> Beat:
        data = dict(event.data)
        card = str(data["card"])

        def start(beat: Beat) -> None:
            origin = _origin(stage, event, card)
            stage.shown.apply([event])
            if origin is not None:
                stage.fly(beat, card, origin, face_up=bool(data.get("face_up", True)))
            stage.sound(kind_sound)

        return Beat(start, CARD_FLIGHT)

    return build


def _origin(stage: Stage, event: Event, card: str) -> pygame.Rect | None:
    """Where a moving card starts: its current rect, or the deck / discard slot."""
    data = dict(event.data)
    if event.kind == "refill_offer" or (event.kind == "deploy" and data.get("source") == "deck"):
        return stage.geometry().deck_rect
    if event.kind == "deploy" and data.get("source") == "discard":
        return stage.geometry().discard_rect
    return stage.rect_of(card)


def _coins(stage: Stage, event: Event) -> Beat:
    data = dict(event.data)
    count = min(int(data["amount"]), 5)

    def start(beat: Beat) -> None:
        geo = stage.geometry()
        source = geo.coin_place_rect(stage.shown, data["from"]).center
        target = geo.coin_place_rect(stage.shown, data["to"]).center
        for k in range(count):
            beat.add(CardFlight(coin_face(28), source, target, FLIGHT_SECONDS + COIN_STAGGER * k))
        if count:
            stage.sound("coin")

    hold = FLIGHT_SECONDS + COIN_STAGGER * max(0, count - 1) if count else 0.0
    return Beat(start, hold, on_done=lambda: stage.shown.apply([event]))


def _flip(stage: Stage, event: Event) -> Beat:
    data = dict(event.data)
    card = str(data["card"])

    def start(beat: Beat) -> None:
        rect = stage.rect_of(card)
        stage.shown.apply([event])
        if rect is None:
            return
        up, down = face(card), face_down(card)
        first, second = (down, up) if data["face_up"] else (up, down)
        beat.add(Flip(first, second, rect.center, FLIP_SECONDS * 1.5, on_done=stage.flights.hide(card)))
        stage.sound("flip")

    return Beat(start, FLIP_SECONDS * 1.5)


def _swap(stage: Stage, event: Event) -> Beat:
    data = dict(event.data)
    cards = (str(data["first"]), str(data["second"]))

    def start(beat: Beat) -> None:
        origins = [stage.rect_of(card) for card in cards]
        stage.shown.apply([event])
        for card, origin in zip(cards, origins, strict=True):
            if origin is not None:
                stage.fly(beat, card, origin, face_up=stage.shown.face_up(card))
        stage.sound("slide")

    return Beat(start, CARD_FLIGHT)


def _move(stage: Stage, event: Event) -> Beat:
    card = str(dict(event.data)["card"])

    def start(beat: Beat) -> None:
        origin = stage.rect_of(card)
        stage.shown.apply([event])
        if origin is not None:
            stage.fly(beat, card, origin, face_up=stage.shown.face_up(card))
        stage.sound("slide")

    return Beat(start, CARD_FLIGHT)


def _destroy(stage: Stage, event: Event) -> Beat:
    card = str(dict(event.data)["card"])

    def start(beat: Beat) -> None:
        origin = stage.rect_of(card)
        if origin is not None:
            beat.add(Highlight(origin, CARD_FLIGHT))
        stage.shown.apply([event])
        if origin is not None:
            stage.fly(beat, card, origin)
        stage.sound("slide")

    return Beat(start, CARD_FLIGHT)


def _effect(stage: Stage, event: Event) -> Beat:
    card = str(dict(event.data)["card"])

    def start(beat: Beat) -> None:
        rect = stage.rect_of(card)
        if rect is not None:
            beat.add(Highlight(rect))

    return Beat(start, HIGHLIGHT)


def _turn(stage: Stage, event: Event) -> Beat:
    data = dict(event.data)

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        stage.shown.banner = f"Turn {data['turn']} · {stage.names[int(data['seat'])]}"

    return Beat(start, TURN_BANNER, on_done=lambda: setattr(stage.shown, "banner", None))


def _respond(stage: Stage, event: Event) -> Beat:
    def start(beat: Beat) -> None:
        bid = stage.shown.bid
        rect = stage.rect_of(bid.card) if bid else None
        if rect is not None:
            beat.add(TextPop("Match!" if event.kind == "match" else "Pass", rect.center, RESPOND))

    return Beat(start, RESPOND)


def _score_start(stage: Stage, event: Event) -> Beat:
    data = dict(event.data)

    def start(beat: Beat) -> None:
        strengths = {
            str(k): int(v) for k, v in dict(data["strengths"]).items()
        }  # the engine's base strengths
        stage.shown.score = ScoreShow(int(data["lane"]), strengths)

    return Beat(start, SCORE_START)


def _score_effect(stage: Stage, event: Event) -> Beat:
    data = dict(event.data)

    def start(beat: Beat) -> None:
        show = stage.shown.score
        if show is None or show.lane != data["lane"]:
            show = stage.shown.score = ScoreShow(int(data["lane"]), {})
        show.strengths.update({str(k): int(v) for k, v in dict(data["strengths"]).items()})
        show.effect = str(data["card"])
        show.applied.append(show.effect)

    return Beat(start, SCORE_EFFECT)


def _score_lane(stage: Stage, event: Event) -> Beat:
    data = dict(event.data)

    def start(beat: Beat) -> None:
        show = stage.shown.score or ScoreShow(int(data["lane"]), {})
        show.totals = [int(t) for t in data["totals"]]
        show.winner = data["winner"] if data["winner"] is None else int(data["winner"])
        show.effect = None
        stage.shown.score = show
        stage.sound("place")

    return Beat(start, SCORE_RESULT, on_done=lambda: setattr(stage.shown, "score", None))


def _castle(stage: Stage, event: Event) -> Beat:
    lane = int(dict(event.data)["lane"])

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        beat.add(Highlight(stage.geometry().castle_rect(lane), 0.6))
        stage.sound("place")

    return Beat(start, 0.6)


CHOREOGRAPHY = Choreography[Stage](
    {
        "turn": _turn,
        "coins": _coins,
        "match": _respond,
        "pass": _respond,
        "recruit": _card_move("place"),
        "refill_offer": _card_move("slide"),
        "deploy": _card_move("place"),
        "flip": _flip,
        "move": _move,
        "swap": _swap,
        "destroy": _destroy,
        "effect": _effect,
        "score_start": _score_start,
        "score_effect": _score_effect,
        "score_lane": _score_lane,
        "castle_won": _castle,
    },
    unhandled=lambda stage, events: stage.shown.apply(events),
)
"""Event kind -> the handler that builds its beat (other kinds just advance the shown table)."""
