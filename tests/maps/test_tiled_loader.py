"""The generic Tiled loader: what it reads, and every way a broken map is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from crimson_table.engine.tiled import MapError, load_map

SQUARE_A = "0,0 100,0 100,100 0,100"  # polygon of region a at x=0
SQUARE_B = "0,0 100,0 100,100 0,100"  # polygon of region b at x=100


def region(oid: int, name: str, x: int, adjacent: str | None, points: str = SQUARE_A, extra: str = "") -> str:
    props = f'<property name="label" value="{name.title()}"/>{extra}'
    if adjacent is not None:
        props += f'<property name="adjacent" value="{adjacent}"/>'
    return (
        f'<object id="{oid}" name="{name}" type="region" x="{x}" y="0">'
        f'<properties>{props}</properties><polygon points="{points}"/></object>'
    )


def label(oid: int, key: str, x: int, y: int) -> str:
    return (
        f'<object id="{oid}" name="{key} label" type="label" x="{x}" y="{y}">'
        f'<properties><property name="region" value="{key}"/></properties><point/></object>'
    )


def write_map(
    folder: Path,
    objects: str,
    layer_name: str = "regions",
    tileset: str = "",
    name: str = "test.tmx",
) -> Path:
    data = ",".join(["0"] * 8)
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="4" height="2"
 tilewidth="50" tileheight="50" infinite="0" nextlayerid="3" nextobjectid="20">
 {tileset}
 <layer id="1" name="ground" width="4" height="2"><data encoding="csv">{data}</data></layer>
 <objectgroup id="2" name="{layer_name}">{objects}</objectgroup>
</map>
"""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def two_regions(adjacent_a: str | None = "b", adjacent_b: str | None = "a") -> str:
    return region(1, "a", 0, adjacent_a) + region(2, "b", 100, adjacent_b, SQUARE_B)


def test_loader_reads_regions_size_layers_and_labels(tmp_path: Path) -> None:
    path = write_map(tmp_path, two_regions() + label(3, "a", 40, 60))
    data = load_map(path)
    assert (data.width_px, data.height_px) == (200, 100)
    assert list(data.regions) == ["a", "b"]
    assert data.regions["a"].label_anchor == (40.0, 60.0)
    assert data.regions["b"].polygon[0] == (100.0, 0.0)
    assert data.regions["a"].adjacent == ("b",)
    assert data.regions["a"].title == "A"
    assert [layer.name for layer in data.tile_layers] == ["ground"]


def test_region_without_label_is_labelled_at_its_centroid(tmp_path: Path) -> None:
    data = load_map(write_map(tmp_path, two_regions()))
    assert data.regions["b"].label_anchor == pytest.approx((150.0, 50.0))


def test_extra_region_properties_are_kept_as_text(tmp_path: Path) -> None:
    objects = region(1, "a", 0, "", extra='<property name="income" type="int" value="3"/>')
    assert load_map(write_map(tmp_path, objects)).regions["a"].properties == {"label": "A", "income": "3"}


def test_missing_file_is_a_map_error_naming_the_file(tmp_path: Path) -> None:
    with pytest.raises(MapError, match=r"nowhere\.tmx: map file not found"):
        load_map(tmp_path / "nowhere.tmx")


def test_xml_parse_error_is_a_map_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.tmx"
    path.write_text("<map><layer></map>", encoding="utf-8")
    with pytest.raises(MapError, match=r"broken\.tmx: XML parse error"):
        load_map(path)


def test_missing_region_layer_is_a_map_error(tmp_path: Path) -> None:
    path = write_map(tmp_path, two_regions(), layer_name="provinces")
    with pytest.raises(MapError, match=r"test\.tmx: layer 'regions': is missing"):
        load_map(path)


def test_empty_region_layer_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="holds no region polygons"):
        load_map(write_map(tmp_path, ""))


def test_asymmetric_adjacency_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(
        MapError, match=r"region 'a': lists 'b' but 'b' does not list it \(asymmetric adjacency\)"
    ):
        load_map(write_map(tmp_path, two_regions(adjacent_b="")))


def test_unknown_neighbour_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match=r"region 'a': lists unknown neighbour 'zara'"):
        load_map(write_map(tmp_path, two_regions(adjacent_a="b,zara")))


def test_region_adjacent_to_itself_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="lists itself as adjacent"):
        load_map(write_map(tmp_path, two_regions(adjacent_a="a,b")))


def test_missing_adjacent_property_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match=r"region 'b': has no 'adjacent' property"):
        load_map(write_map(tmp_path, two_regions(adjacent_b=None)))


def test_polygon_with_two_points_is_a_bad_polygon(tmp_path: Path) -> None:
    objects = region(1, "a", 0, "", points="0,0 10,10")
    with pytest.raises(MapError, match=r"region 'a': has a bad polygon"):
        load_map(write_map(tmp_path, objects))


def test_self_crossing_polygon_is_a_bad_polygon(tmp_path: Path) -> None:
    star = "50,0 80,100 0,35 100,35 20,100"
    objects = region(1, "a", 0, "", points=star)
    with pytest.raises(MapError, match=r"bad polygon \(edges \d and \d cross\)"):
        load_map(write_map(tmp_path, objects))


def test_polyline_region_is_a_bad_polygon(tmp_path: Path) -> None:
    objects = '<object id="1" name="a" x="0" y="0"><polyline points="0,0 10,0 10,10"/></object>'
    with pytest.raises(MapError, match="not a closed polygon"):
        load_map(write_map(tmp_path, objects))


def test_duplicate_region_name_is_a_map_error(tmp_path: Path) -> None:
    objects = region(1, "a", 0, "") + region(2, "a", 100, "", SQUARE_B)
    with pytest.raises(MapError, match=r"region 'a': appears twice"):
        load_map(write_map(tmp_path, objects))


def test_unnamed_region_is_a_map_error(tmp_path: Path) -> None:
    objects = region(1, "", 0, "")
    with pytest.raises(MapError, match="has no name"):
        load_map(write_map(tmp_path, objects))


def test_label_for_unknown_region_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match=r"label for 'zara': names an unknown region"):
        load_map(write_map(tmp_path, two_regions() + label(3, "zara", 5, 5)))


def test_two_labels_for_one_region_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match=r"region 'a': has two labels"):
        load_map(write_map(tmp_path, two_regions() + label(3, "a", 5, 5) + label(4, "a", 6, 6)))


def test_stray_object_is_a_map_error(tmp_path: Path) -> None:
    objects = two_regions() + '<object id="5" name="rock" x="3" y="3"><point/></object>'
    with pytest.raises(MapError, match="object 'rock': is neither a region polygon nor a label"):
        load_map(write_map(tmp_path, objects))


def test_missing_tileset_file_is_a_map_error(tmp_path: Path) -> None:
    path = write_map(tmp_path, two_regions(), tileset='<tileset firstgid="1" source="gone.tsx"/>')
    with pytest.raises(MapError, match=r"test\.tmx: tileset 'gone\.tsx': is missing"):
        load_map(path)


def test_missing_tileset_image_is_a_map_error(tmp_path: Path) -> None:
    tileset = (
        '<tileset firstgid="1" name="t" tilewidth="50" tileheight="50" tilecount="1" columns="1">'
        '<image source="gone.png" width="50" height="50"/></tileset>'
    )
    with pytest.raises(MapError, match=r"tileset 't': image 'gone\.png' is missing"):
        load_map(write_map(tmp_path, two_regions(), tileset=tileset))


@pytest.mark.parametrize("key", ["name", "type", "x", "id", "points"])
def test_property_shadowing_a_built_in_is_a_map_error(tmp_path: Path, key: str) -> None:
    objects = region(1, "a", 0, "", extra=f'<property name="{key}" value="A"/>')
    with pytest.raises(MapError, match=rf"object 'a': has a custom property '{key}' shadowing a built-in"):
        load_map(write_map(tmp_path, objects))


def test_a_name_property_is_refused_with_a_hint_to_use_label(tmp_path: Path) -> None:
    objects = region(1, "a", 0, "", extra='<property name="name" value="A"/>')
    with pytest.raises(MapError, match="put a display name in a 'label' property"):
        load_map(write_map(tmp_path, objects))


# -- issue 9: malformed, foreign and incomplete files, each named in the error ---------------------
def _tmx(tmp_path: Path, content: str | bytes, name: str = "odd.tmx") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("<html><body>a web page</body></html>", r"is not a Tiled map \(root element <html>"),
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "XML parse error"),
        ("", "XML parse error"),
        ('{"layers": []}', "XML parse error"),
        ("<map>" + "<a>" * 5000 + "</a>" * 5000 + "</map>", r"map: width=None must be a whole number"),
        (
            '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa">'
            + "".join(
                f'<!ENTITY {n} "{("&" + p + ";") * 10}">' for p, n in zip("abcdef", "bcdefg", strict=True)
            )
            + "]><map>&g;</map>",
            "XML parse error",
        ),
    ],
    ids=["html", "png", "empty", "json", "deep", "entity-bomb"],
)
def test_a_foreign_or_malformed_file_is_a_map_error_naming_it(
    tmp_path: Path, content: str | bytes, problem: str
) -> None:
    with pytest.raises(MapError, match=problem) as err:
        load_map(_tmx(tmp_path, content))
    assert "odd.tmx" in str(err.value)


def test_a_map_in_another_encoding_than_declared_is_a_map_error(tmp_path: Path) -> None:
    text = write_map(tmp_path, two_regions()).read_text(encoding="utf-8")
    with pytest.raises(MapError, match=r"odd\.tmx: XML parse error"):
        load_map(_tmx(tmp_path, text.encode("utf-16")))


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('orientation="orthogonal"', 'orientation="isometric"', "'isometric' maps are not supported"),
        ('infinite="0"', 'infinite="1"', "infinite maps are not supported"),
        ('width="4" height="2"\n', 'width="x" height="2"\n', "width='x'"),
        ('tilewidth="50"', 'tilewidth="0"', "tilewidth='0'"),
        ('width="4" height="2"\n', 'width="4" height="99999"\n', "height='99999'"),
    ],
)
def test_a_map_the_loader_cannot_draw_is_a_map_error(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    text = write_map(tmp_path, two_regions()).read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(MapError, match=problem):
        load_map(_tmx(tmp_path, text.replace(old, new)))


def test_a_bad_number_in_an_object_is_a_map_error(tmp_path: Path) -> None:
    text = write_map(tmp_path, two_regions()).read_text(encoding="utf-8").replace('x="100"', 'x="abc"')
    with pytest.raises(MapError, match=r"odd\.tmx: object 'b' \(id 2\): x='abc' is not a finite number"):
        load_map(_tmx(tmp_path, text))


def test_a_foreign_tileset_file_is_a_map_error(tmp_path: Path) -> None:
    (tmp_path / "page.tsx").write_text("<html/>", encoding="utf-8")
    path = write_map(tmp_path, two_regions(), tileset='<tileset firstgid="1" source="page.tsx"/>')
    with pytest.raises(MapError, match=r"test\.tmx: tileset 'page\.tsx': is not a Tiled tileset"):
        load_map(path)


def test_a_malformed_tileset_file_is_a_map_error_naming_both(tmp_path: Path) -> None:
    (tmp_path / "broken.tsx").write_text("<tileset", encoding="utf-8")
    path = write_map(tmp_path, two_regions(), tileset='<tileset firstgid="1" source="broken.tsx"/>')
    with pytest.raises(MapError, match=r"test\.tmx: tileset 'broken\.tsx': XML parse error"):
        load_map(path)


def test_a_folder_in_place_of_a_tileset_is_reported_missing(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    path = write_map(tmp_path, two_regions(), tileset='<tileset firstgid="1" source="sub"/>')
    with pytest.raises(MapError, match=r"test\.tmx: tileset 'sub': is missing"):
        load_map(path)


def test_a_folder_in_place_of_the_map_is_reported_missing(tmp_path: Path) -> None:
    (tmp_path / "dir.tmx").mkdir()
    with pytest.raises(MapError, match=r"dir\.tmx: map file not found"):
        load_map(tmp_path / "dir.tmx")
