"""Tutorials: a scripted opening of one game, played step by step.

A tutorial is plain data (``crimson_table/ui/tutorials/<game>.py`` holds one ``TUTORIAL`` dict,
read by :func:`parse`): a fixed seed, the seats (the learner and a scripted opponent), and
15-30 steps.  Each :class:`Step` says what to do and why (``say``), names the move it expects
(``expect``: a matcher on the action's dict as ``action_from_dict`` reads it — its ``kind`` and
any fields that pin it down), may name what to highlight (``highlight``: another move's matcher whose card, slot or
region glows instead of the expected move's own), and explains the result once it has
been shown (``explain``).  The opponent's moves are part of the script: ``then`` lists the moves
played after the step (and ``opening`` those before the first step), each a matcher too.

:class:`TutorialRun` follows a :class:`~crimson_table.play.match.Match` through the script
without any drawing: it tells a table which move the learner is asked for, judges a move
(a friendly sentence when it is not the one asked for), hands out the opponent's scripted
moves, and advances.  :func:`play_through` plays a whole tutorial with its own expected moves
(the test and ``--smoke`` use it, so a rules change that breaks a tutorial fails CI).

Progress (the tutorial's id and step) is kept in ``tutorials.json`` in the user data folder,
written atomically (:func:`save_progress`), so a tutorial left half-way resumes at its step:
:func:`resume` replays the script up to it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crimson_table.engine.core import Action, StateError
from crimson_table.play import saves
from crimson_table.play.match import Match, Seat

PROGRESS_FILE = "tutorials.json"
PROGRESS_FORMAT = "crimson-table-tutorials"
MIN_STEPS, MAX_STEPS = 15, 30
JSONMap = Mapping[str, Any]


class TutorialError(ValueError):
    """A tutorial's data is malformed, or its script no longer fits the rules."""


@dataclass(frozen=True)
class Step:
    """One thing the learner does: the words before and after, the move asked for, the opponent's reply."""

    say: str
    expect: JSONMap
    explain: str = ""
    highlight: JSONMap | None = None  # what glows: a matcher of another move (default: the expected one)
    reply: tuple[JSONMap, ...] = ()  # the opponent's answer, shown before the explanation
    then: tuple[JSONMap, ...] = ()  # the opponent's moves after the explanation (its next turn)
    title: str = ""
    refuse: str = ""  # the friendly word for another move (default: names the move asked for)

    def matches(self, action: Action) -> bool:
        """True if ``action`` is the move this step asks for."""
        return matches(self.expect, action)


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial: seed, seats, opening moves and steps (see the module docstring)."""

    id: str
    game: str
    title: str
    seed: int
    seats: tuple[str, ...]
    learner: int
    intro: str
    outro: str
    steps: tuple[Step, ...]
    opening: tuple[JSONMap, ...] = ()
    options: JSONMap = field(default_factory=dict)
    minutes: int = 5

    def new_match(self) -> Match:
        """A fresh match at the script's start: the learner human, every other seat scripted."""
        seats = [
            Seat(name, "human" if i == self.learner else "bot", "heuristic")
            for i, name in enumerate(self.seats)
        ]
        return Match.new(self.game, seats, self.seed, dict(self.options))

    def words(self) -> int:
        """How many words the learner reads (intro, every step, outro)."""
        texts = [self.intro, self.outro] + [t for s in self.steps for t in (s.title, s.say, s.explain)]
        return sum(len(t.split()) for t in texts)


def matches(expect: JSONMap, action: Action) -> bool:
    """True if every key of ``expect`` has the same value in ``action``'s dict (lists = tuples).

    >>> from crimson_table.engine.two_crowns.actions import AddToAttack
    >>> matches({"kind": "add_to_attack"}, AddToAttack(5)), matches({"kind": "add_to_attack", "card": 4}, AddToAttack(5))
    (True, False)
    """
    data = action.to_dict()
    return all(key in data and _same(data[key], value) for key, value in expect.items())


def _same(have: Any, want: Any) -> bool:
    if isinstance(want, (list, tuple)) and isinstance(have, (list, tuple)):
        return len(want) == len(have) and all(_same(h, w) for h, w in zip(have, want, strict=True))
    return bool(have == want)


def find(match: Match, expect: JSONMap) -> Action | None:
    """The first legal move of the position matching ``expect`` (None if there is none)."""
    return next((a for a in match.legal_actions() if matches(expect, a)), None)


# -- parsing ---------------------------------------------------------------------------------------
def parse(data: JSONMap) -> Tutorial:
    """A :class:`Tutorial` from its plain data; TutorialError names what is wrong."""
    try:
        steps = tuple(_parse_step(s) for s in data["steps"])
        return Tutorial(
            id=str(data.get("id", data["game"])),
            game=str(data["game"]),
            title=str(data["title"]),
            seed=int(data["seed"]),
            seats=tuple(str(s) for s in data["seats"]),
            learner=int(data.get("learner", 0)),
            intro=str(data.get("intro", "")),
            outro=str(data.get("outro", "")),
            steps=steps,
            opening=tuple(_matcher(m) for m in data.get("opening", ())),
            options=dict(data.get("options", {})),
            minutes=int(data.get("minutes", 5)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise TutorialError(f"tutorial {data.get('game', '?')!r}: {exc!r}") from None


def _parse_step(data: JSONMap) -> Step:
    return Step(
        say=str(data["say"]),
        expect=_matcher(data["expect"]),
        explain=str(data.get("explain", "")),
        highlight=_matcher(data["highlight"]) if "highlight" in data else None,
        reply=tuple(_matcher(m) for m in data.get("reply", ())),
        then=tuple(_matcher(m) for m in data.get("then", ())),
        title=str(data.get("title", "")),
        refuse=str(data.get("refuse", "")),
    )


def _matcher(data: Any) -> JSONMap:
    if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
        raise TutorialError(f"a move must be a dict with a 'kind', not {data!r}")
    return dict(data)


# -- following a match through the script ----------------------------------------------------------
class TutorialRun:
    """Where a match stands in its tutorial.

    ``index`` is the step being taught (``len(steps)`` once finished).  After the learner's move
    the opponent's ``reply`` is played, then the run is *explaining* (the table shows
    ``step.explain`` once every animation has played, and waits for Continue); :meth:`proceed`
    then queues the step's ``then`` moves and goes on to the next step.
    """

    def __init__(self, tutorial: Tutorial, match: Match, index: int = 0) -> None:
        self.tutorial = tutorial
        self.match = match
        self.index = index
        self.explaining = False
        self.script: list[JSONMap] = list(tutorial.opening) if index == 0 else []

    # -- what the table asks ---------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """True once every step has been taught and explained."""
        return self.index >= len(self.tutorial.steps) and not self.script

    @property
    def step(self) -> Step | None:
        """The step being taught (or explained), None when finished."""
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def waiting_for_learner(self) -> bool:
        """True when the learner should make the step's move now."""
        return (
            self.step is not None
            and not self.explaining
            and not self.script
            and self.match.current_seat() == self.tutorial.learner
        )

    def expected(self) -> Action | None:
        """The legal move the current step asks for (None between steps)."""
        step = self.step
        if step is None or not self.waiting_for_learner:
            return None
        return find(self.match, step.expect)

    def judge(self, action: Action) -> str | None:
        """None if the learner may make ``action`` now, else a friendly sentence saying why not."""
        step = self.step
        if step is None:
            return None
        if self.explaining:
            return "Read the note first, then press Continue."
        if not self.waiting_for_learner:
            return "Wait a moment: your opponent is still moving."
        if step.matches(action):
            return None
        if step.refuse:
            return step.refuse
        expected = self.expected()
        asked = expected.label if expected is not None else _first_sentence(step.say)
        return f"Not that one yet. This step asks for: {asked}."

    def scripted_move(self) -> Action | None:
        """The opponent's next scripted move, when one is due (TutorialError if it is not legal)."""
        if not self.script:
            return None
        seat = self.match.current_seat()
        if seat is None or seat == self.tutorial.learner:
            return None
        action = find(self.match, self.script[0])
        if action is None:
            raise TutorialError(f"{self.tutorial.id}: scripted move {self.script[0]} is not legal here")
        return action

    # -- advancing ---------------------------------------------------------------------------------
    @property
    def showing_explanation(self) -> bool:
        """True when the step's explanation is due (its move and the opponent's reply are done)."""
        return self.explaining and not self.script

    def learner_moved(self) -> None:
        """The step's move was applied: the opponent's reply, then the explanation, come next."""
        self.explaining = True
        step = self.step
        if step is not None:
            self.script.extend(step.reply)

    def scripted_moved(self) -> None:
        """The opponent's scripted move was applied."""
        self.script.pop(0)

    def proceed(self) -> None:
        """The explanation was read: queue the opponent's replies and go on to the next step."""
        step = self.step
        if step is None:
            return
        self.explaining = False
        self.script.extend(step.then)
        self.index += 1


def _first_sentence(text: str) -> str:
    """The first sentence of a step's text (what to do)."""
    for end in (". ", "! ", ": "):
        if end in text:
            return text.split(end, 1)[0] + end.strip()
    return text


# -- playing a tutorial through (tests, --smoke, resuming) -----------------------------------------
def advance_script(run: TutorialRun) -> list[Action]:
    """Apply the opponent's due scripted moves; returns them."""
    done = []
    while (action := run.scripted_move()) is not None:
        run.match.apply(action)
        run.scripted_moved()
        done.append(action)
    return done


def play_step(run: TutorialRun) -> Action:
    """Apply the current step's expected move and proceed; TutorialError if it is not legal."""
    advance_script(run)
    step = run.step
    if step is None:
        raise TutorialError(f"{run.tutorial.id}: no step left")
    action = run.expected()
    if action is None:
        seat = run.match.current_seat()
        raise TutorialError(
            f"{run.tutorial.id} step {run.index + 1}: {dict(step.expect)} is not a legal move "
            f"(seat {seat} to act, learner {run.tutorial.learner})"
        )
    run.match.apply(action)
    run.learner_moved()
    advance_script(run)
    run.proceed()
    return action


def play_through(tutorial: Tutorial, upto: int | None = None) -> TutorialRun:
    """A fresh match played through the script up to step ``upto`` (every step by default)."""
    run = TutorialRun(tutorial, tutorial.new_match())
    last = len(tutorial.steps) if upto is None else upto
    while run.index < last:
        play_step(run)
    advance_script(run) if upto is None or upto >= len(tutorial.steps) else None
    return run


def resume(tutorial: Tutorial, index: int) -> TutorialRun:
    """The match replayed to the start of step ``index`` (0 = the beginning), ready to teach it."""
    index = max(0, min(index, len(tutorial.steps) - 1))
    run = play_through(tutorial, index)
    advance_script(run)
    return run


# -- progress on disk -----------------------------------------------------------------------------
def progress_path() -> Path:
    """``tutorials.json`` in the user data folder."""
    return saves.user_data_dir() / PROGRESS_FILE


def load_progress(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """Every tutorial's saved progress ``{id: {"step": int, "finished": bool}}``; {} if none or unreadable."""
    try:
        data = saves.read_json(path or progress_path())
    except (saves.SaveError, OSError, StateError):
        return {}
    if not isinstance(data, Mapping) or data.get("format") != PROGRESS_FORMAT:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for key, value in dict(data.get("progress", {})).items():
        if isinstance(key, str) and isinstance(value, Mapping) and isinstance(value.get("step"), int):
            out[key] = {"step": max(0, value["step"]), "finished": value.get("finished") is True}
    return out


def save_progress(tutorial_id: str, step: int, finished: bool, path: Path | None = None) -> None:
    """Keep one tutorial's progress (atomic write; other tutorials' progress is kept)."""
    target = path or progress_path()
    progress = load_progress(target)
    progress[tutorial_id] = {"step": int(step), "finished": bool(finished)}
    saves.atomic_write_json(target, {"format": PROGRESS_FORMAT, "version": 1, "progress": progress})


def step_counts(tutorials: Sequence[Tutorial]) -> list[tuple[str, int, int]]:
    """(id, steps, words) of each tutorial, for the closing note and the report."""
    return [(t.id, len(t.steps), t.words()) for t in tutorials]
