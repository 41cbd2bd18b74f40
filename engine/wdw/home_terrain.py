"""A realm's Heimatgelände (Strategie 1.2, D33): the one difficult terrain type its core
province mostly consists of counts as normal terrain for the realm — the BWP price (F2,
D11) and the upkeep deducted from income (F1) of its settlements there. A core province
of mostly difficult terrain frees the realm's units from terrain losses in the terrain
types it holds (:func:`loss_immunity`; the losses are the GM's ``L`` line).

The core province is the realm's province that holds its capital ("Für neu entstehende
Reiche ist die Kernprovinz das Gebiet um die Hauptstadt"); a realm without one has no
Heimatgelände. "Überwiegend" is more than half of the province's fields."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.wdw.mapfile import Field, WorldMap
from engine.wdw.provinces import provinces_of
from engine.wdw.state import Realm, Settlement, WdwState, world

NORMAL = "normal"


def core_province(realm: Realm, settlements: Iterable[Settlement]) -> tuple[str, ...]:
    """The fields of the realm's core province: its province with the capital's field
    (Strategie 1.2); none when it has no capital or the capital lies in no province."""
    capital = next((s.kf for s in settlements if s.owner == realm.seat and s.capital), None)
    if capital is None:
        return ()
    return next((f for f in provinces_of(realm).values() if capital in f), ())


def home_terrain(realm: Realm, settlements: Iterable[Settlement], the_map: WorldMap) -> str:
    """The realm's Heimatgelände: the difficult terrain type of more than half of its
    core province's fields (Strategie 1.2), or "" when there is none."""
    core = [the_map.fields[kf] for kf in core_province(realm, settlements) if kf in the_map.fields]
    difficult = Counter(f.terrain for f in core if f.terrain_class != NORMAL)
    return next((t for t, count in difficult.items() if 2 * count > len(core)), "")


def class_at(field: Field, home: str) -> str:
    """The terrain class of ``field`` for a realm whose Heimatgelände is ``home``: normal
    there ("gilt für alle Belange der Spielregel als nicht schwierig", also at height
    4), else the map's."""
    return (
        NORMAL if field.terrain_class != NORMAL and field.terrain == home else field.terrain_class
    )


def terrain_class(state: WdwState, seat: int, kf: str) -> str:
    """The terrain class of ``kf`` for the realm ``seat`` (:func:`class_at`)."""
    the_map = world(state.map_text)
    home = home_terrain(state.realm(seat), state.settlements, the_map)
    return class_at(the_map.fields[kf], home)


@dataclass(frozen=True)
class LossImmunity:
    """Where a realm's units take no terrain losses (Strategie 1.2: "Enthält die
    Kernprovinz eines Reiches überwiegend schwieriges Gelände, sind alle Einheiten des
    Reiches in Geländetypen, die in der Kernprovinz vorkommen, von geländebedingten
    Verlusten befreit"): the core province's terrain types, whether it has a field at
    height 4, and the Heimatgelände."""

    types: frozenset[str] = frozenset()
    mountains: bool = False
    home: str = ""

    def why_free(self, field: Field, mounted: bool) -> str:
        """Why the realm's unit takes no terrain losses in the difficult ``field``:
        ``home`` (its Heimatgelände is not difficult for the realm, :func:`class_at`),
        ``core`` (its type occurs in the core province; at height 4 only when the core
        province has a field at height 4 too, since Strategie 1.1 gives height 4 losses
        of its own), ``riders`` (so, but a mounted unit keeps its extra losses at height
        4, Strategie 4.3), or "" (the GM rules its losses)."""
        if self.home and field.terrain == self.home:
            return "home"
        if field.terrain not in self.types or (field.height == 4 and not self.mountains):
            return ""
        return "riders" if mounted and field.height == 4 else "core"


def loss_immunity(
    realm: Realm, settlements: Iterable[Settlement], the_map: WorldMap
) -> LossImmunity:
    """The realm's :class:`LossImmunity`: none unless more than half of its core
    province's fields are difficult on the map ("überwiegend schwieriges Gelände")."""
    places = list(settlements)
    core = [the_map.fields[kf] for kf in core_province(realm, places) if kf in the_map.fields]
    if 2 * sum(f.terrain_class != NORMAL for f in core) <= len(core):
        return LossImmunity()
    return LossImmunity(
        types=frozenset(f.terrain for f in core),
        mountains=any(f.height == 4 for f in core),
        home=home_terrain(realm, places, the_map),
    )
