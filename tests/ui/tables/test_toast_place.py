"""Where a table's notices go: never over the viewer's hand, never under the log panel.

A refused drop's toast (3 s) used to stack up from the bottom centre of the window, over the very
cards the player was dragging (seen on the Crusader Kingdoms and Crimson Keep tables).  Every
table with a hand along the bottom now says where its notices sit (``toast_anchor``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.settings import Settings
from crimson_table.ui.tables.base import BaseGameScene

LONG = "Not that one yet. This step asks for something else entirely, and says so at some length."

HANDS: dict[str, Callable[[BaseGameScene], pygame.Rect]] = {
    "two_crowns": lambda scene: scene.layout.hand_box,  # type: ignore[attr-defined]
    "condottiere": lambda scene: scene.layout.hand_rect,  # type: ignore[attr-defined]
    "crimson_keep": lambda scene: scene.layout.hand_rects(1)[0].unionall(scene.layout.hand_rects(8)),  # type: ignore[attr-defined]
    "crusader_kingdoms": lambda scene: scene.layout.hand_rect,  # type: ignore[attr-defined]
}
PLAYERS = {"two_crowns": 2, "condottiere": 3, "crimson_keep": 2, "crusader_kingdoms": 4}


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(tmp_path))
    return App(Settings(animation_speed="fast"))


def _toast_rects(app: App) -> list[pygame.Rect]:
    app.toast(LONG, "error")
    app.toast("Saved.", "info")
    app.render()
    assert len(app.toasts.rects) == 2
    return app.toasts.rects


@pytest.mark.parametrize("game_id", sorted(HANDS))
def test_notices_sit_above_the_viewers_hand_and_clear_of_the_log(app: App, game_id: str) -> None:
    seats = [Seat("Anna", "human")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, PLAYERS[game_id])]
    scene = app.start_match(Match.new(game_id, seats, seed=4))
    assert isinstance(scene, BaseGameScene)
    scene.settle()
    hand = HANDS[game_id](scene)
    for rect in _toast_rects(app):
        assert not rect.colliderect(hand), f"{game_id}: a notice {rect} covers the hand {hand}"
        assert scene.table_rect.contains(rect), (
            f"{game_id}: a notice {rect} leaves the table {scene.table_rect}"
        )


def test_screens_without_a_table_keep_their_notices_at_the_bottom_centre(app: App) -> None:
    assert app.top is not None
    assert app.top.toast_anchor() == (800, 876)


@pytest.mark.parametrize("game_id", [*sorted(PLAYERS), "crimson_company"])
def test_a_notice_steps_aside_from_the_kept_result(
    app: App, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seen on Two Crowns: "Loaded …" sat right on the battle's kept result ("Anna reveals Knight 3, …").
    players = PLAYERS.get(game_id, 2)
    seats = [Seat("Anna", "human")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, players)]
    scene = app.start_match(Match.new(game_id, seats, seed=4))
    assert isinstance(scene, BaseGameScene)
    scene.settle()
    lines = [
        "Anna reveals Knight 3, Feint",
        "Ben reveals nothing",
        "Battle: attack 3 against defence 0; Anna wins",
    ]
    monkeypatch.setattr(scene, "result_lines", lambda: lines)
    app.render()  # draws the plate where the table keeps it
    plate = scene.result_plate
    assert plate is not None
    hand = HANDS[game_id](scene) if game_id in HANDS else pygame.Rect(0, 0, 0, 0)
    for rect in _toast_rects(app):
        assert not rect.colliderect(plate), f"{game_id}: a notice {rect} covers the kept result {plate}"
        assert not rect.colliderect(hand), f"{game_id}: a notice {rect} covers the hand {hand}"
