"""The campaign menu: the chronicle slots (new, continue, delete) and the new-chronicle form.

Each slot is a card: empty (New chronicle), a chronicle (its name, renown, chapter, Ironman or
Veteran, a match in progress; Continue and Delete, which asks once more), or a file that cannot
be read (the file and the problem named; Use the backup when the previous version reads, Delete).
The campaign map is loaded when the menu opens: a malformed map shows its error and goes back.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from crimson_table.campaign import store
from crimson_table.campaign.chronicle_map import Campaign, CampaignMapError, load_campaign
from crimson_table.campaign.progress import MAX_NAME, Chronicle
from crimson_table.play.saves import display_name
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import FormScene
from crimson_table.ui.scene import Scene
from crimson_table.ui.screens.campaign_map import ChapterMapScene
from crimson_table.ui.screens.campaign_match import MUTED, draw_stars
from crimson_table.ui.screens.setup import random_seed
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, INK, PARCHMENT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

CARD_W, CARD_H, CARD_GAP, CARD_TOP = 460, 470, 36, 200


def card_rects(count: int = store.SLOTS) -> list[pygame.Rect]:
    """The slot cards, centred in a row."""
    left = (1600 - (count * CARD_W + (count - 1) * CARD_GAP)) // 2
    return [pygame.Rect(left + i * (CARD_W + CARD_GAP), CARD_TOP, CARD_W, CARD_H) for i in range(count)]


class CampaignMenuScene(Scene):
    """The chronicle slots."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.campaign: Campaign | None = None
        try:
            self.campaign = load_campaign()
        except CampaignMapError as exc:
            self.map_error = str(exc)
        self.confirm: int | None = None  # the slot whose Delete was pressed once
        self.buttons: list[Button] = []
        self._build()

    def resume(self) -> None:
        """Back on top: the slots may have changed; a broken map says so and leaves."""
        artwork.set_look(None, None)
        if self.campaign is None:
            app = self.app
            app.pop(self)
            app.show_error("The campaign map cannot be used", self.map_error)
            return
        self._build()

    def _build(self) -> None:
        self.slots = store.slots(campaign=self.campaign)
        self.buttons = [Button((48, 812, 240, 60), "Main menu", lambda: self.app.pop(self), kind="secondary")]
        for info, rect in zip(self.slots, card_rects(), strict=True):
            self.buttons += self._slot_buttons(info, rect)

    def _slot_buttons(self, info: store.SlotInfo, rect: pygame.Rect) -> list[Button]:
        slot = info.slot
        wide = pygame.Rect(rect.x + 30, rect.bottom - 84, rect.width - 60, 58)
        left = pygame.Rect(rect.x + 30, rect.bottom - 84, 240, 58)
        right = pygame.Rect(rect.right - 170, rect.bottom - 84, 140, 58)
        delete = functools.partial(self.delete, slot)
        if info.empty:
            return [Button(wide, "New chronicle", functools.partial(self.new, slot))]
        label = "Really delete?" if self.confirm == slot else "Delete"
        if info.error is not None:
            buttons = [
                Button(
                    right.inflate(60, 0).move(-30, 0), label, delete, kind="secondary", size=fonts.SMALL + 1
                )
            ]
            if info.backup:
                buttons.append(
                    Button(
                        left.inflate(-60, 0).move(-30, 0),
                        "Use the backup",
                        functools.partial(self.restore, slot),
                    )
                )
            return buttons
        return [
            Button(left, "Continue", functools.partial(self.open, slot)),
            Button(right, label, delete, kind="secondary", size=fonts.SMALL + 1),
        ]

    # -- actions ------------------------------------------------------------------------------------
    def new(self, slot: int) -> None:
        """The new-chronicle form for an empty slot."""
        if self.campaign is not None:
            self.app.push(NewChronicleScene(self.app, self.campaign, slot))

    def open(self, slot: int) -> None:
        """The chapter map of a slot's chronicle."""
        info = self.slots[slot - 1]
        if self.campaign is not None and info.chronicle is not None:
            self.app.push(ChapterMapScene(self.app, self.campaign, info.chronicle))

    def delete(self, slot: int) -> None:
        """First press asks; the second deletes the slot."""
        if self.confirm != slot:
            self.confirm = slot
        else:
            store.delete(slot)
            self.confirm = None
            self.app.toast(f"Chronicle slot {slot} deleted", "info")
        self._build()

    def restore(self, slot: int) -> None:
        """Replace a damaged slot with its backup (the damaged file is kept beside it)."""
        try:
            store.restore_backup(slot, self.campaign)
        except (store.CampaignSaveError, OSError) as exc:
            self.app.show_error("The backup cannot be used either", str(exc))
            return
        self.app.toast(f"Slot {slot}: the previous version of the chronicle is back", "info")
        self._build()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Buttons; Esc back to the main menu."""
        for button in list(self.buttons):
            if button.handle_event(event) is None:
                return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return None
        return event

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Title, the three slot cards, the buttons."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        fonts.blit_text(
            surface,
            "The Crimson Chronicle",
            56,
            GOLD_LIGHT,
            (800, 52),
            anchor="midtop",
            bold=True,
            shadow=SHADOW,
        )
        fonts.blit_text(surface, "A solo campaign across the five games, one rival at a time", 22, PARCHMENT, (800, 128),
                        anchor="midtop", italic=True, shadow=SHADOW)  # fmt: skip
        for info, rect in zip(self.slots, card_rects(), strict=True):
            self._draw_card(surface, info, rect)
        for button in self.buttons:
            button.draw(surface)

    def _draw_card(self, surface: pygame.Surface, info: store.SlotInfo, rect: pygame.Rect) -> None:
        draw_panel(surface, rect)
        x, y = rect.x + 30, rect.y + 26
        fonts.blit_text(surface, f"Chronicle {info.slot}", fonts.SMALL + 1, MUTED, (x, y), bold=True)
        if info.error is not None:
            fonts.blit_text(
                surface, "This chronicle cannot be read", fonts.HEADING - 4, CRIMSON, (x, y + 34), bold=True
            )
            text = f"{display_name(info.error.path)} {info.error.problem}."
            face = fonts.font(fonts.SMALL)
            for i, line in enumerate(fonts.wrap(text, face, rect.width - 60)[:7]):
                surface.blit(face.render(line, True, INK), (x, y + 84 + i * 24))
            if info.backup:
                fonts.blit_text(
                    surface,
                    "Its previous version can be used.",
                    fonts.SMALL,
                    INK,
                    (x, rect.bottom - 120),
                    italic=True,
                )
            return
        chron = info.chronicle
        if chron is None:
            fonts.blit_text(
                surface,
                "An empty page",
                fonts.HEADING,
                INK,
                (rect.centerx, rect.y + 150),
                anchor="midtop",
                italic=True,
            )
            fonts.blit_text(surface, "Begin a chronicle of the forgotten kingdom", fonts.SMALL + 1, MUTED,
                            (rect.centerx, rect.y + 200), anchor="midtop")  # fmt: skip
            return
        self._draw_chronicle(surface, chron, rect)

    def _draw_chronicle(self, surface: pygame.Surface, chron: Chronicle, rect: pygame.Rect) -> None:
        assert self.campaign is not None
        x, y = rect.x + 30, rect.y + 60
        fonts.blit_text(surface, chron.name, 34, INK, (x, y), bold=True)
        y += 56
        total = 3 * len(self.campaign.encounters)
        fonts.blit_text(surface, f"Renown: {chron.stars} of {total} stars", fonts.BODY, INK, (x, y))
        done = sum(1 for k in self.campaign.encounters if chron.best(k) > 0)
        fonts.blit_text(
            surface,
            f"Encounters won: {done} of {len(self.campaign.encounters)}",
            fonts.BODY,
            INK,
            (x, y + 32),
        )
        opened = [c for k, c in self.campaign.chapters.items() if chron.chapter_open(self.campaign, k)]
        fonts.blit_text(surface, opened[-1].label, fonts.BODY, CRIMSON, (x, y + 64), bold=True)
        y += 110
        tags = [
            t
            for t, on in (
                ("Ironman", chron.ironman),
                ("Veteran", chron.veteran),
                ("Chronicle won", chron.won),
            )
            if on
        ]
        for tag in tags:
            image = fonts.render(tag, fonts.SMALL, PARCHMENT, bold=True)
            box = image.get_rect(topleft=(x + 10, y + 4)).inflate(20, 8)
            pygame.draw.rect(surface, CRIMSON if tag != "Chronicle won" else GOLD, box, border_radius=12)
            surface.blit(image, image.get_rect(center=box.center))
            x = box.right + 10
        if chron.match is not None and chron.match.get("encounter") in self.campaign.encounters:
            label = self.campaign.encounters[chron.match["encounter"]].label
            fonts.blit_text(
                surface, f"A match is in play: {label}", fonts.SMALL, INK, (rect.x + 30, y + 48), italic=True
            )
        if chron.won:
            draw_stars(surface, (rect.centerx, rect.bottom - 130), 3, 16)


class NewChronicleScene(FormScene):
    """Name, Ironman, Veteran (once a chronicle has been won) and a seed; then the map."""

    help_title = "New chronicle"
    HELP_KEYS = (
        ("Enter", "Begin the chronicle (from the name or the seed field too)"),
        ("Esc", "Back to the chronicles"),
    )

    def __init__(self, app: App, campaign: Campaign, slot: int) -> None:
        super().__init__(app)
        self.campaign, self.slot = campaign, slot
        self.panel = pygame.Rect(400, 150, 800, 600)
        x = self.panel.x + 60
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x + 220, 290, 420, 48), manager=self.ui
        )
        self.name_entry.set_text_length_limit(MAX_NAME)
        self.name_entry.set_text("Wanderer")
        self.seed_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 220, 530, 420, 48), manager=self.ui,
                                                              placeholder_text="random")  # fmt: skip
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        self.ironman = False
        self.veteran = False
        self.veteran_offered = store.veteran_unlocked(campaign)
        self.ironman_button = self.button(
            (x + 220, 370, 200, 48), "Off", self.toggle_ironman, object_id="secondary"
        )
        self.veteran_button = self.button((x + 220, 450, 200, 48), "Off", self.toggle_veteran, object_id="secondary",
                                          enabled=self.veteran_offered)  # fmt: skip
        self.button(
            (self.panel.x + 60, self.panel.bottom - 90, 220, 60), "Back", self.back, object_id="secondary"
        )
        self.button(
            (self.panel.right - 340, self.panel.bottom - 90, 280, 60), "Begin the chronicle", self.begin
        )

    def toggle_ironman(self) -> None:
        """Ironman on or off."""
        self.ironman = not self.ironman
        self.ironman_button.set_text("On" if self.ironman else "Off")

    def toggle_veteran(self) -> None:
        """Veteran on or off (offered once a chronicle was won)."""
        self.veteran = not self.veteran
        self.veteran_button.set_text("On" if self.veteran else "Off")

    def back(self) -> None:
        """Back to the slots."""
        self.app.pop(self)

    def begin(self) -> None:
        """Write the new chronicle into its slot and open the map."""
        text = self.seed_entry.get_text().strip()
        seed = int(text) if text else random_seed()
        name = "".join(c for c in self.name_entry.get_text() if c.isprintable()).strip() or "Wanderer"
        chronicle = Chronicle(self.slot, name[:MAX_NAME], seed, ironman=self.ironman, veteran=self.veteran)
        try:
            store.save(chronicle)
        except OSError as exc:
            self.app.show_error(
                "The chronicle could not be saved", f"The campaign folder refused it ({exc.strerror or exc})."
            )
            return
        app, campaign = self.app, self.campaign
        app.pop(self)
        app.push(ChapterMapScene(app, campaign, chronicle))

    def on_enter(self) -> None:
        """Enter: begin the chronicle."""
        self.begin()

    def on_escape(self) -> None:
        """Esc: back to the chronicles."""
        self.back()

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, the panel and the labels of the form."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel)
        x = self.panel.x + 60
        fonts.blit_text(
            surface,
            f"A new chronicle — slot {self.slot}",
            fonts.HEADING + 4,
            INK,
            (x, self.panel.y + 40),
            bold=True,
        )
        pygame.draw.line(surface, GOLD, (x, self.panel.y + 96), (self.panel.right - 60, self.panel.y + 96), 1)
        rows = [
            (302, "Your name", ""),
            (382, "Ironman", "No undo, one save: every move is final."),
            (
                462,
                "Veteran",
                "Every rival one step harder."
                if self.veteran_offered
                else "Offered once a chronicle is won.",
            ),
            (542, "Seed", "Blank gives a new kingdom; the same seed replays the same chronicle."),
        ]
        for y, label, help_text in rows:
            fonts.blit_text(surface, label, fonts.BODY, INK, (x, y), bold=True)
            if help_text:
                fonts.blit_text(surface, help_text, 14, MUTED, (x + 220, y + 44), italic=True)
