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
from crimson_table.engine.registry import game_part
from crimson_table.engine.tiled import MapError
from crimson_table.play.match import Match, Seat
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import FormScene
from crimson_table.ui.tables import seat_colours_for
from crimson_table.ui.tutorials import has_tutorial
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import draw_panel
from crimson_table.ui.widgets.segmented import SegmentedChoice, fits
from crimson_table.ui.widgets.theme import GOLD, GOLD_LIGHT, INK, PARCHMENT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

DEFAULT_NAMES = ("Anna", "Ben", "Clara", "Dario", "Elena", "Felix")
NAME_LIMIT = 18
SEATS_PANEL = pygame.Rect(48, 140, 960, 620)
OPTIONS_PANEL = pygame.Rect(1036, 140, 516, 620)
HEADER_Y = SEATS_PANEL.y + 84  # the column headers
ROW_TOP = SEATS_PANEL.y + 112
ROW_HEIGHT = 64
NAME_X, NAME_W = SEATS_PANEL.x + 100, 280
KIND_X, KIND_W = NAME_X + NAME_W + 16, 170
LEVEL_X = KIND_X + KIND_W + 16
LEVEL_W = SEATS_PANEL.right - 32 - LEVEL_X
OPTION_X = OPTIONS_PANEL.x + 32
OPTION_CONTROL_X = OPTIONS_PANEL.x + 236
OPTION_CONTROL_W = OPTIONS_PANEL.right - 32 - OPTION_CONTROL_X
LEGEND_LINE = 24
MUTED = (0x5C, 0x55, 0x4A)

# What each computer level means, in a player's words (the legend under the seats).
LEVEL_HELP = {
    "random": "plays any legal move: for learning the rules.",
    "heuristic": "plays by sound rules of thumb: a fair game for most players.",
    "master": "looks ahead through many possible deals before each move.",
    "grandmaster": "thinks longer than Master: the strongest, and the slowest.",
}


def level_help(game_id: str, level: str) -> str:
    """The legend's line for ``level`` in ``game_id``'s setup: the game's own where its measurements
    say something else of a level (``LEVEL_HELP`` in its ``ai/<game>/__init__.py``), else the usual."""
    own: dict[str, str] = getattr(game_part("crimson_table.ai", game_id), "LEVEL_HELP", {})
    return own.get(level, LEVEL_HELP.get(level, ""))


def random_seed() -> int:
    """A seed from the clock (only the app does this; the engine never reads time)."""
    return time.time_ns() // 1000 % 2_000_000_000


def level_label(level: str) -> str:
    """A level's name as players know it."""
    return LEVEL_NAMES.get(level, level.title())


class SetupScene(FormScene):
    """The new-game form of one game.

    The online host's form (``screens/online/host.py``) is this one with other kinds of seat:
    it names them (:meth:`kind_label`, :meth:`seat_note`) and leaves the seed out (``shows_seed``).
    """

    shows_seed = True  # an online table's deal is drawn by its server
    KIND_LABELS = {"human": "Human", "bot": "Computer"}

    help_title = "New game"
    HELP_KEYS: tuple[tuple[str, str], ...] = (
        ("Enter", "Start the game (from a name or the seed field too)"),
        ("Esc", "Back to the menu"),
    )

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.info = GAMES.info(game_id)  # its rules (and map) load on Start
        self.levels = levels_for(game_id)
        # Captain is the default opponent: a fair game at once; Master is one click away.
        self.default_level = "heuristic" if "heuristic" in self.levels else self.levels[-1]
        count = self.info.min_players
        self.names = list(DEFAULT_NAMES[: self.info.max_players])
        self.kinds = self.first_kinds()
        self.seat_levels = [self.default_level] * self.info.max_players
        self.count = count
        self.row_elements: list[list[pygame_gui.core.UIElement]] = []
        self.name_entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.kind_buttons: list[pygame_gui.elements.UIButton] = []
        self.level_choices: list[SegmentedChoice | None] = []
        self._build_static()
        self._build_rows()

    # -- building ---------------------------------------------------------------------------------
    def first_kinds(self) -> list[str]:
        """Who plays each seat until the player changes it: one person and the computer."""
        return ["human"] + ["bot"] * (self.info.max_players - 1)

    def _build_static(self) -> None:
        right = SEATS_PANEL.right - 32
        self.count_box = pygame.Rect(right - 100, SEATS_PANEL.y + 22, 50, 44)
        self.minus = self.button(
            (self.count_box.x - 52, self.count_box.y, 48, 44),
            "−",
            lambda: self.change_count(-1),
            object_id="secondary",
        )
        self.plus = self.button(
            (self.count_box.right + 4, self.count_box.y, 48, 44),
            "+",
            lambda: self.change_count(1),
            object_id="secondary",
        )
        self.option_controls: dict[
            str, tuple[OptionSpec, SegmentedChoice | pygame_gui.elements.UIDropDownMenu]
        ] = {}
        y = OPTIONS_PANEL.y + 84
        for spec in self.info.options:
            self._option_row(spec, y)
            y += option_height(spec)
        self.seed_y = max(y + 10, OPTIONS_PANEL.bottom - 170)
        seed_rect = pygame.Rect(OPTION_X, self.seed_y + 40, OPTIONS_PANEL.width - 64, 48)
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            seed_rect, manager=self.ui, placeholder_text="random"
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(10)
        self.button((SEATS_PANEL.x, 786, 240, 64), "Back", self.back, object_id="secondary")
        self.start_button = self.button(
            (OPTIONS_PANEL.right - 300, 786, 300, 64), "Start the game", self.start
        )
        if has_tutorial(self.game_id):
            from crimson_table.ui.tables.tutorial_mode import resume_label

            self.tutorial_button = self.button(
                (OPTIONS_PANEL.right - 624, 786, 300, 64),
                resume_label(self.game_id),
                self.start_tutorial,
                object_id="secondary",
            )
        self._refresh_count_buttons()
        if self.info.min_players == self.info.max_players:
            self.minus.hide()
            self.plus.hide()

    def _option_row(self, spec: OptionSpec, y: int) -> None:
        """Two or three short choices: a segmented row; more: a dropdown."""
        labels = [spec.label_of(v) for v in spec.choices]
        rect = pygame.Rect(OPTION_CONTROL_X, y, OPTION_CONTROL_W, 44)
        if len(labels) <= 3 and fits(labels, rect.width):
            choices = list(zip(labels, spec.choices, strict=True))
            control: SegmentedChoice | pygame_gui.elements.UIDropDownMenu = SegmentedChoice(
                self, rect, choices, spec.default
            )
        else:
            options: list[str | tuple[str, str]] = [(label, str(i)) for i, label in enumerate(labels)]
            index = spec.choices.index(spec.default) if spec.default in spec.choices else 0
            control = pygame_gui.elements.UIDropDownMenu(options, options[index], rect, manager=self.ui)
        self.option_controls[spec.name] = (spec, control)

    def _build_rows(self) -> None:
        for elements in self.row_elements:
            for element in elements:
                element.kill()
        for choice in self.level_choices:
            if choice is not None:
                choice.kill()
        self.row_elements, self.name_entries, self.kind_buttons, self.level_choices = [], [], [], []
        for seat in range(self.count):
            self._build_row(seat, ROW_TOP + seat * ROW_HEIGHT)
        self._refresh_count_buttons()
        self._refresh_options()

    def _refresh_options(self) -> None:
        """An option that changes nothing at this seat count is greyed out (its value is kept)."""
        for spec, control in self.option_controls.values():
            control.enable() if spec.applies_to(self.count) else control.disable()

    def _build_row(self, seat: int, y: int) -> None:
        entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(NAME_X, y, NAME_W, 48), manager=self.ui)
        entry.set_text_length_limit(NAME_LIMIT)
        entry.set_text(self.names[seat])
        human = self.kinds[seat] != "bot"
        kind = self.button(
            (KIND_X, y, KIND_W, 48),
            self.KIND_LABELS[self.kinds[seat]],
            functools.partial(self.toggle_kind, seat),
            object_id="toggle_on" if human else "secondary",
        )
        choice = None
        if not human:
            level = self.seat_levels[seat] if self.seat_levels[seat] in self.levels else self.default_level
            choice = SegmentedChoice(
                self,
                pygame.Rect(LEVEL_X, y, LEVEL_W, 48),
                [(level_label(lv), lv) for lv in self.levels],
                level,
                functools.partial(self._set_level, seat),
            )
        self.name_entries.append(entry)
        self.kind_buttons.append(kind)
        self.level_choices.append(choice)
        self.row_elements.append([entry, kind])

    def _set_level(self, seat: int, level: str) -> None:
        self.seat_levels[seat] = level

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
            choice = self.level_choices[seat]
            if choice is not None:
                self.seat_levels[seat] = choice.selected

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
        chosen: dict[str, Any] = {}
        for name, (spec, control) in self.option_controls.items():
            if isinstance(control, SegmentedChoice):
                chosen[name] = control.selected
            else:
                chosen[name] = spec.choices[int(control.selected_option[1])]
        return chosen

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
            self.app.show_map_problem(exc, self.game_id)
            return
        except ValueError as exc:
            self.app.toast(str(exc))
            return
        self.app.start_match(match)

    def start_tutorial(self) -> None:
        """Learn the game: its tutorial on the table (resumed where it was left)."""
        from crimson_table.ui.tables.tutorial_mode import start_tutorial

        start_tutorial(self.app, self.game_id)

    def on_enter(self) -> None:
        """Enter: start the game."""
        self.start()

    def on_escape(self) -> None:
        """Esc: back to the menu."""
        self.back()

    # -- drawing -------------------------------------------------------------------------------------
    def title(self) -> str:
        """The form's headline."""
        return f"New game — {self.info.title}"

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title and blurb, the two parchment panels and their labels."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        fonts.blit_text(
            surface,
            self.title(),
            48,
            GOLD_LIGHT,
            (800, 26),
            anchor="midtop",
            bold=True,
            shadow=SHADOW,
        )
        if self.info.blurb:
            fonts.blit_text(
                surface,
                self.info.blurb,
                fonts.BODY,
                PARCHMENT,
                (800, 94),
                anchor="midtop",
                italic=True,
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
        if low == high:
            fonts.blit_text(
                surface,
                f"{low} players",
                fonts.BODY,
                MUTED,
                (SEATS_PANEL.right - 32, SEATS_PANEL.y + 32),
                anchor="topright",
                italic=True,
            )
        else:
            fonts.blit_text(
                surface,
                f"{low}–{high} seats",
                fonts.BODY,
                MUTED,
                (self.minus.rect.x - 16, self.count_box.centery),
                anchor="midright",
                italic=True,
            )
            pygame.draw.rect(surface, (0xFA, 0xF3, 0xDF), self.count_box, border_radius=6)
            pygame.draw.rect(surface, GOLD, self.count_box, 2, border_radius=6)
            fonts.blit_text(
                surface, str(self.count), fonts.BODY, INK, self.count_box.center, anchor="center", bold=True
            )
        self._draw_seat_rows(surface)
        self._draw_solo_note(surface)
        self._draw_level_legend(surface)

    def _draw_seat_rows(self, surface: pygame.Surface) -> None:
        for label, left in (("Name", NAME_X), ("Who plays", KIND_X), ("Computer level", LEVEL_X)):
            fonts.blit_text(surface, label, fonts.SMALL, MUTED, (left, HEADER_Y), bold=True)
        colours = seat_colours_for(self.game_id, self.count)  # e.g. Crusader Kingdoms' rulebook colours
        for seat in range(self.count):
            y = ROW_TOP + seat * ROW_HEIGHT
            surface.blit(player_badge(colours[seat], 44), (SEATS_PANEL.x + 36, y + 2))
            note = self.seat_note(seat)
            if note:
                fonts.blit_text(
                    surface,
                    note,
                    fonts.SMALL,
                    MUTED,
                    (LEVEL_X + 8, y + 24),
                    anchor="midleft",
                    italic=True,
                )

    def seat_note(self, seat: int) -> str:
        """The words in the level column of a seat that has no level ("" for a computer seat)."""
        return "plays at this screen" if self.kinds[seat] == "human" else ""

    def _draw_solo_note(self, surface: pygame.Surface) -> None:
        """A one-seat game says who the other side is."""
        if self.count > 1 or not self.info.solo_modes:
            return
        fonts.blit_text(
            surface,
            "Solo: the rulebook's automated opponent plays the other side, by its own rules.",
            fonts.SMALL,
            MUTED,
            (NAME_X, ROW_TOP + ROW_HEIGHT + 8),
            italic=True,
        )

    def legend_top(self) -> int:
        """Where the computer levels' legend starts: at the panel's foot, below the last row."""
        lines = len(self.levels) + 1
        return max(ROW_TOP + self.count * ROW_HEIGHT + 8, SEATS_PANEL.bottom - 20 - lines * LEGEND_LINE)

    def _draw_level_legend(self, surface: pygame.Surface) -> None:
        """One line per computer level: what playing against it is like."""
        x, y = SEATS_PANEL.x + 36, self.legend_top()
        bottom = SEATS_PANEL.bottom - 16
        if y + LEGEND_LINE > bottom:
            return
        pygame.draw.line(surface, GOLD, (x, y), (SEATS_PANEL.right - 32, y), 1)
        y += 8
        for level in self.levels:
            if y + LEGEND_LINE > bottom:
                break
            name = fonts.blit_text(surface, level_label(level), fonts.SMALL, INK, (x, y), bold=True)
            fonts.blit_text(
                surface, level_help(self.game_id, level), fonts.SMALL, MUTED, (name.right + 8, y), italic=True
            )
            y += LEGEND_LINE

    def _draw_option_labels(self, surface: pygame.Surface) -> None:
        x = OPTION_X
        fonts.blit_text(surface, "Options", fonts.HEADING, INK, (x, OPTIONS_PANEL.y + 24), bold=True)
        y = OPTIONS_PANEL.y + 84
        for spec in self.info.options:
            ink = INK if spec.applies_to(self.count) else MUTED
            fonts.blit_text(surface, spec.label, fonts.BODY, ink, (x, y + 22), anchor="midleft")
            if spec.help:
                fonts.blit_text(surface, spec.help, 14, MUTED, (x, y + 52), italic=True)
            y += option_height(spec)
        if not self.info.options:
            fonts.blit_text(
                surface,
                "No options: the rules are always the same.",
                fonts.BODY,
                MUTED,
                (x, y + 10),
                italic=True,
            )
        if not self.shows_seed:
            return
        fonts.blit_text(surface, "Seed", fonts.BODY, INK, (x, self.seed_y + 6))
        fonts.blit_text(
            surface,
            "Blank gives a new random deal; the same seed replays the same deal.",
            14,
            MUTED,
            (x, self.seed_y + 96),
            italic=True,
        )
        pygame.draw.line(
            surface, GOLD, (x, self.seed_y - 10), (OPTIONS_PANEL.right - 32, self.seed_y - 10), 1
        )


def option_height(spec: OptionSpec) -> int:
    """The room one option takes in the options panel."""
    return 84 if spec.help else 62
