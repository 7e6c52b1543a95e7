"""Shared widgets: animations, drag and drop, dice, log privacy, badges, toasts, window scaling."""

from __future__ import annotations

import pygame
import pytest

from crimson_table.engine.core import Event
from crimson_table.ui.app import App
from crimson_table.ui.widgets.anim import Animator, CardFlight, Countdown, Flip
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.dice_tray import DiceTray, DiceTrayScene
from crimson_table.ui.widgets.drag import DragController, DragItem
from crimson_table.ui.widgets.drop_zone import DropZone, pulse
from crimson_table.ui.widgets.log_panel import COLLAPSED_WIDTH, LogPanel
from crimson_table.ui.widgets.toast import ToastManager


def _card() -> pygame.Surface:
    return pygame.Surface((120, 168))


def test_a_card_flight_lands_at_its_target_after_its_duration() -> None:
    flight = CardFlight(_card(), (0, 0), (300, 100))
    flight.update(0.26)
    assert flight.done and flight.position == (300, 100)


def test_a_card_flight_eases_out_so_it_covers_most_ground_early() -> None:
    flight = CardFlight(_card(), (0, 0), (100, 0))
    flight.update(0.13)
    assert flight.position[0] > 70


def test_slow_speed_stretches_every_animation() -> None:
    animator = Animator(lambda: 1.6)
    flip = animator.play(Flip(_card(), _card(), (0, 0)))
    animator.update(0.18)
    assert not flip.done and flip.duration == pytest.approx(0.288)


def test_animations_off_finish_the_moment_they_are_added() -> None:
    finished: list[str] = []
    animator = Animator(lambda: 0.0)
    animator.play(CardFlight(_card(), (0, 0), (5, 5), on_done=lambda: finished.append("flight")))
    assert finished == ["flight"] and not animator.busy


def test_queued_animations_run_one_after_another() -> None:
    animator = Animator()
    first = animator.then(Countdown(20, 17))
    second = animator.then(Countdown(17, 15))
    animator.update(0.12)
    assert first.done and not second.done and second.value == 17


def test_damage_counts_down_one_point_per_40_ms() -> None:
    countdown = Countdown(20, 10)
    countdown.update(0.2)
    assert countdown.value == 15 and countdown.duration == pytest.approx(0.4)


def test_a_flip_shows_the_second_face_after_half_its_time() -> None:
    flip = Flip(_card(), _card(), (0, 0))
    flip.update(0.1)
    assert flip.showing_second and flip.width_fraction() < 0.2


def _controller(accept: bool, dropped: list[object], clicked: list[object]) -> DragController:
    home = pygame.Rect(100, 600, 120, 168)
    zones = [
        DropZone("lane", pygame.Rect(400, 200, 200, 200)),
        DropZone("bad", pygame.Rect(700, 200, 200, 200), legal=False),
    ]

    def drop(item: DragItem, zone: DropZone | None) -> bool:
        dropped.append(zone.key if zone else None)
        return accept and zone is not None and zone.legal

    return DragController(
        lambda pos: DragItem("card", _card(), home) if home.collidepoint(pos) else None,
        lambda item: zones,
        drop,
        click=lambda item: clicked.append(item.key),
        animator=Animator(),
    )


def _drag(controller: DragController, start: tuple[int, int], end: tuple[int, int]) -> None:
    controller.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": start, "button": 1}))
    controller.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, {"pos": end, "rel": (0, 0), "buttons": (1, 0, 0)})
    )
    controller.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": end, "button": 1}))


def test_a_drop_reports_the_zone_under_the_cursor() -> None:
    dropped: list[object] = []
    controller = _controller(True, dropped, [])
    _drag(controller, (150, 650), (500, 300))
    assert dropped == ["lane"] and not controller.returning


def test_a_refused_drop_slides_the_piece_back_home() -> None:
    controller = _controller(False, [], [])
    _drag(controller, (150, 650), (800, 300))
    assert len(controller.returning) == 1 and controller.returning[0].end == (160, 684)


def test_pressing_and_releasing_without_moving_is_a_click() -> None:
    clicked: list[object] = []
    dropped: list[object] = []
    controller = _controller(True, dropped, clicked)
    _drag(controller, (150, 650), (151, 651))
    assert clicked == ["card"] and dropped == []


def test_a_press_on_empty_table_passes_the_event_on() -> None:
    controller = _controller(True, [], [])
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (10, 10), "button": 1})
    assert controller.handle_event(event) is event


def test_legal_zones_pulse_once_a_second() -> None:
    assert (
        pulse(0.25) == pytest.approx(1.0)
        and pulse(1.25) == pytest.approx(1.0)
        and pulse(0.75) == pytest.approx(0.0)
    )


def test_dice_tumble_for_under_a_second_and_land_on_the_engines_value() -> None:
    tray = DiceTray([17], factor=1.0)
    assert 0.7 <= tray.tumble <= 1.0
    tray.update(tray.tumble)
    assert tray.landed and tray.face(0) == 17


def test_the_dice_overlay_removes_itself_and_reports_when_done(app: App) -> None:
    done: list[bool] = []
    app.push(DiceTrayScene(app, [3, 12], on_done=lambda: done.append(True)))
    app.run_frames(2)
    assert done == [True] and not isinstance(app.top, DiceTrayScene)


def test_the_log_rerenders_private_lines_for_a_new_viewer() -> None:
    panel = LogPanel()
    secret = Event("draw", text="Anna drew a card", private_to=(0,), private_text="Anna drew the Bishop")
    panel.set_entries([secret], viewer=0)
    assert panel.visible_texts() == ["Anna drew the Bishop"]
    panel.set_viewer(1)
    assert panel.visible_texts() == ["Anna drew a card"]


def test_the_log_collapses_to_a_narrow_tab() -> None:
    panel = LogPanel()
    panel.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": panel.toggle_rect.center, "button": 1})
    )
    assert panel.collapsed and panel.rect.width == COLLAPSED_WIDTH < 100


def test_the_log_wraps_long_lines_to_its_width() -> None:
    panel = LogPanel()
    panel.set_entries(["word " * 60], viewer=None)
    assert len(panel._lines) > 3


def test_badges_differ_by_pattern_when_colour_blind_patterns_are_on() -> None:
    plain = player_badge(0, 48, with_pattern=False)
    patterned = player_badge(0, 48, with_pattern=True)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(patterned, "RGBA")


def test_a_toast_disappears_after_three_seconds() -> None:
    toasts = ToastManager()
    toasts.show("Not enough gold (TC-R10)")
    toasts.update(2.9)
    assert toasts.texts()
    toasts.update(0.2)
    assert not toasts.texts()


def test_a_fading_toast_is_drawn_once_and_only_its_alpha_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    from crimson_table.ui.widgets import toast as toast_module

    made: list[str] = []
    render = toast_module._render

    def counting(t: toast_module.Toast) -> pygame.Surface:
        made.append(t.text)
        return render(t)

    monkeypatch.setattr(toast_module, "_render", counting)
    toasts = ToastManager()
    shown = toasts.show("Not enough gold (TC-R10)")
    screen = pygame.Surface((1600, 900))
    alphas = []
    for _ in range(5):
        toasts.draw(screen)
        assert shown.card is not None
        alphas.append(shown.card.get_alpha())
        toasts.update(0.1)
    assert made == ["Not enough gold (TC-R10)"]
    assert alphas == sorted(alphas) and alphas[0] < alphas[-1]  # fading in, one drawing


def test_a_notice_under_the_pointer_turns_almost_clear_so_it_hides_nothing() -> None:
    # A refusal toast over a lane or a track must not hide the card the player aims at: clicks pass
    # through it, and under the pointer it all but clears.
    toasts = ToastManager()
    toasts.show("Not that one yet. This step asks for: Demon.")
    toasts.update(1.0)  # fully in
    screen = pygame.Surface((1600, 900))
    screen.fill((255, 255, 255))
    toasts.draw(screen, (800, 860), pointer=(10, 10))
    rect = toasts.rects[0]
    probe = (rect.centerx, rect.bottom - 4)
    opaque = screen.get_at(probe)[:3]
    screen.fill((255, 255, 255))
    toasts.draw(screen, (800, 860), pointer=rect.center)
    clear = screen.get_at(probe)[:3]
    assert sum(opaque) < 500 < sum(clear), (opaque, clear)  # the white table shows through
    assert toasts.rects[0] == rect


def test_window_clicks_are_translated_to_logical_coordinates_with_letterboxing(app: App) -> None:
    app.window = pygame.display.set_mode((1000, 1000))
    assert app.to_logical((500, 500)) == (800, 450)
    assert app.to_logical((0, 218.75)) == (0, 0)


def test_f11_switches_to_fullscreen_and_back(app: App) -> None:
    f11 = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_F11, "mod": 0, "unicode": "", "scancode": 0})
    app.dispatch(f11)
    assert app.settings.fullscreen
    app.dispatch(f11)
    assert not app.settings.fullscreen


def _panel_drawn_directly(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The parchment panel as ``draw_panel`` drew it every frame before it was cached."""
    from crimson_table.ui.widgets.theme import GOLD, PARCHMENT, PARCHMENT_LIGHT

    shadow = pygame.Surface((rect.width + 24, rect.height + 24), pygame.SRCALPHA)
    for i in range(6):
        pygame.draw.rect(shadow, (0, 0, 0, 22), shadow.get_rect().inflate(-i * 4, -i * 4), border_radius=22)
    surface.blit(shadow, (rect.x - 12, rect.y - 6))
    pygame.draw.rect(surface, PARCHMENT, rect, border_radius=14)
    pygame.draw.rect(surface, GOLD, rect, 3, border_radius=14)
    pygame.draw.rect(surface, PARCHMENT_LIGHT, rect.inflate(-12, -12), 1, border_radius=8)


@pytest.mark.parametrize("rect", [(40, 30, 300, 120), (0, 0, 90, 60), (200, 100, 411, 257)])
def test_a_cached_panel_looks_exactly_as_one_drawn_directly(rect: tuple[int, int, int, int]) -> None:
    from crimson_table.ui.widgets.buttons import draw_panel

    cached, direct = pygame.Surface((640, 400)), pygame.Surface((640, 400))
    for surface in (cached, direct):
        surface.fill((22, 70, 44))
    draw_panel(cached, pygame.Rect(rect))
    draw_panel(cached, pygame.Rect(rect))  # from the cache the second time, over the first
    _panel_drawn_directly(direct, pygame.Rect(rect))
    _panel_drawn_directly(direct, pygame.Rect(rect))
    assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(direct, "RGB")


def test_a_plate_steps_the_shortest_way_off_what_it_must_not_cover() -> None:
    from crimson_table.ui.widgets.clearance import nearest_clear

    inside = pygame.Rect(0, 0, 1000, 600)
    result = pygame.Rect(300, 250, 400, 100)
    plate = pygame.Rect(350, 270, 200, 40)  # nearer the top edge: it goes up
    moved = nearest_clear(plate, [result], inside)
    assert not moved.colliderect(result) and moved.x == plate.x and moved.bottom == result.y - 8
    assert nearest_clear(plate, [inside], inside) == plate  # nowhere clear: it stays
    assert nearest_clear(pygame.Rect(0, 0, 50, 50), [result], inside) == pygame.Rect(0, 0, 50, 50)


def test_a_zoomed_card_goes_above_its_card_else_beside_it_on_the_side_asked_first_inside_the_table() -> None:
    from crimson_table.ui.widgets.clearance import zoom_place

    table = pygame.Rect(0, 0, 800, 600)
    hand_card = pygame.Rect(300, 400, 50, 70)
    assert zoom_place((100, 140), hand_card, table).midbottom == (hand_card.centerx, hand_card.y - 12)
    on_board = pygame.Rect(300, 60, 50, 70)  # no room above: beside it
    assert zoom_place((100, 140), on_board, table).right == on_board.x - 16  # left first
    assert zoom_place((100, 140), on_board, table, right_first=True).x == on_board.right + 16
    at_left_edge = pygame.Rect(20, 60, 50, 70)  # no room left: right
    assert zoom_place((100, 140), at_left_edge, table).x == at_left_edge.right + 16
    at_right_edge = pygame.Rect(720, 60, 50, 70)
    assert zoom_place((100, 140), at_right_edge, table, right_first=True).right == at_right_edge.x - 16
    assert table.inflate(-16, -16).contains(zoom_place((100, 140), pygame.Rect(0, 0, 10, 10), table))
    assert zoom_place((100, 140), hand_card, table, above=False).right == hand_card.x - 16
