"""Every legal action has a place on the table: ``action_rects`` (ui/tables/highlight.py).

For each table, random positions (random playouts from several seeds, the seat to act made the
human at the screen): every legal action must have at least one on-screen rect, except the kinds
a table documents as drawn nowhere (they glow as the caption plate: ``FALLBACK_KINDS``).
"""

from __future__ import annotations

import pygame
import pytest

from crimson_table.engine.rng import Rng
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables import TABLE_GAMES, scene_class_for
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.highlight import SCREEN, Glow, plate_rect, target_rects

# Action kinds a table may leave without a rect (they glow as the caption plate).
FALLBACK_KINDS: dict[str, frozenset[str]] = {}
SEEDS = (1, 2)
SAMPLES = 5  # positions per seed
GAP = 7  # random moves between two samples


def players(game_id: str) -> int:
    """Two seats where the game allows it (three for Condottiere's minimum)."""
    from crimson_table.engine import GAMES

    info = GAMES.info(game_id)
    return max(2, info.min_players)


def open_for_current(app: App, match: Match) -> BaseGameScene:
    """The table with the seat to act as the one human (the others bots), settled."""
    seat = match.current_seat()
    assert seat is not None
    match.seats = [Seat(f"P{i + 1}", "human" if i == seat else "bot") for i in range(len(match.seats))]
    app.clear()
    scene = scene_class_for(match.game_id)(app, match)
    app.push(scene)
    app.step()
    scene.settle()
    scene.update(0.0)
    return scene


def sampled_positions(game_id: str, seed: int) -> list[Match]:
    """The same match advanced by random moves: the steps at which a sample is taken."""
    n = players(game_id)
    match = Match.new(game_id, [Seat(f"P{i + 1}", "bot", "random") for i in range(n)], seed)
    rng = Rng.from_seed(seed)
    out: list[int] = []
    for _ in range(SAMPLES):
        for _ in range(GAP):
            if match.is_over():
                break
            legal = match.legal_actions()
            match.apply(legal[rng.below(len(legal))])
        if match.is_over():
            break
        out.append(match.step)
    return [_replayed(match, step) for step in out]


def _replayed(match: Match, step: int) -> Match:
    copy = Match.new(match.game_id, list(match.seats), match.seed, match.options)
    for action in match.log[:step]:
        copy.apply(action)
    return copy


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_every_legal_action_has_a_target(app: App, game_id: str) -> None:
    checked = 0
    for seed in SEEDS:
        for match in sampled_positions(game_id, seed):
            scene = open_for_current(app, match)
            assert scene.interactive
            for action in match.legal_actions():
                rects = target_rects(scene.action_rects, action)
                if action.KIND in FALLBACK_KINDS.get(game_id, frozenset()):
                    continue
                assert rects, f"{game_id} step {match.step}: no rect for {action!r}"
                assert all(SCREEN.contains(r) for r in rects)
                checked += 1
            scene.glow(match.legal_actions(), "focus", caption="every legal action")
            scene.draw(pygame.Surface((1600, 900)))
    assert checked >= 20


def test_glow_draws_and_expires(app: App) -> None:
    match = sampled_positions("two_crowns", 1)[0]
    scene = open_for_current(app, match)
    legal = match.legal_actions()
    scene.glow(legal[:1], "hint", caption="A hint")
    scene.glow(legal[-1:], "focus")
    surface = pygame.Surface((1600, 900))
    scene.draw(surface)
    assert isinstance(scene.glows.get("hint"), Glow)
    scene.clear_glow("focus")
    assert scene.glows.get("focus") is None
    scene.try_action(legal[0])
    scene.update(0.0)
    assert scene.glows.get("hint") is None  # the position moved on: a non-sticky glow ends


def test_a_caption_beside_a_column_of_buttons_leaves_the_button_above_visible() -> None:
    table = pygame.Rect(0, 0, 1280, 900)
    target = pygame.Rect(1020, 450, 230, 50)  # a button in the right-hand column
    above = pygame.Rect(1020, 390, 230, 50)  # its neighbour
    box = plate_rect("Precise draw: about 61% to win; next best: Attack, about 30%", table, near=target)
    assert table.contains(box) and box.right < target.x and not box.colliderect(above)
    assert box.top <= target.centery <= box.bottom
    middle = pygame.Rect(600, 600, 120, 160)  # a card in the middle: the plate sits above it
    box = plate_rect("Play it here", table, near=middle)
    assert box.bottom < middle.y and table.contains(box)


@pytest.mark.parametrize("game_id", ["condottiere", "crusader_kingdoms", "crimson_keep"])
def test_a_hint_caption_keeps_off_the_players_own_hand(app: App, game_id: str) -> None:
    """A hint's line must not cover the cards the player is choosing among (their hand)."""
    players = {"condottiere": 3, "crusader_kingdoms": 3, "crimson_keep": 2}[game_id]
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, players)]
    scene = scene_class_for(game_id)(app, Match.new(game_id, seats, seed=4))
    avoid = scene.caption_avoid()
    hand = avoid[-1]
    for near in (hand, hand.move(0, -40), None):
        text = "Play this: about 61% to win; next best: Pass, about 30%"
        box = plate_rect(text, scene.table_rect, near=near, avoid=avoid)
        assert not box.colliderect(hand), (game_id, box, hand)
