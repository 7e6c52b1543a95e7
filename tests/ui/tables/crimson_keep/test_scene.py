"""The Crimson Keep table: drag and drop onto glowing spaces, refusals, clicks, keys, buttons, Kai,
and whole games (2 players normal and hard, solo against Kai) played through the scene.

Every test runs headless with pygame events injected in logical coordinates; legality always
comes from the engine (rule IDs from crimson_keep_supplement.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from crimson_table.engine.core import Action
from crimson_table.engine.crimson_keep.actions import EndTurn, Flip, KeepCard, Place
from crimson_table.engine.crimson_keep.cards import BUILDING, CARDS
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.tables import scene_class_for, table_spec
from crimson_table.ui.tables.crimson_keep.scene import CrimsonKeepScene
from crimson_table.ui.tables.crimson_keep.shown import CrimsonKeepShown
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.ui.conftest import click, key, top_is

NAMES = ("Anna", "Ben")


def _match(
    seed: int = 7, kinds: tuple[str, ...] = ("human", "bot"), options: dict[str, Any] | None = None
) -> Match:
    return Match.new("crimson_keep", [Seat(NAMES[i], k) for i, k in enumerate(kinds)], seed, options or {})


def _open(app: App, match: Match) -> CrimsonKeepScene:
    app.go_to_menu()
    scene = CrimsonKeepScene(app, match)
    app.push(scene)
    app.step()
    return scene


def _event(app: App, kind: int, pos: tuple[int, int], **extra: Any) -> None:
    app.dispatch(pygame.event.Event(kind, {"pos": pos, **extra}))


def _drag(app: App, start: tuple[int, int], end: tuple[int, int], release: bool = True) -> None:
    _event(app, pygame.MOUSEMOTION, start, rel=(0, 0), buttons=(0, 0, 0))
    _event(app, pygame.MOUSEBUTTONDOWN, start, button=1)
    _event(
        app,
        pygame.MOUSEMOTION,
        ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2),
        rel=(0, 0),
        buttons=(1, 0, 0),
    )
    _event(app, pygame.MOUSEMOTION, end, rel=(0, 0), buttons=(1, 0, 0))
    if release:
        _event(app, pygame.MOUSEBUTTONUP, end, button=1)


def _advance(match: Match, until: Callable[[Match], bool], limit: int = 600) -> None:
    for _ in range(limit):
        if until(match):
            return
        match.apply(match.bot_choose())
    raise AssertionError("the wanted position never came up")


def _human_to_act(match: Match) -> int:
    seat = match.current_seat()
    assert seat is not None
    match.seats = [Seat(NAMES[i], "human" if i == seat else "bot") for i in range(len(match.seats))]
    return seat


def _building_place_turn(match: Match) -> bool:
    return any(isinstance(a, Place) and a.dest >= 0 and CARDS[a.card].set == BUILDING
               and a.card in match.view(match.current_seat() or 0)["clans"][match.current_seat() or 0]["hand"]
               for a in match.legal_actions())  # fmt: skip


def _at_building_place(seed: int = 7) -> tuple[Match, int]:
    match = _match(seed, ("bot", "bot"))
    _advance(match, _building_place_turn)
    return match, _human_to_act(match)


def _hand_point(scene: CrimsonKeepScene, card: int) -> tuple[int, int]:
    return next(r.center for k, r, n in scene.pickables() if k == ("hand", card))


def _legal_places(match: Match, card: int) -> list[Place]:
    return [a for a in match.legal_actions() if isinstance(a, Place) and a.card == card]


# -- registration -------------------------------------------------------------------------------------------


def test_the_table_is_registered_on_walnut_with_its_shown_model() -> None:
    spec = table_spec("crimson_keep")
    assert spec.walnut and spec.shown.endswith(":CrimsonKeepShown")
    assert scene_class_for("crimson_keep") is CrimsonKeepScene


# -- drag and drop ------------------------------------------------------------------------------------------


def test_dragging_a_building_lights_exactly_the_legal_spaces(app: App) -> None:
    match, seat = _at_building_place()
    scene = _open(app, match)
    card = next(a.card for a in match.legal_actions() if isinstance(a, Place) and a.card in scene.shown.hand
                and a.dest >= 0)  # fmt: skip
    _drag(app, _hand_point(scene, card), (10, 10), release=False)
    lit = {z.data["actions"][0] for z in scene.drag.live_zones if z.legal and z.key[0] == "place"}
    assert lit == set(_legal_places(match, card))
    assert any(not z.legal for z in scene.drag.live_zones) or len(lit) == 15


def test_dropping_a_building_on_a_glowing_space_builds_it(app: App) -> None:
    match, seat = _at_building_place()
    scene = _open(app, match)
    place = next(
        a
        for a in match.legal_actions()
        if isinstance(a, Place) and a.card in scene.shown.hand and a.dest >= 0
    )
    _drag(app, _hand_point(scene, place.card), scene.layout.cell(place.dest).center)
    scene.settle()
    assert match.state.board[place.dest] == seat * 100 + place.card
    assert scene.shown.board[place.dest] == seat * 100 + place.card


def test_a_drop_on_a_plain_space_is_refused_with_the_rule(app: App) -> None:
    match, seat = _at_building_place()
    scene = _open(app, match)
    card = next(a.card for a in match.legal_actions() if isinstance(a, Place) and a.card in scene.shown.hand
                and a.dest >= 0)  # fmt: skip
    _drag(app, _hand_point(scene, card), (10, 10), release=False)
    plain = next((z for z in scene.drag.live_zones if not z.legal), None)
    if plain is None:
        return  # every space of the keep is open: nothing to refuse here
    step = match.step
    _event(app, pygame.MOUSEMOTION, plain.rect.center, rel=(0, 0), buttons=(1, 0, 0))
    _event(app, pygame.MOUSEBUTTONUP, plain.rect.center, button=1)
    app.step()
    assert match.step == step
    assert any("(CK2-" in text for text in app.toasts.texts())


# -- click and keys -----------------------------------------------------------------------------------------


def test_selecting_a_card_with_the_arrows_and_pressing_enter_plays_it(app: App) -> None:
    match, seat = _at_building_place()
    scene = _open(app, match)
    key(app, pygame.K_RIGHT)
    assert scene.selected is not None
    step = match.step
    zones = [z for z in scene._zones_for_key(scene.selected) if z.legal]
    key(app, pygame.K_RETURN)
    assert (match.step > step) == bool(zones)


def test_clicking_a_card_of_a_draw_keeps_it(app: App) -> None:
    match = _match(3, ("bot", "bot"))
    _advance(match, lambda m: any(isinstance(a, KeepCard) for a in m.legal_actions()))
    _human_to_act(match)
    scene = _open(app, match)
    offer = scene.offered()
    assert offer
    from crimson_table.ui.tables.crimson_keep import panels

    rect = panels.offer_rects(scene.layout, len(offer))[0]
    click(app, rect.center)
    assert any(isinstance(a, KeepCard) and a.card == offer[0] for a in match.log)


def test_clicking_an_own_card_on_the_board_flips_it_or_offers_its_choices(app: App) -> None:
    match = _match(5, ("bot", "bot"))
    _advance(match, lambda m: any(isinstance(a, Flip) for a in m.legal_actions()))
    seat = _human_to_act(match)
    scene = _open(app, match)
    flip = next(a for a in match.legal_actions() if isinstance(a, Flip))
    key_, rect, _n = next(item for item in scene.board_cards() if item[0] == ("board", seat, flip.card))
    step = match.step
    click(app, rect.center)
    if match.step == step:  # several choices: a menu opened beside the card
        button = next(b for b, a in scene.menu if a == flip)
        click(app, button.rect.center)
    assert match.log[-1] == flip


def test_the_end_turn_button_ends_the_turn(app: App) -> None:
    match = _match(5, ("bot", "bot"))
    _advance(match, lambda m: EndTurn() in m.legal_actions())
    _human_to_act(match)
    scene = _open(app, match)
    button = scene.button_for(EndTurn())
    assert button is not None
    click(app, button.rect.center)
    assert EndTurn() in match.log


def test_it_is_not_your_move_while_the_other_clan_acts(app: App) -> None:
    match = _match(7, ("bot", "bot"))
    scene = _open(app, match)
    assert not scene.interactive and scene.buttons == []


# -- pass and play, Kai --------------------------------------------------------------------------------------


def test_two_humans_get_the_curtain_between_their_turns(app: App) -> None:
    match = _match(7, ("human", "human"))
    scene = _open(app, match)
    for _ in range(200):
        if top_is(app, CurtainScene):
            break
        if app.top is scene and scene.awaiting_human:
            assert scene.smoke_human_move()
        else:
            app.step()
    assert top_is(app, CurtainScene)


def test_against_kai_her_seat_is_named_and_her_solo_cards_are_narrated(app: App) -> None:
    match = Match.new("crimson_keep", [Seat("Anna", "human")], 3)
    scene = _open(app, match)
    assert scene.seat_names == ("Anna", "Kai")
    for _ in range(60):
        if any(e.kind == "solo_card" for e in match.events):
            break
        scene.settle()
        assert scene.smoke_human_move()
    scene.settle()
    assert any(e.kind == "solo_card" for e in match.events)
    assert any("Kai flips Solo card" in entry for entry in scene.log_panel.visible_texts())


# -- whole games through the scene ------------------------------------------------------------------------------


def _play_through(app: App, match: Match, limit: int = 3000) -> CrimsonKeepScene:
    scene = _open(app, match)
    for _ in range(limit):
        if match.is_over():
            break
        if top_is(app, CurtainScene):
            click(app, (800, 450))
        elif app.top is scene and scene.awaiting_human:
            assert scene.smoke_human_move(), f"no move through events in phase {match.state.phase}"
        else:
            app.step()
    assert match.is_over()
    app.run_until(lambda: top_is(app, GameOverScene), 50)
    assert top_is(app, GameOverScene)
    return scene


def test_a_whole_two_player_game_is_played_through_the_table(app: App) -> None:
    match = _match(11, ("human", "human"))
    scene = _play_through(app, match)
    assert (
        CrimsonKeepShown.from_view(match.view(0), 0).mirror() == scene.shown.mirror()
        or scene.viewer_seat == 1
    )


def test_a_whole_hard_mode_game_is_played_through_the_table(app: App) -> None:
    _play_through(app, _match(12, ("human", "human"), {"hard_mode": True}))


def test_a_whole_solo_game_against_kai_is_played_through_the_table(app: App) -> None:
    _play_through(app, Match.new("crimson_keep", [Seat("Anna", "human")], 13))


def test_the_shown_model_never_shows_another_clan_s_hand() -> None:
    match = _match(7, ("bot", "bot"))
    _advance(match, lambda m: m.step > 30)
    shown = CrimsonKeepShown.from_view(match.view(0), 0)
    assert shown.hand == match.state.clans[0].hand and isinstance(shown.hand_count[1], int)


def _unused(_: Action) -> None:  # keeps the import list honest for type checkers
    return None


def test_pointing_at_a_summon_objective_names_it(app: App) -> None:
    from crimson_table.ui.tables.crimson_keep import paint, panels

    scene = _open(app, _match(7, ("human", "human")))
    pos = paint.objective_rect(scene.layout, 0, 0).center
    assert panels.hint_at(scene.layout, scene.frame(), pos).startswith("B1 Rising Stone")


def test_playing_the_right_clan_against_kai_turns_the_table_round(app: App) -> None:
    """CK2-R72: the player chose the Right clan, so its keep, boards and summon board are on the right."""
    from crimson_table.ui.tables.crimson_keep import paint, panels

    match = Match.new("crimson_keep", [Seat("Anna", "human")], 3, {"your_clan": "right"})
    scene = _open(app, match)
    layout = scene.layout
    assert layout.mirrored and layout.side(0) == 1
    board = layout.board
    mine, kais = layout.cell(board.cell(0, 1)), layout.cell(board.cell(8, 1))
    assert mine.x > kais.x  # the player's keep (grid columns 0-2 in the engine) is drawn on the right
    assert layout.clan(0, "deck").x > layout.clan(1, "deck").x
    pos = paint.objective_rect(layout, 0, 6).center
    assert panels.hint_at(layout, scene.frame(), pos).startswith("A1 Fang alignment")
    for _ in range(30):
        scene.settle()
        assert scene.smoke_human_move()
    scene.settle()
    assert CrimsonKeepShown.from_view(match.view(0), 0).mirror() == scene.shown.mirror()
