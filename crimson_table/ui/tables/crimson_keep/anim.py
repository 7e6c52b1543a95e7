"""Crimson Keep choreography: each (redacted) engine event becomes a beat the viewer can follow.

Cards fly between hand, clan board and grid; flips squeeze through edge-on; battles fill the duel
panel step by step and roll their d6s in the dice tray, ending on the engine's values; a keep
collapse and a destroyed column shake their cards off to the discard; the Dragon's arrival, its
fire and its injuries get banners; Kai's Solo Deck cards turn up one at a time.  A handler reads
where things are on the shown model, advances it by its event, then animates the change.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from crimson_table.engine.core import Event, counted
from crimson_table.engine.crimson_keep.cards import SOLO_DECK, TACTICS
from crimson_table.ui.tables.choreography import Choreography, fly
from crimson_table.ui.tables.crimson_keep.layout import HAND_SCALE, Point, TableLayout, card_image
from crimson_table.ui.tables.crimson_keep.paint import tile_image, tile_rect
from crimson_table.ui.tables.crimson_keep.shown import BARRACKS, CrimsonKeepShown
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import Anim, Beat, CardFlight, Flip, ease_out_cubic
from crimson_table.ui.widgets.buttons import draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, INK, PARCHMENT, SHADOW

DiceRoller = Callable[[list[int], str, tuple[str, ...], Callable[[], None]], None]


@dataclass
class Stage:
    """What the Crimson Keep beats draw on (the scene builds one per batch)."""

    shown: CrimsonKeepShown
    layout: TableLayout
    flights: InFlight
    names: tuple[str, ...]
    sound: Callable[[str], object]
    roll_dice: DiceRoller
    drop_point: Callable[[int], Point | None]

    def name(self, seat: int) -> str:
        """A seat's name (Kai for the automaton's seat)."""
        return self.names[seat] if seat < len(self.names) else "Kai"


class Banner(Anim):
    """A line of text over the table (the Dragon rises, a keep collapses...)."""

    def __init__(self, text: str, centre: Point, duration: float = 1.0, colour: tuple[int, int, int] = GOLD_LIGHT,
                 sub: str = "") -> None:  # fmt: skip
        super().__init__(duration)
        self.text, self.centre, self.colour, self.sub = text, centre, colour, sub

    def draw(self, surface: pygame.Surface) -> None:
        """A dark plate with the text, fading in and out."""
        t = self.progress
        alpha = min(1.0, t * 6, (1 - t) * 5)
        image = fonts.render(self.text, 36, self.colour, bold=True, shadow=SHADOW)
        w = max(image.get_width(), fonts.render(self.sub, 16, PARCHMENT).get_width() if self.sub else 0) + 60
        rect = pygame.Rect(0, 0, w, 84 if self.sub else 64)
        rect.center = (round(self.centre[0]), round(self.centre[1]))
        plate = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*INK, 225), plate.get_rect(), border_radius=16)
        pygame.draw.rect(plate, (*GOLD, 255), plate.get_rect(), 2, border_radius=16)
        plate.blit(image, image.get_rect(midtop=(rect.width // 2, 8)))
        if self.sub:
            fonts.blit_text(
                plate, self.sub, 16, PARCHMENT, (rect.width // 2, 56), anchor="midtop", italic=True
            )
        plate.set_alpha(round(255 * max(0.0, alpha)))
        surface.blit(plate, rect)


class Flames(Anim):
    """The Dragon's breath rolling over a keep column."""

    def __init__(self, start: Point, column: pygame.Rect, duration: float = 0.9) -> None:
        super().__init__(duration)
        self.start, self.column = start, column

    def draw(self, surface: pygame.Surface) -> None:
        """Tongues of fire from the Monolith to the column."""
        t = ease_out_cubic(self.progress)
        x0, y0 = self.start
        x1, y1 = self.column.centerx, self.column.centery
        for k in range(14):
            f = (k / 14) * t
            x = x0 + (x1 - x0) * f + math.sin(k * 1.7 + self.progress * 9) * 10
            y = y0 + (y1 - y0) * f + math.cos(k * 2.3 + self.progress * 7) * 10
            r = 8 + 10 * f
            pygame.draw.circle(surface, (0xF0, 0x8A, 0x24), (round(x), round(y)), round(r))
            pygame.draw.circle(surface, (0xF6, 0xD3, 0x5C), (round(x), round(y)), round(r * 0.5))
        if self.progress > 0.6:
            veil = pygame.Surface(self.column.size, pygame.SRCALPHA)
            veil.fill((0xF0, 0x6A, 0x10, round(120 * (1 - self.progress) / 0.4)))
            surface.blit(veil, self.column)


class SoloCard(Anim):
    """One of Kai's Solo Deck cards turning up beside her clan board."""

    def __init__(self, number: int, centre: Point, duration: float = 1.1) -> None:
        super().__init__(duration)
        self.number, self.centre = number, centre

    def draw(self, surface: pygame.Surface) -> None:
        """The card, flipped face up in the first fifth of the beat."""
        width = min(1.0, abs(1 - 2 * min(1.0, self.progress * 5 / 2)) if self.progress < 0.2 else 1.0)
        rect = pygame.Rect(0, 0, max(4, round(170 * width)), 110)
        rect.center = (round(self.centre[0]), round(self.centre[1]))
        draw_panel(surface, rect, fill=(0x2A, 0x1E, 0x36), border=GOLD, radius=12)
        if width > 0.5 and self.progress >= 0.1:
            fonts.blit_text(surface, f"Solo card {self.number}", 13, GOLD_LIGHT, (rect.centerx, rect.y + 12),
                            anchor="midtop", bold=True)  # fmt: skip
            for i, line in enumerate(
                fonts.wrap(SOLO_DECK.get(self.number, ""), fonts.font(16, bold=True), 150)[:2]
            ):
                fonts.blit_text(surface, line, 16, PARCHMENT, (rect.centerx, rect.y + 40 + i * 20),
                                anchor="midtop", bold=True)  # fmt: skip


# -- helpers ------------------------------------------------------------------------------------------------


def _int(ev: Event, key: str = "seat") -> int:
    value: Any = ev.data.get(key, 0)
    return int(value)


def _centre(rect: pygame.Rect) -> Point:
    return (float(rect.centerx), float(rect.centery))


def _spot(stage: Stage, seat: int, card: int) -> tuple[pygame.Rect | None, str]:
    """Where ``seat``'s ``card`` is on the shown table now (its rect and zone kind)."""
    shown, layout = stage.shown, stage.layout
    where = shown.where(seat, card)
    if where is None:
        return None, ""
    if where >= 0:
        return layout.cell(where).inflate(-6, -6), "cell"
    area = shown.barracks[seat] if where == BARRACKS else shown.caverns[seat]
    return tile_rect(layout, seat, where, area.index(card)), "area"


def _origin(stage: Stage, seat: int, card: int) -> Point:
    """Where a card comes from: the board, the Summoning slots, the viewer's hand, or the clan plate."""
    rect, _ = _spot(stage, seat, card)
    if rect is not None:
        return _centre(rect)
    shown, layout = stage.shown, stage.layout
    if card in shown.slots[seat]:
        return _centre(layout.clan(seat, "summoning", shown.slots[seat].index(card) + 1))
    dropped = stage.drop_point(card) if seat == shown.viewer else None
    if dropped is not None:
        return dropped
    if shown.knows(seat) and card in shown.hand:
        return layout.hand_point(len(shown.hand), shown.hand.index(card))
    return _centre(layout.banner(seat))


def _arrive(stage: Stage, beat: Beat, seat: int, card: int, start: Point) -> None:
    """Fly the card's tile from ``start`` to where the shown model now has it."""
    rect, kind = _spot(stage, seat, card)
    if rect is None:
        return
    where = stage.shown.where(seat, card)
    zone: Any = ("cell", where) if kind == "cell" else ("area", seat, where)
    image = tile_image(seat, card, stage.shown.is_active(seat, card), rect.size)
    fly(beat, stage.flights, zone, image, start, _centre(rect))
    stage.sound("card_place")


def _leave(stage: Stage, beat: Beat, seat: int, card: int, start: Point | None, delay: float = 0.0,
           destroyed: bool = False) -> None:  # fmt: skip
    """A card leaving the table flies to its clan's discard pile (or its destroyed pile)."""
    if start is None:
        return
    size = stage.layout.cell(0).inflate(-6, -6).size
    image = tile_image(seat, card, False, size)
    end = _centre(stage.layout.clan(seat, "destroyed")) if destroyed else stage.layout.discard_point(seat)
    beat.add(CardFlight(image, start, end, 0.3, end_scale=0.6), delay)


# -- cards arriving, moving, leaving -------------------------------------------------------------------------


def on_arrival(stage: Stage, ev: Event) -> Beat:
    """place / replace / deploy / move / push: the card flies to its new place."""

    def start(beat: Beat) -> None:
        seat, card = _int(ev), _int(ev, "card")
        origin = _origin(stage, seat, card)
        old = _int(ev, "old") if ev.kind == "replace" else 0
        old_rect = _spot(stage, seat, old)[0] if old else None
        stage.shown.apply([ev])
        if old:
            _leave(stage, beat, seat, old, _centre(old_rect) if old_rect else None)
        _arrive(stage, beat, seat, card, origin)

    return Beat(start, hold=0.1)


def on_remove(stage: Stage, ev: Event) -> Beat:
    """A card removed or destroyed: it flies to the discard pile."""

    def start(beat: Beat) -> None:
        seat, card = _int(ev), _int(ev, "card")
        rect = _spot(stage, seat, card)[0]
        stage.shown.apply([ev])
        destroyed = ev.data.get("pile") == "destroyed"
        _leave(stage, beat, seat, card, _centre(rect) if rect else None, destroyed=destroyed)

    return Beat(start, hold=0.15)


def on_collapse(stage: Stage, ev: Event) -> Beat:
    """Keep Collapse: the cards above fall, one after another, with a banner."""

    def start(beat: Beat) -> None:
        seat = _int(ev)
        spots = [(int(c), _spot(stage, seat, int(c))[0]) for c in ev.data.get("cards", [])]
        stage.shown.apply([ev])
        for i, (card, rect) in enumerate(spots):
            _leave(stage, beat, seat, card, _centre(rect) if rect else None, delay=0.08 * i)
        beat.add(Banner("Keep Collapse!", (640.0, 300.0), 1.0))
        stage.sound("card_slide")

    return Beat(start)


def on_ruin(stage: Stage, ev: Event) -> Beat:
    """A keep column destroyed by the Dragon."""

    def start(beat: Beat) -> None:
        seat, k = _int(ev), _int(ev, "column")
        b = stage.layout.board
        column = b.keep_columns[seat]["ABC"[k]]
        spots = []
        for level in range(b.levels, 0, -1):
            ref = stage.shown.board[b.cell(column, level)]
            if ref and ref // 100 == seat:
                spots.append((ref % 100, stage.layout.cell(b.cell(column, level))))
        stage.shown.apply([ev])
        for i, (card, rect) in enumerate(spots):
            _leave(stage, beat, seat, card, _centre(rect), delay=0.06 * i)
        beat.add(Banner(f"Column {'ABC'[k]} destroyed", (640.0, 300.0), 1.0, CRIMSON))

    return Beat(start)


def on_flip(stage: Stage, ev: Event) -> Beat:
    """A card turning to its ACTIVE or INACTIVE side."""

    def start(beat: Beat) -> None:
        seat, card = _int(ev), _int(ev, "card")
        rect, kind = _spot(stage, seat, card)
        before = stage.shown.is_active(seat, card)
        stage.shown.apply([ev])
        if rect is None or kind != "cell":
            return
        after = stage.shown.is_active(seat, card)
        where = stage.shown.where(seat, card)
        show = stage.flights.hide(("cell", where))
        first, second = tile_image(seat, card, before, rect.size), tile_image(seat, card, after, rect.size)
        beat.add(Flip(first, second, _centre(rect), on_done=show))
        stage.sound("card_slide")

    return Beat(start)


def on_draw(stage: Stage, ev: Event) -> Beat:
    """Cards drawn: backs fly from the deck to the hand (the viewer's) or the clan's name plate."""

    def start(beat: Beat) -> None:
        seat = _int(ev)
        cards = ev.data.get("cards")
        count = len(cards) if isinstance(cards, list) else _int(ev, "count")
        stage.shown.apply([ev])
        layout = stage.layout
        for k in range(min(count, 5)):
            mine = stage.shown.knows(seat)
            end = layout.hand_point(len(stage.shown.hand), len(stage.shown.hand) - count + k) \
                if mine else _centre(layout.banner(seat))  # fmt: skip
            image = card_image(None, 0.4)
            beat.add(CardFlight(image, layout.deck_point(seat), end, 0.26, end_scale=1.6 if mine
                                else 0.8), 0.06 * k)  # fmt: skip
        if count:
            stage.sound("card_slide")

    return Beat(start)


# -- battles ----------------------------------------------------------------------------------------------


def on_battle(stage: Stage, ev: Event) -> Beat:
    """A battle begins: the duel panel opens with both cards."""

    def start(beat: Beat) -> None:
        stage.shown.apply([ev])
        seat = _int(ev)
        stage.shown.duel = {"att": seat, "a": _int(ev, "card"), "d": _int(ev, "target"),
                            "tac": [0, 0], "tok": [[], []], "dice": [[], []]}  # fmt: skip

    return Beat(start, hold=0.6)


def on_tactic(stage: Stage, ev: Event) -> Beat:
    """A Battle Tactics card revealed in the duel."""

    def start(beat: Beat) -> None:
        duel = stage.shown.duel
        if duel:
            side = 0 if _int(ev) == int(duel["att"]) else 1
            duel["tac"][side] = _int(ev, "tactic")
        beat.add(
            Banner(TACTICS.get(_int(ev, "tactic"), "?"), (640.0, 250.0), 0.7, sub=f"{stage.name(_int(ev))}")
        )

    return Beat(start)


def _dice_beat(stage: Stage, values: list[int], title: str, labels: tuple[str, ...],
               then: Callable[[], None]) -> Beat:  # fmt: skip
    def start(beat: Beat) -> None:
        if beat.factor <= 0 or beat.skipped or not values:
            then()
            return
        rolled = {"done": False}

        def finished() -> None:
            rolled["done"] = True
            then()

        beat.until = lambda: rolled["done"]
        stage.roll_dice(values, title, labels, finished)

    return Beat(start)


def on_roll(stage: Stage, ev: Event) -> Beat:
    """Battle dice, a tie's reroll, Second Wind, or a card's own roll (Warlock, Dragusa)."""
    data = ev.data
    duel = stage.shown.duel
    if "dice" in data:
        dice = [list(map(int, d)) for d in data["dice"]]
        att = int(duel["att"]) if duel else 0
        names = (stage.name(att), stage.name(1 - att))
        values = dice[0] + dice[1]
        labels = tuple([names[0]] + [""] * (len(dice[0]) - 1) + [names[1]] + [""] * (len(dice[1]) - 1))

        def then() -> None:
            if stage.shown.duel:
                stage.shown.duel["dice"] = dice

        title = f"Battle dice: {names[0]} attacks, {names[1]} defends"
        return _dice_beat(stage, values, title, labels, then)
    if "tie" in data:
        extra = [int(v) for v in data["tie"]]
        att = int(duel["att"]) if duel else 0
        return _dice_beat(
            stage, extra, "A tie: both roll again", (stage.name(att), stage.name(1 - att)), lambda: None
        )
    if "reroll" in data:
        return _dice_beat(stage, [int(v) for v in data["reroll"]], "Second Wind", (), lambda: None)
    value = _int(ev, "value")
    return _dice_beat(stage, [value], "A card's roll", (stage.name(_int(ev)),), lambda: None)


def on_battle_result(stage: Stage, ev: Event) -> Beat:
    """The totals, and who won."""

    def start(beat: Beat) -> None:
        if stage.shown.duel:
            stage.shown.duel["totals"] = list(ev.data.get("totals", []))
        totals = ev.data.get("totals", [0, 0])
        winner = stage.name(_int(ev, "winner"))
        beat.add(Banner(f"{winner} wins", (640.0, 250.0), 1.0, sub=f"{max(totals)} to {min(totals)}"))
        stage.sound("card_place")

    return Beat(start)


# -- the Dragon ---------------------------------------------------------------------------------------------


def on_summon(stage: Stage, ev: Event) -> Beat:
    """The Dragon rises from the Monolith."""

    def start(beat: Beat) -> None:
        stage.shown.apply([ev])
        name = stage.name(_int(ev))
        beat.add(Banner("The Dragon rises!", (640.0, 280.0), 1.6, CRIMSON,
                        sub=f"{name} summons it · {counted(_int(ev, 'obliterate'), 'Obliterate card')}"))  # fmt: skip
        stage.sound("victory_sting")

    return Beat(start)


def on_fire(stage: Stage, ev: Event) -> list[Beat]:
    """A fire attack: the Dragon's dice roll, its breath sweeps over the closest column."""
    dice = [int(v) for v in ev.data.get("dice", [])]
    attack, defence = _int(ev, "attack"), _int(ev, "defence")
    title = f"Fire Attack: {attack} against {defence}"
    roll = _dice_beat(stage, dice, title, (), lambda: None)

    def start(beat: Beat) -> None:
        dragon = stage.shown.dragon
        seat = 1 - dragon if dragon >= 0 else 0
        b = stage.layout.board
        column = b.keep_columns[seat]["ABC"[_int(ev, "column")]]
        rect = stage.layout.cell(b.cell(column, 1)).unionall([stage.layout.cell(b.cell(column, b.levels))])
        beat.add(Flames(_centre(stage.layout.monolith), rect))
        stage.shown.apply([ev])

    return [roll, Beat(start, hold=0.2)]


def on_injury(stage: Stage, ev: Event) -> Beat:
    """A Dragon card turns to its injured side."""

    def start(beat: Beat) -> None:
        beat.add(
            Banner("The Dragon is injured", (640.0, 280.0), 0.9, CRIMSON, sub=f"{_int(ev, 'injuries')} of 4")
        )

    return Beat(start)


def on_death_roll(stage: Stage, ev: Event) -> Beat:
    """The dying Dragon's last roll."""
    return _dice_beat(
        stage, [_int(ev, "value")], "The dying Dragon rolls", ("6 destroys a column",), lambda: None
    )


# -- Kai ----------------------------------------------------------------------------------------------------


def on_solo_card(stage: Stage, ev: Event) -> Beat:
    """One of Kai's Solo Deck cards turns up."""

    def start(beat: Beat) -> None:
        r = stage.layout.clan(1, "barracks", 2)
        beat.add(SoloCard(_int(ev, "card"), (float(r.centerx - 60), float(r.centery + 40))))
        stage.sound("card_slide")

    return Beat(start)


def on_kai_toss(stage: Stage, ev: Event) -> Beat:
    """Kai's turn-marker toss: HIGH or LOW cards this turn."""

    def start(beat: Beat) -> None:
        mode = "HIGH" if ev.data.get("mode") == "H" else "LOW"
        beat.add(Banner(f"Kai tosses: {mode}", (640.0, 250.0), 0.8, sub="high or low cards this turn"))

    return Beat(start)


def on_turn(stage: Stage, ev: Event) -> Beat:
    """A new turn: a short pause."""
    return Beat(lambda beat: stage.shown.apply([ev]), hold=0.25)


def _hold(seconds: float) -> Callable[[Stage, Event], Beat]:
    def handler(stage: Stage, ev: Event) -> Beat:
        return Beat(lambda beat: stage.shown.apply([ev]), hold=seconds)

    return handler


CHOREOGRAPHY = Choreography[Stage](
    {
        "place": on_arrival,
        "replace": on_arrival,
        "deploy": on_arrival,
        "move": on_arrival,
        "push": on_arrival,
        "remove": on_remove,
        "collapse": on_collapse,
        "ruin": on_ruin,
        "flip": on_flip,
        "draw": on_draw,
        "battle": on_battle,
        "tactic": on_tactic,
        "roll": on_roll,
        "battle_result": on_battle_result,
        "summon": on_summon,
        "fire": on_fire,
        "injury": on_injury,
        "death_roll": on_death_roll,
        "solo_card": on_solo_card,
        "kai_toss": on_kai_toss,
        "turn": on_turn,
        "rune": _hold(0.35),
        "ability": _hold(0.3),
        "store": _hold(0.2),
    },
    unhandled=lambda stage, events: stage.shown.apply(events),
)

__all__ = ["CHOREOGRAPHY", "HAND_SCALE", "Stage"]
