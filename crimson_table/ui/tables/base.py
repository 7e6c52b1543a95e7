"""What every game table builds on: the match, bots in a worker, events, log, curtain, keys.

A game's table package (``ui/tables/<game>/``) subclasses :class:`BaseGameScene` in its
``scene.py`` and writes only what is its own:

* ``choreography`` (class attribute): the game's :class:`~crimson_table.ui.tables.choreography.Choreography`
  (``<game>/anim.py``), and ``stage()``: the object its handlers draw on (shown model, layout,
  in-flight marks, sounds) — never the scene itself;
* ``self.shown``: the game's shown model (``<game>/shown.py``, see ``tables/shown.py``), built
  in ``__init__`` and again in ``on_resync()`` from ``self.view``; the base calls :meth:`resync`
  whenever the table has caught up with a changed position or viewer, and after undo;
* ``draw_table(surface)`` paints the table for ``self.viewer_seat`` from ``self.shown`` (and
  ``self.view``, that seat's ``player_view``), inside ``self.table_rect``; ``self.sight`` says whose
  eyes: ``SEAT_SIGHT`` (in play), or in a replay ``SPECTATOR`` (the public view: the viewer seat is
  only the place at the bottom, its hand drawn face down) and ``ALL_OPEN`` (the open view of a
  finished game: every hand face up, where the table would draw backs);
* ``handle_game_event(e)`` turns gestures into candidate actions (pre-checked with
  ``self.match.refusal(action)``) and calls ``try_action``;
* ``on_resync()`` rebuilds whatever mirrors the position (shown model, sprites, selection);
  ``on_settled()`` runs after :meth:`settle`; ``stats()`` adds lines to the results;
* ``smoke_human_move()`` plays one move through :meth:`inject_click` / :meth:`inject_drag`.

The base feeds the choreography each applied action's events, redacted for the viewer
(``match.events_for``), one batch after the previous batch's beats have finished, and writes
each event to the log as its beat starts.  ``ui_anim`` is the animator for the table's own
gestures (a card sliding home); the base updates it.  :meth:`settle` finishes everything at once
(tests, the smoke run).

The base runs bots through a worker (``play/bot_worker.py``: a separate process, so the frame
loop never blocks nor waits for the GIL), paces them so a person can follow, shows "thinking…",
puts the privacy curtain up between human seats when the game hides hands (``handover.py``),
autosaves after every move, and handles Esc (pause), Ctrl+Z (undo) and Ctrl+S (save; both in
``keeping.py``).  Each concern the table composes lives in its own module: ``hud`` (buttons, keys,
input order), ``viewing`` (viewer seat, sight, resync), ``playback`` (events to the choreography
and log), ``results`` (kept results; where notices go), ``targets`` (actions on screen, glows),
``pacing`` (frames, the waiting pill's seat), ``ending`` (the results' words), ``bot_turns``,
``handover``, ``keeping``, ``injection``, ``hinting``, ``keyfocus``, ``dead_end``; the parts mixed
into the class find what they need of it in ``table_protocol.Table``.

An online table's match is remote (``match.remote``): the server plays the computer seats and
keeps the table, and only this screen's own seat sits here (``match.local_seats()``).  The table
then runs no bots, raises no curtain and autosaves nothing; a :class:`RemoteFeed` brings each
move the server applied through the same path as a local one (``remote_feed.py``).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.ai.registry import levels_for
from crimson_table.engine.core import Action, Event, IllegalAction, fill_seat_names
from crimson_table.play import autosave
from crimson_table.play.bot_worker import BotWorker
from crimson_table.play.match import Match
from crimson_table.play.thinking import DecisionClock
from crimson_table.ui import artwork
from crimson_table.ui.scene import Scene
from crimson_table.ui.sight import SEAT_SIGHT
from crimson_table.ui.tables import highlight, overlays, walnut_for
from crimson_table.ui.tables.backdrop import Backdrop, Layer
from crimson_table.ui.tables.bot_turns import BOT_PAUSE_SECONDS, BotTurns
from crimson_table.ui.tables.choreography import Choreography
from crimson_table.ui.tables.dead_end import DeadEnd
from crimson_table.ui.tables.ending import MatchEnd
from crimson_table.ui.tables.handover import Handover
from crimson_table.ui.tables.hinting import Hinter
from crimson_table.ui.tables.hud import LOG_FOOTER, TableHud
from crimson_table.ui.tables.injection import EventInjection
from crimson_table.ui.tables.keeping import UndoAndSave
from crimson_table.ui.tables.keyfocus import KeyFocus
from crimson_table.ui.tables.pacing import FramePacing
from crimson_table.ui.tables.playback import EventPlayback
from crimson_table.ui.tables.remote_feed import RemoteFeed
from crimson_table.ui.tables.results import KeptResults
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.tables.targets import ActionTargets
from crimson_table.ui.tables.viewing import Viewing
from crimson_table.ui.widgets.anim import Animator
from crimson_table.ui.widgets.dice_tray import DiceTrayScene
from crimson_table.ui.widgets.log_panel import LogPanel

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.tables.tutorial_mode import TutorialMode

log = logging.getLogger(__name__)


class BaseGameScene(
    TableHud,
    Viewing,
    EventPlayback,
    KeptResults,
    ActionTargets,
    FramePacing,
    MatchEnd,
    BotTurns,
    Handover,
    UndoAndSave,
    EventInjection,
    Scene,
):
    """A match on the table.  Subclasses draw and turn gestures into actions."""

    replay: Any = None  # set by ui/tables/replay.py: the table only shows a recorded match
    choreography: Choreography[Any]  # the game's event -> beats table (<game>/anim.py); every table sets it
    # What opens when the match ends: (app, table) -> scene; None = the game-over screen.  The
    # campaign sets it to its results, so the match's end goes back to the chronicle.
    ending: Callable[[App, BaseGameScene], Scene] | None = None

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match: Match = match
        self.info = match.rules.INFO
        self.anim: Animator = Animator(lambda: self.app.duration_factor)
        self.ui_anim: Animator = Animator(lambda: self.app.duration_factor)
        self.flights: InFlight = InFlight()
        self.caption = ""
        self.result_plate: pygame.Rect | None = None  # the kept results as last drawn (notices avoid it)
        self.pending_events: deque[list[Event]] = deque()
        self.worker: BotWorker | None = None
        self.since_last_action = BOT_PAUSE_SECONDS
        self.decision_clock = DecisionClock()  # time thinking, per decision (statistics)
        self._drawn_key: tuple[int, bool, int] | None = None  # what the last frame showed (needs_redraw)
        # Import the bots here, on the main thread: a first import inside the bot worker can be
        # starved of the GIL for seconds when frames run back to back (headless runs).
        levels_for(match.game_id)
        self.remote: RemoteFeed | None = (
            RemoteFeed(self) if match.remote else None
        )  # an online table's server feed
        humans = self.humans
        self.screen_owner: int | None = humans[0] if len(humans) == 1 else None
        self.viewer_seat: int = self._first_viewer()  # the seat at the bottom of the layout
        self.sight = SEAT_SIGHT  # whose knowledge is shown: that seat's, a spectator's, all hands open
        self.open_final: Any = None  # the end of the recorded game, which allows ALL_OPEN (replay)
        self.view = self.sight_view()
        self._shown_at = self._shown_key()
        self.log_panel: LogPanel = LogPanel(collapsed=app.settings.log_collapsed, footer=LOG_FOOTER)
        self.log_panel.names = self.seat_names
        self.log_panel.set_entries(match.events, self.knows)
        self._backdrop = Backdrop()  # the felt, the log's ink and still layers, composed at rest
        self._inked = False  # this frame's backdrop holds the log's ink
        self.curtain_up = False
        self.game_over_shown: bool = False
        self.results: list[Event] = []  # the latest results shown, kept until a human decides
        self.last_move: tuple[int, list[Event]] | None = None  # who moved last and what it did
        self.tutorial: TutorialMode | None = None  # set by tutorial_mode.start_tutorial
        self.glows: highlight.Glows = (
            highlight.Glows()
        )  # what glows on the table (hint, keyboard focus, tutorial)
        self.hinter: Hinter = Hinter(self)  # the Hint button and H (hinting.py)
        self.key_focus: KeyFocus = KeyFocus(self)  # Tab / Enter / Esc over the legal actions (keyfocus.py)
        self.dead_end = DeadEnd(self)  # a position with no legal move says so (dead_end.py)
        self._make_hud()  # Undo, Hint and Menu (hud.py)

    @property
    def humans(self) -> list[int]:
        """The human seats played at this screen now (seats may change between human and computer
        mid-match; at an online table only this screen's own seat)."""
        return self.match.local_seats()

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Seat names, for the ``{pN}`` tokens of engine texts."""
        return tuple(seat.name for seat in self.match.seats)

    def with_names(self, text: str) -> str:
        """An engine text with its seat tokens replaced by the seats' names."""
        return fill_seat_names(text, self.seat_names)

    def action_label(self, action: Action) -> str:
        """An action's text for the player (buttons, hints); a table whose board is shown turned
        round names its spaces as shown (Crimson Keep)."""
        return self.with_names(action.label)

    # -- geometry ----------------------------------------------------------------------------------
    @property
    def table_rect(self) -> pygame.Rect:
        """The part of the screen the table may use (everything left of the log panel)."""
        return pygame.Rect(0, 0, 1600 - self.log_panel.rect.width, 900)

    # -- hooks for subclasses -----------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        """Paint the table for ``viewer_seat`` (default: the backdrop, :meth:`draw_backdrop`)."""
        self.draw_backdrop(surface)

    def draw_backdrop(self, surface: pygame.Surface, still: Sequence[Layer] = ()) -> None:
        """The felt, and over it the log panel's ink and ``still`` (layers that stand still, as a map).

        While nothing animates (nothing drawn between the table and the log can pass under the panel)
        they come composed, in one blit (``tables/backdrop.py``), and the log skips its ink.
        """
        felt = artwork.felt(surface.get_size(), walnut=walnut_for(self.info.id))
        if self.animating():
            surface.blit(felt, (0, 0))
            for layer, pos in still:
                surface.blit(layer, pos)
            return
        surface.blit(self._backdrop.compose(felt, (*still, self.log_panel.ink())), (0, 0))
        self._inked = True

    def handle_game_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Gestures on the table."""
        return event

    def stage(self) -> Any:
        """What the choreography's handlers draw on (the game's stage object)."""
        return None

    def on_events(self, events: list[Event]) -> None:
        """Called with each batch (redacted for the viewer) once its beats are queued."""

    def on_resync(self) -> None:
        """``self.view`` is the present again: rebuild the shown model from it (and sprites...)."""

    def on_settled(self) -> None:
        """:meth:`settle` has finished every animation (default: nothing more)."""

    def on_reset(self) -> None:
        """The position jumped (undo): rebuild whatever mirrors it."""

    def on_viewer_changed(self) -> None:
        """A different seat now looks at the screen."""

    @property
    def help_title(self) -> str:  # type: ignore[override]
        """The game's name in the help overlay."""
        return self.info.title

    def seat_colour(self, seat: int) -> int:
        """The palette colour of a seat (``art.palette`` player colours); a game with its own seat
        colours (Crusader Kingdoms' rulebook colours) maps them here, for every badge of the app."""
        return seat

    # -- acting ----------------------------------------------------------------------------------------
    @property
    def awaiting_human(self) -> bool:
        """True when the seat looking at the screen must decide now."""
        seat = self.match.current_seat()
        return (
            seat is not None
            and self.replay is None
            and seat == self.viewer_seat
            and self.match.seats[seat].is_human
            and not self.curtain_up
        )

    @property
    def interactive(self) -> bool:
        """True when the viewer must decide now and the table has caught up with the engine."""
        return self.awaiting_human and self.settled

    def try_action(self, action: Action) -> bool:
        """Apply a human's action; a refusal shows "reason (RULE-ID)" in a red toast for 3 s."""
        if not self.awaiting_human:
            seat = self.match.current_seat()
            who = self.match.seats[seat].name if seat is not None else "nobody"
            self.app.toast(f"It is not your move: {who} is to act.")
            return False
        if self.tutorial is not None and not self.tutorial.allows(action):
            return False
        try:
            actor = self.match.current_seat()
            events = self.match.apply(action, seconds=self.decision_clock.seconds(self.match.step))
        except IllegalAction as exc:
            self.app.toast(f"{self.with_names(exc.reason)} ({exc.rule_id})")
            return False
        assert actor is not None
        self.results = []
        if not self.match.remote:  # online, the move comes back with the server's update (RemoteFeed)
            self._after_apply(actor, events)
        if self.tutorial is not None:
            self.tutorial.moved(action)
        return True

    def _after_apply(self, actor: int, events: list[Event]) -> None:
        self.show_move(actor, events)
        self._autosave()

    def _autosave(self) -> None:
        """Keep the match after a move; a tutorial keeps its own progress (play/tutorial.py) and an
        online table is kept by its server."""
        if self.tutorial is None and not self.match.remote:
            autosave.write(self.match, self.app.toast)

    def show_dice(self, values: list[int], title: str = "", labels: tuple[str, ...] = ()) -> None:
        """Roll d20s over the table, ending on the engine's ``values``; the table waits meanwhile."""
        self.app.push(DiceTrayScene(self.app, values, title=title, labels=labels))

    # -- lifecycle -------------------------------------------------------------------------------------
    def resume(self) -> None:
        """Back on top: the curtain may be due (also on first showing)."""
        self._check_curtain()

    def keep(self) -> None:
        """The app is closing (close button, a signal): the match is kept as it stands, as after
        every move; a tutorial keeps its own progress and a replay changes nothing."""
        if self.tutorial is None and self.replay is None and not self.match.remote:
            autosave.write(self.match)

    def shutdown(self) -> None:
        """Cancel the bot's decision (its process is terminated and replaced; nothing leaks); an
        online table leaves the server."""
        self._cancel_bot()
        self.hinter.cancel()
        if self.remote is not None:
            self.remote.close()

    def update(self, dt: float) -> None:
        """Animations, then hand over events, then curtain, bots and the end of the game.

        The HUD's enabled states are set last: the app may draw this frame and then rest until
        the next input, so the frame must already show the Hint of a turn that just began."""
        self.glows.expire(self.match.step)
        self.hinter.update()
        if self.remote is not None:
            self.remote.update()
        self.anim.update(dt)
        self.since_last_action += dt
        self.ui_anim.update(dt)
        self._advance()
        self.resync_if_stale()
        if self.tutorial is not None:
            self.tutorial.update()
        self._place_hud()

    def _advance(self) -> None:
        if self.anim.busy:
            return
        while self.pending_events and not self.anim.busy:
            self.play_next_batch()
        if self.replay is not None:
            return
        if self.interactive:
            self.decision_clock.asked(self.match.step)
        if self.anim.busy or self._check_curtain():
            return
        if self.match.is_over():
            self._show_game_over()
            return
        if self.dead_end.check():  # no legal move, yet not over: a dialog offers the ways on
            return
        self._run_bots()

    def _show_game_over(self) -> None:
        if self.game_over_shown:
            return
        self.game_over_shown = True
        if self.ending is not None:
            self.app.push(self.ending(self.app, self))
        else:
            self.app.open("game_over", game=self)

    # -- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Table, animations, log, HUD and the thinking indicator."""
        self._drawn_key = self._frame_key()
        self._inked = False
        self.draw_table(surface)
        self.result_plate = overlays.draw_results(self, surface)
        self.anim.draw(surface)
        self.log_panel.draw(surface, inked=self._inked)
        self._draw_hud(surface)
        self.glows.draw(surface, self.action_rects, self.table_rect, self.caption_avoid())
        waiting = self.waiting_seat()  # the pill: whom the table waits for (pacing.py)
        if self.remote is not None and not self.remote.connected:
            overlays.draw_waiting(self, surface, None, "Connection lost: reconnecting")
        elif waiting is not None:
            overlays.draw_waiting(self, surface, waiting, self.waiting_text(waiting))
        if self.tutorial is not None:
            self.tutorial.draw(surface)
