"""The table chat of an online table: the last lines, a line to type, and quick reactions.

One panel serves the lobby (a band under the seats) and every online table (the lower part of the
log column, collapsible to a small tab that counts the lines not yet read).  It draws itself on its
own dark backdrop, each line after its speaker's name in the seat's colour (``art.palette`` player
colours, lightened where the hue is too dark to read on ink) and badge, so a line is told by its
colour and pattern as on the table.  Only what the server passed on is shown: this screen's own
line too arrives back through the table's chat (``RemoteMatch.take_chat``), never echoed locally.

The line being typed keeps the keyboard: while the entry has the focus every key and typed
character goes to it (Enter sends, Esc leaves it, Backspace), so the table's shortcuts never fire
from a word being typed.  Quick reactions are plain words (the fonts have no emoji), sent with one
click.  The panel never waits for anything: ``say`` only queues the line for the network thread.
"""

from __future__ import annotations

import contextlib
import functools
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from crimson_table.ui.art.palette import lighten, luminance, seat_colour
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.theme import GOLD, GOLD_LIGHT, PARCHMENT, STONE

QUICK_REACTIONS = ("Good game", "Well played", "Nice move", "Oops", "One moment")
MAX_LINE = 200  # characters of a line (the protocol's MAX_CHAT: longer lines are cut when sent)
KEPT = 100  # lines the panel keeps
TEXT_SIZE = 16
NAME_CHARS = 16  # a long name is cut in the chat (the seat list shows it whole)
PAD = 8
HEADER = 30
TITLED = 140  # a panel at least this tall has its title row
ENTRY_H = 36
CHIP_H = 28
SEND_W = 64
WIDE = 900  # a panel at least this wide puts its reactions beside the entry (the lobby's band)
BACKDROP = (0x17, 0x15, 0x12)
ENTRY_FILL = (0x2E, 0x29, 0x23)


@dataclass(frozen=True)
class ChatLine:
    """One line as the server passed it on: who said it (their seat and name) and what."""

    seat: int | None
    name: str
    text: str

    @classmethod
    def from_message(cls, message: Mapping[str, Any]) -> ChatLine:
        """A line from the server's ``chat`` frame."""
        seat = message.get("seat")
        return cls(
            seat if isinstance(seat, int) else None, str(message.get("name", "")), str(message["text"])
        )


class ChatEntry:
    """The line being typed: one row of text with a cursor at its end; a click gives it the keyboard.

    ``text`` is its name (the screen report lists it, so the real-window tests find it); what is
    typed is ``value``.
    """

    text = "Chat line"

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.value = ""
        self.focused = False
        self.enabled = True

    def on_click(self) -> None:
        """Take the keyboard."""
        self.focused = self.enabled

    def type(self, chars: str) -> None:
        """Add typed characters (up to :data:`MAX_LINE`)."""
        self.value = (self.value + chars)[:MAX_LINE]

    def erase(self, word: bool = False) -> None:
        """Backspace: the last character, or (Ctrl) the last word."""
        if not word:
            self.value = self.value[:-1]
            return
        kept = self.value.rstrip()
        self.value = kept[: kept.rfind(" ") + 1]

    def draw(self, surface: pygame.Surface, blink_on: bool) -> None:
        """The field: what is typed (its end, if it is longer than the field), or how to use it."""
        rect = self.rect
        pygame.draw.rect(surface, ENTRY_FILL, rect, border_radius=6)
        pygame.draw.rect(surface, GOLD_LIGHT if self.focused else STONE, rect, 1, border_radius=6)
        inner = rect.inflate(-16, 0)
        if not self.value and not self.focused:
            hint = "Type a line: Enter sends" if self.enabled else "Spectators read the chat"
            fonts.blit_text(
                surface, hint, TEXT_SIZE - 1, STONE, (inner.x, rect.centery), anchor="midleft", italic=True
            )
            return
        image = fonts.render(self.value, TEXT_SIZE, PARCHMENT) if self.value else None
        shown = 0
        if image is not None:
            shown = min(image.get_width(), inner.width - 4)
            surface.blit(image, (inner.x, rect.centery - image.get_height() // 2),
                         pygame.Rect(image.get_width() - shown, 0, shown, image.get_height()))  # fmt: skip
        if self.focused and blink_on:
            x = inner.x + shown + 1
            pygame.draw.line(surface, GOLD_LIGHT, (x, rect.y + 8), (x, rect.bottom - 8), 2)


class ChatPanel:
    """The lines, the entry, Send and the quick reactions, laid out in whatever rect it is given.

    ``say`` sends a line (``RemoteMatch.say``); ``colour_of`` gives a seat's palette colour (the
    table's ``seat_colour``: Crusader Kingdoms keeps its own); ``own_seat`` is this screen's (its
    lines are never unread); a spectator (``can_talk`` False) reads the chat only.
    """

    def __init__(
        self,
        say: Callable[[str], None],
        colour_of: Callable[[int], int],
        own_seat: int | None,
        *,
        can_talk: bool = True,
        collapsible: bool = True,
    ) -> None:
        self.say = say
        self.colour_of = colour_of
        self.own_seat = own_seat
        self.can_talk = can_talk
        self.collapsible = collapsible
        self.open = True
        self.unread = 0
        self.lines: deque[ChatLine] = deque(maxlen=KEPT)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.entry = ChatEntry()
        self.entry.enabled = can_talk
        self.send_button = Button((0, 0, SEND_W, ENTRY_H), "Send", self.send_typed, kind="secondary", size=15)
        self.reactions = [
            Button((0, 0, 0, CHIP_H), words, functools.partial(self.send, words), kind="secondary", size=14)
            for words in QUICK_REACTIONS
        ]
        self.hide_button = Button(
            (0, 0, 30, 24), "Hide chat", functools.partial(self.set_open, False), kind="secondary"
        )
        self._lines_rect = pygame.Rect(0, 0, 0, 0)
        self.titled = True
        self._skip = ""  # the text input of the key that started the typing, not to be typed
        self._face = fonts.font(TEXT_SIZE)
        self._bold = fonts.font(TEXT_SIZE, bold=True)
        self._line_h = self._face.get_linesize() + 1

    # -- what is said ------------------------------------------------------------------------------
    @property
    def typing(self) -> bool:
        """True while the entry has the keyboard (the screen's own keys must not fire)."""
        return self.entry.focused

    def hear(self, lines: Iterable[ChatLine], *, replace: bool = False) -> None:
        """Lines the server passed on (``replace``: the table's whole chat, sent again on joining);
        the others' new lines count as unread while the panel is hidden."""
        new = list(lines)
        if replace:
            self.lines.clear()
        elif not self.open:
            self.unread += sum(1 for line in new if line.seat != self.own_seat)
        self.lines.extend(new)

    def follow(self, match: Any, toast: Callable[[str], None]) -> None:
        """Take what the table's chat brought since the last frame (``RemoteMatch.take_chat``) and
        show the server's refusals of our lines (too fast, empty) as notices."""
        reset, heard = match.take_chat()
        if reset:
            self.hear((ChatLine.from_message(m) for m in match.chat), replace=True)
        else:
            self.hear(ChatLine.from_message(m) for m in heard)
        while match.chat_refusals:
            toast(match.chat_refusals.pop(0))

    def send(self, words: str) -> None:
        """Send a line (a quick reaction, or what was typed); nothing for an empty line."""
        line = " ".join(words.split())
        if line and self.can_talk:
            self.say(line[:MAX_LINE])

    def send_typed(self) -> None:
        """Send the typed line and give the keyboard back to the screen."""
        self.send(self.entry.value)
        self.entry.value = ""
        self.entry.focused = False

    def set_open(self, open_: bool) -> None:
        """Show the panel (its unread lines are read) or hide it to its tab; a hidden panel's buttons
        are not clickable (nor listed by the screen report)."""
        self.open = open_ or not self.collapsible
        for button in (self.send_button, *self.reactions):
            button.enabled = self.open and self.can_talk
        self.hide_button.enabled = self.open and self.collapsible
        self.entry.enabled = self.open and self.can_talk
        if self.open:
            self.unread = 0
        else:
            self.entry.focused = False

    def start_typing(self, key_text: str = "") -> None:
        """Open the panel and give the entry the keyboard; ``key_text`` is the character of the key
        that asked for it, whose own text input (it follows the key) is not typed."""
        self.set_open(True)
        self.entry.on_click()
        self._skip = key_text if self.entry.focused else ""

    # -- input ---------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Typing first (every key while the entry has the focus), then clicks on the panel."""
        if self.typing and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self._type(event)
            return None
        if not self.open:
            return event
        for button in self.buttons():
            if button.handle_event(event) is None:
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.entry.rect.collidepoint(event.pos):
                self.entry.on_click()
                return None
            self.entry.focused = False
            return None if self.rect.collidepoint(event.pos) else event
        return event

    def _type(self, event: pygame.event.Event) -> None:
        skip, self._skip = self._skip, ""
        if event.type == pygame.TEXTINPUT:
            if event.text != skip:
                self.entry.type(event.text)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.send_typed()
        elif event.key == pygame.K_ESCAPE:
            self.entry.focused = False
        elif event.key == pygame.K_BACKSPACE:
            self.entry.erase(word=bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)))
        elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.entry.type(" ".join(_clipboard().split()))

    def buttons(self) -> list[Button]:
        """The panel's buttons as laid out now."""
        shown = [self.hide_button] if self.collapsible else []
        return shown + ([self.send_button, *self.reactions] if self.can_talk else [])

    # -- layout --------------------------------------------------------------------------------------
    def place(self, rect: pygame.Rect) -> None:
        """Lay the panel out in ``rect``: header, lines, reactions (beside the entry when wide, else
        in rows above it), entry and Send along the bottom."""
        self.rect = pygame.Rect(rect)
        inner = self.rect.inflate(-2 * PAD, -2 * PAD)
        self.hide_button.rect = pygame.Rect(inner.right - 30, inner.y, 30, 24)
        bottom = pygame.Rect(inner.x, inner.bottom - ENTRY_H, inner.width, ENTRY_H)
        wide = inner.width >= WIDE
        padding = 28 if wide else 12  # the log column's 300 px hold the five in two rows
        widths = [fonts.font(14, bold=True).size(words)[0] + padding for words in QUICK_REACTIONS]
        chips_top = bottom.y
        if wide:  # one row: entry, Send, then the reactions to the right
            x = inner.right - sum(widths) - 8 * (len(widths) - 1)
            for button, width in zip(self.reactions, widths, strict=True):
                button.rect = pygame.Rect(x, bottom.y + (ENTRY_H - CHIP_H) // 2, width, CHIP_H)
                x += width + 8
            bottom.width = self.reactions[0].rect.x - 16 - inner.x
        elif self.can_talk:
            chips_top = self._flow_chips(widths, inner, bottom.y - 8)
        self.send_button.rect = pygame.Rect(bottom.right - SEND_W, bottom.y, SEND_W, ENTRY_H)
        self.entry.rect = pygame.Rect(bottom.x, bottom.y, bottom.width - SEND_W - 8, ENTRY_H)
        self.titled = self.rect.height >= TITLED  # a low band (a lobby of many seats) keeps its lines
        top = inner.y + (HEADER if self.titled else 0)
        self._lines_rect = pygame.Rect(inner.x, top, inner.width, chips_top - 8 - top)

    def _flow_chips(self, widths: list[int], inner: pygame.Rect, bottom: int) -> int:
        """The reactions in rows above ``bottom``, each row centred; returns the top of the first."""
        rows: list[list[int]] = [[]]
        used = 0
        for index, width in enumerate(widths):
            if rows[-1] and used + 6 + width > inner.width:
                rows.append([])
                used = 0
            used += width + (6 if rows[-1] else 0)
            rows[-1].append(index)
        top = bottom - len(rows) * (CHIP_H + 6) + 6
        for row_number, row in enumerate(rows):
            total = sum(widths[i] for i in row) + 6 * (len(row) - 1)
            x = inner.centerx - total // 2
            for i in row:
                self.reactions[i].rect = pygame.Rect(x, top + row_number * (CHIP_H + 6), widths[i], CHIP_H)
                x += widths[i] + 6
        return top

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, clock: float) -> None:
        """The open panel (a hidden one is its owner's tab to draw)."""
        if not self.open:
            return
        pygame.draw.rect(surface, BACKDROP, self.rect, border_radius=10)
        pygame.draw.rect(surface, GOLD, self.rect, 1 if self.collapsible else 2, border_radius=10)
        inner = self.rect.inflate(-2 * PAD, -2 * PAD)
        if self.titled:
            fonts.blit_text(
                surface, "Table chat", 17, GOLD_LIGHT, (inner.x, inner.y + 12), anchor="midleft", bold=True
            )
        if self.collapsible:
            self._draw_hide(surface)
        self._draw_lines(surface)
        if self.can_talk:
            for button in (self.send_button, *self.reactions):
                button.draw(surface)
        self.entry.draw(surface, blink_on=int(clock * 2) % 2 == 0)

    def _draw_hide(self, surface: pygame.Surface) -> None:
        rect = self.hide_button.rect
        pygame.draw.rect(surface, (0x3A, 0x33, 0x2B), rect, border_radius=6)
        pygame.draw.rect(surface, GOLD_LIGHT if self.hide_button.hovered else GOLD, rect, 1, border_radius=6)
        cx, cy = rect.center
        pygame.draw.lines(surface, PARCHMENT, False, [(cx - 6, cy - 3), (cx, cy + 3), (cx + 6, cy - 3)], 2)

    def _draw_lines(self, surface: pygame.Surface) -> None:
        area = self._lines_rect
        rows = self.rows(area.width)
        fit = max(0, area.height // self._line_h)
        if not rows:
            note = "Nobody has said anything yet." if fit else ""
            fonts.blit_text(surface, note, TEXT_SIZE - 1, STONE, area.topleft, italic=True)
            return
        y = area.bottom - min(fit, len(rows)) * self._line_h
        for seat, name, text in rows[-fit:] if fit else []:
            x = area.x
            if name:
                if seat is not None:
                    surface.blit(player_badge(self.colour_of(seat), 12), (x, y + (self._line_h - 12) // 2))
                x += 16
                label = fonts.render(f"{name}:", TEXT_SIZE, self.ink_of(seat), bold=True)
                surface.blit(label, (x, y))
                x += label.get_width() + 5
            else:
                x += 16
            surface.blit(fonts.render(text, TEXT_SIZE, PARCHMENT), (x, y))
            y += self._line_h

    def rows(self, width: int) -> list[tuple[int | None, str, str]]:
        """The lines as drawn rows: (seat, name on a line's first row else "", the row's text)."""
        out: list[tuple[int | None, str, str]] = []
        for line in self.lines:
            name = _short_name(line.name)
            indent = 16 + self._bold.size(f"{name}: ")[0]
            words = fonts.wrap(line.text, self._bold, max(40, width - indent))
            # the rows after the first start under the name's badge, as wide as the panel allows
            first, rest = (words[0], " ".join(words[1:])) if words else ("", "")
            out.append((line.seat, name, first))
            for row in fonts.wrap(rest, self._bold, max(40, width - 16)) if rest else []:
                out.append((line.seat, "", row))
        return out

    def ink_of(self, seat: int | None) -> tuple[int, int, int]:
        """A speaker's name colour: the seat's, lightened until it reads on the dark panel."""
        if seat is None:
            return PARCHMENT
        colour = seat_colour(self.colour_of(seat))
        return lighten(colour, 0.45) if luminance(colour) < 0.45 else colour


def _short_name(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def _clipboard() -> str:
    """The clipboard's text ("" where there is none: headless, some Wayland setups)."""
    with contextlib.suppress(pygame.error, AttributeError, UnicodeDecodeError):
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        return str(pygame.scrap.get_text() or "")
    return ""
