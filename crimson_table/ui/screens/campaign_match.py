"""An encounter of the chronicle at the table: the rival's introduction, the match, the results.

:func:`launch` starts (or resumes) the encounter's :class:`~crimson_table.campaign.encounters.CampaignMatch`,
applies the chronicle's look (card back, table), and opens the game's own table scene over the
chapter map, with ``ending`` set so that the end of the match opens :class:`CampaignResultScene`
instead of the game-over screen.  The results record the stars in the chronicle, save it, and
lead back to the map (or to a retry after a loss).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from crimson_table.ai.registry import LEVEL_NAMES
from crimson_table.campaign import store
from crimson_table.campaign.chronicle_map import Campaign, Encounter
from crimson_table.campaign.encounters import (
    CampaignMatch,
    automaton_name,
    encounter_options,
    keeper_for,
    resume_match,
    rival_level,
    start_match,
)
from crimson_table.campaign.looks import LOOKS, describe
from crimson_table.campaign.progress import Chronicle, Result
from crimson_table.campaign.renown import renown, rules_in_words
from crimson_table.campaign.rivals import RIVALS
from crimson_table.engine import GAMES
from crimson_table.engine.registry import BUILTIN_GAMES
from crimson_table.play.saves import SaveError
from crimson_table.ui import artwork
from crimson_table.ui.scene import Scene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button, centred_row, dim, draw_banner, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_DARK, GOLD_LIGHT, INK, PARCHMENT, STONE

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.tables.base import BaseGameScene

MUTED = (0x5C, 0x55, 0x4A)
LOOK_PREVIEW_GAME = BUILTIN_GAMES[0]  # a card-back look is shown on this game's back field
INTRO_PANEL = pygame.Rect(60, 60, 1480, 700)  # the rival's introduction; its buttons centre under it


# -- small shared drawings ---------------------------------------------------------------------------
def star_points(centre: tuple[float, float], outer: float) -> list[tuple[float, float]]:
    """The ten points of a five-pointed star."""
    x, y = centre
    pts = []
    for k in range(10):
        r = outer if k % 2 == 0 else outer * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((x + r * math.cos(a), y + r * math.sin(a)))
    return pts


def draw_stars(
    surface: pygame.Surface, centre: tuple[int, int], earned: int, size: float, gap: float = 0
) -> None:
    """Three stars side by side, ``earned`` of them gold, the rest hollow."""
    step = size * 2.2 + gap
    for i in range(3):
        c = (centre[0] + (i - 1) * step, centre[1])
        pts = star_points(c, size)
        if i < earned:
            pygame.draw.polygon(surface, GOLD_LIGHT, pts)
            pygame.draw.polygon(surface, GOLD_DARK, pts, max(1, int(size / 8)))
        else:
            pygame.draw.polygon(surface, (0x3A, 0x33, 0x2B), pts)
            pygame.draw.polygon(surface, STONE, pts, max(1, int(size / 10)))


def conditions(encounter: Encounter, chronicle: Chronicle) -> list[str]:
    """The encounter's conditions in words: who plays, at what level, with which options."""
    info = GAMES.info(encounter.game)
    rival = RIVALS[encounter.rival]
    lines = [info.title]
    if encounter.solo_mode:
        lines.append(f"Solo game against {automaton_name(encounter.game)}, as the rulebook plays it")
    else:
        level = LEVEL_NAMES.get(rival_level(encounter, chronicle.veteran), "?")
        others = encounter.players - 1
        names = list(rival.members[:others])
        who = (
            rival.name
            if others == 1
            else f"{', '.join(names[:-1])} and {names[-1]}"
            if len(names) == others
            else f"{others} of {rival.name}"
        )
        lines.append(f"Against {who} · computer level {level}")
    options = encounter_options(encounter, chronicle.veteran)
    for spec in info.options:
        if spec.name in options and (spec.name in encounter.options or options[spec.name] != spec.default):
            lines.append(f"{spec.label}: {spec.label_of(options[spec.name])}")
    if chronicle.veteran:
        lines.append("Veteran: the rival one step harder")
    return lines


def look_of(
    chronicle: Chronicle,
) -> tuple[tuple[tuple[int, int, int], str] | None, tuple[tuple[int, int, int], bool] | None]:
    """The chronicle's chosen card back and table as ``artwork.set_look`` takes them."""
    back = LOOKS.get(chronicle.back)
    table = LOOKS.get(chronicle.table)
    return (
        (back.colour, back.crest) if back is not None else None,
        (table.colour, table.walnut) if table is not None else None,
    )


# -- launching -------------------------------------------------------------------------------------------
def launch(
    app: App, campaign: Campaign, chronicle: Chronicle, key: str, resume: bool = False
) -> Scene | None:
    """Open the table of encounter ``key`` (a new match, or the one in progress when ``resume``)."""
    from crimson_table.ui.tables import scene_class_for

    try:
        match = resume_match(chronicle) if resume else None
    except SaveError as exc:
        app.show_error(
            "The match in progress cannot be resumed", f"{exc.problem}. A new match starts instead."
        )
        chronicle.match, match = None, None
    if match is None:
        match = start_match(campaign, chronicle, key)
    match.keeper = keeper_for(chronicle)
    try:
        match.keeper(match)  # the attempt and the new match are on disk before the first move
    except OSError as exc:
        app.toast(f"The chronicle could not be saved ({exc.strerror or exc})")
    artwork.set_look(*look_of(chronicle))
    table = scene_class_for(match.game_id)(app, match)
    table.ending = lambda app_, scene: CampaignResultScene(app_, scene, campaign, chronicle)
    return app.push(table)


# -- the rival's introduction -------------------------------------------------------------------------
class RivalIntroScene(Scene):
    """Who the rival is, what they say, the conditions and the stakes; then to the table."""

    def __init__(
        self, app: App, campaign: Campaign, chronicle: Chronicle, key: str, resume: bool = False
    ) -> None:
        super().__init__(app)
        self.campaign, self.chronicle, self.key, self.resume_match = campaign, chronicle, key, resume
        self.encounter = campaign.encounters[key]
        self.rival = RIVALS[self.encounter.rival]
        label = "Resume the match" if resume else "To the table"
        back, go = centred_row([340, 340], INTRO_PANEL.centerx, 786, 64)
        self.buttons = [
            Button(go, label, self.go, hotkey=pygame.K_RETURN),
            Button(back, "Back to the map", self.back, kind="secondary"),
        ]

    def go(self) -> None:
        """Close the introduction and open the table."""
        app = self.app
        app.pop(self)
        launch(app, self.campaign, self.chronicle, self.key, self.resume_match)

    def back(self) -> None:
        """Return to the chapter map."""
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Buttons; Esc goes back."""
        for button in self.buttons:
            if button.handle_event(event) is None:
                return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        """Portrait on the left, the rival's words and the conditions on the right."""
        from crimson_table.ui.art.portraits import portrait

        surface.fill((0x1A, 0x13, 0x0E))
        panel = INTRO_PANEL
        draw_panel(surface, panel)
        draw_banner(
            surface, pygame.Rect(panel.x + 40, panel.y + 28, panel.width - 80, 68), self.encounter.label, 40
        )
        picture = portrait(self.rival.portrait, (340, 410))
        surface.blit(picture, (panel.x + 60, panel.y + 130))
        plate = pygame.Rect(panel.x + 60, panel.y + 556, 340, 96)
        pygame.draw.rect(surface, CRIMSON, plate, border_radius=8)
        pygame.draw.rect(surface, GOLD, plate, 2, border_radius=8)
        fonts.blit_text(
            surface, self.rival.name, 30, PARCHMENT, (plate.centerx, plate.y + 14), anchor="midtop", bold=True
        )
        fonts.blit_text(surface, self.rival.epithet, fonts.SMALL + 2, PARCHMENT, (plate.centerx, plate.y + 56),
                        anchor="midtop", italic=True)  # fmt: skip
        self._draw_words(surface, pygame.Rect(panel.x + 460, panel.y + 130, panel.width - 520, 540))
        for button in self.buttons:
            button.draw(surface)

    def _draw_words(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        y = box.y
        face = fonts.font(24, italic=True)
        for line in fonts.wrap(self.rival.intro, face, box.width):
            surface.blit(face.render(line, True, INK), (box.x, y))
            y += 34
        y += 24
        fonts.blit_text(surface, "The conditions", fonts.HEADING, CRIMSON, (box.x, y), bold=True)
        y += 44
        for line in conditions(self.encounter, self.chronicle):
            pygame.draw.circle(surface, GOLD_DARK, (box.x + 8, y + 13), 5)
            fonts.blit_text(surface, line, fonts.BODY, INK, (box.x + 26, y))
            y += 32
        y += 20
        fonts.blit_text(surface, "The stakes", fonts.HEADING, CRIMSON, (box.x, y), bold=True)
        y += 44
        fonts.blit_text(
            surface,
            rules_in_words(self.encounter.game),
            fonts.SMALL + 1,
            MUTED,
            (box.x, y),
            italic=True,
        )
        y += 36
        best = self.chronicle.best(self.key)
        fonts.blit_text(surface, "Best so far" if best else "Renown to win", fonts.BODY, INK, (box.x, y + 4))
        draw_stars(surface, (box.x + 230, y + 16), best, 15)
        first = [describe(t) for t in self.encounter.unlocks] if not best else []
        if first:
            fonts.blit_text(
                surface, "A first win unlocks " + ", ".join(first), fonts.BODY, INK, (box.x + 330, y + 4)
            )
        if self.chronicle.ironman:
            fonts.blit_text(
                surface, "Ironman: no undo, one save.", fonts.BODY, CRIMSON, (box.x, y + 44), bold=True
            )


# -- the results -------------------------------------------------------------------------------------
class CampaignResultScene(Scene):
    """Over the finished table: stars by margin of victory, what opened, then the map or a retry."""

    transparent = True

    def __init__(self, app: App, game: BaseGameScene, campaign: Campaign, chronicle: Chronicle) -> None:
        super().__init__(app)
        self.game, self.campaign, self.chronicle = game, campaign, chronicle
        match = game.match
        self.key = match.encounter if isinstance(match, CampaignMatch) else ""
        self.encounter = campaign.encounters[self.key]
        self.rival = RIVALS[self.encounter.rival]
        earned = renown(match.rules, match.state)
        self.result: Result = chronicle.record(campaign, self.encounter, earned.stars, earned.margin)
        try:
            store.save(chronicle)
        except OSError as exc:
            app.toast(f"The chronicle could not be saved ({exc.strerror or exc})")
        self.panel = pygame.Rect(0, 0, 900, 490 + 40 * min(5, self._extra_lines()))
        self.panel.center = (800, 450)
        self.buttons = self._buttons()

    def _extra_lines(self) -> int:
        return (
            len(self.result.unlocked)
            + len(self.result.chapters_opened)
            + (2 if self.result.chronicle_won else 0)
        )

    def _buttons(self) -> list[Button]:
        y = self.panel.bottom - 92
        if not self.result.won:
            left, right = centred_row([360, 360], self.panel.centerx, y, 60, gap=60)
            return [
                Button(left, "Try again", self.retry),
                Button(right, "Back to the map", self.to_map, kind="secondary"),
            ]
        if self.chronicle.best(self.key) >= 3:  # nothing left to win here: the map alone, centred
            (alone,) = centred_row([360], self.panel.centerx, y, 60)
            return [Button(alone, "Back to the map", self.to_map, hotkey=pygame.K_RETURN)]
        left, right = centred_row([360, 360], self.panel.centerx, y, 60, gap=60)
        return [
            Button(right, "Back to the map", self.to_map, hotkey=pygame.K_RETURN),
            Button(left, "Play again for more stars", self.retry, kind="secondary"),
        ]

    def resume(self) -> None:
        """A victory sting for a win."""
        if self.result.won:
            self.app.sound.play("victory")

    def to_map(self) -> None:
        """Leave the table for the chapter map (its own look again)."""
        artwork.set_look(None, None)
        self.app.pop(self.game)

    def retry(self) -> None:
        """Leave the table and deal the encounter again (a new attempt, a new seed)."""
        app, campaign, chronicle, key = self.app, self.campaign, self.chronicle, self.key
        app.pop(self.game)
        launch(app, campaign, chronicle, key)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The buttons; nothing reaches the finished table."""
        for button in self.buttons:
            if button.handle_event(event) is None:
                return None
        return None if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) else event

    def draw(self, surface: pygame.Surface) -> None:
        """The panel: headline, the rival's line, stars and margin, unlocks, buttons."""
        panel, result = self.panel, self.result
        dim(surface, 170)
        draw_panel(surface, panel)
        title = "Victory" if result.won else "Defeat"
        draw_banner(
            surface,
            pygame.Rect(panel.x + 40, panel.y + 28, panel.width - 80, 72),
            f"{title} — {self.encounter.label}",
            36,
        )
        y = panel.y + 122
        face = fonts.font(fonts.BODY + 2, italic=True)
        for line in fonts.wrap(self.rival.win if result.won else self.rival.loss, face, panel.width - 160)[
            :3
        ]:
            image = face.render(line, True, INK)
            surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
            y += 30
        draw_stars(surface, (panel.centerx, y + 62), result.stars, 40, gap=14)
        fonts.blit_text(
            surface,
            result.margin,
            fonts.HEADING - 2,
            INK,
            (panel.centerx, y + 120),
            anchor="midtop",
            bold=True,
        )
        y += 166
        best = self.chronicle.best(self.key)
        note = f"Best in this encounter: {best} of 3 · renown {self.chronicle.stars} stars"
        fonts.blit_text(surface, note, fonts.BODY, MUTED, (panel.centerx, y), anchor="midtop")
        self._draw_unlocks(surface, y + 44)
        for button in self.buttons:
            button.draw(surface)

    def _draw_unlocks(self, surface: pygame.Surface, y: int) -> None:
        result, panel = self.result, self.panel
        lines: list[tuple[str, str | None]] = [
            (f"{self.campaign.chapters[k].label} is open", None) for k in result.chapters_opened
        ]
        lines += [(f"Unlocked — {describe(t)}", t) for t in result.unlocked]
        if result.chronicle_won:
            lines.append(("The chronicle is written: Veteran difficulty awaits a new chronicle", None))
        for text, token in lines[:5]:
            rect = pygame.Rect(panel.x + 90, y, panel.width - 180, 34)
            pygame.draw.rect(surface, (0xF6, 0xEC, 0xCF), rect, border_radius=6)
            pygame.draw.rect(surface, GOLD, rect, 1, border_radius=6)
            if token is not None:
                _swatch(surface, token, pygame.Rect(rect.x + 8, rect.y + 4, 38, 26))
            fonts.blit_text(
                surface, text, fonts.SMALL + 2, INK, (rect.x + 58, rect.centery), anchor="midleft", bold=True
            )
            y += 40


def _swatch(surface: pygame.Surface, token: str, rect: pygame.Rect) -> None:
    """A small picture of a look: the card back itself, or a piece of the cloth."""
    from crimson_table.ui.art import cards, table

    look = LOOKS[token]
    if look.kind == "back":
        image = cards.render_back(LOOK_PREVIEW_GAME, 1.0, look.colour, look.crest)
        image = pygame.transform.smoothscale(image, (rect.height * 5 // 7, rect.height))
        surface.blit(image, image.get_rect(center=rect.center))
        return
    cloth = table.walnut(rect.size) if look.walnut else table.cloth(rect.size, look.colour)
    surface.blit(cloth, rect)
    pygame.draw.rect(surface, GOLD_DARK, rect, 1)
