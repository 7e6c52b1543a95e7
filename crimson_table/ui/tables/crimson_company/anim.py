"""Crimson Company table: one animation step per engine Event.

Each :class:`TableStep` runs in its own animator stage.  When it starts it reads where things are
drawn on the *shown board*, advances that board by its event (``apply_event``) and flies, flips or
highlights the cards involved; cards in the air are hidden at their destination until they land.
With animations off the scene skips all of this and shows the engine's view at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.core import Event
from crimson_table.ui.tables.crimson_company.layout import Geometry, apply_event
from crimson_table.ui.tables.crimson_company.paint import ScoreShow, coin_face, face, face_down
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import FLIGHT_SECONDS, FLIP_SECONDS, Anim, CardFlight, Flip
from crimson_table.ui.widgets.theme import GOLD_LIGHT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.tables.crimson_company.scene import CrimsonCompanyScene

CARD_FLIGHT = FLIGHT_SECONDS + 0.04
COIN_STAGGER = 0.05
TURN_BANNER = 0.6
SCORE_START, SCORE_EFFECT, SCORE_RESULT = 0.5, 0.75, 1.3
HIGHLIGHT = 0.45


class TableStep(Anim):
    """One event: ``start`` runs when the step's stage begins (and adds the moving parts)."""

    def __init__(
        self,
        duration: float,
        start: Callable[[TableStep], None],
        on_done: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(duration, on_done)
        self._start = start
        self.started = False
        self.on_start: Callable[[], None] | None = None
        self.factor = 1.0
        self.parts: list[Anim] = []

    def scale(self, factor: float) -> None:
        """Remember the speed factor for the parts added at the start."""
        self.factor = factor
        super().scale(factor)

    def add(self, part: Anim) -> None:
        """A moving part of this step (scaled like the step)."""
        part.scale(self.factor)
        self.parts.append(part)

    def _begin(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start is not None:
                self.on_start()
            self._start(self)

    def update(self, dt: float) -> None:
        """Start on the first frame, then advance the parts with the step."""
        self._begin()
        for part in self.parts:
            part.update(dt)
        super().update(dt)

    def finish(self) -> None:
        """Jump to the end: the board change still happens and every part lands."""
        self._begin()
        for part in self.parts:
            part.finish()
        super().finish()

    def draw(self, surface: pygame.Surface) -> None:
        """The parts still moving."""
        for part in self.parts:
            if not part.done:
                part.draw(surface)


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


# --------------------------------------------------------------------------- building steps


class EventAnimator:
    """Turns engine events into table steps for one scene."""

    def __init__(self, scene: CrimsonCompanyScene) -> None:
        self.scene = scene

    @property
    def model(self) -> dict[str, Any]:
        """The shown board."""
        return self.scene.shown

    @property
    def geo(self) -> Geometry:
        """The table geometry right now."""
        return self.scene.geometry()

    def queue(self, events: list[Event]) -> None:
        """One stage per event, in order."""
        for event in events:
            step = self.step_for(event)
            step.on_start = lambda e=event: self._announce(e)
            self.scene.anim.then(step)

    def _announce(self, event: Event) -> None:
        """The event being shown, as the viewer reads it, for the action panel."""
        text = event.text_for(self.scene.viewer_seat, self.scene.seat_names)
        if text:
            self.scene.now_showing = text

    def step_for(self, event: Event) -> TableStep:
        """The step that shows ``event``."""
        builder = _BUILDERS.get(event.kind)
        if builder is None:
            return TableStep(0.0, lambda step: apply_event(self.model, event))
        return builder(self, event)

    # -- helpers --------------------------------------------------------------------------------
    def rect_of(self, card: str) -> pygame.Rect | None:
        """Where ``card`` is drawn on the shown board."""
        return self.geo.card_rect(self.model, card)

    def fly(self, step: TableStep, card: str, start: pygame.Rect, face_up: bool = True) -> None:
        """Fly ``card`` from ``start`` to where it is drawn now, hidden there until it lands."""
        end = self.rect_of(card) or start
        image = face(card) if face_up else face_down(card)
        hidden = self.scene.hidden
        hidden.add(card)
        step.add(
            CardFlight(image, start.center, end.center, CARD_FLIGHT, on_done=lambda: hidden.discard(card))
        )

    def sound(self, name: str) -> None:
        """Play a table sound."""
        self.scene.app.sound.play(name)


def _card_move(kind_sound: str) -> Callable[[EventAnimator, Event], TableStep]:
    """Steps for events that take one card from where it is to a new place."""

    def build(ea: EventAnimator, event: Event) -> TableStep:
        data = dict(event.data)
        card = str(data["card"])

        def start(step: TableStep) -> None:
            origin = _origin(ea, event, card)
            apply_event(ea.model, event)
            if origin is not None:
                ea.fly(step, card, origin, face_up=bool(data.get("face_up", True)))
            ea.sound(kind_sound)

        return TableStep(CARD_FLIGHT, start)

    return build


def _origin(ea: EventAnimator, event: Event, card: str) -> pygame.Rect | None:
    """Where a moving card starts: its current rect, or the deck / discard / waiting slot."""
    data = dict(event.data)
    if event.kind == "refill_offer":
        return ea.geo.deck_rect
    if event.kind == "deploy" and data.get("source") == "deck":
        return ea.geo.deck_rect
    if event.kind == "deploy" and data.get("source") == "discard":
        return ea.geo.discard_rect
    return ea.rect_of(card)


def _coins(ea: EventAnimator, event: Event) -> TableStep:
    data = dict(event.data)
    amount = int(data["amount"])
    count = min(amount, 5)

    def start(step: TableStep) -> None:
        source = ea.geo.coin_place_rect(ea.model, data["from"]).center
        target = ea.geo.coin_place_rect(ea.model, data["to"]).center
        for k in range(count):
            step.add(CardFlight(coin_face(28), source, target, FLIGHT_SECONDS + COIN_STAGGER * k))
        if count:
            ea.sound("coin")

    duration = FLIGHT_SECONDS + COIN_STAGGER * max(0, count - 1) if count else 0.0
    return TableStep(duration, start, on_done=lambda: apply_event(ea.model, event))


def _flip(ea: EventAnimator, event: Event) -> TableStep:
    data = dict(event.data)
    card = str(data["card"])

    def start(step: TableStep) -> None:
        rect = ea.rect_of(card)
        apply_event(ea.model, event)
        if rect is None:
            return
        up, down = face(card), face_down(card)
        first, second = (down, up) if data["face_up"] else (up, down)
        hidden = ea.scene.hidden
        hidden.add(card)
        step.add(Flip(first, second, rect.center, FLIP_SECONDS * 1.5, on_done=lambda: hidden.discard(card)))
        ea.sound("flip")

    return TableStep(FLIP_SECONDS * 1.5, start)


def _swap(ea: EventAnimator, event: Event) -> TableStep:
    data = dict(event.data)
    cards = (str(data["first"]), str(data["second"]))

    def start(step: TableStep) -> None:
        origins = [ea.rect_of(card) for card in cards]
        apply_event(ea.model, event)
        for card, origin in zip(cards, origins, strict=True):
            if origin is not None:
                ea.fly(step, card, origin, face_up=_face_up(ea.model, card))
        ea.sound("slide")

    return TableStep(CARD_FLIGHT, start)


def _face_up(model: dict[str, Any], card: str) -> bool:
    for lane in model["lanes"]:
        for side in lane["sides"]:
            for entry in side:
                if entry["card"] == card:
                    return bool(entry["face_up"])
    return True


def _move(ea: EventAnimator, event: Event) -> TableStep:
    card = str(dict(event.data)["card"])

    def start(step: TableStep) -> None:
        origin = ea.rect_of(card)
        apply_event(ea.model, event)
        if origin is not None:
            ea.fly(step, card, origin, face_up=_face_up(ea.model, card))
        ea.sound("slide")

    return TableStep(CARD_FLIGHT, start)


def _destroy(ea: EventAnimator, event: Event) -> TableStep:
    card = str(dict(event.data)["card"])

    def start(step: TableStep) -> None:
        origin = ea.rect_of(card)
        if origin is not None:
            step.add(Highlight(origin, CARD_FLIGHT))
        apply_event(ea.model, event)
        if origin is not None:
            ea.fly(step, card, origin)
        ea.sound("slide")

    return TableStep(CARD_FLIGHT, start)


def _effect(ea: EventAnimator, event: Event) -> TableStep:
    card = str(dict(event.data)["card"])

    def start(step: TableStep) -> None:
        rect = ea.rect_of(card)
        if rect is not None:
            step.add(Highlight(rect))

    return TableStep(HIGHLIGHT, start)


def _turn(ea: EventAnimator, event: Event) -> TableStep:
    data = dict(event.data)

    def start(step: TableStep) -> None:
        apply_event(ea.model, event)
        ea.scene.banner = f"Turn {data['turn']} · {ea.scene.seat_name(int(data['seat']))}"

    return TableStep(TURN_BANNER, start, on_done=lambda: setattr(ea.scene, "banner", None))


def _respond(ea: EventAnimator, event: Event) -> TableStep:
    def start(step: TableStep) -> None:
        bid = ea.model.get("bid")
        rect = ea.rect_of(bid["card"]) if bid else None
        if rect is not None:
            step.add(TextPop("Match!" if event.kind == "match" else "Pass", rect.center))

    return TableStep(0.45, start)


def _score_start(ea: EventAnimator, event: Event) -> TableStep:
    lane = int(dict(event.data)["lane"])

    def start(step: TableStep) -> None:
        strengths: dict[str, int] = {}
        for side in ea.model["lanes"][lane]["sides"]:
            for entry in side:
                strengths[entry["card"]] = _base(entry)
        ea.scene.score_show = ScoreShow(lane, strengths)

    return TableStep(SCORE_START, start)


def _base(entry: dict[str, Any]) -> int:
    from crimson_table.ui.tables.crimson_company.layout import card_spec

    return int(card_spec(entry["card"]).value or 0) if entry["face_up"] else 0


def _score_effect(ea: EventAnimator, event: Event) -> TableStep:
    data = dict(event.data)

    def start(step: TableStep) -> None:
        show = ea.scene.score_show
        if show is None or show.lane != data["lane"]:
            show = ScoreShow(int(data["lane"]), {})
            ea.scene.score_show = show
        show.strengths.update({str(k): int(v) for k, v in dict(data["strengths"]).items()})
        show.effect = str(data["card"])
        show.applied.append(show.effect)

    return TableStep(SCORE_EFFECT, start)


def _score_lane(ea: EventAnimator, event: Event) -> TableStep:
    data = dict(event.data)

    def start(step: TableStep) -> None:
        show = ea.scene.score_show or ScoreShow(int(data["lane"]), {})
        show.totals = [int(t) for t in data["totals"]]
        show.winner = data["winner"] if data["winner"] is None else int(data["winner"])
        show.effect = None
        ea.scene.score_show = show
        ea.sound("place")

    return TableStep(SCORE_RESULT, start, on_done=lambda: setattr(ea.scene, "score_show", None))


def _castle(ea: EventAnimator, event: Event) -> TableStep:
    lane = int(dict(event.data)["lane"])

    def start(step: TableStep) -> None:
        apply_event(ea.model, event)
        step.add(Highlight(ea.geo.castle_rect(lane), 0.6))
        ea.sound("place")

    return TableStep(0.6, start)


_BUILDERS: dict[str, Callable[[EventAnimator, Event], TableStep]] = {
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
}
