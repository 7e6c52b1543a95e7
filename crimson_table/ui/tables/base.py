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

The base is the scene's life cycle (:meth:`update`, :meth:`draw`, resume, keep, shutdown) and
the composition of its parts, each a module that holds one concern, mixed into the class:

* ``playback``: each applied action's events, redacted for the viewer (``match.events_for``), go
  to the choreography one batch after the previous batch's beats have finished, and each event to
  the log as its beat starts; :meth:`settle` finishes everything at once (tests, the smoke run);
* ``viewing``: the viewer seat and sight, and the shown model rebuilt (:meth:`resync`) once the
  table has caught up;
* ``human_turns`` and ``bot_turns``: a person's action applied or refused; the computer seats
  through a worker (``play/bot_worker.py``: a separate process, so the frame loop never blocks
  nor waits for the GIL), paced so a person can follow; every move autosaved;
* ``handover``: the privacy curtain between human seats when the game hides hands;
* ``keeping``: undo (Ctrl+Z) and save (Ctrl+S);
* ``hud``: the Undo, Hint and Menu buttons, the keys, and the order input goes through;
* ``results``: the results kept on the table, and where notices and captions go;
* ``targets``: where actions are on screen, for glows (hint, keyboard focus, tutorial);
* ``pacing``: when the table needs frames, and whom the "thinking…" pill waits for;
* ``ending``: what opens when the match is over, and the results' words;
* ``injection``: synthetic clicks and drags (the smoke run, tests).

They find what they need of the table in ``table_protocol.Table``.  The table also holds helpers
that are objects of their own: its ``hinter`` (``hinting.py``), ``key_focus`` (``keyfocus.py``),
``dead_end`` (``dead_end.py``) and, online, ``remote`` (``remote_feed.py``).  ``ui_anim`` is the
animator for the table's own gestures (a card sliding home); the base updates it.

An online table's match is remote (``match.remote``): the server plays the computer seats and
keeps the table, and only this screen's own seat sits here (``match.local_seats()``).  The table
then runs no bots, raises no curtain and autosaves nothing; a :class:`RemoteFeed` brings each
move the server applied through the same path as a local one (``remote_feed.py``).  A spectator
(``watching``: no local seat) sees the table through the public view (``SPECTATOR`` sight), and the
table offers no move: nothing is ``interactive``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.ai.registry import levels_for
from crimson_table.engine.core import Action, Event, fill_seat_names
from crimson_table.play import autosave
from crimson_table.play.bot_worker import BotWorker
from crimson_table.play.match import Match
from crimson_table.play.thinking import DecisionClock
from crimson_table.ui import artwork
from crimson_table.ui.scene import Scene
from crimson_table.ui.tables import highlight, overlays, walnut_for
from crimson_table.ui.tables.backdrop import Backdrop, Layer
from crimson_table.ui.tables.bot_turns import BOT_PAUSE_SECONDS, BotTurns
from crimson_table.ui.tables.choreography import Choreography
from crimson_table.ui.tables.dead_end import DeadEnd
from crimson_table.ui.tables.ending import MatchEnd
from crimson_table.ui.tables.handover import Handover
from crimson_table.ui.tables.hinting import Hinter
from crimson_table.ui.tables.hud import LOG_FOOTER, TableHud
from crimson_table.ui.tables.human_turns import HumanTurns
from crimson_table.ui.tables.injection import EventInjection
from crimson_table.ui.tables.keeping import UndoAndSave
from crimson_table.ui.tables.keyfocus import KeyFocus
from crimson_table.ui.tables.pacing import FramePacing
from crimson_table.ui.tables.playback import EventPlayback
from crimson_table.ui.tables.remote_feed import RemoteFeed
from crimson_table.ui.tables.results import KeptResults
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.tables.table_chat import TableChat
from crimson_table.ui.tables.targets import ActionTargets
from crimson_table.ui.tables.viewing import Viewing
from crimson_table.ui.widgets.anim import Animator
from crimson_table.ui.widgets.dice_tray import DiceTrayScene
from crimson_table.ui.widgets.log_panel import LogPanel

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.tables.tutorial_mode import TutorialMode


class BaseGameScene(
    TableHud,
    Viewing,
    EventPlayback,
    KeptResults,
    ActionTargets,
    FramePacing,
    MatchEnd,
    HumanTurns,
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
        # an online table's server feed
        self.remote: RemoteFeed | None = RemoteFeed(self) if match.remote else None
        humans = self.humans
        self.screen_owner: int | None = humans[0] if len(humans) == 1 else None
        self.viewer_seat: int = self._first_viewer()  # the seat at the bottom of the layout
        # whose knowledge is shown: that seat's, a spectator's (no seat played here), all hands open
        self.sight = self._first_sight()
        self.open_final: Any = None  # the end of the recorded game, which allows ALL_OPEN (replay)
        self.view = self.sight_view()
        self._shown_at = self._shown_key()
        self.log_panel: LogPanel = LogPanel(collapsed=app.settings.log_collapsed, footer=LOG_FOOTER)
        self.log_panel.names = self.seat_names
        self.log_panel.set_entries(match.events, self.knows)
        self.chat = TableChat(self) if self.remote is not None else None  # online: in the log column
        self._backdrop = Backdrop()  # the felt, the log's ink and still layers, composed at rest
        self._inked = False  # this frame's backdrop holds the log's ink
        self.curtain_up = False
        self.game_over_shown: bool = False
        self.results: list[Event] = []  # the latest results shown, kept until a human decides
        self.last_move: tuple[int, list[Event]] | None = None  # who moved last and what it did
        self.tutorial: TutorialMode | None = None  # set by tutorial_mode.start_tutorial
        self.glows = highlight.Glows()  # what glows on the table (hint, keyboard focus, tutorial)
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
        if self.chat is not None:
            self.chat.update()
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
        if self.chat is not None:
            self.chat.draw(surface)
        self.glows.draw(surface, self.action_rects, self.table_rect, self.caption_avoid())
        self._draw_waiting(surface)
        if self.tutorial is not None:
            self.tutorial.draw(surface)
