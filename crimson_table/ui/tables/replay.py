"""Replay mode: the game's real table shows a recorded match, with time-travel controls.

:class:`ReplayScene` is a transparent overlay pushed over the game's own table scene, built on
a :class:`~crimson_table.play.replay.ReplayCursor`'s match (the recorded match cut at the
cursor; states shared, never recomputed).  The table is told it is in replay mode
(``BaseGameScene.replay``): no bots, no curtain, no autosave, no game-over screen, no gestures.
Stepping on hands the step's events to the table as in play, so they animate redacted for the
chosen seat (``match.events_for``); stepping back or jumping resets the table on the new
position (``resync`` from the chosen view).  "Seen by …" cycles through whose eyes: each seat
(its ``player_view``), "Spectator" (``player_view(state, None)``: what every seat may know, every
hand face down, events redacted for no seat) and, once the recorded match is over, "All hands
open" (the engine's ``open_view`` of each step, allowed by the recorded game's end; events as a
spectator reads them, every seat's log lines).  "Open log" shows every seat's private log lines
(what each drew, kept or hid) of a finished match whoever the table is seen by.

Keys: Left/Right one step, Home/End, Space play/pause, Esc closes.  A click on a log line jumps
to just after that line's move.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from crimson_table.play import saves
from crimson_table.play.match import Match, Seat
from crimson_table.play.replay import ReplayCursor
from crimson_table.ui.scene import Scene
from crimson_table.ui.sight import ALL_OPEN, SEAT_SIGHT, SPECTATOR
from crimson_table.ui.tables import scene_class_for
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.widgets.anim import Animator
from crimson_table.ui.widgets.replay_controls import HEIGHT, SPEEDS, ReplayCallbacks, ReplayControls

if TYPE_CHECKING:
    from crimson_table.ui.app import App

STEP_SECONDS = 1.2  # between two moves at speed 1, once the table has caught up


class ReplayScene(Scene):
    """The controls over a table in replay mode; :func:`open_replay` pushes both."""

    transparent = True
    help_title = "Replay"
    HELP_KEYS = (
        ("Left / Right", "One move back / on"),
        ("Home / End", "To the deal / to the last move"),
        ("Space", "Play or pause"),
        ("Click a log line", "Jump to just after that move"),
        ("Esc", "Close the replay"),
    )

    def __init__(
        self,
        app: App,
        source: Match,
        step: int | None = None,
        viewer: int | None = None,
        sight: str = SEAT_SIGHT,
    ) -> None:
        super().__init__(app)
        self.cursor = ReplayCursor(source, step)
        self.speed = 1.0
        self.playing = False
        self.wait = 0.0
        self.table: BaseGameScene = scene_class_for(source.game_id)(app, self.cursor.match)
        self.table.replay = self
        self.table.open_final = source.state if self.cursor.finished else None
        self.table.anim = Animator(lambda: self.app.duration_factor / self.speed)
        self.table.log_panel.collapsed = False
        self.table.log_panel.footer = HEIGHT
        self.controls = ReplayControls(
            ReplayCallbacks(
                seek=self.jump, start=lambda: self.jump(0), back=self.back, play=self.toggle_play,
                forward=self.forward, end=lambda: self.jump(self.cursor.length), speed=self.next_speed,
                viewer=self.next_viewer, branch=self.ask_branch, stats=self.open_stats,
                open_log=self.toggle_open_log, close=self.close,
            )
        )  # fmt: skip
        if viewer is not None or sight != SEAT_SIGHT:
            self.set_viewer(0 if viewer is None else viewer, sight)
        self._show()

    # -- moving the cursor ------------------------------------------------------------------------
    def forward(self) -> None:
        """One move on, animated for the viewer as in play."""
        self.table.settle()
        events = self.cursor.forward()
        if events:
            self.table.pending_events.append(events)
            self.table.view = self.table.sight_view()
        self._show()

    def back(self) -> None:
        """One move back."""
        self.jump(self.cursor.step - 1)

    def jump(self, step: int) -> None:
        """Show the position after ``step`` moves at once (a reset of the table, as after undo)."""
        self.table.anim.finish_all()  # what moves ends where the move it showed left it, first
        self.table.ui_anim.finish_all()
        self.cursor.seek(step)
        self.table.show_reset()
        self.wait = 0.0
        self._show()

    def toggle_play(self) -> None:
        """Play or pause; playing from the end starts again from the deal."""
        if not self.playing and self.cursor.at_end:
            self.jump(0)
        self.playing = not self.playing
        self.wait = 0.0
        self._show()

    def next_speed(self) -> None:
        """The next speed (0.5×, 1×, 2×, 4×, around)."""
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)] if self.speed in SPEEDS else 1.0
        self._show()

    # -- whose eyes -------------------------------------------------------------------------------------
    def sights(self) -> list[tuple[int, str]]:
        """Whose eyes the table may be seen through, in the button's order: each seat, a spectator
        (seat 0's place), and all hands open once the recorded match is over."""
        out = [(seat, SEAT_SIGHT) for seat in range(len(self.cursor.source.seats))]
        out.append((0, SPECTATOR))
        if self.cursor.finished:
            out.append((0, ALL_OPEN))
        return out

    def set_viewer(self, seat: int, sight: str = SEAT_SIGHT) -> None:
        """See the table as ``seat`` saw it (its view, its log lines), as a spectator, or with all
        hands open (a finished match only; refused otherwise)."""
        if sight == ALL_OPEN and not self.cursor.finished:
            raise ValueError("all hands are shown open only in the replay of a finished match")
        self.table.settle()
        self.table._set_viewer(seat, sight)
        if self.cursor.finished:
            self.table.log_panel.set_open_all(sight == ALL_OPEN)
        self._show()

    def next_viewer(self) -> None:
        """The next eyes: the next seat, the spectator, all hands open (finished), around."""
        sights = self.sights()
        now = (self.table.viewer_seat, self.table.sight)
        index = sights.index(now) if now in sights else -1
        self.set_viewer(*sights[(index + 1) % len(sights)])

    def viewer_label(self) -> str:
        """The viewer button's text."""
        if self.table.sight == SPECTATOR:
            return "Spectator"
        if self.table.sight == ALL_OPEN:
            return "All hands open"
        return f"Seen by {self.cursor.source.seats[self.table.viewer_seat].name}"

    def toggle_open_log(self) -> None:
        """Once the recorded match is over: every seat's private log lines (what each drew and kept),
        or the viewer's own again.  The table still shows the viewer's view."""
        panel = self.table.log_panel
        panel.set_open_all(self.cursor.finished and not panel.open_all)
        self._show()

    # -- leaving ----------------------------------------------------------------------------------------
    def close(self) -> None:
        """Back to where the replay was opened from."""
        self.app.pop(self.table)

    def ask_branch(self) -> None:
        """Choose the seats for a match that plays on from the move shown."""
        self.playing = False
        self.app.open("branch", source=self.cursor.source, step=self.cursor.step, on_start=self.branch)

    def branch(self, seats: list[Seat]) -> Match:
        """Start the branched match on its table; it is saved at once as a match of its own."""
        match = self.cursor.branch(seats)
        path = branch_path(match)
        try:
            match.save(path)
        except OSError as exc:
            self.app.toast(f"The new match could not be saved ({exc.strerror or exc})")
        self.app.start_match(match)
        self.app.toast(f"Playing on from move {match.step}: saved as {saves.display_name(path)}", "info", 5.0)
        return match

    def open_stats(self) -> None:
        """The statistics of the match up to the move shown, as the viewer saw it (the spectator's and
        all hands open: as a spectator saw it)."""
        self.playing = False
        self.app.open(
            "stats", match=self.cursor.match, viewer=self.table.knows, palette_of=self.table.seat_colour
        )

    # -- the scene ------------------------------------------------------------------------------------
    def _show(self) -> None:
        open_log = self.table.log_panel.open_all if self.cursor.finished else None
        label = self.viewer_label()
        self.controls.show(self.cursor.step, self.cursor.length, self.playing, self.speed, label, open_log)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Controls and keys first; log lines jump; the table only sees the mouse moving (hovers)."""
        if self.controls.handle_event(event) is None:
            self._show()
            return None
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return None
        panel = self.table.log_panel
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and panel.rect.collidepoint(event.pos):
            index = panel.entry_at(event.pos)
            if index is not None:
                self.jump(self.cursor.step_of_event(index))
            return None
        if event.type == pygame.MOUSEWHEEL:
            return panel.handle_event(event)
        if event.type == pygame.MOUSEMOTION and not any(event.buttons):
            self.table.handle_event(event)
        return None

    def _key(self, event: pygame.event.Event) -> None:
        keys = {
            pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.back, pygame.K_SPACE: self.toggle_play,
            pygame.K_HOME: lambda: self.jump(0), pygame.K_END: lambda: self.jump(self.cursor.length),
            pygame.K_ESCAPE: self.close,
        }  # fmt: skip
        action = keys.get(event.key)
        if action is not None:
            action()

    def update(self, dt: float) -> None:
        """The table's animations, then the next move when playing."""
        self.table.update(dt)
        if not self.playing or not self.table.settled:
            return
        self.wait += dt
        if self.wait < STEP_SECONDS * max(0.25, self.app.duration_factor) / self.speed:
            return
        self.wait = 0.0
        self.forward()
        if self.cursor.at_end:
            self.playing = False
            self._show()

    def needs_frames(self) -> bool:
        """Frames while playing or while the table animates."""
        return self.playing or self.table.needs_frames()

    def draw(self, surface: pygame.Surface) -> None:
        """The controls over the log column's footer (the table is drawn below by the app)."""
        self.controls.draw(surface)


def open_replay(
    app: App, source: Match, step: int | None = None, viewer: int | None = None, sight: str = SEAT_SIGHT
) -> ReplayScene:
    """Push the game's table in replay mode and its controls; Close returns to the scene below.
    ``sight``: SPECTATOR or (a finished match) ALL_OPEN to open the replay seen that way."""
    replay = ReplayScene(app, source, step, viewer, sight)
    app.push(replay.table)
    app.push(replay)
    return replay


def branch_path(match: Match) -> Path:
    """A new file in the saves folder for a branched match (a named save, not an autosave)."""
    return saves.stamped_path(f"{match.game_id}_branch")
