"""The Crimson Company table: bids, Match / Pass, deployment, effect choices, keys, smoke, a full game.

Every gesture is injected as pygame events in logical coordinates; the assertions read the match.
Animations are off (the ``app`` fixture) unless a test says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from crimson_table.engine.crimson_company.actions import (
    Bid,
    Deploy,
    Match,
    Pass,
    PickCard,
    PickLane,
)
from crimson_table.engine.crimson_company.rules import RULES
from crimson_table.play.match import Match as GameMatch
from crimson_table.play.match import Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.screens.pause import PauseScene
from crimson_table.ui.tables import handover
from crimson_table.ui.tables.crimson_company.panel import DiscardOverlay
from crimson_table.ui.tables.crimson_company.scene import CrimsonCompanyScene
from crimson_table.ui.tables.crimson_company.shown import CCShown
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.ui.conftest import click, drawing_work, key, top_is

Pos = tuple[int, int]


@pytest.fixture(autouse=True)
def screen_passed_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests play both seats: the hand-over curtain is lifted as soon as it comes
    (the curtain itself is tested in test_handover.py)."""

    class PassedAtOnce(CurtainScene):
        def resume(self) -> None:
            self.transparent = False  # no look at the last move first
            self._ready()

    monkeypatch.setattr(handover, "CurtainScene", PassedAtOnce)


def _table(app: App, *kinds: str, seed: int = 5) -> CrimsonCompanyScene:
    """A Crimson Company table on top of the menu (two humans unless told otherwise)."""
    kinds = kinds or ("human", "human")
    seats = [Seat(name, kind) for name, kind in zip(("Anna", "Ben"), kinds, strict=True)]
    match = GameMatch.new("crimson_company", seats, seed)
    app.go_to_menu()
    scene = CrimsonCompanyScene(app, match)
    app.push(scene)
    app.step()
    return scene


def _drag(app: App, start: Pos, end: Pos) -> None:
    """Press at ``start``, move in steps, release at ``end``."""
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, {"pos": start, "rel": (0, 0), "buttons": (0, 0, 0)}))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": start, "button": 1}))
    for t in (0.3, 0.6, 1.0):
        pos = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        app.dispatch(
            pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)})
        )
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": end, "button": 1}))


def _play_until(app: App, scene: CrimsonCompanyScene, done: Callable[[], bool], limit: int = 400) -> None:
    """Let the seats' own bots choose (through try_action) until ``done()`` holds."""
    for _ in range(limit):
        app.step()
        if done():
            return
        assert not scene.match.is_over(), "the game ended before the situation came up"
        assert scene.try_action(scene.match.bot_choose())
    raise AssertionError("the situation never came up")


def _card_centre(scene: CrimsonCompanyScene, card: str) -> Pos:
    slot = next(s for s in scene.slots() if s.card == card)
    return slot.visible.center


def _purse(scene: CrimsonCompanyScene) -> Pos:
    return scene.geometry().purse_rect(scene.viewer_seat).center


def _button_centre(scene: CrimsonCompanyScene, button: Any) -> Pos:
    rect, _, top = scene.action_layout()
    scene.input.place_buttons(rect, top)
    return button.rect.center  # type: ignore[no-any-return]


def _to_respond(app: App, scene: CrimsonCompanyScene) -> None:
    """The first player bids one coin, so the other may Match or Pass."""
    assert scene.mode == "bid"
    assert scene.try_action(Bid(scene.view["offer"][0], 1))
    app.step()
    assert scene.mode == "respond"


def _to_deploy(app: App, scene: CrimsonCompanyScene) -> None:
    """Bid one coin and pass: the bidder recruits the card and must deploy it."""
    _to_respond(app, scene)
    assert scene.try_action(Pass())
    app.step()
    assert scene.mode == "deploy"


# -- recruitment ------------------------------------------------------------------------------------


def test_dragging_coins_onto_an_offer_card_then_pressing_bid_places_that_bid(app: App) -> None:
    scene = _table(app)
    card = scene.view["offer"][2]
    for _ in range(2):
        _drag(app, _purse(scene), _card_centre(scene, card))
    assert (scene.input.bid_card, scene.input.bid_amount) == (card, 2)
    click(app, _button_centre(scene, scene.input.bid_button))
    assert scene.match.log[-1] == Bid(card, 2)


def test_clicking_a_card_and_plus_then_bid_places_that_bid(app: App) -> None:
    scene = _table(app)
    card = scene.view["offer"][1]
    click(app, _card_centre(scene, card))
    click(app, _button_centre(scene, scene.input.plus))
    click(app, _button_centre(scene, scene.input.bid_button))
    assert scene.match.log[-1] == Bid(card, 2)


def test_a_coin_dropped_on_the_deck_without_a_fortune_teller_is_refused_with_cc_r8(app: App) -> None:
    scene = _table(app)
    _drag(app, _purse(scene), scene.geometry().deck_rect.center)
    assert scene.match.step == 0 and scene.input.bid_card is None
    assert "(CC-R8)" in app.toasts.texts()[-1]


def test_the_match_button_matches_the_bid(app: App) -> None:
    """CC-R11: the responder's Match button sends Match."""
    scene = _table(app)
    _to_respond(app, scene)
    click(app, _button_centre(scene, scene.input.match))
    assert scene.match.log[-1] == Match()


def test_the_pass_button_passes(app: App) -> None:
    """CC-R12: the responder's Pass button sends Pass."""
    scene = _table(app)
    _to_respond(app, scene)
    click(app, _button_centre(scene, scene.input.pass_))
    assert scene.match.log[-1] == Pass()


def test_the_match_button_spells_out_who_pays_what(app: App) -> None:
    scene = _table(app)
    _to_respond(app, scene)
    _button_centre(scene, scene.input.match)
    bidder = scene.seat_name(1 - scene.viewer_seat)
    assert scene.input.match.text == f"Match: pay 1, {bidder} gains 1"
    assert scene.input.pass_.text == f"Pass: {bidder}'s 1 coin go to the supply"


def test_the_table_turns_to_the_responder_when_two_humans_play(app: App) -> None:
    scene = _table(app)
    bidder = scene.viewer_seat
    _to_respond(app, scene)
    assert scene.viewer_seat == 1 - bidder


def test_the_m_key_matches_the_bid(app: App) -> None:
    scene = _table(app)
    _to_respond(app, scene)
    key(app, pygame.K_m)
    assert scene.match.log[-1] == Match()


# -- deployment -------------------------------------------------------------------------------------


def test_dragging_a_recruited_card_onto_a_legal_lane_deploys_it(app: App) -> None:
    """CC-R16: a waiting card dropped on an active lane is played there."""
    scene = _table(app)
    _to_deploy(app, scene)
    card = scene.view["waiting"][scene.viewer_seat][0]
    lane = scene.geometry().lane_order[2]
    _drag(app, _card_centre(scene, card), scene.geometry().lane_rect(lane).center)
    assert scene.match.log[-1] == Deploy(card, lane)


def test_clicking_a_recruited_card_then_a_lane_deploys_it(app: App) -> None:
    scene = _table(app)
    _to_deploy(app, scene)
    card = scene.view["waiting"][scene.viewer_seat][0]
    lane = scene.geometry().lane_order[0]
    click(app, _card_centre(scene, card))
    rect = scene.geometry().lane_rect(lane)
    click(app, (rect.centerx, rect.bottom - 40))
    assert scene.match.log[-1] == Deploy(card, lane)


def test_arrow_keys_and_enter_deploy_to_the_selected_lane(app: App) -> None:
    scene = _table(app)
    _to_deploy(app, scene)
    card = scene.view["waiting"][scene.viewer_seat][0]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.match.log[-1] == Deploy(card, scene.geometry().lane_order[1])


def test_a_card_dropped_on_a_won_lane_is_refused_with_cc_r18_and_nothing_changes(app: App) -> None:
    scene = _table(app, seed=4)
    _play_until(
        app,
        scene,
        lambda: scene.mode == "deploy" and any(ln["won_by"] is not None for ln in scene.view["lanes"]),
    )
    won = next(i for i, ln in enumerate(scene.view["lanes"]) if ln["won_by"] is not None)
    card = scene.view["waiting"][scene.viewer_seat][0]
    step = scene.match.step
    _drag(app, _card_centre(scene, card), scene.geometry().lane_rect(won).center)
    assert scene.match.step == step
    assert "(CC-R18)" in app.toasts.texts()[-1]


# -- effect choices ---------------------------------------------------------------------------------


def test_clicking_a_highlighted_card_resolves_an_effect_choice(app: App) -> None:
    scene = _table(app, seed=1)
    _play_until(app, scene, lambda: scene.mode == "pick_card")
    target = next(a for a in scene.match.legal_actions() if isinstance(a, PickCard)).card
    step = scene.match.step
    click(app, _card_centre(scene, target))
    assert scene.match.step == step + 1 and scene.match.log[-1] == PickCard(target)


def test_clicking_a_highlighted_lane_resolves_a_lane_choice(app: App) -> None:
    scene = _table(app, seed=1)
    _play_until(app, scene, lambda: scene.mode == "pick_lane")
    lane = next(a for a in scene.match.legal_actions() if isinstance(a, PickLane)).lane
    click(app, scene.geometry().lane_rect(lane).center)
    assert scene.match.log[-1] == PickLane(lane)


def test_the_effect_ribbon_shows_the_prompt_and_the_cards_text(app: App) -> None:
    scene = _table(app, seed=1)
    _play_until(app, scene, lambda: scene.mode == "pick_card")
    text = scene.panel_text()
    decision = scene.view["decision"]
    assert text.ribbon and text.title == decision["prompt"]
    assert any(style == "italic" and paragraph for paragraph, style in text.paragraphs)


# -- keys, overlays, hover ---------------------------------------------------------------------------


def test_escape_first_cancels_a_drafted_bid_then_opens_the_pause_menu(app: App) -> None:
    scene = _table(app)
    _drag(app, _purse(scene), _card_centre(scene, scene.view["offer"][0]))
    key(app, pygame.K_ESCAPE)
    assert scene.input.bid_card is None and top_is(app, CrimsonCompanyScene)
    key(app, pygame.K_ESCAPE)
    assert top_is(app, PauseScene)


def test_clicking_the_discard_pile_opens_the_discard_browser(app: App) -> None:
    scene = _table(app, seed=1)
    _play_until(app, scene, lambda: bool(scene.view["discard"]))
    click(app, scene.geometry().discard_rect.center)
    assert top_is(app, DiscardOverlay) and app.top.cards == scene.view["discard"]  # type: ignore[union-attr]
    key(app, pygame.K_ESCAPE)
    assert top_is(app, CrimsonCompanyScene)


def test_resting_the_mouse_on_a_card_zooms_it(app: App) -> None:
    scene = _table(app)
    card = scene.view["offer"][0]
    pos = _card_centre(scene, card)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    app.run_frames(30)
    assert scene.hover_card == card and scene.hover_time >= 0.25


# -- smoke hook, statistics, full game ------------------------------------------------------------------


def test_smoke_human_move_advances_the_match_through_every_kind_of_decision(app: App) -> None:
    scene = _table(app, seed=1)
    modes = set()
    for _ in range(40):
        app.run_until(lambda: scene.interactive or scene.match.is_over(), 50)
        if scene.match.is_over():
            break
        modes.add(scene.mode)
        step = scene.match.step
        assert scene.smoke_human_move()
        assert scene.match.step > step
    assert {"bid", "respond", "deploy"} <= modes


def test_stats_count_coins_castles_and_recruits_per_seat(app: App) -> None:
    scene = _table(app)
    _to_deploy(app, scene)
    rows = dict(scene.stats())
    bidder = scene.seat_name(scene.viewer_seat)
    assert rows[f"Cards recruited by {bidder}"] == "1"
    assert rows[f"Castles won by {bidder}"] == "0"
    assert f"Coins earned by {bidder}" in rows


def test_a_bot_game_reaches_the_game_over_scene_through_the_table(app: App) -> None:
    scene = _table(app, "bot", "bot", seed=9)
    assert app.run_until(lambda: top_is(app, GameOverScene), 4000)
    assert scene.match.is_over() and scene.shown.castles == scene.view["castles"]


@pytest.mark.parametrize("seed", [2, 3])
def test_the_shown_board_replays_each_events_batch_into_the_engines_view(seed: int) -> None:
    match = GameMatch.new("crimson_company", [Seat("A", "bot"), Seat("B", "bot")], seed)
    while not match.is_over():
        shown = CCShown.from_view(match.view(0), 0)
        shown.apply(match.events_for(0, match.apply(match.bot_choose())))
        assert shown.mirror() == CCShown.from_view(match.view(0), 0).mirror()


def test_animations_at_normal_speed_end_on_the_engines_view(app: App) -> None:
    app.apply_settings(app.settings.with_changes(animation_speed="normal"), persist=False)
    scene = _table(app)
    assert scene.try_action(Bid(scene.view["offer"][0], 1))
    assert app.run_until(lambda: scene.mode == "respond", 600)
    assert scene.try_action(Pass())
    app.step()
    assert scene.anim.busy
    assert app.run_until(lambda: not scene.anim.busy and not scene.pending_events, 600)
    mirror = CCShown.from_view(scene.view, scene.viewer_seat).mirror()
    assert scene.shown.mirror() == mirror and not scene.flights.hidden


def test_the_engine_shows_crimson_company_as_open_information() -> None:
    assert RULES.INFO.hidden_hands is False


def test_the_log_shows_turn_ones_income_like_every_other_turns(app: App) -> None:
    scene = _table(app)
    texts = scene.log_panel.visible_texts()
    first = scene.seat_name(scene.match.state.first)
    turn = texts.index(f"Turn 1: {first}")
    assert any(t.startswith(f"Income: 3 coins from the supply to {first}") for t in texts[turn:])


def test_a_hint_caption_keeps_off_the_cards_and_the_castle_row(app: App) -> None:
    scene = _table(app)
    _to_respond(app, scene)
    scene.glow([Match()], "hint", caption="Match: about 56% to win; next best: Pass, about 43%")
    scene.draw(pygame.Surface((1600, 900)))
    (caption,) = scene.glows.plates
    geo = scene.geometry()
    kept = [s.rect for s in geo.slots(scene.shown)] + [geo.castle_rect(lane) for lane in geo.lane_order]
    assert caption.collidelist(kept) == -1 and scene.table_rect.contains(caption)


def test_a_frame_at_rest_makes_no_surface_and_measures_or_renders_no_text(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table redraws every frame: its plates, shades, faded castles, wrapped paragraphs, Match
    and Pass labels and lines of text are made once, then blitted (bench/frame_time.py)."""
    scene = _table(app)
    _to_respond(app, scene)
    app.render()
    assert drawing_work(app, monkeypatch) == []
