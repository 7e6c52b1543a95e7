"""A screen's art goes when no open screen shows it (issue 9: a long session visiting every table
kept every table's card faces, maps and fan cards to the end)."""

from __future__ import annotations

import pygame

from crimson_table.campaign.chronicle_map import load_campaign
from crimson_table.campaign.progress import Chronicle
from crimson_table.play.match import Match, Seat
from crimson_table.ui import artwork
from crimson_table.ui.app import App
from crimson_table.ui.art import cards
from crimson_table.ui.art.surface_cache import surface_cache
from crimson_table.ui.screens.campaign import CampaignMenuScene
from crimson_table.ui.screens.campaign_map import ChapterMapScene, map_picture
from crimson_table.ui.tables import release_closed_tables
from crimson_table.ui.widgets import tiled_map

SEATS = [Seat("Anna", "human"), Seat("Bot", "bot", "random"), Seat("Bot 2", "bot", "random")]  # no curtain


def test_forget_lets_go_of_the_results_of_the_arguments_it_is_given() -> None:
    @surface_cache(max_bytes=1 << 20)
    def square(name: str, size: int = 8) -> pygame.Surface:
        return pygame.Surface((size, size), pygame.SRCALPHA)

    square("a"), square("b"), square("a", size=16), square("b", size=4)
    assert square.forget(lambda args: args[0] == "a") == 2
    info = square.cache_info()
    assert (info.currsize, info.bytes) == (2, (8 * 8 + 4 * 4) * 4)
    square("b")
    assert square.cache_info().hits == 1  # what was not forgotten is still found
    square("a")
    assert square.cache_info().misses == 5


def _faces_of(game_id: str) -> int:
    entries = [*cards.render_card._entries, *cards.lifted_card._entries]
    return sum(1 for key in entries if key[0].game_id == game_id)


def _play(app: App, game_id: str, seats: list[Seat]) -> None:
    app.start_match(Match.new(game_id, seats, seed=3))
    app.run_frames(45)  # past the app's collection, at most twice a second


def test_a_table_that_closes_lets_go_of_its_faces_its_caches_and_its_map(app: App) -> None:
    from crimson_table.ui.tables.two_crowns import layout as two_crowns

    _play(app, "two_crowns", SEATS[:2])
    assert _faces_of("two_crowns") and two_crowns._image.cache_info().currsize
    _play(app, "condottiere", SEATS)
    assert _faces_of("two_crowns") == 0
    assert two_crowns._image.cache_info().currsize == 0
    assert _faces_of("condottiere")
    maps = {key[0] for key in tiled_map._base._entries}
    assert len(maps) == 1 and maps.pop().endswith("condottiere_italy.tmx")
    _play(app, "crimson_company", SEATS[:2])
    assert tiled_map._base.cache_info().currsize == tiled_map._region_fill.cache_info().currsize == 0
    assert _faces_of("condottiere") == 0 and _faces_of("crimson_company")


def test_the_art_of_an_open_table_is_kept(app: App) -> None:
    """A new match of the same game keeps what the last one drew: only closed games' art goes."""
    from crimson_table.ui.tables.two_crowns import layout as two_crowns

    _play(app, "two_crowns", SEATS[:2])
    faces, fans = _faces_of("two_crowns"), two_crowns._image.cache_info().currsize
    release_closed_tables({"two_crowns"})
    assert (_faces_of("two_crowns"), two_crowns._image.cache_info().currsize) == (faces, fans)
    release_closed_tables(set())
    assert (_faces_of("two_crowns"), two_crowns._image.cache_info().currsize) == (0, 0)


def test_the_menu_lets_its_tiles_go_while_a_screen_covers_it(app: App) -> None:
    app.run_frames(2)
    shown = artwork.game_tile.cache_info().currsize
    assert shown >= 5
    _play(app, "two_crowns", SEATS[:2])
    assert artwork.game_tile.cache_info().currsize == 0
    app.go_to_menu()
    app.run_frames(2)
    assert artwork.game_tile.cache_info().currsize == shown


def test_the_chronicle_map_lets_its_picture_go_under_a_match_and_when_it_closes(app: App) -> None:
    campaign = load_campaign()
    app.push(CampaignMenuScene(app))
    scene = ChapterMapScene(app, campaign, Chronicle(1, "Anna", 42))
    app.push(scene)
    app.run_frames(2)
    assert map_picture.cache_info().currsize == 1
    scene.pause()
    assert map_picture.cache_info().currsize == 0
    scene.resume()
    app.run_frames(2)
    assert map_picture.cache_info().currsize == 1
    app.pop()
    assert map_picture.cache_info().currsize == 0
