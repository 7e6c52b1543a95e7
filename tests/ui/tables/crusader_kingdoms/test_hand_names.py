"""Every card name in a full Crusader Kingdoms hand stays whole: with 11-12 cards the hand overlaps,
and a card laid over its neighbour used to cut its name ("Frankish Knigh", "Sally from the Wa")."""

from __future__ import annotations

import pygame
import pytest

from crimson_table.engine.crusader_kingdoms.cards import BY_ID
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables.crusader_kingdoms.layout import HAND_SCALE, card_image
from crimson_table.ui.tables.crusader_kingdoms.scene import CrusaderScene
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.ui.conftest import click, top_is

LONGEST_NAMES = sorted((c for c in BY_ID if c.startswith("c_")), key=lambda c: -len(BY_ID[c].title))


def _name_bar(card: pygame.Rect) -> pygame.Rect:
    """The name bar of a card drawn at ``card`` (the card art's bar: 5, 5, 110, 20 at scale 1)."""
    s = HAND_SCALE
    return pygame.Rect(card.x + round(5 * s), card.y + round(5 * s), round(110 * s), round(20 * s))


def _table_holding(app: App, count: int) -> CrusaderScene:
    match = Match.new("crusader_kingdoms", [Seat("Anna", "human"), Seat("Ben", "bot")], 3, {})
    scene = app.start_match(match)
    assert isinstance(scene, CrusaderScene)
    if top_is(app, CurtainScene):
        click(app, (800, 450))
    scene.shown.hand = LONGEST_NAMES[:count]
    return scene


@pytest.mark.parametrize("count", [9, 10, 11, 12, 14])
def test_no_card_of_the_hand_is_drawn_over_another_cards_name(app: App, count: int) -> None:
    scene = _table_holding(app, count)
    order = scene.layout.hand_order(count)
    assert sorted(order) == list(range(count))
    rects = [scene.hand_rect(i) for i in range(count)]
    for k, below in enumerate(order):
        bar = _name_bar(rects[below])
        for above in order[k + 1 :]:
            assert not bar.colliderect(rects[above]), (count, BY_ID[scene.shown.hand[below]].title)
        assert scene.layout.footer.contains(rects[below]), "the hand stays below the map"


def test_every_card_of_a_twelve_card_hand_is_picked_where_it_shows(app: App) -> None:
    scene = _table_holding(app, 12)
    for i in range(12):
        assert scene.hand_index_at(_name_bar(scene.hand_rect(i)).center) == i
        assert scene.hand_index_at(scene.visible_point(i)) == i


def test_a_twelve_card_hand_shows_every_cards_name_bar_as_the_card_prints_it(app: App) -> None:
    scene = _table_holding(app, 12)
    app.mouse_pos = (1, 1)  # nothing hovered, nothing lifted
    surface = pygame.Surface((1600, 900))
    scene.draw(surface)
    for i, cid in enumerate(scene.shown.hand):
        rect = scene.hand_rect(i)
        bar = _name_bar(rect)
        printed = pygame.Surface(rect.size)
        printed.blit(surface, (0, 0), rect)  # the table under the card, then the card itself on top
        printed.blit(card_image(cid, HAND_SCALE), (0, 0))
        on_table = surface.subsurface(bar)
        alone = printed.subsurface(bar.move(-rect.x, -rect.y))
        assert pygame.image.tobytes(on_table, "RGB") == pygame.image.tobytes(alone, "RGB"), BY_ID[cid].title
