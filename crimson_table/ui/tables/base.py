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
``keeping.py``).  Each concern the table composes lives in its own module: ``bot_turns``,
``handover``, ``keeping``, ``injection``, ``hinting``, ``keyfocus``, ``dead_end``.

An online table's match is remote (``match.remote``): the server plays the computer seats and
keeps the table, and only this screen's own seat sits here (``match.local_seats()``).  The table
then runs no bots, raises no curtain and autosaves nothing; a :class:`RemoteFeed` brings each
move the server applied through the same path as a local one (``remote_feed.py``).  A spectator
(``watching``: no local seat) sees the table through the public view (``SPECTATOR`` sight), and the
table offers no move: nothing is ``interactive``.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Mapping, Sequence
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
from crimson_table.ui.sight import ALL_OPEN, SEAT_SIGHT, SPECTATOR
from crimson_table.ui.tables import highlight, overlays, walnut_for
from crimson_table.ui.tables.backdrop import Backdrop, Layer
from crimson_table.ui.tables.bot_turns import BOT_PAUSE_SECONDS, BotTurns
from crimson_table.ui.tables.choreography import Choreography
from crimson_table.ui.tables.dead_end import DeadEnd
from crimson_table.ui.tables.handover import Handover
from crimson_table.ui.tables.hinting import Hinter
from crimson_table.ui.tables.injection import EventInjection
from crimson_table.ui.tables.keeping import UndoAndSave
from crimson_table.ui.tables.keyfocus import KeyFocus
from crimson_table.ui.tables.remote_feed import RemoteFeed
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.tables.table_chat import HELP_KEYS as CHAT_KEYS
from crimson_table.ui.tables.table_chat import TableChat
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import Animator
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.dice_tray import DiceTrayScene
from crimson_table.ui.widgets.log_panel import LogPanel
from crimson_table.ui.widgets.theme import GOLD

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.tables.tutorial_mode import TutorialMode

log = logging.getLogger(__name__)

THINKING_FPS = 12  # repaints a second while the table only waits for a bot (dots, slow pulses)
LOG_FOOTER = 72
# Events whose line stays on the table until the next human decision (a battle, a reveal, a
# round's end), so that with fast or no animation the result does not flash past.
RESULT_KINDS = frozenset({"reveal", "battle_result", "round_end", "castle_won"})
RESULT_LINES = 3


class BaseGameScene(BotTurns, Handover, UndoAndSave, EventInjection, Scene):
    """A match on the table.  Subclasses draw and turn gestures into actions."""

    replay: Any = None  # set by ui/tables/replay.py: the table only shows a recorded match
    choreography: Choreography[Any]  # the game's event -> beats table (<game>/anim.py); every table sets it
    # What opens when the match ends: (app, table) -> scene; None = the game-over screen.  The
    # campaign sets it to its results, so the match's end goes back to the chronicle.
    ending: Callable[[App, BaseGameScene], Scene] | None = None
    # The event kinds whose lines stay on the table until the next human decision (a table may
    # name its own game's: a Crusader Kingdoms attack is told by "reveal", "combat" and "capture").
    result_kinds: frozenset[str] = RESULT_KINDS
    HELP_KEYS = (
        ("Tab / Shift+Tab", "Walk through the moves you may make now (the move glows)"),
        ("Enter or Space", "Play the move in focus (after Tab)"),
        ("Esc", "Clear the focus; else the pause menu"),
        ("H", "Hint: the suggested move glows, with its chance to win"),
        ("Ctrl+Z", "Undo your last decision (when the rules allow)"),
        ("Ctrl+S", "Save the game"),
    )
    TABLE_KEYS: tuple[tuple[str, str], ...] = ()  # a table's own keys, listed after the base's

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.info = match.rules.INFO
        self.anim = Animator(lambda: self.app.duration_factor)
        self.ui_anim = Animator(lambda: self.app.duration_factor)
        self.flights = InFlight()
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
        self.remote = RemoteFeed(self) if match.remote else None  # an online table's server feed
        humans = self.humans
        self.screen_owner: int | None = humans[0] if len(humans) == 1 else None
        self.viewer_seat: int = self._first_viewer()  # the seat at the bottom of the layout
        # whose knowledge is shown: that seat's, a spectator's (watching online: no seat here), all hands open
        self.sight = SPECTATOR if self.watching else SEAT_SIGHT
        self.open_final: Any = None  # the end of the recorded game, which allows ALL_OPEN (replay)
        self.view = self.sight_view()
        self._shown_at = self._shown_key()
        self.log_panel = LogPanel(collapsed=app.settings.log_collapsed, footer=LOG_FOOTER)
        self.log_panel.names = self.seat_names
        self.log_panel.set_entries(match.events, self.knows)
        self.chat = TableChat(self) if self.remote is not None else None  # online: in the log column
        self._backdrop = Backdrop()  # the felt, the log's ink and still layers, composed at rest
        self._inked = False  # this frame's backdrop holds the log's ink
        self.curtain_up = False
        self.game_over_shown = False
        self.results: list[Event] = []  # the latest results shown, kept until a human decides
        self.last_move: tuple[int, list[Event]] | None = None  # who moved last and what it did
        self.tutorial: TutorialMode | None = None  # set by tutorial_mode.start_tutorial
        self.menu_button = Button(
            (0, 0, 136, 44), "Menu", self.open_pause, kind="secondary", size=fonts.SMALL + 1
        )
        self.undo_button = Button((0, 0, 136, 44), "Undo", self.undo, kind="secondary", size=fonts.SMALL + 1)
        self.glows = highlight.Glows()  # what glows on the table (hint, keyboard focus, tutorial)
        self.hinter = Hinter(self)  # the Hint button and H (hinting.py)
        self.key_focus = KeyFocus(self)  # Tab / Enter / Esc over the legal actions (keyfocus.py)
        self.dead_end = DeadEnd(self)  # a position with no legal move says so (dead_end.py)
        self.hint_button = Button(
            (0, 0, 96, 44), "Hint", self.hinter.ask, kind="secondary", size=fonts.SMALL + 1
        )
        self._place_hud()

    @property
    def humans(self) -> list[int]:
        """The human seats played at this screen now (seats may change between human and computer
        mid-match; at an online table only this screen's own seat)."""
        return self.match.local_seats()

    @property
    def watching(self) -> bool:
        """True at an online table followed as a spectator: no seat is played at this screen, the
        table shows the public view (every hand face down) and offers no move."""
        return bool(self.match.remote) and not self.match.local_seats()

    def speaks_to(self, seat: int | None) -> bool:
        """True when the table may speak of ``seat`` as "you" ("Your turn", "Your side"): a person
        plays it at this screen.  A spectator sits at no seat, so the table names every seat."""
        return seat is not None and seat in self.humans

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Seat names, for the ``{pN}`` tokens of engine texts."""
        return tuple(seat.name for seat in self.match.seats)

    def with_names(self, text: str) -> str:
        """An engine text with its seat tokens replaced by the seats' names."""
        return fill_seat_names(text, self.seat_names)

    def result_detail(self) -> str:
        """The line under the end screen's headline: the engine's result text, with names."""
        outcome = self.match.outcome()
        return self.with_names(outcome.reason) if outcome is not None else ""

    def action_label(self, action: Action) -> str:
        """An action's text for the player (buttons, hints); a table whose board is shown turned
        round names its spaces as shown (Crimson Keep)."""
        return self.with_names(action.label)

    def _first_viewer(self) -> int:
        if not self.humans:
            return 0
        current = self.match.current_seat()
        return current if current in self.humans else self.humans[0]

    @property
    def knows(self) -> int | None:
        """The seat whose knowledge the table shows, or None (a spectator; all hands open): the seat
        events are redacted for and log lines read as."""
        return self.viewer_seat if self.sight == SEAT_SIGHT else None

    @property
    def spectating(self) -> bool:
        """True when no seat's hidden cards may show: the seat at the bottom is only a place."""
        return self.sight == SPECTATOR

    def sight_view(self) -> Mapping[str, Any]:
        """The view the table is built from: the viewer seat's, a spectator's, or all hands open."""
        if self.sight == SPECTATOR:
            return self.match.view(None)
        if self.sight == ALL_OPEN:
            return self.match.open_view(self.open_final)
        return self.match.view(self.viewer_seat)

    def _shown_key(self) -> tuple[int, int, str]:
        return (self.match.step, self.viewer_seat, self.sight)

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

    def stats(self) -> list[tuple[str, str]]:
        """Game-specific lines for the results screen."""
        return []

    def help_keys(self) -> list[tuple[str, str]]:
        """The tutorial's keys (in a tutorial), the base table's, then the table's own (``TABLE_KEYS``)."""
        coach = self.tutorial.HELP_KEYS if self.tutorial is not None else ()
        chat = CHAT_KEYS if self.chat is not None else ()
        return [*coach, *self.HELP_KEYS, *self.TABLE_KEYS, *chat]

    def typing(self) -> bool:
        """True while a line of the table chat is typed: keys are letters then, not shortcuts."""
        return self.chat is not None and self.chat.typing

    @property
    def help_title(self) -> str:  # type: ignore[override]
        """The game's name in the help overlay."""
        return self.info.title

    def on_key_focus(self, action: Action | None) -> None:
        """The keyboard focus moved to ``action`` (None: cleared); a table may mirror it."""

    def play_focused(self, action: Action) -> None:
        """Play an action chosen with the keyboard (a table may confirm first, as its button does)."""
        self.try_action(action)

    def action_rects(self, action: Action) -> list[pygame.Rect]:
        """Where on the screen what ``action`` is about is drawn now (``ui/tables/highlight.py``)."""
        return []

    def reveal_action(self, action: Action) -> None:
        """Make ``action``'s target show (a table with pages of buttons turns to its page)."""

    def glow(
        self, actions: Sequence[Action], style: str = "hint", caption: str = "", sticky: bool = False
    ) -> None:
        """Glow the targets of ``actions`` in ``style`` (see ``highlight.py``) until cleared."""
        self.glows.set(highlight.Glow(tuple(actions), style, caption, sticky, self.match.step))

    def clear_glow(self, style: str | None = None) -> None:
        """Stop one style's glow (every glow when ``style`` is None)."""
        self.glows.clear(style)

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
            and not self.spectating  # the seat at the bottom is only a place: nobody here may act
        )

    @property
    def settled(self) -> bool:
        """True when no event animation is playing or waiting: the table shows the present."""
        return not self.anim.busy and not self.pending_events

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

    def result_headline(self) -> str | None:
        """The game-over banner when the table says more than who won (None: "Anna wins!")."""
        return None

    def score_text(self, seat: int, score: float) -> str:
        """A seat's final score as the game-over table writes it (whole numbers without a point);
        tables whose score packs more than one number override this."""
        return str(int(score)) if float(score).is_integer() else f"{score:.1f}"

    def plate_clearance(self) -> list[pygame.Rect]:
        """What a hint's or the keyboard focus's caption plate must never cover: the table's action
        buttons (``self.buttons``, where a table keeps them), the very choices a hint compares."""
        buttons: list[Button] = getattr(self, "buttons", [])
        return [button.rect for button in buttons]

    def button_for(self, action: Action) -> Button | None:
        """The button of ``self.buttons`` that makes ``action`` (its ``on_click`` a partial of it),
        or None if it is not a button now; a table with other buttons overrides this."""
        buttons: list[Button] = getattr(self, "buttons", [])
        for button in buttons:
            target = getattr(button.on_click, "args", ())
            if target and target[0] == action:
                return button
        return None

    def _after_apply(self, actor: int, events: list[Event]) -> None:
        self.show_move(actor, events)
        self._autosave()

    def show_move(self, actor: int, events: list[Event]) -> None:
        """Queue an applied move's events for the choreography and the log; the view is the present."""
        self.last_move = (actor, list(events))
        self.since_last_action = 0.0
        self.pending_events.append(list(events))
        self.view = self.sight_view()

    def _autosave(self) -> None:
        """Keep the match after a move; a tutorial keeps its own progress (play/tutorial.py) and an
        online table is kept by its server."""
        if self.tutorial is None and not self.match.remote:
            autosave.write(self.match, self.app.toast)

    def play_next_batch(self) -> None:
        """Hand the oldest applied action's events to the animations, and to the log as they play."""
        batch = self.pending_events.popleft()
        redacted = self.match.events_for(self.knows, batch)
        original = {id(seen): event for seen, event in zip(redacted, batch, strict=True)}

        def narrate(events: Sequence[Event]) -> None:
            told = [original[id(e)] for e in events]
            self.log_panel.add(told)
            self.caption = events[0].text_for(self.knows, self.seat_names) if events else ""
            self._keep_results(told, batch)

        self.choreography.play(self.stage(), redacted, self.anim, narrate)
        self.on_events(redacted)

    def _keep_results(self, told: Sequence[Event], batch: list[Event]) -> None:
        """Results just told stay on the table, replacing those of an earlier move; an event that
        opens a new contest (:meth:`clears_results`) takes the earlier ones away at once."""
        kept = list(self.results)
        fresh = bool(kept) and kept[-1] in batch  # results of this move so far: add to them
        for event in told:
            if self.clears_results(event):
                kept, fresh = [], True
            elif event.kind in self.result_kinds and event.text:
                if not fresh:
                    kept, fresh = [], True
                kept.append(event)
        self.results = kept[-RESULT_LINES:]

    def clears_results(self, event: Event) -> bool:
        """Whether ``event`` opens a new contest on the table, so the last one's results go (none by
        default: they stay until a human decides or new results replace them)."""
        return False

    def result_lines(self) -> list[str]:
        """The lines of the results kept on the table, as the viewer may read them."""
        return [e.text_for(self.knows, self.seat_names) for e in self.results]

    def toast_anchor(self) -> tuple[int, int]:
        """Where notices stack up from: centred on the table, clear of the log panel.  Tables with a
        hand along the bottom put them above it, so a refusal never hides the cards it is about."""
        return (self.table_rect.centerx, self.table_rect.bottom - 24)

    def result_anchor(self) -> tuple[int, int]:
        """Where the kept results are drawn (their plate's centre); tables may move it."""
        return self.table_rect.center

    def toast_avoid(self) -> list[pygame.Rect]:
        """Notices step aside from the kept results' plate, as last drawn."""
        return [self.result_plate] if self.result_plate is not None else []

    def caption_avoid(self) -> list[pygame.Rect]:
        """What a glow's caption plate (a hint's line, "Looking for a hint…") must not cover, as
        last drawn: the kept results' plate and the table's buttons; tables add what the player must
        keep reading (hands)."""
        kept = [self.result_plate] if self.result_plate is not None else []
        return kept + self.plate_clearance()

    def result_bounds(self) -> pygame.Rect:
        """The rect the kept results' plate wraps to and stays inside; tables may narrow it."""
        return self.table_rect

    def current_caption(self) -> str:
        """The log line of the event being animated now ("" when the table has caught up)."""
        return self.caption if self.anim.busy else ""

    def settle(self) -> None:
        """Finish every animation and hand over every pending batch at once (tests, smoke run)."""
        for _ in range(10_000):
            self.anim.finish_all()
            if not self.pending_events:
                break
            self.play_next_batch()
        self.anim.finish_all()
        self.ui_anim.finish_all()
        self.resync_if_stale()
        self.on_settled()

    def resync(self) -> None:
        """Show the present: the viewer's view, the shown model rebuilt from it, nothing in flight."""
        self.view = self.sight_view()
        self._shown_at = self._shown_key()
        self.flights.clear()
        self.on_resync()

    def resync_if_stale(self) -> None:
        """Resync once the table has settled on a position (or viewer) it has not been built from."""
        if self.settled and self._shown_at != self._shown_key():
            self.resync()

    def skip_pending(self) -> None:
        """Drop the batches still waiting to be animated; they still go to the log."""
        while self.pending_events:
            self.log_panel.add(self.pending_events.popleft())

    def show_dice(self, values: list[int], title: str = "", labels: tuple[str, ...] = ()) -> None:
        """Roll d20s over the table, ending on the engine's ``values``; the table waits meanwhile."""
        self.app.push(DiceTrayScene(self.app, values, title=title, labels=labels))

    # -- pause ------------------------------------------------------------------------------
    def open_pause(self) -> None:
        """The pause menu."""
        self.app.open("pause", game=self)

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

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The chat (a line being typed keeps every key), log panel, HUD buttons and shortcuts first,
        then the table."""
        if self.chat is not None and self.chat.handle_event(event) is None:
            self._place_hud()
            return None
        was_collapsed = self.log_panel.collapsed
        if self._hud_event(event) is None or self.log_panel.handle_event(event) is None:
            self._place_hud()
            if self.log_panel.collapsed != was_collapsed:
                self.app.apply_settings(
                    self.app.settings.with_changes(log_collapsed=self.log_panel.collapsed)
                )
            return None
        if self.tutorial is not None and self.tutorial.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and self._shortcut(event):
            return None
        return self.handle_game_event(event)

    def _hud_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        for button in (self.menu_button, self.undo_button, self.hint_button):
            if button.handle_event(event) is None:
                return None
        return event

    def _place_hud(self) -> None:
        panel = self.log_panel.rect
        hud = (self.undo_button, self.hint_button, self.menu_button)
        if self.log_panel.collapsed:  # all stay, inside the collapsed strip, one above the other
            for i, button in enumerate(hud):
                button.rect = pygame.Rect(panel.x + 6, 900 - 160 + 52 * i, panel.width - 10, 44)
        else:
            for i, button in enumerate(hud):
                button.rect = pygame.Rect(panel.x + 14 + 100 * i, 900 - 58, 92, 44)
        self.undo_button.enabled = self.match.can_undo() and self.tutorial is None
        self.hint_button.enabled = self.hinter.available() and self.tutorial is None

    def _shortcut(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if self.key_focus.handle_key(event):
            pass
        elif event.key == pygame.K_ESCAPE:
            self.open_pause()
        elif event.key == pygame.K_h and not ctrl:
            self.hinter.ask()
        elif ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_s:
            self.save_game()
        else:
            return False
        return True

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

    def needs_frames(self) -> bool:
        """Frames while the table moves by itself: a bot to move, events to show, the end to announce."""
        if self.replay is not None:
            return not self.settled or self.animating()
        seat = self.match.current_seat()
        # a computer seat here; online the server's computers and the other people move elsewhere
        bot_to_move = seat is not None and not self.match.seats[seat].is_human and not self.match.remote
        handing_over = self.next_human_at_screen() is not None and not self.curtain_up
        ending = self.match.is_over() and not self.game_over_shown
        thinking = self.hinter.thinking
        coaching = self.tutorial is not None and self.tutorial.needs_frames()
        busy = thinking or coaching or not self.settled or self.animating()
        return bot_to_move or handing_over or ending or busy

    def ticking(self) -> bool:
        """Online, while another player decides elsewhere: the table rests (the network wakes it
        when the move comes) and its "Waiting for …" pill is redrawn as the app wakes; so is the
        cursor of a chat line being typed."""
        return self.remote is not None and (self.waiting_seat() is not None or self.typing())

    def needs_redraw(self) -> bool:
        """While a bot thinks and nothing moves, repaint only ``THINKING_FPS`` times a second.

        The frame loop keeps its 60 ticks (the answer is noticed at once) but does not paint
        a table that looks the same: the bot's process gets the CPU instead.
        """
        if self.waiting_seat() is None or not self.settled or self.animating():
            return True
        return self._frame_key() != self._drawn_key

    def _frame_key(self) -> tuple[int, bool, int]:
        waiting = self.waiting_seat() is not None
        return (self.match.step, waiting, int(self.app.clock_time * THINKING_FPS))

    def waiting_seat(self) -> int | None:
        """The seat the table waits for and says so: a computer thinking here, or, online, a person
        (or a computer seat) deciding elsewhere once the table shows the present; else None."""
        if self.worker is not None:
            return self.worker.seat if self.worker.seat is not None else 0
        if self.remote is not None and self.settled:
            return self.remote.waiting_seat()
        return None

    def waiting_anchor(self) -> tuple[int, int]:
        """Where the "… is thinking" / "Waiting for …" pill hangs (its top centre): the table's top
        centre; a table whose own header sits there moves it."""
        return (self.table_rect.centerx, overlays.THINKING_TOP)

    def waiting_text(self, seat: int) -> str:
        """What the table says while ``seat`` decides (the dots follow)."""
        if self.remote is not None:
            return self.remote.waiting_text(seat)
        return f"{self.match.seats[seat].name} is thinking"

    def animating(self) -> bool:
        """True while the table's own animations run (default: any Animator of the scene is busy)."""
        return any(isinstance(part, Animator) and part.busy for part in vars(self).values())

    # -- viewer -----------------------------------------------------------------------------------------
    def _set_viewer(self, seat: int, sight: str = SEAT_SIGHT) -> None:
        if seat == self.viewer_seat and sight == self.sight:
            return
        self.viewer_seat, self.sight = seat, sight
        self.view = self.sight_view()
        self.log_panel.set_viewer(self.knows)
        self.resync()
        self.on_viewer_changed()

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
        if self.chat is not None:
            self.chat.draw(surface)
        self.glows.draw(surface, self.action_rects, self.table_rect, self.caption_avoid())
        waiting = self.waiting_seat()
        remote = self.remote
        lost = remote.connection_note() if remote is not None else None
        if remote is not None and lost is not None:
            overlays.draw_waiting(self, surface, None, lost, ongoing=not remote.closed)
        elif waiting is not None:
            overlays.draw_waiting(self, surface, waiting, self.waiting_text(waiting))
        if self.tutorial is not None:
            self.tutorial.draw(surface)

    def _draw_hud(self, surface: pygame.Surface) -> None:
        if not self.log_panel.collapsed:
            pygame.draw.line(
                surface,
                GOLD,
                (self.log_panel.rect.x + 14, 900 - LOG_FOOTER),
                (1600 - 14, 900 - LOG_FOOTER),
                1,
            )
        self.undo_button.draw(surface)
        self.hint_button.draw(surface)
        self.menu_button.draw(surface)
