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
from crimson_table.engine.core import counted
from crimson_table.net.record import online_of
from crimson_table.play import autosave, saves
from crimson_table.play.match import check_header
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.screens.row_list import (
    ACTION_W,
    HEADING_H,
    ROW_GAP,
    ROW_H,
    RowAction,
    RowListScene,
    action_rect,
    draw_row_card,
)
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import dim, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, ERROR, GOLD_LIGHT, INK, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

log = logging.getLogger(__name__)

PANEL = pygame.Rect(200, 120, 1200, 640)
LIST = pygame.Rect(PANEL.x + 28, PANEL.y + 28, PANEL.width - 56, PANEL.height - 56)


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


class LoadScene(RowListScene):
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
    list_area = LIST

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.summaries: list[SaveSummary] = []
        self.refresh()
        self.button((PANEL.x, PANEL.bottom + 30, 240, 60), "Back", self.close, object_id="secondary")

    def refresh(self) -> None:
        """Read the folder again: named saves first, then the autosaves, each newest first; the
        rows are laid out here, once per change, never per frame."""
        found = [summarize(p) for p in saves.list_saves()]
        self.summaries = [s for s in found if not s.is_autosave] + [s for s in found if s.is_autosave]
        self._headings, self._tops = _lay_out(self.summaries)
        self.hovered = None

    def heading_before(self, index: int) -> str | None:
        """The section heading drawn above row ``index``, if one starts there."""
        return self._headings.get(index)

    def row_count(self) -> int:
        """The saves listed."""
        return len(self.summaries)

    def rows_in_sight(self) -> range:
        """The rows that show in the list at the present scroll, or whose heading does (found by
        bisection: a frame's work does not grow with the number of saves)."""
        first = max(0, bisect.bisect_right(self._tops, LIST.y + self.scroll - ROW_H) - 1)
        last = bisect.bisect_right(self._tops, LIST.bottom + self.scroll + HEADING_H)
        return range(first, last)

    def action_rects(self, index: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The Rename and Delete buttons of row ``index``."""
        row = self.row_rect(index)
        return action_rect(row, 1), action_rect(row, 0)

    def watch_rect(self, index: int) -> pygame.Rect:
        """The Watch button of row ``index`` (left of Rename)."""
        return action_rect(self.row_rect(index), 2)

    def row_actions(self, index: int) -> list[RowAction]:
        """Delete on every row; Watch and Rename on a save that can be loaded."""
        rename, delete = self.action_rects(index)
        actions = [RowAction(delete, "Delete", lambda: self.ask_remove(index))]
        if self.summaries[index].usable:
            actions.append(RowAction(rename, "Rename", lambda: self.ask_rename(index)))
            actions.append(RowAction(self.watch_rect(index), "Watch", lambda: self.watch(index)))
        return actions

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

    def ask_remove(self, index: int) -> None:
        """Delete row ``index`` (and its backup) after asking."""
        summary = self.summaries[index]
        self.ask_first(
            "Delete this save?",
            f"{summary.label} will be gone for good, with its backup.",
            "Delete",
            lambda: self.delete(summary),
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

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn (may be outside the list area when scrolled)."""
        return pygame.Rect(LIST.x, self._tops[index] - self.scroll, LIST.width, ROW_H)

    def row_name(self, index: int) -> str:
        """The name the row shows: the player's for the save, else the game's."""
        summary = self.summaries[index]
        return summary.chosen_name or summary.title

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

    def row_key(self, key: int, index: int) -> bool:
        """W watches the chosen save, R renames it (a save that can be loaded); True if used."""
        if not self.summaries[index].usable:
            return False
        if key == pygame.K_w:
            self.watch(index)
        elif key == pygame.K_r:
            self.ask_rename(index)
        else:
            return False
        return True

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
        self.draw_rows(surface)

    def draw_row(self, surface: pygame.Surface, index: int) -> None:
        """A save: its card, red for one that cannot be loaded (never for a broken map)."""
        summary = self.summaries[index]
        rect = self.row_rect(index)
        draw_row_card(surface, rect, index == self.hovered, faulty=not (summary.usable or summary.needs_map))
        _draw_save(surface, rect, summary)


def _draw_save(surface: pygame.Surface, rect: pygame.Rect, summary: SaveSummary) -> None:
    """What a row says of its save: name and date, then its players and moves, or its problem."""
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
        counted(summary.moves, "move"),
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
