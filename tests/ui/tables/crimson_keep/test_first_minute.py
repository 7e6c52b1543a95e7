"""What a new player meets in the first minute at the Crimson Keep table: the starting draw counts
down the cards still to keep (CK2-R96: draw 5, keep 3), the "Leave out ..." buttons say what each
Battle Tactics card does (CK2 s.4.1), a hint's plate never hides one of those buttons, and the log
names board spaces as the board reads (a keep's column and level, a gate), not as ``(c,l)``.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from crimson_table.engine.core import Outcome
from crimson_table.engine.crimson_keep.actions import ExcludeTactic, Place, space_name
from crimson_table.engine.crimson_keep.board import board
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables import highlight
from crimson_table.ui.tables.crimson_keep import paint, panels
from crimson_table.ui.tables.crimson_keep.layout import TACTIC_EFFECTS
from crimson_table.ui.tables.crimson_keep.scene import CrimsonKeepScene
from tests.ui.conftest import click


def _open(app: App) -> CrimsonKeepScene:
    match = Match.new("crimson_keep", [Seat("Anna", "human"), Seat("Ben", "bot")], 7, {})
    app.go_to_menu()
    scene = CrimsonKeepScene(app, match)
    app.push(scene)
    app.step()
    return scene


def _texts_drawn(scene: CrimsonKeepScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    original = paint.shadow_text

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> None:
        drawn.append(text)
        original(surface, text, *args, **kwargs)

    monkeypatch.setattr(panels, "shadow_text", record)
    scene.draw(pygame.Surface((1600, 900)))
    monkeypatch.setattr(panels, "shadow_text", original)
    return drawn


def _hover(app: App, pos: tuple[int, int]) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    app.step()


def test_the_starting_draw_counts_down_three_two_one_cards_to_keep(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = _open(app)
    scene.try_action(next(a for a in scene.match.legal_actions() if isinstance(a, ExcludeTactic)))
    scene.settle()
    for left in (3, 2, 1):  # CK2-R96: each clan draws 5 and keeps 3, one click per kept card
        assert len(scene.offered()) == 2 + left
        assert f"Keep {left} more: click a card" in _texts_drawn(scene, monkeypatch)
        click(app, panels.offer_rects(scene.layout, len(scene.offered()))[0].center)
        scene.settle()
    assert not scene.offered()


def test_hovering_a_leave_out_button_says_what_that_tactic_does(app: App) -> None:
    scene = _open(app)
    tips = {}
    for button, action in zip(scene.buttons, scene.button_actions, strict=True):
        assert isinstance(action, ExcludeTactic)
        _hover(app, button.rect.center)
        tips[action.tactic] = scene.button_tip(app.mouse_pos)
        assert TACTIC_EFFECTS[action.tactic] in tips[action.tactic]
    assert len(set(tips.values())) == 5


def test_a_leave_out_tip_sits_above_the_buttons_and_covers_none(app: App) -> None:
    scene = _open(app)
    block = scene.buttons[0].rect.unionall([b.rect for b in scene.buttons])
    for t, effect in TACTIC_EFFECTS.items():
        box = panels.tip_rect(f"Tactic (BT{t}): {effect}", block, scene.table_rect)
        assert scene.table_rect.contains(box)
        assert not any(box.colliderect(b.rect) for b in scene.buttons)


def test_a_hint_on_any_leave_out_button_covers_none_of_the_buttons(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = _open(app)
    plates: list[pygame.Rect] = []
    original = highlight.draw_plate

    def record(*args: Any, **kwargs: Any) -> pygame.Rect:
        plates.append(original(*args, **kwargs))
        return plates[-1]

    monkeypatch.setattr(highlight, "draw_plate", record)
    caption = "Leave out Second Wind: about 55% to win; next best: Leave out Reserve Troops, about 55%"
    for action in scene.button_actions:
        scene.glow([action], "hint", caption=caption)
        scene.draw(pygame.Surface((1600, 900)))
        box = plates[-1]
        assert scene.table_rect.contains(box)
        assert not any(box.colliderect(b.rect) for b in scene.buttons), action.label


def test_log_lines_and_labels_name_spaces_as_a_player_reads_the_board() -> None:
    # CK2 s.1.1: each keep's columns A (rear), B, C (front, facing the battlefield); the gates (CK2-R8)
    b = board()
    for seat, side in enumerate(("Left", "Right")):
        for letter, place in (("A", "rear"), ("B", "middle"), ("C", "front")):
            cell = b.keep_columns[seat][letter] * b.levels + 1  # level 2
            assert space_name(cell) == f"level 2 of the {side} keep's {place} column"
        gate = b.gates[seat][0] * b.levels + b.gates[seat][1] - 1
        assert space_name(gate) == f"the {side} gate"
        assert space_name(gate + 2) == f"level 3 above the {side} gate"
    names = {space_name(cell) for cell in range(b.columns * b.levels)}
    assert len(names) == b.columns * b.levels and not any("(" in n for n in names)


def test_a_building_placed_is_logged_on_its_keep_column_and_level() -> None:
    match = Match.new("crimson_keep", [Seat("Anna", "bot"), Seat("Ben", "bot")], 7, {})
    for _ in range(400):
        place = next((a for a in match.legal_actions() if isinstance(a, Place) and a.dest >= 0), None)
        if place is not None:
            break
        match.apply(match.bot_choose())
    assert place is not None
    line = next(e.text_for(None, ("Anna", "Ben")) for e in match.apply(place) if e.kind == "place")
    assert "(" not in line and " keep's " in line and " column" in line, line


def test_a_solo_game_kai_wins_is_headlined_as_her_win_not_a_draw(app: App) -> None:
    """CK2-R47: a solo game without a winner (Kai's victory, or the guard's end) is a defeat."""
    match = Match.new("crimson_keep", [Seat("Anna")], seed=3)
    scene = CrimsonKeepScene(app, match)
    match.outcome = lambda: Outcome(winners=(), scores=(0.0,), reason="Kai wins", rewards=(0.0,))  # type: ignore[method-assign]
    assert scene.result_headline() == "Kai wins"


def test_a_board_cards_menu_of_choices_names_each_choice_apart_and_fits_its_buttons(app: App) -> None:
    """Choices that start alike ("Kragars: build … on level 1 / 2 of the Left keep's front column")
    must stay apart once fitted, and each must fit the menu's button at its font."""
    import random

    from crimson_table.ui.tables.crimson_keep import gestures
    from crimson_table.ui.tables.crimson_keep.scene import MENU_W, menu_labels
    from crimson_table.ui.widgets import fonts

    menus = 0
    for seed in range(4):
        match = Match.new(
            "crimson_keep", [Seat("Anna", "bot", "random"), Seat("Ben", "bot", "random")], seed=seed
        )
        scene = CrimsonKeepScene(app, match)
        rng = random.Random(seed)
        for _ in range(120):
            if match.is_over():
                break
            legal = match.legal_actions()
            seat = match.current_seat()
            for owner in (0, 1):
                for card in {getattr(a, "card", None) for a in legal} - {None}:
                    choices = gestures.card_choices(legal, seat, owner, card)[:8]
                    if len(choices) < 2:
                        continue
                    menus += 1
                    labels = menu_labels([scene.action_label(a) for a in choices])
                    assert len(set(labels)) == len(labels), labels
                    for label in labels:
                        assert fonts.font(fonts.SMALL - 3).size(label)[0] <= MENU_W - 16, label
            match.apply(rng.choice(legal))
    assert menus > 0
