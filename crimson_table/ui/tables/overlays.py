"""What the base table draws over every game's table: the kept results and "… is thinking".

* :func:`draw_results`: the lines of the latest battle, reveal or round end, on a parchment plate
  at the table's ``result_anchor()``, kept until the next human decision (with fast or
  no animation a result must not flash past);
* :func:`draw_waiting`: a pill at the top of the table naming the seat the table waits for (a
  computer that thinks, online a person elsewhere), with its badge and three dots that count time.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.theme import GOLD, INK, PARCHMENT, SHADOW
from crimson_table.ui.widgets.toast import UNDER_POINTER_ALPHA

if TYPE_CHECKING:
    from crimson_table.ui.tables.base import BaseGameScene

RESULT_PAD = 20  # the result plate's side margin
THINKING_TOP, THINKING_H = 12, 48  # the "… is thinking" pill's band at the top of the table


def draw_results(scene: BaseGameScene, surface: pygame.Surface) -> pygame.Rect | None:
    """The kept result lines (the last one bold), centred on the table's result anchor, wrapped to
    and kept inside the table's ``result_bounds()``; returns the plate (None without results).
    Under the pointer the plate all but clears, as a notice does: what it covers stays in reach."""
    lines = scene.result_lines()
    if not lines:
        return None
    bounds = scene.result_bounds()
    width = max(120, bounds.width - 2 * RESULT_PAD)
    images: list[pygame.Surface] = []
    for i, line in enumerate(lines):
        bold = i == len(lines) - 1
        for part in _wrapped(line, bold, width):
            images.append(fonts.render(part, fonts.BODY, INK, bold=bold))
    box = pygame.Rect(
        0, 0, max(i.get_width() for i in images) + 2 * RESULT_PAD, sum(i.get_height() for i in images) + 24
    )
    box.center = scene.result_anchor()
    box.clamp_ip(bounds)
    if box.collidepoint(scene.app.mouse_pos):  # the pointer sees through, to the regions or cards below
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        _paint_plate(plate, plate.get_rect(), images)
        plate.set_alpha(UNDER_POINTER_ALPHA)
        surface.blit(plate, box)
    else:
        _paint_plate(surface, box, images)
    return box


def _paint_plate(surface: pygame.Surface, box: pygame.Rect, images: list[pygame.Surface]) -> None:
    pygame.draw.rect(surface, PARCHMENT, box, border_radius=10)
    pygame.draw.rect(surface, GOLD, box, 2, border_radius=10)
    y = box.y + 12
    for image in images:
        surface.blit(image, (box.centerx - image.get_width() // 2, y))
        y += image.get_height()


@lru_cache(maxsize=64)
def _wrapped(line: str, bold: bool, width: int) -> tuple[str, ...]:
    """A result line broken to ``width`` (the same lines are drawn every frame they are kept)."""
    return tuple(fonts.wrap(line, fonts.font(fonts.BODY, bold=bold), width)) or (line,)


def draw_waiting(
    scene: BaseGameScene, surface: pygame.Surface, seat: int | None, text: str, *, ongoing: bool = True
) -> None:
    """ "<text>…" with the seat's badge (none: about the table itself), at the top centre of the
    table: "Anna is thinking…", online "Waiting for Ben…"; a note about something over (``ongoing``
    False: "The host closed the table") has no dots."""
    dots = "." * (1 + int(scene.app.clock_time * 3) % 3) if ongoing else ""
    image = fonts.render(f"{text}{dots}", fonts.BODY, PARCHMENT, italic=True, shadow=SHADOW)
    left = 52 if seat is not None else 32
    box = pygame.Rect(0, 0, image.get_width() + left + 32, THINKING_H)
    box.midtop = scene.waiting_anchor()
    veil = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (*INK, 200), veil.get_rect(), border_radius=24)
    surface.blit(veil, box)
    pygame.draw.rect(surface, GOLD, box, 1, border_radius=24)
    if seat is not None:
        surface.blit(player_badge(scene.seat_colour(seat), 30), (box.x + 12, box.y + 9))
    surface.blit(image, (box.x + left, box.y + 10))
