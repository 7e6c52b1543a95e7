"""Condottiere event animations: every engine Event becomes one :class:`Beat` on the scene's animator.

When a beat starts it changes the shown table (:class:`~.condottiere_layout.Shown`) and launches
the pieces that move: cards fly from hands into lines and from lines to the discard pile, the
Condottiere token and the Favor of the Pope travel between the map and the seats, control markers
drop onto regions, and banners announce battles, results, round ends, redeals and the victory.
A piece that is still flying is not drawn at its destination until it lands.  With animations off
every beat ends the moment it is added, so the shown table is updated at once.

Private events are read only as far as the viewer may see them (``Event.visible_to``); for other
seats only what the public log line states (who, how many) is used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from crimson_table.engine.condottiere.cards import STAYING
from crimson_table.engine.core import Event
from crimson_table.ui.tables.condottiere.layout import HAND_SCALE, PILE_SCALE, Point, Shown, card_image
from crimson_table.ui.tables.condottiere.map_view import (
    MARKER_SIZE,
    TOKEN_SIZE,
    condottiere_token,
    pope_token,
)
from crimson_table.ui.widgets import badge, fonts
from crimson_table.ui.widgets.anim import Anim, Beat, CardFlight, ease_out_cubic, lerp
from crimson_table.ui.widgets.buttons import draw_banner
from crimson_table.ui.widgets.theme import GOLD, INK, PARCHMENT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.tables.condottiere.scene import CondottiereScene

HOLD = 0.35
STAGGER = 0.06
BANNER_SECONDS = 1.3
SHORT_BANNER = 0.8


class Still(Anim):
    """An image resting at a point for a moment (a one-shot card shown before it is discarded)."""

    def __init__(self, image: pygame.Surface, centre: Point, duration: float = HOLD) -> None:
        super().__init__(duration)
        self.image, self.centre = image, centre

    def draw(self, surface: pygame.Surface) -> None:
        """The image, with a gold outline so it reads as 'resolving'."""
        rect = self.image.get_rect(center=(round(self.centre[0]), round(self.centre[1])))
        surface.blit(self.image, rect)
        pygame.draw.rect(surface, GOLD, rect.inflate(4, 4), 3, border_radius=8)


class Drop(Anim):
    """A piece falling onto the map from above, shrinking as it lands (a control marker)."""

    def __init__(self, image: pygame.Surface, centre: Point, duration: float = 0.45) -> None:
        super().__init__(duration)
        self.image, self.centre = image, centre

    def draw(self, surface: pygame.Surface) -> None:
        """The piece on its way down, with its shadow growing on the ground."""
        t = ease_out_cubic(self.progress)
        factor = lerp(2.6, 1.0, t)
        size = max(4, round(self.image.get_width() * factor))
        image = pygame.transform.smoothscale(self.image, (size, size))
        x, y = self.centre[0], self.centre[1] - lerp(90, 0, t)
        shadow = pygame.Surface((size, size // 3), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, round(40 + 80 * t)), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(round(self.centre[0]), round(self.centre[1] + 10))))
        surface.blit(image, image.get_rect(center=(round(x), round(y))))


class Banner(Anim):
    """A crimson ribbon across the table announcing something, fading in and out."""

    def __init__(
        self, area: pygame.Rect, title: str, subtitle: str = "", duration: float = BANNER_SECONDS
    ) -> None:
        super().__init__(duration)
        self.area, self.title, self.subtitle = area, title, subtitle

    def draw(self, surface: pygame.Surface) -> None:
        """The ribbon (and its subtitle band) over a soft shadow, fading in and out."""
        fade = max(0.0, min(1.0, self.progress / 0.15, (1.0 - self.progress) / 0.15))
        width = min(self.area.width - 60, max(520, fonts.font(34, bold=True).size(self.title)[0] + 120))
        sub_w = fonts.font(18, italic=True).size(self.subtitle)[0] + 60 if self.subtitle else 0
        layer = pygame.Surface((width + 40, 124), pygame.SRCALPHA)
        pygame.draw.rect(layer, (0, 0, 0, 90), layer.get_rect(), border_radius=22)
        draw_banner(layer, pygame.Rect(20, 16, width, 66), self.title, size=34)
        if self.subtitle:
            band = pygame.Rect(0, 74, min(width - 40, max(260, sub_w)), 34)
            band.centerx = layer.get_width() // 2
            pygame.draw.rect(layer, INK, band, border_radius=10)
            pygame.draw.rect(layer, GOLD, band, 1, border_radius=10)
            fonts.blit_text(layer, self.subtitle, 18, PARCHMENT, band.center, anchor="center", italic=True)
        layer.set_alpha(round(255 * fade))
        rise = round(14 * (1.0 - min(1.0, self.progress / 0.15)))
        surface.blit(layer, layer.get_rect(center=(self.area.centerx, self.area.centery - 40 + rise)))


class Callout(Anim):
    """A short line of text over the battle panel ("Winter: every Mercenary counts 1")."""

    def __init__(self, anchor: Point, text: str, duration: float = 0.9) -> None:
        super().__init__(duration)
        self.anchor, self.text = anchor, text

    def draw(self, surface: pygame.Surface) -> None:
        """Ink pill with gold text, rising slightly."""
        fade = min(1.0, self.progress / 0.2, (1.0 - self.progress) / 0.2)
        image = fonts.render(self.text, 20, GOLD, bold=True, shadow=SHADOW)
        rect = image.get_rect(center=(round(self.anchor[0]), round(self.anchor[1] - 8 * self.progress)))
        pill = pygame.Surface(rect.inflate(28, 12).size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (*INK, 230), pill.get_rect(), border_radius=14)
        pygame.draw.rect(pill, (*GOLD, 255), pill.get_rect(), 2, border_radius=14)
        pill.blit(image, (14, 6))
        pill.set_alpha(round(255 * max(0.0, fade)))
        surface.blit(pill, rect.inflate(28, 12))


class Choreographer:
    """Turns each applied action's events into beats on the scene's animator."""

    def __init__(self, scene: CondottiereScene) -> None:
        self.scene = scene

    # -- helpers ------------------------------------------------------------------------------------------
    @property
    def shown(self) -> Shown:
        """The scene's shown table."""
        return self.scene.shown

    def name(self, seat: int) -> str:
        """A seat's name."""
        return self.scene.match.seats[seat].name

    def _then(self, start: Callable[[Beat], None], hold: float = 0.0) -> None:
        self.scene.anim.then(Beat(start, hold))

    def _fly(
        self, beat: Beat, image: pygame.Surface, start: Point, end: Point, land: Callable[[], None] | None = None,
        delay: float = 0.0, end_scale: float = 1.0,
    ) -> None:  # fmt: skip
        beat.add(CardFlight(image, start, end, on_done=land, end_scale=end_scale), delay)

    def _line_centre(self, seat: int, index: int) -> Point:
        slots = self.scene.layout.line_slots(seat, len(self.shown.lines[seat]))
        return slots[index].center if 0 <= index < len(slots) else self.scene.layout.line_area(seat).center

    def _hand_source(self, seat: int, card: str | None) -> tuple[Point, float]:
        """Where a card leaves a hand from, and its scale there."""
        layout, shown = self.scene.layout, self.shown
        if seat == shown.viewer and card is not None and card in shown.hand:
            slots = layout.hand_slots(len(shown.hand))
            return slots[shown.hand.index(card)].center, HAND_SCALE
        return layout.hand_spot(seat), 0.3

    def _to_discard(self, beat: Beat, card: str, start: Point, scale: float, delay: float = 0.0) -> None:
        end = self.scene.layout.discard_pile.center

        def land() -> None:
            self.shown.discard.append(card)

        self._fly(beat, card_image(card, scale), start, end, land, delay, PILE_SCALE / scale)

    # -- the story ------------------------------------------------------------------------------------------
    def play(self, events: list[Event]) -> None:
        """Queue one beat (or a few) per event."""
        dealt = False
        for event in events:
            if event.kind == "deal":
                if not dealt:
                    self._deal([e for e in events if e.kind == "deal"])
                dealt = True
                continue
            handler = getattr(self, f"_on_{event.kind}", None)
            if handler is not None:
                handler(event)

    def _on_choose_region(self, event: Event) -> None:
        seat, key = int(event.data["seat"]), str(event.data["region"])

        def start(beat: Beat) -> None:
            shown, scene = self.shown, self.scene
            shown.lines = [[] for _ in range(shown.players)]
            shown.passed = [False] * shown.players
            shown.result = None
            shown.battle += 1
            scene.token_flying = True

            def land() -> None:
                shown.region = key
                scene.token_flying = False

            self._fly(
                beat,
                condottiere_token(TOKEN_SIZE),
                scene.token_home(seat),
                scene.map_view.token_spot(key),
                land,
            )
            beat.add(
                Banner(
                    scene.layout.panel,
                    f"Battle for {scene.map_view.title(key)}",
                    f"{self.name(seat)} sends the Condottiere",
                    SHORT_BANNER,
                ),
                0.2,
            )

        self._then(start)

    def _on_play_card(self, event: Event) -> None:
        seat, card = int(event.data["seat"]), str(event.data["card"])

        def start(beat: Beat) -> None:
            shown, layout = self.shown, self.scene.layout
            origin, scale = self._hand_source(seat, card)
            dropped = self.scene.drop_origin
            if seat == shown.viewer and dropped is not None and dropped[0] == card:
                origin = (dropped[1][0], dropped[1][1])  # the card flies on from where it was let go
            self.scene.drop_origin = None
            shown.take_from_hand(seat, card)
            target = layout.next_slot(seat, len(shown.lines[seat])).center
            image = card_image(card, scale)
            end_scale = layout.line_scale / scale
            self.scene.app.sound.play("card_slide")
            if card in STAYING:  # CO-R6

                def land() -> None:
                    shown.lines[seat].append(card)
                    self.scene.app.sound.play("card_place")

                self._fly(beat, image, origin, target, land, end_scale=end_scale)
                return
            self._fly(beat, image, origin, target, end_scale=end_scale)
            beat.add(Still(card_image(card, layout.line_scale), target), 0.26)
            self._to_discard(beat, card, target, layout.line_scale, 0.26 + HOLD)

        self._then(start)

    def _on_effect(self, event: Event) -> None:
        effect = str(event.data.get("effect", ""))
        if effect in ("winter", "spring", "bishop"):
            self._discard_from_lines(event)
        elif effect == "scarecrow":
            self._scarecrow(event)
        elif effect in ("dismiss", "keep"):
            self._hand_to_discard(event)
        text = self._callout_text(event)
        if text:
            anchor = (self.scene.layout.panel.centerx, self.scene.layout.header.bottom + 24)

            def start(beat: Beat) -> None:
                beat.add(Callout(anchor, text))

            self._then(start)

    def _callout_text(self, event: Event) -> str:
        data, effect = event.data, str(event.data.get("effect", ""))
        if effect == "bishop":
            top = int(data.get("top") or 0)
            return (
                f"Bishop: every {top} is discarded"
                if data.get("discarded")
                else "Bishop: no Mercenary in play"
            )
        if effect == "surrender":
            return f"{self.name(int(data['seat']))} surrenders the battle: it ends now"
        if effect == "drummer":
            return f"Drummer: {self.name(int(data['seat']))}'s Mercenaries count double"
        if effect == "winter":
            return "Winter discards every Spring"
        if effect == "spring":
            return "Spring discards every Winter"
        return ""

    def _discard_from_lines(self, event: Event) -> None:
        gone = [(int(owner), str(card)) for owner, card in event.data.get("discarded", [])]

        def start(beat: Beat) -> None:
            shown, layout = self.shown, self.scene.layout
            for i, (owner, card) in enumerate(gone):
                line = shown.lines[owner]
                index = len(line) - 1 - line[::-1].index(card) if card in line else -1
                origin = self._line_centre(owner, index)
                shown.take_from_line(owner, card)
                self._to_discard(beat, card, origin, layout.line_scale, i * STAGGER)

        self._then(start)

    def _scarecrow(self, event: Event) -> None:
        seat, card = int(event.data["seat"]), event.data.get("card")
        if card is None:
            return

        def start(beat: Beat) -> None:
            shown, layout = self.shown, self.scene.layout
            line = shown.lines[seat]
            index = len(line) - 1 - line[::-1].index(card) if card in line else -1
            origin = self._line_centre(seat, index)
            shown.take_from_line(seat, str(card))
            mine = seat == shown.viewer
            target = layout.hand_rect.center if mine else layout.hand_spot(seat)
            scale = layout.line_scale

            def land() -> None:
                shown.give_to_hand(seat, [str(card)] if mine else None, 1)

            self._fly(
                beat,
                card_image(str(card), scale),
                origin,
                target,
                land,
                end_scale=(HAND_SCALE if mine else 0.3) / scale,
            )

        self._then(start)

    def _hand_to_discard(self, event: Event) -> None:
        seat = int(event.data["seat"])
        cards = [str(c) for c in event.data.get("cards", event.data.get("discarded", []))]
        kept = int(event.data.get("kept", 0))

        def start(beat: Beat) -> None:
            shown = self.shown
            for i, card in enumerate(cards):
                origin, scale = self._hand_source(seat, card)
                self._to_discard(beat, card, origin, scale, i * STAGGER)
            if seat == shown.viewer:
                shown.hand = sorted(shown.kept) if event.data.get("effect") == "keep" else []
                shown.kept = []
            shown.hand_sizes[seat] = kept

        self._then(start)

    def _on_keep(self, event: Event) -> None:
        seat = int(event.data["seat"])
        card = str(event.data["card"]) if event.visible_to(self.shown.viewer) else None

        def start(beat: Beat) -> None:
            self.shown.take_from_hand(seat, card)
            if card is not None:
                self.shown.kept.append(card)

        self._then(start, 0.15)

    def _on_pass(self, event: Event) -> None:
        seat = int(event.data["seat"])

        def start(beat: Beat) -> None:
            self.shown.passed[seat] = True
            head = self.scene.layout.head(seat)
            beat.add(Callout((head.centerx, head.centery), "Passes", 0.5))

        self._then(start)

    def _on_pope_favor(self, event: Event) -> None:
        data = event.data
        seat = data.get("seat")
        origin_key, target_key = data.get("from"), data.get("region")

        def start(beat: Beat) -> None:
            scene = self.scene
            origin = scene.map_view.pope_spot(origin_key) if origin_key else scene.token_home(int(seat or 0))
            target = scene.map_view.pope_spot(target_key) if target_key else scene.pope_off_spot()
            scene.pope_flying = True

            def land() -> None:
                self.shown.pope = target_key
                scene.pope_flying = False

            self._fly(beat, pope_token(TOKEN_SIZE), origin, target, land)

        self._then(start, 0.1)

    def _on_battle_result(self, event: Event) -> None:
        data = event.data
        winner = data.get("winner")
        key = str(data["region"])

        def start(beat: Beat) -> None:
            scene = self.scene
            self.shown.result = dict(data)
            title = scene.map_view.title(key)
            values = sorted((int(v) for v in data["strengths"]), reverse=True)
            if winner is None:
                text, sub = f"{title}: a tie", f"Nobody takes {title} ({values[0]} all)"
            else:
                text = f"{self.name(int(winner))} wins {title}"
                sub = f"{values[0]} against {values[1]}" if len(values) > 1 else ""
            beat.add(Banner(scene.table_area(), text, sub))

        self._then(start)

    def _on_region_won(self, event: Event) -> None:
        seat, key = int(event.data["seat"]), str(event.data["region"])

        def start(beat: Beat) -> None:
            scene = self.scene

            def land() -> None:
                self.shown.control[key] = seat
                scene.app.sound.play("card_place")

            beat.add(Drop(badge.player_badge(seat, MARKER_SIZE), scene.map_view.marker_spot(key)))
            beat.children[-1][1].on_done = land

        self._then(start)

    def _on_token(self, event: Event) -> None:
        seat = int(event.data["seat"])

        def start(beat: Beat) -> None:
            shown, scene = self.shown, self.scene
            origin = (
                scene.map_view.token_spot(shown.region) if shown.region else scene.token_home(shown.holder)
            )
            scene.token_flying = True

            def land() -> None:
                shown.holder = seat
                scene.token_flying = False

            self._fly(beat, condottiere_token(TOKEN_SIZE), origin, scene.token_home(seat), land)
            for owner, line in enumerate(shown.lines):  # CO-R35 step 5
                for index, card in enumerate(line):
                    self._to_discard(
                        beat,
                        card,
                        self._line_centre(owner, index),
                        scene.layout.line_scale,
                        0.3 + index * 0.03,
                    )
            shown.lines = [[] for _ in range(shown.players)]
            shown.passed = [False] * shown.players
            shown.region = None
            shown.result = None

        self._then(start)

    def _on_round_end(self, event: Event) -> None:
        keeper, count = event.data.get("keeper"), int(event.data.get("cards", 0))
        if keeper is None:
            sub = "Nobody has cards left"
        elif count == 1:
            sub = f"{self.name(int(keeper))} may keep the last card"
        else:
            sub = f"{self.name(int(keeper))} may keep 2 of {count} cards"  # CO-R42

        def start(beat: Beat) -> None:
            beat.add(Banner(self.scene.table_area(), f"Round {self.shown.round} ends", sub))

        self._then(start)

    def _deal(self, deals: list[Event]) -> None:
        counts = [int(e.data["count"]) for e in deals]
        sub = f"{counts[0]} cards each" if len(set(counts)) == 1 else "10 cards each, +1 per region held"

        def start(beat: Beat) -> None:
            shown, scene = self.shown, self.scene
            shown.draw_size += len(shown.discard)  # CO-R43: everything is shuffled together
            shown.discard = []
            shown.round += 1
            beat.add(
                Banner(
                    scene.table_area(),
                    f"New round: {sub}" if len(set(counts)) == 1 else "New round",
                    "" if len(set(counts)) == 1 else sub,
                )
            )
            back = card_image(None, 0.5)
            for i, event in enumerate(deals):
                self._deal_one(beat, event, back, 0.3 + i * 0.12)

        self._then(start)

    def _deal_one(self, beat: Beat, event: Event, back: pygame.Surface, delay: float) -> None:
        shown, layout = self.shown, self.scene.layout
        seat, count = int(event.data["seat"]), int(event.data["count"])
        cards = (
            [str(c) for c in event.data.get("cards", [])]
            if event.visible_to(shown.viewer) and seat == shown.viewer
            else None
        )
        target = layout.hand_rect.center if seat == shown.viewer else layout.hand_spot(seat)
        flights = min(count, 3)

        def land() -> None:
            shown.draw_size = max(0, shown.draw_size - count)
            shown.give_to_hand(seat, cards, count)

        for k in range(flights):
            done = land if k == flights - 1 else None
            self._fly(beat, back, layout.draw_pile.center, target, done, delay + k * STAGGER, 0.6)
        if not flights:
            land()

    def _on_game_over(self, event: Event) -> None:
        winners = [int(w) for w in event.data.get("winners", [])]
        names = " and ".join(self.name(w) for w in winners)
        title = f"{names} wins the game!" if len(winners) == 1 else f"{names} share the win"

        def start(beat: Beat) -> None:
            scene = self.scene
            beat.add(
                Banner(
                    scene.table_area(), title, scene.victory_reason(str(event.data.get("reason", ""))), 2.2
                )
            )

        self._then(start)
