"""The end of a match: who won, the score, a few statistics, Rematch or Main menu.

Online (``match.remote``), the same buttons work on the whole game the server sends after the end,
and Rematch asks every player (``screens/online/results.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from crimson_table.play.match import Match
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.screens.setup import random_seed
from crimson_table.ui.sight import ALL_OPEN
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import dim, draw_banner, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.screens.online.results import OnlineResults
    from crimson_table.ui.tables.base import BaseGameScene

PANEL_WIDTH = 820
MAX_STAT_ROWS = 12
STATUS_H = 34  # online: the line saying how the rematch and the game's record stand
# A key or click this soon after the results open was meant for the table below (the last move's
# Enter pressed twice, a double click): it must not start a rematch before the result is read.
INPUT_SETTLE = 0.5  # seconds
_PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def panel_rect(seats: int, stat_rows: int, status: bool = False) -> pygame.Rect:
    """A panel just tall enough for the seats and the statistics (two columns), and online the
    status line above the buttons."""
    per_column = (min(stat_rows, MAX_STAT_ROWS) + 1) // 2
    height = (
        116 + 48 + 42 + 42 * seats + 12 + 20 + 40 + 30 * per_column + 40 + 92 + (STATUS_H if status else 0)
    )
    rect = pygame.Rect(0, 0, PANEL_WIDTH, min(860, height))
    rect.center = (800, 450)
    return rect


def headline(match: Match) -> str:
    """ "Anna wins!", "Anna and Ben share the win" or "A draw"."""
    outcome = match.outcome()
    if outcome is None or not outcome.winners:
        return "A draw"
    names = [match.seats[w].name for w in outcome.winners]
    if len(names) == 1:
        return f"{names[0]} wins!"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


class GameOverScene(GuiScene):
    """Results over the final table."""

    help_title = "Game over"
    HELP_KEYS = (
        ("Enter or R", "Rematch: the same seats and options, a new deal"),
        ("W", "Watch the game again"),
        ("A", "Show all hands: the final table, every hand face up"),
        ("S", "Statistics"),
        ("M", "Main menu"),
        ("Y / N", "Online: accept or decline another player's rematch"),
    )

    transparent = True

    def __init__(self, app: App, game: BaseGameScene) -> None:
        super().__init__(app)
        self.game = game
        self.match = game.match
        self.title = game.result_headline() or headline(self.match)
        outcome = self.match.outcome()
        self.reason = game.result_detail()
        self.scores = tuple(outcome.scores) if outcome else ()
        self.winners = set(outcome.winners) if outcome else set()
        self.stats = game.match_stats()
        self.online: OnlineResults | None = None
        self.opened_at = app.clock_time
        if self.match.remote and game.remote is not None:
            from crimson_table.ui.screens.online.results import OnlineResults

            self.online = OnlineResults(app, game.remote)
        self.panel = panel_rect(len(self.match.seats), len(self.stats), status=self.online is not None)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.offer_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._add_buttons()
        if self.online is not None:
            self._add_offer_buttons()
            self._show_online()

    def _add_buttons(self) -> None:
        """The row of buttons at the panel's foot, right-aligned (a spectator has no Rematch)."""
        panel = self.panel
        widths = (124, 142, 172, 130, 144)  # each label's width, 712 px in all with the gaps: the panel's
        choices = [
            ("Rematch", self.rematch, None),
            ("Watch again", self.watch, "secondary"),
            ("Show all hands", self.show_all_hands, "secondary"),
            ("Statistics", self.open_stats, "secondary"),
            ("Main menu", self.app.go_to_menu, "secondary"),
        ]
        if self.online is not None and not self.online.is_player:
            choices = choices[1:]
        start = len(widths) - len(choices)
        y, x = panel.bottom - 92, panel.right - 30 - sum(widths[start:]) - 12 * (len(choices) - 1)
        for i, (label, action, kind) in enumerate(choices, start=start):
            self.buttons[label] = self.button((x, y, widths[i], 60), label, action, object_id=kind)
            x += widths[i] + 12

    def _add_offer_buttons(self) -> None:
        """Accept and Decline of another player's rematch offer, shown with its box."""
        from crimson_table.ui.screens.online.results import offer_rect

        box = offer_rect(self.panel)
        accept = pygame.Rect(0, 0, 240, 60)
        accept.bottomright = (box.centerx - 8, box.bottom - 24)
        decline = accept.move(accept.width + 16, 0)
        self.offer_buttons["Accept rematch"] = self.button(accept, "Accept rematch", self.rematch)
        self.offer_buttons["Decline rematch"] = self.button(
            decline, "Decline rematch", self.decline, object_id="secondary"
        )

    def replayable(self) -> Match | None:
        """The match the replay and the statistics read: this one, or online the whole game the
        server sent after the end (None until it has come)."""
        return self.online.record if self.online is not None else self.match

    def resume(self) -> None:
        """Play the victory sting (once: not again on coming back from the replay or statistics)."""
        if not getattr(self, "_sung", False):
            self._sung = True
            self.app.sound.play("victory")

    def update_scene(self, dt: float) -> None:
        """Online: read the connection, follow the rematch and the game's record."""
        if self.online is not None and not self.online.update():
            self._show_online()

    def _show_online(self) -> None:
        """Buttons as the online game stands: those that need the whole game once it has come;
        Rematch until asked; the offer's own buttons while another player's offer waits for us."""
        online = self.online
        assert online is not None
        offered = online.offered_to_me()
        ready = {"Watch again", "Show all hands", "Statistics"} if online.record is not None else set()
        for label, button in self.buttons.items():
            _show(button, not offered)
            wanted = label == "Main menu" or label in ready or (label == "Rematch" and not online.asked)
            if wanted and not button.is_enabled:
                button.enable()
            elif not wanted and button.is_enabled:
                button.disable()
        for button in self.offer_buttons.values():
            _show(button, offered)

    def decline(self) -> None:
        """Decline another player's rematch offer (online)."""
        if self.online is not None:
            self.online.decline()

    def rematch(self) -> None:
        """Same seats and options, a new seed (online: asked of every player, or accepted)."""
        if self.online is not None:
            self.online.ask()
            return
        match = Match.new(self.match.game_id, list(self.match.seats), random_seed(), dict(self.match.options))
        self.app.start_match(match)

    def watch(self) -> None:
        """The replay of this match, at its end, through the same seat's eyes."""
        source = self.replayable()
        if source is not None:
            self.app.open("replay", source=source, viewer=self.game.viewer_seat)

    def show_all_hands(self) -> None:
        """The final table with every hand face up: the replay at its end, all hands open (its
        viewer button goes on to each seat's eyes and the spectator's; Close comes back here)."""
        source = self.replayable()
        if source is not None:
            self.app.open("replay", source=source, viewer=self.game.viewer_seat, sight=ALL_OPEN)

    def open_stats(self) -> None:
        """The statistics page of this match."""
        from crimson_table.ui.screens.stats import StatsScene

        source = self.replayable()
        if source is not None:
            self.app.push(StatsScene(self.app, source, self.game.viewer_seat, self.game.seat_colour))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Keys and clicks count once the results have been up for :data:`INPUT_SETTLE`."""
        if event.type in _PRESSES and self.app.clock_time - self.opened_at < INPUT_SETTLE:
            return None
        return super().handle_event(event)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A letter per button (Enter: Rematch); nothing reaches the finished table."""
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RETURN: self.rematch,
                pygame.K_KP_ENTER: self.rematch,
                pygame.K_r: self.rematch,
                pygame.K_w: self.watch,
                pygame.K_a: self.show_all_hands,
                pygame.K_s: self.open_stats,
                pygame.K_m: self.app.go_to_menu,
            }
            if self.online is not None and self.online.offered_to_me():  # the offer's two answers
                keys = {pygame.K_RETURN: self.rematch, pygame.K_KP_ENTER: self.rematch, pygame.K_y: self.rematch,
                        pygame.K_n: self.decline, pygame.K_ESCAPE: self.decline}  # fmt: skip
            chosen = keys.get(event.key)
            if chosen is not None:
                chosen()
        return None if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) else event

    def draw_background(self, surface: pygame.Surface) -> None:
        """Panel with the result, the scores and the statistics."""
        panel = self.panel
        dim(surface, 150)
        draw_panel(surface, panel)
        banner = pygame.Rect(panel.x + 40, panel.y + 28, panel.width - 80, 72)
        draw_banner(
            surface, banner, self.title, size=fonts.size_to_fit(self.title, banner.width - 48, 40, 24)
        )
        y = panel.y + 116
        if self.reason:  # one line inside the panel: smaller type for a long one
            size = fonts.size_to_fit(self.reason, panel.width - 100, fonts.BODY, 14, bold=False)
            fonts.blit_text(surface, self.reason, size, INK, (panel.centerx, y), anchor="midtop", italic=True)
        y = self._draw_seats(surface, y + 48)
        self._draw_stats(surface, y + 20)
        if self.online is not None:
            self._draw_online(surface)

    def _draw_online(self, surface: pygame.Surface) -> None:
        """The status line over the buttons; another player's offer in its box over them."""
        from crimson_table.ui.screens.online.results import draw_offer, offer_rect

        online = self.online
        assert online is not None
        line, panel = online.line(), self.panel
        size = fonts.size_to_fit(line, panel.width - 100, fonts.SMALL + 1, 13, bold=False)
        fonts.blit_text(
            surface,
            line,
            size,
            INK,
            (panel.centerx, panel.bottom - 92 - STATUS_H),
            anchor="midtop",
            italic=True,
        )
        if online.offered_to_me():
            draw_offer(
                surface, offer_rect(panel), online.offer or {}, self.game.seat_names, online.match.seat
            )

    def _draw_seats(self, surface: pygame.Surface, y: int) -> int:
        panel = self.panel
        left = panel.x + 80
        fonts.blit_text(surface, "Players", fonts.HEADING - 4, CRIMSON, (left, y), bold=True)
        if self.scores:
            fonts.blit_text(
                surface,
                "Score",
                fonts.HEADING - 4,
                CRIMSON,
                (panel.right - 80, y),
                anchor="topright",
                bold=True,
            )
        y += 42
        for seat, player in enumerate(self.match.seats):
            surface.blit(player_badge(self.game.seat_colour(seat), 32), (left, y))
            kind = "" if player.is_human else "  (computer)"
            fonts.blit_text(
                surface, player.name + kind, fonts.BODY, INK, (left + 44, y + 3), bold=seat in self.winners
            )
            if seat in self.winners:
                _crown(surface, (left - 26, y + 16))
            if seat < len(self.scores):
                fonts.blit_text(
                    surface,
                    self.game.score_text(seat, self.scores[seat]),
                    fonts.BODY,
                    INK,
                    (panel.right - 80, y + 3),
                    anchor="topright",
                    bold=True,
                )
            y += 42
        pygame.draw.line(surface, GOLD, (left, y + 6), (panel.right - 80, y + 6), 1)
        return y + 12

    def _draw_stats(self, surface: pygame.Surface, y: int) -> None:
        panel = self.panel
        left = panel.x + 80
        fonts.blit_text(surface, "Statistics", fonts.HEADING - 4, CRIMSON, (left, y), bold=True)
        y += 40
        rows = self.stats
        half = (len(rows) + 1) // 2
        for i, (label, value) in enumerate(rows[:MAX_STAT_ROWS]):
            column = 0 if i < half else 1
            x = left + column * 340
            row_y = y + (i if i < half else i - half) * 30
            fonts.blit_text(surface, label, fonts.SMALL + 1, INK, (x, row_y))
            fonts.blit_text(
                surface, value, fonts.SMALL + 1, INK, (x + 310, row_y), anchor="topright", bold=True
            )


def _show(button: pygame_gui.elements.UIButton, shown: bool) -> None:
    """Show or hide a button (only on a change: each call redraws it)."""
    if shown and not button.visible:
        button.show()
    elif not shown and button.visible:
        button.hide()


def _crown(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    x, y = centre
    points = [
        (x - 12, y + 7),
        (x - 12, y - 5),
        (x - 6, y + 1),
        (x, y - 9),
        (x + 6, y + 1),
        (x + 12, y - 5),
        (x + 12, y + 7),
    ]
    pygame.draw.polygon(surface, GOLD, points)
    pygame.draw.polygon(surface, INK, points, 1)
