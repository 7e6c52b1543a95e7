"""What the app rests on, as plain data: its screens, the buttons a player can click and where they
are in the window.

The real-window test (``tests/window``) drives the installed app with real mouse and keys under
Xvfb; it reads these reports (``App`` appends one to ``$CRIMSON_TABLE_SCREEN_LOG`` each time it
comes to rest on something new) to know which screen is up and where to click, instead of
guessing pixels.  Nothing here changes the app; it is read only when that variable is set.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from crimson_table.ui.app import App

MAX_BUTTONS = 200  # a report stays small whatever a screen holds


def describe(app: App) -> dict[str, Any]:
    """The stack of screens (bottom first), the top one's clickable buttons in window pixels,
    the window's size and place, and how often the app had to rescue a failed frame."""
    top = app.top
    return {
        "screens": [type(scene).__name__ for scene in app.stack],
        "top": type(top).__name__ if top is not None else None,
        "title": str(getattr(top, "title", "") or ""),
        "buttons": _buttons_of(app, top) if top is not None else [],
        "window": list(app.window.get_size()),
        "rescues": app.rescue_count,
        "rest": app.rests,
        "step": next((s for s in map(_match_step, reversed(app.stack)) if s is not None), None),
        "chat": _chat_lines(top),
        "pid": os.getpid(),
    }


def _match_step(scene: object) -> int | None:
    """How many moves the match shown has (a table's, or the one a screen over it holds)."""
    step = getattr(getattr(scene, "match", None), "step", None)
    if step is None:
        step = getattr(getattr(getattr(scene, "game", None), "match", None), "step", None)
    return step if isinstance(step, int) else None


def _chat_lines(scene: object) -> list[str]:
    """The table chat's lines the top screen holds ("Ben: Good game"), from the lobby's panel or a
    table's (an online screen; none elsewhere)."""
    chat = getattr(scene, "chat", None)
    panel = getattr(chat, "panel", chat)
    lines = getattr(panel, "lines", None) or ()
    return [f"{line.name}: {line.text}" for line in lines if hasattr(line, "name") and hasattr(line, "text")]


def _buttons_of(app: App, scene: object) -> list[dict[str, Any]]:
    """Enabled buttons of ``scene`` (pygame-gui's and the app's drawn ones) and menu tiles."""
    found: list[tuple[str, pygame.Rect]] = []
    manager = getattr(scene, "ui", None)
    if manager is not None and hasattr(manager, "get_sprite_group"):
        found.extend(_gui_buttons(manager))
    found.extend(_drawn_buttons(scene, depth=2, seen={id(app)}))  # the app itself is never a part
    targets = getattr(scene, "report_targets", None)
    if callable(targets):
        found.extend(targets())
    for tile in getattr(scene, "tiles", ()) or ():
        rect, game = getattr(tile, "rect", None), getattr(tile, "game_id", None)
        if isinstance(rect, pygame.Rect) and isinstance(game, str):
            found.append((f"tile:{game}", rect))
            learn = getattr(tile, "tutorial_rect", None)
            if isinstance(learn, pygame.Rect):
                found.append((f"tutorial:{game}", learn))
    return [{"text": text, "rect": _to_window(app, rect)} for text, rect in found[:MAX_BUTTONS]]


def name_for_report(button: object, name: str) -> None:
    """The name the report lists ``button`` by, when its text is shared with others (each listed
    table's "Watch" is "Watch Anna's table")."""
    button.report_name = name  # type: ignore[attr-defined]


def _gui_buttons(manager: Any) -> list[tuple[str, pygame.Rect]]:
    """Enabled buttons by their text (or the ``report_name`` a screen gave a button whose text it
    shares with others, as each listed table's Watch), and text fields as ``field:<what they hold>``."""
    import pygame_gui

    buttons = []
    for element in manager.get_sprite_group().sprites():
        if not element.visible or not element.is_enabled:
            continue
        if isinstance(element, pygame_gui.elements.UIButton):
            name = getattr(element, "report_name", None) or element.text
            buttons.append((str(name), pygame.Rect(element.get_abs_rect())))
        elif isinstance(element, pygame_gui.elements.UITextEntryLine):
            buttons.append((f"field:{element.get_text()[:200]}", pygame.Rect(element.get_abs_rect())))
    return buttons


def _drawn_buttons(owner: object, depth: int, seen: set[int]) -> list[tuple[str, pygame.Rect]]:
    """Objects with a ``rect`` and a ``text`` held by ``owner`` (directly, in a list or a dict),
    ``depth`` attributes deep."""
    if depth < 0 or id(owner) in seen or not hasattr(owner, "__dict__"):
        return []
    seen.add(id(owner))
    found: list[tuple[str, pygame.Rect]] = []
    for value in list(vars(owner).values()):
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else (value,)
        for item in list(items)[:MAX_BUTTONS]:
            rect, text = getattr(item, "rect", None), getattr(item, "text", None)
            if isinstance(rect, pygame.Rect) and isinstance(text, str) and hasattr(item, "on_click"):
                if getattr(item, "enabled", True):
                    found.append((text, rect))
            elif depth > 0 and _is_part(item):
                found.extend(_drawn_buttons(item, depth - 1, seen))
    return found


def _is_part(value: object) -> bool:
    """A screen's own helper object (a bar, a panel): not another screen, a library's object or a
    plain value (the app is never looked into: ``_buttons_of`` counts it as seen)."""
    from crimson_table.ui.scene import Scene

    module = type(value).__module__
    return module.startswith("crimson_table.ui") and not isinstance(value, (type, Scene))


def _to_window(app: App, rect: pygame.Rect) -> list[int]:
    """A logical rect as [x, y, w, h] in window pixels."""
    scale, view = app._viewport()
    return [
        round(view.x + rect.x * scale),
        round(view.y + rect.y * scale),
        round(rect.width * scale),
        round(rect.height * scale),
    ]
