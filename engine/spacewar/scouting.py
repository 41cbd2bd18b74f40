"""P4 Aufklärung (Spacewar §9): scouts find out the enemy's strength in their field."""

from __future__ import annotations

from engine.dice import EVERYBODY, Dice
from engine.spacewar.board import FIELDS, is_world
from engine.spacewar.fleets import fleet_ids_in, military_at
from engine.spacewar.state import Sighting, SpacewarState


def enemy_present(state: SpacewarState, field: str, enemy: int) -> bool:
    """Whether ``enemy`` has ships, a base, stranded Jäger or a world in ``field``."""
    world_there = is_world(field) and state.world(field).owner == enemy
    return world_there or military_at(state, field, enemy)


def scout_phase(state: SpacewarState, dice: Dice) -> set[tuple[int, str]]:
    """Every scout in a field holding enemy units rolls 1W6: 5+ succeeds, only a 6 when
    an enemy scout is there (Spacewar §9; decision 22: one roll per scout). A success
    reveals every enemy ship and troop stone in the field. The roll is public, what it
    revealed goes to the scout's owner only. Returns (player, field) of the successes."""
    found: set[tuple[int, str]] = set()
    for field in FIELDS:
        for number in (state.start_player, 3 - state.start_player):
            enemy = 3 - number
            if not enemy_present(state, field, enemy):
                continue
            scouts = [
                ship
                for fleet in state.fleets_at(field, number)
                for ship in fleet.ships
                if ship.type == "SC"
            ]
            enemy_scout = any(
                s.type == "SC" for f in state.fleets_at(field, enemy) for s in f.ships
            )
            need = 6 if enemy_scout else 5
            for scout in scouts:
                die = dice.roll(f"scout P{number} {scout.id}", 6, seen_by=EVERYBODY)
                ok = die >= need
                state.note(
                    "scouted" if ok else "scout_failed", [str(number), scout.id, field, str(die)]
                )
                if ok and (number, field) not in found:
                    found.add((number, field))
                    reveal(state, number, field, "scout")
    return found


def reveal(state: SpacewarState, viewer: int, field: str, source: str, stones: bool = True) -> None:
    """What ``viewer`` learns of the enemy in ``field`` now: a scout sees ships and troop
    stones (Spacewar §9), a battle the ships that fight (not the stones on the world)."""
    enemy = 3 - viewer
    ships = [
        f"F{fleet.id}: " + " ".join(fleet_ids_in(fleet, cargo=stones))
        for fleet in state.fleets_at(field, enemy)
    ]
    base = state.base_at(field)
    if base is not None and base.owner == enemy:
        ships.append(f"BA({base.fighters})")
    values: list[int] = []
    if stones and is_world(field) and state.world(field).owner == enemy:
        values = sorted((s.value for s in state.world(field).troops), reverse=True)
    state.intel = [i for i in state.intel if not (i.viewer == viewer and i.field == field)]
    state.intel.append(Sighting(viewer, state.round, field, source, ships, values))
