"""The settings form: window, animation speed, volume and colour-blind patterns.

Every change is applied at once and saved (``App.apply_settings``), so Back simply closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.settings import ANIMATION_SPEEDS, WINDOW_SIZES, Settings
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import draw_panel
from crimson_table.ui.widgets.theme import GOLD, GOLD_LIGHT, INK, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

PANEL = pygame.Rect(300, 130, 1000, 620)
LABEL_X = PANEL.x + 48
FIELD_X = PANEL.x + 420
ROWS = {"window": 110, "fullscreen": 190, "speed": 270, "volume": 350, "colour": 430}
SPEED_LABELS = {"off": "Off (instant)", "slow": "Slow", "normal": "Normal", "fast": "Fast"}


def size_label(size: tuple[int, int]) -> str:
    """``1600 × 900``."""
    return f"{size[0]} × {size[1]}"


class SettingsScene(GuiScene):
    """Change and persist the app settings."""

    help_title = "Settings"
    HELP_KEYS = (("Esc", "Back (changes apply at once)"),)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self._deferred.clear()
        s = self.app.settings
        sizes = list(WINDOW_SIZES) if s.window_size in WINDOW_SIZES else [*WINDOW_SIZES, s.window_size]
        options: list[str | tuple[str, str]] = [(size_label(size), f"{size[0]}x{size[1]}") for size in sizes]
        current = (size_label(s.window_size), f"{s.window_width}x{s.window_height}")
        self.window_menu = pygame_gui.elements.UIDropDownMenu(
            options, current, self._field("window", 320), manager=self.ui
        )
        self.fullscreen_button = self._toggle("fullscreen", s.fullscreen, self.toggle_fullscreen)
        speeds: list[str | tuple[str, str]] = [(SPEED_LABELS[k], k) for k in ANIMATION_SPEEDS]
        self.speed_menu = pygame_gui.elements.UIDropDownMenu(
            speeds,
            (SPEED_LABELS[s.animation_speed], s.animation_speed),
            self._field("speed", 320),
            manager=self.ui,
        )
        self.volume_slider = pygame_gui.elements.UIHorizontalSlider(
            self._field("volume", 360), round(s.volume * 100), (0, 100), manager=self.ui, click_increment=5
        )
        self.colour_button = self._toggle("colour", s.colour_blind, self.toggle_colour_blind)
        self.button(
            (PANEL.x + 48, PANEL.bottom - 96, 260, 60),
            "Restore defaults",
            self.restore_defaults,
            object_id="secondary",
        )
        self.button((PANEL.right - 268, PANEL.bottom - 96, 220, 60), "Done", self.close)

    def _field(self, row: str, width: int) -> pygame.Rect:
        return pygame.Rect(FIELD_X, PANEL.y + ROWS[row], width, 48)

    def _toggle(self, row: str, on: bool, action: Callable[[], object]) -> pygame_gui.elements.UIButton:
        object_id = "toggle_on" if on else "secondary"
        return self.button(self._field(row, 160), "On" if on else "Off", action, object_id=object_id)

    # -- changes -------------------------------------------------------------------------------------
    def _apply(self, **changes: object) -> None:
        self.app.apply_settings(self.app.settings.with_changes(**changes))

    def toggle_fullscreen(self) -> None:
        """Windowed <-> fullscreen."""
        self._apply(fullscreen=not self.app.settings.fullscreen)
        self._build()

    def toggle_colour_blind(self) -> None:
        """Patterns on player colours on/off."""
        self._apply(colour_blind=not self.app.settings.colour_blind)
        self._build()

    def restore_defaults(self) -> None:
        """Back to the shipped settings."""
        self.app.apply_settings(Settings())
        self._build()

    def close(self) -> None:
        """Leave (everything is already saved)."""
        self.app.pop(self)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Dropdown and slider changes; Esc closes."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.window_menu:
                width, height = (int(v) for v in event.selected_option_id.split("x"))
                self._apply(window_width=width, window_height=height)
            elif event.ui_element is self.speed_menu:
                self._apply(animation_speed=event.selected_option_id)
            return None
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume_slider:
            self._apply(volume=float(event.value) / 100.0)
            self.app.sound.play("coin")
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        return event

    # -- drawing -------------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title, panel and labels."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        fonts.blit_text(
            surface, "Settings", 52, GOLD_LIGHT, (800, 40), anchor="midtop", bold=True, shadow=SHADOW
        )
        draw_panel(surface, PANEL)
        fonts.blit_text(
            surface, "Display, motion and sound", fonts.HEADING, INK, (LABEL_X, PANEL.y + 36), bold=True
        )
        pygame.draw.line(surface, GOLD, (LABEL_X, PANEL.y + 84), (PANEL.right - 48, PANEL.y + 84), 1)
        labels = {
            "window": ("Window size", "Used when not in fullscreen."),
            "fullscreen": ("Fullscreen", "F11 switches at any time."),
            "speed": ("Animation speed", "Card flights, flips, dice and counters."),
            "volume": ("Sound volume", f"{round(self.app.settings.volume * 100)} %"),
            "colour": ("Colour-blind patterns", "Each player's colour also gets a pattern."),
        }
        for row, (label, hint) in labels.items():
            y = PANEL.y + ROWS[row]
            fonts.blit_text(surface, label, fonts.BODY, INK, (LABEL_X, y + 2), bold=True)
            fonts.blit_text(surface, hint, 15, (0x5C, 0x55, 0x4A), (LABEL_X, y + 30), italic=True)
        y = PANEL.y + ROWS["colour"] + 2
        for seat in range(6):
            surface.blit(player_badge(seat, 44), (FIELD_X + 190 + seat * 52, y))
