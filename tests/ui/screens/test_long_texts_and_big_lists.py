"""A file's size never becomes the app's speed: the Load screen's frame does not grow with the
number of saves, a save listing a million seats is listed at once, and an error quoting thousands
of unknown options is a short sentence in a dialog that lays out a bounded text."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from crimson_table.play import saves
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.screens.dialog import MESSAGE_CHARS, MessageDialog
from crimson_table.ui.screens.load import LoadScene

FRAME_BUDGET = 0.050  # generous for a loaded machine: a frame of the list takes a few ms


def _save_data() -> dict[str, Any]:
    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben", "bot", "heuristic")], seed=5)
    match.apply(match.legal_actions()[0])
    return match.to_json()


def _write_saves(count: int, data: dict[str, Any] | None = None) -> None:
    """``count`` small saves (about 2 kB each), dated a second apart."""
    text = json.dumps(data or _save_data(), separators=(",", ":"))
    folder = saves.saves_dir()
    for index in range(count):
        path = folder / f"game {index:04}{saves.SAVE_SUFFIX}"
        path.write_text(text, encoding="utf-8")
        os.utime(path, (1_700_000_000 + index, 1_700_000_000 + index))


def _frame_cost(app: App, scene: LoadScene, frames: int = 6) -> float:
    """The cheapest of a few frames (draw and update), scrolled half-way down the list."""
    scene.scroll = max(0, scene.row_rect(len(scene.summaries) // 2).y - scene.row_rect(0).y)
    app.run_frames(1)
    costs = []
    for _ in range(frames):
        started = time.perf_counter()
        app.run_frames(1)
        costs.append(time.perf_counter() - started)
    return min(costs)


def _listed(app: App) -> LoadScene:
    scene = app.push(LoadScene(app))
    assert isinstance(scene, LoadScene)
    return scene


def test_a_frame_of_a_thousand_saves_stays_within_the_frame_budget(app: App) -> None:
    _write_saves(1000)
    scene = _listed(app)
    assert len(scene.summaries) == 1000
    assert _frame_cost(app, scene) <= FRAME_BUDGET


def test_a_frame_does_not_grow_with_the_number_of_saves(app: App) -> None:
    _write_saves(100)
    small = _frame_cost(app, _listed(app))
    app.clear()
    for path in saves.saves_dir().iterdir():
        path.unlink()
    _write_saves(1000)
    large = _frame_cost(app, _listed(app))
    assert large <= 3 * small + 0.005, (small, large)  # ten times the saves: about the same frame


def test_a_row_is_found_under_the_pointer_far_down_a_long_list(app: App) -> None:
    _write_saves(300)
    scene = _listed(app)
    scene.scroll = scene.row_rect(250).y - scene.row_rect(0).y
    assert scene.row_at(scene.row_rect(250).center) == 250
    assert scene.row_at(scene.row_rect(251).move(0, -5).center) == 251


def test_a_save_listing_200_000_seats_is_named_unusable_by_its_seat_count(app: App) -> None:
    data = _save_data()
    data["seats"] = [{"name": "A", "kind": "human"}] * 200_000  # about 5.5 MB of JSON
    _write_saves(1, data)
    started = time.perf_counter()
    scene = _listed(app)
    app.run_frames(2)
    assert time.perf_counter() - started < 5.0
    problem = scene.summaries[0].problem or ""
    assert "200,000 seats" in problem and "2-2" in problem


def test_a_27_megabyte_save_is_listed_at_once_as_too_large(app: App) -> None:
    data = _save_data()
    data["seats"] = [{"name": "A", "kind": "human"}] * 1_000_000  # about 27 MB of JSON
    _write_saves(1, data)
    started = time.perf_counter()
    scene = _listed(app)
    app.run_frames(2)
    assert time.perf_counter() - started < 1.0
    assert "too large" in (scene.summaries[0].problem or "")


def test_the_list_is_read_again_without_parsing_the_files_that_did_not_change(app: App) -> None:
    _write_saves(3)
    scene = _listed(app)
    reads: list[Path] = []
    real = saves.read_json

    def counted(path: Any, *args: Any) -> Any:
        reads.append(Path(path))
        return real(path, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(saves, "read_json", counted)
        changed = saves.saves_dir() / f"game 0001{saves.SAVE_SUFFIX}"
        changed.write_text(changed.read_text(encoding="utf-8") + " ", encoding="utf-8")
        os.utime(changed, (1_750_000_000, 1_750_000_000))
        scene.refresh()
    assert reads == [changed] and len(scene.summaries) == 3


def test_thousands_of_unknown_options_are_refused_in_a_short_sentence_and_shown_at_once(app: App) -> None:
    data = _save_data()
    data["options"] = {f"option_{i:05}_{'x' * 40}": i for i in range(5000)}
    _write_saves(1, data)
    scene = _listed(app)
    started = time.perf_counter()
    scene.choose(0)
    app.run_frames(2)
    assert time.perf_counter() - started < 5.0
    dialog = app.top
    assert isinstance(dialog, MessageDialog)
    assert "4,997 more" in dialog.message and len(dialog.message) < 500, dialog.message[:600]


def test_a_dialog_lays_out_a_bounded_text_whatever_it_is_given(app: App) -> None:
    started = time.perf_counter()
    dialog = app.push(MessageDialog(app, "Long", "word " * 2_000_000, kind="error"))
    app.run_frames(2)
    assert time.perf_counter() - started < 5.0
    assert isinstance(dialog, MessageDialog)
    assert len(dialog.text.html_text) <= MESSAGE_CHARS and dialog.text.html_text.endswith("\u2026")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))


def test_the_campaign_menu_reads_the_slots_once_not_on_every_frame(app: App) -> None:
    from crimson_table.campaign import store
    from crimson_table.campaign.progress import Chronicle
    from crimson_table.ui.screens.campaign import CampaignMenuScene

    store.save(Chronicle(1, "Anna", 3))
    store.save(Chronicle(1, "Anna", 3))  # the first write is the backup
    store.slot_path(1).write_text("{ damaged", encoding="utf-8")
    scene = app.push(CampaignMenuScene(app))
    reads: list[Path] = []
    real = store.read_json

    def counted(path: Any, *args: Any) -> Any:
        reads.append(Path(path))
        return real(path, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store, "read_json", counted)
        app.run_frames(5)
    assert app.top is scene and reads == []
    assert scene.slots[0].error is not None and any(b.text == "Use the backup" for b in scene.buttons)
