"""Condottiere outcomes and words a player can trust (issue 8)."""

from __future__ import annotations

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables.condottiere.paint import prompt_text
from crimson_table.ui.tables.condottiere.scene import CondottiereScene
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.ui.conftest import click, top_is

NAMES = ("Anna", "Ben", "Clara")


def _open(app: App, match: Match) -> CondottiereScene:
    scene = app.start_match(match)
    assert isinstance(scene, CondottiereScene)
    if top_is(app, CurtainScene):
        click(app, (800, 450))
    app.run_frames(2)
    return scene


def _anna_chooses_a_region() -> Match:
    for seed in range(1, 200):
        match = Match.new(
            "condottiere", [Seat(n, "human" if i == 0 else "bot") for i, n in enumerate(NAMES)], seed
        )
        if match.current_seat() == 0:
            return match
    raise AssertionError("no seed gives seat 0 the token")


def test_the_prompt_says_glowing_only_while_regions_glow(app: App) -> None:
    scene = _open(app, _anna_chooses_a_region())
    assert scene.interactive and scene.map_marks()["glow"]
    assert "glowing" in prompt_text(scene.frame())
    scene.pending_events.append([])  # the table is still showing a move: nothing glows
    assert not scene.map_marks()["glow"]
    assert "glowing" not in prompt_text(scene.frame())


def test_with_animation_off_a_battle_result_is_drawn_over_the_map_until_the_human_decides(app: App) -> None:
    seats = [Seat(n, "bot") for n in NAMES]
    match = Match.new("condottiere", seats, 4)
    for _ in range(2000):
        events = match.apply(match.bot_choose())
        if any(e.kind == "battle_result" for e in events) and match.current_seat() is not None:
            break
    seat = match.current_seat()
    match.seats = [Seat(n, "human" if i == seat else "bot") for i, n in enumerate(NAMES)]
    scene = _open(app, match)
    scene.pending_events.append(list(events))
    scene.settle()
    assert any(line.startswith("Battle for") for line in scene.result_lines())
    assert scene.layout.map_rect.collidepoint(scene.result_anchor())


def test_the_condottiere_token_covers_no_region_name_anywhere_on_the_map(app: App) -> None:
    import pygame

    from crimson_table.ui.tables.condottiere import map_view

    scene = _open(app, _anna_chooses_a_region())
    view = scene.map_view
    for key in view.keys:
        token = pygame.Rect(0, 0, map_view.TOKEN_SIZE, map_view.TOKEN_SIZE)
        token.center = tuple(round(v) for v in view.token_spot(key))
        for other in view.keys:
            plate = map_view._label(view.title(other), True).get_rect()
            plate.center = tuple(round(v) for v in view.anchors[other])
            assert not plate.colliderect(token), f"the token on {key} covers the name of {other}"


def test_the_token_holder_keeps_their_whole_name_and_the_token_sits_below_it(app: App) -> None:
    from crimson_table.ui.tables.condottiere import paint

    scene = _open(app, _anna_chooses_a_region())
    assert scene.shown.holder == 0
    drawn: list[str] = []
    original = paint.fonts.blit_text

    def spy(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    paint.fonts.blit_text = spy  # type: ignore[assignment]
    try:
        app.run_frames(1)
    finally:
        paint.fonts.blit_text = original  # type: ignore[assignment]
    assert "Anna" in drawn and "An…" not in drawn
    head = scene.layout.head(0)
    assert scene.layout.token_home(0)[1] > head.y + 30, (
        "the token rests on the counts line, not beside the name"
    )


def test_in_a_six_player_battle_a_card_in_any_line_zooms_under_the_mouse(app: App) -> None:
    import pygame

    from crimson_table.ui.tables.condottiere import paint

    names = ("Anna", "Ben", "Clara", "Dario", "Emil", "Fay")
    match = Match.new("condottiere", [Seat(n, "bot") for n in names], 4)
    for _ in range(3000):
        state = match.state
        if match.current_seat() == 0 and state.phase == "battle" and sum(map(len, state.lines)) >= 3:
            break
        match.apply(match.bot_choose())
    match.seats = [Seat(n, "human" if i == 0 else "bot") for i, n in enumerate(names)]
    scene = _open(app, match)
    seat = next(s for s in range(1, 6) if scene.shown.lines[s])
    slot = scene.layout.line_slots(seat, len(scene.shown.lines[seat]))[0]
    assert slot.height < 100, "six lines make the cards small"
    app.dispatch(
        pygame.event.Event(pygame.MOUSEMOTION, {"pos": slot.center, "rel": (0, 0), "buttons": (0, 0, 0)})
    )
    assert scene.hover_line == (seat, 0)
    zoomed: list[float] = []
    original = paint.lifted_image

    def spy(card, scale):  # type: ignore[no-untyped-def]
        zoomed.append(scale)
        return original(card, scale)

    paint.lifted_image = spy  # type: ignore[assignment]
    try:
        app.run_frames(1)
    finally:
        paint.lifted_image = original  # type: ignore[assignment]
    assert paint.ZOOM_SCALE in zoomed
