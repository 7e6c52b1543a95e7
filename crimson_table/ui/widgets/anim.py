"""Animations: tweens, card flights, flips, countdowns, scaled by the speed setting.

Nominal timings come from ART.md: card flight 220-300 ms ease-out, flip 180 ms (scale-x through
0), damage counting down one point per 40 ms.  An :class:`Animator` multiplies every duration by
the app's duration factor (slow 1.6, normal 1, fast 0.5); with animations off (factor 0) every
animation finishes the moment it is added, its ``on_done`` runs at once, and nothing is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

FLIGHT_SECONDS = 0.26
FLIP_SECONDS = 0.18
COUNT_STEP_SECONDS = 0.04

Point = tuple[float, float]


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smooth start and end."""
    t = min(1.0, max(0.0, t))
    return t * t * (3.0 - 2.0 * t)


def lerp(a: float, b: float, t: float) -> float:
    """Linear blend."""
    return a + (b - a) * t


def lerp_point(a: Point, b: Point, t: float) -> Point:
    """Linear blend of two points."""
    return (lerp(a[0], b[0], t), lerp(a[1], b[1], t))


class Anim:
    """Something that runs for ``duration`` seconds; subclasses draw themselves."""

    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        self.duration = max(0.0, duration)
        self.elapsed = 0.0
        self.on_done = on_done
        self.done = False

    @property
    def progress(self) -> float:
        """0 at the start, 1 at the end."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def scale(self, factor: float) -> None:
        """Stretch the duration by the speed factor (called once when added)."""
        self.duration *= factor

    def update(self, dt: float) -> None:
        """Advance; fires ``on_done`` once at the end."""
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.finish()

    def finish(self) -> None:
        """Jump to the end."""
        if self.done:
            return
        self.elapsed = self.duration
        self.done = True
        if self.on_done is not None:
            self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the current frame (default: nothing)."""


class Delay(Anim):
    """A pause in a sequence."""


class Tween(Anim):
    """A number moving from ``start`` to ``end`` with an easing curve."""

    def __init__(
        self,
        start: float,
        end: float,
        duration: float,
        easing: Callable[[float], float] = ease_out_cubic,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(duration, on_done)
        self.start, self.end, self.easing = start, end, easing

    @property
    def value(self) -> float:
        """The current value."""
        return lerp(self.start, self.end, self.easing(self.progress))


class CardFlight(Anim):
    """An image flying from one point to another (centres), ease-out, 260 ms nominal."""

    def __init__(
        self,
        image: pygame.Surface,
        start: Point,
        end: Point,
        duration: float = FLIGHT_SECONDS,
        on_done: Callable[[], None] | None = None,
        end_scale: float = 1.0,
    ) -> None:
        super().__init__(duration, on_done)
        self.image, self.start, self.end, self.end_scale = image, start, end, end_scale

    @property
    def position(self) -> Point:
        """Where the centre of the image is now."""
        return lerp_point(self.start, self.end, ease_out_cubic(self.progress))

    def draw(self, surface: pygame.Surface) -> None:
        """The card at its current place, with a soft shadow while in the air."""
        image = self.image
        factor = lerp(1.0, self.end_scale, ease_out_cubic(self.progress))
        if factor != 1.0:
            size = (max(1, int(image.get_width() * factor)), max(1, int(image.get_height() * factor)))
            image = pygame.transform.smoothscale(image, size)
        rect = image.get_rect(center=(int(self.position[0]), int(self.position[1])))
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=10)
        surface.blit(shadow, rect.move(6, 8))
        surface.blit(image, rect)


class Flip(Anim):
    """A card turning over: scale-x from 1 to 0 showing ``front``, then 0 to 1 showing ``back``."""

    def __init__(
        self,
        first: pygame.Surface,
        second: pygame.Surface,
        centre: Point,
        duration: float = FLIP_SECONDS,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(duration, on_done)
        self.first, self.second, self.centre = first, second, centre

    @property
    def showing_second(self) -> bool:
        """True after the half-way point."""
        return self.progress >= 0.5

    def width_fraction(self) -> float:
        """Horizontal scale now: 1 -> 0 -> 1."""
        return abs(1.0 - 2.0 * self.progress)

    def draw(self, surface: pygame.Surface) -> None:
        """The card squeezed horizontally."""
        image = self.second if self.showing_second else self.first
        width = max(1, int(image.get_width() * self.width_fraction()))
        squeezed = pygame.transform.smoothscale(image, (width, image.get_height()))
        surface.blit(squeezed, squeezed.get_rect(center=(int(self.centre[0]), int(self.centre[1]))))


class Countdown(Anim):
    """A number counting from ``start`` to ``end`` one point per 40 ms (damage, scores)."""

    def __init__(
        self,
        start: int,
        end: int,
        per_point: float = COUNT_STEP_SECONDS,
        on_done: Callable[[], None] | None = None,
        on_tick: Callable[[int], None] | None = None,
    ) -> None:
        super().__init__(abs(end - start) * per_point, on_done)
        self.start, self.end = start, end
        self.on_tick = on_tick
        self._last = start

    @property
    def value(self) -> int:
        """The number to show now."""
        if self.done or self.duration <= 0:
            return self.end
        steps = int(abs(self.end - self.start) * self.progress)
        return self.start + steps if self.end >= self.start else self.start - steps

    def update(self, dt: float) -> None:
        """Advance and report each new value to ``on_tick``."""
        super().update(dt)
        if self.on_tick is not None and self.value != self._last:
            self._last = self.value
            self.on_tick(self.value)


class Beat(Anim):
    """One step of a scene's story: ``start`` runs once (moving cards, adding child animations).

    The beat lasts until its children have finished, ``hold`` seconds have passed and ``until``
    (if given) is true.  ``finish()`` jumps to the end, running ``start`` first if needed.
    ``on_start`` callbacks run just before ``start`` (the choreography narrates the beat's events
    there, or at its end when ``narrate_at_end`` is set: dice), ``on_done`` once the beat has ended.

    >>> seen = []
    >>> beat = Beat(lambda b: seen.append("start"), hold=0.5, on_done=lambda: seen.append("done"))
    >>> beat.on_start.append(lambda: seen.append("narrate"))
    >>> beat.update(0.1); seen
    ['narrate', 'start']
    >>> beat.update(0.5); seen
    ['narrate', 'start', 'done']
    """

    def __init__(
        self,
        start: Callable[[Beat], None] | None = None,
        hold: float = 0.0,
        caption: str = "",
        on_done: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(hold, on_done)
        self._start = start
        self.caption = caption
        self.factor = 1.0
        self.started = False
        self.skipped = False
        self.children: list[tuple[float, Anim]] = []
        self.until: Callable[[], bool] | None = None
        self.on_start: list[Callable[[], None]] = []
        # A beat that shows a result only at its end (dice landing) is narrated when it ends.
        self.narrate_at_end = False

    def scale(self, factor: float) -> None:
        """Remember the speed factor for the children added when the beat starts."""
        self.factor = factor
        super().scale(factor)

    def add(self, anim: Anim, delay: float = 0.0) -> Anim:
        """A child animation starting ``delay`` nominal seconds into the beat."""
        anim.scale(self.factor)
        self.children.append((delay * self.factor, anim))
        return anim

    def _begin(self) -> None:
        if not self.started:
            self.started = True
            for callback in self.on_start:
                callback()
            if self._start is not None:
                self._start(self)

    def update(self, dt: float) -> None:
        """Start if needed, advance the children, end when everything is done."""
        if self.done:
            return
        self._begin()
        self.elapsed += dt
        for delay, child in self.children:
            if self.elapsed >= delay and not child.done:
                child.update(min(dt, self.elapsed - delay))
        waiting = self.until is not None and not self.until()
        if all(c.done for _, c in self.children) and self.elapsed >= self.duration and not waiting:
            self.finish()

    def finish(self) -> None:
        """Jump to the end: every child lands (their callbacks run in order)."""
        if self.done:
            return
        self.skipped = not self.started
        self._begin()
        for _, child in self.children:
            child.finish()
        super().finish()

    def draw(self, surface: pygame.Surface) -> None:
        """The children still under way (a delayed flight waits on its start point)."""
        for _, child in self.children:
            if not child.done:
                child.draw(surface)


class Animator:
    """Runs animations in stages: ``play`` joins the current stage, ``then`` starts a new one.

    ``factor`` is a callable returning the duration factor, so a speed change in the settings
    applies to animations added afterwards.
    """

    def __init__(self, factor: Callable[[], float] = lambda: 1.0) -> None:
        self._factor = factor
        self.stages: list[list[Anim]] = []

    @property
    def busy(self) -> bool:
        """True while anything is still running or queued."""
        return bool(self.stages)

    def play(self, anim: Anim) -> Anim:
        """Run ``anim`` together with the current stage (or now, if idle)."""
        return self._add(anim, new_stage=not self.stages)

    def then(self, anim: Anim) -> Anim:
        """Run ``anim`` after everything added so far."""
        return self._add(anim, new_stage=True)

    def sequence(self, anims: Sequence[Anim]) -> None:
        """Queue several animations one after another."""
        for anim in anims:
            self.then(anim)

    def _add(self, anim: Anim, new_stage: bool) -> Anim:
        factor = self._factor()
        anim.scale(factor)
        if factor <= 0.0 and not self.stages:
            anim.finish()
            return anim
        if new_stage:
            self.stages.append([anim])
        else:
            self.stages[-1].append(anim)
        return anim

    def update(self, dt: float) -> None:
        """Advance the running stage; when it ends the next one starts in the same frame."""
        while self.stages:
            stage = self.stages[0]
            for anim in stage:
                anim.update(dt)
            if not all(a.done for a in stage):
                return
            self.stages.pop(0)
            dt = 0.0

    def finish_all(self) -> None:
        """Jump every animation to its end (skip button, undo, load)."""
        while self.stages:
            for anim in self.stages.pop(0):
                anim.finish()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the running stage."""
        if self.stages:
            for anim in self.stages[0]:
                anim.draw(surface)
