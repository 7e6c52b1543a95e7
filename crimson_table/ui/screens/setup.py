"""Setting up a game: seats (name, human or computer, bot level), the game's options and a seed.

Start builds ``Match.new`` and opens the game's table (``scenes.scene_class_for``).  A blank seed
means a random one taken from the clock: the app may use time, the engine never does.
"""

from __future__ import annotations

import functools
import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from crimson_table.ai.registry import LEVEL_NAMES, levels_for
from crimson_table.engine import GAMES, OptionSpec
from crimson_table.engine.tiled import MapError
from crimson_table.play.match import Match, Seat
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.tables import seat_colours_for
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import draw_panel
from crimson_table.ui.widgets.theme import GOLD, GOLD_LIGHT, INK, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

DEFAULT_NAMES = ("Anna", "Ben", "Clara", "Dario", "Elena", "Felix")
NAME_LIMIT = 18
SEATS_PANEL = pygame.Rect(48, 130, 960, 620)
OPTIONS_PANEL = pygame.Rect(1036, 130, 516, 620)
ROW_TOP = SEATS_PANEL.y + 150
ROW_HEIGHT = 70


def random_seed() -> int:
    """A seed from the clock (only the app does this; the engine never reads time)."""
    return time.time_ns() // 1000 % 2_000_000_000


class SetupScene(GuiScene):
    """The new-game form of one game."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.info = GAMES[game_id].INFO
        self.levels = levels_for(game_id)
        # Captain is the default opponent: a fair game at once; Master is one click away.
        self.default_level = "heuristic" if "heuristic" in self.levels else self.levels[-1]
        count = self.info.min_players
        self.names = list(DEFAULT_NAMES[: self.info.max_players])
        self.kinds = ["human"] + ["bot"] * (self.info.max_players - 1)
        self.seat_levels = [self.default_level] * self.info.max_players
        self.count = count
        self.row_elements: list[list[pygame_gui.core.UIElement]] = []
        self.name_entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.kind_buttons: list[pygame_gui.elements.UIButton] = []
        self.level_menus: list[pygame_gui.elements.UIDropDownMenu | None] = []
        self._build_static()
        self._build_rows()

    # -- building ---------------------------------------------------------------------------------
    def _build_static(self) -> None:
        x = SEATS_PANEL.x + 32
        self.minus = self.button(
            (x + 190, SEATS_PANEL.y + 78, 48, 44), "−", lambda: self.change_count(-1), object_id="secondary"
        )
        self.plus = self.button(
            (x + 300, SEATS_PANEL.y + 78, 48, 44), "+", lambda: self.change_count(1), object_id="secondary"
        )
        self.option_menus: dict[str, tuple[OptionSpec, pygame_gui.elements.UIDropDownMenu]] = {}
        y = OPTIONS_PANEL.y + 84
        for spec in self.info.options:
            self._option_row(spec, y)
            y += 104 if spec.help else 84
        self.seed_y = max(y + 10, OPTIONS_PANEL.bottom - 170)
        seed_rect = pygame.Rect(OPTIONS_PANEL.x + 32, self.seed_y + 40, OPTIONS_PANEL.width - 64, 48)
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            seed_rect, manager=self.ui, placeholder_text="random"
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(10)
        self.button((SEATS_PANEL.x, 786, 240, 64), "Back", self.back, object_id="secondary")
        self.start_button = self.button(
            (OPTIONS_PANEL.right - 300, 786, 300, 64), "Start the game", self.start
        )
        self._refresh_count_buttons()
        if self.info.min_players == self.info.max_players:
            self.minus.hide()
            self.plus.hide()

    def _option_row(self, spec: OptionSpec, y: int) -> None:
        choices: list[str | tuple[str, str]] = [
            (spec.label_of(v), str(i)) for i, v in enumerate(spec.choices)
        ]
        index = spec.choices.index(spec.default) if spec.default in spec.choices else 0
        start = (spec.label_of(spec.choices[index]), str(index))
        rect = pygame.Rect(OPTIONS_PANEL.x + 250, y, OPTIONS_PANEL.width - 282, 44)
        menu = pygame_gui.elements.UIDropDownMenu(choices, start, rect, manager=self.ui)
        self.option_menus[spec.name] = (spec, menu)

    def _build_rows(self) -> None:
        for elements in self.row_elements:
            for element in elements:
                element.kill()
        self.row_elements, self.name_entries, self.kind_buttons, self.level_menus = [], [], [], []
        for seat in range(self.count):
            self._build_row(seat, ROW_TOP + seat * ROW_HEIGHT)
        self._refresh_count_buttons()

    def _build_row(self, seat: int, y: int) -> None:
        x = SEATS_PANEL.x + 100
        entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, 300, 48), manager=self.ui)
        entry.set_text_length_limit(NAME_LIMIT)
        entry.set_text(self.names[seat])
        human = self.kinds[seat] == "human"
        kind = self.button(
            (x + 320, y, 180, 48),
            "Human" if human else "Computer",
            functools.partial(self.toggle_kind, seat),
            object_id="toggle_on" if human else "secondary",
        )
        elements: list[pygame_gui.core.UIElement] = [entry, kind]
        menu = None
        if not human:
            options: list[str | tuple[str, str]] = [
                (LEVEL_NAMES.get(lv, lv.title()), lv) for lv in self.levels
            ]
            level = self.seat_levels[seat] if self.seat_levels[seat] in self.levels else self.default_level
            current = (LEVEL_NAMES.get(level, level.title()), level)
            menu = pygame_gui.elements.UIDropDownMenu(
                options, current, pygame.Rect(x + 520, y, 300, 48), manager=self.ui
            )
            elements.append(menu)
        self.name_entries.append(entry)
        self.kind_buttons.append(kind)
        self.level_menus.append(menu)
        self.row_elements.append(elements)

    def _refresh_count_buttons(self) -> None:
        for button, ok in (
            (self.minus, self.count > self.info.min_players),
            (self.plus, self.count < self.info.max_players),
        ):
            button.enable() if ok else button.disable()

    # -- reading the form -------------------------------------------------------------------------
    def _harvest(self) -> None:
        for seat, entry in enumerate(self.name_entries):
            self.names[seat] = entry.get_text().strip()
            menu = self.level_menus[seat]
            if menu is not None:
                self.seat_levels[seat] = menu.selected_option[1]

    def seats(self) -> list[Seat]:
        """The seats as the form shows them now."""
        self._harvest()
        return [
            Seat(
                self.names[i] or DEFAULT_NAMES[i],
                self.kinds[i],
                self.seat_levels[i] if self.kinds[i] == "bot" else self.default_level,
            )
            for i in range(self.count)
        ]

    def options(self) -> dict[str, Any]:
        """The chosen game options."""
        return {
            name: spec.choices[int(menu.selected_option[1])]
            for name, (spec, menu) in self.option_menus.items()
        }

    def seed(self) -> int:
        """The typed seed, or a random one when blank."""
        text = self.seed_entry.get_text().strip()
        return int(text) if text else random_seed()

    # -- actions -------------------------------------------------------------------------------------
    def change_count(self, delta: int) -> None:
        """One seat more or fewer, within the game's limits."""
        self._harvest()
        self.count = max(self.info.min_players, min(self.info.max_players, self.count + delta))
        self._build_rows()

    def toggle_kind(self, seat: int) -> None:
        """Human <-> computer for one seat."""
        self._harvest()
        self.kinds[seat] = "bot" if self.kinds[seat] == "human" else "human"
        self._build_rows()

    def back(self) -> None:
        """Return to the menu."""
        self.app.pop(self)

    def start(self) -> None:
        """Create the match and open its table; a problem shows a toast and keeps the form."""
        seats = self.seats()
        names = [s.name.casefold() for s in seats]
        if len(set(names)) != len(names):
            self.app.toast("Each seat needs a different name.")
            return
        try:
            match = Match.new(self.game_id, seats, self.seed(), self.options())
        except MapError as exc:
            self.app.show_error("The game's map cannot be used", str(exc))
            return
        except ValueError as exc:
            self.app.toast(str(exc))
            return
        self.app.start_match(match)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc goes back."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return None
        return event

    # -- drawing -------------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title, the two parchment panels and their labels."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        fonts.blit_text(
            surface,
            f"New game — {self.info.title}",
            48,
            GOLD_LIGHT,
            (800, 36),
            anchor="midtop",
            bold=True,
            shadow=SHADOW,
        )
        draw_panel(surface, SEATS_PANEL)
        draw_panel(surface, OPTIONS_PANEL)
        self._draw_seat_labels(surface)
        self._draw_option_labels(surface)

    def _draw_seat_labels(self, surface: pygame.Surface) -> None:
        x = SEATS_PANEL.x + 32
        fonts.blit_text(surface, "Players", fonts.HEADING, INK, (x, SEATS_PANEL.y + 24), bold=True)
        low, high = self.info.min_players, self.info.max_players
        limits = f"{low} players" if low == high else f"{low}–{high} players"
        fonts.blit_text(
            surface,
            limits,
            fonts.SMALL,
            INK,
            (SEATS_PANEL.right - 32, SEATS_PANEL.y + 34),
            anchor="topright",
            italic=True,
        )
        if self.info.min_players == self.info.max_players:  # "2 players" above says it all
            self._draw_seat_rows(surface)
            return
        fonts.blit_text(surface, "Seats", fonts.BODY, INK, (x, SEATS_PANEL.y + 88))
        count_box = pygame.Rect(x + 244, SEATS_PANEL.y + 78, 50, 44)
        pygame.draw.rect(surface, (0xFA, 0xF3, 0xDF), count_box, border_radius=6)
        pygame.draw.rect(surface, GOLD, count_box, 2, border_radius=6)
        fonts.blit_text(
            surface, str(self.count), fonts.BODY, INK, count_box.center, anchor="center", bold=True
        )
        self._draw_seat_rows(surface)

    def _draw_seat_rows(self, surface: pygame.Surface) -> None:
        header_y = ROW_TOP - 30
        for label, dx in (("Name", 100), ("Who plays", 420), ("Computer level", 620)):
            fonts.blit_text(
                surface, label, fonts.SMALL, (0x5C, 0x55, 0x4A), (SEATS_PANEL.x + dx, header_y), bold=True
            )
        colours = seat_colours_for(self.game_id, self.count)  # e.g. Crusader Kingdoms' rulebook colours
        for seat in range(self.count):
            y = ROW_TOP + seat * ROW_HEIGHT
            surface.blit(player_badge(colours[seat], 44), (SEATS_PANEL.x + 36, y + 2))
            if self.kinds[seat] == "human":
                fonts.blit_text(
                    surface,
                    "plays at this screen",
                    fonts.SMALL,
                    (0x5C, 0x55, 0x4A),
                    (SEATS_PANEL.x + 620, y + 13),
                    italic=True,
                )

    def _draw_option_labels(self, surface: pygame.Surface) -> None:
        x = OPTIONS_PANEL.x + 32
        fonts.blit_text(surface, "Options", fonts.HEADING, INK, (x, OPTIONS_PANEL.y + 24), bold=True)
        y = OPTIONS_PANEL.y + 84
        for spec in self.info.options:
            fonts.blit_text(surface, spec.label, fonts.BODY, INK, (x, y + 10))
            if spec.help:
                fonts.blit_text(surface, spec.help, 14, (0x5C, 0x55, 0x4A), (x, y + 52), italic=True)
            y += 104 if spec.help else 84
        if not self.info.options:
            fonts.blit_text(surface, "This game has no options.", fonts.BODY, INK, (x, y + 10), italic=True)
        fonts.blit_text(surface, "Seed", fonts.BODY, INK, (x, self.seed_y + 6))
        fonts.blit_text(
            surface,
            "Blank gives a new random deal; the same seed replays the same deal.",
            14,
            (0x5C, 0x55, 0x4A),
            (x, self.seed_y + 96),
            italic=True,
        )
        pygame.draw.line(
            surface, GOLD, (x, self.seed_y - 10), (OPTIONS_PANEL.right - 32, self.seed_y - 10), 1
        )
