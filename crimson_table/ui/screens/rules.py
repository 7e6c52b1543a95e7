"""The rules reference of a game: our own short summary, scrollable, over the table.

The texts live in ``crimson_table/ui/rules_text/<game_id>.md`` (a small Markdown subset: ``#``/``##``
headings, ``-`` bullets, ``**bold**``, blank lines between paragraphs) and are turned into the
HTML subset pygame-gui text boxes understand.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from crimson_table.engine import GAMES
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.widgets.buttons import dim, draw_banner, draw_panel

if TYPE_CHECKING:
    from crimson_table.ui.app import App

RULES_DIR = Path(__file__).resolve().parent.parent / "rules_text"
PANEL = pygame.Rect(180, 40, 1240, 820)
_BOLD = re.compile(r"\*\*(.+?)\*\*")
BULLET = "  •  "


def rules_markdown(game_id: str) -> str:
    """The reference text of a game; a missing file (a broken install) is reported by name."""
    path = RULES_DIR / f"{game_id}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        title = GAMES.info(game_id).title if game_id in GAMES else game_id
        return f"# {title}\n\nThe rules reference cannot be read from {path} ({exc.strerror or exc})."


def _inline(text: str) -> str:
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _BOLD.sub(r"<b>\1</b>", escaped)


def markdown_to_html(markdown: str) -> str:
    """Convert our Markdown subset to pygame-gui's HTML subset.  A heading or a paragraph after
    a list starts after a blank line, as it does after a paragraph (a list's lines end single)."""
    out: list[str] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            gap()
            out.append(_inline(" ".join(paragraph)) + "<br><br>")
            paragraph.clear()

    def gap() -> None:
        if out and out[-1].startswith(BULLET):
            out.append("<br>")

    for raw in markdown.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            gap()
            out.append(f"<font pixel_size=26 color='#9e1b32'><b>{_inline(line[3:])}</b></font><br>")
        elif line.startswith("# "):
            flush()
            gap()
            out.append(f"<font pixel_size=34><b>{_inline(line[2:])}</b></font><br><br>")
        elif line.startswith("- "):
            flush()
            out.append(f"{BULLET}{_inline(line[2:])}<br>")
        else:
            paragraph.append(line)
    flush()
    return "".join(out)


class RulesScene(GuiScene):
    """Scrollable rules reference; Esc or Close returns."""

    help_title = "Rules"
    HELP_KEYS = (
        ("Mouse wheel", "Scroll the rules"),
        ("Esc", "Close"),
    )

    transparent = True

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.title = GAMES.info(game_id).title if game_id in GAMES else game_id
        loaded = self.ui.get_theme().get_font_dictionary()
        wanted = [
            size
            for size in (26, 34)
            if not loaded.check_font_preloaded(loaded.create_font_id(size, "crimson_noto", True, False))
        ]
        if wanted:  # the theme is shared by every screen: once loaded, they stay loaded
            self.ui.preload_fonts(
                [
                    {"name": "crimson_noto", "point_size": size, "style": "bold", "antialiased": "1"}
                    for size in wanted
                ]
            )
        body = pygame.Rect(PANEL.x + 36, PANEL.y + 100, PANEL.width - 72, PANEL.height - 196)
        self.text_box = pygame_gui.elements.UITextBox(
            markdown_to_html(rules_markdown(game_id)), body, manager=self.ui
        )
        self.button((PANEL.centerx - 120, PANEL.bottom - 80, 240, 56), "Close", self.close)

    def close(self) -> None:
        """Back to whatever was showing."""
        self.app.pop(self)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc closes; the wheel scrolls the text (handled by the text box)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        return None if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) else event

    def draw_background(self, surface: pygame.Surface) -> None:
        """Dimmed table, parchment panel and title ribbon."""
        dim(surface, 170)
        draw_panel(surface, PANEL)
        draw_banner(
            surface,
            pygame.Rect(PANEL.x + 36, PANEL.y + 24, PANEL.width - 72, 60),
            f"Rules reference — {self.title}",
        )
