"""Cargo ships C0..C9 (Ashes 6.3.5): loaded in Ashes 7.2, unloaded in Ashes 7.9."""

from __future__ import annotations

from engine.ashes.economy import storage
from engine.ashes.orders import CARGO_LOADS, CargoFlight
from engine.ashes.state import AshesState, CargoShips, News, Planet
from engine.ashesmap.galaxy import Galaxy

_ATTR = {
    "A": "a",
    "PDU": "pdu",
    "FP": "fp",
    "OP": "op",
    "RP": "rp",
    "FUEL": "fuel",
    "ORE": "ore",
    "RARE": "rare",
    "FY": "fy",
    "TY": "ty",
}
_STORED_BY = {"fuel": "fp", "ore": "op", "rare": "rp"}


def load(state: AshesState, galaxy: Galaxy, player: int, order: CargoFlight) -> None:
    """Ashes 7.2: turn TR in orbit into cargo ships and load them, whole loads only (Ashes 6.3.5).

    Needs an own planet and an own FI in its orbit (air superiority). When goods or TR
    are short, fewer ships go; the goods leave before production (Ashes 7.2).
    """
    planet = state.planet(order.source)
    fleet = state.orbit(order.source, player)
    what, per_ship = CARGO_LOADS[order.cargo]
    attr = _ATTR[what]
    if planet.owner != player or fleet is None or fleet.fi < 1:
        state.report.notices.append(
            News(
                kind="cargo_no_control", player=player, planet=order.source, item=f"C{order.cargo}"
            )
        )
        return
    count = min(order.count, fleet.tr, getattr(planet, attr) // per_ship)
    if count < order.count:
        state.report.notices.append(
            News(
                kind="cargo_cut",
                player=player,
                planet=order.source,
                item=f"C{order.cargo}",
                number=count,
                other=order.count,
            )
        )
    if count <= 0:
        return
    fleet.tr -= count
    setattr(planet, attr, getattr(planet, attr) - count * per_ship)
    state.cargo.append(
        CargoShips(
            target=order.target,
            cargo=order.cargo,
            count=count,
            stage=galaxy.distance(order.source, order.target),
            sender=player,
        )
    )


def has_air_superiority(state: AshesState, planet: Planet) -> bool:
    """The owner has an FI of its own in orbit (Ashes 6.3.5: own, not allied)."""
    fleet = state.orbit(planet.number, planet.owner)
    return fleet is not None and fleet.fi >= 1


def unload_phase(state: AshesState) -> None:
    """Ashes 7.9: arrived cargo ships unload where the owner has air superiority.

    The goods and the ships (as TR) belong to the planet's owner, whoever sent them;
    stocks beyond the storage are lost (Ashes 6.3.5). Otherwise the ships wait in (D+0).
    """
    for convoy in state.cargo:
        if convoy.stage is not None:
            continue
        planet = state.planet(convoy.target)
        if not has_air_superiority(state, planet):
            continue
        what, per_ship = CARGO_LOADS[convoy.cargo]
        attr = _ATTR[what]
        setattr(planet, attr, getattr(planet, attr) + convoy.count * per_ship)
        if attr in _STORED_BY:
            setattr(
                planet, attr, min(getattr(planet, attr), storage(getattr(planet, _STORED_BY[attr])))
            )
        state.add_fleet(planet.owner, planet.number, 0, convoy.count)
        state.report.notices.append(
            News(
                kind="cargo_unloaded",
                planet=planet.number,
                player=planet.owner,
                item=f"C{convoy.cargo}",
                number=convoy.count,
            )
        )
        convoy.count = 0
    state.tidy()
