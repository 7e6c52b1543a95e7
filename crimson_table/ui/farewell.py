"""The last resort when the app cannot go on: a plain message drawn with pygame alone.

``App.rescue`` returns to the menu with an error dialog; when that dialog itself fails, or frames
keep failing, the app closes instead of looping, and says so with this: no scenes, no pygame-gui,
pygame's own default font.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame


def short(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (an error's message can be huge)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def farewell(
    window: pygame.Surface, lines: list[str], seconds: float, stop: Callable[[], bool] = lambda: False
) -> None:
    """Draw ``lines`` centred on a dark window with pygame's own font, and wait for a key, a click,
    the close button, ``stop()`` or ``seconds``: nothing here can fail the way a screen can."""
    window.fill((24, 12, 14))
    font = pygame.font.Font(None, 30)
    top = window.get_height() // 2 - len(lines) * 20
    for row, line in enumerate(lines):
        text = font.render(line, True, (235, 222, 200))
        window.blit(text, text.get_rect(midtop=(window.get_width() // 2, top + row * 40)))
    pygame.display.flip()
    ends = time.monotonic() + seconds
    while time.monotonic() < ends and not stop():
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                return
        pygame.time.wait(50)
