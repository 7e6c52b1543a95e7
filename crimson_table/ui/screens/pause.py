"""The pause menu over a game: resume, undo, save, load, rules, settings, quit to menu.

At an online table (``match.remote``) it offers what makes sense there: resume, rules, settings
and leaving the table (the server keeps it; the invite code takes the seat again).

At an encounter of the solo campaign the way out leads back to the chapter map instead (the
chronicle keeps the match there, to resume), so a player is never thrown out of the campaign.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import dim, draw_banner, draw_panel
from crimson_table.ui.widgets.theme import INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.scene import Scene
    from crimson_table.ui.tables.base import BaseGameScene

PANEL = pygame.Rect(0, 0, 460, 700)
PANEL.center = (800, 450)
BUTTON_W, BUTTON_H, GAP = 360, 56, 14


PAUSE_KEYS = {
    pygame.K_u: "Undo last move",
    pygame.K_s: "Save game",
    pygame.K_l: "Load game",
    pygame.K_r: "Rules reference",
    pygame.K_t: "Settings",
    pygame.K_q: "Quit to main menu",
}
TO_THE_MAP = "Back to the map"  # the Q button at a campaign encounter whose map lies below
LEAVE_TABLE = "Leave the table"  # the Q button at an online table


class PauseScene(GuiScene):
    """Over the table; Esc resumes."""

    help_title = "Paused"
    HELP_KEYS = (
        ("Esc", "Back to the game"),
        ("U / S / L", "Undo the last move, Save, Load"),
        ("R / T / Q", "Rules reference, settings, Quit to the main menu (or back to the campaign's map)"),
    )

    transparent = True

    def __init__(self, app: App, game: BaseGameScene) -> None:
        super().__init__(app)
        self.game = game
        self.map_below = _campaign_map_below(app, game)
        way_out = (
            (TO_THE_MAP, self.back_to_map)
            if self.map_below is not None
            else ("Quit to main menu", self.quit_to_menu)
        )
        self.keys = {**PAUSE_KEYS, pygame.K_q: way_out[0]}
        specs = [
            ("Resume", self.resume_game, True, None),
            ("Undo last move", self.undo, game.match.can_undo(), "secondary"),
            ("Save game", self.save, True, "secondary"),
            ("Load game", self.load, True, "secondary"),
            ("Rules reference", self.rules, True, "secondary"),
            ("Settings", self.settings, True, "secondary"),
            (*way_out, True, "secondary"),
        ]
        if game.match.remote:  # the server keeps the table: no saves, and the way out leaves it
            self.keys = {pygame.K_r: "Rules reference", pygame.K_t: "Settings", pygame.K_q: LEAVE_TABLE}
            specs = [specs[0], specs[4], specs[5], (LEAVE_TABLE, self.leave_table, True, "secondary")]
        self.buttons = {}
        self.actions = {label: action for label, action, _enabled, _id in specs}
        y = PANEL.y + 120
        for label, action, enabled, object_id in specs:
            rect = (PANEL.centerx - BUTTON_W // 2, y, BUTTON_W, BUTTON_H)
            self.buttons[label] = self.button(rect, label, action, enabled=enabled, object_id=object_id)
            y += BUTTON_H + GAP

    def resume(self) -> None:
        """Undo may have become possible or impossible meanwhile."""
        if "Undo last move" not in self.buttons:
            return
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
        self.app.open("load")

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

    def leave_table(self) -> None:
        """Leave an online table for the main menu (closing the table closes the connection); a host
        whose app runs the table is asked first, since leaving closes it for everyone."""
        if getattr(self.game.remote, "hosts_online_table", False):
            from crimson_table.ui.screens.online.session import ask_before_closing

            ask_before_closing(self.app, self._left_table)
        else:
            self._left_table()

    def _left_table(self) -> None:
        self.app.go_to_menu()
        self.app.toast("You left the online table.", "info", 4.0)

    def back_to_map(self) -> None:
        """Leave an encounter for the chapter map below it; the chronicle keeps the match."""
        kept = self.game.match.step > 0
        if self.map_below is not None:
            stack = self.app.stack
            self.app.pop(stack[stack.index(self.map_below) + 1])  # everything above the map goes
        if kept:
            self.app.toast("Your chronicle keeps the match: Resume the match picks it up.", "info", 4.0)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc resumes, a letter presses its button; nothing reaches the table."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_game()
        elif event.type == pygame.KEYDOWN and event.key in self.keys:
            label = self.keys[event.key]
            if self.buttons[label].is_enabled:
                self.actions[label]()
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


def _campaign_map_below(app: App, game: BaseGameScene) -> Scene | None:
    """The chapter map an encounter's table was opened over, if ``game`` is one."""
    from crimson_table.campaign.encounters import CampaignMatch
    from crimson_table.ui.screens.campaign_map import ChapterMapScene

    if not isinstance(game.match, CampaignMatch) or game not in app.stack:
        return None
    below = app.stack[: app.stack.index(game)]
    return next((s for s in reversed(below) if isinstance(s, ChapterMapScene)), None)
