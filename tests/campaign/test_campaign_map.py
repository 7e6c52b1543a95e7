"""The campaign map (maps/campaign.tmx): it loads, Tiled opens it, editing it changes the
campaign, and a malformed one is refused with the file and the problem named."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from crimson_table.campaign.chronicle_map import CampaignMapError, load_campaign
from crimson_table.campaign.progress import AVAILABLE, LOCKED, Chronicle
from crimson_table.campaign.rivals import RIVALS
from crimson_table.engine.registry import GAMES
from crimson_table.resources import map_path

FILES = ("campaign.tmx", "campaign_tiles.tsx", "campaign_tiles.png")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The campaign map's three files in a temporary folder; returns the .tmx."""
    for name in FILES:
        shutil.copy(map_path(name), tmp_path / name)
    return tmp_path / "campaign.tmx"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_map_holds_four_chapters_and_every_game() -> None:
    campaign = load_campaign()
    assert len(campaign.chapters) == 4
    assert 12 <= len(campaign.encounters) <= 16
    assert {e.game for e in campaign.encounters.values()} == set(GAMES)
    assert all(e.rival in RIVALS for e in campaign.encounters.values())
    solo = {(e.game, e.players) for e in campaign.encounters.values() if e.solo_mode}
    assert solo == {("crusader_kingdoms", 1), ("crimson_keep", 1)}  # the official solo modes
    assert campaign.encounters["thornkeep"].options == {"hard_mode": True}  # Kai in Hard Mode
    assert campaign.encounters["citadel"].options == {"difficulty": "greatest"}
    assert campaign.encounters["woodcutters"].players == 4  # three rival condottieri
    assert campaign.finale in campaign.encounters


def test_editing_the_map_in_its_xml_changes_the_campaign(copy: Path) -> None:
    edit(copy, 'name="game" value="two_crowns"', 'name="game" value="crimson_company"')  # the first one: gate
    edit(
        copy, '<property name="stars" type="int" value="3"/>', '<property name="stars" type="int" value="0"/>'
    )
    edit(copy, '<property name="from" value="gate"/>\n    <property name="to" value="ford"/>',
         '<property name="from" value="market"/>\n    <property name="to" value="ford"/>')  # fmt: skip
    campaign = load_campaign(copy)
    assert campaign.encounters["gate"].game == "crimson_company"
    assert campaign.chapters["salt_coast"].stars == 0
    assert campaign.encounters["ford"].requires == ("market",)
    chronicle = Chronicle(1, "Anna", 5)
    assert chronicle.status(campaign, "ford") == LOCKED  # now behind the market
    assert chronicle.status(campaign, "lighthouse") == LOCKED  # chapter open, path not won
    original = load_campaign()
    assert Chronicle(1, "Anna", 5).status(original, "ford") == LOCKED
    assert Chronicle(1, "Anna", 5).status(original, "gate") == AVAILABLE


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('value="two_crowns"', 'value="chess"', "unknown game 'chess'"),
        ('name="rival" value="odo"', 'name="rival" value="nobody"', "unknown rival 'nobody'"),
        ('name="level" value="random"', 'name="level" value="grandmaster"', "level 'grandmaster'"),
        ('value="difficulty=standard"', 'value="difficulty=impossible"', "cannot be 'impossible'"),
        ('value="difficulty=standard"', 'value="coins=10"', "'coins=10' is not an option"),
        ('name="players" type="int" value="3"', 'name="players" type="int" value="9"', "2-6 players, not 9"),
        ('name="to" value="ford"', 'name="to" value="atlantis"', "unknown encounter 'atlantis'"),
        ('name="finale" value="throne"', 'name="finale" value="moon"', "'finale': names no encounter"),
        ('value="back:griffin"', 'value="back:rainbow"', "'back:rainbow', which is not a look"),
        ('name="chapter" value="salt_coast"', 'name="chapter" value="atlantis"', "unknown chapter"),
        ('name="label" value="The Burnt Gate"', 'name="name" value="The Burnt Gate"', "shadowing a built-in"),
        ('name="encounters"', 'name="battles"', "layer 'encounters': is missing"),
        ("<object ", "<object <", "XML parse error"),
    ],
)
def test_a_malformed_map_names_the_file_and_the_problem(copy: Path, old: str, new: str, problem: str) -> None:
    edit(copy, old, new)
    with pytest.raises(CampaignMapError) as caught:
        load_campaign(copy)
    assert str(copy) in str(caught.value)
    assert problem in str(caught.value)


def test_paths_in_a_circle_are_refused(copy: Path) -> None:
    # gate -> market -> lighthouse, and now lighthouse -> gate: none of the three could open
    edit(copy, 'name="from" value="lighthouse"/>\n    <property name="to" value="saltworks"/>',
         'name="from" value="lighthouse"/>\n    <property name="to" value="gate"/>')  # fmt: skip
    with pytest.raises(CampaignMapError, match="circle"):
        load_campaign(copy)


def test_a_missing_map_is_named(tmp_path: Path) -> None:
    with pytest.raises(CampaignMapError, match="not found"):
        load_campaign(tmp_path / "nowhere.tmx")


@pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed")
def test_the_real_tiled_editor_opens_the_map(tmp_path: Path) -> None:
    out = tmp_path / "campaign.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = ["tiled", "--export-map", "json", str(map_path("campaign.tmx")), str(out)]
    subprocess.run(command, env=env, check=True, capture_output=True, timeout=60)
    data = json.loads(out.read_text(encoding="utf-8"))
    layers = {layer["name"]: layer for layer in data["layers"]}
    assert len(layers["encounters"]["objects"]) == len(load_campaign().encounters)
    assert all("polyline" in obj for obj in layers["paths"]["objects"])


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
def test_tmxrasterizer_draws_the_map(tmp_path: Path) -> None:
    import pygame  # noqa: PLC0415

    out = tmp_path / "campaign.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(["tmxrasterizer", str(map_path("campaign.tmx")), str(out)], env=env, check=True,
                   capture_output=True, timeout=60)  # fmt: skip
    assert pygame.image.load(str(out)).get_size() == (1280, 768)
