"""The list of saved games: game, date, seats and moves; unusable files show their problem.

Listing reads only each file's header; loading replays the whole log (``Match.load``) and any
problem found then opens an error dialog naming the file.  Nothing here can crash the app.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from crimson_table.engine import GAMES
from crimson_table.play import saves
from crimson_table.play.match import check_header
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, ERROR, GOLD, GOLD_LIGHT, INK, PARCHMENT_LIGHT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

log = logging.getLogger(__name__)

PANEL = pygame.Rect(200, 120, 1200, 640)
LIST = pygame.Rect(PANEL.x + 28, PANEL.y + 28, PANEL.width - 56, PANEL.height - 56)
ROW_H = 96
ROW_GAP = 10


@dataclass(frozen=True)
class SaveSummary:
    """What the list shows about one file."""

    path: Path
    title: str
    when: str
    seats: tuple[tuple[str, str], ...]
    moves: int
    problem: str | None = None
    backup: Path | None = None  # a usable backup of a file that cannot be loaded

    @property
    def name(self) -> str:
        """The file name, safe to draw (undecodable bytes shown as U+FFFD)."""
        return saves.display_name(self.path)

    @property
    def usable(self) -> bool:
        """False when the header already shows the file cannot be loaded."""
        return self.problem is None


def _when(path: Path) -> str:
    try:
        stamp = dt.datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        return "unknown date"
    return stamp.strftime("%d %b %Y, %H:%M")


def summarize(path: Path) -> SaveSummary:
    """Read a save's header (every field but the moves checked); never raises.

    A file that cannot be loaded but has a usable backup (``<name>.bak``) offers it.
    """
    summary = _summarize_one(path)
    if summary.usable:
        return summary
    backup = saves.backup_path(path)
    if backup.is_file() and _summarize_one(backup).usable:
        return replace(summary, backup=backup)
    return summary


def _summarize_one(path: Path) -> SaveSummary:
    when = _when(path)
    try:
        header, seats = check_header(saves.read_json(path), str(path))
        title = GAMES[header["game"]].INFO.title
    except saves.SaveError as exc:
        return SaveSummary(path, saves.display_name(path), when, (), 0, exc.problem)
    except Exception as exc:  # noqa: BLE001 - one odd file must never close the list
        log.exception("unexpected problem reading %s", path)
        return SaveSummary(
            path, saves.display_name(path), when, (), 0, f"cannot be read ({type(exc).__name__})"
        )
    return SaveSummary(path, title, when, tuple((s.name, s.kind) for s in seats), len(header["log"]))


class LoadScene(GuiScene):
    """Pick a save to continue."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.summaries = [summarize(p) for p in saves.list_saves()]
        self.scroll = 0
        self.hovered: int | None = None
        self.button((PANEL.x, PANEL.bottom + 30, 240, 60), "Back", self.close, object_id="secondary")

    def close(self) -> None:
        """Back to the menu or the pause menu."""
        self.app.pop(self)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn (may be outside the list area when scrolled)."""
        return pygame.Rect(LIST.x, LIST.y + index * (ROW_H + ROW_GAP) - self.scroll, LIST.width, ROW_H)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row under ``pos``, if any."""
        if not LIST.collidepoint(pos):
            return None
        return next((i for i in range(len(self.summaries)) if self.row_rect(i).collidepoint(pos)), None)

    def choose(self, index: int) -> None:
        """Load row ``index``; an unusable file opens an error dialog instead."""
        summary = self.summaries[index]
        if summary.problem is None:
            self.app.load_match(summary.path)
        elif summary.backup is not None:
            if self.app.load_match(summary.backup):
                self.app.toast(f"{summary.name} is damaged: opened its backup", "info", 5.0)
        else:
            self.app.show_error("This save cannot be loaded", f"{summary.name}: {summary.problem}")

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Hover, click, wheel; Esc goes back."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                self.choose(index)
                return None
        elif event.type == pygame.MOUSEWHEEL:
            limit = max(0, len(self.summaries) * (ROW_H + ROW_GAP) - LIST.height)
            self.scroll = max(0, min(limit, self.scroll - event.y * 40))
            return None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        return event

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title, panel and the rows."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        fonts.blit_text(
            surface, "Load a saved game", 52, GOLD_LIGHT, (800, 36), anchor="midtop", bold=True, shadow=SHADOW
        )
        draw_panel(surface, PANEL)
        if not self.summaries:
            fonts.blit_text(
                surface,
                "No saved games yet. Save from the pause menu (Esc) or with Ctrl+S.",
                fonts.BODY,
                INK,
                PANEL.center,
                anchor="center",
                italic=True,
            )
            return
        previous = surface.get_clip()
        surface.set_clip(LIST)
        for i, summary in enumerate(self.summaries):
            rect = self.row_rect(i)
            if rect.bottom >= LIST.y and rect.y <= LIST.bottom:
                self._draw_row(surface, rect, summary, i == self.hovered)
        surface.set_clip(previous)

    @staticmethod
    def _draw_row(surface: pygame.Surface, rect: pygame.Rect, summary: SaveSummary, hovered: bool) -> None:
        pygame.draw.rect(surface, PARCHMENT_LIGHT, rect, border_radius=10)
        pygame.draw.rect(
            surface,
            (GOLD_LIGHT if hovered else GOLD) if summary.usable else ERROR,
            rect,
            3 if hovered else 2,
            border_radius=10,
        )
        fonts.blit_text(
            surface,
            summary.title,
            24,
            CRIMSON if summary.usable else ERROR,
            (rect.x + 20, rect.y + 10),
            bold=True,
        )
        fonts.blit_text(
            surface, summary.when, fonts.SMALL, INK, (rect.right - 20, rect.y + 14), anchor="topright"
        )
        if not summary.usable:
            fonts.blit_text(
                surface,
                f"Cannot be loaded: {summary.problem}",
                fonts.SMALL,
                ERROR,
                (rect.x + 20, rect.y + 48),
                italic=True,
            )
            fonts.blit_text(surface, summary.name, 14, INK, (rect.right - 20, rect.y + 74), anchor="topright")
            if summary.backup is not None:
                fonts.blit_text(
                    surface,
                    f"Click to open its backup ({_when(summary.backup)})",
                    fonts.SMALL,
                    CRIMSON,
                    (rect.x + 20, rect.y + 70),
                    bold=True,
                )
            return
        x = rect.x + 20
        for seat, (name, kind) in enumerate(summary.seats):
            surface.blit(player_badge(seat, 26), (x, rect.y + 52))
            label = fonts.render(f"{name} ({'human' if kind == 'human' else 'computer'})", fonts.SMALL, INK)
            surface.blit(label, (x + 32, rect.y + 55))
            x += 32 + label.get_width() + 22
        fonts.blit_text(
            surface,
            f"{summary.moves} moves",
            fonts.SMALL,
            INK,
            (rect.right - 20, rect.y + 55),
            anchor="topright",
            italic=True,
        )
