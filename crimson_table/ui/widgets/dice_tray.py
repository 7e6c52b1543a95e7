"""Animated dice (d20s, or d6s with ``sides=6``): they tumble for 700-1000 ms and land on the values the engine rolled.

The engine has already decided every value; the tray only shows it.  The faces flashed during
the tumble are cosmetic.  :class:`DiceTray` is the widget (usable inside a table);
:class:`DiceTrayScene` is the overlay scene that plays it over the table and removes itself.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from crimson_table.ui import artwork
from crimson_table.ui.art.dice import d6_face
from crimson_table.ui.scene import Scene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import Anim
from crimson_table.ui.widgets.buttons import dim, draw_panel
from crimson_table.ui.widgets.theme import FELT_CENTRE, GOLD, PARCHMENT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

TUMBLE_SECONDS = 0.85
HOLD_SECONDS = 0.7
FACE_SECONDS = 0.07
DIE_SIZE = 120


class DiceTray:
    """One or more d20s rolling to fixed values."""

    def __init__(
        self, values: Sequence[int], factor: float = 1.0, labels: Sequence[str] = (), sides: int = 20
    ) -> None:
        self.values = list(values)
        self.sides = sides
        self.labels = list(labels)
        self.tumble = TUMBLE_SECONDS * factor
        self.hold = HOLD_SECONDS * factor
        self.elapsed = 0.0
        rng = random.Random(sum(self.values) * 7919 + len(self.values))
        frames = max(1, int(TUMBLE_SECONDS / FACE_SECONDS))
        self._faces = [[rng.randint(1, sides) for _ in range(frames)] for _ in self.values]
        self._spins = [rng.uniform(540, 900) * rng.choice((-1, 1)) for _ in self.values]

    @property
    def gap(self) -> int:
        """Centre-to-centre distance between two dice."""
        return DIE_SIZE + 60 if self.sides != 6 else DIE_SIZE + 30

    @property
    def landed(self) -> bool:
        """True once the dice show their values."""
        return self.elapsed >= self.tumble

    @property
    def done(self) -> bool:
        """True after the landing has been held long enough to read."""
        return self.elapsed >= self.tumble + self.hold

    def update(self, dt: float) -> None:
        """Advance the tumble."""
        self.elapsed += dt

    def skip(self) -> None:
        """Jump to the end."""
        self.elapsed = self.tumble + self.hold

    def face(self, index: int) -> int:
        """The number die ``index`` shows now."""
        if self.landed or self.tumble <= 0:
            return self.values[index]
        frame = min(len(self._faces[index]) - 1, int(self.elapsed / self.tumble * len(self._faces[index])))
        return self._faces[index][frame]

    def draw(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        """Dice side by side around ``centre``; each rolls in from the left and settles."""
        gap = self.gap
        left = centre[0] - gap * (len(self.values) - 1) / 2
        t = 1.0 if self.tumble <= 0 else min(1.0, self.elapsed / self.tumble)
        ease = 1.0 - (1.0 - t) ** 3
        for i in range(len(self.values)):
            x = left + i * gap - (1.0 - ease) * 220
            y = centre[1] - abs(math.sin(t * math.pi * 3)) * (1.0 - t) * 60
            self._draw_die(surface, i, (x, y), (1.0 - ease) * self._spins[i])
            if i < len(self.labels):
                fonts.blit_text(
                    surface,
                    self.labels[i],
                    fonts.BODY,
                    PARCHMENT,
                    (int(left + i * gap), centre[1] + DIE_SIZE // 2 + 18),
                    anchor="midtop",
                    bold=True,
                    shadow=SHADOW,
                )

    def _draw_die(self, surface: pygame.Surface, index: int, pos: tuple[float, float], angle: float) -> None:
        if self.sides == 6:
            image = d6_face(self.face(index), DIE_SIZE * 3 // 4)
        else:
            image = artwork.d20_face(self.face(index), DIE_SIZE)
        if angle:
            image = pygame.transform.rotozoom(image, angle, 1.0)
        shadow = pygame.Surface((DIE_SIZE, DIE_SIZE // 4), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 90), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(int(pos[0]), int(pos[1]) + DIE_SIZE // 2 + 4)))
        surface.blit(image, image.get_rect(center=(int(pos[0]), int(pos[1]))))
        if self.landed:
            pygame.draw.circle(surface, GOLD, (int(pos[0]), int(pos[1])), DIE_SIZE // 2 + 8, 2)


class DiceTrayScene(Scene):
    """Overlay that rolls dice over the table, then removes itself and calls ``on_done``."""

    help_title = "Dice"
    HELP_KEYS = (("Enter, Space or a click", "Skip the roll"),)

    transparent = True

    def __init__(
        self,
        app: App,
        values: Sequence[int],
        *,
        title: str = "",
        labels: Sequence[str] = (),
        on_done: Callable[[], None] | None = None,
        sides: int = 20,
    ) -> None:
        super().__init__(app)
        self.tray = DiceTray(values, app.duration_factor, labels, sides)
        self.title = title
        self.on_done = on_done
        self._finished = False

    def resume(self) -> None:
        """Start the roll sound."""
        self.app.sound.play("die_roll")

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A click or key skips to the result."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.tray.skip()
            return None
        return event

    def needs_frames(self) -> bool:
        """The dice tumble until they are done."""
        return not self._finished

    def update(self, dt: float) -> None:
        """Roll; remove itself when done."""
        self.tray.update(dt)
        if self.tray.done and not self._finished:
            self._finished = True
            self.app.pop(self)
            if self.on_done is not None:
                self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        """A felt tray in the middle of the table."""
        dim(surface, 90)
        width = max(420, self.tray.gap * len(self.tray.values) + 120)
        rect = pygame.Rect(0, 0, width, 330)
        rect.center = (surface.get_width() // 2 - 160, surface.get_height() // 2)
        draw_panel(surface, rect, fill=FELT_CENTRE, border=GOLD)
        if self.title:
            fonts.blit_text(
                surface,
                self.title,
                fonts.HEADING,
                PARCHMENT,
                (rect.centerx, rect.y + 20),
                anchor="midtop",
                bold=True,
                shadow=SHADOW,
            )
        self.tray.draw(surface, (rect.centerx, rect.centery + 10))


class DiceRollAnim(Anim):
    """Rows of dice tumbling on a felt tray inside a table's choreography beat, landing on the
    engine's values; the faces that score are ringed in gold once they land and ``verdict``
    replaces ``title``.

    ``rows`` are ``(label, values, scoring)``: ``scoring(value)`` says whether a face is a hit;
    ``face(value, size)`` draws a die face (``art.dice.shield_die_face``, ``d6_face``...);
    ``results`` are one line per row shown after landing ("3 hits").
    """

    def __init__(
        self,
        rows: Sequence[tuple[str, Sequence[int], Callable[[int], bool]]],
        centre: tuple[int, int],
        face: Callable[[int, int], pygame.Surface],
        *,
        title: str = "",
        verdict: str = "",
        results: Sequence[str] = (),
        size: int = 54,
        faces: int = 6,
        hold: float = 1.1,
    ) -> None:
        super().__init__(TUMBLE_SECONDS + hold)
        self.rows = [(label, list(values), scoring) for label, values, scoring in rows]
        self.centre, self.face, self.title, self.results = centre, face, title, list(results)
        self.verdict = verdict  # replaces the title once the dice have landed
        self.size = size
        self._tumble_share = TUMBLE_SECONDS / (TUMBLE_SECONDS + hold)
        count = sum(len(v) for _, v, _ in self.rows) or 1
        rng = random.Random(count * 7919 + sum(sum(v) for _, v, _ in self.rows))
        steps = max(1, int(TUMBLE_SECONDS / FACE_SECONDS))
        self._flicker = [[rng.randint(1, faces) for _ in range(steps)] for _ in range(count)]
        self._spins = [rng.uniform(300, 700) * rng.choice((-1, 1)) for _ in range(count)]

    @property
    def landed(self) -> bool:
        """True once every die shows the engine's value."""
        return self.progress >= self._tumble_share

    def _per_row(self) -> int:
        return 12

    def _rect(self) -> pygame.Rect:
        per = self._per_row()
        longest = max([min(per, len(v)) for _, v, _ in self.rows] + [3])
        lines = sum(max(1, math.ceil(len(v) / per)) for _, v, _ in self.rows)
        width = max(460, longest * (self.size + 10) + 250)
        height = 70 + lines * (self.size + 14) + 16 * len(self.rows)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = self.centre
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        """The tray, the title, each row's label, dice and result."""
        rect = self._rect()
        draw_panel(surface, rect, fill=FELT_CENTRE, border=GOLD)
        title = self.verdict if self.verdict and self.landed else self.title
        if title:
            fonts.blit_text(surface, title, 24, PARCHMENT, (rect.centerx, rect.y + 12),
                            anchor="midtop", bold=True, shadow=SHADOW)  # fmt: skip
        t = min(1.0, self.progress / self._tumble_share) if self._tumble_share else 1.0
        y = rect.y + 56
        index = 0
        for row, (label, values, scoring) in enumerate(self.rows):
            fonts.blit_text(surface, label, 18, PARCHMENT, (rect.x + 20, y + self.size // 2 - 11),
                            bold=True, shadow=SHADOW)  # fmt: skip
            for i, value in enumerate(values):
                col, line = i % self._per_row(), i // self._per_row()
                x = rect.x + 150 + col * (self.size + 10) + self.size // 2
                cy = y + line * (self.size + 8) + self.size // 2
                self._die(surface, index, value, scoring(value), (x, cy), t)
                index += 1
            if not values:
                fonts.blit_text(
                    surface, "no dice", 16, PARCHMENT, (rect.x + 150, y + self.size // 2 - 9), italic=True
                )
            if self.landed and row < len(self.results):
                fonts.blit_text(surface, self.results[row], 20, GOLD, (rect.right - 20, y + self.size // 2 - 12),
                                anchor="topright", bold=True, shadow=SHADOW)  # fmt: skip
            y += max(1, math.ceil(len(values) / self._per_row())) * (self.size + 8) + 22

    def _die(
        self, surface: pygame.Surface, index: int, value: int, hit: bool, pos: tuple[int, int], t: float
    ) -> None:
        ease = 1.0 - (1.0 - t) ** 3
        if t < 1.0:
            flicker = self._flicker[index]
            shown = flicker[min(len(flicker) - 1, int(t * len(flicker)))]
            image = pygame.transform.rotozoom(
                self.face(shown, self.size), (1.0 - ease) * self._spins[index], 1.0
            )
            pos = (
                pos[0] - round((1.0 - ease) * 60),
                pos[1] - round(abs(math.sin(t * math.pi * 3)) * (1 - t) * 24),
            )
        else:
            image = self.face(value, self.size)
        surface.blit(image, image.get_rect(center=pos))
        if t >= 1.0 and hit:
            pygame.draw.rect(surface, GOLD, pygame.Rect(0, 0, self.size + 6, self.size + 6).move(
                pos[0] - self.size // 2 - 3, pos[1] - self.size // 2 - 3), 3, border_radius=12)  # fmt: skip
