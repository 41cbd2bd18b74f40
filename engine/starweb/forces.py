"""What the conflict phases share: who stands where, shots, hits and changes of owner.

Used by combat, movement (ambush), bombs, control and conversion; kept small so each of
those modules reads as the rulebook section it implements.
"""

from __future__ import annotations

from engine.core import NEUTRAL
from engine.starweb.context import Turn
from engine.starweb.orders import FLEET, StarwebOrder
from engine.starweb.state import CAP, Character, Fleet, StarwebState, World


def allied(state: StarwebState, player: int, other: int) -> bool:
    """``player`` declared ``other`` an ally (one-sided: Starweb "Alliierte")."""
    return player != NEUTRAL and other in state.player(player).allies


def is_character(state: StarwebState, player: int, character: Character) -> bool:
    """``player`` is a seat of that character (the neutral side is nobody)."""
    return player != NEUTRAL and state.player(player).character == character


def per_ship(state: StarwebState, owner: int) -> int:
    """Metal one ship carries: two for the Händler, one for everyone else ("Fracht")."""
    return 2 if is_character(state, owner, Character.MERCHANT) else 1


def half_up(ships: int) -> int:
    """Shots of a group of I- or P-ships: half a shot each, rounded up ("Feuern")."""
    return (ships + 1) // 2


def fleet_shots(fleet: Fleet) -> int:
    """One shot per ship; a ship loaded with two metals cannot fire (Starweb "Feuern").

    Metal is spread one per ship first, so ``cargo - ships`` ships carry two: a merchant
    fleet of 5 ships with 6 metals has 4 shots.
    """
    return fleet.ships - max(0, fleet.cargo - fleet.ships)


def damage(state: StarwebState, fleet: Fleet, hits: int) -> int:
    """Apply ``hits`` to a key; return the ships destroyed.

    Starweb "Feuern": two hits destroy one unloaded ship or two loaded ones, unloaded
    ships first (in ambush every hit counts double: the caller doubles them). Metal goes
    down with the loaded ships; the survivors keep what they can carry.
    """
    loaded = min(fleet.ships, fleet.cargo)
    unloaded = fleet.ships - loaded
    dead_unloaded = min(unloaded, hits // 2)
    left = hits - 2 * dead_unloaded if dead_unloaded == unloaded else 0
    dead_loaded = min(loaded, left)
    fleet.ships -= dead_unloaded + dead_loaded
    capacity = fleet.ships * per_ship(state, fleet.owner)
    fleet.cargo = max(0, min(fleet.cargo - dead_loaded, capacity))
    return dead_unloaded + dead_loaded


def empty_key(fleet: Fleet) -> None:
    """A key whose ships were all destroyed stays where it is, empty and neutral
    (Starweb "Feuern", "Leere keys"); its artifacts stay on it ("Kunstwerke")."""
    fleet.ships = 0
    fleet.cargo = 0
    fleet.bomb = False
    fleet.peace = False
    fleet.owner = NEUTRAL


def restart_rounds(world: World) -> None:
    """Starweb "Minen und Rundenzähler": a new owner starts the count at 1 (no mine: none)."""
    world.turns = 1 if world.mines >= 1 else 0


def change_owner(turn: Turn, world: World, owner: int, flag: str) -> None:
    """``world`` passes to ``owner`` (NEUTRAL: becomes neutral) with the printout flag."""
    old = world.owner
    if old != NEUTRAL:
        turn.left[old].add(world.number)
    world.owner = owner
    if owner == NEUTRAL:
        world.turns = 0
    else:
        restart_rounds(world)
        turn.conquered.add(world.number)
    turn.flag_world(world.number, flag)


def kill_people(turn: Turn, world: World, killer: int, count: int) -> int:
    """``killer`` kills ``count`` organic people on ``world``; return how many died.

    Starweb "Feuern": with converts among them, chance decides each victim: a die of as
    many sides as people (``victim W12``), up to the number of converts a convert dies;
    seen by the world's witnesses (:meth:`Turn.witnesses`). Recorded for scoring in
    ``turn.killed`` (victim: the convert's apostle or else the world's owner; converts are
    included) and ``turn.killed_converts``; the world's note counts "TOTE".
    """
    count = min(count, world.population)
    note = turn.world_note(world.number)
    label, seen_by = f"victim W{world.number}", turn.witnesses(world.number)
    for _ in range(count):
        convert = turn.dice.below(label, world.population, seen_by=seen_by) < world.converts
        world.population -= 1
        if convert:
            world.converts -= 1
            turn.killed[(killer, world.convert_owner)] += 1
            turn.killed_converts[(killer, world.convert_owner)] += 1
            note.dead_converts += 1
        else:
            turn.killed[(killer, world.owner)] += 1
        note.dead += 1
    if world.converts == 0:
        world.convert_owner = NEUTRAL
    return count


def depopulate(turn: Turn, world: World) -> None:
    """Starweb "Bevölkerung": a world without people or robots belongs to nobody."""
    if world.population == 0 and world.robots == 0 and world.owner != NEUTRAL:
        change_owner(turn, world, NEUTRAL, "neutralised")


def add_capped(value: int, more: int) -> int:
    """``value + more``, never above 255 (Starweb "Schiffe")."""
    return min(CAP, value + more)


def armed_at_war(state: StarwebState, world: int) -> list[int]:
    """Players with a key at war with at least one ship on ``world``, ascending."""
    return sorted({f.owner for f in state.fleets_at(world) if f.ships and not f.peace and f.owner})


def in_range(state: StarwebState, order: StarwebOrder) -> bool:
    """Every key and world the order names exists in this game (the grammar allows
    1-255; a smaller map has fewer worlds)."""
    keys = [getattr(order, name, 0) for name in ("fleet", "target_fleet")]
    worlds = [getattr(order, "world", 0), *getattr(order, "path", ())]
    source = getattr(order, "source", getattr(order, "what", FLEET))
    (keys if source == FLEET else worlds).append(getattr(order, "number", 0))
    return all(0 <= k <= len(state.fleets) for k in keys) and all(
        0 <= w <= len(state.worlds) for w in worlds
    )
