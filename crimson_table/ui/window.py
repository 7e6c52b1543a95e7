"""The window's size and place: within 1024x576 .. 4K, fitted to the desktop it opens on.

A window larger than its desktop puts its title bar and buttons off the screen (a 1600x900 window
on a 1280x720 screen opened at -160,-90), so the first window, and a size remembered on a larger
monitor, are shrunk to fit (:func:`fit_to_desktop`).  pygame-ce's ``Window`` object places the
window and sets its minimum size; older pygame builds without it simply skip both.
"""

from __future__ import annotations

import logging
import warnings

import pygame

log = logging.getLogger(__name__)

MIN_WINDOW = (1024, 576)  # the smallest window the layout is made for (DESIGN.md)
MAX_WINDOW = (3840, 2160)  # 4K: the largest windowed size opened (bigger screens: fullscreen)
DESKTOP_MARGIN = (40, 80)  # left free around a window sized to the desktop: borders, title bar, task bar


def clamp_window_size(size: tuple[int, int]) -> tuple[int, int]:
    """A windowed size within :data:`MIN_WINDOW` .. :data:`MAX_WINDOW` (DESIGN.md: 1024×576 to 4K)."""
    return (
        min(max(int(size[0]), MIN_WINDOW[0]), MAX_WINDOW[0]),
        min(max(int(size[1]), MIN_WINDOW[1]), MAX_WINDOW[1]),
    )


def fit_to_desktop(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` shrunk (keeping its shape) until it fits ``desktop`` less :data:`DESKTOP_MARGIN`.

    A window larger than the screen it opens on puts its title bar and buttons off the screen; a
    size remembered on a bigger monitor is shrunk the same way.  Never below :data:`MIN_WINDOW`
    unless the desktop itself is smaller.

    >>> fit_to_desktop((1600, 900), (1280, 720))
    (1138, 640)
    >>> fit_to_desktop((1600, 900), (1920, 1080)), fit_to_desktop((1600, 900), None)
    ((1600, 900), (1600, 900))
    """
    size = clamp_window_size(size)
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return size
    room = (max(desktop[0] - DESKTOP_MARGIN[0], 1), max(desktop[1] - DESKTOP_MARGIN[1], 1))
    scale = min(1.0, room[0] / size[0], room[1] / size[1])
    if scale >= 1.0:
        return size
    width, height = round(size[0] * scale), round(size[1] * scale)
    least = (min(MIN_WINDOW[0], room[0]), min(MIN_WINDOW[1], room[1]))
    return (min(max(width, least[0]), room[0]), min(max(height, least[1]), room[1]))


def desktop_size() -> tuple[int, int] | None:
    """The size of the desktop the window opens on (the first display), None if SDL cannot tell
    or there is no screen (the headless drivers report a make-believe 1024x768)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except (AttributeError, pygame.error):
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def sdl_window() -> pygame.Window | None:
    """The display module's window as a pygame-ce ``Window`` (None on an older pygame)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def set_minimum_window_size(size: tuple[int, int]) -> None:
    """Ask the window manager not to let the window shrink below ``size`` (pygame-ce's Window)."""
    window = sdl_window()
    try:
        if window is not None:
            window.minimum_size = size
    except (AttributeError, pygame.error, ValueError):  # VIDEORESIZE puts it back instead
        log.debug("the window manager cannot be told a minimum size")


def window_size_for(wanted: tuple[int, int]) -> tuple[int, int]:
    """The windowed size the app opens for the size the settings hold: fitted to this desktop."""
    return fit_to_desktop(wanted, desktop_size())


def open_window(
    fullscreen: bool, size: tuple[int, int], where: tuple[int, int] | None = None
) -> pygame.Surface:
    """Open (or re-open) the window: fullscreen, or ``size`` (see :func:`window_size_for`) placed at
    ``where`` (back where it was before fullscreen) or centred on the desktop."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    window = pygame.display.set_mode(size, pygame.RESIZABLE)
    set_minimum_window_size((min(MIN_WINDOW[0], size[0]), min(MIN_WINDOW[1], size[1])))
    _place(size, desktop_size(), where)
    return window


def _place(size: tuple[int, int], desktop: tuple[int, int] | None, where: tuple[int, int] | None) -> None:
    window = sdl_window()
    if window is None:
        return
    if where is None and desktop is not None:
        where = (max((desktop[0] - size[0]) // 2, 0), max((desktop[1] - size[1]) // 2, 0))
    try:
        if where is not None:
            window.position = where
    except (AttributeError, pygame.error, ValueError, TypeError):
        log.debug("the window cannot be placed")


def is_open_as(window: pygame.Surface | None, fullscreen: bool, size: tuple[int, int]) -> bool:
    """True if ``window`` (the display's surface, if any) is what :func:`open_window` would open now:
    the app then takes over the window the kept menu opened instead of opening it again."""
    if window is None:
        return False
    if fullscreen:
        return bool(window.get_flags() & pygame.FULLSCREEN)
    return not window.get_flags() & pygame.FULLSCREEN and window.get_size() == size
