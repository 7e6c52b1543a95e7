"""Action targets and their glow: where on the table an action is about, drawn in ART.md's style.

The contract every table keeps (hints, the keyboard focus and the tutorials build on it; it is
stable):

* ``scene.action_rects(action) -> list[pygame.Rect]``: where the card(s), slot, region or button
  ``action`` is about are drawn *now*, in logical screen coordinates (1600x900).  Every table
  implements it (``BaseGameScene`` answers ``[]``).  A card played somewhere gives the card and
  the place; a button decision gives its button.  A table answers ``[]`` only for an action it
  draws nowhere at the moment (a button on another page, say); :func:`target_rects` then falls
  back to the caption plate (see below), so every legal action has somewhere to glow.
* ``scene.glow(actions, style, caption="", sticky=False)`` glows the targets of ``actions`` in one
  ``style`` until ``scene.clear_glow(style)`` (``clear_glow()`` clears every style).  Styles:
  ``"hint"`` (a steady gold glow: the suggested move), ``"focus"`` (a parchment ring with a
  pointer: the keyboard's focused action), ``"tutorial"`` (gold glow with a crimson edge: what a
  tutorial step asks for).  ``caption`` is one line drawn on a parchment plate just above the
  first target (below it near the top edge; at the top of the table when nothing has a rect):
  the hint's explanation, the focused action's label.  The plate steps aside (the shortest way,
  ``widgets/clearance.py``) from what ``scene.caption_avoid()`` keeps on show: the kept battle
  result, the hands, the other plates.  A glow that is not ``sticky``
  disappears by itself once the position changes (``match.step``).
* The glow is steady (no pulse), so an idle table with a glow showing stays cool.
* Fallback: an action with no on-screen rect glows as the caption plate itself, which then shows
  the action's label when no caption was given (``plate_rect``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from crimson_table.engine.core import Action
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.clearance import nearest_clear
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, INK, PARCHMENT, PARCHMENT_LIGHT

STYLES = ("hint", "focus", "tutorial")
SCREEN = pygame.Rect(0, 0, 1600, 900)
PLATE_TOP = 12
PLATE_HEIGHT = 44

RectsFor = Callable[[Action], list[pygame.Rect]]


@dataclass(frozen=True)
class Glow:
    """Some actions' targets glowing in one style, with an optional caption line."""

    actions: tuple[Action, ...]
    style: str = "hint"
    caption: str = ""
    sticky: bool = False
    step: int = -1  # the match step it was made at (a non-sticky glow ends when the step changes)


def on_screen(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The rects that show at least partly on the screen (clipped to it), non-empty ones only."""
    out = []
    for rect in rects:
        clipped = pygame.Rect(rect).clip(SCREEN)
        if clipped.width > 0 and clipped.height > 0:
            out.append(clipped)
    return out


def target_rects(rects_for: RectsFor, action: Action) -> list[pygame.Rect]:
    """The table's on-screen rects for ``action`` ([] means: glow the caption plate instead)."""
    try:
        return on_screen(rects_for(action))
    except (KeyError, IndexError, ValueError):  # a target the shown table no longer holds
        return []


def spot_rect(point: tuple[float, float], size: tuple[int, int] = (124, 58)) -> pygame.Rect:
    """A region's target: a rect of ``size`` around a point inside it (its name, usually)."""
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(point[0]), round(point[1]))
    return rect


def plate_rect(
    text: str,
    table: pygame.Rect,
    top: int = PLATE_TOP,
    near: pygame.Rect | None = None,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where the caption plate of ``text`` is drawn, inside the table: beside the target ``near``
    towards the table's middle when it sits in the table's outer thirds (a column of buttons keeps
    its neighbours visible), else just above it (below it when there is no room above); without a
    target, centred at the top (at ``top``).  From there it moves the shortest way off ``avoid``."""
    return nearest_clear(_first_place(text, table, top, near), avoid, table.inflate(-12, -12))


def _first_place(text: str, table: pygame.Rect, top: int, near: pygame.Rect | None) -> pygame.Rect:
    width = fonts.font(fonts.BODY).size(text)[0] + 48 if text else 240
    box = pygame.Rect(0, 0, min(width, table.width - 24), PLATE_HEIGHT)
    if near is None:
        box.midtop = (table.centerx, top)
        return box
    inner = table.inflate(-12, -12)
    third = table.width / 3
    beside = near.centerx > table.right - third or near.centerx < table.x + third
    if near.centerx > table.right - third:
        box.midright = (near.x - 18, near.centery)
    else:
        box.midleft = (near.right + 18, near.centery)
    if beside and inner.contains(box):
        return box
    box.midbottom = (near.centerx, near.y - 18)
    if box.y < table.y + 6:
        box.midtop = (near.centerx, near.bottom + 12)
    return box.clamp(inner)


def draw_glow(
    surface: pygame.Surface,
    glow: Glow,
    rects_for: RectsFor,
    table: pygame.Rect,
    top: int = PLATE_TOP,
    avoid: list[pygame.Rect] | None = None,
) -> int:
    """Paint one glow: every target of its actions, then its caption plate at ``top`` (clear of
    ``avoid``, to which the plate is added for the next glow); returns where a next plate would go."""
    missing: list[Action] = []
    shown: list[pygame.Rect] = []
    for action in glow.actions:
        rects = target_rects(rects_for, action)
        if not rects:
            missing.append(action)
        shown += rects
        for rect in rects:
            _draw_target(surface, rect, glow.style)
    caption = glow.caption or " / ".join(a.label for a in missing)
    if not caption:
        return top
    near = shown[0] if shown and not missing else None
    keep = avoid if avoid is not None else []
    box = draw_plate(surface, caption, table, glow.style, bool(missing), top, near, keep)
    keep.append(box)
    return box.bottom + 8 if near is None else top


def _draw_target(surface: pygame.Surface, rect: pygame.Rect, style: str) -> None:
    if style == "focus":
        ring = rect.inflate(14, 14)
        pygame.draw.rect(surface, INK, ring.inflate(4, 4), 2, border_radius=14)
        pygame.draw.rect(surface, PARCHMENT_LIGHT, ring, 4, border_radius=12)
        tip = (ring.centerx, ring.y - 2)
        pygame.draw.polygon(
            surface, PARCHMENT_LIGHT, [(tip[0] - 10, tip[1] - 14), (tip[0] + 10, tip[1] - 14), tip]
        )
        pygame.draw.polygon(surface, INK, [(tip[0] - 10, tip[1] - 14), (tip[0] + 10, tip[1] - 14), tip], 1)
        return
    halo = pygame.Surface((rect.width + 28, rect.height + 28), pygame.SRCALPHA)
    for i in range(4):
        alpha = int(70 * (4 - i) / 4)
        pygame.draw.rect(
            halo, (*GOLD, alpha), halo.get_rect().inflate(-i * 6, -i * 6), 4, border_radius=22 - i * 3
        )
    fill = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(fill, (*GOLD, 48), fill.get_rect(), border_radius=10)
    surface.blit(halo, (rect.x - 14, rect.y - 14))
    surface.blit(fill, rect.topleft)
    edge = CRIMSON if style == "tutorial" else GOLD_LIGHT
    pygame.draw.rect(surface, edge, rect.inflate(4, 4), 3, border_radius=12)


def draw_plate(
    surface: pygame.Surface,
    text: str,
    table: pygame.Rect,
    style: str = "hint",
    outlined: bool = False,
    top: int = PLATE_TOP,
    near: pygame.Rect | None = None,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """One line on a parchment plate by its target, or at the top of the table, clear of ``avoid``
    (gold border; crimson for a tutorial)."""
    first = _first_place(text, table, top, near)
    box = nearest_clear(first, avoid, table.inflate(-12, -12))
    image = fonts.render(text, fonts.BODY, INK, bold=style != "focus")
    if image.get_width() > box.width - 24:
        image = fonts.render(text, fonts.SMALL, INK, bold=style != "focus")
    pygame.draw.rect(surface, PARCHMENT, box, border_radius=12)
    pygame.draw.rect(surface, CRIMSON if style == "tutorial" else GOLD, box, 2, border_radius=12)
    if outlined:
        pygame.draw.rect(surface, GOLD_LIGHT, box.inflate(8, 8), 3, border_radius=16)
    if near is not None and box == first:  # a small pointer towards its target (unless moved away)
        points = _pointer(box, near)
        pygame.draw.polygon(surface, PARCHMENT, points)
        pygame.draw.lines(
            surface, CRIMSON if style == "tutorial" else GOLD, False, points[:1] + points[2:] + points[1:2], 2
        )
    surface.blit(image, image.get_rect(center=box.center))
    return box


def _pointer(box: pygame.Rect, near: pygame.Rect) -> list[tuple[int, int]]:
    """The three corners of the plate's pointer: on the side that faces its target."""
    if near.x >= box.right or near.right <= box.x:  # beside: a pointer left or right
        tip_x, base_x = (box.right + 10, box.right) if near.x >= box.right else (box.x - 10, box.x)
        y = max(box.y + 12, min(box.bottom - 12, near.centery))
        return [(base_x, y - 9), (base_x, y + 9), (tip_x, y)]
    tip_y, base_y = (box.bottom + 10, box.bottom) if near.y >= box.bottom else (box.y - 10, box.y)
    x = max(box.x + 16, min(box.right - 16, near.centerx))
    return [(x - 9, base_y), (x + 9, base_y), (x, tip_y)]


class Glows:
    """The glows a table shows now, one per style (what ``BaseGameScene.glow`` keeps)."""

    def __init__(self) -> None:
        self.by_style: dict[str, Glow] = {}
        self.plates: list[pygame.Rect] = []  # the caption plates as last drawn

    def set(self, glow: Glow) -> None:
        """Show ``glow`` (replacing the glow of its style)."""
        if glow.style not in STYLES:
            raise ValueError(f"unknown glow style {glow.style!r} (one of {', '.join(STYLES)})")
        self.by_style[glow.style] = glow

    def clear(self, style: str | None = None) -> None:
        """Clear one style's glow, or every glow."""
        if style is None:
            self.by_style.clear()
        else:
            self.by_style.pop(style, None)

    def expire(self, step: int) -> None:
        """Drop the non-sticky glows made at another step than ``step``."""
        for style, glow in list(self.by_style.items()):
            if not glow.sticky and glow.step != step:
                del self.by_style[style]

    def get(self, style: str) -> Glow | None:
        """The glow of ``style``, if one shows."""
        return self.by_style.get(style)

    def draw(
        self,
        surface: pygame.Surface,
        rects_for: RectsFor,
        table: pygame.Rect,
        avoid: Sequence[pygame.Rect] = (),
    ) -> None:
        """Paint the glows: tutorial, then hint, then the keyboard focus on top; their caption
        plates cover nothing of ``avoid`` nor one another."""
        top = PLATE_TOP
        keep = list(avoid)
        for style in ("tutorial", "hint", "focus"):
            glow = self.by_style.get(style)
            if glow is not None:
                top = draw_glow(surface, glow, rects_for, table, top, keep)
        self.plates = keep[len(avoid) :]
