"""The main menu: a tile per registered game, then the solo campaign, Continue, Load, Settings and Quit.

It is the first frame the app shows, so it is drawn with the light ``widgets.buttons`` and
reads only each game's ``info`` module: neither pygame-gui nor any game's rules load before
the player picks something (start-up time is benchmarked in ``bench/startup.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from crimson_table import __version__
from crimson_table.engine import GAMES
from crimson_table.net import held_seats
from crimson_table.play import saves
from crimson_table.ui import artwork
from crimson_table.ui.art.palette import darken
from crimson_table.ui.scene import Scene
from crimson_table.ui.tables import has_table
from crimson_table.ui.tutorials import has_tutorial
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.theme import (
    CRIMSON,
    GOLD,
    GOLD_LIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_LIGHT,
    SHADOW,
    STONE,
)

if TYPE_CHECKING:
    from crimson_table.ui.app import App

TILE_GAP = 28
TILE_TOP = 210
BUTTON_Y = 742
TITLE_SIZE = 28  # a game tile's title, smaller where the longest would not fit inside its border
TITLE_MARGIN = 24  # the tile's border and a little air on both sides of its title


@dataclass
class GameTile:
    """One game on the menu."""

    game_id: str
    title: str
    blurb: str
    rect: pygame.Rect
    title_size: int = TITLE_SIZE  # one size for every tile's title (MenuScene picks it)

    @property
    def band(self) -> pygame.Rect:
        """The crimson band at the foot of the tile (Play, and the tutorial at its right)."""
        return pygame.Rect(self.rect.x + 14, self.rect.bottom - 46, self.rect.width - 28, 34)

    @property
    def tutorial_rect(self) -> pygame.Rect | None:
        """The tile's "Tutorial" part of its band (None for a game without a tutorial)."""
        if not has_tutorial(self.game_id):
            return None
        band = self.band
        return pygame.Rect(band.right - 104, band.y, 104, band.height)


def tile_rects(count: int, screen_width: int = 1600) -> list[pygame.Rect]:
    """Tiles centred in one row, up to five (wider when there are fewer)."""
    width = 300 if count <= 3 else 268
    height = 470
    total = count * width + (count - 1) * TILE_GAP
    left = (screen_width - total) // 2
    return [pygame.Rect(left + i * (width + TILE_GAP), TILE_TOP, width, height) for i in range(count)]


def can_continue() -> bool:
    """True when there is a game to continue: a save here, or a seat at an online table."""
    return saves.last_save() is not None or bool(held_seats.load().seats)


MENU_HOTKEYS = {"Continue": pygame.K_c, "Load": pygame.K_l, "Settings": pygame.K_s}


class MenuScene(Scene):
    """Pick a game, continue the last one, load a save, change settings or quit."""

    help_title = "Main menu"
    keeps_first_frame = True
    HELP_KEYS = (
        ("1 - 5 (or a click)", "Open a game by its place in the row: choose its players and start"),
        ("C / L / S", "Continue the last game (or an online table), Load a save, Settings"),
        ("Esc", "Quit the app (after asking)"),
    )

    def __init__(self, app: App) -> None:
        super().__init__(app)
        games = [GAMES.info(game_id) for game_id in list(GAMES) if has_table(game_id)][:5]
        rects = tile_rects(len(games))
        self.tiles = [GameTile(g.id, g.title, g.blurb, r) for g, r in zip(games, rects, strict=True)]
        # Every title at one size: the largest at which the longest fits inside its tile's border.
        size = min(
            (fonts.size_to_fit(t.title, t.rect.width - TITLE_MARGIN, TITLE_SIZE, 20) for t in self.tiles),
            default=TITLE_SIZE,
        )
        for tile in self.tiles:
            tile.title_size = size
        self.hovered: str | None = None
        self._build_buttons()

    def _build_buttons(self) -> None:
        width, gap = 230, 24
        specs = [
            ("Solo campaign", self.open_campaign, True, "gold"),  # first, for a solo player
            ("Continue", self.continue_last, can_continue(), "primary"),
            ("Play online", self.open_online, True, "secondary"),
            ("Load", self.open_load, True, "secondary"),
            ("Settings", self.open_settings, True, "secondary"),
            ("Quit", self.app.quit, True, "secondary"),
        ]
        left = (1600 - (len(specs) * width + (len(specs) - 1) * gap)) // 2
        self.buttons: dict[str, Button] = {}
        for i, (label, action, enabled, kind) in enumerate(specs):
            rect = (left + i * (width + gap), BUTTON_Y, width, 60)
            hotkey = MENU_HOTKEYS.get(label)
            self.buttons[label] = Button(rect, label, action, kind=kind, enabled=enabled, hotkey=hotkey)

    def resume(self) -> None:
        """Refresh Continue (a save may have been written meanwhile); the games' own looks again."""
        artwork.set_look(None, None)
        if can_continue():
            self.buttons["Continue"].enable()
        else:
            self.buttons["Continue"].disable()

    def pause(self) -> None:
        """A screen opens over the menu: its game tiles (1.1 MB) go, and load again (~2 ms each) when
        the menu shows; a table over it would otherwise keep them for the whole match."""
        artwork.game_tile.cache_clear()

    # -- actions --------------------------------------------------------------------------------
    def set_aside(self, game_id: str) -> bool:
        """True, with a dialog naming the map file, the object and the problem, when the game's map
        is broken: its rules (and maps) load here, and the tile then says so."""
        problem = GAMES.map_problem(game_id)
        if problem is not None:
            self.app.show_map_problem(problem, game_id)
        return problem is not None

    def open_setup(self, game_id: str) -> None:
        """Go to the seat and option form of a game (unless its map is broken)."""
        from crimson_table.ui.screens.setup import SetupScene

        if self.set_aside(game_id):
            return

        self.app.push(SetupScene(self.app, game_id))

    def open_tutorial(self, game_id: str) -> None:
        """Start (or resume) the game's tutorial on its table (unless its map is broken)."""
        from crimson_table.ui.tables.tutorial_mode import start_tutorial

        if self.set_aside(game_id):
            return

        start_tutorial(self.app, game_id)

    def continue_last(self) -> None:
        """Load the most recent save; with online seats held too, the list to choose from."""
        if held_seats.load().seats:
            from crimson_table.ui.screens.online.tables import ContinueScene

            self.app.push(ContinueScene(self.app))
            return
        path = saves.last_save()
        if path is not None:
            self.app.load_match(path)

    def open_campaign(self) -> None:
        """The Crimson Chronicle: the solo campaign's slots."""
        from crimson_table.ui.screens.campaign import CampaignMenuScene

        self.app.push(CampaignMenuScene(self.app))

    def open_online(self) -> None:
        """Play online: host a table for friends or join one."""
        from crimson_table.ui.screens.online.start import OnlineScene

        self.app.push(OnlineScene(self.app))

    def open_load(self) -> None:
        """The list of saves."""
        from crimson_table.ui.screens.load import LoadScene

        self.app.push(LoadScene(self.app))

    def open_settings(self) -> None:
        """The settings form."""
        from crimson_table.ui.screens.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def tile_at(self, pos: tuple[int, int]) -> GameTile | None:
        """The game tile under ``pos``."""
        return next((t for t in self.tiles if t.rect.collidepoint(pos)), None)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Buttons, then hover and click on tiles; Esc asks whether to quit."""
        for button in self.buttons.values():
            if button.handle_event(event) is None:
                return None
        if event.type == pygame.MOUSEMOTION:
            tile = self.tile_at(event.pos)
            self.hovered = tile.game_id if tile else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            tile = self.tile_at(event.pos)
            learn = tile.tutorial_rect if tile is not None else None
            if (
                tile is not None
                and learn is not None
                and learn.union(learn.move(0, -8)).collidepoint(event.pos)
            ):
                self.open_tutorial(tile.game_id)
                return None
            if tile is not None:
                self.open_setup(tile.game_id)
                return None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.ask_quit()  # a stray Esc never closes the app
            return None
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key < pygame.K_1 + len(self.tiles):
            self.open_setup(self.tiles[event.key - pygame.K_1].game_id)  # the keyboard's way to a game
            return None
        return event

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, the game tiles and the buttons."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        self._draw_title(surface)
        for tile in self.tiles:
            self._draw_tile(surface, tile, tile.game_id == self.hovered)
        for button in self.buttons.values():
            button.draw(surface)
        fonts.blit_text(surface, about_line(), 14, STONE, (1576, 884), anchor="bottomright")

    @staticmethod
    def _draw_title(surface: pygame.Surface) -> None:
        fonts.blit_text(
            surface, "Crimson Table", 56, GOLD_LIGHT, (800, 52), anchor="midtop", bold=True, shadow=SHADOW
        )
        pygame.draw.line(surface, GOLD, (560, 136), (1040, 136), 2)
        pygame.draw.circle(surface, CRIMSON, (800, 136), 7)
        pygame.draw.circle(surface, GOLD, (800, 136), 7, 2)
        fonts.blit_text(
            surface,
            "Tabletop games with every rule kept — choose a table",
            22,
            PARCHMENT,
            (800, 152),
            anchor="midtop",
            italic=True,
            shadow=SHADOW,
        )

    @staticmethod
    def _draw_tile(surface: pygame.Surface, tile: GameTile, hovered: bool) -> None:
        rect = tile.rect.move(0, -8) if hovered else tile.rect
        pygame.draw.rect(surface, SHADOW, rect.move(4, 8 if hovered else 5), border_radius=14)
        pygame.draw.rect(surface, PARCHMENT, rect, border_radius=14)
        pygame.draw.rect(
            surface, GOLD_LIGHT if hovered else GOLD, rect, 4 if hovered else 3, border_radius=14
        )
        art_rect = pygame.Rect(rect.x + 14, rect.y + 14, rect.width - 28, 250)
        surface.blit(artwork.game_tile(tile.game_id, art_rect.size), art_rect)
        shift = (TITLE_SIZE - tile.title_size) // 2  # a smaller title keeps its middle line
        fonts.blit_text(
            surface,
            tile.title,
            tile.title_size,
            INK,
            (rect.centerx, art_rect.bottom + 14 + shift),
            anchor="midtop",
            bold=True,
        )
        face = fonts.font(17, italic=True)
        for i, line in enumerate(fonts.wrap(tile.blurb, face, rect.width - 36)[:4]):
            image = face.render(line, True, INK)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, art_rect.bottom + 60 + i * 24)))
        lift = -8 if hovered else 0
        band = tile.band.move(0, lift)
        if GAMES.known_map_problem(tile.game_id) is not None:  # set aside: its map is broken
            pygame.draw.rect(surface, darken(STONE, 0.6), band, border_radius=8)
            fonts.blit_text(
                surface, "Map needs repair", 17, PARCHMENT_LIGHT, band.center, anchor="center", bold=True
            )
            return
        learn = tile.tutorial_rect
        label = "Play" if not hovered else ("Set up a game  ›" if learn is None else "Set up  ›")
        play = (
            band if learn is None else pygame.Rect(band.x, band.y, band.width - learn.width - 6, band.height)
        )
        pygame.draw.rect(surface, CRIMSON if hovered else (0x6A, 0x10, 0x21), play, border_radius=8)
        fonts.blit_text(surface, label, 17, PARCHMENT_LIGHT, play.center, anchor="center", bold=True)
        if learn is not None:
            learn = learn.move(0, lift)
            pygame.draw.rect(surface, GOLD, learn, border_radius=8)
            pygame.draw.rect(surface, GOLD_LIGHT, learn, 1, border_radius=8)
            fonts.blit_text(surface, "Tutorial", 17, INK, learn.center, anchor="center", bold=True)


def about_line() -> str:
    """The About line at the foot of the menu: the app, its version and what it is."""
    return f"Crimson Table {__version__} · tabletop games with every rule enforced"
