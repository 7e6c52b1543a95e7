"""Issue 9: every JSON reader refuses hostile files with SaveError naming the file, and every
field of a save is checked before anything uses it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crimson_table.ai.registry import levels_for
from crimson_table.play import saves
from crimson_table.play.match import Match, Seat, check_header, clean_name
from crimson_table.play.saves import SaveError


def _refused(tmp_path: Path, text: bytes | str, match: str) -> SaveError:
    path = tmp_path / "hostile.json"
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    with pytest.raises(SaveError, match=match) as err:
        saves.read_json(path)
    assert "hostile.json" in str(err.value)
    return err.value


@settings(max_examples=25, deadline=None)
@given(depth=st.integers(min_value=saves.MAX_DEPTH + 1, max_value=20_000), brace=st.booleans())
def test_deep_nesting_is_refused_at_any_depth(
    tmp_path_factory: pytest.TempPathFactory, depth: int, brace: bool
) -> None:
    text = ('{"a":' * depth + "1" + "}" * depth) if brace else ("[" * depth + "]" * depth)
    _refused(tmp_path_factory.mktemp("deep"), text, "nested too deeply")


@settings(max_examples=25, deadline=None)
@given(
    digits=st.integers(min_value=saves.MAX_INT_DIGITS + 1, max_value=20_000),
    where=st.sampled_from(["seed", "version", "log"]),
)
def test_huge_integers_are_refused_wherever_they_are(
    tmp_path_factory: pytest.TempPathFactory, digits: int, where: str
) -> None:
    number = "7" * digits
    body = '[{"kind": "x", "card": NUM}]' if where == "log" else "NUM"
    text = '{"' + where + '": ' + body.replace("NUM", number) + "}"
    _refused(tmp_path_factory.mktemp("int"), text, f"{digits} digits")


@pytest.mark.parametrize(
    ("raw", "match"),
    [
        (b'{"name": "caf\xe9"}', "not UTF-8"),
        (b"\xff\xfe{\x00}\x00", "not UTF-8"),
        (b'{"volume": NaN}', "NaN"),
        (b'{"volume": -Infinity}', "Infinity"),
        (b'{"volume": 1e999}', "too large"),
        (b"{ nope", "not valid JSON"),
        (b"", "not valid JSON"),
    ],
)
def test_bad_encodings_and_numbers_are_refused(tmp_path: Path, raw: bytes, match: str) -> None:
    _refused(tmp_path, raw, match)


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + b'{"a": 1}')
    assert saves.read_json(path) == {"a": 1}


def test_a_folder_in_place_of_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(SaveError, match="cannot be read"):
        saves.read_json(tmp_path / "dir.json")


# -- save fields ----------------------------------------------------------------------------------
def _save() -> dict[str, Any]:
    match = Match.new("condottiere", [Seat("Anna"), Seat("Bot", "bot", "heuristic")], seed=5)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    return match.to_json()


SAVE = _save()


def _load(data: dict[str, Any]) -> Match:
    return Match.from_json(json.loads(json.dumps(data)), source="field.ctsave.json")


@pytest.mark.parametrize("version", [0, -1, True, False, 1.0, "1", None, 2])
def test_a_save_version_must_be_a_positive_whole_number_we_know(version: Any) -> None:
    with pytest.raises(SaveError, match="version") as err:
        _load({**SAVE, "version": version})
    assert "field.ctsave.json" in str(err.value)


@pytest.mark.parametrize("step", [-1, 0, 4, True, "3", None, 2**70])
def test_step_must_count_the_logged_moves(step: Any) -> None:
    with pytest.raises(SaveError, match="'step'"):
        _load({**SAVE, "step": step})


def test_a_save_without_step_still_loads() -> None:
    data = copy.deepcopy(SAVE)
    del data["step"]
    assert _load(data).step == 3


@pytest.mark.parametrize("level", ["godlike", "", "Heuristic", 3, None])
def test_a_bot_level_must_be_one_of_the_game_s_levels(level: Any) -> None:
    seats = [SAVE["seats"][0], {**SAVE["seats"][1], "level": level}]
    with pytest.raises(SaveError, match="seat 2"):
        _load({**SAVE, "seats": seats})


@pytest.mark.parametrize("level", levels_for("condottiere"))
def test_every_registered_level_loads(level: str) -> None:
    seats = [SAVE["seats"][0], {**SAVE["seats"][1], "level": level}]
    assert _load({**SAVE, "seats": seats}).seats[1].level == level


@pytest.mark.parametrize("seed", [True, 2**64, -(2**64), 1.5, "5"])
def test_a_seed_must_be_a_64_bit_whole_number(seed: Any) -> None:
    with pytest.raises(SaveError, match="seed"):
        _load({**SAVE, "seed": seed})


@pytest.mark.parametrize("kind", ["robot", None, 1, ["bot"]])
def test_a_seat_kind_must_be_human_or_bot(kind: Any) -> None:
    seats = [{**SAVE["seats"][0], "kind": kind}, SAVE["seats"][1]]
    with pytest.raises(SaveError, match="seat 1"):
        _load({**SAVE, "seats": seats})


@settings(max_examples=60, deadline=None)
@given(name=st.text(alphabet=st.one_of(st.characters(), st.integers(0xD800, 0xDFFF).map(chr)), max_size=80))
def test_any_seat_name_loads_as_text_that_encodes_and_draws(name: str) -> None:
    seats = [{**SAVE["seats"][0], "name": name}, SAVE["seats"][1]]
    _, loaded = check_header({**SAVE, "seats": seats}, "names.ctsave.json")
    clean = loaded[0].name
    clean.encode("utf-8")  # no lone surrogate survives
    assert 0 < len(clean) <= 40 and not any(ord(c) < 0x20 for c in clean)


def test_a_lone_surrogate_in_a_name_is_replaced_not_kept() -> None:
    assert clean_name("Ann\ud800a") == "Ann\ufffda"
    assert clean_name("\udfff") == "\ufffd"


def test_a_game_id_that_is_not_text_is_refused() -> None:
    with pytest.raises(SaveError, match="'game'"):
        _load({**SAVE, "game": ["condottiere"]})


def test_every_header_field_is_checked_before_anything_is_replayed() -> None:
    for key in ("game", "seed", "options", "seats", "log", "state_hash"):
        with pytest.raises(SaveError, match=repr(key)):
            _load({k: v for k, v in SAVE.items() if k != key})


@settings(max_examples=100, deadline=None)
@given(raw=st.binary(max_size=300))
def test_any_bytes_are_read_or_refused_with_a_save_error(
    tmp_path_factory: pytest.TempPathFactory, raw: bytes
) -> None:
    path = tmp_path_factory.mktemp("bytes") / "any.json"
    path.write_bytes(raw)
    try:
        saves.read_json(path)
    except SaveError as exc:
        assert "any.json" in str(exc)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=80, deadline=None)
@given(key=st.sampled_from(sorted(SAVE)), value=JSON_VALUES)
def test_any_value_in_any_save_field_loads_or_is_refused_with_a_save_error(key: str, value: Any) -> None:
    try:
        _load({**SAVE, key: value})
    except SaveError as exc:
        assert "field.ctsave.json" in str(exc)
