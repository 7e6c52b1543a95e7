"""The kept result's plate (``overlays.draw_results``) never hides what a player reaches for.

It stays on the table until the next human decision (issue 8), over the middle of the table: on the
Crusader Kingdoms map that is where regions to attack or garrison lie.  Under the pointer it all but
clears, as a notice does, so the regions and cards below stay in sight while the player aims.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.settings import Settings
from crimson_table.ui.tables import overlays
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets.theme import PARCHMENT

PLAYERS = {"two_crowns": 2, "crimson_company": 2, "condottiere": 3, "crusader_kingdoms": 4, "crimson_keep": 2}
LINES = ["The attack's cards are revealed: Crossbowmen.", "Anna takes Tortosa."]
BELOW = (12, 34, 56)  # the table under the plate, in this test


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(tmp_path))
    return App(Settings(animation_speed="off"))


def _plate_pixel(scene: BaseGameScene, pointer: tuple[int, int]) -> tuple[pygame.Rect, tuple[int, int, int]]:
    """Draw the plate over a plain table with the pointer at ``pointer``: the plate and a pixel of it
    clear of its text (just inside its left edge, halfway down)."""
    scene.app.mouse_pos = pointer
    surface = pygame.Surface((1600, 900))
    surface.fill(BELOW)
    plate = overlays.draw_results(scene, surface)
    assert plate is not None
    colour = surface.get_at((plate.x + 8, plate.centery))
    return plate, (colour.r, colour.g, colour.b)


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_the_result_plate_all_but_clears_under_the_pointer(
    app: App, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = [Seat("Anna", "human")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, PLAYERS[game_id])]
    scene = app.start_match(Match.new(game_id, seats, seed=4))
    assert isinstance(scene, BaseGameScene)
    monkeypatch.setattr(scene, "result_lines", lambda: LINES)
    plate, away = _plate_pixel(scene, (1, 1))
    assert not plate.collidepoint((1, 1))
    assert away == PARCHMENT, "away from the pointer the plate is opaque parchment"
    same, under = _plate_pixel(scene, plate.center)
    assert same == plate, "the plate does not move under the pointer"
    assert all(abs(u - b) <= abs(p - b) * 0.3 for u, b, p in zip(under, BELOW, PARCHMENT, strict=True)), (
        f"under the pointer the table shows through: {under} against {BELOW} below"
    )
