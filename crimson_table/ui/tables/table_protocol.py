"""What the parts mixed into a table need of it: the one protocol they are written against.

Each part mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene` (``hud``, ``viewing``,
``playback``, ``results``, ``targets``, ``pacing``, ``ending``, ``human_turns``, ``bot_turns``,
``handover``, ``keeping``, ``injection``) types ``self`` as :class:`Table`, so a part calls what
another part or the base provides without importing the base (no cycle) and without a stub that
would shadow the real method in the class's method order.  mypy checks that the base fits this
protocol wherever the base calls a part.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from crimson_table.engine.core import Action, Event, GameInfo
    from crimson_table.play.bot_worker import BotWorker
    from crimson_table.play.match import Match
    from crimson_table.play.thinking import DecisionClock
    from crimson_table.ui.app import App
    from crimson_table.ui.scene import Scene
    from crimson_table.ui.tables.choreography import Choreography
    from crimson_table.ui.tables.highlight import Glows
    from crimson_table.ui.tables.hinting import Hinter
    from crimson_table.ui.tables.keyfocus import KeyFocus
    from crimson_table.ui.tables.remote_feed import RemoteFeed
    from crimson_table.ui.tables.shown import InFlight
    from crimson_table.ui.tables.table_chat import TableChat
    from crimson_table.ui.tables.tutorial_mode import TutorialMode
    from crimson_table.ui.widgets.anim import Animator
    from crimson_table.ui.widgets.buttons import Button
    from crimson_table.ui.widgets.log_panel import LogPanel


class Table(Protocol):
    """A table as its parts see it (BaseGameScene and its mixed-in parts)."""

    app: App
    match: Match
    info: GameInfo
    replay: Any
    ending: Callable[..., Scene] | None
    tutorial: TutorialMode | None
    remote: RemoteFeed | None
    chat: TableChat | None
    worker: BotWorker | None
    decision_clock: DecisionClock
    hinter: Hinter
    key_focus: KeyFocus
    glows: Glows
    log_panel: LogPanel
    anim: Animator
    ui_anim: Animator
    flights: InFlight
    pending_events: deque[list[Event]]
    caption: str
    results: list[Event]
    result_kinds: frozenset[str]
    result_plate: pygame.Rect | None
    last_move: tuple[int, list[Event]] | None
    since_last_action: float
    viewer_seat: int
    sight: str
    open_final: Any
    view: Mapping[str, Any]
    _shown_at: tuple[int, int, str]
    _drawn_key: tuple[int, bool, int] | None
    curtain_up: bool
    screen_owner: int | None
    game_over_shown: bool
    menu_button: Button
    undo_button: Button
    hint_button: Button

    @property
    def choreography(self) -> Choreography[Any]: ...  # read-only: each table names its game's

    @property
    def HELP_KEYS(self) -> tuple[tuple[str, str], ...]: ...  # noqa: N802 (read-only: tables narrow it)

    @property
    def TABLE_KEYS(self) -> tuple[tuple[str, str], ...]: ...  # noqa: N802

    @property
    def WATCHING_KEYS(self) -> tuple[tuple[str, str], ...]: ...  # noqa: N802

    @property
    def humans(self) -> list[int]: ...

    @property
    def seat_names(self) -> tuple[str, ...]: ...

    @property
    def knows(self) -> int | None: ...

    @property
    def watching(self) -> bool: ...

    @property
    def spectating(self) -> bool: ...

    @property
    def settled(self) -> bool: ...

    @property
    def table_rect(self) -> pygame.Rect: ...

    @property
    def awaiting_human(self) -> bool: ...

    @property
    def interactive(self) -> bool: ...

    def with_names(self, text: str) -> str: ...

    def sight_view(self) -> Mapping[str, Any]: ...

    def _shown_key(self) -> tuple[int, int, str]: ...

    def resync(self) -> None: ...

    def resync_if_stale(self) -> None: ...

    def stage(self) -> Any: ...

    def on_events(self, events: list[Event]) -> None: ...

    def on_resync(self) -> None: ...

    def on_settled(self) -> None: ...

    def on_viewer_changed(self) -> None: ...

    def on_reset(self) -> None: ...

    def stats(self) -> list[tuple[str, str]]: ...

    def seat_colour(self, seat: int) -> int: ...

    def _set_viewer(self, seat: int, sight: str = ...) -> None: ...

    def show_move(self, actor: int, events: list[Event]) -> None: ...

    def show_reset(self, told: list[Event] | None = None) -> None: ...

    def play_next_batch(self) -> None: ...

    def _keep_results(self, told: Sequence[Event], batch: list[Event]) -> None: ...

    def drop_results(self) -> None: ...

    def clears_results(self, event: Event) -> bool: ...

    def plate_clearance(self) -> list[pygame.Rect]: ...

    def try_action(self, action: Action) -> bool: ...

    def _after_apply(self, actor: int, events: list[Event]) -> None: ...

    def _autosave(self) -> None: ...

    def _cancel_bot(self) -> None: ...

    def _apply_bot(self, worker: BotWorker) -> None: ...

    def _captain_plays(self, seat: int, why: str, error: BaseException | None) -> Action: ...

    def handover_review(self) -> bool: ...

    def _curtain_lifted(self, seat: int) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None: ...

    def inject(self, kind: int, pos: tuple[int, int], **extra: Any) -> None: ...

    def handle_game_event(self, event: pygame.event.Event) -> pygame.event.Event | None: ...

    def next_human_at_screen(self) -> int | None: ...

    def animating(self) -> bool: ...

    def waiting_seat(self) -> int | None: ...

    def waiting_text(self, seat: int) -> str: ...

    def waiting_anchor(self) -> tuple[int, int]: ...

    def typing(self) -> bool: ...
    def hud_buttons(self) -> tuple[Button, ...]: ...

    def _frame_key(self) -> tuple[int, bool, int]: ...

    def open_pause(self) -> None: ...

    def undo(self) -> bool: ...

    def save_game(self) -> Any: ...

    def _hud_event(self, event: pygame.event.Event) -> pygame.event.Event | None: ...

    def _place_hud(self) -> None: ...

    def _shortcut(self, event: pygame.event.Event) -> bool: ...
