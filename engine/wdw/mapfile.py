"""The map of a Welt der Waben game, read from the file the GM supplies (D1).

A map file is JSON: ``{"name": …, "terrains": [{"name", "class", "water", "forest",
"swamp"}…], "fields": [{"id": "GF/KF", "terrain", "height" 0–4, "neighbours": [six ids or
null, side 1 first], "rivers": [sides], "river_flow": {side: side}, "river_through":
[sides], "river_out": [sides], "source", "fork", "navigable", "road", "coast", "atoll",
"x", "y"}…]}``.
``x``/``y`` place the hex on the picture (odd rows shifted right). The file is checked
whole: ids, terrains, heights, neighbours that name each other on opposite sides, and
rivers through fields that run on into the neighbour, and which way the rivers flow
(docs/state-wdw.md, "Map file").
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any

from engine.mapfiles import MapFileError
from engine.wdw.formulas import TERRAIN_CLASSES

FIELD_RE = re.compile(r"^(\d{1,4})/(\d{1,2})$")
WATER = frozenset({"Wasser", "Tiefsee"})
"""The terrains that are water when the terrain list does not say (``"water"``)."""
FOREST, SWAMP = "Wald", "Sumpf"
"""The terrains that are forest (Tab. 6.3-1 "aus einem Wald heraus") and swamp (7.1: a
rider moves as on foot there) when the terrain list does not say (``"forest"``,
``"swamp"``)."""


class MapError(MapFileError):
    """A map file that cannot be used, with the reason and, for a field, its line (for
    the GM)."""


@dataclass(frozen=True)
class Field:
    """One Kleinfeld (Strategie 1.1): its terrain and height, its six neighbours (side
    1..6; None off the map), rivers on which sides, a river through it by which sides, a
    road, a coast, where it is drawn."""

    id: str
    terrain: str
    terrain_class: str
    height: int
    neighbours: tuple[str | None, ...]
    rivers: tuple[int, ...] = ()
    navigable: bool = False
    road: bool = False
    coast: bool = False
    x: int = 0
    y: int = 0
    river_through: tuple[int, ...] = ()
    """The sides a river running through the field enters or leaves it by (one side: it
    rises or ends in the field); crossing it costs nothing (docs/rules-wdw.md, 7.1)."""
    wet: bool | None = None
    """The terrain list's ``"water"`` flag; None: water by name (:data:`WATER`)."""
    river_out: tuple[int, ...] = ()
    """The sides of ``river_through`` the river flows out by (the others it flows in by);
    empty: the map does not say which way it flows (Strategie 7.1, upstream)."""
    river_flow: tuple[int, ...] = ()
    """Which way the rivers at the sides flow: for each side of ``rivers``, in its order,
    the side whose corner it flows towards (0: not said); empty when the map says it of
    none."""
    forest: bool = False
    """Its terrain is forest (the terrain list's ``"forest"``, else by name: Wald)."""
    swamp: bool = False
    """Its terrain is swamp (the terrain list's ``"swamp"``, else by name: Sumpf)."""
    atoll: bool = False
    """Strategie 1.1 "Atolle": a settlement here brings no income, only its upkeep."""

    def flows_toward(self, side: int) -> int:
        """The side whose corner the river at ``side`` flows towards; 0 not known."""
        if side not in self.rivers or not self.river_flow:
            return 0
        return self.river_flow[self.rivers.index(side)]

    @property
    def source(self) -> bool:
        """Strategie 1.3 (Quellen): the river through the field rises here — it flows
        out by every side it passes."""
        return bool(self.river_out) and set(self.river_out) == set(self.river_through)

    @property
    def water(self) -> bool:
        """Water or deep sea (Strategie 1.1, 1.2: sea provinces): ships sail here, land
        units need a fleet."""
        return self.terrain in WATER if self.wet is None else self.wet

    @property
    def big_site(self) -> bool:
        """Strategie 3.2: a coast at HS 1 or a navigable river allows Bev 10."""
        return (self.coast and self.height == 1) or self.navigable


@dataclass(frozen=True)
class WorldMap:
    """The whole map, by field id."""

    name: str
    fields: dict[str, Field]

    def side_to(self, a: str, b: str) -> int | None:
        """The side (1..6) of ``a`` that borders ``b``; None when not adjacent."""
        for side, other in enumerate(self.fields[a].neighbours, 1):
            if other == b:
                return side
        return None


def field_id(text: str) -> str:
    """A field id in its canonical form ``GF/KF`` (``12/04``, ``12-4``, ``12.4`` read as
    ``12/4``); :class:`MapError` if it is none, KF 1..48 (Strategie 1.1)."""
    match = FIELD_RE.match(re.sub(r"[-.]", "/", text.strip()))
    if not match or not 1 <= int(match[2]) <= 48 or int(match[1]) < 1:
        raise MapError(f"{text!r} is no field id GF/KF (KF 1-48)")
    return f"{int(match[1])}/{int(match[2])}"


def json_file(text: str, what: str, listed: str, error: type[ValueError]) -> dict[str, Any]:
    """The object of a GM's JSON file (the ``what`` file: map, scenario) that has the list
    ``listed``; ``error`` says what is wrong with it, for the GM (docs/state-wdw.md)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"the {what} file is not JSON: {exc.msg} (line {exc.lineno})") from None
    if not isinstance(data, dict) or not isinstance(data.get(listed), list):
        raise error(f'the {what} file needs "{listed}": a list of {listed}')
    return data


def read_map(text: str) -> WorldMap:
    """The map of a map file's text; :class:`MapError` names the first problem."""
    data = json_file(text, "map", "fields", MapError)
    classes = {}
    wet: dict[str, bool | None] = {}
    kinds: dict[str, tuple[bool, bool]] = {}
    for terrain in data.get("terrains", []):
        name = str(terrain.get("name"))
        if terrain.get("class") not in TERRAIN_CLASSES:
            raise MapError(f"terrain {name!r}: class must be normal/schwer/extrem")
        for flag in ("water", "forest", "swamp"):
            if not isinstance(terrain.get(flag, False), bool):
                raise MapError(f"terrain {name!r}: {flag} must be true or false")
        classes[name] = str(terrain["class"])
        wet[name] = terrain.get("water")
        kinds[name] = (terrain.get("forest", name == FOREST), terrain.get("swamp", name == SWAMP))
    fields = {}
    lines = _field_lines(text, len(data["fields"]))
    for raw, line in zip(data["fields"], lines, strict=True):
        try:
            item = _field(raw, classes, wet, kinds)
            if item.id in fields:
                raise MapError(f"field {item.id} is listed twice")
        except MapError as exc:
            raise MapError(f"{line}{exc}") from None
        fields[item.id] = item
    world = WorldMap(str(data.get("name", "")), fields)
    try:
        _check_neighbours(world)
    except MapError as exc:
        line = dict(zip(fields, lines, strict=True)).get(exc.args[1], "")
        raise MapError(f"{line}{exc.args[0]}") from None
    return _shared_sides(world)


def _field_lines(text: str, count: int) -> list[str]:
    """``line N: `` for each field, the line of its ``"id"`` (empty for all when the
    file's ids cannot be told apart that way)."""
    starts = [m.start() for m in re.finditer(r'"id"\s*:', text)]
    if len(starts) != count:
        return [""] * count
    return [f"line {text.count(chr(10), 0, start) + 1}: " for start in starts]


def _field(
    raw: Any,
    classes: dict[str, str],
    wet: dict[str, bool | None],
    kinds: dict[str, tuple[bool, bool]],
) -> Field:
    if not isinstance(raw, dict):
        raise MapError("every field is an object")
    fid = field_id(str(raw.get("id", "")))
    if not isinstance(raw.get("atoll", False), bool):
        raise MapError(f"field {fid}: atoll must be true or false")
    terrain = str(raw.get("terrain", ""))
    if terrain not in classes:
        raise MapError(f"field {fid}: terrain {terrain!r} is not in the terrain list")
    height = raw.get("height")
    if not isinstance(height, int) or not 0 <= height <= 4:
        raise MapError(f"field {fid}: height must be 0-4")
    neighbours = raw.get("neighbours")
    if not isinstance(neighbours, list) or len(neighbours) != 6:
        raise MapError(f"field {fid}: six neighbours (side 1 to 6, null off the map)")
    rivers = _sides(raw.get("rivers", []), f"field {fid}: river sides are 1-6")
    through = _sides(raw.get("river_through", []), f"field {fid}: river_through sides are 1-6")
    out = _river_out(raw, fid, through)
    flow = _river_flow(raw.get("river_flow", {}), fid, rivers)
    # Strategie 1.1: mountains (HS 4) are at least difficult terrain.
    terrain_class = classes[terrain]
    if height == 4 and terrain_class == "normal":
        terrain_class = "schwer"
    return Field(
        id=fid,
        terrain=terrain,
        terrain_class=terrain_class,
        height=height,
        neighbours=tuple(field_id(n) if n is not None else None for n in neighbours),
        rivers=rivers,
        navigable=bool(raw.get("navigable", False)),
        road=bool(raw.get("road", False)),
        coast=bool(raw.get("coast", False)),
        x=int(raw.get("x", 0)),
        y=int(raw.get("y", 0)),
        river_through=through,
        wet=wet[terrain],
        river_out=out,
        river_flow=flow,
        forest=kinds[terrain][0],
        swamp=kinds[terrain][1],
        atoll=raw.get("atoll", False),
    )


def _river_out(raw: dict[str, Any], fid: str, through: tuple[int, ...]) -> tuple[int, ...]:
    """The sides the river through field ``fid`` flows out by (docs/rules-wdw.md, "The
    flow of rivers"): ``river_out``, or every side of ``river_through`` for a
    ``"source": true``; more than one only where the river splits (``"fork": true``)."""
    source = raw.get("source", False)
    if not isinstance(source, bool) or not isinstance(raw.get("fork", False), bool):
        raise MapError(f"field {fid}: source and fork must be true or false")
    if source and not through:
        raise MapError(f"field {fid}: a source needs the sides its river leaves by (river_through)")
    given = raw.get("river_out")
    if given is None:
        return through if source else ()
    out = _sides(
        given if isinstance(given, list) else [given], f"field {fid}: river_out sides are 1-6"
    )
    if not set(out) <= set(through):
        raise MapError(f"field {fid}: river_out {list(out)} is not among river_through")
    if source and set(out) != set(through):
        side = min(set(through) - set(out))
        raise MapError(f"field {fid}: a source, but its river flows in by side {side}")
    forked = raw.get("fork", False) or (source and len(set(through)) > 1)
    if len(set(out)) > 1 and not forked:
        raise MapError(
            f"field {fid}: the river flows out by sides {' and '.join(map(str, out))}; "
            'a river that splits there needs "fork": true'
        )
    return out


def _river_flow(raw: Any, fid: str, rivers: tuple[int, ...]) -> tuple[int, ...]:
    """``river_flow`` ``{"2": 3}``: the river at side 2 flows towards the corner side 2
    shares with side 3 (a side next to it); only for sides with a river."""
    if not isinstance(raw, dict):
        raise MapError(f'field {fid}: river_flow is an object {{"side": side it flows towards}}')
    flow: dict[int, int] = {}
    for key, value in raw.items():
        (side,) = _sides([key], f"field {fid}: river_flow sides are 1-6")
        (toward,) = _sides([value], f"field {fid}: river_flow sides are 1-6")
        if side not in rivers:
            raise MapError(f"field {fid}: river_flow names side {side}, which has no river")
        if toward not in (side % 6 + 1, (side + 4) % 6 + 1):
            raise MapError(
                f"field {fid}: the river at side {side} flows towards a side next to it, "
                f"{(side + 4) % 6 + 1} or {side % 6 + 1}, not {toward}"
            )
        flow[side] = toward
    return tuple(flow.get(side, 0) for side in rivers) if flow else ()


def _sides(raw: Any, problem: str) -> tuple[int, ...]:
    """A list of field sides (1..6, in the file's order); :class:`MapError` with
    ``problem`` if it is none."""
    try:
        sides = tuple(int(s) for s in raw)
    except (TypeError, ValueError):
        raise MapError(problem) from None
    if any(not 1 <= s <= 6 for s in sides):
        raise MapError(problem)
    return sides


def back_side(side: int) -> int:
    """The side of the neighbour on ``side`` that borders the field (1 ↔ 4, 2 ↔ 5, 3 ↔ 6)."""
    return (side + 2) % 6 + 1


def _check_neighbours(world: WorldMap) -> None:
    """Every neighbour exists and names the field back on the opposite side; a river
    through a field that leaves it by a side runs on through the neighbour there, unless
    that is water."""
    for item in world.fields.values():
        for side, other in enumerate(item.neighbours, 1):
            if other is None:
                continue
            if other not in world.fields:
                raise MapError(f"field {item.id} side {side}: no field {other}", item.id)
            back = back_side(side)
            if world.fields[other].neighbours[back - 1] != item.id:
                raise MapError(
                    f"field {item.id} side {side} is {other}, but {other} side {back} "
                    f"is not {item.id}",
                    item.id,
                )
            # A river ends in the sea or a lake: the water field needs no river of its own.
            onward = world.fields[other]
            if side in item.river_through and not (onward.water or back in onward.river_through):
                raise MapError(
                    f"field {item.id}: the river through it leaves by side {side}, but "
                    f"river_through of {other} has no side {back}",
                    item.id,
                )
            _check_flow(item, side, onward)


def _shared_sides(world: WorldMap) -> WorldMap:
    """The map with each river at a side in both fields' records (docs/state-wdw.md,
    "Map file"): a side is the border of both fields, so a river one of them lists is
    crossed (Strategie 7.1) and sailed the same from either; its flow, where only one
    says, is mirrored into the other (clockwise there is counter-clockwise here)."""
    added: dict[str, dict[int, int]] = {}
    for item in world.fields.values():
        for side in item.rivers:
            other = item.neighbours[side - 1]
            if other is None:
                continue
            back, toward = back_side(side), item.flows_toward(side)
            onward = world.fields[other]
            if back in onward.rivers and (onward.flows_toward(back) or not toward):
                continue
            mirrored = (back + 4) % 6 + 1 if toward == side % 6 + 1 else back % 6 + 1
            added.setdefault(other, {})[back] = mirrored if toward else 0
    fields = dict(world.fields)
    for fid, sides in added.items():
        item = fields[fid]
        flow = {s: item.flows_toward(s) for s in item.rivers} | sides
        rivers = (*item.rivers, *sorted(s for s in sides if s not in item.rivers))
        flows = tuple(flow[s] for s in rivers)
        fields[fid] = replace(item, rivers=rivers, river_flow=flows if any(flows) else ())
    return WorldMap(world.name, fields)


def _check_flow(item: Field, side: int, onward: Field) -> None:
    """The river between ``item`` and its neighbour ``onward`` on ``side`` flows one way:
    through both fields, not out of each into the other; along their common side, the
    same way in both fields' records."""
    back = back_side(side)
    joined = side in item.river_through and back in onward.river_through
    if joined and item.river_out and onward.river_out:
        out = side in item.river_out
        if out == (back in onward.river_out):
            way = "out" if out else "in"
            raise MapError(
                f"field {item.id}: its river flows {way} by side {side} ({onward.id}), "
                f"and the river of {onward.id} flows {way} by side {back} ({item.id})",
                item.id,
            )
    mine, theirs = item.flows_toward(side), onward.flows_toward(back)
    # Clockwise along the side in one field is counter-clockwise in the other.
    if mine and theirs and (mine == side % 6 + 1) == (theirs == back % 6 + 1):
        raise MapError(
            f"field {item.id}: the river at side {side} flows towards side {mine}, "
            f"but {onward.id} says the other way (side {back} towards {theirs})",
            item.id,
        )
