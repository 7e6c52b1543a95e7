"""Crisp text in a scaled window (issue 8: "text rendered at the window's scale").

The logical surface records the lines of text blitted plainly onto it; presenting draws the
visible ones again at the window's scale and leaves everything else as the scaled frame.
"""

from __future__ import annotations

import pygame
import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.scene import LOGICAL_SIZE
from crimson_table.ui.settings import Settings
from crimson_table.ui.text_canvas import TextCanvas, present, scaled_rect
from crimson_table.ui.widgets import fonts

INK = (40, 30, 20)
WINDOW = (1280, 720)  # scale 0.8


@pytest.fixture
def window() -> pygame.Surface:
    pygame.display.init()
    return pygame.display.set_mode(WINDOW)


def _patterned_canvas(window: pygame.Surface, recording: bool = True) -> TextCanvas:
    """A canvas with stripes under everything, so a missing or shifted pixel shows."""
    canvas = TextCanvas((1600, 900), window, recording=recording)
    canvas.fill((200, 190, 160))
    for x in range(0, 1600, 7):
        pygame.draw.line(canvas, (90, 120, 80), (x, 0), (x + 300, 900), 2)
    return canvas


def _view() -> tuple[float, pygame.Rect]:
    return 0.8, pygame.Rect(0, 0, *WINDOW)


def test_rendered_text_remembers_what_it_says(monkeypatch: pytest.MonkeyPatch) -> None:
    image = fonts.render("Anna attacks", 20, INK, bold=True, shadow=(0, 0, 0))
    spec = fonts.text_spec(image)
    assert spec is not None
    assert (spec.text, spec.size, spec.colour, spec.bold, spec.shadow) == (
        "Anna attacks",
        20,
        INK,
        True,
        (0, 0, 0),
    )
    monkeypatch.setattr(fonts.TrackedFont, "tracking", True)
    line = fonts.font(16, italic=True).render("a wrapped line", True, INK)
    assert fonts.text_spec(line) == fonts.TextSpec("a wrapped line", 16, (*INK, 255), False, True)
    assert fonts.text_spec(pygame.Surface((10, 10))) is None


def test_a_visible_text_is_recorded_and_a_covered_one_is_not(window: pygame.Surface) -> None:
    canvas = _patterned_canvas(window)
    canvas.blit(fonts.render("Visible", 20, INK), (100, 100))
    canvas.blit(fonts.render("Covered later", 20, INK), (100, 200))
    canvas.fill((255, 0, 0), pygame.Rect(110, 205, 4, 4))  # a small mark drawn over part of it
    assert [r.spec.text for r in canvas.records] == ["Visible", "Covered later"]
    assert [r.spec.text for r in canvas.visible_records()] == ["Visible"]


def test_only_plain_blits_of_whole_texts_are_recorded(window: pygame.Surface) -> None:
    canvas = _patterned_canvas(window)
    text = fonts.render("Partial", 20, INK)
    canvas.blit(text, (10, 10), area=pygame.Rect(0, 0, 20, 10))
    canvas.blit(text, (10, 40), special_flags=pygame.BLEND_RGB_ADD)
    canvas.blit(text, (1590, 40))  # runs off the canvas
    canvas.blit(pygame.Surface((50, 20)), (10, 80))  # not text
    assert canvas.records == []


def test_nothing_is_recorded_when_not_recording(window: pygame.Surface) -> None:
    canvas = _patterned_canvas(window, recording=False)
    canvas.blit(fonts.render("Plain", 20, INK), (100, 100))
    assert canvas.records == []
    copy = _patterned_canvas(window).copy()  # copies and subsurfaces draw as plain surfaces
    copy.blit(fonts.render("Plain", 20, INK), (100, 100))
    assert copy.records == []


def test_at_1600x900_the_app_draws_straight_into_the_window(user_home: object) -> None:
    """At 1:1 the window is the canvas: no second window-sized frame (5.5 MB) and no copy a frame.
    At any other size the frame is drawn apart and scaled in; back at 1:1, the window again."""
    app = App(Settings(animation_speed="off"))
    app.run_frames(2)
    assert app.window.get_size() == LOGICAL_SIZE and app.logical is app.window
    app.start_match(Match.new("two_crowns", [Seat("Anna", "human"), Seat("Ben", "human")], seed=4))
    app.run_frames(3)
    straight = app.window.copy()
    pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)  # the player drags the window taller
    app._resized((1600, 1000))
    assert app.logical is not app.window and app.logical.get_size() == LOGICAL_SIZE
    app.run_frames(2)
    view = app._viewport()[1]
    assert view == pygame.Rect((0, 50), LOGICAL_SIZE), "1600x1000 letterboxes the frame at 1:1"
    assert app.window.subsurface(view).copy().get_buffer().raw == straight.get_buffer().raw
    pygame.display.set_mode(LOGICAL_SIZE, pygame.RESIZABLE)
    app._resized(LOGICAL_SIZE)
    app.run_frames(2)
    assert app.logical is app.window
    assert app.window.get_buffer().raw == straight.get_buffer().raw, "the same frame either way"
    app.clear()


def _masked(surface: pygame.Surface, rects: list[pygame.Rect]) -> bytes:
    out = surface.copy()
    for rect in rects:
        out.fill((0, 0, 0), rect.inflate(6, 6))
    return out.get_buffer().raw


def test_the_crisp_frame_equals_the_scaled_frame_outside_the_texts(window: pygame.Surface) -> None:
    canvas = _patterned_canvas(window)
    for i, words in enumerate(["Two Crowns", "Condottiere", "Crusader Kingdoms"]):
        canvas.blit(fonts.render(words, 28, INK, shadow=(0, 0, 0)), (200 + 300 * i, 300 + 50 * i))
    logical_before = canvas.get_buffer().raw
    scale, view = _view()
    soft = pygame.transform.smoothscale(canvas, view.size)
    drawn = present(canvas, window, scale, view)
    assert len(drawn) == 3
    assert canvas.get_buffer().raw == logical_before  # the logical frame is left as it was
    crisp = window.copy()
    assert _masked(crisp, drawn) == _masked(soft, drawn)
    assert all(crisp.subsurface(r).get_buffer().raw != soft.subsurface(r).get_buffer().raw for r in drawn)


def test_crisp_lines_are_kept_for_the_window_scale_in_use_only(window: pygame.Surface) -> None:
    """A window resized through several sizes kept every line once per size it passed."""
    from crimson_table.ui.text_canvas import crisp_ink

    canvas = _patterned_canvas(window)
    canvas.blit(fonts.render("Two Crowns", 28, INK), (200, 300))
    _scale, view = _view()
    present(canvas, window, 0.8, view)
    hits = crisp_ink.cache_info().hits
    present(canvas, window, 0.8, view)
    assert crisp_ink.cache_info().hits == hits + 1  # the same scale draws from the cache
    present(canvas, window, 0.5, pygame.Rect(0, 0, 800, 450))
    assert crisp_ink.cache_info().currsize == 1
    assert {key[1] for key in crisp_ink._entries} == {0.5}


def test_a_covered_text_stays_in_the_scaled_frame(window: pygame.Surface) -> None:
    canvas = _patterned_canvas(window)
    canvas.blit(fonts.render("Under a dialog", 20, INK), (400, 400))
    pygame.draw.rect(canvas, (10, 10, 10), (390, 390, 300, 30), 1)  # an outline drawn over it
    scale, view = _view()
    soft = pygame.transform.smoothscale(canvas, view.size)
    assert present(canvas, window, scale, view) == []
    assert window.copy().get_buffer().raw == soft.get_buffer().raw


def test_crisp_text_fills_the_scaled_rect_of_the_logical_text(window: pygame.Surface) -> None:
    canvas = _patterned_canvas(window)
    image = fonts.render("Take back one move", 20, INK)
    canvas.blit(image, (301, 503))
    scale, view = _view()
    (drawn,) = present(canvas, window, scale, view)
    target = scaled_rect(pygame.Rect((301, 503), image.get_size()), scale, view)
    assert abs(drawn.x - target.x) <= 1 and abs(drawn.y - target.y) <= 1
    assert drawn.w <= target.w + 1 and drawn.h <= target.h + 1


@pytest.mark.parametrize("size", [(1024, 576), (2560, 1440)])
def test_a_table_renders_at_another_window_size(user_home: object, size: tuple[int, int]) -> None:
    app = App(Settings(animation_speed="off", volume=0.0, window_width=size[0], window_height=size[1]))
    app.run_frames(2)
    assert isinstance(app.logical, TextCanvas) and app.logical.visible_records()
    match = Match.new("two_crowns", [Seat("Anna", "human"), Seat("Ben", "human")], seed=4)
    app.start_match(match)
    app.run_frames(3)
    app.render()
    assert app.logical.visible_records()
    app.present()
    app.set_crisp_text(False)
    assert not isinstance(app.logical, TextCanvas)
    app.run_frames(1)
    app.clear()


def test_the_registry_forgets_a_text_surface_once_it_is_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    from crimson_table.ui.widgets.fonts import _SPECS

    before = len(_SPECS)
    monkeypatch.setattr(fonts.TrackedFont, "tracking", True)
    line = fonts.font(18).render("soon gone", True, INK)
    assert len(_SPECS) == before + 1
    del line
    gc.collect()
    assert len(_SPECS) == before


@pytest.mark.parametrize("italic", [False, True])
@pytest.mark.parametrize("scale", [0.8, 1.2, 1.6])
def test_a_crisp_line_drawn_word_by_word_keeps_the_words_where_the_whole_line_has_them(
    window: pygame.Surface, italic: bool, scale: float
) -> None:
    """A crisp line a few pixels short of its box is drawn word by word to widen the gaps evenly.
    Each word's own rendering must land where the whole line has it: an italic f reaches left of
    its start, and placing its word by the width of the line before it opened that gap by 3 px
    ("draw  fresh troops" on the menu at 1920x1080)."""
    text = "draw fresh troops, and bribe five of the foes"
    face = fonts._face(round(18 * scale), False, italic)
    whole = face.render(text, True, INK)
    pieces = pygame.Surface(whole.get_size(), pygame.SRCALPHA)
    for x, word in fonts._word_starts(text, face):
        pieces.blit(face.render(word, True, INK), (x, 0))

    def ink_columns(image: pygame.Surface) -> list[bool]:
        ink = pygame.mask.from_surface(image, 0)
        width, height = ink.get_size()
        return [any(ink.get_at((x, y)) for y in range(height)) for x in range(width)]

    assert ink_columns(pieces) == ink_columns(whole)
