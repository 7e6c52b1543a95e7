"""The one generic object-layer reader (``load_objects``): shapes, typed properties, named rectangles.

Crimson Keep reads its grid spaces with it and Crusader Kingdoms its card areas.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crimson_table.engine.crusader_kingdoms.board import card_areas
from crimson_table.engine.tiled import MapError, load_objects

from .test_tiled_loader import write_map

RECT = '<object id="{id}" name="{name}" type="area" x="10" y="20" width="30" height="40">{props}</object>'
POINT = '<object id="5" name="spot" x="7" y="8"><point/></object>'
POLYGON = '<object id="6" name="zone" x="0" y="0"><polygon points="0,0 10,0 10,10"/></object>'


def rect(oid: int, name: str, props: str = "") -> str:
    return RECT.format(id=oid, name=name, props=props)


def test_objects_keep_their_shape_rectangle_and_typed_properties(tmp_path: Path) -> None:
    props = '<properties><property name="col" type="int" value="3"/></properties>'
    data = load_objects(write_map(tmp_path, rect(1, "draw", props) + POINT + POLYGON, layer_name="areas"))
    draw, spot, zone = data.layer("areas")
    assert (draw.name, draw.type, draw.x, draw.y, draw.width, draw.height) == ("draw", "area", 10, 20, 30, 40)
    assert draw.properties == {"col": 3} and draw.shape == "rectangle" and draw.id == 1
    assert (spot.shape, zone.shape) == ("point", "polygon")
    assert [layer.name for layer in data.tile_layers] == ["ground"]


def test_named_rectangles_come_in_file_order(tmp_path: Path) -> None:
    data = load_objects(write_map(tmp_path, rect(1, "b") + rect(2, "a"), layer_name="areas"))
    assert list(data.rectangles("areas")) == ["b", "a"]


@pytest.mark.parametrize(
    ("objects", "message"),
    [
        (rect(1, "draw") + POINT, "object 5 of layer 'areas': is not a named rectangle"),
        (rect(1, "draw") + POLYGON, "object 6 of layer 'areas': is not a named rectangle"),
        (rect(1, ""), "object 1 of layer 'areas': is not a named rectangle"),
        (rect(1, "draw") + rect(2, "draw"), "area 'draw': appears twice"),
    ],
)
def test_anything_but_named_rectangles_is_refused(tmp_path: Path, objects: str, message: str) -> None:
    data = load_objects(write_map(tmp_path, objects, layer_name="areas"))
    with pytest.raises(MapError, match=message):
        data.rectangles("areas")


def test_a_missing_layer_or_file_is_refused_naming_the_file(tmp_path: Path) -> None:
    data = load_objects(write_map(tmp_path, rect(1, "draw"), layer_name="areas"))
    with pytest.raises(MapError, match=r"test\.tmx: layer 'regions': is missing"):
        data.rectangles("regions")
    with pytest.raises(MapError, match=r"nowhere\.tmx: map file not found"):
        load_objects(tmp_path / "nowhere.tmx")


def test_crusader_card_areas_are_read_by_the_generic_reader() -> None:
    areas = card_areas(1)
    assert all(a.is_rectangle and a.type == "area" for a in areas.values())
