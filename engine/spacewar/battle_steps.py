"""The option ``battle_mode = rounds`` (decision 1, reading b): one step per battle round,
the rulebook's table-top alternation by mail. The battles declared in P5 are fought one
after the other; after each round the battle pauses and is kept in the state
(:class:`engine.spacewar.state.Fight`); the next step applies the battle orders the
players mailed (targets, split fire, stances, Doppelschuss, emergency jumps; a player
who sends nothing fights on with his standing orders) and fights the next round.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.spacewar.battle import Battle, Unit, close_battle, fight_round, open_battle
from engine.spacewar.state import Fight, Fighter, SpacewarState


def fight_on(state: SpacewarState, dice: Dice) -> bool:
    """One round of the first battle still to fight (begun if it was not), then the
    battles after it as long as a round ends one. Returns whether every battle of the
    round is over; else the state is in the ``battle`` phase, the battle kept."""
    while state.fights:
        fight = state.fights[0]
        if fight.round == 0:
            battle = open_battle(state, fight.field, fight.attacker, dice)
        else:
            battle = _restored(state, fight)
        if fight_round(state, battle, dice):
            close_battle(state, battle)
            state.fights.pop(0)
            continue
        state.fights[0] = _kept(battle)
        state.phase = "battle"
        return False
    state.phase = "orders"
    return True


def _kept(battle: Battle) -> Fight:
    """The battle as plain data, to wait for the next step."""
    return Fight(
        field=battle.field,
        attacker=battle.attacker,
        first=battle.first,
        round=battle.round,
        quiet=battle.quiet,
        start_ships=[f"{o}:{f}:{n}" for (o, f), n in sorted(battle.start_ships.items())],
        units=[
            Fighter(
                side=u.side,
                type=u.type,
                label=u.label,
                p=u.p,
                fleet=u.fleet.id if u.fleet is not None else 0,
                ship=u.ship.id if u.ship is not None else "",
                base=u.base.id if u.base is not None else 0,
                home=u.home.label if u.home is not None else "",
                missiles=u.missiles,
                docked=u.docked,
                dead=u.dead,
                jumped=u.jumped,
                marker=u.marker,
                hits=u.hits,
            )
            for u in battle.units
        ],
    )


def _restored(state: SpacewarState, fight: Fight) -> Battle:
    """The battle kept, its units tied to the ships, fleets and bases of the state again
    (a unit whose ship or base is gone is dead or has jumped and is not looked up)."""
    battle = Battle(fight.field, fight.attacker, first=fight.first, round=fight.round)
    battle.quiet = fight.quiet
    for entry in fight.start_ships:
        owner, number, ships = (int(v) for v in entry.split(":"))
        battle.start_ships[(owner, number)] = ships
    by_label: dict[str, Unit] = {}
    for kept in fight.units:
        unit = Unit(
            kept.side,
            kept.type,
            kept.label,
            p=kept.p,
            missiles=kept.missiles,
            docked=kept.docked,
            dead=kept.dead,
            jumped=kept.jumped,
            marker=kept.marker,
            hits=kept.hits,
        )
        fleet = state.fleet(kept.side, kept.fleet) if kept.fleet else None
        if fleet is not None and unit.present:
            unit.fleet = fleet
            unit.ship = next((s for s in fleet.ships if s.id == kept.ship), None)
        if kept.base and unit.present:
            unit.base = next(
                (b for b in state.bases if b.id == kept.base and b.owner == kept.side), None
            )
        battle.units.append(unit)
        by_label[unit.label] = unit
    for kept, unit in zip(fight.units, battle.units, strict=True):
        unit.home = by_label.get(kept.home)
    return battle
