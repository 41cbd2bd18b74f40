"""What a calculator may read (design §8, D37): the GM everything; a realm only its own
units and settlements, its treasury, and the fields of its known map. A calculator that
reads the state only through :class:`Knowledge` cannot reveal a hidden unit."""

from __future__ import annotations

from dataclasses import dataclass

from engine.wdw.mapfile import Field, WorldMap
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by
from engine.wdw.state import Realm, Settlement, Unit, WdwState, world


@dataclass(frozen=True)
class Knowledge:
    """The part of the state one reader knows (``seat`` None: the GM)."""

    seat: int | None
    realms: tuple[Realm, ...]
    units: tuple[Unit, ...]
    settlements: tuple[Settlement, ...]
    the_map: WorldMap
    known: frozenset[str] | None
    """The fields the reader knows; None: all (the GM)."""

    def knows(self, kf: str) -> bool:
        """Whether the reader knows field ``kf`` (its terrain, height, rivers, road)."""
        return kf in self.the_map.fields and (self.known is None or kf in self.known)

    def field(self, kf: str) -> Field:
        """A field the reader knows (KeyError otherwise)."""
        if not self.knows(kf):
            raise KeyError(kf)
        return self.the_map.fields[kf]

    def unit(self, realm: int, number: int) -> Unit | None:
        """The unit ``realm/number`` if the reader knows it."""
        return next((u for u in self.units if (u.realm, u.id) == (realm, number)), None)

    def realm(self, seat: int) -> Realm | None:
        """The realm ``seat`` if the reader may see its books."""
        return next((r for r in self.realms if r.seat == seat), None)


def knowledge(state: WdwState, seat: int | None) -> Knowledge:
    """What ``seat`` knows of ``state`` (None: the GM, everything). A realm knows its
    own units and settlements and the fields it sees (engine.wdw.sightlines.seen_by:
    its known map and what its units and settlements see); no foreign unit (sightings
    are the printout's, not the calculators')."""
    the_map = world(state.map_text)
    if seat is None:
        return Knowledge(
            None,
            tuple(state.realms),
            tuple(state.units),
            tuple(state.settlements),
            the_map,
            None,
        )
    realms = tuple(r for r in state.realms if r.seat == seat)
    units = tuple(u for u in state.units if u.realm == seat)
    places = tuple(s for s in state.settlements if s.owner == seat)
    known = seen_by(state, seat, options_of(state))
    return Knowledge(seat, realms, units, places, the_map, frozenset(known))
