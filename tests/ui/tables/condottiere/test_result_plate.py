"""The kept battle result stays on the map (CO-R35: "Battle for Firenze: ...: Elena wins"): however
long it runs, at every seat count (2-6) and wherever the viewer sits, it never covers a seat's row on
the right, least of all the viewer's own name and card count at the bottom."""

from __future__ import annotations

import pygame
import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables import overlays
from crimson_table.ui.tables.condottiere.scene import CondottiereScene

NAMES = ("Anna", "Ben", "Carla", "Dario", "Elena", "Federico")


def _results(players: int, battles: int) -> list[str]:
    totals = ", ".join(f"{NAMES[s]} {17 + s}" for s in range(players))
    return [f"Battle for Firenze: {totals}: {NAMES[players - 1]} wins" for _ in range(battles)]


def _plate(
    app: App, players: int, viewer: int, battles: int, monkeypatch: pytest.MonkeyPatch
) -> tuple[CondottiereScene, pygame.Rect]:
    seats = [Seat(NAMES[s], "human" if s == viewer else "bot", "random") for s in range(players)]
    app.go_to_menu()
    scene = CondottiereScene(app, Match.new("condottiere", seats, 3))
    app.push(scene)
    monkeypatch.setattr(scene, "result_lines", lambda: _results(players, battles))
    app.mouse_pos = (1, 1)
    plate = overlays.draw_results(scene, pygame.Surface((1600, 900)))
    assert plate is not None
    return scene, plate


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_kept_battle_result_stays_on_the_map_clear_of_every_seat_row(
    app: App, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for viewer in sorted({0, players // 2, players - 1}):
        for battles in (1, 2, 3):  # up to the three results a table keeps
            scene, plate = _plate(app, players, viewer, battles, monkeypatch)
            layout = scene.layout
            assert layout.map_rect.contains(plate), (players, viewer, battles, plate)
            assert not plate.colliderect(layout.rows[scene.viewer_seat])
            assert not any(plate.colliderect(row) for row in layout.rows.values())
