"""Drive the installed app in a real X window as a person does: Xvfb, xdotool, pauses of seconds.

:class:`Desktop` is an Xvfb screen; :class:`RealApp` is ``python -m crimson_table`` run by an
installed interpreter (not this checkout) on it.  The app describes each screen it comes to rest
on (``CRIMSON_TABLE_SCREEN_LOG``, ``crimson_table/ui/screen_report.py``): which screens are up,
where its buttons are in the window and how many frames it had to rescue.  The driver clicks and
types with xdotool (real X input through the X server, SDL's own event queue, ``App.run``'s real
clock), waits for the screen it expects, then holds still for a pause while it measures the app's
own CPU time from ``/proc``, and keeps a screenshot of each step.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
IDLE_LIMIT = 0.05  # of one core, on any screen at rest
PAUSE = 2.5  # seconds held still on every screen, CPU measured over all of it
SETTLE_TIMEOUT = 30.0  # seconds for a screen to appear and come to rest (a bot may move first)


class WindowTestError(AssertionError):
    """The app did not do what a person would expect (the message says what and where)."""


def tools_missing() -> list[str]:
    """The programs a real-window test needs that this machine lacks."""
    return [tool for tool in ("Xvfb", "xdotool", "import") if shutil.which(tool) is None]


class Desktop:
    """An Xvfb screen of ``size``; ``close()`` ends it."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.close()
            raise WindowTestError("Xvfb did not start")
        self.display = f":{number}"

    def run(self, *args: str, check: bool = True) -> str:
        """A command against this display (xdotool, import); its output."""
        done = subprocess.run(
            list(args),
            env={**os.environ, "DISPLAY": self.display},
            capture_output=True,
            text=True,
            timeout=30,
        )
        if check and done.returncode != 0:
            raise WindowTestError(f"{' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def close(self) -> None:
        """End the X server."""
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()


@dataclass
class Step:
    """One screen of the tour: what it was, how idle the app was there, its screenshot."""

    name: str
    screen: str
    cpu: float
    shot: Path


@dataclass
class RealApp:
    """The installed app on ``desktop``, its data in ``home``, its screenshots in ``shots``."""

    python: str
    desktop: Desktop
    home: Path
    shots: Path
    steps: list[Step] = field(default_factory=list)
    process: subprocess.Popen[bytes] | None = None
    window: str = ""

    @property
    def screen_log(self) -> Path:
        return self.home / "screens.jsonl"

    @property
    def stderr_path(self) -> Path:
        return self.home / "app.log"

    def start(self) -> None:
        """Launch the app and wait for its window and the main menu at rest."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO")}
        env.update(
            DISPLAY=self.desktop.display,
            CRIMSON_TABLE_HOME=str(self.home),
            CRIMSON_TABLE_SCREEN_LOG=str(self.screen_log),
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        self.shots.mkdir(parents=True, exist_ok=True)
        self.home.mkdir(parents=True, exist_ok=True)
        self.screen_log.unlink(missing_ok=True)  # a new process counts its rests from one again
        with open(self.stderr_path, "ab") as err:
            self.process = subprocess.Popen(
                [self.python, "-m", "crimson_table"], env=env, stdout=err, stderr=err, cwd=self.home
            )
        self.window = self._find_window()
        self.desktop.run("xdotool", "windowfocus", "--sync", self.window, check=False)

    def _find_window(self) -> str:
        ends = time.monotonic() + SETTLE_TIMEOUT
        while time.monotonic() < ends:
            self._check_alive("opening its window")
            assert self.process is not None
            found = self.desktop.run(
                "xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid), check=False
            ).split()
            if found:
                return found[0]
            time.sleep(0.3)
        raise WindowTestError("the app's window did not appear")

    # -- what the app says it shows -------------------------------------------------------------
    def reports(self) -> list[dict[str, Any]]:
        """Every screen report so far (the last one is what the app rests on now)."""
        if not self.screen_log.exists():
            return []
        lines = self.screen_log.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines if line.strip()]

    def last(self) -> dict[str, Any]:
        found = self.reports()
        if not found:
            raise WindowTestError("the app never came to rest")
        return found[-1]

    def wait_for(
        self, screen: str | None, after: int, what: str, timeout: float = SETTLE_TIMEOUT
    ) -> dict[str, Any]:
        """Wait until the app rests (a report numbered past ``after``) with ``screen`` on top
        (None: any screen)."""
        ends = time.monotonic() + timeout
        seen = "nothing"
        cpu_before, started = self._cpu_seconds(), time.monotonic()
        while time.monotonic() < ends:
            self._check_alive(what)
            reports = self.reports()
            if reports and reports[-1]["rest"] > after:
                seen = reports[-1]["top"]
                if screen is None or seen == screen:
                    return reports[-1]
            time.sleep(0.2)
        busy = (self._cpu_seconds() - cpu_before) / (time.monotonic() - started)
        tracebacks = self.stderr_path.read_text(encoding="utf-8", errors="replace").count("Traceback")
        shot = self.shots / f"FAILED_{len(self.steps) + 1:02d}.png"
        self.desktop.run("import", "-window", "root", str(shot), check=False)
        where = f"the app rests on {seen}" if seen != "nothing" else "the app never came to rest"
        raise WindowTestError(
            f"{what}: expected {screen} on screen, {where} "
            f"({busy:.0%} of a core meanwhile, {tracebacks} tracebacks; see {shot})"
        )

    def rest_count(self) -> int:
        found = self.reports()
        return int(found[-1]["rest"]) if found else 0

    def button(self, text: str, nth: int = 0) -> list[int]:
        """The window rect of the ``nth`` enabled button labelled ``text`` on the top screen."""
        matches = [b["rect"] for b in self.last()["buttons"] if b["text"] == text]
        if len(matches) <= nth:
            labels = sorted({b["text"] for b in self.last()["buttons"]})
            raise WindowTestError(f"no button {text!r} on {self.last()['top']} (there are {labels})")
        return list(matches[nth])

    # -- real input ---------------------------------------------------------------------------------
    def click_at(self, x: int, y: int) -> None:
        """Move the pointer there like a hand does, rest a moment, click."""
        self.desktop.run("xdotool", "mousemove", "--window", self.window, str(x), str(y))
        time.sleep(0.4)
        self.desktop.run("xdotool", "click", "1")

    def wait_for_button(self, text: str, what: str, timeout: float = SETTLE_TIMEOUT) -> None:
        """Wait until the screen at rest offers the enabled button ``text`` (another player arrives)."""
        ends = time.monotonic() + timeout
        while time.monotonic() < ends:
            self._check_alive(what)
            if any(b["text"] == text for b in self.last()["buttons"]):
                return
            time.sleep(0.3)
        raise WindowTestError(f"{what}: {text!r} never became clickable on {self.last()['top']}")

    def hover(self, text: str, nth: int = 0) -> None:
        """Rest the pointer on the button (or row) ``text``."""
        x, y, w, h = self.button(text, nth)
        for dx in (7, 0):  # a hand comes from somewhere: no motion is seen if the pointer is already there
            self.desktop.run(
                "xdotool", "mousemove", "--window", self.window, str(x + w // 2 + dx), str(y + h // 2)
            )
            time.sleep(0.3)

    def click(self, text: str, expect: str, nth: int = 0) -> dict[str, Any]:
        """Click the button ``text`` and wait for screen ``expect``."""
        x, y, w, h = self.button(text, nth)
        before = self.rest_count()
        self.click_at(x + w // 2, y + h // 2)
        return self.wait_for(expect, before, f"clicking {text!r}")

    def key(self, keys: str, expect: str) -> dict[str, Any]:
        """Press ``keys`` (xdotool names, e.g. ``Escape``, ``ctrl+s``) and wait for ``expect``."""
        before = self.rest_count()
        self.desktop.run("xdotool", "key", "--delay", "120", *keys.split())
        return self.wait_for(expect, before, f"pressing {keys}")

    # -- a person's pause ----------------------------------------------------------------------------
    def pause(self, name: str, seconds: float = PAUSE, *, at_rest: bool = True) -> Step:
        """Hold still on the screen at rest: measure the app's CPU over the pause, keep a screenshot.

        Fails if the app used more than :data:`IDLE_LIMIT` of a core (unless ``at_rest`` is False: a
        screenshot while a notice fades), rescued a frame, or wrote a traceback.
        """
        report = self.last()
        before = self._cpu_seconds()
        started = time.monotonic()
        time.sleep(seconds)
        used = (self._cpu_seconds() - before) / (time.monotonic() - started)
        shot = self.shots / f"{len(self.steps) + 1:02d}_{name}.png"
        self.desktop.run("import", "-window", "root", str(shot))
        step = Step(name, str(report["top"]), used, shot)
        self.steps.append(step)
        self.check_clean(name)
        moved = self.last()["rest"] != report["rest"]
        if at_rest and used > IDLE_LIMIT and not moved:
            raise WindowTestError(f"{name}: the app used {used:.1%} of a core at rest on {step.screen}")
        return step

    def check_clean(self, where: str) -> None:
        """No traceback on stderr and no rescued frame so far."""
        text = self.stderr_path.read_text(encoding="utf-8", errors="replace")
        if "Traceback" in text:
            start = text.index("Traceback")
            raise WindowTestError(f"{where}: the app wrote a traceback:\n{text[start : start + 2000]}")
        if self.reports() and self.last()["rescues"]:
            raise WindowTestError(f"{where}: the app rescued a failed frame")

    def _cpu_seconds(self) -> float:
        """The app's own user + system CPU time (its bot process is another process)."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def _check_alive(self, what: str) -> None:
        if self.process is not None and self.process.poll() is not None:
            tail = self.stderr_path.read_text(encoding="utf-8", errors="replace")[-2000:]
            raise WindowTestError(f"the app ended ({self.process.returncode}) while {what}:\n{tail}")

    # -- the end ----------------------------------------------------------------------------------------
    def terminate(self, timeout: float = 5.0) -> int:
        """SIGTERM, as a session's logout sends; the app must end by itself within ``timeout``."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise WindowTestError(f"SIGTERM did not end the app within {timeout} s") from None

    def kill(self) -> None:
        """Make sure the app is gone (after a failure)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
