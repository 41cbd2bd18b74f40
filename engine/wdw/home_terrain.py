"""A realm's Heimatgelände (Strategie 1.2, D33): the one difficult terrain type its core
province mostly consists of counts as normal terrain for the realm — the BWP price (F2,
D11) and the upkeep deducted from income (F1) of its settlements there.

The core province is the realm's province that holds its capital ("Für neu entstehende
Reiche ist die Kernprovinz das Gebiet um die Hauptstadt"); a realm without one has no
Heimatgelände. "Überwiegend" is more than half of the province's fields."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

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
