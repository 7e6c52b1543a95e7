"""A table in tutorial mode: the coach speaks each step, the asked-for move glows, others are refused.

:func:`start_tutorial` opens a game's table on its tutorial's match (resumed at the saved step,
or from the start) and attaches a :class:`TutorialMode` as ``scene.tutorial``.  The base table
calls it through a few hooks: ``allows`` before a human move (a friendly word instead of the
move when it is not the step's), ``moved`` after it, ``play_scripted`` instead of running a bot
(the opponent's moves are the script's), ``handle_event``/``update``/``draw`` for the coach.
Everything about the script is :class:`~crimson_table.play.tutorial.TutorialRun`'s; this module
only shows it.  Progress is kept after every step (``play.tutorial.save_progress``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.core import Action, StateError
from crimson_table.play import tutorial as tut
from crimson_table.ui.widgets.coach import Coach

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.tables.base import BaseGameScene

log = logging.getLogger(__name__)

CONTINUE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SCRIPT_PAUSE_SECONDS = 0.7  # the opponent's scripted moves come at a pace a learner can follow


def start_tutorial(app: App, game_id: str, restart: bool = False) -> BaseGameScene:
    """Open ``game_id``'s tutorial on its table: at the saved step unless ``restart`` or finished."""
    from crimson_table.ui.tutorials import load

    tutorial = load(game_id)
    saved = tut.load_progress().get(tutorial.id)
    index = 0 if restart or saved is None or saved["finished"] else saved["step"]
    try:
        run = tut.resume(tutorial, index)
    except (tut.TutorialError, StateError):
        log.exception("tutorial %s could not resume at step %s; starting over", tutorial.id, index)
        run = tut.resume(tutorial, 0)
    scene: BaseGameScene = app.start_match(run.match)  # type: ignore[assignment]
    scene.tutorial = TutorialMode(scene, run)
    if run.index:
        app.toast(f"Tutorial resumed at step {run.index + 1} of {len(tutorial.steps)}.", "info")
    return scene


def resume_label(game_id: str) -> str:
    """The setup screen's tutorial button: "Tutorial · 5 min", or "Resume tutorial (N)" when one was left."""
    from crimson_table.ui.tutorials import load

    tutorial = load(game_id)
    saved = tut.load_progress().get(tutorial.id)
    if saved is None or saved["finished"] or saved["step"] == 0:
        return f"Tutorial · {tutorial.minutes} min"
    return f"Resume tutorial ({saved['step'] + 1})"


class TutorialMode:
    """What a table shows and refuses while its match follows a tutorial."""

    HELP_KEYS = (("Enter or Space", "Tutorial: Continue after a note (or play the move in focus)"),)

    def __init__(self, scene: BaseGameScene, run: tut.TutorialRun) -> None:
        self.scene = scene
        self.run = run
        self.coach = Coach()
        self.shown: tuple[Any, ...] = ()
        self.refresh()

    @property
    def tutorial(self) -> tut.Tutorial:
        """The tutorial being followed."""
        return self.run.tutorial

    # -- hooks the base table calls -----------------------------------------------------------------
    def allows(self, action: Action) -> bool:
        """True if the learner may make ``action`` now; otherwise a friendly toast says what to do."""
        why = self.run.judge(action)
        if why is None:
            return True
        self.scene.app.toast(why, "info", 4.0)
        return False

    def moved(self, action: Action) -> None:
        """The learner's move was applied."""
        if self.run.step is not None and not self.run.explaining:
            self.run.learner_moved()
        self.refresh()

    def drives(self, seat: int | None) -> bool:
        """True if the script (not a bot) plays ``seat`` now."""
        return seat is not None and seat != self.tutorial.learner

    def play_scripted(self) -> None:
        """The opponent's next scripted move, once the table has caught up and paused a moment."""
        scene = self.scene
        if not scene.settled or scene.since_last_action < SCRIPT_PAUSE_SECONDS * scene.app.duration_factor:
            return
        seat = scene.match.current_seat()
        try:
            action = self.run.scripted_move()
        except tut.TutorialError:
            log.exception("the tutorial's script no longer fits the position")
            self.detach("The tutorial lost its place: the computer takes over from here.")
            return
        if action is None or seat is None:
            return
        events = scene.match.apply(action)
        self.run.scripted_moved()
        scene._after_apply(seat, events)

    def needs_frames(self) -> bool:
        """True while the coach has something new to say (or the script a move to make)."""
        return bool(self.run.script) or self._wanted() != self.shown

    def update(self) -> None:
        """Follow the run: new words when its mood changes (cheap when nothing changed); the log's
        lines start below the coach."""
        self.refresh()
        panel = self.scene.log_panel
        panel.reserved_top = 0 if panel.collapsed or not self.coach.text else self.coach.rect.bottom - 50

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The coach's buttons; Enter or Space presses Continue; H (a hint) is answered by the glow."""
        if self.coach.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
            self.scene.app.toast("No hint needed here: the move this step asks for is glowing.", "info")
            return None
        continue_key = event.type == pygame.KEYDOWN and event.key in CONTINUE_KEYS
        if continue_key and self.coach.mood in ("explain", "done") and self.coach.press_first():
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        """The coach, over the top of the log column (or the table's edge when the log is folded)."""
        panel = self.scene.log_panel
        right = panel.rect.x - 8 if panel.collapsed else 1592
        self.coach.place(right, 60)
        self.coach.draw(surface)

    # -- what the coach says -----------------------------------------------------------------------
    def _wanted(self) -> tuple[Any, ...]:
        run, scene = self.run, self.scene
        if run.finished:
            return ("done",)
        if not scene.settled:
            return ("busy", run.index)
        if run.showing_explanation:
            return ("explain", run.index)
        if run.waiting_for_learner:
            return ("do", run.index)
        return ("watch", run.index)

    def refresh(self) -> None:
        """Put the words of the run's present moment on the coach (once per moment)."""
        wanted = self._wanted()
        if wanted == self.shown:
            return
        step = self.run.step
        if wanted[0] == "explain" and step is not None and not step.explain:
            self.proceed()  # nothing to explain: straight on
            return
        self.shown = wanted
        self.scene.clear_glow("tutorial")
        self._say(wanted[0], step)

    def _say(self, mood: str, step: tut.Step | None) -> None:
        total = len(self.tutorial.steps)
        progress = f"Step {min(self.run.index + 1, total)} of {total}"
        title = (step.title if step is not None and step.title else "") or self.tutorial.title
        if mood == "done":
            self.coach.say(
                "Tutorial complete",
                self.tutorial.outro,
                "done",
                buttons=[("Play on", self.play_on, "primary"), ("Menu", self.leave, "secondary")],
            )
        elif mood == "explain" and step is not None:
            self.coach.say(title, step.explain, "explain", progress, [("Continue", self.proceed, "primary")])
        elif mood == "do" and step is not None:
            intro = self.tutorial.intro + "\n\n" if self.run.index == 0 and self.tutorial.intro else ""
            buttons = [("Leave", self.leave, "secondary")]
            if self.run.index:
                buttons.append(("Start over", self.start_over, "secondary"))
            self.coach.say(title, intro + step.say, "do", progress, buttons)
            self._glow(step)
        elif mood == "watch":
            name = self._opponent_name()
            self.coach.say(title, f"Watch {name}'s move.", "do", progress)

    def _opponent_name(self) -> str:
        seat = self.scene.match.current_seat()
        if seat is None or seat == self.tutorial.learner:
            seat = 1 - self.tutorial.learner if len(self.scene.match.seats) > 1 else 0
        return self.scene.match.seats[seat].name

    def _glow(self, step: tut.Step) -> None:
        action = self._highlight_action(step)
        if action is not None:
            self.scene.glow([action], style="tutorial")

    def _highlight_action(self, step: tut.Step) -> Action | None:
        if step.highlight is None:
            return self.run.expected()
        found = tut.find(self.scene.match, step.highlight)
        if found is not None:
            return found
        try:
            return self.scene.match.rules.action_from_dict(step.highlight)
        except StateError:
            return None

    # -- the coach's buttons -------------------------------------------------------------------------
    def proceed(self) -> None:
        """Continue: the explanation was read; the next step (or the opponent's turn) comes."""
        if not self.run.explaining:
            return
        self.run.proceed()
        tut.save_progress(self.tutorial.id, self.run.index, self.run.finished)
        self.refresh()

    def leave(self) -> None:
        """Back to the menu; the progress is kept, so the tutorial resumes at this step."""
        tut.save_progress(self.tutorial.id, self.run.index, self.run.finished)
        app = self.scene.app
        app.go_to_menu()
        if not self.run.finished:
            total = len(self.tutorial.steps)
            app.toast(
                f"Tutorial kept at step {self.run.index + 1} of {total}: its Tutorial button resumes it.",
                "info",
            )

    def start_over(self) -> None:
        """The same tutorial again from its first step."""
        start_tutorial(self.scene.app, self.tutorial.game, restart=True)

    def play_on(self) -> None:
        """The tutorial is over: the opponent becomes a Captain bot and the game goes on freely."""
        self.detach("")

    def detach(self, note: str) -> None:
        """End tutorial mode on this table (the match goes on with bots for the other seats)."""
        self.scene.clear_glow("tutorial")
        self.scene.log_panel.reserved_top = 0
        self.scene.tutorial = None
        if note:
            self.scene.app.toast(note, "info")
