"""Damaged and hostile maps: each is refused with the one MapError naming the file, the object and
the problem, at once, before a table opens; nothing outside the map's folder is ever read.

Every map here is generated into a temporary folder by the test (a copy of the bundled maps with
one thing broken).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402
from xml.etree import ElementTree  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from crimson_table.engine.crusader_kingdoms import board as crusader_board  # noqa: E402
from crimson_table.engine.tiled import MapError, load_map  # noqa: E402
from crimson_table.engine.tiled_files import (  # noqa: E402
    MAX_FILE_BYTES,
    MAX_LABEL_CHARS,
    MAX_MAP_PX,
    MAX_OUTLINE_POINTS,
)
from crimson_table.ui.widgets.tiled_map import TiledBoard  # noqa: E402
from tests.maps.hostile import copy_maps, deadline, edit_text, edit_xml, tiny_png  # noqa: E402

ITALY = "condottiere_italy.tmx"


@pytest.fixture
def maps(tmp_path: Path) -> Path:
    return copy_maps(tmp_path)


def first(root: ElementTree.Element, tag: str) -> ElementTree.Element:
    node = next(root.iter(tag), None)
    assert node is not None, tag
    return node


def open_table(path: Path) -> None:
    """What a table does with its map: load it, then draw the tiles and the regions."""
    pygame.init()
    board = TiledBoard(str(path), pygame.Rect(0, 0, 800, 800))
    board.draw_base(pygame.Surface((800, 800)))


def refused(path: Path, *words: str, opener: object = open_table) -> MapError:
    """Opening ``path`` raises MapError naming the file and each of ``words``."""
    with pytest.raises(MapError) as caught:
        opener(path)  # type: ignore[operator]
    message = str(caught.value)
    assert path.name in message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return caught.value


# -- crashes when a table opens ---------------------------------------------------------------------
def test_a_coordinate_too_large_for_a_float_is_refused_before_the_table_opens(maps: Path) -> None:
    def overflow(root: ElementTree.Element) -> None:
        polygon = first(root, "polygon")
        polygon.set("points", "1e309,0 " + polygon.get("points", "").split(" ", 1)[1])

    refused(edit_xml(maps / ITALY, overflow), "object 'torino'", "'1e309'", "not a finite number")


@pytest.mark.parametrize("gid", ["999999", "-5"])
def test_a_tile_id_no_tileset_holds_is_refused_before_the_table_opens(maps: Path, gid: str) -> None:
    def odd_tile(root: ElementTree.Element) -> None:
        data = first(root, "data")
        data.text = gid + (data.text or "").strip()[1:]

    refused(edit_xml(maps / ITALY, odd_tile), "layer 'terrain'", f"tile id {gid}")


def test_a_tileset_image_smaller_than_declared_is_refused(maps: Path) -> None:
    tiny_png(maps / "condottiere_tiles.png", (64, 64))
    refused(maps / ITALY, "condottiere_tiles.png", "64x64 pixels, smaller than the 512x480")


def test_a_tileset_image_that_is_not_an_image_is_refused(maps: Path) -> None:
    (maps / "condottiere_tiles.png").write_text("this is not a picture", encoding="utf-8")
    refused(maps / ITALY, "condottiere_tiles.png", "is not a PNG image")


def test_a_tileset_image_damaged_past_its_header_is_a_map_error_when_the_table_draws_it(maps: Path) -> None:
    picture = maps / "condottiere_tiles.png"
    picture.write_bytes(picture.read_bytes()[:200])  # the header (and its size) intact, the pixels cut off
    load_map(maps / ITALY)  # the engine reads no pixels
    refused(maps / ITALY, "tiles", "cannot be drawn")


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_compressed_tile_data_that_would_inflate_past_the_layer_is_refused_at_once(
    maps: Path, compression: str
) -> None:
    import base64
    import gzip
    import zlib

    tiles = bytes(4 * 25 * 25)
    bomb = bytes(20_000_000)  # 20 MB of zeros, 20 kB compressed: 8000 times the layer
    pack = zlib.compress if compression == "zlib" else gzip.compress
    data = base64.b64encode(
        pack(tiles) + pack(bomb) if compression == "gzip" else pack(tiles + bomb)
    ).decode()

    def inflating(root: ElementTree.Element) -> None:
        node = first(root, "data")
        node.attrib.update(encoding="base64", compression=compression)
        node.text = data

    with deadline(2.0):
        refused(edit_xml(maps / ITALY, inflating), "layer 'terrain'", "tile data", opener=load_map)


def test_a_map_of_thousands_of_huge_tiles_is_refused_by_its_size_limit(maps: Path) -> None:
    def giant(root: ElementTree.Element) -> None:
        for key in ("width", "height", "tilewidth", "tileheight"):
            root.set(key, "4096")

    refused(edit_xml(maps / ITALY, giant), "map", "whole number", opener=load_map)
    tiles_ok = edit_text(
        maps / ITALY, 'tilewidth="4096" tileheight="4096"', 'tilewidth="256" tileheight="256"'
    )
    refused(edit_text(tiles_ok, 'width="4096" height="4096"', 'width="25" height="25"'), "map", str(MAX_MAP_PX),
            opener=load_map)  # fmt: skip


def test_a_label_of_5_mb_is_refused_by_the_file_size_limit(maps: Path) -> None:
    path = edit_text(maps / ITALY, 'name="label" value="Siena"', f'name="label" value="{"S" * 5_000_000}"')
    refused(path, str(MAX_FILE_BYTES), "bytes")


def test_a_label_longer_than_the_limit_is_refused_naming_its_region(maps: Path) -> None:
    path = edit_text(maps / ITALY, 'name="label" value="Siena"', f'name="label" value="{"S" * 1000}"')
    refused(path, "object 'siena'", "property 'label'", f"at most {MAX_LABEL_CHARS}")


def test_a_missing_areas_layer_is_found_when_the_game_loads_not_when_its_table_opens(maps: Path) -> None:
    def no_areas(root: ElementTree.Element) -> None:
        root.remove(next(g for g in root.iter("objectgroup") if g.get("name") == "areas"))

    path = edit_xml(maps / "crusader_1st_3rd.tmx", no_areas)
    refused(
        path, "layer 'areas'", "is missing", opener=lambda p: crusader_board.load_board(p, 14, numbered=True)
    )


def test_a_defence_that_only_looks_like_a_digit_is_refused(maps: Path) -> None:
    path = edit_text(
        maps / "crusader_saladin_2nd.tmx", 'name="defense" value="2"', 'name="defense" value="²"'
    )
    refused(
        path, "region", "'defense' in 0..4", "'²'", opener=lambda p: crusader_board.load_board(p, 23, False)
    )


# -- hangs ------------------------------------------------------------------------------------------
def test_an_outline_of_30000_points_is_refused_at_once(maps: Path) -> None:
    ring = " ".join(f"{400 + 300 * (i % 2)},{i * 0.02:.2f}" for i in range(30_000))

    def many_points(root: ElementTree.Element) -> None:
        first(root, "polygon").set("points", ring)

    path = edit_xml(maps / ITALY, many_points)
    with deadline(2.0):
        refused(path, "30000 points", f"at most {MAX_OUTLINE_POINTS}", opener=load_map)


def test_a_label_of_100_mb_is_refused_at_once(maps: Path) -> None:
    path = maps / ITALY
    head, tail = path.read_text(encoding="utf-8").split('name="label" value="Siena"', 1)
    with path.open("w", encoding="utf-8") as out:
        out.write(head + 'name="label" value="')
        chunk = "S" * 1_000_000
        for _ in range(100):
            out.write(chunk)
        out.write('"' + tail)
    with deadline(2.0):
        refused(path, "more than the limit", opener=load_map)


def test_one_nan_point_is_refused_at_once(maps: Path) -> None:
    def nan_point(root: ElementTree.Element) -> None:
        polygon = first(root, "polygon")
        polygon.set("points", "nan,nan " + polygon.get("points", "").split(" ", 1)[1])

    with deadline(2.0):
        refused(edit_xml(maps / ITALY, nan_point), "'nan'", "not a finite number", opener=load_map)


# -- files outside the map's folder -------------------------------------------------------------------
def secret_tileset(folder: Path) -> Path:
    """A perfectly good tileset outside the maps folder (a map may still not use it)."""
    folder.mkdir(exist_ok=True)
    tiny_png(folder / "secret.png", (32, 32))
    tsx = folder / "secret.tsx"
    tsx.write_text(
        '<?xml version="1.0" encoding="UTF-8"?><tileset version="1.8" name="s" tilewidth="32" '
        'tileheight="32" tilecount="1" columns="1"><image source="secret.png" width="32" height="32"/></tileset>',
        encoding="utf-8",
    )
    return tsx


@pytest.mark.parametrize("absolute", [False, True], ids=["relative", "absolute"])
def test_a_tileset_outside_the_maps_folder_is_refused(maps: Path, absolute: bool) -> None:
    tsx = secret_tileset(maps.parent / "elsewhere")
    source = str(tsx) if absolute else "../elsewhere/secret.tsx"
    path = edit_text(maps / ITALY, 'source="condottiere_tiles.tsx"', f'source="{source}"')
    refused(path, "outside the map's folder", opener=load_map)


def test_the_systems_password_file_is_never_opened_as_a_tileset(
    maps: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    real_parse = ElementTree.parse
    monkeypatch.setattr(
        ElementTree, "parse", lambda source, *a: opened.append(str(source)) or real_parse(source, *a)
    )
    path = edit_text(maps / ITALY, 'source="condottiere_tiles.tsx"', 'source="/etc/passwd"')
    refused(path, "'/etc/passwd'", "outside the map's folder", opener=load_map)
    assert "/etc/passwd" not in opened


def test_a_tileset_image_outside_the_maps_folder_is_refused(maps: Path) -> None:
    secret_tileset(maps.parent / "elsewhere")
    path = edit_text(
        maps / "condottiere_tiles.tsx", 'source="condottiere_tiles.png"', 'source="../elsewhere/secret.png"'
    )
    refused(maps / ITALY, "outside the map's folder", opener=load_map)
    assert path.is_file()


# -- what expat already refuses, kept so ----------------------------------------------------------------
BILLION_LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {n} "{("&" + p + ";") * 10}">' for p, n in zip("abcdefgh", "bcdefghi", strict=True))
    + ']><map width="2" height="2" tilewidth="32" tileheight="32"><properties>'
    '<property name="title" value="&i;"/></properties></map>'
)


def external_entity(secret: Path) -> str:
    return (
        f'<?xml version="1.0"?><!DOCTYPE map [<!ENTITY leak SYSTEM "file://{secret}">]>'
        '<map width="2" height="2" tilewidth="32" tileheight="32"><properties>'
        '<property name="title" value="&leak;"/></properties></map>'
    )


@pytest.mark.parametrize("kind", ["billion laughs", "external entity"])
@pytest.mark.parametrize("where", ["map", "tileset"])
def test_entity_expansion_and_external_entities_are_refused_by_the_parser(
    maps: Path, kind: str, where: str
) -> None:
    secret = maps.parent / "secret.txt"
    secret.write_text("TOP-SECRET", encoding="utf-8")
    text = BILLION_LAUGHS if kind == "billion laughs" else external_entity(secret)
    if where == "tileset":
        text = (
            text.replace("<map ", "<tileset ")
            .replace("</map>", "</tileset>")
            .replace("DOCTYPE map", "DOCTYPE tileset")
        )
        (maps / "condottiere_tiles.tsx").write_text(text, encoding="utf-8")
    else:
        (maps / ITALY).write_text(text, encoding="utf-8")
    with deadline(2.0):
        error = refused(maps / ITALY, "XML parse error", opener=load_map)
    assert "TOP-SECRET" not in str(error)


def test_the_readme_states_the_limits_the_loader_checks() -> None:
    from crimson_table.engine import tiled_files as limits

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**Limits on a map**") :].split("\n- ", 1)[0]
    section = " ".join(section.split())
    for value in (
        f"{limits.MAX_FILE_BYTES // (1024 * 1024)} MB",
        f"{limits.MAX_MAP_TILES} tiles",
        f"{limits.MAX_MAP_PX} pixels a side",
        f"{limits.MAX_TILE_PX} pixels",
        f"{limits.MAX_IMAGE_PX} pixels",
        f"{limits.MAX_OUTLINE_POINTS} points",
        f"up to {limits.MAX_MAP_POINTS}",
        f"{limits.MAX_LABEL_CHARS} characters",
        f"up to {limits.MAX_TEXT_CHARS}",
    ):
        assert value in section, value
