"""The Two Crowns table: drag and drop, click and keys, buttons, hidden cards, the smoke hook, a full game.

Every test runs headless with pygame events injected in logical coordinates; legality always
comes from the engine (rule IDs from two_crowns_supplement.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from crimson_table.engine.two_crowns.actions import ChooseAttack, LargeDraw, RollForFirst
from crimson_table.engine.two_crowns.cards import IS_GOLD, IS_KNIGHT
from crimson_table.engine.two_crowns.state import PRECISE_KEEP
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.screens.pause import PauseScene
from crimson_table.ui.sight import SEAT_SIGHT
from crimson_table.ui.tables import scene_class_for
from crimson_table.ui.tables.hinting import THINKING
from crimson_table.ui.tables.two_crowns import paint
from crimson_table.ui.tables.two_crowns.paint import DiscardBrowser
from crimson_table.ui.tables.two_crowns.scene import TwoCrownsScene
from crimson_table.ui.tables.two_crowns.shown import TwoCrownsShown
from tests.ui.conftest import click, key, top_is

NAMES = ("Anna", "Ben")


# -- helpers -------------------------------------------------------------------------------------------


def _match(seed: int = 3, kinds: tuple[str, str] = ("human", "bot")) -> Match:
    return Match.new("two_crowns", [Seat(NAMES[i], kinds[i]) for i in range(2)], seed)


def _human_to_act(match: Match) -> int:
    """Make the seat to act the human and the other a bot (seats may change mid-match)."""
    seat = match.current_seat()
    assert seat is not None
    match.seats = [Seat(NAMES[i], "human" if i == seat else "bot") for i in range(2)]
    return seat


def _advance(match: Match, until: Callable[[Match], bool], limit: int = 400) -> None:
    """Let the bots play both seats until ``until(match)`` holds."""
    for _ in range(limit):
        if until(match):
            return
        match.apply(match.bot_choose())
    raise AssertionError("the wanted position never came up")


def _rolled(seed: int = 3) -> Match:
    match = _match(seed)
    match.apply(RollForFirst())
    return match


def _rolled_with_gold_and_knight() -> Match:
    for seed in range(1, 80):
        match = _rolled(seed)
        hand = match.state.hands[match.current_seat()]
        if any(IS_GOLD[c] for c in hand) and any(IS_KNIGHT[c] for c in hand):
            return match
    raise AssertionError("no seed deals Gold and a Knight to the first player")


def _open(app: App, match: Match) -> TwoCrownsScene:
    """The table over the main menu, as App.start_match opens it."""
    app.go_to_menu()
    scene = TwoCrownsScene(app, match)
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


def _hand_card(scene: TwoCrownsScene, wanted: Callable[[int], bool]) -> tuple[int, tuple[int, int]]:
    """A card of the viewer's hand matching ``wanted`` and a point where it can be grabbed."""
    for sprite in scene.sprites:
        if sprite.key[0] == "hand" and sprite.card is not None and wanted(sprite.card):
            point = scene.visible_point(sprite.key)
            assert point is not None
            return sprite.card, point
    raise AssertionError("no such card in hand")


def _lane_slot_centre(scene: TwoCrownsScene) -> tuple[int, int]:
    seat = scene.viewer_seat
    return scene.layout.lane_slot(seat, len(scene.shown.lanes[seat])).center


def _hidden_from(match: Match, viewer: int) -> set[int]:
    """Cards of the other seat the viewer may not know (hand, unrevealed group, precise draw)."""
    s, other = match.state, 1 - viewer
    hidden = set(s.hands[other])
    if not s.revealed:
        hidden |= set(s.groups[other])
    if s.phase == PRECISE_KEEP and s.current == other:
        hidden |= set(s.drawn)
    return hidden


# -- registration --------------------------------------------------------------------------------------


def test_the_two_crowns_table_is_the_registered_scene_for_two_crowns() -> None:
    assert scene_class_for("two_crowns") is TwoCrownsScene


# -- drag and drop -------------------------------------------------------------------------------------


def test_dragging_a_knight_onto_a_glowing_attack_slot_attacks_with_it(app: App) -> None:
    match = _rolled()
    seat = _human_to_act(match)
    scene = _open(app, match)
    card, grab = _hand_card(scene, lambda c: IS_KNIGHT[c])
    _drag(app, grab, _lane_slot_centre(scene), release=False)
    assert scene.drag.dragging and all(z.legal for z in scene.drag.live_zones if z.key[0] == "lane")
    _event(app, pygame.MOUSEBUTTONUP, _lane_slot_centre(scene), button=1)
    assert match.state.phase == "attack" and match.state.groups[seat] == [card]


def test_dropping_gold_into_the_attack_is_refused_with_rule_tc_r9_and_the_card_returns(app: App) -> None:
    match = _rolled_with_gold_and_knight()
    _human_to_act(match)
    match.apply(ChooseAttack())
    scene = _open(app, match)
    step = match.step
    gold, grab = _hand_card(scene, lambda c: IS_GOLD[c])
    _drag(app, grab, _lane_slot_centre(scene))
    app.step()
    assert match.step == step
    assert any("(TC-R9)" in text for text in app.toasts.texts())
    assert scene.drag.item is None and any(s.key == ("hand", gold) for s in scene.sprites)


def test_a_gold_card_never_lights_up_the_attack_slots(app: App) -> None:
    match = _rolled_with_gold_and_knight()
    _human_to_act(match)
    match.apply(ChooseAttack())
    scene = _open(app, match)
    _gold, grab = _hand_card(scene, lambda c: IS_GOLD[c])
    _drag(app, grab, _lane_slot_centre(scene), release=False)
    assert scene.drag.live_zones and not any(z.legal for z in scene.drag.live_zones)


def test_at_the_start_of_a_turn_a_gold_dropped_on_the_attack_row_is_refused_as_a_whole(app: App) -> None:
    match = _rolled_with_gold_and_knight()
    _human_to_act(match)
    scene = _open(app, match)
    step = match.step
    _gold, grab = _hand_card(scene, lambda c: IS_GOLD[c])
    _drag(app, grab, _lane_slot_centre(scene), release=False)
    assert scene.drag.live_zones and not any(z.legal for z in scene.drag.live_zones if z.key[0] == "lane")
    _event(app, pygame.MOUSEBUTTONUP, _lane_slot_centre(scene), button=1)
    app.step()
    assert match.step == step  # not even ChooseAttack was played
    assert any("(TC-R9)" in text for text in app.toasts.texts())


# -- click and keys ------------------------------------------------------------------------------------


def test_clicking_a_card_then_pressing_enter_plays_it_to_the_attack(app: App) -> None:
    match = _rolled()
    seat = _human_to_act(match)
    match.apply(ChooseAttack())
    scene = _open(app, match)
    card, point = _hand_card(scene, lambda c: IS_KNIGHT[c])
    click(app, point)
    assert scene.selected == ("hand", card)
    key(app, pygame.K_RETURN)
    assert match.state.groups[seat] == [card]


def test_arrow_keys_move_the_selection_across_the_hand(app: App) -> None:
    match = _rolled()
    _human_to_act(match)
    scene = _open(app, match)
    hand = [s.key for s in scene.sprites if s.key[0] == "hand"]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    second = scene.selected
    key(app, pygame.K_LEFT)
    assert second == hand[1] and scene.selected == hand[0]


def test_escape_clears_the_selection_before_opening_the_pause_menu(app: App) -> None:
    match = _rolled()
    _human_to_act(match)
    scene = _open(app, match)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None and app.top is scene
    key(app, pygame.K_ESCAPE)
    assert top_is(app, PauseScene)


def test_enter_without_a_selection_presses_the_default_button(app: App) -> None:
    match = _match()
    scene = _open(app, match)
    key(app, pygame.K_RETURN)
    assert match.step >= 1 and match.log[0] == RollForFirst()
    assert scene.match is match


def test_ctrl_z_takes_a_laid_card_back_into_the_hand(app: App) -> None:
    match = _rolled()
    seat = _human_to_act(match)
    match.apply(ChooseAttack())
    scene = _open(app, match)
    card, grab = _hand_card(scene, lambda c: IS_KNIGHT[c])
    _drag(app, grab, _lane_slot_centre(scene))
    app.step()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    app.step()
    assert match.state.groups[seat] == [] and ("hand", card) in {s.key for s in scene.sprites}


def test_a_skipped_dice_roll_never_leaves_a_tray_behind(app: App) -> None:
    app.apply_settings(app.settings.with_changes(animation_speed="normal"), persist=False)
    match = _match()
    scene = _open(app, match)
    assert scene.try_action(RollForFirst())
    scene.settle()
    app.step()
    assert app.top is scene and scene.settled


# -- buttons ----------------------------------------------------------------------------------------------


def test_the_large_draw_button_draws_back_up_to_seven(app: App) -> None:
    match = _match(kinds=("bot", "bot"))
    _advance(match, lambda m: LargeDraw() in m.legal_actions())
    seat = _human_to_act(match)
    scene = _open(app, match)
    button = scene.button_for(LargeDraw())
    assert button is not None
    click(app, button.rect.center)
    assert match.log[-1] == LargeDraw() or LargeDraw() in match.log[-3:]
    state = match.state
    assert len(state.hands[seat]) + len(state.rests[seat]) == 7 or not state.decks[seat]


def test_only_legal_actions_get_buttons(app: App) -> None:
    match = _rolled()
    _human_to_act(match)
    scene = _open(app, match)
    labels = {b.text for b in scene.buttons}
    assert "Large draw" not in labels and "Attack" in labels and "Precise draw" in labels


# -- what the viewer sees ------------------------------------------------------------------------------------


def test_the_opponents_hidden_cards_are_never_drawn_face_up(app: App) -> None:
    match = _match()
    scene = _open(app, match)
    for _ in range(400):
        if match.is_over():
            break
        if scene.awaiting_human:
            assert scene.smoke_human_move()
        hidden_before = _hidden_from(match, scene.viewer_seat)
        app.step()
        hidden = hidden_before & _hidden_from(match, scene.viewer_seat)  # hidden all through the frame
        assert all(not s.face_up and s.card is None for s in scene.sprites if s.key[0] == "opp_hand")
        assert not {s.card for s in scene.sprites if s.face_up} & hidden
    assert match.step > 20


def test_hovering_a_hand_card_zooms_it(app: App) -> None:
    match = _rolled()
    _human_to_act(match)
    scene = _open(app, match)
    card, point = _hand_card(scene, lambda c: True)
    _event(app, pygame.MOUSEMOTION, point, rel=(0, 0), buttons=(0, 0, 0))
    app.step()
    assert scene.hover is not None and scene.hover.card == card and scene.hover.face_up


def test_clicking_a_discard_pile_opens_the_browser_and_escape_closes_it(app: App) -> None:
    match = _match()
    scene = _open(app, match)
    click(app, scene.layout.discard(1).center)
    assert top_is(app, DiscardBrowser)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_drawn_cards_fly_in_before_they_show_in_the_hand(app: App) -> None:
    match = _match(kinds=("bot", "bot"))
    _advance(match, lambda m: LargeDraw() in m.legal_actions())
    seat = _human_to_act(match)
    scene = _open(app, match)
    app.apply_settings(app.settings.with_changes(animation_speed="normal"), persist=False)
    before = len(scene.shown.hand)
    assert scene.try_action(LargeDraw())
    app.run_frames(2)  # the events are handed over, then the draw's beat starts
    assert scene.anim.busy and scene.flights.incoming(("hand", seat)) > 0
    assert len([s for s in scene.sprites if s.key[0] == "hand"]) == before
    app.run_until(lambda: scene.settled, 240)
    assert len([s for s in scene.sprites if s.key[0] == "hand"]) == len(match.state.hands[seat])


# -- the smoke hook, stats and a whole game -----------------------------------------------------------------


def test_smoke_human_move_plays_one_move_through_injected_events(app: App) -> None:
    match = _match()
    scene = _open(app, match)
    assert scene.smoke_human_move()
    assert match.step == 1 and match.log[0] == RollForFirst()


def test_smoke_human_move_keeps_a_human_game_going(app: App) -> None:
    match = _match(kinds=("human", "human"))
    scene = _open(app, match)
    moves = 0
    for _ in range(300):
        if match.is_over() or moves >= 40:
            break
        if scene.awaiting_human:
            assert scene.smoke_human_move(), f"no move made in phase {match.state.phase}"
            moves += 1
        else:
            app.step()
            if app.top is not scene:
                click(app, (800, 640))
    assert moves >= 40 or match.is_over()


def test_the_results_list_damage_battles_and_draws_per_seat(app: App) -> None:
    match = _match(kinds=("bot", "bot"))
    _advance(match, lambda m: m.is_over(), limit=2000)
    scene = TwoCrownsScene(app, match)
    labels = [label for label, _value in scene.stats()]
    assert (
        "Damage dealt by Anna" in labels
        and "Battles won by Ben" in labels
        and "Cards drawn by Anna" in labels
    )


def test_a_bot_against_bot_game_reaches_the_game_over_scene(app: App) -> None:
    match = _match(seed=5, kinds=("bot", "bot"))
    scene = _open(app, match)
    assert app.run_until(lambda: top_is(app, GameOverScene), 4000)
    assert match.is_over() and scene.game_over_shown


@pytest.mark.parametrize("seat_eyes", [False, True], ids=["public view", "seat 0's eyes"])
def test_the_animated_table_arrives_at_each_new_view_before_any_resync(app: App, seat_eyes: bool) -> None:
    """Beat by beat the choreography moves the shown model exactly to the engine's new view: the
    public view a table of computers opens with, and one seat's (its hand face up)."""
    app.apply_settings(app.settings.with_changes(animation_speed="fast"), persist=False)
    match = _match(seed=4, kinds=("bot", "bot"))
    scene = _open(app, match)
    if seat_eyes:
        scene._set_viewer(0, SEAT_SIGHT)
    wrong: list[str] = []
    checks: list[int] = []
    resync = scene.resync

    def checked() -> None:
        checks.append(match.step)
        want = TwoCrownsShown.from_view(scene.sight_view(), scene.viewer_seat).mirror()
        if scene.shown.mirror() != want:
            wrong.append(f"step {match.step}: {scene.shown.mirror()} != {want}")
        resync()

    scene.resync = checked  # type: ignore[method-assign]
    app.run_until(lambda: match.step >= 40 or match.is_over(), 6000, dt=0.05)
    assert (match.step >= 40 or match.is_over()) and len(checks) >= 20
    assert not wrong, wrong[0]


# -- outcomes a player sees (issue 8) ----------------------------------------------------------------------


def test_the_log_names_the_dice_result_only_once_the_dice_have_landed(app: App) -> None:
    app.apply_settings(app.settings.with_changes(animation_speed="normal"), persist=False)
    scene = _open(app, _match())
    assert scene.try_action(RollForFirst())
    before = len(scene.log_panel.entries)
    for _ in range(5):
        app.step(0.05)
    assert not isinstance(app.top, TwoCrownsScene), "the dice tray rolls over the table"
    assert len(scene.log_panel.entries) == before, "the log must wait for the dice to land"
    for _ in range(200):
        app.step(0.05)
        if app.top is scene and scene.settled:
            break
    assert len(scene.log_panel.entries) > before


def test_with_animation_off_a_battle_result_stays_on_the_table_until_the_human_decides(app: App) -> None:
    match = _match(kinds=("bot", "bot"))
    for _ in range(400):
        events = match.apply(match.bot_choose())
        if any(e.kind == "battle_result" for e in events):
            break
    seat = _human_to_act(match)
    scene = _open(app, match)
    scene.pending_events.append(list(events))
    app.step()
    scene.settle()
    assert any(line.startswith("Battle:") for line in scene.result_lines())
    for _ in range(5):
        app.step()
    assert any(line.startswith("Battle:") for line in scene.result_lines()), "it stays while nobody decides"
    assert scene.match.current_seat() == seat
    assert scene.try_action(scene.match.legal_actions()[0])
    assert not any(line.startswith("Battle:") for line in scene.result_lines())


def test_after_a_large_draw_the_curtain_waits_until_the_drawer_has_seen_the_cards(app: App) -> None:
    from crimson_table.ui.widgets.curtain import CurtainScene

    match = _match(kinds=("bot", "bot"))
    _advance(match, lambda m: LargeDraw() in m.legal_actions() and m.current_seat() == 0)
    match.seats = [Seat(name, "human") for name in NAMES]
    scene = _open(app, match)
    if top_is(app, CurtainScene):
        click(app, (800, 640))
    assert app.top is scene and scene.viewer_seat == 0
    hand_before = len(match.state.hands[0])
    assert scene.try_action(LargeDraw())
    for _ in range(3):
        app.step()
    assert match.current_seat() == 1
    curtain = app.top
    assert isinstance(curtain, CurtainScene) and curtain.reviewing, "the table still shows the cards drawn"
    assert scene.viewer_seat == 0 and len(scene.view["hand"]) > hand_before
    click(app, curtain.done_button.rect.center)
    assert app.top is curtain and not curtain.reviewing, "then the curtain closes"
    click(app, (800, 640))
    assert app.top is scene and scene.viewer_seat == 1


def _destiny_match() -> Match:
    from crimson_table.engine.two_crowns.actions import UseDiceOfDestiny

    match = _match(kinds=("bot", "bot"))
    _advance(match, lambda m: UseDiceOfDestiny() in m.legal_actions())
    return match


def test_the_dice_of_destiny_says_what_it_does_and_asks_before_rolling(app: App) -> None:
    from crimson_table.engine.two_crowns.actions import UseDiceOfDestiny
    from crimson_table.ui.screens.dialog import ConfirmDialog

    match = _destiny_match()
    _human_to_act(match)
    scene = _open(app, match)
    button = scene.button_for(UseDiceOfDestiny())
    assert button is not None
    step = match.step
    click(app, button.rect.center)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and match.step == step, "one click must not roll"
    assert "becomes your castle's value" in dialog.message
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and match.step == step
    click(app, button.rect.center)
    key(app, pygame.K_RETURN)
    assert match.log[-1] == UseDiceOfDestiny()


def test_the_turn_hint_names_large_draw_only_when_it_is_allowed() -> None:
    from crimson_table.ui.tables.two_crowns.paint import _turn_hint

    assert "Large draw" not in _turn_hint(frozenset({"choose_attack", "precise_draw"}))
    assert "Large draw" in _turn_hint(frozenset({"choose_attack", "large_draw"}))
    assert "Precise draw" not in _turn_hint(frozenset({"choose_attack", "large_draw"}))


def test_the_turn_panel_words_the_choice_as_the_log_and_the_rules_do() -> None:
    """TC-R6: a turn is an Attack, a Large draw or a Precise draw; the log says "attacks or
    draws", and so does the panel (there is no "recruit" in the rules)."""
    waiting = paint.Frame({"phase": "turn"}, NAMES, 0, 1, False, "")
    assert paint.prompt_text(waiting)[1] == "Ben attacks or draws."
    mine = paint.Frame({"phase": "turn"}, NAMES, 0, 0, True, "", frozenset({"choose_attack", "large_draw"}))
    body = paint.prompt_text(mine)[1]
    assert "Draw: Large draw" in body and "recruit" not in body.lower()
    from crimson_table.engine.two_crowns.info import INFO

    assert "recruit" not in INFO.blurb  # the setup screen's line too


def test_the_hint_at_the_table_follows_the_legal_moves(app: App) -> None:
    match = _match(kinds=("bot", "bot"))
    _advance(match, lambda m: m.state.phase == "turn" and LargeDraw() not in m.legal_actions())
    _human_to_act(match)
    scene = _open(app, match)
    title, body = paint.prompt_text(scene.frame())
    assert "Large draw" not in body


def test_after_the_reveal_no_card_nor_caption_says_face_down() -> None:
    match = _match(kinds=("bot", "bot"))
    for _ in range(400):
        before = match.view(0)
        events = match.apply(match.bot_choose())
        if (
            sum(e.kind == "reveal" for e in events) == 2
            and int(events[[e.kind for e in events].index("reveal")].data["seat"]) != 0
        ):
            break
    shown = TwoCrownsShown.from_view(before, 0)
    first_reveal = next(e for e in match.events_for(0, events) if e.kind == "reveal")
    for ev in match.events_for(0, events):
        shown.apply([ev])
        if ev is first_reveal:
            break
    from crimson_table.ui.tables.shown import InFlight
    from crimson_table.ui.tables.two_crowns.layout import TableLayout, build_sprites
    from crimson_table.ui.tables.two_crowns.paint import _strip_text

    frame = paint.Frame(match.view(0), NAMES, 0, match.current_seat(), False, "")
    assert _strip_text(shown, frame) != "Face down until both sides have committed"
    layout = TableLayout(1280, 0)
    looks = [
        s.look for s in build_sprites(layout, shown, InFlight(), lambda key: False) if s.key[0] == "lane"
    ]
    assert "hidden" not in looks


# -- hint captions -------------------------------------------------------------------------------------


def _anna_to_decide_after_a_battle(app: App) -> TwoCrownsScene:
    """Anna against a Novice, played on until a battle's result is kept and Anna is to decide."""
    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben", "bot", "random")], 1)
    table = app.start_match(match)
    assert isinstance(table, TwoCrownsScene)
    for _ in range(200):
        app.run_until(lambda: table.interactive or match.is_over(), 300)
        if table.interactive and table.result_lines():
            return table
        assert table.smoke_human_move()
    raise AssertionError("no battle result before the end")


def test_a_hint_caption_keeps_off_the_battle_result_and_the_hands(app: App) -> None:
    table = _anna_to_decide_after_a_battle(app)
    table.hinter.ask()
    app.run_until(lambda: not table.hinter.thinking, 300)
    app.mouse_pos = (0, 0)
    table.draw(pygame.Surface((1600, 900)))
    assert table.result_plate is not None and len(table.glows.plates) == 1
    caption = table.glows.plates[0]
    hands = [s.rect for s in table.sprites if s.key[0] in ("hand", "opp_hand")]
    assert not caption.colliderect(table.result_plate)
    assert caption.collidelist(hands) == -1 and table.table_rect.contains(caption)


def test_looking_for_a_hint_sits_clear_of_the_opponents_hand(app: App) -> None:
    table = _anna_to_decide_after_a_battle(app)
    table.glow([], "hint", caption=THINKING)  # what Hint shows while the hint is computed
    table.draw(pygame.Surface((1600, 900)))
    (plate,) = table.glows.plates
    opponent = [s.rect for s in table.sprites if s.key[0] == "opp_hand"]
    assert opponent and plate.collidelist(opponent) == -1
    assert table.result_plate is not None and not plate.colliderect(table.result_plate)


def test_a_spectators_band_names_the_seat_paying_or_keeping_a_drawn_card() -> None:
    """A spectator (``view["seat"]`` None) sits at no seat: the band between the lanes names the
    seat paying for a special (TC-R10) or keeping one of two drawn cards (TC-R7), never "Your"."""
    from crimson_table.engine.two_crowns.cards import KIND, NUM_CARDS, VASSAL
    from crimson_table.ui.tables.two_crowns.paint import _strip_text

    vassal = next(card for card in range(NUM_CARDS) if KIND[card] == VASSAL)
    paying = TwoCrownsShown(viewer=0, special=vassal, paying_seat=0)
    drawing = TwoCrownsShown(viewer=0, drawn=[None, None], drawn_seat=0)
    watching = paint.Frame({"phase": "pay", "seat": None}, NAMES, 0, 0, False, "")
    playing = paint.Frame({"phase": "pay", "seat": 0}, NAMES, 0, 0, True, "")
    assert _strip_text(paying, watching) == "Anna's Vassal costs 2 gold"
    assert _strip_text(paying, playing) == "Your Vassal costs 2 gold"
    assert _strip_text(drawing, watching) == "Anna keeps one of two drawn cards"
    assert _strip_text(drawing, playing) == "Precise draw: keep one of these two cards"
