"""Every registered game has an in-app rules reference (DESIGN.md: rules reference per game)."""

from __future__ import annotations

import pytest

from crimson_table.engine.registry import BUILTIN_GAMES
from crimson_table.ui.screens.rules import RULES_DIR, markdown_to_html, rules_markdown


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_each_built_in_game_has_its_rules_reference_file(game_id: str) -> None:
    text = (RULES_DIR / f"{game_id}.md").read_text(encoding="utf-8")
    assert text.startswith("# ") and len(text) > 1500


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_the_rules_reference_converts_to_gui_html(game_id: str) -> None:
    html = markdown_to_html(rules_markdown(game_id))
    assert "<b>" in html and "**" not in html


def test_a_missing_rules_file_is_reported_with_its_path(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import crimson_table.ui.screens.rules as rules

    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    text = rules.rules_markdown("two_crowns")
    assert text.startswith("# Two Crowns") and str(tmp_path) in text


def test_a_heading_after_a_list_gets_the_same_gap_as_after_a_paragraph() -> None:
    after_paragraph = markdown_to_html("Some words.\n\n## Next")
    after_list = markdown_to_html("- one\n- two\n\n## Next")
    after_tight_list = markdown_to_html("- one\n- two\n## Next")
    gap = after_paragraph[: after_paragraph.index("<font")]
    assert gap.endswith("<br><br>")
    assert after_list[: after_list.index("<font")].endswith("two<br><br>")
    assert after_tight_list[: after_tight_list.index("<font")].endswith("two<br><br>")


def test_a_paragraph_after_a_list_starts_after_a_blank_line() -> None:
    html = markdown_to_html("- one\n\nMore words.")
    assert "one<br><br>More words." in html


def test_a_heading_keeps_its_text_right_under_it() -> None:
    html = markdown_to_html("## Setting up\nShuffle the deck.")
    assert "</font><br>Shuffle" in html
