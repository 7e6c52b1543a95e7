"""The campaign's screens: the menu offers it first, slots, the chapter map, the rival's
introduction, a match at the game's own table ending in the results, retry, ironman, the looks,
a damaged slot and a match resumed.  Screenshots go to $CRIMSON_SHOTS_DIR (or a temp folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from crimson_table.campaign import store
from crimson_table.campaign.autoplay import play_out
from crimson_table.campaign.chronicle_map import load_campaign
from crimson_table.campaign.progress import Chronicle
from crimson_table.ui.app import App
from crimson_table.ui.art import cards
from crimson_table.ui.screens import campaign_match
from crimson_table.ui.screens.campaign import CampaignMenuScene, NewChronicleScene
from crimson_table.ui.screens.campaign_map import ChapterMapScene
from crimson_table.ui.screens.campaign_match import CampaignResultScene, RivalIntroScene
from crimson_table.ui.screens.menu import MenuScene
from crimson_table.ui.screens.pause import PauseScene
from crimson_table.ui.tables.base import BaseGameScene
from tests.ui.conftest import click, click_button, key, top_is

CAMPAIGN = load_campaign()


@pytest.fixture
def shots() -> Path | None:
    """$CRIMSON_SHOTS_DIR when set: the screenshots are written there to be looked at."""
    folder = os.environ.get("CRIMSON_SHOTS_DIR")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder)


def shot(app: App, folder: Path | None, name: str) -> None:
    """Render the frame, check it is not blank, and save it when a folder was given (PNG is slow)."""
    app.run_frames(2)
    app.render()
    image = app.logical
    colours = {image.get_at((x, y))[:3] for x in range(0, 1600, 97) for y in range(0, 900, 89)}
    assert len(colours) > 3, f"{name} looks blank"
    if folder is not None:
        app.save_screenshot(folder / f"{name}.png")


def chronicle_with_progress(**kwargs: object) -> Chronicle:
    chronicle = Chronicle(1, "Anna", 42, **kwargs)  # type: ignore[arg-type]
    for encounter, stars in (("gate", 3), ("ford", 2), ("market", 1), ("lighthouse", 2)):
        chronicle.record(CAMPAIGN, CAMPAIGN.encounters[encounter], stars, "")
    store.save(chronicle)
    return chronicle


def open_map(app: App, chronicle: Chronicle) -> ChapterMapScene:
    app.push(CampaignMenuScene(app))
    scene = ChapterMapScene(app, CAMPAIGN, chronicle)
    app.push(scene)
    app.run_frames(1)
    return scene


def play_to_the_result(app: App) -> CampaignResultScene:
    """Bots finish the match at once (no pacing); the table then shows its end: the results."""
    table = next(s for s in reversed(app.stack) if isinstance(s, BaseGameScene))
    play_out(table.match, save=False)  # type: ignore[arg-type]
    assert app.run_until(lambda: top_is(app, CampaignResultScene), max_frames=200)
    result = app.top
    assert isinstance(result, CampaignResultScene)
    return result


def test_the_main_menu_offers_the_campaign_first(app: App) -> None:
    menu = app.top
    assert isinstance(menu, MenuScene)
    first = next(iter(menu.buttons.values()))
    assert first.text == "Solo campaign" and first.rect.x < menu.buttons["Continue"].rect.x
    click_button(app, first)
    assert top_is(app, CampaignMenuScene)


def test_a_new_chronicle_opens_on_the_chapter_map(app: App) -> None:
    app.push(CampaignMenuScene(app))
    app.run_frames(1)
    click_button(app, next(b for b in app.top.buttons if b.text == "New chronicle"))  # type: ignore[union-attr]
    assert top_is(app, NewChronicleScene)
    form = app.top
    form.name_entry.set_text("Clara")  # type: ignore[union-attr]
    form.toggle_ironman()  # type: ignore[union-attr]
    form.begin()  # type: ignore[union-attr]
    assert top_is(app, ChapterMapScene)
    saved = store.load(1)
    assert saved.name == "Clara" and saved.ironman and not saved.veteran


def test_the_chapter_map_shows_completed_available_and_locked(app: App, shots: Path | None) -> None:
    scene = open_map(app, chronicle_with_progress())
    assert scene.selected == "saltworks"  # the first available encounter
    shot(app, shots, "campaign_chapter_map")
    locked = scene.to_screen(CAMPAIGN.encounters["throne"].centre)
    click(app, locked)
    assert scene.selected == "throne" and not scene.play_button.is_enabled
    shot(app, shots, "campaign_chapter_map_locked")
    click(app, scene.to_screen(CAMPAIGN.encounters["harbour"].centre))
    assert scene.selected == "harbour" and scene.play_button.is_enabled


def test_the_rival_introduces_the_match_and_the_result_gives_stars(app: App, shots: Path | None) -> None:
    chronicle = chronicle_with_progress()
    scene = open_map(app, chronicle)
    scene.select("harbour")
    click_button(app, scene.play_button)
    assert top_is(app, RivalIntroScene)
    shot(app, shots, "campaign_introduction")
    intro = app.top
    click_button(app, intro.buttons[0])  # type: ignore[union-attr]
    table = app.top
    assert isinstance(table, BaseGameScene) and table.match.game_id == "two_crowns"
    assert [s.name for s in table.match.seats] == ["Anna", "Captain Merrow"]
    result = play_to_the_result(app)
    shot(app, shots, "campaign_result")
    assert chronicle.records["harbour"].wins + chronicle.records["harbour"].losses == 1
    assert store.load(1).to_dict() == chronicle.to_dict()
    result.to_map()
    assert app.top is scene


def test_a_loss_offers_a_retry_with_a_new_deal(
    app: App, shots: Path | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    chronicle = chronicle_with_progress()
    open_map(app, chronicle)
    campaign_match.launch(app, CAMPAIGN, chronicle, "gate")
    first_seed = app.top.match.seed  # type: ignore[union-attr]
    monkeypatch.setattr(campaign_match, "renown", lambda rules, state: _defeat())
    result = play_to_the_result(app)
    assert not result.result.won and result.buttons[0].text == "Try again"
    shot(app, shots, "campaign_result_defeat")
    click_button(app, result.buttons[0])
    table = app.top
    assert isinstance(table, BaseGameScene) and table.match.seed != first_seed
    assert chronicle.attempts["gate"] == 2 and chronicle.best("gate") == 3  # a loss never lowers the best


def _defeat():  # type: ignore[no-untyped-def]
    from crimson_table.campaign.renown import Renown

    return Renown(0, "Defeated", False)


def test_ironman_allows_no_undo_at_the_table(app: App) -> None:
    chronicle = chronicle_with_progress(ironman=True)
    open_map(app, chronicle)
    table = campaign_match.launch(app, CAMPAIGN, chronicle, "gate")
    assert isinstance(table, BaseGameScene)
    app.run_until(lambda: table.awaiting_human and table.settled, max_frames=500)
    table.try_action(table.match.legal_actions()[0])
    app.run_frames(2)
    assert not table.match.can_undo() and not table.undo()
    table.open_pause()
    assert top_is(app, PauseScene) and not app.top.buttons["Undo last move"].is_enabled  # type: ignore[union-attr]


def test_the_chosen_card_back_and_table_show_at_the_campaign_table(app: App, shots: Path | None) -> None:
    plain = pygame.image.tobytes(cards.render_back("condottiere"), "RGBA")
    chronicle = chronicle_with_progress()
    chronicle.unlocked += ["table:crimson"]
    scene = open_map(app, chronicle)
    scene.cycle("back")
    scene.cycle("table")
    assert (chronicle.back, chronicle.table) == ("back:ember", "table:crimson")
    assert store.load(1).back == "back:ember"
    table = campaign_match.launch(app, CAMPAIGN, chronicle, "market")  # Condottiere
    assert pygame.image.tobytes(cards.render_back("condottiere"), "RGBA") != plain
    shot(app, shots, "campaign_table_with_unlocked_looks")
    assert isinstance(table, BaseGameScene)
    app.pop(table)
    assert pygame.image.tobytes(cards.render_back("condottiere"), "RGBA") == plain  # the map resets the look


def test_a_damaged_slot_names_the_file_and_offers_its_backup(app: App, shots: Path | None) -> None:
    chronicle = chronicle_with_progress()
    store.save(chronicle)
    store.slot_path(1).write_text("{not json", "utf-8")
    app.push(CampaignMenuScene(app))
    shot(app, shots, "campaign_damaged_slot")
    menu = app.top
    assert isinstance(menu, CampaignMenuScene) and menu.slots[0].error is not None
    assert "chronicle_1.json" in str(menu.slots[0].error)
    click_button(app, next(b for b in menu.buttons if b.text == "Use the backup"))
    assert menu.slots[0].chronicle is not None and menu.slots[0].chronicle.stars == chronicle.stars


def test_a_match_left_half_way_resumes_from_the_map(app: App) -> None:
    chronicle = chronicle_with_progress()
    open_map(app, chronicle)
    table = campaign_match.launch(app, CAMPAIGN, chronicle, "saltworks")
    assert isinstance(table, BaseGameScene)
    app.run_until(lambda: table.awaiting_human and table.settled, max_frames=500)
    table.try_action(table.match.legal_actions()[0])
    app.run_frames(3)
    held = table.match.state_hash()
    app.go_to_menu()  # Quit to main menu
    back = store.load(1)
    assert back.match is not None and back.match["encounter"] == "saltworks"
    scene = open_map(app, back)
    assert scene.selected == "saltworks" and scene.play_button.text == "Resume the match"
    click_button(app, scene.play_button)
    click_button(app, app.top.buttons[0])  # type: ignore[union-attr]
    resumed = app.top
    assert isinstance(resumed, BaseGameScene) and resumed.match.state_hash() == held
    assert back.attempts["saltworks"] == 1  # resuming is the same attempt


def test_a_malformed_campaign_map_shows_its_error(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from crimson_table.campaign.chronicle_map import CampaignMapError
    from crimson_table.ui.screens import campaign as campaign_screen
    from crimson_table.ui.screens.dialog import MessageDialog

    def broken(path: object = None) -> None:
        raise CampaignMapError("maps/campaign.tmx", "encounter 'gate'", "names an unknown game 'chess'")

    monkeypatch.setattr(campaign_screen, "load_campaign", broken)
    app.top.open_campaign()  # type: ignore[union-attr]
    assert top_is(app, MessageDialog) and not any(isinstance(s, CampaignMenuScene) for s in app.stack)


def test_an_ironman_match_in_play_must_be_finished_first(app: App) -> None:
    chronicle = chronicle_with_progress(ironman=True)
    open_map(app, chronicle)
    table = campaign_match.launch(app, CAMPAIGN, chronicle, "saltworks")
    assert isinstance(table, BaseGameScene)
    app.go_to_menu()
    scene = open_map(app, store.load(1))
    assert scene.selected == "saltworks" and scene.play_button.is_enabled
    scene.select("harbour")
    assert not scene.play_button.is_enabled


def _row_centre(buttons: list) -> float:  # type: ignore[type-arg]
    rects = [b.rect for b in buttons]
    return (min(r.left for r in rects) + max(r.right for r in rects)) / 2


def test_the_rivals_buttons_sit_centred_under_the_panel(app: App) -> None:
    chronicle = chronicle_with_progress()
    scene = open_map(app, chronicle)
    scene.select("harbour")
    click_button(app, scene.play_button)
    intro = app.top
    assert isinstance(intro, RivalIntroScene)
    assert abs(_row_centre(intro.buttons) - 800) <= 1
    left, right = sorted((b.rect for b in intro.buttons), key=lambda r: r.x)
    assert left.width == right.width and not left.colliderect(right) and left.y == right.y


def test_a_lone_button_on_the_result_sits_centred_in_its_panel(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crimson_table.campaign.renown import Renown

    chronicle = chronicle_with_progress()
    open_map(app, chronicle)
    campaign_match.launch(app, CAMPAIGN, chronicle, "gate")  # best 3 stars already: no "play again"
    monkeypatch.setattr(campaign_match, "renown", lambda rules, state: Renown(3, "A clean win", True))
    result = play_to_the_result(app)
    assert result.result.won and len(result.buttons) == 1
    assert abs(_row_centre(result.buttons) - result.panel.centerx) <= 1


def test_the_pause_menu_of_an_encounter_leads_back_to_the_map(app: App) -> None:
    """Esc at an encounter's table: the whole pause menu (Resume, Rules, Settings...), and its way
    out (Q) is the chapter map, where the chronicle keeps the match to resume."""
    chronicle = chronicle_with_progress()
    scene = open_map(app, chronicle)
    table = campaign_match.launch(app, CAMPAIGN, chronicle, "saltworks")
    assert isinstance(table, BaseGameScene)
    app.run_until(lambda: table.awaiting_human and table.settled, max_frames=500)
    table.try_action(table.match.legal_actions()[0])
    app.run_frames(3)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert list(pause.buttons) == [
        "Resume",
        "Undo last move",
        "Save game",
        "Load game",
        "Rules reference",
        "Settings",
        "Back to the map",
    ]
    key(app, pygame.K_q)
    assert app.top is scene and scene.play_button.text == "Resume the match"


def test_a_game_outside_the_campaign_still_quits_to_the_main_menu(app: App) -> None:
    from crimson_table.play.match import Match, Seat

    table = app.start_match(Match.new("two_crowns", [Seat("Anna"), Seat("Ben", "bot")], 3))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene) and list(app.top.buttons)[-1] == "Quit to main menu"
    key(app, pygame.K_q)
    assert top_is(app, MenuScene) and table not in app.stack


@pytest.mark.parametrize("typing", [False, True], ids=["no field", "in the name field"])
def test_enter_begins_a_new_chronicle(app: App, typing: bool) -> None:
    app.push(CampaignMenuScene(app))
    app.run_frames(1)
    click_button(app, next(b for b in app.top.buttons if b.text == "New chronicle"))  # type: ignore[union-attr]
    form = app.top
    assert isinstance(form, NewChronicleScene)
    if typing:
        click(app, form.name_entry.rect.center)
        app.run_frames(1)
    key(app, pygame.K_RETURN)
    assert top_is(app, ChapterMapScene)
