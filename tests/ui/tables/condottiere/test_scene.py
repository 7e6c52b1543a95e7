"""The Condottiere table: map clicks, drag-and-drop into the own line, buttons, hover, bots to the end.

Every gesture is injected as pygame events in logical coordinates; what happened is read back
from the engine (``match.view``) and the app's toasts.
"""

from __future__ import annotations

import pygame
import pytest

from crimson_table.engine.condottiere.actions import PASS
from crimson_table.engine.condottiere.notation import position
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.sight import SEAT_SIGHT
from crimson_table.ui.tables.condottiere.scene import CondottiereScene
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.ui.conftest import click, key, top_is

NAMES = ["Anna", "Ben", "Clara", "Dario", "Elena", "Fabio"]


def _seats(kinds: tuple[str, ...]) -> list[Seat]:
    return [Seat(NAMES[i], kind, "heuristic") for i, kind in enumerate(kinds)]


def _match_where_anna_holds_the_token(kinds: tuple[str, ...]) -> Match:
    """A fresh match whose first decision (CO-R10) is seat 0's."""
    for seed in range(1, 200):
        match = Match.new("condottiere", _seats(kinds), seed)
        if match.current_seat() == 0:
            return match
    raise AssertionError("no seed gives seat 0 the token")


def _open(app: App, match: Match) -> CondottiereScene:
    scene = app.start_match(match)
    assert isinstance(scene, CondottiereScene)
    if top_is(app, CurtainScene):
        click(app, (800, 450))
    app.run_frames(2)
    return scene


def _motion(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": buttons}))


def _drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    _motion(app, start)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": start, "button": 1}))
    _motion(app, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), (1, 0, 0))
    _motion(app, end, (1, 0, 0))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": end, "button": 1}))


def _in_battle(app: App) -> CondottiereScene:
    """Anna (human) against a bot, the battle for Firenze begun, Anna to play first (CO-R12)."""
    scene = _open(app, _match_where_anna_holds_the_token(("human", "bot")))
    click(app, scene.map_view.inside_point("firenze"))
    app.run_frames(2)
    assert scene.interactive and scene.view["phase"] == "battle"
    return scene


def _staged(app: App, state: object, kinds: tuple[str, ...]) -> CondottiereScene:
    """A match put in a position built with the supplement's notation (engine/condottiere/notation)."""
    match = Match.new("condottiere", _seats(kinds), 1)
    match._states = [state]  # the position of a rules scenario, as the engine tests build them
    return _open(app, match)


# -- choosing the battle region (CO-R11) -------------------------------------------------------------


def test_clicking_a_legal_region_chooses_it_as_the_battlefield(app: App) -> None:
    scene = _open(app, _match_where_anna_holds_the_token(("human", "bot")))
    click(app, scene.map_view.inside_point("siena"))
    assert scene.match.view(0)["region"] == "siena"


def test_legal_regions_glow_while_the_holder_chooses(app: App) -> None:
    scene = _open(app, _match_where_anna_holds_the_token(("human", "bot")))
    assert scene.map_marks()["glow"] == set(scene.map_view.keys)


def test_clicking_a_controlled_region_is_refused_with_rule_co_r11(app: App) -> None:
    state = position(2, holder=0, hands={0: "10 5", 1: "4 3"}, control={"milano": 1})
    scene = _staged(app, state, ("human", "bot"))
    click(app, scene.map_view.inside_point("milano"))
    assert scene.match.step == 0 and any("(CO-R11)" in t for t in app.toasts.texts())


def test_clicking_the_region_under_the_favor_of_the_pope_is_refused_with_rule_co_r39(app: App) -> None:
    state = position(2, holder=0, hands={0: "10 5", 1: "4 3"}, pope="lucca")
    scene = _staged(app, state, ("human", "bot"))
    click(app, scene.map_view.inside_point("lucca"))
    assert scene.match.step == 0 and any("(CO-R39)" in t for t in app.toasts.texts())


def test_hovering_a_region_shows_its_name_and_neighbours(app: App) -> None:
    scene = _open(app, _match_where_anna_holds_the_token(("human", "bot")))
    _motion(app, scene.map_view.inside_point("siena"))
    assert scene.hover_region == "siena"
    assert scene.hover_caption()[0] == "Siena" and "Firenze, Roma" in scene.hover_caption()[2]


# -- the battle (CO-R13) ---------------------------------------------------------------------------------


def test_dragging_a_hand_card_onto_the_own_line_plays_it(app: App) -> None:
    scene = _in_battle(app)
    card = scene.shown.hand[0]
    _drag(app, scene.visible_point(0), scene.layout.line_area(0).center)
    assert scene.match.view(0)["lines"][0] == [card]


def test_the_own_line_glows_as_the_legal_drop_zone_while_dragging(app: App) -> None:
    scene = _in_battle(app)
    start = scene.visible_point(0)
    _motion(app, start)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": start, "button": 1}))
    _motion(app, (start[0], start[1] - 200), (1, 0, 0))
    legal = [zone.key for zone in scene.drag.live_zones if zone.legal]
    assert scene.drag.dragging and legal == [("line", 0)]


def test_a_drop_refused_by_the_engine_slides_back_with_the_rule_in_a_toast(app: App) -> None:
    scene = _open(app, _match_where_anna_holds_the_token(("human", "bot")))
    app.apply_settings(app.settings.with_changes(animation_speed="normal"), persist=False)
    hand = list(scene.shown.hand)
    _drag(app, scene.visible_point(0), scene.layout.line_area(0).center)
    assert scene.match.step == 0 and any("(CO-R11)" in t for t in app.toasts.texts())
    assert scene.drag.is_lifted(("hand", 0, hand[0])) and scene.shown.hand == hand


def test_a_drop_on_another_players_line_is_refused(app: App) -> None:
    scene = _in_battle(app)
    _drag(app, scene.visible_point(0), scene.layout.line_area(1).center)
    assert scene.match.view(0)["lines"] == [[], []] and any("(CO-R20)" in t for t in app.toasts.texts())


def test_the_pass_button_passes(app: App) -> None:
    scene = _in_battle(app)
    button = scene.button_for(PASS)
    assert button is not None
    click(app, button.rect.center)
    assert scene.match.view(0)["passed"][0] is True


def test_clicking_a_selected_hand_card_again_plays_it(app: App) -> None:
    scene = _in_battle(app)
    card = scene.shown.hand[1]
    click(app, scene.visible_point(1))
    click(app, scene.visible_point(1))
    assert scene.match.view(0)["lines"][0] == [card]


def test_the_arrow_keys_and_enter_play_a_card(app: App) -> None:
    scene = _in_battle(app)
    card = scene.shown.hand[0]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.match.view(0)["lines"][0] == [card]


def test_undo_puts_the_played_card_back_into_the_shown_hand(app: App) -> None:
    scene = _in_battle(app)
    hand = list(scene.shown.hand)
    _drag(app, scene.visible_point(0), scene.layout.line_area(0).center)
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # before the bot has answered with a card of its own
    app.run_frames(3)
    assert scene.shown.hand == hand and scene.shown.lines == [[], []]


def test_undo_is_refused_once_the_bot_has_shown_a_card(app: App) -> None:
    scene = _in_battle(app)
    _drag(app, scene.visible_point(0), scene.layout.line_area(0).center)
    app.run_until(lambda: scene.match.step >= 3 and scene.interactive, max_frames=600)
    assert scene.match.actor_of(scene.match.step - 1) == 1
    assert not scene.match.can_undo()


def test_hovering_a_hand_card_zooms_it(app: App) -> None:
    scene = _in_battle(app)
    _motion(app, scene.visible_point(2))
    assert scene.hover_hand == 2


def test_live_strength_shows_winter_and_drummer_effects_co_ts2(app: App) -> None:
    state = position(
        2, holder=0, region="roma", hands={0: "1", 1: "2"}, lines={0: "10 6 5 Dr", 1: "3 He Co Wi"}
    )
    scene = _staged(app, state, ("human", "bot"))
    assert scene.shown.totals() == [6, 12]


def test_a_scarecrow_takes_back_the_clicked_mercenary_of_the_own_line(app: App) -> None:
    state = position(2, holder=0, region="roma", hands={0: "Sc 1", 1: "2"}, lines={0: "10 4", 1: "3"})
    scene = _staged(app, state, ("human", "bot"))
    _drag(app, scene.visible_point(scene.shown.hand.index("Sc")), scene.layout.line_area(0).center)
    app.run_frames(2)
    slot = scene.layout.line_slots(0, 2)[0]
    click(app, slot.center)
    assert "10" in scene.match.view(0)["hand"] and scene.match.view(0)["lines"][0] == ["4"]


def test_the_favor_of_the_pope_is_placed_by_clicking_a_region(app: App) -> None:
    state = position(2, holder=0, region="roma", hands={0: "Bi 1", 1: "2"}, lines={0: "4", 1: "3"})
    scene = _staged(app, state, ("human", "bot"))
    _drag(app, scene.visible_point(scene.shown.hand.index("Bi")), scene.layout.line_area(0).center)
    app.run_frames(2)
    click(app, scene.map_view.inside_point("ancona"))
    assert scene.match.view(0)["pope"] == "ancona"


# -- seats, smoke hook, whole games ---------------------------------------------------------------------


def test_the_shown_hand_is_the_hand_of_the_seat_at_the_screen(app: App) -> None:
    scene = _open(app, _match_where_anna_holds_the_token(("human", "human")))
    click(app, scene.map_view.inside_point("roma"))
    app.run_frames(2)
    click(app, scene.button_for(PASS).rect.center)  # type: ignore[union-attr]
    app.run_frames(3)
    assert top_is(app, CurtainScene)
    click(app, (800, 450))
    app.run_frames(2)
    assert scene.viewer_seat == 1 and scene.shown.hand == scene.match.view(1)["hand"]


def test_smoke_human_move_advances_the_match_through_injected_events(app: App) -> None:
    scene = _open(app, _match_where_anna_holds_the_token(("human", "bot", "bot")))
    before = scene.match.step
    assert scene.smoke_human_move() and scene.match.step > before


def test_smoke_human_moves_play_a_whole_game_between_two_humans(app: App) -> None:
    scene = _open(app, _match_where_anna_holds_the_token(("human", "human")))
    for _ in range(3000):
        if scene.match.is_over():
            break
        if top_is(app, CurtainScene):
            click(app, (800, 450))
        app.step()
        if scene.interactive:
            assert scene.smoke_human_move()
    assert scene.match.is_over()


def test_with_animations_on_the_shown_table_catches_up_with_the_engine(app: App) -> None:
    scene = _in_battle(app)
    app.apply_settings(app.settings.with_changes(animation_speed="fast"), persist=False)
    _drag(app, scene.visible_point(0), scene.layout.line_area(0).center)
    app.run_until(
        lambda: scene.settled and scene.match.current_seat() == 0 or scene.match.view(0)["phase"] != "battle",
        600,
    )
    app.run_frames(2)
    view = scene.match.view(0)
    assert scene.shown.lines == view["lines"] and scene.shown.hand == view["hand"]


def test_stats_list_the_regions_each_seat_holds(app: App) -> None:
    state = position(
        3, holder=0, hands={0: "1", 1: "2", 2: "3"}, control={"siena": 1, "roma": 1, "torino": 2}
    )
    scene = _staged(app, state, ("human", "bot", "bot"))
    rows = dict(scene.stats())
    assert rows["Anna"] == "no region" and rows["Ben"] == "Roma, Siena" and rows["Clara"] == "Torino"


def _bots_to_the_end(app: App, players: int, seed: int) -> CondottiereScene:
    match = Match.new("condottiere", _seats(("bot",) * players), seed)
    scene = app.start_match(match)
    assert isinstance(scene, CondottiereScene)
    assert app.run_until(lambda: top_is(app, GameOverScene), 40_000)
    return scene


def test_a_two_player_bot_game_reaches_the_game_over_scene(app: App) -> None:
    scene = _bots_to_the_end(app, 2, 7)
    assert scene.match.is_over() and scene.shown.control == scene.match.view(0)["control"]


def test_a_six_player_bot_game_reaches_the_game_over_scene(app: App) -> None:
    scene = _bots_to_the_end(app, 6, 8)
    assert scene.match.is_over() and scene.shown.control == scene.match.view(0)["control"]


def test_with_animations_off_every_event_still_reaches_the_log(app: App) -> None:
    from crimson_table.play.match import Match, Seat

    match = Match.new("condottiere", [Seat("Anna", "bot", "random"), Seat("Ben", "bot", "random")], seed=3)
    app.start_match(match)
    app.run_until(lambda: match.step >= 20, max_frames=3000)
    app.run_frames(2)
    app.top.settle()  # type: ignore[union-attr]  # a move a bot made this frame is handed over next frame
    logged = app.top.log_panel.visible_texts()  # type: ignore[union-attr]
    assert len(logged) == len([e for e in match.events if e.text_for(app.top.knows)])  # type: ignore[union-attr]


@pytest.mark.parametrize("seat_eyes", [False, True], ids=["public view", "seat 0's eyes"])
def test_with_animations_on_the_choreography_keeps_the_shown_table_equal_to_the_view(
    app: App, seat_eyes: bool
) -> None:
    """Whenever the table has caught up, the shown model the beats advanced equals a fresh one: seen
    as the public view a table of computers opens with, and through one seat's eyes."""
    app.apply_settings(app.settings.with_changes(animation_speed="fast"), persist=False)
    match = Match.new("condottiere", [Seat("Anna", "bot", "random"), Seat("Ben", "bot", "random")], seed=7)
    scene = app.start_match(match)
    assert isinstance(scene, CondottiereScene)
    if seat_eyes:
        scene._set_viewer(0, SEAT_SIGHT)
    drift: list[dict[str, object]] = []
    resync = scene.on_resync

    def checked() -> None:
        fresh = type(scene.shown).from_view(scene.sight_view(), scene.viewer_seat).mirror()
        shown = scene.shown.mirror()
        drift.extend({k: (shown[k], fresh[k])} for k in shown if shown[k] != fresh[k])
        resync()

    scene.on_resync = checked  # type: ignore[method-assign]
    app.run_until(lambda: match.step >= 16 and scene.settled, max_frames=2000)
    assert match.step >= 16 and not drift
