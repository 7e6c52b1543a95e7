"""Every rule and test-scenario ID of the five rule supplements is cited by some test.

Project rule: a test names the rules it covers, in its name in snake form (``test_xx_r22_...``)
or in a comment or docstring (the full ID, prefix, kind and number).  Crimson Keep's tests name
their rules in short form (``test_r10_...``), so inside a game's own test folder the short form
in a test function's name counts too.  This file is left out of the search: it must not cite
anything itself.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

THIS = Path(__file__).resolve()
TESTS = THIS.parents[1]
SUPPLEMENTS = THIS.parents[2].parent / "shared" / "rules"

GAMES = {
    "two_crowns": "TC",
    "crimson_company": "CC",
    "condottiere": "CO",
    "crusader_kingdoms": "CK",
    "crimson_keep": "CK2",
}
# CK2 before CK in the alternation, and the digits right after the prefix's letters: CK never matches CK2.
RULE_ID = re.compile(r"\b(TC|CC|CO|CK2|CK)-(R|T|TS)(\d+)\b")
# A citation in full: any case, "-" or "_", not inside a word ("test_xy_r22_..." counts), no digit after.
CITATION = re.compile(r"(?<![A-Za-z0-9])(TC|CC|CO|CK2|CK)[-_](R|T|TS)(\d+)(?![0-9])", re.IGNORECASE)
SHORT = re.compile(r"(?<![A-Za-z0-9])(R|T|TS)(\d+)(?![0-9])", re.IGNORECASE)
TEST_NAME = re.compile(r"def (test_\w+)")


def supplement_ids(text: str, prefix: str) -> list[str]:
    """The IDs of one game (its own prefix only) mentioned in its supplement, in R, T, TS order."""
    found = {(m.group(2), int(m.group(3))) for m in RULE_ID.finditer(text) if m.group(1) == prefix}
    order = {"R": 0, "T": 1, "TS": 2}
    return [f"{prefix}-{kind}{n}" for kind, n in sorted(found, key=lambda k: (order[k[0]], k[1]))]


def cited_in_full(text: str) -> set[str]:
    """Every ID a text names in full ("XY-R22" or "xy_r22" for a prefix XY), written as "XY-R22"."""
    return {f"{p.upper()}-{k.upper()}{int(n)}" for p, k, n in CITATION.findall(text)}


def cited_in_short(test_names: str) -> set[str]:
    """Every short form ("r22", "t3", "ts1") in test function names, written as "R22"."""
    return {f"{k.upper()}{int(n)}" for k, n in SHORT.findall(test_names)}


def is_cited(rule_id: str, full: set[str], own_short: set[str]) -> bool:
    """True if some test names ``rule_id`` in full, or a test of the game's own folder names it in
    short form in its function name."""
    return rule_id in full or rule_id.split("-")[1] in own_short


@lru_cache(maxsize=1)
def _test_files() -> dict[Path, str]:
    return {
        path: path.read_text(encoding="utf-8")
        for path in sorted(TESTS.rglob("*.py"))
        if path.resolve() != THIS
    }


def _own_test_names(game: str) -> str:
    """The test function names of the files under a folder named after the game (tests/**/<game>/)."""
    return " ".join(
        name
        for path, text in _test_files().items()
        if game in path.relative_to(TESTS).parts[:-1]
        for name in TEST_NAME.findall(text)
    )


def _supplement(game: str) -> str:
    if not SUPPLEMENTS.is_dir():
        pytest.skip(f"the rule supplements are not in {SUPPLEMENTS} (a checkout without ../shared/rules)")
    return (SUPPLEMENTS / f"{game}_supplement.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_each_supplement_has_rule_ids_of_its_own_prefix(game: str) -> None:
    ids = supplement_ids(_supplement(game), GAMES[game])
    assert any("-R" in rule_id for rule_id in ids), f"{game}: no rule IDs found; has the format changed?"
    assert all(rule_id.startswith(GAMES[game] + "-") for rule_id in ids)


def test_every_rule_and_scenario_id_is_cited_by_a_test() -> None:
    full = cited_in_full("\n".join(_test_files().values()))
    missing = {}
    for game, prefix in GAMES.items():
        own = cited_in_short(_own_test_names(game))
        uncited = [i for i in supplement_ids(_supplement(game), prefix) if not is_cited(i, full, own)]
        if uncited:
            missing[game] = uncited
    assert not missing, "IDs no test cites:\n" + "\n".join(
        f"  {game} ({len(ids)}): {', '.join(ids)}" for game, ids in missing.items()
    )


def test_the_matcher_tells_prefixes_kinds_and_numbers_apart() -> None:
    """The check itself, on IDs built at run time (the source of this file cites nothing)."""
    ck, ck2 = GAMES["crusader_kingdoms"], GAMES["crimson_keep"]
    text = f"{ck}-R2, {ck}-T1, {ck2}-R7, {ck}-R10; {ck2}-TS3 and {ck}-R2 again"
    assert supplement_ids(text, ck) == [f"{ck}-R2", f"{ck}-R10", f"{ck}-T1"]
    assert supplement_ids(text, ck2) == [f"{ck2}-R7", f"{ck2}-TS3"]
    r22 = f"{ck}-R22"
    assert is_cited(r22, cited_in_full(f"x = 1  # {r22.lower()}"), set())
    assert is_cited(r22, cited_in_full(f"def test_{ck.lower()}_r22_capture() -> None:"), set())
    assert is_cited(f"{ck}-T1", cited_in_full(f"def test_{ck.lower()}_t1a_draw() -> None:"), set())
    assert is_cited(f"{ck2}-TS3", cited_in_full(f"# {ck2.lower()}_ts3"), set())
    wrong = f"# {ck2}-R22, {ck}-R221, X{ck}-R22, {ck}-T22, {ck}:R22"
    assert not is_cited(r22, cited_in_full(wrong), set())
    assert is_cited(f"{ck2}-R10", set(), cited_in_short("test_r10_walls test_r1_setup"))
    assert not is_cited(f"{ck2}-R10", set(), cited_in_short("test_r100_walls test_rr10 test_xr10"))
    assert not is_cited(f"{ck2}-T3", set(), cited_in_short("test_ts3_scenario"))
    assert is_cited(f"{ck2}-TS3", set(), cited_in_short("test_ts3_scenario"))
