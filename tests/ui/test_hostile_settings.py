"""Nothing a settings file can hold keeps the app from starting: the loader reads at most its cap
from a regular file only, and the notice it gives is short whatever the file holds."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from crimson_table.play import saves
from crimson_table.ui import settings as settings_mod
from crimson_table.ui.app import App
from crimson_table.ui.settings import NOTICE_CHARS, Settings
from crimson_table.ui.widgets.toast import MAX_CHARS, MAX_LINES, ToastManager

SECONDS_PER_FILE = 3.0  # generous for a loaded machine; the loader takes milliseconds
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
needs_dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")


def _load_within(path: Path, seconds: float) -> tuple[Settings, str | None]:
    """The loader's answer, run in a thread so that a loader that hangs fails the test instead."""
    answer: list[tuple[Settings, str | None]] = []
    worker = threading.Thread(target=lambda: answer.append(settings_mod.load_settings_with_notice(path)))
    worker.daemon = True
    worker.start()
    worker.join(seconds)
    if worker.is_alive() and path.is_fifo():
        _release_fifo(path)
    assert answer, f"loading {path.name} took over {seconds} s"
    return answer[0]


def _release_fifo(path: Path) -> None:
    """Open the FIFO's other end once, so that a reader blocked on it gets to its end."""
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


def _assert_defaults_with_a_short_notice(answer: tuple[Settings, str | None]) -> str:
    settings, notice = answer
    assert settings == Settings()
    assert notice is not None and len(notice) <= NOTICE_CHARS, (len(notice or ""), (notice or "")[:400])
    assert notice.startswith("Settings reset to the defaults: the settings file ")
    return notice


def _app_starts_with_its_notice() -> App:
    app = App()
    assert app.settings == Settings() and app.running
    assert app.toasts.toasts and len(app.toasts.toasts[0].text) <= NOTICE_CHARS
    app.run_frames(2)
    return app


def test_a_ten_megabyte_key_lets_the_app_start_with_a_short_notice() -> None:
    saves.settings_path().write_text(json.dumps({"k" * 10_000_000: 1}), encoding="utf-8")
    app = _app_starts_with_its_notice()
    app.clear()


def test_a_million_unknown_keys_are_counted_not_listed() -> None:
    hostile = {f"key{i}": i for i in range(1_500_000)}
    started = time.perf_counter()
    with pytest.raises(ValueError) as refused:
        settings_mod.validate(hostile)
    assert time.perf_counter() - started < 10.0
    message = str(refused.value)
    assert len(message) < 200 and "1,499,997 more" in message, message


def test_a_five_million_element_list_is_named_by_its_size() -> None:
    with pytest.raises(ValueError) as refused:
        settings_mod.validate({"volume": list(range(5_000_000))})
    assert "a list of 5,000,000 items" in str(refused.value) and len(str(refused.value)) < 120


def test_the_first_problem_is_named_and_the_others_counted() -> None:
    with pytest.raises(ValueError, match=r"^window width out of range \(640-7680\) \(and 2 more problems\)$"):
        settings_mod.validate({"volume": "loud", "window_width": 1, "animation_speed": "warp"})


def test_a_file_larger_than_the_cap_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 0.5' + " " * settings_mod.MAX_BYTES + "}", encoding="utf-8")
    notice = _assert_defaults_with_a_short_notice(_load_within(path, SECONDS_PER_FILE))
    assert "too large" in notice


@needs_fifo
def test_a_fifo_in_place_of_the_settings_file_does_not_hang_the_start(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    notice = _assert_defaults_with_a_short_notice(_load_within(path, SECONDS_PER_FILE))
    assert "not a regular file" in notice


@needs_dev_zero
def test_a_link_to_dev_zero_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.symlink_to("/dev/zero")
    notice = _assert_defaults_with_a_short_notice(_load_within(path, SECONDS_PER_FILE))
    assert "not a regular file" in notice


def test_a_toast_lays_out_a_bounded_text_whatever_it_is_given() -> None:
    import pygame

    toasts = ToastManager()
    toasts.show("x" * 15_000_000)
    toasts.show("word " * 3_000_000)
    surface = pygame.Surface((1600, 900))
    toasts.draw(surface)
    assert all(len(text) <= MAX_CHARS and text.endswith("\u2026") for text in toasts.texts())
    assert all(rect.height < 60 * MAX_LINES for rect in toasts.rects)


# -- the fuzz: a hundred and more hostile files, each loaded to the defaults with a short notice ---------
def _huge_key(rng: random.Random) -> str:
    return json.dumps({"k" * rng.choice((70_000, 1_000_000, 4_000_000)): 1})


def _huge_value(rng: random.Random) -> str:
    return json.dumps({"animation_speed": "fast" * rng.choice((10, 20_000, 500_000))})


def _huge_list(rng: random.Random) -> str:
    return json.dumps({"volume": [rng.random() for _ in range(rng.choice((50, 5_000, 200_000)))]})


def _deep(rng: random.Random) -> str:
    depth = rng.choice((65, 500, 50_000))
    return ('{"volume": ' * depth + "1" + "}" * depth) if rng.random() < 0.5 else "[" * depth + "]" * depth


def _wrong_type(rng: random.Random) -> str:
    name = rng.choice([f.name for f in dataclasses.fields(Settings)])
    return json.dumps({name: rng.choice(([], {}, None, "x", 1e300, -7, [[1]], {"a": {}}))})


def _unknown_keys(rng: random.Random) -> str:
    count = rng.choice((1, 2_000, 300_000))
    return json.dumps({f"u{rng.getrandbits(32)}_{i}": i for i in range(count)})


def _binary(rng: random.Random) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(rng.choice((1, 64, 4_096))))


def _truncated(rng: random.Random) -> str:
    good = json.dumps(Settings().to_dict())
    return good[: rng.randrange(1, len(good))]


def _not_an_object(rng: random.Random) -> str:
    return json.dumps(rng.choice(([1] * 1_000, "text", 3, None, [{}])))


MUTATIONS: tuple[Callable[[random.Random], str | bytes], ...] = (
    _huge_key,
    _huge_value,
    _huge_list,
    _deep,
    _wrong_type,
    _unknown_keys,
    _binary,
    _truncated,
    _not_an_object,
)


def _hostile_file(path: Path, rng: random.Random, index: int) -> None:
    """One hostile settings file at ``path``: a mutation's text, or a FIFO or a link to /dev/zero."""
    if index % 11 == 5 and hasattr(os, "mkfifo"):
        os.mkfifo(path)
    elif index % 11 == 10 and Path("/dev/zero").exists():
        path.symlink_to("/dev/zero")
    else:
        body = MUTATIONS[index % len(MUTATIONS)](rng)
        path.write_bytes(body if isinstance(body, bytes) else body.encode("utf-8"))


@pytest.mark.parametrize("seed", [11, 12])
def test_any_of_sixty_hostile_settings_files_gives_the_defaults_and_a_short_notice(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    for index in range(60):  # two seeds: 120 files
        path = tmp_path / f"settings_{index}.json"
        _hostile_file(path, rng, index)
        _assert_defaults_with_a_short_notice(_load_within(path, SECONDS_PER_FILE))
        assert not os.path.lexists(path), "an unusable file is moved aside"


def test_temporary_settings_files_left_by_a_killed_write_are_cleaned_at_start() -> None:
    settings_mod.save_settings(Settings(volume=0.3))
    left = saves.settings_path().with_name(f".settings.json.k1{saves.TEMP_SUFFIX}")
    left.write_text('{"volume": 0.', encoding="utf-8")
    old = time.time() - 10 * saves.STALE_SECONDS
    os.utime(left, (old, old))
    assert settings_mod.load_settings() == Settings(volume=0.3)
    assert not left.exists()
