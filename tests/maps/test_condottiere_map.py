"""The Condottiere map of Italy matches the supplement's tables CO-T2 and CO-T3."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from crimson_table.engine.tiled import MapData, first_self_crossing, load_map
from crimson_table.resources import map_path

CO_T2_EDGES = """
torino-milano  torino-genova   genova-milano   genova-parma    milano-parma
milano-modena  milano-mantova  milano-venezia  venezia-mantova venezia-ferrara
mantova-ferrara mantova-modena parma-modena    parma-lucca     modena-ferrara
modena-bologna modena-firenze  modena-lucca    ferrara-bologna bologna-firenze
bologna-urbino lucca-firenze   firenze-urbino  firenze-spoleto firenze-siena
firenze-roma   siena-roma      spoleto-urbino  spoleto-ancona  spoleto-napoli
spoleto-roma   urbino-ancona   ancona-napoli   roma-napoli
""".split()  # noqa: SIM905

CO_T3_CENTRES = {
    "torino": (0.09, 0.20), "milano": (0.28, 0.12), "venezia": (0.62, 0.10), "genova": (0.22, 0.31),
    "mantova": (0.46, 0.18), "parma": (0.37, 0.25), "modena": (0.48, 0.28), "ferrara": (0.59, 0.22),
    "bologna": (0.55, 0.31), "lucca": (0.41, 0.39), "firenze": (0.52, 0.42), "siena": (0.48, 0.54),
    "urbino": (0.67, 0.43), "spoleto": (0.70, 0.57), "ancona": (0.80, 0.53), "roma": (0.68, 0.72),
    "napoli": (0.91, 0.90),
}  # fmt: skip


@pytest.fixture(scope="module")
def italy() -> MapData:
    return load_map(map_path("condottiere_italy.tmx"))


def _segments(poly: tuple[tuple[float, float], ...]) -> set[frozenset[tuple[float, float]]]:
    return {frozenset((poly[i], poly[(i + 1) % len(poly)])) for i in range(len(poly))}


def test_map_has_the_seventeen_regions_of_co_t2(italy: MapData) -> None:
    assert sorted(italy.regions) == sorted(CO_T3_CENTRES)


def test_map_edges_equal_the_34_edges_of_co_t2(italy: MapData) -> None:
    expected = {frozenset(edge.split("-")) for edge in CO_T2_EDGES}
    assert len(expected) == 34
    assert italy.edges() == expected


def test_map_adjacency_is_symmetric(italy: MapData) -> None:
    for region in italy.regions.values():
        for neighbour in region.adjacent:
            assert region.name in italy.regions[neighbour].adjacent


def test_map_graph_is_connected(italy: MapData) -> None:
    assert italy.is_connected()


@pytest.mark.parametrize(
    "a, b",
    [
        ("lucca", "siena"),
        ("genova", "lucca"),
        ("venezia", "bologna"),
        ("siena", "spoleto"),
        ("urbino", "roma"),
    ],
)
def test_co_t2_traps_are_not_edges(italy: MapData, a: str, b: str) -> None:
    assert b not in italy.regions[a].adjacent


def test_neighbouring_polygons_share_a_border(italy: MapData) -> None:
    for a, b in (edge.split("-") for edge in CO_T2_EDGES):
        shared = _segments(italy.regions[a].polygon) & _segments(italy.regions[b].polygon)
        length = sum(math.dist(*seg) for seg in shared)
        assert length > 20, f"{a} and {b} share only {length:.1f} px of border"


def test_regions_that_are_not_neighbours_do_not_touch(italy: MapData) -> None:
    names = sorted(italy.regions)
    edges = italy.edges()
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if frozenset((a, b)) not in edges:
                assert not set(italy.regions[a].polygon) & set(italy.regions[b].polygon), (a, b)


def test_no_region_polygon_crosses_itself(italy: MapData) -> None:
    for region in italy.regions.values():
        assert first_self_crossing(list(region.polygon)) is None, region.name


def test_label_anchors_are_the_co_t3_centres(italy: MapData) -> None:
    for key, (x, y) in CO_T3_CENTRES.items():
        ax, ay = italy.regions[key].label_anchor
        assert (ax, ay) == pytest.approx((x * italy.width_px, y * italy.height_px))


def test_every_label_anchor_lies_inside_its_region(italy: MapData) -> None:
    for region in italy.regions.values():
        assert region.contains(*region.label_anchor), region.name
        assert italy.region_at(*region.label_anchor) == region.name


def test_map_suits_the_ui_panel_and_has_one_terrain_layer(italy: MapData) -> None:
    assert (italy.width_px, italy.height_px) == (800, 800)
    assert [layer.name for layer in italy.tile_layers] == ["terrain"]


def test_region_titles_are_capitalised_names(italy: MapData) -> None:
    assert italy.regions["napoli"].title == "Napoli"


def test_ancona_and_spoleto_reach_napoli(italy: MapData) -> None:
    assert {"ancona", "spoleto"} <= set(italy.regions["napoli"].adjacent)


def test_map_loads_with_pytmx_default_settings() -> None:
    """No custom property shadows a built-in attribute: pytmx's defaults accept the file."""
    import pytmx  # noqa: PLC0415

    tmx = pytmx.TiledMap(
        str(map_path("condottiere_italy.tmx")), image_loader=lambda *_a, **_k: lambda *_b: None
    )
    regions = next(layer for layer in tmx.layers if layer.name == "regions")
    torino = next(obj for obj in regions if obj.name == "torino")
    assert torino.properties["label"] == "Torino"
    assert "name" not in torino.properties


def test_region_keys_are_tiled_names_and_titles_come_from_label(italy: MapData) -> None:
    for key, region in italy.regions.items():
        assert region.name == key
        assert region.title == key.capitalize()
        assert region.properties["label"] == region.title


@pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed")
def test_the_real_tiled_editor_opens_the_map(tmp_path: Path) -> None:
    out = tmp_path / "italy.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = ["tiled", "--export-map", "json", str(map_path("condottiere_italy.tmx")), str(out)]
    subprocess.run(command, env=env, check=True, capture_output=True, timeout=60)
    data = json.loads(out.read_text(encoding="utf-8"))
    objects = next(layer for layer in data["layers"] if layer["name"] == "regions")["objects"]
    polygons = [obj for obj in objects if "polygon" in obj]
    assert len(polygons) == 17
    names = {p["name"]: p for p in polygons}
    assert {"name": "label", "type": "string", "value": "Roma"} in names["roma"]["properties"]


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
def test_tmxrasterizer_draws_the_map(tmp_path: Path) -> None:
    import pygame  # noqa: PLC0415

    out = tmp_path / "italy.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = ["tmxrasterizer", str(map_path("condottiere_italy.tmx")), str(out)]
    subprocess.run(command, env=env, check=True, capture_output=True, timeout=60)
    assert pygame.image.load(str(out)).get_size() == (800, 800)
