"""Headless tests of the generated art and sound (crimson_table.ui.art): sizes, caching, text fitting,
patterns per seat, and silence without a mixer."""

from __future__ import annotations

import importlib.util
import os
import struct
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from crimson_table.resources import asset  # noqa: E402
from crimson_table.ui.art import cards, dice, emblems, icons, palette, patterns, sounds, table  # noqa: E402
from crimson_table.ui.art.cards import CardSpec  # noqa: E402
from crimson_table.ui.art.games import game_accent  # noqa: E402

ALCHEMIST = (
    "Destroy one card in play (either side, any active lane, face-down allowed, this card allowed). Then that "
    "card's owner gains coins equal to the base strength it had when it was destroyed (face-down: 0)."
)
DODGY_DEALER = (
    "Compare the total base strength of both sides of this lane: if yours is higher, gain 2 coins; if your "
    "opponent's is higher, your opponent gains 2 coins; if they are equal, nothing happens."
)
BRIEF_EMBLEMS = (
    *("knight", "feint", "coin", "vassal", "bishop", "catapult", "sword", "shield", "skull", "mercenary"),
    *("winter", "spring", "drummer", "heroine", "courtesan", "scarecrow", "surrender", "crown", "castle"),
    *("dragon", "ogre", "undead", "potion", "scroll", "generic"),
)
GAMES = ("two_crowns", "crimson_company", "condottiere", "crusader_kingdoms", "crimson_keep")


@pytest.fixture(autouse=True, scope="module")
def display() -> Iterator[None]:
    """A 1x1 dummy display so the art converts its surfaces like the running app does."""
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    yield


def spec(text: str = "", **changes: object) -> CardSpec:
    """A Crimson Company card with the given effect text."""
    fields: dict[str, object] = {
        "game_id": "crimson_company",
        "title": "Alchemist",
        "value": 3,
        "value_kind": "strength",
        "emblem": "potion",
        "effect_icon": "deploy",
        "text": text,
    }
    fields.update(changes)
    return CardSpec(**fields)  # type: ignore[arg-type]


def pixels(surface: pygame.Surface) -> bytes:
    """The raw RGBA bytes of a surface, for comparing images."""
    return pygame.image.tobytes(surface, "RGBA")


# -- cards ----------------------------------------------------------------------------------------------


def test_card_is_120_by_168_at_base_scale() -> None:
    assert cards.render_card(spec(ALCHEMIST)).get_size() == (120, 168)


def test_card_is_rendered_at_the_zoomed_size_not_scaled_up() -> None:
    assert cards.render_card(spec(ALCHEMIST), 2.5).get_size() == (300, 420)


def test_card_corners_are_transparent_and_its_body_opaque() -> None:
    image = cards.render_card(spec(ALCHEMIST))
    assert image.get_at((0, 0)).a == 0
    assert image.get_at((60, 84)).a == 255


def test_the_same_spec_and_scale_return_the_cached_surface() -> None:
    assert cards.render_card(spec("Flip one card."), 1.0) is cards.render_card(spec("Flip one card."), 1.0)


def test_a_different_scale_is_rendered_separately() -> None:
    assert cards.render_card(spec("Flip one card."), 1.0) is not cards.render_card(
        spec("Flip one card."), 2.5
    )


def test_base_size_text_is_never_smaller_than_13_px() -> None:
    fit = cards.card_text_fit(spec(ALCHEMIST), 1.0)
    assert fit is not None and fit.size >= 13


def test_long_text_is_cut_with_an_ellipsis_at_base_size() -> None:
    fit = cards.card_text_fit(spec(ALCHEMIST), 1.0)
    assert fit is not None and fit.clipped and fit.lines[-1][-1].text.endswith("\u2026")


@pytest.mark.parametrize("text", [ALCHEMIST, DODGY_DEALER])
def test_the_longest_texts_show_in_full_at_zoom(text: str) -> None:
    fit = cards.card_text_fit(spec(text), 2.5)
    assert fit is not None and not fit.clipped and fit.size >= 13


def test_a_short_text_uses_14_px_at_base_size() -> None:
    fit = cards.card_text_fit(spec("The battle ends at once."), 1.0)
    assert fit is not None and fit.size == 14


def test_absurdly_long_text_still_renders_at_every_scale() -> None:
    text = " ".join([ALCHEMIST] * 4) + " Supercalifragilisticexpialidocious" * 3
    for scale in (0.75, 1.0, 1.5, 2.5):
        assert cards.render_card(spec(text), scale).get_height() == round(168 * scale)


def test_bold_markup_is_not_printed_as_asterisks() -> None:
    fit = cards.card_text_fit(spec("Take the strongest **Knight** back."), 1.0)
    assert fit is not None
    words = [w for line in fit.lines for w in line]
    assert any(w.text == "Knight" and w.bold for w in words) and not any("*" in w.text for w in words)


def test_card_without_text_has_no_effect_text() -> None:
    assert cards.card_text_fit(spec("", effect_icon=None)) is None


def test_an_unknown_value_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        spec("x", value_kind="mana")


def test_gold_and_strength_badges_look_different() -> None:
    strength = cards.render_card(spec("", value_kind="strength", value=2))
    gold = cards.render_card(spec("", value_kind="gold", value=2))
    assert pixels(strength) != pixels(gold)


def test_card_accent_defaults_to_the_game_accent() -> None:
    assert spec("x").colour == game_accent("crimson_company") == palette.CRIMSON


@pytest.mark.parametrize("name", BRIEF_EMBLEMS)
def test_every_emblem_in_the_brief_has_its_own_drawing(name: str) -> None:
    assert emblems.has_emblem(name) and emblems.emblem(name, 64).get_size() == (64, 64)


def test_emblems_are_distinct_drawings() -> None:
    images = {pixels(emblems.emblem(name, 48)) for name in BRIEF_EMBLEMS}
    assert len(images) == len(BRIEF_EMBLEMS)


def test_an_unknown_emblem_falls_back_to_the_generic_drawing() -> None:
    assert pixels(emblems.emblem("no-such-emblem", 48)) == pixels(emblems.emblem("generic", 48))


def test_each_game_has_its_own_card_back() -> None:
    backs = {pixels(cards.render_back(game)) for game in GAMES}
    assert len(backs) == len(GAMES)


def test_card_back_field_colour_can_be_overridden() -> None:
    red = cards.render_back("crusader_kingdoms", 1.0, (150, 30, 30))
    green = cards.render_back("crusader_kingdoms", 1.0, (30, 120, 60))
    assert pixels(red) != pixels(green)


def test_drop_shadow_grows_the_surface_by_the_pad_on_each_side() -> None:
    lifted = cards.drop_shadow(cards.render_card(spec("x")))
    pad = cards.shadow_pad()
    assert lifted.get_size() == (120 + 2 * pad, 168 + 2 * pad)


def test_desaturate_drains_colour_but_keeps_size_and_corners() -> None:
    image = cards.render_card(spec("x"))
    rested = cards.desaturate(image, 1.0)
    r, g, b, _ = rested.get_at((2, 84))
    assert rested.get_size() == image.get_size() and rested.get_at((0, 0)).a == 0
    assert max(r, g, b) - min(r, g, b) < 30


# -- patterns -----------------------------------------------------------------------------------------


def test_each_of_the_six_seats_has_a_different_pattern() -> None:
    tiles = {pixels(patterns.pattern_tile(seat, (40, 40))) for seat in range(6)}
    assert len(tiles) == 6


def test_seats_wrap_after_six() -> None:
    assert pixels(patterns.pattern_tile(6, (40, 40))) == pixels(patterns.pattern_tile(0, (40, 40)))


def test_pattern_names_follow_the_palette_order() -> None:
    assert [palette.seat_pattern(s) for s in range(6)] == list(palette.PLAYER_PATTERNS)


def test_fill_pattern_paints_only_inside_its_rect() -> None:
    surface = pygame.Surface((50, 50))
    surface.fill((1, 2, 3))
    patterns.fill_pattern(surface, pygame.Rect(10, 10, 20, 20), 0)
    assert surface.get_at((5, 5))[:3] == (1, 2, 3) and surface.get_at((20, 20))[:3] != (1, 2, 3)


def test_player_badge_has_the_requested_size() -> None:
    assert patterns.player_badge(2, 40, True).get_size() == (40, 40)


def test_colourblind_badge_adds_the_pattern() -> None:
    assert pixels(patterns.player_badge(0, 40, True)) != pixels(patterns.player_badge(0, 40, False))


# -- table ---------------------------------------------------------------------------------------------


def test_felt_has_the_requested_size_and_is_cached() -> None:
    assert table.felt((320, 180)).get_size() == (320, 180)
    assert table.felt((320, 180)) is table.felt((320, 180))


def test_felt_is_deterministic() -> None:
    first = pixels(table.felt((96, 54)))
    table.felt.cache_clear()
    assert pixels(table.felt((96, 54))) == first


def test_felt_centre_is_green() -> None:
    r, g, b, _ = table.felt((320, 180)).get_at((160, 90))
    assert g > r and g > b


def test_walnut_and_panel_have_the_requested_sizes() -> None:
    assert table.walnut((200, 120)).get_size() == (200, 120)
    assert table.panel((320, 200)).get_size() == (320, 200)


def test_castle_accepts_a_square_or_a_rectangle() -> None:
    assert table.castle(96, 20, 0).get_size() == (96, 96)
    assert table.castle((120, 100), 7, 3).get_size() == (120, 100)


def test_castles_of_different_seats_fly_different_banners() -> None:
    assert pixels(table.castle(96, 20, 0)) != pixels(table.castle(96, 20, 1))


# -- dice ----------------------------------------------------------------------------------------------


def test_d20_face_has_the_requested_size() -> None:
    assert dice.d20_face(17, 80).get_size() == (80, 80)


def test_d20_faces_show_different_numbers() -> None:
    assert pixels(dice.d20_face(3, 64)) != pixels(dice.d20_face(4, 64))


def test_tumble_ends_exactly_on_the_final_face() -> None:
    frames = dice.d20_tumble_frames(12, 64, 9)
    assert len(frames) == 9 and pixels(frames[-1]) == pixels(dice.d20_face(12, 64))
    assert all(frame.get_size() == (64, 64) for frame in frames)


def test_d6_faces_differ_and_the_roll_ends_on_the_final_face() -> None:
    assert len({pixels(dice.d6_face(v, 40)) for v in range(1, 7)}) == 6
    assert pixels(dice.d6_tumble_frames(4, 40, 6)[-1]) == pixels(dice.d6_face(4, 40))


# -- icons ---------------------------------------------------------------------------------------------


def test_every_game_has_a_distinct_tile_of_the_requested_size() -> None:
    tiles = [icons.game_tile(game, (240, 150)) for game in GAMES]
    assert all(tile.get_size() == (240, 150) for tile in tiles)
    assert len({pixels(tile) for tile in tiles}) == len(GAMES)


def test_app_icon_is_256_square_by_default() -> None:
    assert icons.app_icon().get_size() == (256, 256)


@pytest.mark.parametrize("name", icons.UI_ICON_NAMES)
def test_ui_icons_render_at_the_requested_size(name: str) -> None:
    assert icons.ui_icon(name, 24).get_size() == (24, 24)


def test_the_icons_named_in_the_brief_exist() -> None:
    assert {"undo", "save", "menu", "rules", "coin", "shield", "sword", "gear"} <= set(icons.UI_ICON_NAMES)


def test_an_unknown_ui_icon_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        icons.ui_icon("teapot")


def test_effect_icons_differ_per_effect_type() -> None:
    kinds = ("deploy", "income", "score", "destruction", "recruit", "passive")
    assert len({pixels(icons.effect_icon(k, 24)) for k in kinds}) == len(kinds)


# -- sounds --------------------------------------------------------------------------------------------


def test_get_returns_none_when_the_mixer_is_not_initialised() -> None:
    pygame.mixer.quit()
    assert sounds.get("coin_clink") is None


def test_play_is_silent_and_safe_without_a_mixer() -> None:
    pygame.mixer.quit()
    sounds.play("victory")


def test_an_unknown_sound_name_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        sounds.get("trumpet_solo")


def test_the_shell_aliases_name_real_sounds() -> None:
    assert [sounds.canonical(n) for n in ("victory", "coin", "die_roll")] == [
        "victory_sting",
        "coin_clink",
        "die_roll",
    ]


def test_get_loads_a_sound_when_the_mixer_is_running() -> None:
    try:
        pygame.mixer.init()
    except pygame.error:
        pytest.skip("no audio driver available")
    try:
        sounds.forget_loaded()
        assert isinstance(sounds.get("card_place"), pygame.mixer.Sound)
    finally:
        sounds.forget_loaded()
        pygame.mixer.quit()


@pytest.mark.parametrize("name", sounds.SOUND_NAMES)
def test_every_sound_is_committed_as_a_mono_16_bit_wav(name: str) -> None:
    with wave.open(str(asset("sounds", f"{name}.wav")), "rb") as handle:
        assert (handle.getnchannels(), handle.getsampwidth(), handle.getframerate()) == (1, 2, sounds.RATE)
        assert 0.02 < handle.getnframes() / sounds.RATE < 2.0


@pytest.mark.parametrize("name", ["card_place", "click", "error_buzz"])
def test_committed_sounds_match_the_synthesiser(name: str) -> None:
    with wave.open(str(asset("sounds", f"{name}.wav")), "rb") as handle:
        frames = handle.readframes(handle.getnframes())
    samples = sounds.synthesize(name)
    assert frames == struct.pack(f"<{len(samples)}h", *samples)


def test_synthesised_samples_use_the_range_without_clipping() -> None:
    samples = sounds.synthesize("coin_clink")
    assert 8000 < max(abs(s) for s in samples) <= 32767


# -- the asset tool ------------------------------------------------------------------------------------


def _make_assets() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "make_assets.py"
    loaded = importlib.util.spec_from_file_location("make_assets", path)
    assert loaded is not None and loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    return module


def test_ico_container_lists_each_png_with_its_offset() -> None:
    tool = _make_assets()
    data = tool.ico_bytes([(16, b"AAAA"), (256, b"BBBBBB")])
    reserved, kind, count = struct.unpack_from("<HHH", data)
    width, _, _, _, _, bits, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16)
    assert (reserved, kind, count) == (0, 1, 2)
    assert (width, bits, size) == (0, 32, 6) and data[offset : offset + size] == b"BBBBBB"


def test_committed_icon_files_exist() -> None:
    assert pygame.image.load(str(asset("icon.png"))).get_size() == (256, 256)
    assert asset("icon.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"
    assert asset("icon.icns").read_bytes()[:4] == b"icns"
