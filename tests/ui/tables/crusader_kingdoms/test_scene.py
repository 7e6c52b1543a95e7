"""The Crusader Kingdoms table: clicks on glowing regions, cards dragged into the attack, the
keyboard, the curtain between humans, hover, and every mode played to the end by bots.

Every gesture is injected as pygame events in logical coordinates; what happened is read back
from the engine (``match.view``).
"""

from __future__ import annotations

import pygame
import pytest

from crimson_table.engine.crusader_kingdoms.actions import Attack, Commit, Discard, Respond
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.game_over import GameOverScene
from crimson_table.ui.tables import overlays
from crimson_table.ui.tables.crusader_kingdoms import gestures, layout, paint
from crimson_table.ui.tables.crusader_kingdoms.scene import PILL_CLEARANCE, CrusaderScene
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.ui.conftest import click, key, top_is

NAMES = ["Anna", "Ben", "Clara", "Dario"]


def _match(kinds: tuple[str, ...], seed: int = 3, options: dict[str, str] | None = None) -> Match:
    return Match.new(
        "crusader_kingdoms", [Seat(NAMES[i], k, "heuristic") for i, k in enumerate(kinds)], seed, options
    )


def _open(app: App, match: Match) -> CrusaderScene:
    scene = app.start_match(match)
    assert isinstance(scene, CrusaderScene)
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


def _targets(scene: CrusaderScene) -> list[str]:
    return sorted(a.region for a in scene.match.legal_actions() if isinstance(a, Attack))


def _attacking(app: App, kinds: tuple[str, ...] = ("human", "bot", "bot", "bot")) -> CrusaderScene:
    """Anna (seat 0, 4 players) has announced an attack on her first target: she commits now."""
    scene = _open(app, _match(kinds))
    click(app, scene.board.inside_point(_targets(scene)[0]))
    app.run_frames(2)
    assert scene.view["phase"] == "commit" and scene.interactive
    return scene


def _attack_side(scene: CrusaderScene, side: str) -> tuple[int, int]:
    panel = scene.frame().attack_panel()
    assert panel is not None
    att, dfn = layout.attack_halves(panel)
    return (att if side == "ATT" else dfn).center


# -- choosing the attack (CK-R15) ------------------------------------------------------------------------


def test_the_legal_attack_targets_glow_while_an_attack_is_chosen(app: App) -> None:
    scene = _open(app, _match(("human", "bot", "bot", "bot")))
    assert scene.frame().glow == set(_targets(scene)) != set()


def test_the_glow_is_drawn_once_per_set_of_targets_and_pulses_through_its_alpha(app: App) -> None:
    # ART.md: legal targets glow gold, pulsing at 1 Hz.  The glow is drawn once per set of targets
    # (tiled_map.TiledBoard._glow_layer) and the pulse is that layer's alpha each frame.
    scene = _open(app, _match(("human", "bot", "bot", "bot")))
    board, targets = scene.board, sorted(_targets(scene))
    inside = board.inside_point(targets[0])

    def lit(glow: set[str], time_s: float) -> tuple[int, int, int]:
        surface = pygame.Surface((1600, 900))
        surface.fill((40, 40, 40))
        board.draw_marks(surface, time_s, glow)
        return tuple(surface.get_at(inside))[:3]  # type: ignore[return-value]

    height, trough, unlit = lit(set(targets), 0.25), lit(set(targets), 0.75), lit(set(), 0.25)
    assert unlit == (40, 40, 40)
    assert height[0] > trough[0] > unlit[0], "gold at the height, fainter at the trough, none unlit"
    layer = board._glow
    assert lit(set(targets), 0.5) and board._glow is layer, "the same targets keep their layer"
    assert len(targets) > 1 and lit(set(targets[1:]), 0.25) == unlit, "a region no longer legal goes dark"


def test_a_glowing_choice_shows_over_the_attacked_regions_crimson(app: App) -> None:
    # CK-R28: a garrison in the attacked region itself is one of the defender's choices, so its gold
    # edge is drawn over the battle's crimson one (it used to be hidden under it).
    from crimson_table.ui.widgets.theme import CRIMSON, GOLD_LIGHT

    scene = _open(app, _match(("human", "bot", "bot", "bot")))
    board, region = scene.board, _targets(scene)[0]
    x, y = board.polygons[region][0]
    corner = (board.rect.x + round(x), board.rect.y + round(y))

    def edge(glow: set[str]) -> tuple[int, int, int]:
        surface = pygame.Surface((1600, 900))
        surface.fill((40, 40, 40))
        board.draw_marks(surface, 0.25, glow, battle=region)
        return tuple(surface.get_at(corner))[:3]  # type: ignore[return-value]

    assert edge(set()) == CRIMSON, "the battle alone is edged in crimson"
    assert edge({region}) == GOLD_LIGHT, "a choice in the battle's region is edged in gold"


def test_clicking_a_glowing_region_attacks_it(app: App) -> None:
    scene = _open(app, _match(("human", "bot", "bot", "bot")))
    target = _targets(scene)[0]
    click(app, scene.board.inside_point(target))
    attack = scene.match.view(0)["attack"]
    assert attack is not None and attack["region"] == target and attack["attacker"] == 0


def test_clicking_a_region_that_is_no_target_is_refused_with_the_rule(app: App) -> None:
    scene = _open(app, _match(("human", "bot", "bot", "bot")))
    own = next(k for k, o in scene.shown.owner.items() if o == 0)
    click(app, scene.board.inside_point(own))
    assert scene.match.step == 0
    assert any("CK-R" in text for text in app.toasts.texts())


def test_tab_and_enter_attack_a_glowing_region_from_the_keyboard(app: App) -> None:
    scene = _open(app, _match(("human", "bot", "bot", "bot")))
    key(app, pygame.K_TAB)
    assert scene.focus_region in _targets(scene)
    focused = scene.focus_region
    key(app, pygame.K_RETURN)
    assert scene.match.view(0)["attack"]["region"] == focused


def test_hovering_a_region_shows_its_name_defence_and_neighbours(app: App) -> None:
    scene = _open(app, _match(("human", "bot", "bot", "bot")))
    _motion(app, scene.board.inside_point("jerusalem"))
    app.run_frames(1)
    assert scene.hover_region == "jerusalem"
    assert paint.region_title(scene.rules_board, "jerusalem") == "Jerusalem (4)"


# -- the attack (CK-R19, CK-R26) --------------------------------------------------------------------------


def test_dragging_a_troop_into_the_attack_commits_it(app: App) -> None:
    scene = _attacking(app)
    card = next(a.card for a in scene.match.legal_actions() if isinstance(a, Commit))
    index = scene.shown.hand.index(card)
    _drag(app, scene.visible_point(index), _attack_side(scene, "ATT"))
    app.run_frames(2)
    troops = scene.match.view(0)["attack"]["troops"]
    assert card in troops


def test_click_to_select_then_click_the_attack_commits_the_card(app: App) -> None:
    scene = _attacking(app)
    card = next(a.card for a in scene.match.legal_actions() if isinstance(a, Commit))
    click(app, scene.visible_point(scene.shown.hand.index(card)))
    assert scene.selected_card() == card
    click(app, _attack_side(scene, "ATT"))
    assert card in scene.match.view(0)["attack"]["troops"]


def test_arrow_keys_select_and_enter_commits_the_selected_troop(app: App) -> None:
    scene = _attacking(app)
    key(app, pygame.K_RIGHT)
    card = scene.selected_card()
    assert card is not None and scene.buttons
    before = scene.match.step
    key(app, pygame.K_RETURN)
    assert scene.match.step == before + 1 or Commit(card) not in scene.match.legal_actions()


def test_the_other_human_sees_the_committed_troops_face_down_behind_the_curtain(app: App) -> None:
    scene = _attacking(app, ("human", "human", "bot", "bot"))
    for _ in range(20):
        commits = [a for a in scene.match.legal_actions() if isinstance(a, Commit)]
        if not commits or scene.view["phase"] != "commit":
            break
        scene.try_action(commits[0])
        scene.settle()
    done = [b for b in scene.buttons if "Done" in b.text]
    if scene.view["phase"] == "commit" and done:
        click(app, done[0].rect.center)
    assert app.run_until(lambda: top_is(app, CurtainScene) or scene.match.current_seat() == 0, 3000)
    if top_is(app, CurtainScene):
        click(app, (800, 450))
        app.run_frames(2)
        if scene.viewer_seat == 1:
            a = scene.shown.attack
            assert a is not None and a.cards and all(c.card is None for c in a.cards if c.seat == 0)


def test_a_response_dropped_on_the_defence_is_placed_face_down(app: App) -> None:
    """Ben (human) plays his bot's choices until a window lets him defend with a response (CK-R26)."""
    scene = _open(app, _match(("bot", "human", "bot", "bot"), 4))
    for _ in range(400):
        scene.settle()
        scene.update(0.0)
        if scene.match.is_over():
            break
        if not scene.interactive:
            continue
        respond = [a for a in scene.match.legal_actions() if isinstance(a, Respond) and a.side == "DEF"]
        if scene.view["phase"] == "respond" and respond:
            index = scene.shown.hand.index(respond[0].card)
            _drag(app, scene.visible_point(index), _attack_side(scene, "DEF"))
            responses = scene.match.view(0)["attack"]["responses"]
            assert [1, None, "DEF", respond[0].card[:1].upper()] in responses
            return
        scene.try_action(scene.match.bot_choose())
    pytest.skip("this game gives the human no defence response")


def test_dropping_a_card_on_its_discard_pile_discards_it(app: App) -> None:
    scene = _open(app, _match(("human", "bot", "bot", "bot")))
    card = next(a.card for a in scene.match.legal_actions() if isinstance(a, Discard))
    _drag(
        app,
        scene.visible_point(scene.shown.hand.index(card)),
        scene.layout.pile(card[:1].upper(), "discard").center,
    )
    app.run_frames(2)
    assert card not in scene.match.view(0)["hand"]


def test_the_button_actions_are_what_is_neither_a_card_nor_a_region() -> None:
    legal = [Attack("acre"), Discard("m_raid"), *_pass()]
    assert [a.KIND for a in gestures.button_actions(legal)] == ["pass"]


def _pass() -> list:  # type: ignore[type-arg]
    from crimson_table.engine.crusader_kingdoms.actions import Pass

    return [Pass()]


# -- every mode to the end --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {}), (3, {}), (2, {}), (1, {"difficulty": "standard"}), (1, {"difficulty": "greatest"})],
)
def test_bots_play_every_mode_to_the_end_through_the_table(
    app: App, players: int, options: dict[str, str]
) -> None:
    match = _match(("bot",) * players, 5, options)
    scene = _open(app, match)
    for frame in range(20_000):  # the table's frames (drawn one in twenty, to keep the test quick)
        if top_is(app, GameOverScene):
            break
        app.top.update(1 / 60)
        if frame % 20 == 0:
            app.render()
    assert top_is(app, GameOverScene)
    assert match.is_over() and scene.shown.reason
    title = app.top.title  # type: ignore[attr-defined]
    assert ("Turns", str(match.view(0)["turn"])) in scene.match_stats()  # the game's turns, not seat changes
    if players <= 2:
        assert any(level in scene.shown.reason for level in ("Victory", "Marginal victory", "Defeat"))
        vp = int(match.outcome().scores[0])  # type: ignore[union-attr]
        held = f"The Crusaders held the Holy Land: {'Victory' if vp >= 15 else 'Marginal victory'}, {vp} VP"
        assert title == (held if vp >= 11 else f"The Muslim Bot prevailed: {vp} VP")
        # CK-R56: under the headline, how the points add up: regions + bonuses - the Bot's bonus = VP.
        detail = app.top.reason  # type: ignore[attr-defined]
        board = scene.rules_board
        regions = sum(board.vp[board.index[k]] for k, o in scene.shown.owner.items() if o >= 0)
        assert detail.startswith(f"Regions {regions}, ") and f": {vp} VP" in detail
        assert regions + sum(scene.shown.bonus) - scene.shown.bot_bonus == vp
        assert [scene.score_text(i, v) for i, v in enumerate(match.outcome().scores)] == [str(vp)] * players  # type: ignore[union-attr]
    else:
        assert title.endswith(("wins!", "share the win"))
        # The score column reads castles and Card Bonus (CK-R34), not the engine's packed 4.8 or 5.2.
        scores = match.outcome().scores  # type: ignore[union-attr]
        for seat, value in enumerate(scores):
            castles, bonus = scene.shown.castles(seat), scene.shown.bonus[seat]
            noun = "castle" if castles == 1 else "castles"
            assert (
                scene.score_text(seat, value)
                == f"{castles} {noun} · Card Bonus {f'{bonus:+d}' if bonus else '0'}"
            )


def test_setup_badges_and_the_table_use_the_rulebook_colours() -> None:
    from crimson_table.ui.art.palette import CRUSADER_COLOUR_SEATS as C
    from crimson_table.ui.tables import seat_colours_for

    assert seat_colours_for("crusader_kingdoms", 4) == (C["yellow"], C["blue"], C["red"], C["green"])
    assert seat_colours_for("crusader_kingdoms", 3) == (C["green"], C["blue"], C["red"])
    assert seat_colours_for("crusader_kingdoms", 2) == (C["red"], C["blue"])
    assert seat_colours_for("two_crowns", 2) == (0, 1)  # other games: the seat order


def test_a_human_solo_win_is_headlined_as_holding_the_holy_land(app: App) -> None:
    scene = _open(app, _match(("human",), options={"difficulty": "standard"}))
    assert scene.result_headline() is None  # not over yet
    scene.shown.winners = [0]
    match = scene.match
    outcome = type("O", (), {"scores": (16.0,), "winners": (0,), "reason": "Victory: 16 victory points."})()
    match.outcome = lambda: outcome  # type: ignore[method-assign]
    assert scene.result_headline() == "You held the Holy Land: Victory, 16 VP"
    outcome.scores = (9.0,)
    assert scene.result_headline() == "The Muslim Bot prevailed: 9 VP"


def test_a_spectators_results_name_the_crusaders(app: App) -> None:
    """Followed online by a spectator (no seat played at this screen: ``local_seats`` empty), a
    co-operative win (CK-R56) is the Crusaders', not "You"."""
    scene = _open(app, _match(("human", "human")))
    match = scene.match
    outcome = type("O", (), {"scores": (16.0, 16.0), "winners": (0, 1), "reason": "Victory"})()
    match.outcome = lambda: outcome  # type: ignore[method-assign]
    match.local_seats = lambda: []  # type: ignore[method-assign]
    assert scene.result_headline() == "The Crusaders held the Holy Land: Victory, 16 VP"


def test_the_waiting_pill_keeps_off_the_heading_of_an_attack_laid_out_at_the_top(app: App) -> None:
    """An attack on the south of the map is laid out at the top (CK-R19): the "… is thinking" pill,
    which hangs there, moves under the panel; an attack laid out at the bottom leaves it at the top."""
    scene = _open(app, _match(("human",), seed=1, options={"difficulty": "standard"}))
    placed = set()
    for _ in range(600):
        panel = scene.frame().attack_panel()
        if panel is not None:
            pill = pygame.Rect(0, 0, 360, overlays.THINKING_H)
            pill.midtop = scene.waiting_anchor()
            assert not pill.colliderect(panel), (pill, panel)
            placed.add(panel.top < PILL_CLEARANCE)
            if placed == {True, False}:
                break
        assert scene.try_action(scene.match.bot_choose())
        scene.settle()
    assert placed == {True, False}, "attacks laid out at the top and at the bottom"


def test_the_rules_reference_opens_in_the_rules_screen(app: App) -> None:
    from crimson_table.ui.screens.rules import RulesScene, rules_markdown

    assert "Crusader Kingdoms" in rules_markdown("crusader_kingdoms")
    app.push(RulesScene(app, "crusader_kingdoms"))
    app.run_frames(2)
    assert top_is(app, RulesScene)


@pytest.mark.parametrize("kinds", [("human",) * 4, ("human",) * 3, ("human",)])
def test_bonus_badges_leave_every_track_value_readable(app: App, kinds: tuple[str, ...]) -> None:
    # CK-R3: a seat's badge sits beside its cell's value, never over it, and two seats on one value
    # (both Christians at 0 at the start of a turn) show side by side, inside the cell.
    from crimson_table.engine.crusader_kingdoms.ops import bonus_text
    from crimson_table.ui.widgets import fonts

    options = {"difficulty": "standard"} if len(kinds) == 1 else None
    scene = _open(app, _match(kinds, options=options))
    for side in ("christian", "muslim"):
        track = scene.layout.area(f"{side}_bonus_track")
        if not track.width:
            continue
        for value, cell in zip(range(-2, 3), layout.bonus_cells(track), strict=True):
            label = pygame.Rect((0, 0), fonts.font(layout.BONUS_LABEL).size(bonus_text(value)))
            label.midleft = (cell.x + 4, cell.centery)
            for count in (1, 2):
                size, centres = layout.bonus_badges(cell, count)
                assert size >= 12
                rects = [pygame.Rect(0, 0, size, size) for _ in centres]
                for rect, centre in zip(rects, centres, strict=True):
                    rect.center = (round(centre[0]), round(centre[1]))
                    assert cell.contains(rect), (side, value, count)
                    assert not rect.colliderect(label), (side, value, count)
                if count == 2:
                    assert centres[1][0] - centres[0][0] >= size * 0.8


# -- the seats panels and the kept results ----------------------------------------------------------------


@pytest.mark.parametrize(("kinds", "supplies"), [(("human",) * 4, [7, 7, 7, 7]), (("human",) * 3, [9, 7, 7])])
def test_each_seat_row_shows_its_castle_supply_filled_by_the_castles_on_the_map(
    app: App, kinds: tuple[str, ...], supplies: list[int]
) -> None:
    # CK-R1 / CK-R33: in 3-4 players a row draws one tower per castle of the seat's supply, filled
    # while on the map, so how near a seat is to sudden victory reads at a glance.
    scene = _open(app, _match(kinds))
    shown = scene.shown
    for seat, supply in enumerate(supplies):
        assert shown.seats[seat].supply == supply
        religion = shown.seats[seat].religion
        panel = scene.layout.seats_panel(religion)
        rows = layout.seat_rows(panel, sum(1 for s in shown.seats if s.religion == religion))
        for row in rows:
            line = layout.detail_line(row, min(30, row.height - 10))
            towers = layout.supply_towers(line, supply, shown.castles(seat), "· 0 garr. · 12 cards")
            assert len(towers) == supply, (seat, line.width)
            assert [filled for _, filled in towers].count(True) == shown.castles(seat) > 0
            assert all(row.contains(rect) for rect, _ in towers)
            assert all(b.x - a.right >= 2 for (a, _), (b, _) in zip(towers, towers[1:], strict=False))


def test_a_narrow_row_or_an_unlimited_supply_says_the_castles_in_words() -> None:
    line = pygame.Rect(0, 0, 120, 16)
    assert layout.supply_towers(line, 7, 3, "· 0 garr. · 8 cards") == []  # the row says "3 of 7 castles"
    assert layout.supply_towers(pygame.Rect(0, 0, 400, 16), 0, 3, "· 0 garr. · 8 cards") == []  # CK-R1, 1-2P


@pytest.mark.parametrize("kinds", [("human",) * 4, ("human",) * 3, ("human",), ("human", "human")])
def test_seat_rows_stay_in_their_panel_and_a_lone_seat_sits_in_its_middle(
    app: App, kinds: tuple[str, ...]
) -> None:
    options = {"difficulty": "standard"} if len(kinds) <= 2 else None
    scene = _open(app, _match(kinds, options=options))
    for religion in ("C", "M"):
        panel = scene.layout.seats_panel(religion)
        count = len(paint._seats_of(scene.shown, religion))
        rows = layout.seat_rows(panel, count)
        assert len(rows) == count > 0
        assert all(panel.contains(row) for row in rows)
        assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:], strict=False))
        if count == 1:
            assert abs(rows[0].centery - panel.centery) <= 2
    assert scene.shown.seats[0].supply == (7 if len(kinds) == 4 else 9 if len(kinds) == 3 else 0)


REVEAL_OPENINGS = (
    "The attack's cards are revealed",
    "The Bot attacks with its army",
    "The independents attack",
)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_an_attacks_result_stays_on_the_map_until_the_next_attack_opens(app: App, seed: int) -> None:
    # CK-R19 steps 5-9: the reveal, the dice and the region taken stay on the map after an attack; a new
    # attack (the Christian's, or the Bot's army marching, CK-R47) takes them off, since its own panel
    # opens there.  Once only the reveal was kept, and it stayed over the Bot's next attack.
    scene = _open(app, _match(("human",), seed=seed, options={"difficulty": "standard"}))
    resolved = taken = stale_before = 0
    for _ in range(800):
        if scene.match.is_over():
            break
        start = len(scene.match.events)
        assert scene.try_action(scene.match.bot_choose())
        scene.settle()
        batch = scene.match.events[start:]
        lines = scene.result_lines()
        attack = scene.view["attack"]
        if isinstance(attack, dict) and not attack["revealed"]:
            assert lines == [], f"an attack is open, yet the map still shows {lines}"
            stale_before += any(e.kind == "combat" for e in batch)
            continue
        kinds = [e.kind for e in batch]
        if "combat" in kinds:
            last = len(kinds) - 1 - kinds[::-1].index("combat")
            combat = batch[last]
            assert combat.text_for(0, scene.seat_names) in lines, (lines, combat.text)
            assert any(line.startswith(REVEAL_OPENINGS) for line in lines), lines
            app.render()  # the plate keeps to the half of the map away from the region fought over
            plate, fought = scene.result_plate, scene.board.anchors[str(combat.data["region"])]
            assert plate is not None and not plate.collidepoint(fought), (plate, combat.data["region"])
            assert plate.top >= PILL_CLEARANCE, "clear of the '… is thinking' pill"
            resolved += 1
            if "capture" in kinds[last:]:
                assert any(" takes " in line for line in lines), lines
                taken += 1
    assert resolved and taken and stale_before, (resolved, taken, stale_before)


@pytest.mark.parametrize("kinds", [("human",) * 4, ("human",)])
def test_the_kept_result_wraps_on_the_open_map_clear_of_both_sides(
    app: App, kinds: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A long result ("The attack's cards are revealed: …") used to run over the seats panels.
    from crimson_table.ui.tables import overlays

    options = {"difficulty": "standard"} if len(kinds) == 1 else None
    scene = _open(app, _match(kinds, options=options))
    long = "The attack's cards are revealed: Frankish Knights, Crossbowmen, Italian Marines, Turcopoles."
    monkeypatch.setattr(scene, "result_lines", lambda: ["Attack 5 dice against defence 4 dice.", long])
    plate = overlays.draw_results(scene, pygame.Surface((1600, 900)))
    assert plate is not None and scene.layout.middle().contains(plate)
    for name, area in scene.layout.areas.items():
        if name.startswith(("christian_", "muslim_", "bot_", "turn_track")):
            assert not plate.colliderect(area), name
    assert plate.height > 3 * 24, "the long line wraps"


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, None), (3, None), (1, {"difficulty": "standard"}), (2, {"difficulty": "standard"})],
)
def test_the_card_areas_held_in_the_map_layer_look_exactly_as_drawn_afresh(
    app: App, players: int, options: dict[str, str] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # While the piles, tracks, seats and the Bot's areas stand still they are drawn once into the
    # map's cached layer; at each settled position of a game of bots, one after another, they must
    # look exactly as when drawn afresh every frame (a stale layer would show an old count or seat).
    match = _match(("bot",) * players, 7, options)
    scene = _open(app, match)
    areas = [
        r for n, r in scene.layout.areas.items() if n.startswith(("christian_", "muslim_", "bot_", "turn"))
    ]
    real_key = paint.areas_key
    compared, last = 0, -1
    for _ in range(40_000):
        if (match.is_over() and scene.settled) or compared == 60:  # sixty positions, to keep it quick
            break
        scene.update(1 / 60)
        if not scene.settled or match.step == last or paint.areas_key(scene.frame()) is None:
            continue
        last = match.step  # every settled position, one after another (a stale field shows at once)
        cached, fresh = pygame.Surface((1600, 900)), pygame.Surface((1600, 900))
        scene.draw_table(cached)
        monkeypatch.setattr(paint, "areas_key", lambda frame: None)
        scene.draw_table(fresh)
        monkeypatch.setattr(paint, "areas_key", real_key)
        for rect in areas:
            assert pygame.image.tobytes(cached.subsurface(rect), "RGB") == pygame.image.tobytes(
                fresh.subsurface(rect), "RGB"
            ), (match.step, rect)
        compared += 1
    assert compared >= 40
