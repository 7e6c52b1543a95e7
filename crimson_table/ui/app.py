"""The application: window, logical surface, scene stack, toasts, sound and settings.

Everything is drawn onto a 1600x900 *logical* surface that is scaled into the window with
letterboxing; the window resizes freely down to 1024x576 (enforced) and up to 4K, and the size
the player leaves it at is remembered.  In a window of any other size the lines of text are drawn
again at the window's scale, crisp (``ui/text_canvas.py``; ``crisp_text`` turns it off); mouse events are translated into logical coordinates before any scene sees them,
so every hit test is in logical coordinates (DESIGN.md).  ``step(dt)`` runs one frame without a
real clock, which is how tests and ``--smoke`` drive the app headless.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.tiled_files import MapError
from crimson_table.ui import first_frame, memory, text_canvas
from crimson_table.ui import settings as settings_mod
from crimson_table.ui import splash as splash_mod
from crimson_table.ui.farewell import farewell, short
from crimson_table.ui.scene import LOGICAL_SIZE, Scene
from crimson_table.ui.sound import SoundPlayer
from crimson_table.ui.widgets import badge, fonts
from crimson_table.ui.widgets.help_overlay import HelpOverlay, is_help_key
from crimson_table.ui.widgets.toast import ToastManager
from crimson_table.ui.window import (
    MIN_WINDOW,
    clamp_window_size,
    is_open_as,
    open_window,
    sdl_window,
    window_size_for,
)

if TYPE_CHECKING:
    from crimson_table.play.match import Match

log = logging.getLogger(__name__)

FPS = 60
IDLE_WAIT_MS = 500  # at rest the loop wakes this often to let time-driven state move on
INPUT_GRACE = 1.0  # seconds of full frame rate after any input (hover delays, tooltips)
TRIM_EVERY = 2.0  # seconds: at most this often the C heap is trimmed on a frame that drew nothing
RESCUE_LIMIT = 3  # this many rescues within RESCUE_SPAN seconds: the app closes instead of looping
RESCUE_SPAN = 10.0
FAREWELL_SECONDS = 12.0  # the last-resort message waits this long for a key or click, then closes
SCREEN_LOG = "CRIMSON_TABLE_SCREEN_LOG"  # a file the app describes each screen it rests on to (tests)
WAKE = pygame.event.custom_type()  # posted from another thread (the network) to wake a resting loop
_MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
_INPUT_EVENTS = (*_MOUSE_EVENTS, pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)


class App:
    """Owns the window and the stack of scenes."""

    def __init__(
        self,
        settings: settings_mod.Settings | None = None,
        *,
        start_menu: bool = True,
        splash: bool = False,
        kept: splash_mod.Kept | None = None,
    ) -> None:
        """``splash``: the player's app, which keeps the live menu's first frame for the next start;
        ``kept``: what :func:`splash.show_kept_menu` already put up before this module loaded."""
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()
        pygame.font.init()
        notice = None
        if settings is None:
            settings, notice = settings_mod.load_settings_with_notice()
        self.settings = settings
        badge.set_patterned(self.settings.colour_blind)
        self.crisp_text = True  # text drawn again at the window's scale when it is not 1600x900
        memory.map_large_blocks()  # large surfaces (window-sized, card faces) get pages of their own
        # C-heap trims (memory.trim): when the app comes to rest and after a new window size
        self._trimmed_at = -TRIM_EVERY
        self._drawn_since_trim = False
        self._trim_due = False
        self.trims = 0  # how many (bench/ui_monkey.py reports them)
        self._windowed_at: tuple[int, int] | None = None  # where the window was before fullscreen
        self.window = self._open_window(kept.window if kept is not None else None)
        self.logical: pygame.Surface = self.window  # the frame's canvas, fitted to the window below
        # The player's app puts up the menu as it last looked while the live one is built.
        self.first_frame: first_frame.Keeper | None = None
        if splash:
            look = splash_mod.look_of(self.settings.colour_blind)
            if kept is not None and kept.window is self.window and kept.look == look:
                shown = kept.shown  # already on the screen
            else:
                pygame.display.set_caption("Crimson Table")
                shown = first_frame.show(self.window, look)
            self.first_frame = first_frame.Keeper(look, shown)
        self._set_caption_and_icon()
        self._fit_canvas()
        self.stack: list[Scene] = []
        self.toasts = ToastManager()
        self.sound = SoundPlayer(self.settings.volume)
        self.mouse_pos: tuple[int, int] = (-1, -1)
        self.clock_time = 0.0
        self._last_input = 0.0
        self._buttons_down: set[int] = set()
        self._window_size_changed = False
        self._rescues: list[float] = []  # when frames failed lately (:meth:`rescue`)
        self.rescue_count = 0
        self._screen_log = os.environ.get(SCREEN_LOG) or None
        self.rests = 0  # how often the app came to rest (the screen log numbers its reports so)
        self._described = ""  # the last report written
        self.running = True
        self._signalled = False
        self.exit_code = 0
        if start_menu:
            self.go_to_menu()
        if notice:
            self.toast(notice, "error", 8.0)

    # -- window and coordinates ----------------------------------------------------------------
    def _open_window(self, kept: pygame.Surface | None = None) -> pygame.Surface:
        """The window: fullscreen, or the remembered size fitted to the desktop it opens on.
        ``kept``: the window the kept menu already opened (``ui/splash.py``), taken over as it is
        when it is the window these settings ask for (no second opening, no flicker)."""
        size = window_size_for(self.settings.window_size)
        if not self.settings.fullscreen and size != self.settings.window_size:
            # shrunk to fit: Settings shows the size it has
            self.settings = self.settings.with_changes(window_width=size[0], window_height=size[1])
        if kept is not None and is_open_as(kept, self.settings.fullscreen, size):
            return kept
        return open_window(self.settings.fullscreen, size, self._windowed_at)

    def _fit_canvas(self) -> None:
        """The logical surface for this window: a :class:`~text_canvas.TextCanvas` recording the
        lines of text when the window is scaled (and crisp text is on); the window itself when it
        is exactly the logical size (no second 5.5 MB frame, no copy a frame); else a plain surface."""
        scale, _ = self._viewport()
        self._trim_due = True  # the old window's surfaces and crisp lines go at the next frame
        wanted = self.crisp_text and scale != 1
        fonts.TrackedFont.tracking = wanted
        if wanted:
            if not isinstance(self.logical, text_canvas.TextCanvas):
                self.logical = text_canvas.TextCanvas(LOGICAL_SIZE, self.window)
        elif self.window.get_size() == LOGICAL_SIZE:
            self.logical = self.window
        elif (
            isinstance(self.logical, text_canvas.TextCanvas)
            or self.logical is self.window
            or self.logical.get_size() != LOGICAL_SIZE
        ):
            self.logical = pygame.Surface(LOGICAL_SIZE).convert()

    def set_crisp_text(self, on: bool) -> None:
        """Draw text at the window's scale (on, the default) or scale the whole frame (off)."""
        self.crisp_text = on
        self._fit_canvas()

    def _resized(self, size: tuple[int, int]) -> None:
        """The player resized the window: keep it at least :data:`MIN_WINDOW`, remember the size."""
        allowed = (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))
        if allowed != size:  # the window manager ignored the minimum: put it back
            self.window = pygame.display.set_mode(allowed, pygame.RESIZABLE)
        else:
            self.window = pygame.display.get_surface() or self.window
        self._fit_canvas()
        if allowed != self.settings.window_size and allowed == clamp_window_size(allowed):
            self.settings = self.settings.with_changes(window_width=allowed[0], window_height=allowed[1])
            self._window_size_changed = True

    def _set_caption_and_icon(self) -> None:
        pygame.display.set_caption("Crimson Table")
        from crimson_table.ui import artwork

        pygame.display.set_icon(artwork.app_icon())

    def _viewport(self) -> tuple[float, pygame.Rect]:
        """Scale factor and the rect the logical surface fills inside the window."""
        win_w, win_h = self.window.get_size()
        scale = min(win_w / LOGICAL_SIZE[0], win_h / LOGICAL_SIZE[1])
        width, height = round(LOGICAL_SIZE[0] * scale), round(LOGICAL_SIZE[1] * scale)
        return scale, pygame.Rect((win_w - width) // 2, (win_h - height) // 2, width, height)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixel -> logical pixel (may fall outside 0..1600 in the letterbox bars)."""
        scale, view = self._viewport()
        return (round((pos[0] - view.x) / scale), round((pos[1] - view.y) / scale))

    def toggle_fullscreen(self) -> None:
        """F11: switch between windowed and fullscreen (remembered in the settings); back in a
        window it has the size and place it had before."""
        if not self.settings.fullscreen:
            window = sdl_window()
            try:
                self._windowed_at = tuple(window.position) if window is not None else None  # type: ignore[assignment]
            except (AttributeError, pygame.error):
                self._windowed_at = None
        self.apply_settings(self.settings.with_changes(fullscreen=not self.settings.fullscreen))

    def apply_settings(self, new: settings_mod.Settings, persist: bool = True) -> None:
        """Take new settings into use (window, volume, patterns) and save them."""
        old, self.settings = self.settings, new
        if (old.fullscreen, old.window_size) != (new.fullscreen, new.window_size):
            self.window = self._open_window()
            self._fit_canvas()
        self.sound.set_volume(new.volume)
        badge.set_patterned(new.colour_blind)
        if persist:
            try:
                settings_mod.save_settings(new)
            except OSError as exc:  # a read-only or full disk: keep playing with the new settings
                log.warning("could not save the settings: %s", exc)
                self.toast("The settings could not be saved (they apply until you quit)", "error", 5.0)

    @property
    def duration_factor(self) -> float:
        """Animation duration multiplier from the speed setting (0 = instant)."""
        return self.settings.duration_factor

    # -- scene stack ----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """The scene receiving events."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        """Put ``scene`` on top (the old top is paused).

        A new screen gets a moment of frames, as after input: pygame-gui lays out and draws its
        elements in ``update``, so a screen opened by the app itself (the results after the
        computer's last move) would otherwise rest before its buttons were ever drawn."""
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        self._last_input = self.clock_time
        scene.resume()
        return scene

    def open(self, name: str, **kwargs: Any) -> Scene:
        """Open the screen registered as ``name`` (``ui/screen_names.py``: "pause", "load",
        "game_over", "replay"...), so a table and the screens it opens never import each other."""
        from crimson_table.ui.screen_names import open_screen

        return open_screen(self, name, **kwargs)

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` and everything above it)."""
        if scene is not None and scene not in self.stack:
            return
        target = scene or self.top
        while self.stack:
            removed = self.stack.pop()
            removed.shutdown()
            if removed is target:
                break
        self._garbage = True
        self._last_input = self.clock_time  # the screen below shows again: a moment of frames
        if self.stack:
            self.stack[-1].resume()

    def clear(self) -> None:
        """Shut down every scene (closing none, as at start-up, leaves nothing to collect: the first
        frame does not wait for a full collection)."""
        if self.stack:
            self._garbage = True
        while self.stack:
            self.stack.pop().shutdown()

    def _collect_garbage(self, now: bool = False) -> None:
        """Free closed scenes, at most twice a second (``now``: whatever is pending, at once).

        A closed pygame-gui screen is a web of reference cycles holding surfaces. Python's
        cyclic collector is paced by object counts, not bytes, so without this each dialog
        opened and closed left about 1 MB resident until a rare full collection
        (bench/ui_monkey.py: +70% RSS over 15,000 events).
        """
        if not getattr(self, "_garbage", False):
            return
        if now or self.clock_time - getattr(self, "_collected_at", -1.0) >= 0.5:
            self._garbage = False
            self._collected_at = self.clock_time
            memory.release(before_trim=self._release_closed_tables)

    def open_games(self) -> set[str]:
        """The games of the matches on the stack (tables, and the screens over them that hold one)."""
        games = (getattr(getattr(scene, "match", None), "game_id", None) for scene in self.stack)
        return {game_id for game_id in games if isinstance(game_id, str)}

    def _release_closed_tables(self) -> None:
        """The art of every game whose table is no longer on the stack goes (``tables``)."""
        from crimson_table.ui.tables import release_closed_tables

        release_closed_tables(self.open_games())

    def go_to_menu(self) -> None:
        """Back to the main menu with nothing above it."""
        from crimson_table.ui.screens.menu import MenuScene

        self.clear()
        self.toasts.clear()
        self.push(MenuScene(self))

    def start_match(self, match: Match) -> Scene:
        """Open the table of ``match`` over a fresh main menu."""
        from crimson_table.ui.tables import scene_class_for

        self.go_to_menu()
        return self.push(scene_class_for(match.game_id)(self, match))

    def rescue(self, exc: BaseException) -> None:
        """A frame failed: save the game in play, go back to the menu and say what happened.

        The rescue cannot loop: if its own screens fail, or frames keep failing
        (:data:`RESCUE_LIMIT` times within :data:`RESCUE_SPAN` seconds), the app shows a plain
        message drawn without any toolkit and closes (:meth:`give_up`), the game kept.
        """
        log.error("unexpected error; returning to the menu", exc_info=exc)
        now = time.monotonic()
        self.rescue_count += 1
        self._rescues = [*(t for t in self._rescues if now - t < RESCUE_SPAN), now]
        saved = self._rescue_save()
        if len(self._rescues) >= RESCUE_LIMIT:
            self.give_up(exc, saved)
            return
        note = " Your game was saved; open it with Load." if saved else ""
        try:
            self.go_to_menu()
            if isinstance(exc, MapError):  # a map the checks let through, found broken as a table drew it
                self.show_map_problem(exc, note=note)
            else:
                self.show_error("Something went wrong", f"{type(exc).__name__}: {short(str(exc))}.{note}")
            self._try_top()  # the rescue's own screens are tried once here, not in a loop
        except Exception as again:  # noqa: BLE001 - the rescue's screens failed: the last resort
            log.error("the error screen failed too", exc_info=again)
            self.give_up(again, saved)

    def _try_top(self) -> None:
        """One frame of the top screen's work (what the loop asks of it), then a drawing: raises
        what it raises."""
        top = self.top
        if top is not None:
            top.needs_frames()
            top.needs_redraw()
            top.update(0.0)
        self.render()

    def give_up(self, exc: BaseException, saved: Path | None) -> None:
        """The last resort: a plain message (no pygame-gui, no scenes), then a clean exit."""
        self.running = False
        self.exit_code = 1
        for scene in reversed(self.stack):
            try:
                scene.shutdown()
            except Exception:  # noqa: BLE001 - closing anyway
                log.exception("a screen failed to close")
        self.stack.clear()
        lines = [
            "Crimson Table ran into a problem it cannot recover from and has to close.",
            "Your game was saved: open it with Load next time."
            if saved
            else "Nothing was lost that was saved.",
            f"({type(exc).__name__}: {short(str(exc), 90)})",
            "Press any key or click to close.",
        ]
        try:
            farewell(self.window, lines, FAREWELL_SECONDS, lambda: self._signalled)
        except Exception:  # noqa: BLE001 - even the plain message failed: close silently
            log.exception("the farewell message could not be shown")

    def _rescue_save(self) -> Path | None:
        """The game in play, kept as a rescue save (the Load list marks it so); never raises."""
        from crimson_table.play import saves

        try:
            match = next((s.match for s in reversed(self.stack) if hasattr(s, "match")), None)
            if match is None or match.remote:  # an online table is kept by its server
                return None
            return Path(match.save(saves.rescue_path(match.game_id)))
        except Exception:  # noqa: BLE001 - the rescue must never raise
            log.exception("could not save the game in play")
            return None

    def keep_matches(self) -> None:
        """Every match on the stack is kept as it stands (its autosave), before the app closes."""
        for scene in list(self.stack):
            keep = getattr(scene, "keep", None)
            if callable(keep):
                try:
                    keep()
                except Exception:  # noqa: BLE001 - closing anyway; the last move's autosave stands
                    log.exception("could not keep the game in play")

    def load_match(self, path: Path) -> bool:
        """Load a save and open it; a bad file shows an error dialog and returns False."""
        from crimson_table.play.match import Match
        from crimson_table.play.saves import SaveError, backup_path, describe_file

        try:
            match = Match.load(path)
        except MapError as exc:  # the game's map is broken, not the save: say so and keep the save
            self.show_map_problem(exc, _game_of(path), " The save is fine and kept as it is.")
            return False
        except SaveError as exc:
            note = ""
            if backup_path(path).is_file() and exc.path != backup_path(path):
                note = " The file is left as it is; a usable backup is offered in the Load list."
            label = describe_file(path)
            which = f"{label} — this save" if label else "The file"
            self.show_error("This save cannot be loaded", f"{which} {exc.problem}.{note}")
            return False
        from crimson_table.play import autosave

        autosave.attach(match, path)
        self.start_match(match)
        self.toast(f"Loaded {describe_file(path)}", "info")
        return True

    def show_map_problem(self, exc: MapError, game_id: str | None = None, note: str = "") -> None:
        """An error dialog saying which game's map is broken, naming the file, the object and the
        problem; that game stays set aside (``GAMES``), the others play on."""
        from crimson_table.engine import GAMES

        title = GAMES.info(game_id).title if game_id is not None and game_id in GAMES else "A game"
        self.show_error(
            f"{title} needs its map repaired",
            f"{exc.brief}. Repair the map (or put the original back) and restart the app; the other "
            f"games are not affected.{note}",
        )

    def show_error(self, title: str, message: str) -> None:
        """An error dialog over whatever is showing; the app keeps running."""
        from crimson_table.ui.screens.dialog import MessageDialog

        log.warning("%s: %s", title, message)
        self.push(MessageDialog(self, title, message, kind="error"))

    def toast(self, text: str, kind: str = "error", seconds: float = 3.0) -> None:
        """A short message near the bottom of the screen (red "error" or neutral "info"); it starts
        with a capital (engine reasons start in lower case)."""
        self.toasts.show(text[:1].upper() + text[1:], kind, seconds)

    def quit(self) -> None:
        """Stop the main loop."""
        self.running = False

    def quit_or_ask(self) -> None:
        """The window's close button: quit, but a host whose app runs an online table others sit
        at is asked first (a second click while asked quits)."""
        from crimson_table.ui.screens.dialog import ConfirmDialog

        hosting = any(
            getattr(scene, "hosts_online_table", False)
            or getattr(getattr(scene, "remote", None), "hosts_online_table", False)
            for scene in self.stack
        )
        if not hosting or isinstance(self.top, ConfirmDialog):
            self.quit()
            return
        from crimson_table.ui.screens.online.session import CLOSE_MESSAGE, CLOSE_TITLE

        self.push(ConfirmDialog(self, CLOSE_TITLE, CLOSE_MESSAGE, "Close the table and quit", self.quit))

    def wake(self) -> None:
        """Wake the resting frame loop now (safe from any thread: the network's, when a message
        comes); the screens read what came on that frame."""
        with contextlib.suppress(pygame.error):  # the window is already gone
            pygame.event.post(pygame.event.Event(WAKE))

    def ask_quit(self) -> None:
        """ "Quit Crimson Table?" (Esc on the main menu): a stray key never closes the app."""
        from crimson_table.ui.screens.dialog import ConfirmDialog

        self.push(
            ConfirmDialog(
                self, "Quit Crimson Table?", "Close the app? Your games are kept.", "Quit", self.quit
            )
        )

    # -- events -----------------------------------------------------------------------------------
    def handle_raw_event(self, event: pygame.event.Event) -> None:
        """A window event: quit, resize, or input translated to logical coordinates."""
        if event.type == pygame.QUIT:
            self.quit_or_ask()
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self._resized((int(event.w), int(event.h)))
            return
        if event.type in _MOUSE_EVENTS:
            event = self._translate(event)
        self.dispatch(event)

    def _translate(self, event: pygame.event.Event) -> pygame.event.Event:
        data = dict(event.dict)
        data["pos"] = self.to_logical(event.pos)
        if "rel" in data:
            scale, _ = self._viewport()
            data["rel"] = (int(data["rel"][0] / scale), int(data["rel"][1] / scale))
        return pygame.event.Event(event.type, data)

    def dispatch(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Hand a logical-coordinate event to the top scene (tests call this directly)."""
        if hasattr(event, "pos"):
            self.mouse_pos = (int(event.pos[0]), int(event.pos[1]))
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return None
        top = self.top
        if top is not None and not isinstance(top, HelpOverlay) and is_help_key(event, top):
            self.push(HelpOverlay.for_scene(self, top))  # F1 or ?: the keys of this screen
            return None
        return top.handle_event(event) if top is not None else event

    # -- frames -----------------------------------------------------------------------------------
    def step(self, dt: float = 1.0 / FPS) -> None:
        """One frame: pending window events, update the top scene, draw and present if it changed."""
        events = pygame.event.get()
        self._advance(events, dt)
        if events or self.needs_redraw():
            self.render()
            self.present()
            self._trim_after_drawing()
        else:
            self._trim_when_quiet()

    def _trim_after_drawing(self) -> None:
        """After the first frame at a new window size: the old window's surfaces and crisp lines are
        gone by then.  (No trim while frames keep coming: it would cost a busy frame ~2 ms and the
        freed pages are touched again within seconds.)"""
        self._drawn_since_trim = True
        if self._trim_due:
            self._trim_due = False
            self._trim()

    def _trim_when_quiet(self) -> None:
        """A frame with nothing to draw: give the C heap's free pages back (``memory.trim``).

        At most every ``TRIM_EVERY`` seconds and only after something was drawn, so a resting app
        trims once; ~1 ms at a quiet moment, where a player sees nothing move.
        """
        if self._drawn_since_trim and self.clock_time - self._trimmed_at >= TRIM_EVERY:
            self._trim()

    def _trim(self) -> None:
        """Return the C heap's free pages to the system (``memory.trim``; glibc only)."""
        self._drawn_since_trim = False
        self._trimmed_at = self.clock_time
        self.trims += 1
        memory.trim()

    def needs_redraw(self) -> bool:
        """False only when the top scene says this frame would look like the last one.

        Toasts, a held button and the moment after input always repaint (hover, tooltips).
        """
        top = self.top
        return (
            top is None
            or bool(self.toasts.toasts)
            or bool(self._buttons_down)
            or self.clock_time - self._last_input < INPUT_GRACE
            or top.needs_redraw()
        )

    def _advance(self, events: list[pygame.event.Event], dt: float) -> None:
        """Handle ``events``, then move time on by ``dt`` (top scene and toasts)."""
        for event in events:
            self._note_input(event)
            self.handle_raw_event(event)
        self.clock_time += dt
        self._collect_garbage()
        if self.top is not None:
            self.top.update(dt)
        self.toasts.update(dt)

    def _note_input(self, event: pygame.event.Event) -> None:
        if event.type in _INPUT_EVENTS:
            self._last_input = self.clock_time
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._buttons_down.add(event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._buttons_down.discard(event.button)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._buttons_down.clear()

    def wants_frames(self) -> bool:
        """True while something on screen moves by itself, so the loop must keep drawing.

        The top scene says so (:meth:`Scene.needs_frames`: animations, a bot to move); so do
        live toasts, a held mouse button (a drag, with its pulsing glow) and the moment after
        any input (hover zooms and tooltips appear after a short delay).
        """
        top = self.top
        return (
            bool(self.toasts.toasts)
            or bool(self._buttons_down)
            or self.clock_time - self._last_input < INPUT_GRACE
            or (top is not None and top.needs_frames())
        )

    def at_rest(self) -> bool:
        """True once nothing moves and the C heap was trimmed after the last frame drawn: what a
        player who stops moving the mouse leaves the app in (``bench/ui_monkey.py`` reads RSS here)."""
        return not self._drawn_since_trim and self.trims > 0 and not self.wants_frames()

    def _rest(self, clock: pygame.time.Clock) -> None:
        """Nothing moves: sleep until an event (or a while), redraw only if anything happened."""
        first = pygame.event.wait(IDLE_WAIT_MS)
        events = [first, *pygame.event.get()] if first.type != pygame.NOEVENT else []
        self._advance(events, min(clock.tick() / 1000.0, IDLE_WAIT_MS / 1000.0))
        ticking = self.top is not None and self.top.ticking()
        if events or self.wants_frames() or ticking:
            self.render()
            self.present()
            self._drawn_since_trim = True
            if not any(event.type in _INPUT_EVENTS for event in events):
                # a lobby filling up, a rematch offered: what the network brought, at rest
                self._describe_screen(only_if_changed=True)
        else:
            self._trim_when_quiet()

    def _settle(self) -> None:
        """Going to rest: draw once more with pulsing glows at full strength (a steady frame), then
        free what closed screens left (a full collection: done now, not at the resting app's first
        wake, so an app at rest does no work at all)."""
        self.clock_time = math.floor(self.clock_time) + 1.25
        self.rests += 1
        self.render()
        self.present()
        self._drawn_since_trim = True
        self.keep_first_frame()
        self._collect_garbage(now=True)
        self._trim_when_quiet()

    def run_frames(self, count: int, dt: float = 1.0 / FPS) -> None:
        """Run ``count`` frames of ``dt`` seconds each, without a real clock."""
        for _ in range(count):
            self.step(dt)

    def run_until(self, condition: Callable[[], bool], max_frames: int = 600, dt: float = 1.0 / FPS) -> bool:
        """Step until ``condition()`` holds (True) or ``max_frames`` ran out (False)."""
        for _ in range(max_frames):
            if condition():
                return True
            self.step(dt)
        return condition()

    def render(self) -> None:
        """Draw the visible scenes (top down to the first opaque one) and the toasts."""
        if isinstance(self.logical, text_canvas.TextCanvas):
            self.logical.begin_frame()
        self.logical.fill((0, 0, 0))
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for scene in self.stack[max(first, 0) :]:
            scene.draw(self.logical)
        top = self.top
        if top is None:
            self.toasts.draw(self.logical, None, self.mouse_pos)
        else:
            self.toasts.draw(self.logical, top.toast_anchor(), self.mouse_pos, top.toast_avoid())

    def present(self) -> None:
        """Scale the logical surface into the window, letterboxed, its text crisp at the window's scale."""
        self.compose()
        pygame.display.flip()
        if self.first_frame is not None and not self.first_frame.done:
            self._take_first_frame(self.first_frame)

    def _take_first_frame(self, keeper: first_frame.Keeper) -> None:
        """The live menu's first frame is kept for the next start; anything else on it (a notice,
        another screen already) is not the menu as it opens, and nothing is kept."""
        if self.toasts.toasts or self.top is None or not self.top.keeps_first_frame:
            keeper.done = True
        else:
            keeper.take(self.window)

    def keep_first_frame(self) -> None:
        """Write the menu's first frame for the next start, if it changed (once, at rest)."""
        if self.first_frame is not None:
            self.first_frame.keep()

    def compose(self) -> None:
        """Put the logical frame into the window surface (without flipping it onto the screen)."""
        if self.logical is self.window:  # drawn straight into the window (1:1)
            return
        scale, view = self._viewport()
        if view.size == LOGICAL_SIZE and view.topleft == (0, 0):
            self.window.blit(self.logical, (0, 0))
            return
        self.window.fill((0, 0, 0))
        text_canvas.present(self.logical, self.window, scale, view)

    def save_screenshot(self, path: Path | str, *, window: bool = False) -> Path:
        """Render the current frame and save it as an image: the logical surface, or with
        ``window`` what the window shows (scaled, with its crisp text)."""
        self.render()
        if window:
            self.compose()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.window if window else self.logical, str(path))
        return path

    def run(self) -> int:
        """The real main loop: 60 frames a second while anything moves, asleep otherwise.

        SIGTERM, SIGINT, SIGHUP and the window's close button end it whatever screen is up; the
        game in play is kept first.  The window stays open for the caller to close
        (``pygame.quit()``, as ``cli`` does).
        """
        clock = pygame.time.Clock()
        moving = True
        restore = self._catch_signals()
        try:
            while self.running and self.stack:
                try:
                    if self.wants_frames():
                        moving = True
                        self.step(min(clock.tick(FPS) / 1000.0, 0.1))
                    elif moving:
                        moving = False
                        self._settle()
                        self._describe_screen()
                    else:
                        self._rest(clock)
                except Exception as exc:  # noqa: BLE001 - a player's session must survive a bug
                    self.rescue(exc)
                    self._describe_screen()
            self.keep_matches()
            self._close_scenes()
            if self._window_size_changed:  # the size the player dragged the window to, for next time
                self._save_window_size()
        finally:
            restore()
        return self.exit_code

    def _close_scenes(self) -> None:
        """Shut every scene down; one that fails to close does not keep the others open."""
        while self.stack:
            try:
                self.stack.pop().shutdown()
            except Exception:  # noqa: BLE001 - closing anyway
                log.exception("a screen failed to close")

    def _save_window_size(self) -> None:
        try:
            settings_mod.save_settings(self.settings)
        except OSError as exc:
            log.warning("could not save the window size: %s", exc)

    def _catch_signals(self) -> Callable[[], None]:
        """Make SIGTERM, SIGINT and SIGHUP end the loop like the close button; returns the undo."""
        if threading.current_thread() is not threading.main_thread():
            return lambda: None
        previous: dict[int, object] = {}
        for name in ("SIGTERM", "SIGINT", "SIGHUP"):
            number = getattr(signal, name, None)
            if number is not None:
                previous[number] = signal.signal(number, self._on_signal)

        def restore() -> None:
            for number, handler in previous.items():
                signal.signal(number, handler)  # type: ignore[arg-type]

        return restore

    def _on_signal(self, signum: int, _frame: object) -> None:
        log.warning("signal %s: closing, the game in play kept", signum)
        self._signalled = True
        self.running = False

    def _describe_screen(self, only_if_changed: bool = False) -> None:
        """For the real-window test: each time the app comes to rest, append what it rests on (its
        screens, buttons and window) to the file named by ``$CRIMSON_TABLE_SCREEN_LOG``; nothing
        when that is unset.  A ticking screen (a lobby filling up) is described again at rest when
        what it shows changed (``only_if_changed``)."""
        if self._screen_log is None:
            return
        from crimson_table.ui.screen_report import describe

        try:
            text = json.dumps(describe(self), sort_keys=True)
            if only_if_changed and text == self._described:
                return
            self._described = text
            with open(self._screen_log, "a", encoding="utf-8") as out:
                out.write(text + "\n")
        except Exception:  # noqa: BLE001 - a test aid never stops the app
            log.exception("could not describe the screen")


def _game_of(path: Path) -> str | None:
    """The game id a save's header names (None when it cannot be read): for a message only."""
    from crimson_table.play.saves import read_json

    try:
        game = read_json(path).get("game")
    except Exception:  # noqa: BLE001 - a title for a message must never fail
        return None
    return game if isinstance(game, str) else None
