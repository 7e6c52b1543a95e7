"""The pause menu over a game: resume, undo, save, load, rules, settings, quit to menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import dim, draw_banner, draw_panel
from crimson_table.ui.widgets.theme import INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.tables.base import BaseGameScene

PANEL = pygame.Rect(0, 0, 460, 700)
PANEL.center = (800, 450)
BUTTON_W, BUTTON_H, GAP = 360, 56, 14


class PauseScene(GuiScene):
    """Over the table; Esc resumes."""

    transparent = True

    def __init__(self, app: App, game: BaseGameScene) -> None:
        super().__init__(app)
        self.game = game
        specs = [
            ("Resume", self.resume_game, True, None),
            ("Undo last move", self.undo, game.match.can_undo(), "secondary"),
            ("Save game", self.save, True, "secondary"),
            ("Load game", self.load, True, "secondary"),
            ("Rules reference", self.rules, True, "secondary"),
            ("Settings", self.settings, True, "secondary"),
            ("Quit to main menu", self.quit_to_menu, True, "secondary"),
        ]
        self.buttons = {}
        y = PANEL.y + 120
        for label, action, enabled, object_id in specs:
            rect = (PANEL.centerx - BUTTON_W // 2, y, BUTTON_W, BUTTON_H)
            self.buttons[label] = self.button(rect, label, action, enabled=enabled, object_id=object_id)
            y += BUTTON_H + GAP

    def resume(self) -> None:
        """Undo may have become possible or impossible meanwhile."""
        if self.game.match.can_undo():
            self.buttons["Undo last move"].enable()
        else:
            self.buttons["Undo last move"].disable()

    def resume_game(self) -> None:
        """Close the menu."""
        self.app.pop(self)

    def undo(self) -> None:
        """Take back the last human decision and close."""
        self.app.pop(self)
        self.game.undo()

    def save(self) -> None:
        """Save to a timestamped file (a toast says where)."""
        self.game.save_game()
        self.resume()

    def load(self) -> None:
        """The list of saves."""
        from crimson_table.ui.screens.load import LoadScene

        self.app.push(LoadScene(self.app))

    def rules(self) -> None:
        """The rules of this game."""
        from crimson_table.ui.screens.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game.match.game_id))

    def settings(self) -> None:
        """The settings form."""
        from crimson_table.ui.screens.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_to_menu(self) -> None:
        """Leave the game; it is kept (autosaved after every move), and Continue resumes it."""
        kept = self.game.match.step > 0
        self.app.go_to_menu()
        from crimson_table.campaign.encounters import CampaignMatch

        if kept and isinstance(self.game.match, CampaignMatch):  # kept in its chronicle's slot
            self.app.toast("Your chronicle keeps the match: resume it from the campaign's map.", "info", 4.0)
        elif kept:
            self.app.toast("Your game is kept: Continue picks it up where you left off.", "info", 4.0)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc resumes; nothing reaches the table."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_game()
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        """Dimmed table, panel, title."""
        dim(surface, 150)
        draw_panel(surface, PANEL)
        draw_banner(surface, pygame.Rect(PANEL.x + 30, PANEL.y + 28, PANEL.width - 60, 60), "Paused")
        info = self.game.match.rules.INFO.title
        fonts.blit_text(
            surface,
            f"{info} · move {self.game.match.step}",
            fonts.SMALL,
            INK,
            (PANEL.centerx, PANEL.bottom - 22),
            anchor="midbottom",
            italic=True,
        )
