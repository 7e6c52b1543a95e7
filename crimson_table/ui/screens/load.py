"""The list of saved games: named saves, then autosaves apart; each by game, players and date,
with its moves; unusable files show their problem.  Each row can be renamed (a renamed autosave
becomes a named save) or deleted (its ``.bak`` backup goes with it).

Listing reads only each file's header; loading replays the whole log (``Match.load``) and any
problem found then opens an error dialog naming the save.  Nothing here can crash the app.
"""

from __future__ import annotations

import bisect
import datetime as dt
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from crimson_table.engine import GAMES, MapError
from crimson_table.net.record import online_of
from crimson_table.play import autosave, saves
from crimson_table.play.match import check_header
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import dim, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, ERROR, GOLD, GOLD_LIGHT, INK, PARCHMENT_LIGHT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

log = logging.getLogger(__name__)

PANEL = pygame.Rect(200, 120, 1200, 640)
LIST = pygame.Rect(PANEL.x + 28, PANEL.y + 28, PANEL.width - 56, PANEL.height - 56)
ROW_H = 96
ROW_GAP = 10
HEADING_H = 40
ACTION_W, ACTION_H = 104, 34


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
    needs_map: MapError | None = None  # a sound save of a game whose map is broken (not the save's fault)
    online_seat: int | None = None  # a game played online: the seat this player sat at

    @property
    def name(self) -> str:
        """The file name, safe to draw (undecodable bytes shown as U+FFFD)."""
        return saves.display_name(self.path)

    @property
    def usable(self) -> bool:
        """False when the header already shows the file cannot be loaded (or its game's map is broken)."""
        return self.problem is None and self.needs_map is None

    @property
    def is_autosave(self) -> bool:
        """True for a file the app keeps by itself after every move."""
        return autosave.is_autosave(self.path)

    @property
    def chosen_name(self) -> str:
        """The name the player gave the save; "Kept after an error" for a rescue save; "" when
        the app named it after its moment."""
        return saves.shown_name(self.path)

    @property
    def label(self) -> str:
        """The save as notices name it: its chosen name, or game and players; and the date."""
        players = " vs ".join(name for name, _ in self.seats)
        what = self.chosen_name or (f"{self.title}: {players}" if players else "a damaged save")
        return f"{what} ({self.when})"


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
    if summary.usable or summary.needs_map is not None:
        return summary
    backup = saves.backup_path(path)
    if backup.is_file() and _summarize_one(backup).usable:
        return replace(summary, backup=backup)
    return summary


# Summaries already read, by file and version (its inode, size and modification time): the list
# is read again after every rename or delete and each time the screen opens, and a file is parsed
# only when it changed.  A file written in the last SETTLED seconds is read afresh every time (the
# file system's clock is coarse: a second write in the same tick would keep its time).  Bounded:
# dropped whole when it grows past SUMMARY_CACHE entries.
SUMMARY_CACHE = 4096
SETTLED = 2.0
_summaries: dict[tuple[str, int, int, int], SaveSummary] = {}


def _summarize_one(path: Path) -> SaveSummary:
    try:
        info = path.stat()
    except OSError:
        return _read_summary(path)
    if time.time() - info.st_mtime < SETTLED:
        return _read_summary(path)
    key = (str(path), info.st_ino, info.st_mtime_ns, info.st_size)
    if key not in _summaries:
        if len(_summaries) >= SUMMARY_CACHE:
            _summaries.clear()
        _summaries[key] = _read_summary(path)
    return _summaries[key]


def _read_summary(path: Path) -> SaveSummary:
    when = _when(path)
    try:
        header, seats = check_header(saves.read_json(path), str(path))
        title = GAMES.info(header["game"]).title
    except saves.SaveError as exc:
        return SaveSummary(path, saves.display_name(path), when, (), 0, exc.problem)
    except Exception as exc:  # noqa: BLE001 - one odd file must never close the list
        log.exception("unexpected problem reading %s", path)
        return SaveSummary(
            path, saves.display_name(path), when, (), 0, f"cannot be read ({type(exc).__name__})"
        )
    players = tuple((s.name, s.kind) for s in seats)
    online = online_of(header)  # a game played online, kept after its end (net/record.py)
    seat = online.get("seat") if online is not None else None
    return SaveSummary(
        path,
        f"{title} (online)" if online is not None else title,
        when,
        players,
        len(header["log"]),
        needs_map=GAMES.map_problem(header["game"]),
        online_seat=seat if _is_seat(seat, len(seats)) else None,
    )


def _is_seat(value: object, seats: int) -> bool:
    """True for a whole number (not a bool) naming one of ``seats`` seats."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


AUTOSAVES_HEADING = "Autosaves (kept after every move)"


def _lay_out(summaries: list[SaveSummary]) -> tuple[dict[int, str], list[int]]:
    """The section headings (by the row they stand above) and each row's top before scrolling:
    named saves under "Your saves", then the autosaves under their own heading."""
    headings: dict[int, str] = {}
    tops: list[int] = []
    y = LIST.y
    for index, summary in enumerate(summaries):
        if index == 0 or summary.is_autosave != summaries[index - 1].is_autosave:
            headings[index] = AUTOSAVES_HEADING if summary.is_autosave else "Your saves"
            y += HEADING_H
        tops.append(y)
        y += ROW_H + ROW_GAP
    return headings, tops


class LoadScene(GuiScene):
    """Pick a save to continue."""

    help_title = "Load a game"
    HELP_KEYS = (
        ("Up / Down", "Choose a saved game"),
        ("Enter", "Open the chosen game"),
        ("W", "Watch the chosen game again"),
        ("R", "Rename the chosen game"),
        ("Delete", "Delete the chosen game (after asking)"),
        ("Mouse wheel", "Scroll the saved games"),
        ("Esc", "Back"),
    )

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.summaries: list[SaveSummary] = []
        self.scroll = 0
        self.hovered: int | None = None
        self.refresh()
        self.button((PANEL.x, PANEL.bottom + 30, 240, 60), "Back", self.close, object_id="secondary")

    def refresh(self) -> None:
        """Read the folder again: named saves first, then the autosaves, each newest first; the
        rows are laid out here, once per change, never per frame."""
        found = [summarize(p) for p in saves.list_saves()]
        self.summaries = [s for s in found if not s.is_autosave] + [s for s in found if s.is_autosave]
        self._headings, self._tops = _lay_out(self.summaries)
        self.hovered = None

    def _heading_before(self, index: int) -> str | None:
        """The section heading drawn above row ``index``, if one starts there."""
        return self._headings.get(index)

    def _top_of(self, index: int) -> int:
        return self._tops[index] - self.scroll

    def _visible_rows(self) -> range:
        """The rows that show in the list at the present scroll, or whose heading does (found by
        bisection: a frame's work does not grow with the number of saves)."""
        first = max(0, bisect.bisect_right(self._tops, LIST.y + self.scroll - ROW_H) - 1)
        last = bisect.bisect_right(self._tops, LIST.bottom + self.scroll + HEADING_H)
        return range(first, last)

    def action_rects(self, index: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The Rename and Delete buttons of row ``index``."""
        row = self.row_rect(index)
        delete = pygame.Rect(row.right - 16 - ACTION_W, row.bottom - 10 - ACTION_H, ACTION_W, ACTION_H)
        rename = delete.move(-(ACTION_W + 10), 0)
        return rename, delete

    def watch_rect(self, index: int) -> pygame.Rect:
        """The Watch button of row ``index`` (left of Rename)."""
        return self.action_rects(index)[0].move(-(ACTION_W + 10), 0)

    def watch(self, index: int) -> bool:
        """Replay row ``index`` from the deal (its log is replayed first; a problem shows why)."""
        from crimson_table.play.match import Match

        summary = self.summaries[index]
        try:
            match = Match.load(summary.path)
        except saves.SaveError as exc:
            self.app.show_error("This save cannot be watched", f"The file {exc.problem}.")
            return False
        viewer = match.human_seats()[0] if match.human_seats() else 0
        if summary.online_seat is not None:  # an online game: through this player's own seat's eyes
            viewer = summary.online_seat
        self.app.open("replay", source=match, step=0, viewer=viewer)
        return True

    def ask_delete(self, index: int) -> None:
        """Delete row ``index`` (and its backup) after asking."""
        from crimson_table.ui.screens.dialog import ConfirmDialog

        summary = self.summaries[index]
        self.app.push(
            ConfirmDialog(
                self.app,
                "Delete this save?",
                f"{summary.label} will be gone for good, with its backup.",
                "Delete",
                lambda: self.delete(summary),
            )
        )

    def delete(self, summary: SaveSummary) -> None:
        """Remove the file and its ``.bak``; the list is read again."""
        try:
            for path in (summary.path, saves.backup_path(summary.path)):
                path.unlink(missing_ok=True)
        except OSError as exc:
            self.app.toast(f"The save could not be deleted ({exc.strerror or exc})")
        else:
            self.app.toast(f"Deleted {summary.label}", "info")
        self.refresh()

    def ask_rename(self, index: int) -> None:
        """Give row ``index`` a name of the player's choosing."""
        self.app.push(RenameDialog(self.app, self.summaries[index], self.rename))

    def rename(self, summary: SaveSummary, name: str) -> None:
        """Rename the file (and its backup) to ``name``; a renamed autosave becomes a named save."""
        try:
            target = rename_save(summary.path, name)
        except (OSError, ValueError) as exc:
            self.app.toast(f"The save could not be renamed ({exc})")
            return
        self.refresh()
        self.app.toast(f"Renamed to {target.name[: -len(saves.SAVE_SUFFIX)]}", "info")

    def close(self) -> None:
        """Back to the menu or the pause menu."""
        self.app.pop(self)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn (may be outside the list area when scrolled)."""
        return pygame.Rect(LIST.x, self._top_of(index), LIST.width, ROW_H)

    def report_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The rows in sight, by the name they show (``ui/screen_report.py``: what a test clicks)."""
        rows = ((s.chosen_name or s.title, self.row_rect(i)) for i, s in enumerate(self.summaries[:50]))
        return [(f"row:{name}", rect) for name, rect in rows if LIST.contains(rect)]

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row under ``pos``, if any."""
        if not LIST.collidepoint(pos):
            return None
        return next((i for i in self._visible_rows() if self.row_rect(i).collidepoint(pos)), None)

    def choose(self, index: int) -> None:
        """Load row ``index``; an unusable file opens an error dialog instead."""
        summary = self.summaries[index]
        if summary.needs_map is not None:
            self.app.show_map_problem(
                summary.needs_map, _game_of(summary), " This save is fine and kept as it is."
            )
        elif summary.problem is None:
            self.app.load_match(summary.path)
        elif summary.backup is not None:
            if self.app.load_match(summary.backup):
                self.app.toast("That save is damaged: its backup was opened", "info", 5.0)
        else:
            self.app.show_error("This save cannot be loaded", f"The file {summary.problem}.")

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Hover, click, wheel; Esc goes back."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                rename, delete = self.action_rects(index)
                if delete.collidepoint(event.pos):
                    self.ask_delete(index)
                elif self.watch_rect(index).collidepoint(event.pos) and self.summaries[index].usable:
                    self.watch(index)
                elif rename.collidepoint(event.pos) and self.summaries[index].usable:
                    self.ask_rename(index)
                else:
                    self.choose(index)
                return None
        elif event.type == pygame.MOUSEWHEEL:
            bottom = self.row_rect(len(self.summaries) - 1).bottom + self.scroll if self.summaries else 0
            limit = max(0, bottom - LIST.bottom)
            self.scroll = max(0, min(limit, self.scroll - event.y * 40))
            return None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        elif event.type == pygame.KEYDOWN and self._key(event.key):
            return None
        return event

    def _key(self, key: int) -> bool:
        """Up/Down choose a row (the chosen row is the highlighted one), Enter opens it, W watches,
        R renames, Delete deletes; True if the key was used."""
        if not self.summaries:
            return False
        if key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            current = self.hovered if self.hovered is not None else (-1 if step > 0 else len(self.summaries))
            self.hovered = max(0, min(len(self.summaries) - 1, current + step))
            self._scroll_to(self.hovered)
            return True
        index = self.hovered
        if index is None:
            return False
        usable = self.summaries[index].usable
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose(index)
        elif key == pygame.K_w and usable:
            self.watch(index)
        elif key == pygame.K_r and usable:
            self.ask_rename(index)
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.ask_delete(index)
        else:
            return False
        return True

    def _scroll_to(self, index: int) -> None:
        """Scroll so that row ``index`` shows whole inside the list."""
        rect = self.row_rect(index)
        if rect.bottom > LIST.bottom:
            self.scroll += rect.bottom - LIST.bottom
        elif rect.y < LIST.y:
            self.scroll = max(0, self.scroll - (LIST.y - rect.y))

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
        for i in self._visible_rows():
            rect = self.row_rect(i)
            heading = self._heading_before(i)
            if heading is not None:
                fonts.blit_text(
                    surface, heading, 22, CRIMSON, (rect.x + 4, rect.y - HEADING_H + 6), bold=True
                )
            self._draw_row(surface, rect, self.summaries[i], i == self.hovered)
            self._draw_actions(surface, i)
        surface.set_clip(previous)

    def _draw_actions(self, surface: pygame.Surface, index: int) -> None:
        usable = self.summaries[index].usable
        for rect, text, live in zip(
            (self.watch_rect(index), *self.action_rects(index)),
            ("Watch", "Rename", "Delete"),
            (usable, usable, True),
            strict=True,
        ):
            if not live:
                continue
            pygame.draw.rect(surface, PARCHMENT_LIGHT, rect, border_radius=8)
            pygame.draw.rect(surface, CRIMSON, rect, 2, border_radius=8)
            fonts.blit_text(surface, text, fonts.SMALL, CRIMSON, rect.center, anchor="center", bold=True)

    @staticmethod
    def _draw_row(surface: pygame.Surface, rect: pygame.Rect, summary: SaveSummary, hovered: bool) -> None:
        pygame.draw.rect(surface, PARCHMENT_LIGHT, rect, border_radius=10)
        pygame.draw.rect(
            surface,
            (GOLD_LIGHT if hovered else GOLD) if summary.usable or summary.needs_map else ERROR,
            rect,
            3 if hovered else 2,
            border_radius=10,
        )
        fonts.blit_text(
            surface,
            f"{summary.chosen_name} · {summary.title}" if summary.chosen_name else summary.title,
            24,
            CRIMSON if summary.usable or summary.needs_map else ERROR,
            (rect.x + 20, rect.y + 10),
            bold=True,
        )
        fonts.blit_text(
            surface, summary.when, fonts.SMALL, INK, (rect.right - 20, rect.y + 14), anchor="topright"
        )
        if summary.needs_map is not None:
            _draw_needs_map(surface, rect, summary.needs_map)
            return
        if not summary.usable:
            fonts.blit_text(
                surface,
                f"Cannot be loaded: {summary.problem}",
                fonts.SMALL,
                ERROR,
                (rect.x + 20, rect.y + 48),
                italic=True,
            )
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
            (rect.right - 20 - 3 * ACTION_W - 40, rect.y + 55),
            anchor="topright",
            italic=True,
        )


def _draw_needs_map(surface: pygame.Surface, rect: pygame.Rect, problem: MapError) -> None:
    """A sound save whose game's map is broken: which map, then what is wrong with it (never red:
    the save is not at fault)."""
    width = rect.width - 40 - ACTION_W - 20  # clear of the Delete button
    lines = (
        (f"Needs its map repaired: {problem.file_name}", True, False, 48),
        (f"{problem.obj}: {problem.problem}" if problem.obj else problem.problem, False, True, 70),
    )
    for text, bold, italic, dy in lines:
        face = fonts.font(fonts.SMALL, bold=bold, italic=italic)
        wrapped = fonts.wrap(text, face, width - face.size(" …")[0])
        fitted = wrapped[0] + (" …" if len(wrapped) > 1 else "") if wrapped else ""
        colour = CRIMSON if bold else INK
        fonts.blit_text(
            surface, fitted, fonts.SMALL, colour, (rect.x + 20, rect.y + dy), bold=bold, italic=italic
        )


def _game_of(summary: SaveSummary) -> str | None:
    """The game id of a listed save (read again from its header; None if it cannot be)."""
    try:
        game = saves.read_json(summary.path).get("game")
    except Exception:  # noqa: BLE001 - for a message only
        return None
    return game if isinstance(game, str) else None


def rename_save(path: Path, name: str) -> Path:
    """Move a save (and its ``.bak``) to ``<name>.ctsave.json`` in the same folder; a free name."""
    clean = re.sub(r"[^\w .,'()-]+", "", name).strip(" .")[:60]
    if not clean:
        raise ValueError("a name needs letters or digits")
    target = path.with_name(clean + saves.SAVE_SUFFIX)
    counter = 2
    while target.exists() and target != path:
        target = path.with_name(f"{clean} ({counter}){saves.SAVE_SUFFIX}")
        counter += 1
    if target == path:
        return path
    backup = saves.backup_path(path)
    path.rename(target)
    if backup.exists():
        backup.rename(saves.backup_path(target))
    return target


class RenameDialog(GuiScene):
    """One line to type a save's new name; Enter or OK renames, Esc cancels."""

    help_title = "Rename a save"
    HELP_KEYS = (
        ("Enter", "Rename"),
        ("Esc", "Cancel"),
    )

    transparent = True

    def __init__(self, app: App, summary: SaveSummary, on_done: Callable[[SaveSummary, str], None]) -> None:
        super().__init__(app)
        self.summary, self.on_done = summary, on_done
        self.panel = pygame.Rect(0, 0, 720, 300)
        self.panel.center = (800, 450)
        field = pygame.Rect(self.panel.x + 40, self.panel.y + 110, self.panel.width - 80, 52)
        self.entry = pygame_gui.elements.UITextEntryLine(field, manager=self.ui)
        self.entry.set_text(
            summary.chosen_name or f"{summary.title} {' vs '.join(n for n, _ in summary.seats)}"
        )
        self.entry.focus()
        bottom = self.panel.bottom - 84
        self.button((self.panel.centerx - 230, bottom, 220, 56), "Rename", self.confirm)
        self.button((self.panel.centerx + 10, bottom, 220, 56), "Cancel", self.close, object_id="secondary")

    def confirm(self) -> None:
        """Rename and close."""
        self.app.pop(self)
        self.on_done(self.summary, self.entry.get_text())

    def close(self) -> None:
        """Close without renaming."""
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Enter renames (before the text line takes it), Esc cancels, the rest goes to the gui."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        super().handle_event(event)
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        """Dimmed screen and a parchment panel with the question."""
        dim(surface, 160)
        draw_panel(surface, self.panel)
        fonts.blit_text(
            surface,
            "Rename this save",
            30,
            CRIMSON,
            (self.panel.centerx, self.panel.y + 34),
            anchor="midtop",
            bold=True,
        )
