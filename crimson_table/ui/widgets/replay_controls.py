"""The replay's controls, drawn in the log column under the log.

A timeline (click or drag anywhere on it to jump there), the transport buttons (to the start,
one back, play/pause, one on, to the end), the speed, whose eyes the table is seen through,
"Play on from here", the statistics, the open log (every seat's lines, once the match is over)
and Close.  The widget only draws and hit-tests; the replay
(``ui/tables/replay.py``) tells it where the cursor is and gets the callbacks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.theme import GOLD, GOLD_LIGHT, INK, PARCHMENT, STONE

WIDTH = 320
HEIGHT = 268
SPEEDS = (0.5, 1.0, 2.0, 4.0)


@dataclass
class ReplayCallbacks:
    """What the buttons do (each a function of no arguments, but ``seek`` and ``viewer``)."""

    seek: Callable[[int], None]
    start: Callable[[], None]
    back: Callable[[], None]
    play: Callable[[], None]
    forward: Callable[[], None]
    end: Callable[[], None]
    speed: Callable[[], None]
    viewer: Callable[[], None]
    branch: Callable[[], None]
    stats: Callable[[], None]
    open_log: Callable[[], None]
    close: Callable[[], None]


class ReplayControls:
    """The controls' geometry, buttons and drawing; ``rect`` is the column's bottom part."""

    def __init__(self, callbacks: ReplayCallbacks, screen: tuple[int, int] = (1600, 900)) -> None:
        self.callbacks = callbacks
        self.rect = pygame.Rect(screen[0] - WIDTH, screen[1] - HEIGHT, WIDTH, HEIGHT)
        self.step, self.length = 0, 0
        self.playing = False
        self.speed = 1.0
        self.viewer_name = ""
        self.dragging = False
        x, y = self.rect.x + 14, self.rect.y
        small = fonts.SMALL
        transport = (("|<", callbacks.start), ("<", callbacks.back), ("Play", callbacks.play),
                     (">", callbacks.forward), (">|", callbacks.end))  # fmt: skip
        widths = (44, 44, 88, 44, 44)
        self.transport: list[Button] = []
        bx = x
        for (label, action), width in zip(transport, widths, strict=True):
            self.transport.append(
                Button((bx, y + 92, width, 40), label, action, kind="secondary", size=small)
            )
            bx += width + 6
        self.play_button = self.transport[2]
        self.speed_button = Button((x, y + 142, 88, 40), "1×", callbacks.speed, kind="secondary", size=small)
        self.viewer_button = Button(
            (x + 96, y + 142, 196, 40), "", callbacks.viewer, kind="secondary", size=small
        )
        self.branch_button = Button((x, y + 192, 292, 40), "Play on from here", callbacks.branch, size=small)
        row = y + 234
        self.stats_button = Button((x, row, 96, 30), "Statistics", callbacks.stats, kind="gold", size=14)
        self.open_button = Button(
            (x + 100, row, 100, 30), "Open log", callbacks.open_log, kind="secondary", size=14
        )
        self.close_button = Button(
            (x + 204, row, 88, 30), "Close", callbacks.close, kind="secondary", size=14
        )
        self.buttons = [*self.transport, self.speed_button, self.viewer_button, self.branch_button]
        self.buttons += [self.stats_button, self.open_button, self.close_button]

    @property
    def timeline(self) -> pygame.Rect:
        """The bar that stands for the whole match, start at the left."""
        return pygame.Rect(self.rect.x + 22, self.rect.y + 58, WIDTH - 44, 14)

    def show(
        self,
        step: int,
        length: int,
        playing: bool,
        speed: float,
        viewer_name: str,  # the viewer button's text: "Seen by Anna", "Spectator", "All hands open"
        open_log: bool | None = None,
    ) -> None:
        """Bring the labels up to date with the replay (``open_log``: None while the recorded match is
        not over, so every seat's log lines cannot be opened yet)."""
        self.open_button.enabled = open_log is not None
        self.open_button.text = "Own log" if open_log else "Open log"
        self.step, self.length, self.playing, self.speed = step, length, playing, speed
        self.viewer_name = viewer_name
        self.play_button.text = "Pause" if playing else "Play"
        self.speed_button.text = f"{speed:g}×"
        self.viewer_button.text = viewer_name[:24]
        for button in self.transport[:2]:
            button.enabled = step > 0
        for button in self.transport[3:]:
            button.enabled = step < length
        self.play_button.enabled = step < length or playing

    def step_at(self, x: int) -> int:
        """The step the timeline stands for at ``x``."""
        bar = self.timeline
        fraction = (x - bar.x) / max(1, bar.width)
        return round(max(0.0, min(1.0, fraction)) * self.length)

    def knob_x(self) -> int:
        """Where the cursor's knob sits on the timeline."""
        bar = self.timeline
        return bar.x + round(bar.width * self.step / max(1, self.length))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Buttons, then the timeline (press and drag); None when the controls took the event."""
        for button in self.buttons:
            if button.handle_event(event) is None:
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.timeline.inflate(16, 20).collidepoint(event.pos):
                self.dragging = True
                self.callbacks.seek(self.step_at(event.pos[0]))
                return None
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.callbacks.seek(self.step_at(event.pos[0]))
            return None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return None
        if hasattr(event, "pos") and self.rect.collidepoint(event.pos) and event.type != pygame.MOUSEMOTION:
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        """The column's bottom: a title, the timeline, the buttons."""
        pygame.draw.rect(surface, INK, self.rect)
        pygame.draw.line(surface, GOLD, self.rect.topleft, self.rect.bottomleft, 2)
        pygame.draw.line(
            surface, GOLD, (self.rect.x + 14, self.rect.y), (self.rect.right - 14, self.rect.y), 1
        )
        x = self.rect.x + 14
        fonts.blit_text(surface, "Replay", fonts.BODY, GOLD_LIGHT, (x, self.rect.y + 10), bold=True)
        where = "the deal" if self.step == 0 else f"move {self.step} of {self.length}"
        fonts.blit_text(
            surface,
            where,
            fonts.SMALL,
            PARCHMENT,
            (self.rect.right - 14, self.rect.y + 13),
            anchor="topright",
        )
        bar = self.timeline
        pygame.draw.rect(surface, (0x3A, 0x33, 0x2B), bar, border_radius=7)
        done = bar.copy()
        done.width = max(0, self.knob_x() - bar.x)
        if done.width:
            pygame.draw.rect(surface, GOLD, done, border_radius=7)
        pygame.draw.rect(surface, STONE, bar, 1, border_radius=7)
        pygame.draw.circle(surface, PARCHMENT, (self.knob_x(), bar.centery), 10)
        pygame.draw.circle(surface, GOLD, (self.knob_x(), bar.centery), 10, 2)
        for button in self.buttons:
            button.draw(surface)
