"""The map of Italy on the Condottiere table: tiles, regions, markers, tokens and hit tests.

The Tiled map (``maps/condottiere_italy.tmx``) is shown through the shared
:class:`~crimson_table.ui.widgets.tiled_map.TiledBoard` (tiles, region tints and hit tests); this
module adds what is Condottiere's own: the name plates, control markers, the Condottiere and Pope
tokens and where they sit, the glow style and the hover card.  Every position here is in logical
1600x900 coordinates.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from crimson_table.engine.condottiere.board import MAP_FILE
from crimson_table.resources import map_path
from crimson_table.ui.art.emblems import emblem
from crimson_table.ui.art.palette import darken
from crimson_table.ui.widgets import badge, fonts
from crimson_table.ui.widgets.drop_zone import pulse
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, INK, PARCHMENT, PARCHMENT_LIGHT, STONE
from crimson_table.ui.widgets.tiled_map import TiledBoard

Point = tuple[float, float]
MARKER_SIZE = 30
TOKEN_SIZE = 38
LABEL_SIZE = 15


@lru_cache(maxsize=64)
def _label(title: str, strong: bool) -> pygame.Surface:
    """A region's name on a small parchment plate."""
    text = fonts.render(title, LABEL_SIZE, INK, bold=True)
    plate = pygame.Surface((text.get_width() + 14, text.get_height() + 2), pygame.SRCALPHA)
    rect = plate.get_rect()
    pygame.draw.rect(plate, (*(PARCHMENT_LIGHT if strong else PARCHMENT), 235), rect, border_radius=8)
    pygame.draw.rect(
        plate, GOLD if strong else (*darken(STONE, 0.3), 200), rect, 2 if strong else 1, border_radius=8
    )
    plate.blit(text, (7, 1))
    return plate


@lru_cache(maxsize=8)
def condottiere_token(size: int) -> pygame.Surface:
    """The Condottiere token: a captain's helmet on a crimson disc in a gold rim."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(out, (0, 0, 0, 90), (c + 1, c + 2), c - 1)
    pygame.draw.circle(out, GOLD, (c, c), c - 2)
    pygame.draw.circle(out, INK, (c, c), c - 2, 2)
    pygame.draw.circle(out, CRIMSON, (c, c), c - 5)
    art = emblem("knight", int(size * 0.78))
    out.blit(art, art.get_rect(center=(round(c), round(c))))
    return out


@lru_cache(maxsize=8)
def pope_token(size: int) -> pygame.Surface:
    """The Favor of the Pope: a white disc with the mitre in a gold rim."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(out, (0, 0, 0, 90), (c + 1, c + 2), c - 1)
    pygame.draw.circle(out, GOLD, (c, c), c - 2)
    pygame.draw.circle(out, INK, (c, c), c - 2, 2)
    pygame.draw.circle(out, PARCHMENT_LIGHT, (c, c), c - 5)
    art = emblem("bishop", int(size * 0.7))
    out.blit(art, art.get_rect(center=(round(c), round(c))))
    return out


# -- the view ------------------------------------------------------------------------------------------


GLOW_EDGE = (0x8A, 0x5A, 0x00)  # the edge of a region a click may choose


class MapView(TiledBoard):
    """The map of Italy scaled into ``rect``: its pieces and labels, drawn in Condottiere's style."""

    BORDER = (*darken(STONE, 0.45), 170)

    def __init__(self, rect: pygame.Rect) -> None:
        super().__init__(str(map_path(MAP_FILE)), rect)

    def title(self, key: str) -> str:
        """The region's name for players."""
        return self.data.regions[key].title

    def marker_spot(self, key: str) -> Point:
        """Where a region's control marker sits (under its name)."""
        ax, ay = self.anchors[key]
        return (ax, ay + 22)

    def token_spot(self, key: str) -> Point:
        """Where the Condottiere token sits on a region: beside its name (right, else left, else
        above or below that side), on the first spot that covers no region's name."""
        ax, ay = self.anchors[key]
        half = _label(self.title(key), True).get_width() / 2 + TOKEN_SIZE / 2 + 4
        spots = [(ax + half, ay - 2), (ax - half, ay - 2), (ax + half, ay - 24), (ax + half, ay + 22)]
        spots += [(ax - half, ay - 24), (ax - half, ay + 22), (ax, ay - 32)]  # the Pope is never here
        return next((spot for spot in spots if not self._covers_a_label(spot)), spots[0])

    def _covers_a_label(self, spot: Point) -> bool:
        token = pygame.Rect(0, 0, TOKEN_SIZE, TOKEN_SIZE)
        token.center = (round(spot[0]), round(spot[1]))
        for key in self.keys:
            plate = _label(self.title(key), True).get_rect()
            plate.center = (round(self.anchors[key][0]), round(self.anchors[key][1]))
            if plate.colliderect(token):
                return True
        return False

    def pope_spot(self, key: str) -> Point:
        """Where the Favor of the Pope sits on a region (above its name)."""
        ax, ay = self.anchors[key]
        return (ax, ay - 27)

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(
        self, surface: pygame.Surface, marks: dict[str, Any], time_s: float, based: bool = False
    ) -> None:
        """The map with its marks: ``control`` {key: seat}, ``glow`` (legal keys), ``hover``,
        ``battle`` and ``pope`` keys, ``hidden_markers`` / ``hide_token`` / ``hide_pope`` for
        pieces that are still flying (``based``: the tiles are on ``surface`` already, :meth:`base_layer`)."""
        if not based:
            self.draw_base(surface)
        control: dict[str, int] = marks.get("control", {})
        for key, seat in control.items():
            self.fill(surface, key, seat, badge.patterned(), alpha=118)
        self._draw_highlights(surface, marks, time_s)
        pygame.draw.rect(surface, INK, self.rect.inflate(4, 4), 4, border_radius=4)
        pygame.draw.rect(surface, GOLD, self.rect, 2)
        self._draw_labels(surface, marks)
        hidden = marks.get("hidden_markers", set())
        for key, seat in control.items():
            if key not in hidden:
                surface.blit(*_centred(badge.player_badge(seat, MARKER_SIZE), self.marker_spot(key)))
        if marks.get("pope") and not marks.get("hide_pope"):
            surface.blit(*_centred(pope_token(TOKEN_SIZE), self.pope_spot(marks["pope"])))
        if marks.get("battle") and not marks.get("hide_token"):
            surface.blit(*_centred(condottiere_token(TOKEN_SIZE), self.token_spot(marks["battle"])))

    def _draw_highlights(self, surface: pygame.Surface, marks: dict[str, Any], time_s: float) -> None:
        hover, battle = marks.get("hover"), marks.get("battle")
        keys = set(marks.get("glow", ())) | ({battle} if battle else set())
        if hover:
            keys |= {hover, *self.neighbours(hover)}
        if not keys:
            return
        area = self._area(keys)  # only the part the marks cover is cleared and blended
        overlay = self._overlay
        overlay.fill((0, 0, 0, 0), area)
        strength = pulse(time_s)
        for key in sorted(
            marks.get("glow", ())
        ):  # dark gold edges: light gold alone vanishes on the parchment
            pygame.draw.polygon(overlay, (*GOLD, int(60 + 70 * strength)), self.polygons[key])
            pygame.draw.polygon(overlay, (*GLOW_EDGE, 255), self.polygons[key], 5)
            pygame.draw.polygon(overlay, (*GOLD_LIGHT, 255), self.polygons[key], 2)
        if battle:
            pygame.draw.polygon(overlay, (*CRIMSON, 70), self.polygons[battle])
            pygame.draw.polygon(overlay, (*CRIMSON, 255), self.polygons[battle], 4)
        if hover:
            for key in self.neighbours(hover):
                pygame.draw.polygon(overlay, (255, 255, 255, 28), self.polygons[key])
                pygame.draw.polygon(overlay, (*PARCHMENT_LIGHT, 170), self.polygons[key], 2)
            pygame.draw.polygon(overlay, (255, 255, 255, 60), self.polygons[hover])
            pygame.draw.polygon(overlay, (*PARCHMENT_LIGHT, 255), self.polygons[hover], 4)
        surface.blit(overlay, (self.rect.x + area.x, self.rect.y + area.y), area)

    def _draw_labels(self, surface: pygame.Surface, marks: dict[str, Any]) -> None:
        strong = {marks.get("hover"), marks.get("battle")} | set(marks.get("glow", ()))
        for key in self.keys:
            plate = _label(self.title(key), key in strong)
            surface.blit(*_centred(plate, self.anchors[key]))

    def draw_hover_card(self, surface: pygame.Surface, key: str, owner: str, pos: tuple[int, int]) -> None:
        """The hovered region's name, holder and neighbours in a small panel near the cursor."""
        names = ", ".join(self.title(n) for n in self.neighbours(key))
        lines = fonts.wrap(f"Neighbours: {names}", fonts.font(15), 250)
        width = 274
        height = 58 + 20 * len(lines)
        box = pygame.Rect(pos[0] + 18, pos[1] + 18, width, height)
        if box.right > self.rect.right - 6:
            box.right = pos[0] - 18
        if box.bottom > self.rect.bottom - 6:
            box.bottom = pos[1] - 18
        box.clamp_ip(self.rect.inflate(-8, -8))
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*INK, 228), veil.get_rect(), border_radius=10)
        surface.blit(veil, box)
        pygame.draw.rect(surface, GOLD, box, 2, border_radius=10)
        fonts.blit_text(surface, self.title(key), fonts.BODY, GOLD_LIGHT, (box.x + 12, box.y + 6), bold=True)
        fonts.blit_text(surface, owner, 15, PARCHMENT, (box.x + 12, box.y + 34), italic=True)
        for i, line in enumerate(lines):
            fonts.blit_text(surface, line, 15, PARCHMENT, (box.x + 12, box.y + 54 + 20 * i))


def _centred(image: pygame.Surface, centre: Point) -> tuple[pygame.Surface, pygame.Rect]:
    return image, image.get_rect(center=(round(centre[0]), round(centre[1])))
