"""Closing a screen gives its memory back (issue 9: resident size over a long monkey run)."""

from __future__ import annotations

import gc
import os
import platform
import subprocess
import sys
import weakref

import pygame
import pytest

from crimson_table.ui import memory
from crimson_table.ui.app import App


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def test_release_frees_reference_cycles_at_once() -> None:
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    alive = weakref.ref(a)
    del a, b
    memory.release()
    assert alive() is None


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc", reason="glibc only"
)
def test_on_glibc_the_c_heap_is_trimmed() -> None:
    trim = memory._malloc_trim()
    assert trim is not None
    assert trim(0) in (0, 1)  # glibc: 1 if memory was returned, 0 if there was none to return


# Run in a fresh interpreter, as the app starts: in a long test session glibc serves blocks this
# size from free chunks its heap already holds (still resident), whatever the threshold says.
_PAGES_KEPT = """
import sys
import pygame
from crimson_table.ui import memory

def pages():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1])

size = (int(sys.argv[1]), int(sys.argv[2]))
assert memory.map_large_blocks()
count = max(8, 40_000_000 // (size[0] * size[1] * 4))  # ~40 MB of them
for _ in range(2):  # glibc alone would now serve blocks this size from the heap and keep them
    pygame.Surface(size, depth=32).fill((1, 2, 3))
before = pages()
surfaces, kept = [], []
for _ in range(count):  # a small block kept after each, so the freed ones are holes, not the top
    surfaces.append(pygame.Surface(size, depth=32))
    surfaces[-1].fill((1, 2, 3))
    kept.append(pygame.Surface((40, 40), depth=32))
grown = pages()
del surfaces
print(count, before, grown, pages(), len(kept))
"""


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc", reason="glibc only"
)
@pytest.mark.parametrize(
    "size", [(1600, 900), (182, 255), (140, 150)], ids=["window", "card face", "castle or fan card"]
)
def test_on_glibc_window_sized_surfaces_get_pages_of_their_own(size: tuple[int, int]) -> None:
    """With the threshold fixed, freeing a window-sized surface, a card face at table scale
    (~180 KB), or a castle or fan card (~80 KB) gives its pages back at once."""
    done = subprocess.run(
        [sys.executable, "-c", _PAGES_KEPT, str(size[0]), str(size[1])],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
    )
    assert done.returncode == 0, done.stderr
    count, before, grown, after, kept = (int(n) for n in done.stdout.split())
    freed = count * size[0] * size[1] * 4 // 4096
    assert grown - before > freed * 0.9
    # without a trim, most of it is back (from the heap, 9,898 of 9,742 card-face pages stayed;
    # at a 128 KB threshold, all 10,572 pages the castle-sized ones took)
    assert after - before < freed // 2
    assert kept == count


def _rss_pages() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1])


def test_card_text_at_many_sizes_keeps_one_font_face_per_style() -> None:
    """Each FreeType face costs ~0.5 MB of C heap once used; fitting text tries many sizes."""
    from crimson_table.ui.art import _fonts

    pygame.font.init()
    faces = {id(_fonts.noto(size, bold)) for size in range(6, 61) for bold in (False, True)}
    assert len(faces) == 2
    path = _fonts.font_file()
    if path is not None:  # a resized face measures and draws as a face opened at that size
        for size in (9, 14, 23, 35):
            fresh = pygame.font.Font(str(path), size)
            shared = _fonts.noto(size)
            assert shared.size("Takes the strongest Knight") == fresh.size("Takes the strongest Knight")
            assert shared.get_linesize() == fresh.get_linesize()
            rendered = pygame.image.tobytes(_fonts.noto(size).render("Gold 3", True, (0, 0, 0)), "RGBA")
            assert rendered == pygame.image.tobytes(fresh.render("Gold 3", True, (0, 0, 0)), "RGBA")


def test_ui_text_of_every_size_shares_one_face_per_style_pixel_for_pixel() -> None:
    """``widgets.fonts.font`` of many sizes, held and used interleaved (as screens hold a heading
    and a body font), measures and draws exactly as a face opened at each size."""
    from crimson_table.ui.widgets import fonts

    pygame.font.init()
    held = {
        (size, bold, italic): fonts.font(size, bold, italic)
        for size in range(13, 57, 3)
        for bold in (False, True)
        for italic in (False, True)
    }
    text = "Takes the strongest Knight, gy"
    for (size, bold, italic), face in sorted(held.items(), key=lambda item: (item[0][0] * 7) % 11):
        path = fonts.font_path(bold, italic)
        if path is None:
            pytest.skip("Noto Sans not found")
        fresh = pygame.font.Font(str(path), size)
        other = held[(13 if size > 13 else 16, not bold, italic)]
        assert other.size(text) != face.size(text) or size == 16
        assert face.size(text) == fresh.size(text)
        assert (face.get_linesize(), face.get_height(), face.get_ascent(), face.get_descent()) == (
            fresh.get_linesize(),
            fresh.get_height(),
            fresh.get_ascent(),
            fresh.get_descent(),
        )
        assert face.metrics(text) == fresh.metrics(text)
        other.render(text, True, (0, 0, 0))
        image = face.render(text, True, (20, 30, 40))
        assert pygame.image.tobytes(image, "RGBA") == pygame.image.tobytes(
            fresh.render(text, True, (20, 30, 40)), "RGBA"
        )
        assert fonts.wrap(text * 3, face, 300) == fonts.wrap(text * 3, fresh, 300)
    gc.collect()
    open_faces = [obj for obj in gc.get_objects() if isinstance(obj, fonts.TrackedFont)]
    assert len(open_faces) <= fonts.POOL_FACES < len(held)
    cached = fonts.render("Pause", 28, (1, 2, 3), bold=True, shadow=(0, 0, 0))
    assert cached.get_size() == (
        fonts.font(28, bold=True).size("Pause")[0] + 1,
        fonts.font(28, True).get_height() + 1,
    )


def _old_lifted(face: pygame.Surface) -> pygame.Surface:
    """The drop shadow as it was made per card before the shared shadow (8 px blur, (3, 7), 120)."""
    pad = 16
    w, h = face.get_size()
    silhouette = face.copy()
    silhouette.fill((0, 0, 0, 120), special_flags=pygame.BLEND_RGBA_MULT)
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    out.blit(silhouette, (pad + 3, pad + 7))
    out = pygame.transform.gaussian_blur(out, 8)
    out.blit(face, (pad, pad))
    return out


@pytest.mark.parametrize("scale", [1.0, 2.5])
def test_a_lifted_card_is_its_face_on_the_shared_shadow_pixel_for_pixel(scale: float) -> None:
    from crimson_table.ui.art import cards
    from crimson_table.ui.tables.condottiere import layout as condottiere
    from crimson_table.ui.tables.two_crowns import layout as two_crowns

    specs = [
        two_crowns.card_spec(0),
        two_crowns.card_spec(60),
        condottiere.card_spec("10"),
        condottiere.card_spec("Wi"),
    ]
    for spec in specs:
        lifted = cards.lifted_card(spec, scale)
        old = _old_lifted(cards.render_card(spec, scale))
        assert lifted.get_size() == old.get_size()
        assert pygame.image.tobytes(lifted, "RGBA") == pygame.image.tobytes(old, "RGBA")


def test_hover_zooms_of_every_card_stay_within_the_lifted_cards_budget() -> None:
    from crimson_table.ui.art import cards
    from crimson_table.ui.tables.two_crowns import layout as two_crowns

    cards.lifted_card.cache_clear()
    cards._SHADOWS.clear()
    for card in range(0, 106, 3):
        cards.lifted_card(two_crowns.card_spec(card), 2.5)
    info = cards.lifted_card.cache_info()
    assert info.bytes <= info.maxsize <= 2 * 1024 * 1024
    assert len(cards._SHADOWS) == 1  # one shadow for every face at a scale


def test_rotated_cards_and_text_lines_stay_within_their_measured_budgets() -> None:
    """Budgets chosen from traces of every cache call over monkey runs: what a table shows at once, not everything seen."""
    from crimson_table.ui.tables.two_crowns import layout as two_crowns
    from crimson_table.ui.widgets import fonts

    assert two_crowns._image.max_bytes <= 4 * 1024 * 1024
    assert fonts._render.max_bytes <= 4 * 1024 * 1024
    two_crowns._image.cache_clear()
    for card in range(106):  # every card at every fan angle of a hand of up to 9
        for angle in (-7.5, -5.0, -4.5, -2.5, -1.5, 0.0, 1.5, 2.5, 4.5, 5.0, 7.5):
            two_crowns.card_image(card, 1.0, angle)
    assert two_crowns._image.cache_info().bytes <= two_crowns._image.max_bytes


def test_opening_dialogs_does_not_grow_the_translation_search_path(app: App) -> None:
    import i18n

    from crimson_table.ui.screens.dialog import MessageDialog

    app.push(MessageDialog(app, "Title", "Message"))
    app.pop()
    before = len(i18n.load_path)
    for _ in range(5):
        app.push(MessageDialog(app, "Title", "Message"))
        app.run_frames(1)
        app.pop()
    assert len(i18n.load_path) == before


def test_every_screen_shares_one_gui_theme_and_none_outlives_its_screen(app: App) -> None:
    """A theme per screen cost each its own font faces and 4 MB shape atlas; pygame-gui's default
    manager kept the first screen ever opened alive for the session."""
    from pygame_gui.core.utility import get_default_manager

    from crimson_table.ui.gui_scene import LogicalUIManager
    from crimson_table.ui.screens.dialog import MessageDialog
    from crimson_table.ui.screens.rules import RulesScene

    first = MessageDialog(app, "Title", "Message")
    app.push(first)
    app.push(RulesScene(app, "two_crowns"))
    app.run_frames(2)
    managers = [scene.ui for scene in app.stack if hasattr(scene, "ui")]
    assert len(managers) == 2 and managers[0].get_theme() is managers[1].get_theme()
    assert get_default_manager() is None
    gone = weakref.ref(first.ui)
    app.pop()
    app.pop()
    del first, managers
    memory.release()
    gc.collect()
    assert gone() is None
    assert not [obj for obj in gc.get_objects() if isinstance(obj, LogicalUIManager)]


def test_trim_never_fails_where_there_is_no_glibc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory, "_malloc_trim", lambda: None)
    memory.trim()
    memory.release()


def _counting_trims(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    monkeypatch.setattr(memory, "trim", lambda: calls.append(1))
    return calls


def test_a_frame_with_nothing_to_draw_trims_the_heap_once_until_something_is_drawn(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crimson_table.ui import app as app_module

    calls = _counting_trims(monkeypatch)
    app.run_frames(3)
    drawn = len(calls)
    monkeypatch.setattr(app, "needs_redraw", lambda: False)
    app.run_frames(int(3 * app_module.TRIM_EVERY * app_module.FPS))  # resting: one trim, not one a frame
    assert len(calls) == drawn + 1
    monkeypatch.setattr(app, "needs_redraw", lambda: True)
    app.run_frames(2)
    monkeypatch.setattr(app, "needs_redraw", lambda: False)
    app.run_frames(2)
    assert len(calls) == drawn + 2  # drawn again, quiet again: trimmed again (TRIM_EVERY had passed)
    monkeypatch.setattr(app, "needs_redraw", lambda: True)
    app.run_frames(1)
    monkeypatch.setattr(app, "needs_redraw", lambda: False)
    app.run_frames(2)
    assert len(calls) == drawn + 2  # but at most every TRIM_EVERY seconds
    assert app.trims >= 2


def test_the_first_frame_at_a_new_window_size_trims_the_heap(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old window's surfaces and its crisp text lines are freed by then."""
    app.run_frames(2)
    calls = _counting_trims(monkeypatch)
    monkeypatch.setattr(app, "needs_redraw", lambda: True)
    app.run_frames(2)
    assert calls == []
    app.toggle_fullscreen()
    assert calls == []
    app.run_frames(1)
    assert len(calls) == 1
    app.run_frames(3)
    assert len(calls) == 1


def test_while_every_frame_draws_the_heap_is_not_trimmed(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A trim costs a frame ~2 ms, and a busy table touches the freed pages again within seconds."""
    from crimson_table.ui import app as app_module

    app.run_frames(2)
    calls = _counting_trims(monkeypatch)
    monkeypatch.setattr(app, "needs_redraw", lambda: True)
    app.run_frames(int(20 * app_module.FPS))
    assert calls == []


def test_the_shared_theme_remembers_element_ids_under_small_keys(app: App) -> None:
    """pygame-gui keyed each element-id lookup by a string as long as the product of the four id
    lists' text lengths (~0.5 MB each, kept for the session: 15 MB after 5,000 monkey events)."""
    from pygame_gui.core.resource_loaders import BlockingThreadedResourceLoader
    from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

    from crimson_table.ui.gui_scene import shared_theme
    from crimson_table.ui.screens.dialog import MessageDialog
    from crimson_table.ui.screens.rules import RulesScene
    from crimson_table.ui.screens.settings import SettingsScene

    for scene in (MessageDialog(app, "Title", "Message"), RulesScene(app, "condottiere"), SettingsScene(app)):
        app.push(scene)
        app.run_frames(2)
        app.pop()
    theme = shared_theme()[1]
    assert theme._combined_ids, "the dialogs' elements were looked up"
    assert sum(len(key) for key in theme.unique_theming_ids) < 10_000
    plain = UIAppearanceTheme(BlockingThreadedResourceLoader(), "en")
    for lists, ids in list(theme._combined_ids.items())[:20]:
        args = [None if part is None else list(part) for part in lists]
        assert plain.build_all_combined_ids(*args) == ids  # the same answers as pygame-gui's own
    assert max(len(key) for key in plain.unique_theming_ids) > 10_000  # what it would have kept


def test_card_faces_and_crisp_lines_stay_within_their_measured_budgets() -> None:
    """By traces of the caches over monkey runs, 4 MB of card faces and 1 MB of crisp lines cover what a table shows
    at once, so a frame never renders a face it rendered a moment ago: here a Crusader Kingdoms
    hand of 12 different cards, three of them zoomed, beside Condottiere's every card in hand."""
    from crimson_table.engine.condottiere.cards import CARDS as CONDOTTIERE
    from crimson_table.engine.crusader_kingdoms.cards import CARDS as CRUSADER
    from crimson_table.ui import text_canvas
    from crimson_table.ui.art import cards
    from crimson_table.ui.tables.condottiere import layout as condottiere
    from crimson_table.ui.tables.crusader_kingdoms import layout as crusader

    assert cards.render_card.max_bytes <= 4 * 1024 * 1024
    assert text_canvas.crisp_ink.max_bytes <= 1 * 1024 * 1024
    hand = [crusader.card_spec(cid) for cid in sorted({card.id for card in CRUSADER})[:12]]
    shown = [(spec, crusader.HAND_SCALE) for spec in hand] + [
        (spec, crusader.ZOOM_SCALE) for spec in hand[:3]
    ]
    shown += [(condottiere.card_spec(card), condottiere.HAND_SCALE) for card in sorted(CONDOTTIERE)]
    cards.render_card.cache_clear()
    for _ in range(2):
        for spec, scale in shown:
            cards.render_card(spec, scale)
    assert cards.render_card.cache_info().misses == len(shown)


def test_the_shared_themes_shape_cache_keeps_one_page(app: App) -> None:
    """pygame-gui adds 4 MB pages to its shape cache up to three; the app keeps the first one only
    (8 MB of pages after 60,000 monkey events held the shapes of dialogs long closed)."""
    from pygame_gui.core.surface_cache import SurfaceCache

    from crimson_table.ui.gui_scene import OnePageShapeCache, shared_theme

    assert isinstance(shared_theme()[1].shape_cache, OnePageShapeCache)

    def fill(cache: SurfaceCache) -> int:
        for i in range(120):  # 120 shapes of 150 x 150: twice what one page holds
            shape = pygame.Surface((150, 150), pygame.SRCALPHA)
            shape.fill((i, 0, 0, 255))
            cache.add_surface_to_cache(shape, f"shape{i}")
            cache.update()
            cache.find_surface_in_cache(f"shape{i}")
        return len(cache.cache_surfaces)

    assert fill(SurfaceCache()) == 3  # pygame-gui's own grows to three pages
    one_page = OnePageShapeCache()
    assert fill(one_page) == 1
    assert one_page.find_surface_in_cache("shape0") is not None  # what fits is still cached


def test_one_full_window_table_surface_is_kept_and_no_screen_reloads_it_every_frame(app: App) -> None:
    """The felt of the menu and the walnut of Crimson Keep are 5.5 MB each: one is kept at a time,
    and no screen draws both, so switching loads one once, not every frame."""
    from crimson_table.play.match import Match, Seat
    from crimson_table.ui import artwork
    from crimson_table.ui.screens.pause import PauseScene
    from crimson_table.ui.tables.crimson_keep import paint

    app.run_frames(2)  # the menu, on felt
    match = Match.new("crimson_keep", [Seat("Anna", "human"), Seat("Kai", "bot", "random")], seed=4)
    scene = app.start_match(match)
    app.run_frames(3)
    app.push(PauseScene(app, scene))
    app.run_frames(3)
    app.pop()
    misses = artwork._felt.cache_info().misses
    for _ in range(3):  # the table, then a dialog over it, again and again: nothing reloads
        app.push(PauseScene(app, scene))
        app.run_frames(2)
        app.pop()
        app.run_frames(2)
    assert artwork._felt.cache_info().misses == misses
    assert artwork._felt.cache_info().currsize == 1
    paint._background(1600, False)  # the board as each seat of a pass-and-play game sees it
    paint._background(1600, True)
    assert paint._background.cache_info().currsize == 1


def test_castles_card_backs_and_board_tiles_keep_what_a_table_shows_within_their_budgets() -> None:
    """A long session meets every castle value, every face-down sellsword and every Crimson Keep
    card active and inactive; the caches keep what one table shows at once (re-drawn only when it
    changes) within 1, 1 and 4 MB.  Bounded by 64 entries, castles could hold 5.5 MB and the backs
    2.3 MB; 16 MB of tiles let every size an animation passes through stay."""
    from crimson_table.engine.crimson_company.cards import CARDS as COMPANY
    from crimson_table.engine.crimson_keep.cards import CARDS as KEEP
    from crimson_table.ui.art import table
    from crimson_table.ui.tables.crimson_company import paint as company
    from crimson_table.ui.tables.crimson_keep import layout as keep_layout
    from crimson_table.ui.tables.crimson_keep import paint as keep
    from crimson_table.ui.tables.two_crowns.layout import CASTLE_SIZE

    cell = keep_layout.TableLayout(1600).cell(0).size
    for cache, every, at_once, budget in (
        (table.castle, [(CASTLE_SIZE, v, s) for v in range(41) for s in (0, 1)], [(CASTLE_SIZE, 18, 0), (CASTLE_SIZE, 20, 1)], 1),
        (company.face_down, [(c.id,) for c in COMPANY], [(c.id,) for c in COMPANY[:10]], 1),
        (keep.tile_image, [(s, n, a, cell) for s in (0, 1) for n in KEEP for a in (False, True)],
         [(s, n, True, cell) for s in (0, 1) for n in sorted(KEEP)[:22]], 4),
    ):  # fmt: skip
        cache.cache_clear()
        for args in every:
            cache(*args)
        assert cache.cache_info().bytes <= budget * 1024 * 1024 == cache.max_bytes, cache.__name__
        cache.cache_clear()
        for _ in range(3):
            for args in at_once:
                cache(*args)
        assert cache.cache_info().misses == len(at_once), cache.__name__
