"""The campaign as ``maps/campaign.tmx`` describes it: chapters, encounters and the paths.

The map is read through ``engine/tiled.load_objects`` (pytmx's default settings; an object's
Tiled Name is its key, display names in ``label``) and checked here; anything wrong raises
:class:`CampaignMapError` naming the file, the object and the problem, so a map edited in Tiled
either gives a playable campaign or a sentence saying what to fix.

* layer ``chapters``: rectangles with ``label``, ``order`` (1, 2, ...), ``stars`` (renown needed
  to open it), ``blurb`` and ``unlocks``;
* layer ``encounters``: one object per encounter with ``label``, ``chapter``, ``game`` (a
  registered game), ``rival`` (a key of ``rivals.RIVALS``), ``level`` (a bot level of that game,
  ``ai.registry.levels_for``), ``players`` (the seats: the player's, then the rivals'),
  ``options`` (``name=value; ...`` of the game's own OptionSpecs) and ``unlocks``;
* layer ``paths``: polylines with ``from`` and ``to``; an encounter opens once every path into
  it starts at a won encounter (an encounter without one opens with its chapter);
* map properties ``title`` and ``finale`` (the encounter that completes the chronicle).

>>> campaign = load_campaign()
>>> len(campaign.chapters), len(campaign.encounters) >= 12
(4, True)
>>> campaign.encounters["gate"].game
'two_crowns'
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crimson_table.ai.registry import levels_for
from crimson_table.campaign.looks import LOOKS
from crimson_table.campaign.rivals import RIVALS
from crimson_table.engine.registry import GAMES
from crimson_table.engine.tiled import MapError, MapObject, ObjectMap, load_objects

MAP_NAME = "campaign.tmx"
Point = tuple[float, float]


class CampaignMapError(MapError):
    """The campaign map cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class Chapter:
    """One chapter: a part of the kingdom opened by renown."""

    key: str
    label: str
    order: int
    stars: int
    blurb: str
    unlocks: tuple[str, ...]
    rect: tuple[float, float, float, float]


@dataclass(frozen=True)
class Encounter:
    """One match of the chronicle against a named rival."""

    key: str
    label: str
    chapter: str
    game: str
    rival: str
    level: str
    players: int
    options: dict[str, Any]
    unlocks: tuple[str, ...]
    centre: Point
    requires: tuple[str, ...] = ()  # the encounters whose paths lead here

    @property
    def solo_mode(self) -> bool:
        """True when the rival is the rulebook's automaton (one seat at the table)."""
        return self.players == 1


@dataclass(frozen=True)
class Path_:
    """A road on the map between two encounters."""

    start: str
    end: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Campaign:
    """The whole campaign as the map describes it."""

    path: str
    title: str
    finale: str
    size: tuple[int, int]
    chapters: dict[str, Chapter]  # in order
    encounters: dict[str, Encounter]  # in map order
    paths: tuple[Path_, ...] = field(default=())

    def in_chapter(self, chapter: str) -> list[Encounter]:
        """The encounters of one chapter, in map order."""
        return [e for e in self.encounters.values() if e.chapter == chapter]


def default_map_path() -> Path:
    """``maps/campaign.tmx`` wherever the app runs from (checkout, install, frozen build)."""
    from crimson_table.resources import map_path

    return map_path(MAP_NAME)


def load_campaign(path: str | os.PathLike[str] | None = None) -> Campaign:
    """Read and check the campaign map (the bundled one by default)."""
    where = Path(path) if path is not None else default_map_path()
    try:
        tmx = load_objects(where)
    except CampaignMapError:
        raise
    except MapError as exc:
        raise CampaignMapError(exc.path, exc.obj, exc.problem) from None
    return _build(str(where), tmx)


def _build(where: str, tmx: ObjectMap) -> Campaign:
    for layer in ("chapters", "encounters", "paths"):
        if layer not in tmx.layers:
            raise CampaignMapError(where, f"layer {layer!r}", "is missing (an object layer of that name)")
    chapters = _chapters(where, tmx)
    encounters = {
        e.key: e for e in (_encounter(where, o, chapters) for o in _named(where, tmx, "encounters"))
    }
    if not encounters:
        raise CampaignMapError(where, "layer 'encounters'", "holds no encounters")
    paths = tuple(_path(where, o, encounters) for o in tmx.layer("paths"))
    encounters = _with_requirements(where, encounters, paths)
    finale = _text(tmx.properties, "finale", where, "the map")
    if finale not in encounters:
        raise CampaignMapError(where, "map property 'finale'", f"names no encounter ({finale!r})")
    for chapter in chapters:
        if not any(e.chapter == chapter for e in encounters.values()):
            raise CampaignMapError(where, f"chapter {chapter!r}", "has no encounter")
    title = str(tmx.properties.get("title") or "The Crimson Chronicle")
    return Campaign(where, title, finale, (tmx.width_px, tmx.height_px), chapters, encounters, paths)


def _named(where: str, tmx: ObjectMap, layer: str) -> list[MapObject]:
    seen: set[str] = set()
    for obj in tmx.layer(layer):
        if not obj.name.strip():
            raise CampaignMapError(where, f"object {obj.id} of layer {layer!r}", "has no Name")
        if obj.name in seen:
            raise CampaignMapError(where, f"layer {layer!r}", f"holds two objects named {obj.name!r}")
        seen.add(obj.name)
    return list(tmx.layer(layer))


def _text(props: dict[str, Any], key: str, where: str, who: str) -> str:
    value = props.get(key)
    if value is None or str(value).strip() == "":
        raise CampaignMapError(where, who, f"has no {key!r} property")
    return str(value).strip()


def _int(props: dict[str, Any], key: str, where: str, who: str, low: int) -> int:
    raw = _text(props, key, where, who)
    try:
        value = int(raw)
    except ValueError:
        raise CampaignMapError(where, who, f"{key!r} must be a whole number, not {raw!r}") from None
    if value < low:
        raise CampaignMapError(where, who, f"{key!r} must be at least {low}, not {value}")
    return value


def _unlocks(props: dict[str, Any], where: str, who: str) -> tuple[str, ...]:
    tokens = tuple(t.strip() for t in str(props.get("unlocks") or "").split(",") if t.strip())
    for token in tokens:
        if token not in LOOKS:
            known = ", ".join(LOOKS)
            raise CampaignMapError(where, who, f"unlocks {token!r}, which is not a look ({known})")
    return tokens


def _chapters(where: str, tmx: ObjectMap) -> dict[str, Chapter]:
    out: list[Chapter] = []
    for obj in _named(where, tmx, "chapters"):
        who = f"chapter {obj.name!r}"
        p = obj.properties
        rect = (obj.x, obj.y, obj.width, obj.height)
        out.append(
            Chapter(obj.name, _text(p, "label", where, who), _int(p, "order", where, who, 1),
                    _int(p, "stars", where, who, 0), str(p.get("blurb") or ""), _unlocks(p, where, who), rect)
        )  # fmt: skip
    if not out:
        raise CampaignMapError(where, "layer 'chapters'", "holds no chapters")
    out.sort(key=lambda c: c.order)
    orders = [c.order for c in out]
    if orders != list(range(1, len(out) + 1)):
        raise CampaignMapError(
            where, "layer 'chapters'", f"'order' values must be 1..{len(out)} once each, not {orders}"
        )
    if out[0].stars != 0:
        raise CampaignMapError(where, f"chapter {out[0].key!r}", "is the first and must need 0 stars")
    return {c.key: c for c in out}


def _encounter(where: str, obj: MapObject, chapters: dict[str, Chapter]) -> Encounter:
    who = f"encounter {obj.name!r}"
    p = obj.properties
    chapter = _text(p, "chapter", where, who)
    if chapter not in chapters:
        raise CampaignMapError(where, who, f"is in an unknown chapter {chapter!r}")
    game = _text(p, "game", where, who)
    if game not in GAMES:
        raise CampaignMapError(where, who, f"names an unknown game {game!r} ({', '.join(GAMES)})")
    rival = _text(p, "rival", where, who)
    if rival not in RIVALS:
        raise CampaignMapError(where, who, f"names an unknown rival {rival!r}")
    level = _text(p, "level", where, who)
    if level not in levels_for(game):
        raise CampaignMapError(where, who, f"level {level!r} is not one of {game}'s {levels_for(game)}")
    players = _int(p, "players", where, who, 1)
    options = parse_options(game, str(p.get("options") or ""), where, who)
    try:
        GAMES.info(game).validate_options(players, options)
    except ValueError as exc:
        raise CampaignMapError(where, who, str(exc)) from None
    centre = (obj.x + obj.width / 2, obj.y + obj.height / 2)
    return Encounter(obj.name, _text(p, "label", where, who), chapter, game, rival, level, players, options,
                     _unlocks(p, where, who), centre)  # fmt: skip


def parse_options(game: str, text: str, where: str, who: str) -> dict[str, Any]:
    """``"hard_mode=true; tiles_left=short"`` -> the game's option values (its OptionSpecs)."""
    specs = {spec.name: spec for spec in GAMES.info(game).options}
    out: dict[str, Any] = {}
    for item in (part.strip() for part in text.split(";")):
        if not item:
            continue
        name, sep, raw = (s.strip() for s in item.partition("="))
        if not sep or name not in specs:
            known = ", ".join(specs) or "none"
            raise CampaignMapError(where, who, f"{item!r} is not an option of {game} (options: {known})")
        matches = [c for c in specs[name].choices if str(c).lower() == raw.lower()]
        if not matches:
            choices = ", ".join(str(c) for c in specs[name].choices)
            raise CampaignMapError(where, who, f"option {name!r} cannot be {raw!r} ({choices})")
        out[name] = matches[0]
    return out


def _path(where: str, obj: MapObject, encounters: dict[str, Encounter]) -> Path_:
    who = f"path {obj.name or obj.x!r}"
    start, end = _text(obj.properties, "from", where, who), _text(obj.properties, "to", where, who)
    for key in (start, end):
        if key not in encounters:
            raise CampaignMapError(where, who, f"leads to or from an unknown encounter {key!r}")
    if start == end:
        raise CampaignMapError(where, who, f"leads from {start!r} to itself")
    points = obj.points or (encounters[start].centre, encounters[end].centre)
    return Path_(start, end, points)


def _with_requirements(
    where: str, encounters: dict[str, Encounter], paths: tuple[Path_, ...]
) -> dict[str, Encounter]:
    needs: dict[str, list[str]] = {key: [] for key in encounters}
    for path in paths:
        if path.start not in needs[path.end]:
            needs[path.end].append(path.start)
    _check_acyclic(where, needs)
    from dataclasses import replace

    return {key: replace(e, requires=tuple(needs[key])) for key, e in encounters.items()}


def _check_acyclic(where: str, needs: dict[str, list[str]]) -> None:
    """Refuse paths that loop back (an encounter that could never open)."""
    state: dict[str, int] = {}

    def visit(key: str, trail: list[str]) -> None:
        if state.get(key) == 2:
            return
        if state.get(key) == 1:
            loop = " -> ".join([*trail[trail.index(key) :], key])
            raise CampaignMapError(
                where, "layer 'paths'", f"runs in a circle ({loop}); that encounter could never open"
            )
        state[key] = 1
        for before in needs[key]:
            visit(before, [*trail, key])
        state[key] = 2

    for key in needs:
        visit(key, [])
