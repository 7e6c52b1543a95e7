"""Private text helpers: word wrapping with ``**bold**`` runs, fitting into a box, shadowed labels."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from ._fonts import noto
from .palette import Colour

ELLIPSIS = "\u2026"


@dataclass(frozen=True)
class Word:
    """One word of running text and whether it is bold."""

    text: str
    bold: bool


@dataclass(frozen=True)
class TextFit:
    """Wrapped lines at a chosen font size; ``clipped`` when the text had to be cut with an ellipsis."""

    size: int
    line_height: int
    lines: tuple[tuple[Word, ...], ...]
    clipped: bool

    @property
    def height(self) -> int:
        """Total height of the lines in pixels."""
        return self.line_height * len(self.lines)


def parse_words(text: str) -> list[Word | None]:
    """Split text into words; ``**`` toggles bold; a newline becomes ``None`` (a forced break)."""
    out: list[Word | None] = []
    bold = False
    for p, paragraph in enumerate(text.split("\n")):
        if p:
            out.append(None)
        for raw in paragraph.split():
            parts = raw.split("**")
            word = ""
            word_bold = bold
            for i, part in enumerate(parts):
                if i:
                    bold = not bold
                if part:
                    if not word:
                        word_bold = bold
                    word += part
            if word:
                out.append(Word(word, word_bold))
    return out


def line_height(size: int) -> int:
    """Line spacing used for card text (a little tighter than the font's own)."""
    return max(size + 1, round(noto(size).get_linesize() * 0.86))


def word_width(word: Word, size: int) -> int:
    """Rendered width of a word in pixels."""
    return measure(word.text, size, word.bold)


@lru_cache(maxsize=16384)
def measure(text: str, size: int, bold: bool = False) -> int:
    """Rendered width of ``text`` in Noto Sans (cached: wrapping measures the same words many times)."""
    return noto(size, bold).size(text)[0]


def wrap(words: list[Word | None], size: int, width: int) -> list[tuple[Word, ...]]:
    """Greedy word wrap to ``width`` pixels (a word longer than the width gets a line to itself)."""
    space = measure(" ", size)
    lines: list[tuple[Word, ...]] = []
    current: list[Word] = []
    used = 0
    for word in words:
        if word is None:
            lines.append(tuple(current))
            current, used = [], 0
            continue
        w = word_width(word, size)
        if current and used + space + w > width:
            lines.append(tuple(current))
            current, used = [], 0
        used += (space if current else 0) + w
        current.append(word)
    if current:
        lines.append(tuple(current))
    return lines


def fit_text(text: str, width: int, height: int, largest: int, smallest: int) -> TextFit:
    """The largest size from ``largest`` down to ``smallest`` whose wrapped text fits the box.

    When even ``smallest`` is too big, the text is cut at the last whole line that fits and ends with an
    ellipsis (``clipped``).
    """
    words = parse_words(text)
    smallest = min(smallest, largest)
    lo, hi = smallest, largest
    best: TextFit | None = None
    while lo <= hi:  # fitting is monotonic in the size: binary search for the largest that fits
        size = (lo + hi) // 2
        lines = wrap(words, size, width)
        if _fits(lines, size, width, height):
            best = TextFit(size, line_height(size), tuple(lines), False)
            lo = size + 1
        else:
            hi = size - 1
    if best is not None:
        return best
    size = smallest
    lh = line_height(size)
    lines = wrap(words, size, width)
    keep = max(1, height // lh)
    return TextFit(size, lh, tuple(lines[: keep - 1]) + (_with_ellipsis(lines[keep - 1], size, width),), True)


def _fits(lines: list[tuple[Word, ...]], size: int, width: int, height: int) -> bool:
    """True when every line is within ``width`` and all lines within ``height``."""
    return line_height(size) * len(lines) <= height and all(
        _line_width(line, size) <= width for line in lines
    )


def _with_ellipsis(line: tuple[Word, ...], size: int, width: int) -> tuple[Word, ...]:
    """Trim a line until it and an ellipsis fit in ``width``."""
    words = list(line)
    while words:
        last = words[-1]
        candidate = words[:-1] + [Word(last.text + ELLIPSIS, last.bold)]
        if _line_width(tuple(candidate), size) <= width:
            return tuple(candidate)
        if len(last.text) > 1:
            words[-1] = Word(last.text[:-1].rstrip(",.;:"), last.bold)
        else:
            words.pop()
    return (Word(ELLIPSIS, False),)


def _line_width(line: tuple[Word, ...], size: int) -> int:
    space = measure(" ", size)
    return sum(word_width(w, size) for w in line) + space * max(0, len(line) - 1)


def draw_lines(
    target: pygame.Surface,
    fit: TextFit,
    rect: pygame.Rect,
    colour: Colour,
    centre: bool = False,
    italic: bool = False,
) -> None:
    """Draw fitted lines into ``rect`` (top-aligned), left-aligned or centred."""
    space = noto(fit.size).size(" ")[0]
    y = rect.top
    clip = target.get_clip()
    target.set_clip(rect.clip(clip) if clip else rect)
    for line in fit.lines:
        x = rect.left
        if centre:
            x = rect.centerx - _line_width(line, fit.size) // 2
        for word in line:
            image = noto(fit.size, word.bold, italic).render(word.text, True, colour)
            target.blit(image, (x, y + (fit.line_height - image.get_height()) // 2))
            x += image.get_width() + space
        y += fit.line_height
    target.set_clip(clip)


def fit_label(text: str, width: int, largest: int, smallest: int, bold: bool = True) -> tuple[int, bool]:
    """The largest size (and weight) at which a one-line label fits ``width`` (bold first, then regular)."""
    for size in range(largest, smallest - 1, -1):
        if noto(size, bold).size(text)[0] <= width:
            return size, bold
    for size in range(largest, smallest - 1, -1):
        if noto(size, False).size(text)[0] <= width:
            return size, False
    return smallest, False


def label(
    text: str,
    size: int,
    colour: Colour,
    bold: bool = True,
    italic: bool = False,
    shadow: Colour | None = None,
    max_width: int = 0,
) -> pygame.Surface:
    """A one-line label, optionally with a 1 px drop shadow, squeezed horizontally to ``max_width``."""
    font = noto(size, bold, italic)
    image = font.render(text, True, colour)
    if shadow is not None:
        under = font.render(text, True, shadow)
        out = pygame.Surface((image.get_width() + 1, image.get_height() + 1), pygame.SRCALPHA)
        out.blit(under, (1, 1))
        out.blit(image, (0, 0))
        image = out
    if max_width and image.get_width() > max_width:
        image = pygame.transform.smoothscale(image, (max_width, image.get_height()))
    return image
