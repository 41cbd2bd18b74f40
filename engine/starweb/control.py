"""Starweb "Kontrolle über eine Welt", "Leere keys" and the Pirat's capture of keys."""

from __future__ import annotations

from engine.core import NEUTRAL
from engine.starweb.context import Turn
from engine.starweb.forces import allied, armed_at_war, change_owner, is_character
from engine.starweb.state import Character, Fleet, StarwebState, World

PIRATE_ODDS = 3
"""Starweb "Pirat": more than three times the ships of the other player."""


def conquer(turn: Turn) -> None:
    """Worlds pass to the only player with a key at war there; empty keys to the only
    player with a ship at war there (Starweb "Kontrolle über eine Welt", "Leere keys")."""
    state = turn.state
    # Starweb "Pirat": a world where a pirate overruns keys does not pass to him this
    # turn ("gilt in dieser Runde noch nicht als einziger Spieler auf dieser Welt").
    raided = {
        (state.fleet(key).world, pirate) for key, (pirate, _s) in _claims(state).items() if pirate
    }
    for world in state.worlds:
        at_war = armed_at_war(state, world.number)
        if len(at_war) == 1 and (world.number, at_war[0]) in raided:
            continue
        _take_world(turn, world)
    for fleet in state.fleets:
        if fleet.ships == 0:
            _take_empty_key(turn, fleet)


def _take_world(turn: Turn, world: World) -> None:
    """Starweb "Kontrolle über eine Welt".

    The only player at war there takes a populated world unless: it is already his or an
    ally's; home fleets are left on it; its owner (or a player at peace who counts it as
    his ally's) has ships there to defend it ("Flotten im Frieden"); it is a robot world
    and he is no berserker; only converts live on it (an apostle gains it by conversion).
    """
    state = turn.state
    at_war = armed_at_war(state, world.number)
    if len(at_war) != 1 or world.owner == at_war[0]:
        return
    taker = at_war[0]
    if world.population == 0 and world.robots == 0:
        return
    if world.robots and not is_character(state, taker, Character.BERSERKER):
        return
    if world.population and world.converts == world.population:
        return
    if allied(state, taker, world.owner) or world.i_ships or world.p_ships:
        return
    if any(_defends(state, f, world) for f in state.fleets_at(world.number)):
        return
    change_owner(turn, world, taker, "conquered")


def _defends(state: StarwebState, fleet: Fleet, world: World) -> bool:
    """A key with ships at peace on its owner's or an ally's world defends it."""
    if fleet.ships == 0 or not fleet.peace or world.owner == NEUTRAL:
        return False
    return fleet.owner == world.owner or allied(state, fleet.owner, world.owner)


def _take_empty_key(turn: Turn, fleet: Fleet) -> None:
    """Starweb "Leere keys": the only player with a ship at war there (home fleets are
    always at war) takes the key; an own empty key on an own world stays while own ships
    are there and nobody else's at war; otherwise it becomes neutral."""
    state = turn.state
    world = state.world(fleet.world)
    candidates = set(armed_at_war(state, world.number))
    if world.owner != NEUTRAL and (world.i_ships or world.p_ships):
        candidates.add(world.owner)
    owner = fleet.owner
    if len(candidates) == 1:
        new = candidates.pop()
    elif not candidates and owner != NEUTRAL and _keeps(state, owner, world):
        new = owner
    else:
        new = NEUTRAL
    if new == owner:
        return
    fleet.owner = new
    fleet.peace = False
    if new != NEUTRAL:
        turn.flag_fleet(fleet.number, "captured")
        if owner != NEUTRAL:
            turn.flag_fleet(fleet.number, f"taken_from:{owner}")


def _keeps(state: StarwebState, owner: int, world: World) -> bool:
    """The owner keeps an empty key on his own world while one of his ships is there."""
    if world.owner != owner:
        return False
    return bool(world.i_ships or world.p_ships) or any(
        f.owner == owner and f.ships for f in state.fleets_at(world.number)
    )


def capture(turn: Turn) -> None:
    """Starweb "Pirat": a pirate at war with more than three times the ships of another
    player on a world takes all that player's keys there.

    I- and P-ships do not count; only the pirate's keys at war count for him; his allies'
    keys are spared, but he must also be more than three times as strong as each ally
    present. All captures are judged from the position before any of them; a key two
    pirates could take goes to the stronger (equal: to neither). Metal above one per ship
    is lost. The world does not pass to the pirate this turn (:func:`conquer` skips it).
    """
    state = turn.state
    taken = _claims(state)
    for number in sorted(taken):
        pirate = taken[number][0]
        if pirate != NEUTRAL:
            _hand_over(turn, state.fleet(number), pirate)


def _claims(state: StarwebState) -> dict[int, tuple[int, int]]:
    """The keys pirates capture in this position: key -> (pirate, his strength); a key
    two equally strong pirates claim has pirate 0 (nobody takes it)."""
    taken: dict[int, tuple[int, int]] = {}
    for world in sorted({f.world for f in state.fleets}):
        keys = state.fleets_at(world)
        ships: dict[int, int] = {}
        for fleet in keys:
            if fleet.owner != NEUTRAL:
                ships[fleet.owner] = ships.get(fleet.owner, 0) + fleet.ships
        for pirate in sorted(ships):
            if not is_character(state, pirate, Character.PIRATE):
                continue
            strength = sum(f.ships for f in keys if f.owner == pirate and not f.peace)
            allies = [p for p in ships if p != pirate and allied(state, pirate, p)]
            if any(strength <= PIRATE_ODDS * ships[a] for a in allies):
                continue
            for fleet in keys:
                victim = fleet.owner
                if victim in (NEUTRAL, pirate) or victim in allies:
                    continue
                if strength > PIRATE_ODDS * ships[victim]:
                    _claim(taken, fleet.number, pirate, strength)
    return taken


def _claim(taken: dict[int, tuple[int, int]], key: int, pirate: int, strength: int) -> None:
    """Record a pirate's claim on a key; of two claims the stronger wins, a tie voids."""
    other = taken.get(key)
    if other is None or other[1] < strength:
        taken[key] = (pirate, strength)
    elif other[1] == strength and other[0] != pirate:
        taken[key] = (NEUTRAL, strength)


def _hand_over(turn: Turn, fleet: Fleet, pirate: int) -> None:
    """The captured key is the pirate's, at war; cargo above one per ship disappears."""
    victim = fleet.owner
    fleet.owner = pirate
    fleet.peace = False
    fleet.cargo = min(fleet.cargo, fleet.ships)
    turn.flag_fleet(fleet.number, "captured")
    turn.flag_fleet(fleet.number, f"taken_from:{victim}")
