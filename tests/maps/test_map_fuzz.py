"""Map fuzz: 125 damaged maps, each a seeded mutation of a bundled map (a property deleted or
altered, points dropped, bent or multiplied, an attribute, layer, object or tile changed, a
tileset or its image swapped).  Loading each, as its game does, and drawing its tiles, as its
table does, either succeeds or raises the one MapError naming the file: never another exception,
never longer than two seconds.  Deterministic: case ``n`` is ``random.Random(n)``.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402
from xml.etree import ElementTree  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from crimson_table.campaign.chronicle_map import load_campaign  # noqa: E402
from crimson_table.engine.condottiere import board as condottiere  # noqa: E402
from crimson_table.engine.crimson_keep import board as crimson_keep  # noqa: E402
from crimson_table.engine.crusader_kingdoms import board as crusader  # noqa: E402
from crimson_table.engine.tiled import MapError  # noqa: E402
from crimson_table.ui.widgets.tiled_map import tile_image  # noqa: E402
from tests.maps.hostile import MAP_FILES, copy_maps, deadline, tiny_png  # noqa: E402

CASES = 125
SECONDS_PER_MAP = 2.0

# How each game reads its map (the board builders check what the rules and the table need).
LOADERS: dict[str, Callable[[Path], Any]] = {
    "condottiere_italy.tmx": condottiere.load_board,
    "crusader_1st_3rd.tmx": lambda path: crusader.load_board(path, 14, numbered=True),
    "crusader_saladin_2nd.tmx": lambda path: crusader.load_board(path, 23, numbered=False),
    "crimson_keep_board.tmx": crimson_keep.load_board,
    "campaign.tmx": load_campaign,
}
ODD = ("", " ", "²", "-1", "0", "999999999", "1e309", "-1e309", "nan", "inf", "abc", "1.5", "A,B,,C",
       "Ünïcødé ☃", "<&>", "x" * 600, "-5", "4096", "true")  # fmt: skip
RESERVED = ("name", "x", "type", "id", "points")


@pytest.fixture(scope="module")
def maps(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pygame.init()
    return copy_maps(tmp_path_factory.mktemp("fuzz"))


# -- mutations: each changes one thing of the tree (``rng`` picks where and how) ---------------------------
def _pick(rng: random.Random, root: ElementTree.Element, *tags: str) -> ElementTree.Element | None:
    found = [node for node in root.iter() if node.tag in tags]
    return rng.choice(found) if found else None


def _parent_of(root: ElementTree.Element, child: ElementTree.Element) -> ElementTree.Element:
    return next(node for node in root.iter() if child in list(node))


def delete_property(rng: random.Random, root: ElementTree.Element, _case: Case) -> None:
    prop = _pick(rng, root, "property")
    if prop is not None:
        _parent_of(root, prop).remove(prop)


def alter_property(rng: random.Random, root: ElementTree.Element, _case: Case) -> None:
    prop = _pick(rng, root, "property")
    if prop is not None:
        if rng.random() < 0.2:
            prop.set("name", rng.choice(RESERVED))
        else:
            prop.set("value", rng.choice(ODD))


def delete_object(rng: random.Random, root: ElementTree.Element, _case: Case) -> None:
    obj = _pick(rng, root, "object")
    if obj is not None:
        _parent_of(root, obj).remove(obj)


def delete_layer(rng: random.Random, root: ElementTree.Element, _case: Case) -> None:
    layer = _pick(rng, root, "layer", "objectgroup", "tileset")
    if layer is not None:
        _parent_of(root, layer).remove(layer)


def alter_attribute(rng: random.Random, root: ElementTree.Element, _case: Case) -> None:
    node = _pick(rng, root, "map", "layer", "objectgroup", "object", "tileset", "data")
    if node is not None and node.attrib:
        node.set(rng.choice(sorted(node.attrib)), rng.choice(ODD))


def alter_points(rng: random.Random, root: ElementTree.Element, _case: Case) -> None:
    outline = _pick(rng, root, "polygon", "polyline")
    if outline is None:
        return
    points = outline.get("points", "").split()
    how = rng.randrange(5)
    if how == 0:
        points = points[: rng.randint(0, 2)]
    elif how == 1 and points:
        x, _, y = rng.choice(points).partition(",")
        points[rng.randrange(len(points))] = (
            f"{rng.choice(ODD)},{y}" if rng.random() < 0.5 else f"{x},{rng.choice(ODD)}"
        )
    elif how == 2:
        rng.shuffle(points)
    elif how == 3:
        points = points * rng.choice((3, 40))
    else:
        points.insert(rng.randrange(len(points) + 1), rng.choice(("1,2,3", "5", ",", "9,9")))
    outline.set("points", " ".join(points))


def alter_tiles(rng: random.Random, root: ElementTree.Element, _case: Case) -> None:
    data = _pick(rng, root, "data")
    if data is None:
        return
    cells = (data.text or "").strip().split(",")
    how = rng.randrange(3)
    if how == 0:
        cells[rng.randrange(len(cells))] = rng.choice(("999999", "-5", "0", str(2**31 + 1), "abc", ""))
    elif how == 1:
        cells = cells[: rng.randrange(len(cells))]
    else:
        data.set("encoding", rng.choice(("base64", "xml", "csv2")))
    data.text = ",".join(cells)


def swap_tileset(rng: random.Random, root: ElementTree.Element, case: Case) -> None:
    """Point the map at another tileset file: elsewhere, missing, or a damaged copy of its own."""
    tileset = _pick(rng, root, "tileset")
    if tileset is None or not tileset.get("source"):
        return
    how = rng.randrange(4)
    if how == 0:
        tileset.set("source", rng.choice(("../outside.tsx", "/etc/passwd", "missing.tsx", "sub/../../x.tsx")))
        return
    tsx = ElementTree.parse(case.folder / tileset.get("source", ""))
    image = tsx.getroot().find("image")
    assert image is not None
    if how == 1:
        image.set(rng.choice(("width", "height", "source")), rng.choice(ODD))
    elif how == 2:
        tsx.getroot().set(rng.choice(("tilewidth", "tileheight", "margin", "spacing")), rng.choice(ODD))
    else:
        picture = case.folder / f"{case.name}.png"
        if rng.random() < 0.5:
            tiny_png(picture, (rng.randint(1, 40), rng.randint(1, 40)))
        else:
            picture.write_bytes(bytes(rng.randrange(256) for _ in range(64)))
        image.set("source", picture.name)
    tsx.write(case.folder / f"{case.name}.tsx", encoding="UTF-8", xml_declaration=True)
    tileset.set("source", f"{case.name}.tsx")


MUTATIONS = (delete_property, alter_property, delete_object, delete_layer, alter_attribute, alter_points,
             alter_tiles, swap_tileset)  # fmt: skip


class Case:
    """One damaged map: which bundled map, the mutations applied, where it was written."""

    def __init__(self, number: int, folder: Path) -> None:
        self.number, self.folder = number, folder
        self.source = MAP_FILES[number % len(MAP_FILES)]
        self.name = f"fuzz_{number:03d}"
        self.applied: list[str] = []

    def write(self) -> Path:
        rng = random.Random(self.number)
        tree = ElementTree.parse(self.folder / self.source)
        for mutation in rng.sample(MUTATIONS, rng.choice((1, 1, 2, 3))):
            mutation(rng, tree.getroot(), self)
            self.applied.append(mutation.__name__)
        path = self.folder / f"{self.name}.tmx"
        tree.write(path, encoding="UTF-8", xml_declaration=True)
        return path


@pytest.mark.parametrize("number", range(CASES))
def test_a_damaged_map_loads_or_is_refused_with_a_map_error_naming_it(maps: Path, number: int) -> None:
    case = Case(number, maps)
    path = case.write()
    with deadline(SECONDS_PER_MAP):
        try:
            LOADERS[case.source](path)
            tile_image(str(path))  # what the table draws
        except MapError as exc:
            assert path.name in str(exc), f"{case.applied}: {exc}"


@pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed")
@pytest.mark.parametrize("source", MAP_FILES)
def test_a_map_saved_again_by_the_tiled_editor_passes_every_check(maps: Path, source: str) -> None:
    """The limits and checks refuse nothing the real editor writes: each map, opened and saved by
    Tiled, loads as its game loads it and draws as its table draws it."""
    saved = maps / f"resaved_{source}"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = ["tiled", "--export-map", "tmx", str(maps / source), str(saved)]
    subprocess.run(command, env=env, check=True, capture_output=True, timeout=60)
    LOADERS[source](saved)
    tile_image(str(saved))
