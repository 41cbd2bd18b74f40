"""Questions about fleets and units that several phases ask."""

from __future__ import annotations

from engine.spacewar.board import UNITS
from engine.spacewar.state import Fleet, Ship, SpacewarState

MAX_FLEETS = 10
"""Spacewar §8 "Jeder Spieler kann nur 10 Flotten haben!" (a lone scout counts)."""


def free_fleet_id(state: SpacewarState, owner: int) -> int:
    """The lowest free fleet number of ``owner``; 0 when he has 10 fleets."""
    used = {f.id for f in state.fleets if f.owner == owner}
    return next((n for n in range(1, MAX_FLEETS + 1) if n not in used), 0)


def drop_empty(state: SpacewarState) -> None:
    """Fleets without a ship leave the board (their number is free again)."""
    state.fleets = [f for f in state.fleets if f.ships]


def find_ship(state: SpacewarState, owner: int, ship_id: str) -> tuple[Ship, Fleet] | None:
    """A ship of ``owner`` and its fleet."""
    for fleet in state.fleets:
        if fleet.owner == owner:
            for ship in fleet.ships:
                if ship.id == ship_id:
                    return ship, fleet
    return None


def military_at(state: SpacewarState, field: str, owner: int) -> bool:
    """Whether ``owner`` has a ship, a base or stranded Jäger in ``field`` (what makes a
    space battle possible, Spacewar §5 ¶1)."""
    return (
        any(f.ships for f in state.fleets_at(field, owner))
        or any(b.owner == owner and b.field == field for b in state.bases)
        or any(s.owner == owner and s.field == field and s.count for s in state.stranded)
    )


def value_pe(state: SpacewarState, field: str, owner: int) -> int:
    """The PE value of ``owner``'s ships, Jäger and base in ``field`` (Spacewar §11.2);
    the measure of ``nur bei Aufklärung`` (decision 22)."""
    total = 0
    for fleet in state.fleets_at(field, owner):
        for ship in fleet.ships:
            total += UNITS[ship.type].cost + ship.fighters + ship.jaeger
    base = state.base_at(field)
    if base is not None and base.owner == owner:
        total += UNITS["BA"].cost + base.fighters
    total += sum(s.count for s in state.stranded if s.owner == owner and s.field == field)
    return total


def fleet_ids_in(fleet: Fleet, cargo: bool = True) -> list[str]:
    """The ships of a fleet as the printout lists them: ``ST1(8) KR1 TR1[5]``; without
    ``cargo`` only what fights (a battle shows no cargo: "Einheiten welche Transportiert
    werden, können nicht kämpfen")."""
    out = []
    for ship in fleet.ships:
        text = ship.id
        if ship.fighters:
            text += f"({ship.fighters})"
        if not cargo:
            out.append(text)
            continue
        if ship.stone is not None:
            text += f"[{ship.stone.value}]"
        if ship.base_part:
            text += "[BA]"
        if ship.jaeger:
            text += f"[{ship.jaeger} JG]"
        if ship.marker:
            text += f"<{ship.marker}>"
        out.append(text)
    return out
