"""The chapter map: the kingdom as ``maps/campaign.tmx`` paints it, with the chronicle on it.

The map's tile layer is drawn once, scaled into the left of the screen; over it go the chapters
(a locked chapter lies under a veil saying how many stars open it), the roads (the map's path
polylines) and one marker per encounter: gold with its stars when completed, crimson when
available, grey with a lock when locked.  Clicking a marker shows the encounter in the panel on
the right: its rival, game and conditions, best stars, and "Meet the rival".  The panel also
holds the chronicle's renown and the look chooser (the card backs and tables it has unlocked).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from crimson_table.campaign import store
from crimson_table.campaign.chronicle_map import Campaign, Encounter
from crimson_table.campaign.looks import LOOKS, looks_of
from crimson_table.campaign.progress import AVAILABLE, COMPLETED, Chronicle
from crimson_table.campaign.renown import rules_in_words
from crimson_table.campaign.rivals import RIVALS
from crimson_table.engine import GAMES
from crimson_table.ui.scene import Scene
from crimson_table.ui.screens.campaign_match import MUTED, RivalIntroScene, conditions, draw_stars
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_DARK, GOLD_LIGHT, INK, PARCHMENT, SHADOW, STONE

if TYPE_CHECKING:
    from crimson_table.ui.app import App

MAP_RECT = pygame.Rect(24, 96, 1152, 692)  # the 1280 x 768 map at 0.9
PANEL = pygame.Rect(1200, 96, 376, 780)
MARKER_R = 25


@lru_cache(maxsize=2)
def map_picture(path: str, size: tuple[int, int]) -> pygame.Surface:
    """The map's painted tile layers, scaled to ``size`` (cached: drawn once per map file)."""
    from crimson_table.ui.widgets.tiled_map import tile_image

    return pygame.transform.smoothscale(tile_image(path), size)


class ChapterMapScene(Scene):
    """One chronicle on the kingdom's map."""

    def __init__(self, app: App, campaign: Campaign, chronicle: Chronicle) -> None:
        super().__init__(app)
        self.campaign, self.chronicle = campaign, chronicle
        self.scale = MAP_RECT.width / campaign.size[0]
        self.selected = self._first_available()
        self.hovered: str | None = None
        x = PANEL.x + 20
        self.play_button = Button(
            (x, 796, PANEL.width - 40, 60), "Meet the rival", self.meet, hotkey=pygame.K_RETURN
        )
        self.back_button = Button((24, 812, 240, 60), "Chronicles", self.app_pop, kind="secondary")
        self.back_look = Button(
            (x, 668, PANEL.width - 40, 40), "", lambda: self.cycle("back"), kind="secondary", size=fonts.SMALL
        )
        self.table_look = Button(
            (x, 716, PANEL.width - 40, 40),
            "",
            lambda: self.cycle("table"),
            kind="secondary",
            size=fonts.SMALL,
        )
        self.buttons = [self.play_button, self.back_button, self.back_look, self.table_look]
        self._refresh()

    # -- state -------------------------------------------------------------------------------------
    def _first_available(self) -> str:
        keys = list(self.campaign.encounters)
        held = self.chronicle.match
        if held is not None and held.get("encounter") in self.campaign.encounters:
            return str(held["encounter"])
        return next((k for k in keys if self.chronicle.status(self.campaign, k) == AVAILABLE), keys[0])

    def _refresh(self) -> None:
        status = self.chronicle.status(self.campaign, self.selected)
        resuming = self._resuming()
        self.play_button.text = (
            "Resume the match" if resuming else "Meet the rival" if status != COMPLETED else "Play again"
        )
        self.play_button.enabled = (status != "locked" or resuming) and not self._held_elsewhere()
        self.back_look.text = f"Card back: {self._look_label('back')}  ›"
        self.table_look.text = f"Table: {self._look_label('table')}  ›"
        self.back_look.enabled = bool(looks_of("back", self.chronicle.unlocked))
        self.table_look.enabled = bool(looks_of("table", self.chronicle.unlocked))

    def _held_elsewhere(self) -> bool:
        """Ironman: a match in play elsewhere must be finished first (no walking away from it)."""
        held = self.chronicle.match
        return self.chronicle.ironman and held is not None and held.get("encounter") != self.selected

    def _resuming(self) -> bool:
        held = self.chronicle.match
        return held is not None and held.get("encounter") == self.selected

    def _look_label(self, kind: str) -> str:
        token = self.chronicle.back if kind == "back" else self.chronicle.table
        return LOOKS[token].label if token in LOOKS else "the game's own"

    def pause(self) -> None:
        """A match or an introduction opens over the map: its picture (3 MB) goes until the map shows."""
        map_picture.cache_clear()

    def shutdown(self) -> None:
        """Back to the chronicles: the map's picture goes."""
        map_picture.cache_clear()

    def resume(self) -> None:
        """Back from a match or an introduction: the chronicle may have moved on."""
        from crimson_table.ui import artwork

        artwork.set_look(None, None)
        if self.chronicle.status(self.campaign, self.selected) == COMPLETED and not self._resuming():
            self.selected = self._first_available() if self.chronicle.match is None else self.selected
        self._refresh()

    # -- actions -----------------------------------------------------------------------------------
    def app_pop(self) -> None:
        """Back to the chronicle slots."""
        self.app.pop(self)

    def meet(self) -> None:
        """The selected encounter's rival introduces themselves."""
        resume = self._resuming()
        if self._held_elsewhere() or (
            not resume and self.chronicle.status(self.campaign, self.selected) == "locked"
        ):
            return
        self.app.push(RivalIntroScene(self.app, self.campaign, self.chronicle, self.selected, resume))

    def cycle(self, kind: str) -> None:
        """The next unlocked card back (or table), then back to the game's own."""
        tokens = ["", *(f"{kind}:{look.key}" for look in looks_of(kind, self.chronicle.unlocked))]
        current = self.chronicle.back if kind == "back" else self.chronicle.table
        nxt = tokens[(tokens.index(current) + 1) % len(tokens)] if current in tokens else ""
        if kind == "back":
            self.chronicle.back = nxt
        else:
            self.chronicle.table = nxt
        try:
            store.save(self.chronicle)
        except OSError as exc:
            self.app.toast(f"The chronicle could not be saved ({exc.strerror or exc})")
        self._refresh()

    def marker_at(self, pos: tuple[int, int]) -> str | None:
        """The encounter whose marker is under ``pos``."""
        for key, enc in self.campaign.encounters.items():
            x, y = self.to_screen(enc.centre)
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (MARKER_R + 4) ** 2:
                return key
        return None

    def to_screen(self, point: tuple[float, float]) -> tuple[int, int]:
        """Map pixels -> logical pixels."""
        return (round(MAP_RECT.x + point[0] * self.scale), round(MAP_RECT.y + point[1] * self.scale))

    def select(self, key: str) -> None:
        """Show ``key`` in the panel."""
        self.selected = key
        self._refresh()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Buttons, markers (hover, click), Esc back."""
        for button in self.buttons:
            if button.handle_event(event) is None:
                return None
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.marker_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            key = self.marker_at(event.pos)
            if key is not None:
                self.select(key)
                return None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app_pop()
            return None
        return event

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Title, the map with chapters, roads and markers, the panel."""
        surface.fill((0x1A, 0x13, 0x0E))
        fonts.blit_text(
            surface, self.campaign.title, 44, GOLD_LIGHT, (MAP_RECT.x, 22), bold=True, shadow=SHADOW
        )
        tags = [
            t for t, on in (("Ironman", self.chronicle.ironman), ("Veteran", self.chronicle.veteran)) if on
        ]
        subtitle = f"The chronicle of {self.chronicle.name}" + (f" · {' · '.join(tags)}" if tags else "")
        fonts.blit_text(
            surface, subtitle, fonts.BODY, PARCHMENT, (MAP_RECT.right, 40), anchor="topright", italic=True
        )
        surface.blit(map_picture(self.campaign.path, MAP_RECT.size), MAP_RECT)
        self._draw_chapters(surface)
        self._draw_roads(surface)
        for key, enc in self.campaign.encounters.items():
            self._draw_marker(surface, enc, key == self.selected, key == self.hovered)
        pygame.draw.rect(surface, GOLD, MAP_RECT.inflate(6, 6), 3, border_radius=4)
        self._draw_panel(surface)
        for button in self.buttons:
            button.draw(surface)

    def _chapter_rect(self, rect: tuple[float, float, float, float]) -> pygame.Rect:
        x, y = self.to_screen((rect[0], rect[1]))
        box = pygame.Rect(x, y, round(rect[2] * self.scale), round(rect[3] * self.scale))
        return box.clip(MAP_RECT)

    def _draw_chapters(self, surface: pygame.Surface) -> None:
        for key, chapter in self.campaign.chapters.items():
            box = self._chapter_rect(chapter.rect)
            open_ = self.chronicle.chapter_open(self.campaign, key)
            if not open_:
                veil = pygame.Surface(box.size, pygame.SRCALPHA)
                veil.fill((0x1A, 0x13, 0x0E, 150))
                surface.blit(veil, box)
            label = fonts.render(chapter.label, fonts.SMALL + 2, INK if open_ else PARCHMENT, bold=True)
            top = chapter.rect[1] <= 0  # a chapter at the map's top edge is named there, others at their foot
            anchor = (
                {"midtop": (box.centerx, box.y + 12)}
                if top
                else {"midbottom": (box.centerx, box.bottom - 12)}
            )
            tag = label.get_rect(**anchor).inflate(20, 8)
            pygame.draw.rect(surface, PARCHMENT if open_ else (0x3A, 0x33, 0x2B), tag, border_radius=6)
            pygame.draw.rect(surface, GOLD if open_ else STONE, tag, 2, border_radius=6)
            surface.blit(label, label.get_rect(center=tag.center))
            if not open_:
                note = f"Opens at {chapter.stars} stars"
                fonts.blit_text(surface, note, fonts.SMALL, GOLD_LIGHT, (box.centerx, tag.bottom + 6), anchor="midtop",
                                bold=True, shadow=SHADOW)  # fmt: skip

    def _draw_roads(self, surface: pygame.Surface) -> None:
        for path in self.campaign.paths:
            pts = [self.to_screen(p) for p in path.points]
            won = self.chronicle.best(path.start) > 0
            colour = (0x6A, 0x3C, 0x1E) if won else (0x8A, 0x7A, 0x62)
            pygame.draw.lines(surface, (0xF4, 0xEA, 0xCF), False, pts, 9 if won else 7)
            _dashed(surface, colour, pts, 5 if won else 3, dash=14 if won else 8)

    def _draw_marker(self, surface: pygame.Surface, enc: Encounter, selected: bool, hovered: bool) -> None:
        from crimson_table.ui.art.emblems import emblem
        from crimson_table.ui.art.games import back_crest

        centre = self.to_screen(enc.centre)
        status = self.chronicle.status(self.campaign, enc.key)
        fill = {COMPLETED: GOLD, AVAILABLE: CRIMSON}.get(status, (0x5A, 0x55, 0x4C))
        ring = GOLD_LIGHT if selected or hovered else (GOLD_DARK if status != "locked" else STONE)
        if selected:
            pygame.draw.circle(surface, GOLD_LIGHT, centre, MARKER_R + 8, 3)
        pygame.draw.circle(surface, SHADOW, (centre[0] + 2, centre[1] + 3), MARKER_R)
        pygame.draw.circle(surface, fill, centre, MARKER_R)
        pygame.draw.circle(surface, ring, centre, MARKER_R, 3)
        icon = emblem(back_crest(enc.game), 34)
        if status == "locked":
            icon = pygame.transform.grayscale(icon)
            icon.set_alpha(120)
        surface.blit(icon, icon.get_rect(center=centre))
        if status == "locked":
            _padlock(surface, (centre[0] + 17, centre[1] + 17))
        if status == COMPLETED:
            back = pygame.Rect(0, 0, 64, 22)
            back.midtop = (centre[0], centre[1] + MARKER_R + 2)
            pygame.draw.rect(surface, (0x2B, 0x1D, 0x14), back, border_radius=10)
            draw_stars(surface, back.center, self.chronicle.best(enc.key), 8)
        if self.chronicle.match is not None and self.chronicle.match.get("encounter") == enc.key:
            fonts.blit_text(surface, "in play", 14, GOLD_LIGHT, (centre[0], centre[1] - MARKER_R - 18), anchor="midtop",
                            bold=True, shadow=SHADOW)  # fmt: skip

    def _draw_panel(self, surface: pygame.Surface) -> None:
        from crimson_table.ui.art.portraits import portrait

        draw_panel(surface, PANEL)
        x, y = PANEL.x + 24, PANEL.y + 18
        total = 3 * len(self.campaign.encounters)
        fonts.blit_text(
            surface, f"Renown {self.chronicle.stars} of {total}", fonts.BODY, INK, (x, y), bold=True
        )
        star = [(p[0] + PANEL.right - 40, p[1] + y + 12) for p in _unit_star(12)]
        pygame.draw.polygon(surface, GOLD, star)
        pygame.draw.polygon(surface, GOLD_DARK, star, 2)
        pygame.draw.line(surface, GOLD, (x, y + 40), (PANEL.right - 24, y + 40), 1)
        enc = self.campaign.encounters[self.selected]
        rival = RIVALS[enc.rival]
        y += 54
        fonts.blit_text(surface, enc.label, fonts.HEADING - 4, CRIMSON, (x, y), bold=True)
        y += 40
        surface.blit(portrait(rival.portrait, (110, 134)), (x, y))
        fonts.blit_text(surface, rival.name, fonts.BODY, INK, (x + 126, y + 6), bold=True)
        face = fonts.font(fonts.SMALL, italic=True)
        for i, line in enumerate(fonts.wrap(rival.epithet, face, PANEL.width - 180)[:2]):
            surface.blit(face.render(line, True, MUTED), (x + 126, y + 36 + i * 22))
        status = self.chronicle.status(self.campaign, enc.key)
        if status == COMPLETED:
            draw_stars(surface, (x + 186, y + 108), self.chronicle.best(enc.key), 13)
        else:
            note = "Available" if status == AVAILABLE else "Locked"
            fonts.blit_text(
                surface,
                note,
                fonts.SMALL + 1,
                CRIMSON if status == AVAILABLE else STONE,
                (x + 126, y + 96),
                bold=True,
            )
        y += 148
        for line in conditions(enc, self.chronicle)[:5]:
            pygame.draw.circle(surface, GOLD_DARK, (x + 4, y + 10), 3)
            for part in fonts.wrap(line, fonts.font(fonts.SMALL), PANEL.width - 60)[:2]:
                fonts.blit_text(surface, part, fonts.SMALL, INK, (x + 14, y))
                y += 22
        face = fonts.font(14, italic=True)
        for part in fonts.wrap(rules_in_words(enc.game), face, PANEL.width - 48)[:3]:
            surface.blit(face.render(part, True, MUTED), (x, y + 8))
            y += 20
        y += 8
        if self._held_elsewhere() or (status == "locked" and not self._resuming()):
            why = self.chronicle.why_locked(self.campaign, enc.key)
            if self._held_elsewhere():
                why = "Ironman: finish the match in play first."
            for part in fonts.wrap(why, fonts.font(fonts.SMALL, italic=True), PANEL.width - 48)[:2]:
                fonts.blit_text(surface, part, fonts.SMALL, CRIMSON, (x, y + 6), italic=True)
                y += 22
        pygame.draw.line(surface, GOLD, (x, 628), (PANEL.right - 24, 628), 1)
        fonts.blit_text(surface, "Your look at the table", fonts.SMALL + 1, INK, (x, 638), bold=True)


def _unit_star(r: float) -> list[tuple[float, float]]:
    from crimson_table.ui.screens.campaign_match import star_points

    return star_points((0, 0), r)


def _padlock(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    x, y = centre
    pygame.draw.arc(surface, PARCHMENT, (x - 6, y - 12, 12, 14), 0, 3.1416, 3)
    body = pygame.Rect(x - 8, y - 5, 16, 12)
    pygame.draw.rect(surface, PARCHMENT, body, border_radius=2)
    pygame.draw.rect(surface, INK, body, 1, border_radius=2)
    pygame.draw.circle(surface, INK, (x, y + 1), 2)


def _dashed(
    surface: pygame.Surface, colour: tuple[int, int, int], pts: list[tuple[int, int]], width: int, dash: int
) -> None:
    """A dashed polyline (a road on an old map)."""
    carry = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        t = carry
        while t < length:
            a, b = t / length, min(length, t + dash) / length
            pygame.draw.line(
                surface,
                colour,
                (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                width,
            )
            t += dash * 1.8
        carry = t - length


def game_title(game_id: str) -> str:
    """A game's title for the panel."""
    return GAMES.info(game_id).title
