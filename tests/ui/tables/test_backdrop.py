"""The composed backdrop (``tables/backdrop.py``): one blit for the felt, the log's ink and a still map.

While nothing animates a table draws its backdrop from one cached surface instead of the felt, the
log panel's translucent ink and (Crusader Kingdoms) the map's layer one after another.  The frame
must look exactly as drawn the long way, at every settled position of whole games of bots, with the
log open and closed; and the cache must follow any layer that changes.
"""

from __future__ import annotations

import pygame
import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables.backdrop import Backdrop
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets.curtain import CurtainScene

TABLES = [
    ("two_crowns", 2, None),
    ("crimson_company", 2, None),
    ("condottiere", 3, None),
    ("crusader_kingdoms", 4, None),
    ("crusader_kingdoms", 3, None),
    ("crusader_kingdoms", 1, {"difficulty": "standard"}),
    ("crusader_kingdoms", 2, {"difficulty": "challenging"}),
    ("crimson_keep", 2, None),
    ("crimson_keep", 1, None),
]
POSITIONS = 24  # settled positions compared per table and log state, one after another


def _frame(scene: BaseGameScene, composed: bool, monkeypatch: pytest.MonkeyPatch) -> bytes:
    surface = pygame.Surface((1600, 900))
    with monkeypatch.context() as patch:
        if not composed:  # the long way: as while an animation plays
            patch.setattr(scene, "animating", lambda: True)
        scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES)
@pytest.mark.parametrize("collapsed", [False, True])
def test_the_composed_backdrop_draws_each_settled_position_exactly_as_the_long_way(
    app: App,
    game_id: str,
    players: int,
    options: dict[str, str] | None,
    collapsed: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seats = [Seat(f"Bot {i + 1}", "bot", "random") for i in range(players)]
    scene = app.start_match(Match.new(game_id, seats, seed=11, options=options))
    assert isinstance(scene, BaseGameScene)
    if isinstance(app.top, CurtainScene):
        app.pop()
    scene.log_panel.collapsed = collapsed
    compared, last = 0, -1
    for _ in range(40_000):
        if compared == POSITIONS or (scene.match.is_over() and scene.settled and compared):
            break
        scene.update(1 / 60)
        if not scene.settled or scene.animating() or scene.match.step == last:
            continue
        last = scene.match.step
        assert _frame(scene, True, monkeypatch) == _frame(scene, False, monkeypatch), (
            f"{game_id}: the composed frame differs at step {last}"
        )
        compared += 1
    assert compared >= 8, f"{game_id}: only {compared} settled positions"


def test_the_backdrop_is_kept_while_its_layers_are_the_same_surfaces_and_rebuilt_when_one_changes() -> None:
    felt = pygame.Surface((40, 30))
    felt.fill((10, 80, 40))
    ink = pygame.Surface((10, 30), pygame.SRCALPHA)
    ink.fill((0, 0, 0, 200))
    spot = pygame.Surface((5, 5))
    spot.fill((250, 0, 0))
    backdrop = Backdrop()
    first = backdrop.compose(felt, [(spot, (2, 2)), (ink, (30, 0))])
    assert first.get_at((3, 3))[:3] == (250, 0, 0)
    inked = felt.copy()
    inked.blit(ink, (0, 0))
    assert first.get_at((35, 5)) == inked.get_at((5, 5)) != felt.get_at((5, 5))
    assert first.get_at((20, 20))[:3] == (10, 80, 40)
    spot.fill((0, 0, 250))  # drawn on in place: the same surface, so the cache stands
    assert backdrop.compose(felt, [(spot, (2, 2)), (ink, (30, 0))]).get_at((3, 3))[:3] == (250, 0, 0)
    moved = backdrop.compose(felt, [(spot, (12, 2)), (ink, (30, 0))])
    assert moved.get_at((3, 3))[:3] == (10, 80, 40) and moved.get_at((13, 3))[:3] == (0, 0, 250)
    other = pygame.Surface((5, 5))
    other.fill((0, 250, 0))
    assert backdrop.compose(felt, [(other, (12, 2)), (ink, (30, 0))]).get_at((13, 3))[:3] == (0, 250, 0)
    assert backdrop.compose(felt, []).get_at((35, 5))[:3] == (10, 80, 40), "the ink left with its layer"
