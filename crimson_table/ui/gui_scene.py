"""Scenes with a pygame-gui manager working in logical coordinates (forms, dialogs, lists).

Buttons made with :meth:`GuiScene.button` run their callback after the manager has finished
handling the event, so a button may close its own scene safely.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import i18n
import pygame
import pygame_gui
from pygame_gui.core.resource_loaders import BlockingThreadedResourceLoader
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme
from pygame_gui.core.utility import get_default_manager, set_default_manager

from crimson_table.ui.scene import LOGICAL_SIZE, Scene
from crimson_table.ui.widgets import theme

if TYPE_CHECKING:
    from crimson_table.ui.app import App


class LogicalUIManager(pygame_gui.UIManager):
    """A UIManager whose mouse position is the app's logical one (window scaling undone).

    Every screen's manager shares one theme and one resource loader (:func:`shared_theme`):
    a theme of its own cost each screen a font dictionary (7-16 FreeType faces, ~0.5 MB each), a
    4 MB shape atlas and the theme's parsing when it opened, which a long session paid
    again and again.  No manager stays pygame-gui's default manager, which would keep the first screen
    ever opened (its manager and everything it refers to) alive for the session; every element
    is made with its screen's manager.
    """

    def __init__(self, app: App) -> None:
        loader, _theme = shared_theme()
        super().__init__(LOGICAL_SIZE, None, enable_live_theme_updates=False, resource_loader=loader)
        if get_default_manager() is self:
            set_default_manager(None)
        self._app = app
        _forget_repeated_translation_paths()

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        """The one shared theme (``theme_path`` is always None here)."""
        return shared_theme()[1]

    def _update_mouse_position(self) -> None:
        self.mouse_position = self._app.mouse_pos

    def calculate_scaled_mouse_position(self, position: tuple[int, int]) -> tuple[int, int]:
        """Events reach the manager already in logical coordinates."""
        return (int(position[0]), int(position[1]))


IdLists = tuple[tuple[Any, ...] | None, ...]


class OnePageShapeCache(SurfaceCache):
    """pygame-gui's cache of drawn button and panel shapes, kept to its first 1024 x 1024 page.

    pygame-gui adds pages of 4 MB up to three as shapes are drawn; the app's few dialogs fill
    one, and a second and third page only kept the shapes of dialogs long closed (the monkey's
    Crimson Company table held 8 MB of pages after 60,000 events).  When the page is full the
    shapes used once are let go (pygame-gui's own purge) and new ones are drawn uncached.
    """

    def _expand_lt_cache(self) -> None:
        self.low_on_space = True


class SharedTheme(UIAppearanceTheme):
    """pygame-gui's theme with its element-id lookups remembered under a small key.

    ``UIAppearanceTheme.build_all_combined_ids`` remembers each answer under
    ``str(base).join(str(elements).join(str(classes)).join(str(objects)))``: ``join`` with a string
    argument puts the separator between its *characters*, so the key's length is the product of
    the four lists' text lengths, ~0.5 MB each.  The shared theme lives for the session, so every
    kind of dialog element added one of those for good (15 MB after 5,000 monkey events).  Here the four lists themselves are the key.
    Its shape cache is :class:`OnePageShapeCache`.
    """

    def __init__(self, loader: BlockingThreadedResourceLoader, locale: str) -> None:
        super().__init__(loader, locale)
        self._combined_ids: dict[IdLists, list[str]] = {}
        self.shape_cache = OnePageShapeCache()

    def build_all_combined_ids(
        self,
        element_base_ids: list[str | None] | None,
        element_ids: list[str] | None,
        class_ids: list[str | None] | None,
        object_ids: list[str | None] | None,
    ) -> list[str]:
        """The ids an element's theming is looked up by, most specific first (as pygame-gui's)."""
        lists = (element_base_ids, element_ids, class_ids, object_ids)
        key = tuple(None if ids is None else tuple(ids) for ids in lists)
        found = self._combined_ids.get(key)
        if found is None:
            found = super().build_all_combined_ids(*lists)
            self.unique_theming_ids.clear()  # the long key pygame-gui just kept
            self._combined_ids[key] = found
        return found


@lru_cache(maxsize=1)
def shared_theme() -> tuple[BlockingThreadedResourceLoader, UIAppearanceTheme]:
    """The app's pygame-gui theme (:func:`theme.gui_theme`) and the loader of its fonts, made
    once: what ``UIManager`` does for a theme of its own, loading it before the loader starts."""
    loader = BlockingThreadedResourceLoader()
    ui_theme = SharedTheme(loader, "en")
    ui_theme.load_theme(theme.gui_theme())
    loader.start()
    loader.update()
    return loader, ui_theme


def _forget_repeated_translation_paths() -> None:
    """pygame-gui appends its translations folder to ``i18n.load_path`` in every UIManager it
    makes, so the list grew by one entry for each dialog opened (seen in a heap probe of a long monkey run);
    keep each path once."""
    paths = i18n.load_path
    paths[:] = list(dict.fromkeys(paths))


def focused(manager: pygame_gui.UIManager) -> tuple[Any, ...]:
    """The elements that have the keyboard focus (none: an empty tuple, never None)."""
    return tuple(manager.get_focus_set() or ())


class GuiScene(Scene):
    """A scene with its own pygame-gui manager (menus, forms, dialogs)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ui = LogicalUIManager(app)
        self._deferred: list[Callable[[], object]] = []

    def button(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str,
        on_click: Callable[[], object],
        *,
        object_id: str | None = None,
        tooltip: str | None = None,
        container: Any = None,
        enabled: bool = True,
    ) -> pygame_gui.elements.UIButton:
        """A themed button; ``on_click`` runs once the click has been fully handled."""
        button = pygame_gui.elements.UIButton(
            relative_rect=pygame.Rect(rect),
            text=text,
            manager=self.ui,
            container=container,
            tool_tip_text=tooltip,
            object_id=pygame_gui.core.ObjectID(object_id=f"#{object_id}") if object_id else None,
        )
        button.bind(pygame_gui.UI_BUTTON_PRESSED, lambda: self._deferred.append(on_click))
        if not enabled:
            button.disable()
        return button

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The gui sees the event first; button callbacks run after it."""
        consumed = self.ui.process_events(event)
        ran = self._run_deferred()
        if consumed or ran:
            return None
        return self.handle_scene_event(event)

    def _run_deferred(self) -> bool:
        pending, self._deferred = self._deferred, []
        for callback in pending:
            callback()
        return bool(pending)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Events the gui did not use (keys, clicks on drawn things)."""
        return event

    def update(self, dt: float) -> None:
        """Advance the gui and the scene."""
        self.ui.update(dt)
        self.update_scene(dt)

    def update_scene(self, dt: float) -> None:
        """Scene-specific time step."""

    def ticking(self) -> bool:
        """While a text field has the focus its cursor blinks: a redraw each time the resting loop
        wakes (twice a second), not 60 frames a second.

        pygame-gui's ``get_focus_set()`` is typed as a set but returns None when nothing has the
        focus (0.6.14), so both are read as "no focus" here.
        """
        return any(isinstance(element, pygame_gui.elements.UITextEntryLine) for element in focused(self.ui))

    def draw(self, surface: pygame.Surface) -> None:
        """Background, gui, foreground."""
        self.draw_background(surface)
        self.ui.draw_ui(surface)
        self.draw_foreground(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        """Painted under the gui."""

    def draw_foreground(self, surface: pygame.Surface) -> None:
        """Painted over the gui."""

    def shutdown(self) -> None:
        """Drop every gui element."""
        self.ui.clear_and_reset()


class FormScene(GuiScene):
    """A form (setup, a new chronicle, joining a table, a lobby): Enter does its one action from
    anywhere, even while a name or a code is being typed (the text field would otherwise take it
    as "done typing", and a second Enter would focus it again), and Esc goes back."""

    def on_enter(self) -> None:
        """What Enter does (the form's main button)."""

    def on_escape(self) -> None:
        """What Esc does (back, or leave)."""

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Enter first, whatever has the focus; then the gui and the scene."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_enter()
            return None
        return super().handle_event(event)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc goes back."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return None
        return event
