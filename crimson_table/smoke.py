"""``crimson-table --smoke``: a headless run through every scene of the real app.

Opens the menu, the solo campaign (a new chronicle, its chapter map and one encounter played
through), and the setup scene, then for every registered game plays its tutorial through and a
whole match through its table scene: a scripted human drag-and-drop move, the privacy curtain
between two humans (for games with hidden hands), a save and reload, then bots to the end and
the game-over scene.  An online table is hosted in the app, joined from a second client on
loopback and played for a turn (``smoke_online.py``).  Screenshots of each step go to
``--screenshots DIR``.  Exit code 0 only if every step worked.
"""

from __future__ import annotations

import os
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

MAX_FRAMES_PER_GAME = 60_000
MID_GAME_STEP = 25
MASTER_TURN_SECONDS = 300.0  # a limit against hanging only: a Master turn takes about a second


@dataclass
class SmokeReport:
    """Which steps passed, with a line for each failure."""

    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def check(self, name: str, step: Callable[[], object]) -> bool:
        """Run one step; an exception or a False result fails it."""
        started = time.perf_counter()
        try:
            result = step()
        except Exception:  # noqa: BLE001 - a smoke run reports every failure and goes on
            self.failed.append(f"{name}: {traceback.format_exc(limit=6)}")
            print(f"FAIL {name}\n{self.failed[-1]}", flush=True)
            return False
        if result is False:
            self.failed.append(f"{name}: the check did not hold")
            print(f"FAIL {name}", flush=True)
            return False
        self.passed.append(name)
        print(f"ok   {name} ({time.perf_counter() - started:.1f} s)", flush=True)
        return True


class SmokeRun:
    """Drives the app through its scenes like a very fast player."""

    def __init__(self, screenshots: Path | None) -> None:
        from crimson_table.ui.app import App
        from crimson_table.ui.settings import Settings

        self.shots = screenshots
        self.report = SmokeReport()
        self.app = App(Settings(animation_speed="off", volume=0.0), start_menu=True)
        self.dragged: set[str] = set()

    def shot(self, name: str) -> None:
        """Save the current frame if screenshots were asked for."""
        if self.shots is not None:
            self.app.save_screenshot(self.shots / f"{name}.png")

    def top_is(self, kind: type) -> bool:
        """True if the top scene is a ``kind``."""
        return isinstance(self.app.top, kind)

    # -- the steps ---------------------------------------------------------------------------------
    def menu(self) -> bool:
        from crimson_table.ui.screens.menu import MenuScene

        self.app.run_frames(3)
        self.shot("00_menu")
        return self.top_is(MenuScene)

    def online(self) -> bool:
        """Host an online table in the app, join it from a second client, play a turn (``smoke_online``)."""
        from crimson_table.smoke_online import play_online_turn

        return play_online_turn(self.app, self.shot)

    def campaign(self) -> bool:
        """The solo campaign: a new chronicle, its chapter map, the first rival's introduction, and
        that encounter played to its end by bots, back onto the map with its stars recorded."""
        from crimson_table.play.match import Seat
        from crimson_table.ui.screens.campaign_map import ChapterMapScene
        from crimson_table.ui.screens.campaign_match import CampaignResultScene

        self.app.go_to_menu()
        self.app.top.open_campaign()  # type: ignore[union-attr]
        self.app.run_frames(2)
        self.shot("campaign_1_chronicles")
        self.app.top.new(1)  # type: ignore[union-attr]
        self.app.run_frames(2)
        self.app.top.begin()  # type: ignore[union-attr]
        self.app.run_frames(2)
        chapter_map = self.app.top
        if not isinstance(chapter_map, ChapterMapScene):
            return False
        self.shot("campaign_2_chapter_map")
        chapter_map.meet()
        self.app.run_frames(2)
        self.shot("campaign_3_rival")
        self.app.top.go()  # type: ignore[union-attr]
        table = self.table()
        table.match.seats[0] = Seat(table.match.seats[0].name, "bot", "heuristic")
        if not self.app.run_until(lambda: self.top_is(CampaignResultScene), MAX_FRAMES_PER_GAME):
            return False
        self.app.run_frames(2)
        self.shot("campaign_4_result")
        self.app.top.to_map()  # type: ignore[union-attr]
        self.app.run_frames(2)
        self.shot("campaign_5_map_after")
        played = list(chapter_map.chronicle.records.values())
        return self.app.top is chapter_map and len(played) == 1 and played[0].wins + played[0].losses == 1

    def setup(self, game_id: str) -> bool:
        from crimson_table.ui.screens.menu import MenuScene
        from crimson_table.ui.screens.setup import SetupScene

        self.app.go_to_menu()
        menu = self.app.top
        assert isinstance(menu, MenuScene)
        menu.open_setup(game_id)
        self.app.run_frames(3)
        self.shot(f"{game_id}_1_setup")
        ok = self.top_is(SetupScene)
        self.app.go_to_menu()
        return ok

    def play(self, game_id: str) -> None:
        from crimson_table.engine import GAMES
        from crimson_table.play.match import Match, Seat
        from crimson_table.ui.tables import table_spec

        info = GAMES[game_id].INFO
        seats = [Seat("Anna", "human"), Seat("Ben", "human")]
        seats += [Seat(f"Bot {i + 1}", "bot", "heuristic") for i in range(info.min_players - 2)]
        match = Match.new(game_id, seats, seed=2026)
        scene = self.app.start_match(match)
        check = self.report.check
        check(f"{game_id}: human drag-and-drop move", lambda: self.human_move(scene))
        check(f"{game_id}: hint, keyboard focus and the keys overlay", lambda: self.guide(scene))
        if info.hidden_hands:
            check(f"{game_id}: privacy curtain between humans", lambda: self.curtain(scene, game_id))
        check(f"{game_id}: save and reload", lambda: self.save_and_reload(scene))
        check(f"{game_id}: a Master turn thought in the bot process", lambda: self.master_turn(game_id))
        check(f"{game_id}: bots play to the end", lambda: self.bots_to_the_end(game_id))
        check(f"{game_id}: statistics and replay from the results", lambda: self.replay_and_stats(game_id))
        check(
            f"{game_id}: all hands open and the spectator's replay", lambda: self.open_and_spectator(game_id)
        )
        if info.solo_modes:
            self.app.go_to_menu()
            check(f"{game_id}: solo against the automaton", lambda: self.solo(game_id))
        for players in table_spec(game_id).other_modes:  # another board or rules (the solo: ``solo``)
            self.app.go_to_menu()
            self.mode(game_id, players)

    def tutorial(self, game_id: str) -> bool:
        """The game's tutorial played through on its table: each step's move, Continue after each
        note; shots of a step with its glow, a refused move's friendly word and the closing note."""
        from crimson_table.ui.tables.tutorial_mode import start_tutorial

        scene = start_tutorial(self.app, game_id, restart=True)
        mode = scene.tutorial
        if mode is None:
            return False
        middle, refused = len(mode.tutorial.steps) // 2, False
        for _ in range(MAX_FRAMES_PER_GAME):
            self.app.step()
            if mode.run.finished:
                self.app.run_frames(2)
                self.shot(f"{game_id}_9_tutorial_end")
                return mode.coach.mood == "done"
            if mode.shown[:1] == ("explain",):
                mode.proceed()
            elif mode.shown[:1] == ("do",):
                if not refused and mode.run.index >= middle:
                    refused = self._tutorial_refusal(scene, mode, game_id)
                expected = mode.run.expected()
                if expected is None or not scene.try_action(expected):
                    return False
        return False

    def _tutorial_refusal(self, scene, mode, game_id: str) -> bool:  # type: ignore[no-untyped-def]
        """A shot of the step with its glow, then of another move refused with a friendly word."""
        self.shot(f"{game_id}_8_tutorial_step")
        step = mode.run.step
        wrong = next((a for a in scene.match.legal_actions() if not step.matches(a)), None)
        if wrong is None:
            return False
        before = scene.match.step
        scene.try_action(wrong)
        self.app.run_frames(15)  # the toast fades in
        self.shot(f"{game_id}_8_tutorial_refused")
        return scene.match.step == before

    def mode(self, game_id: str, players: int) -> None:
        """Another player count: a human move, the curtain, bots to the end (shots ``<game>_<N>p_*``)."""
        from crimson_table.play.match import Match, Seat

        tag = f"{game_id}_{players}p"
        seats = [Seat("Anna", "human"), Seat("Ben", "human")]
        seats += [Seat(f"Bot {i + 1}", "bot", "heuristic") for i in range(players - 2)]
        scene = self.app.start_match(Match.new(game_id, seats, seed=2026))
        check = self.report.check
        check(f"{tag}: human move", lambda: self._reach_human_turn(scene) and scene.smoke_human_move())
        check(f"{tag}: privacy curtain between humans", lambda: self.curtain(scene, tag))
        check(f"{tag}: bots play to the end", lambda: self.bots_to_the_end(game_id, prefix=tag))

    def solo(self, game_id: str) -> bool:
        """One human against the game's automaton: a move through events, then a bot to the end."""
        from crimson_table.play.match import Match, Seat

        scene = self.app.start_match(Match.new(game_id, [Seat("Anna", "human")], seed=2026))
        if not self._reach_human_turn(scene) or not scene.smoke_human_move():
            return False
        self.app.run_frames(2)
        self.shot(f"{game_id}_6_solo_after_human_move")
        for _ in range(12):  # a few more moves by events, until a card can be held over the board
            if game_id in self.dragged or not self._reach_human_turn(scene):
                break
            self.hold_drag(scene)
            if not scene.smoke_human_move():
                return False
        return self.bots_to_the_end(game_id, prefix=f"{game_id}_7_solo")

    def moments(self, scene, prefix: str, seen: set[str]) -> None:  # type: ignore[no-untyped-def]
        """A screenshot the first time the table reports a notable moment (``smoke_moment()``)."""
        moment = getattr(scene, "smoke_moment", None)
        name = moment() if moment is not None else None
        if name and name not in seen:
            seen.add(name)
            self.shot(f"{prefix}_moment_{name}")

    def _reach_human_turn(self, scene) -> bool:  # type: ignore[no-untyped-def]
        from crimson_table.ui.widgets.curtain import CurtainScene

        for _ in range(2000):
            if self.top_is(CurtainScene):
                self.lift_curtain()
            elif self.app.top is scene and scene.awaiting_human:
                return True
            self.app.step()
        return False

    def human_move(self, scene) -> bool:  # type: ignore[no-untyped-def]
        if not self._reach_human_turn(scene):
            return False
        before = scene.match.step
        self.hold_drag(scene)
        moved = bool(scene.smoke_human_move())
        self.app.run_frames(2)
        self.shot(f"{scene.match.game_id}_2_after_human_move")
        return moved and scene.match.step > before

    def guide(self, scene) -> bool:  # type: ignore[no-untyped-def]
        """H asks a hint (thought in the bot process) that glows with its line; Tab focuses a move;
        F1 shows the table's keys (shots ``<game>_2_hint``, ``_2_focus``, ``_2_keys``)."""
        import pygame

        from crimson_table.ui.widgets.help_overlay import HelpOverlay

        def press(keycode: int) -> None:
            self.app.dispatch(
                pygame.event.Event(pygame.KEYDOWN, {"key": keycode, "mod": 0, "unicode": "", "scancode": 0})
            )

        if not self._reach_human_turn(scene):
            return False
        game_id = scene.match.game_id
        press(pygame.K_h)
        for _ in range(3000):
            if not scene.hinter.thinking:
                break
            self.app.step()
        glow = scene.glows.get("hint")
        self.app.run_frames(1)
        self.shot(f"{game_id}_2_hint")
        scene.clear_glow("hint")
        press(pygame.K_TAB)
        focused = scene.key_focus.focused is not None
        self.app.run_frames(1)
        self.shot(f"{game_id}_2_focus")
        press(pygame.K_ESCAPE)
        press(pygame.K_F1)
        overlay = isinstance(self.app.top, HelpOverlay)
        self.app.run_frames(1)
        self.shot(f"{game_id}_2_keys")
        press(pygame.K_F1)
        return bool(glow and glow.actions) and focused and overlay and self.app.top is scene

    def hold_drag(self, scene) -> None:  # type: ignore[no-untyped-def]
        """Once per game: a card held over the table, its legal places glowing (``smoke_hold_drag``)."""
        hold = getattr(scene, "smoke_hold_drag", None)
        game_id = scene.match.game_id
        if hold is None or game_id in self.dragged or not hold():
            return
        self.dragged.add(game_id)
        self.app.run_frames(1)
        self.shot(f"{game_id}_2_dragging")
        scene.cancel_drag()

    def curtain(self, scene, game_id: str) -> bool:  # type: ignore[no-untyped-def]
        """Play the first human's choices until the other human is to act: the curtain must show."""
        from crimson_table.ui.widgets.curtain import CurtainScene

        match = scene.match
        for _ in range(400):
            self.app.step()
            if self.top_is(CurtainScene):
                self.shot(f"{game_id}_3_curtain")
                self.lift_curtain()
                return scene.viewer_seat == match.current_seat()
            if self.app.top is scene and scene.awaiting_human:
                self.hold_drag(scene)
                scene.try_action(match.bot_choose())
        return False

    def lift_curtain(self) -> None:
        import pygame

        from crimson_table.ui.widgets.curtain import CurtainScene

        for _ in range(2):  # a reviewing curtain (the last mover sees the result) first closes, then lifts
            if not self.top_is(CurtainScene):
                break
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.app.dispatch(pygame.event.Event(kind, {"pos": (800, 450), "button": 1}))
        self.app.run_frames(2)

    def save_and_reload(self, scene) -> bool:  # type: ignore[no-untyped-def]
        before = scene.match.state_hash()
        path = scene.save_game()
        if path is None or not self.app.load_match(Path(path)):
            return False
        self.app.run_frames(2)
        return self.table().match.state_hash() == before

    def table(self):  # type: ignore[no-untyped-def]
        """The game scene on the stack (overlays such as the curtain may sit above it)."""
        return next(s for s in reversed(self.app.stack) if hasattr(s, "match"))

    def master_turn(self, game_id: str) -> bool:
        """Every seat becomes Master until one decision with a real choice comes from the bot process."""
        from crimson_table.ai.registry import levels_for
        from crimson_table.play.match import Seat
        from crimson_table.ui.widgets.curtain import CurtainScene

        if "master" not in levels_for(game_id):
            return True
        table = self.table()
        match = table.match
        match.seats[:] = [Seat(s.name, "bot", "master") for s in match.seats]
        watched = None
        deadline = time.monotonic() + MASTER_TURN_SECONDS
        while time.monotonic() < deadline and not match.is_over():
            worker = table.worker
            if worker is not None and worker.mode == "process" and worker.step == match.step:
                watched = worker if len(match.legal_actions()) > 1 else watched
            if watched is not None and match.step > watched.step:
                return watched.error is None and watched.result is not None
            if self.top_is(CurtainScene):
                self.lift_curtain()
            self.app.step()
        return False

    def bots_to_the_end(self, game_id: str, prefix: str = "") -> bool:
        from crimson_table.play.match import Seat
        from crimson_table.ui.screens.game_over import GameOverScene
        from crimson_table.ui.widgets.curtain import CurtainScene

        match = self.table().match
        match.seats[:] = [Seat(s.name, "bot", "heuristic") for s in match.seats]
        mid_shot = False
        seen: set[str] = set()
        table = self.table()
        for _ in range(MAX_FRAMES_PER_GAME):
            if self.top_is(GameOverScene):
                self.app.run_frames(2)
                self.shot(f"{prefix}_game_over" if prefix else f"{game_id}_5_game_over")
                return match.is_over()
            if self.top_is(CurtainScene):
                self.lift_curtain()
            if not mid_shot and match.step >= MID_GAME_STEP:
                self.shot(f"{prefix}_mid_game" if prefix else f"{game_id}_4_mid_game")
                mid_shot = True
            if self.app.top is table:
                self.moments(table, prefix or game_id, seen)
            self.app.step()
        return False

    def replay_and_stats(self, game_id: str) -> bool:
        """From the results: the statistics page, then the replay stepped back, jumped to the middle
        and on one move (shots ``<game>_5_stats``, ``<game>_5_replay``)."""
        from crimson_table.ui.screens.game_over import GameOverScene
        from crimson_table.ui.screens.stats import StatsScene
        from crimson_table.ui.tables.replay import ReplayScene

        over = self.app.top
        if not isinstance(over, GameOverScene):
            return False
        over.open_stats()
        self.app.run_frames(2)
        self.shot(f"{game_id}_5_stats")
        if not self.top_is(StatsScene):
            return False
        self.app.pop()
        over.watch()
        replay = self.app.top
        if not isinstance(replay, ReplayScene):
            return False
        replay.back()
        replay.jump(replay.cursor.length // 2)
        replay.forward()
        self.app.run_frames(30)
        self.shot(f"{game_id}_5_replay")
        ok = replay.cursor.step == replay.cursor.length // 2 + 1 and replay.table.worker is None
        replay.close()
        return ok and self.app.top is over

    def open_and_spectator(self, game_id: str) -> bool:
        """From the results: "Show all hands" (the final table, every hand face up), then the replay
        seen by a spectator in the middle of the match (shots ``<game>_5_all_hands``, ``<game>_5_spectator``)."""
        from crimson_table.ui.screens.game_over import GameOverScene
        from crimson_table.ui.sight import ALL_OPEN, SPECTATOR
        from crimson_table.ui.tables.replay import ReplayScene

        over = self.app.top
        if not isinstance(over, GameOverScene):
            return False
        over.show_all_hands()
        replay = self.app.top
        if not isinstance(replay, ReplayScene) or replay.table.sight != ALL_OPEN:
            return False
        self.app.run_frames(2)
        self.shot(f"{game_id}_5_all_hands")
        opened = replay.table.view == over.match.rules.open_view(over.match.state)
        replay.set_viewer(0, SPECTATOR)
        replay.jump(replay.cursor.length // 2)
        replay.forward()
        self.app.run_frames(30)
        self.shot(f"{game_id}_5_spectator")
        blind = replay.table.view == replay.cursor.match.view(None)
        replay.close()
        return opened and blind and self.app.top is over

    def run(self) -> int:
        """Every step for every game; 0 if all passed."""
        from crimson_table.ui.tables import TABLE_GAMES

        self.report.check("menu", self.menu)
        self.report.check("campaign: chapter map and one encounter", self.campaign)
        self.report.check("online: host a table, join it on loopback, play a turn", self.online)
        for game_id in TABLE_GAMES:
            self.report.check(f"{game_id}: setup scene", lambda g=game_id: self.setup(g))
            self.report.check(f"{game_id}: tutorial plays through", lambda g=game_id: self.tutorial(g))
            self.app.go_to_menu()
            try:
                self.play(game_id)
            except Exception:  # noqa: BLE001
                self.report.failed.append(f"{game_id}: {traceback.format_exc(limit=6)}")
                print(f"FAIL {game_id}\n{self.report.failed[-1]}", flush=True)
            self.app.go_to_menu()
        self.app.clear()
        total = len(self.report.passed) + len(self.report.failed)
        print(f"smoke: {len(self.report.passed)} of {total} steps passed", flush=True)
        return 0 if not self.report.failed else 1


def run_smoke(screenshots: Path | None = None) -> int:
    """Entry point of ``--smoke``: headless, in a throw-away user data folder unless one is set."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CRIMSON_TABLE_BOTS"] = "process"  # the app's own bot mode, whatever a test set
    with tempfile.TemporaryDirectory(prefix="crimson-smoke-") as home:
        os.environ.setdefault("CRIMSON_TABLE_HOME", home)
        return SmokeRun(screenshots).run()
