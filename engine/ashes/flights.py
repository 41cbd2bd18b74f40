"""Ashes 7.3 Flights (Ashes 6.2.1, 6.3.6) and the retreat of beaten fleets (Ashes 6.2.3, 6.3.2).

A fleet in flight has a stage: (D+n) is stage n, (D) is stage 0. A flight order puts
the ships at the stage of the distance class and then every fleet advances one stage;
a fleet that leaves (D) reaches the orbit (I). So a flight of class 0 arrives in the
same turn, one of class n is shown as (D+n-1) and arrives n turns later.
"""

from __future__ import annotations

from engine.ashes.diplomacy import retreat_target
from engine.ashes.orders import Flight
from engine.ashes.state import AshesState, CargoShips, Fleet, News
from engine.ashesmap.galaxy import Galaxy


def fly(
    state: AshesState, galaxy: Galaxy, player: int, order: Flight, bound: set[tuple[int, int]]
) -> None:
    """Send ships of the player's orbit fleet at the source (Ashes 6.2.1, 6.3.6).

    Only ships in orbit can fly; an order for more ships than there are sends those
    there are. ``bound`` holds (owner, guest) pairs where the owner just lowered the PV
    from 2: such a flight order becomes a flight home taking one turn longer (Ashes 6.3.6).
    """
    fleet = state.orbit(order.source, player)
    fi = min(order.fi, fleet.fi if fleet else 0)
    tr = min(order.tr, fleet.tr if fleet else 0)
    if fleet is None or fi + tr == 0:
        state.report.notices.append(
            News(kind="flight_failed", player=player, planet=order.source, other=order.target)
        )
        return
    if (fi, tr) != (order.fi, order.tr):
        state.report.notices.append(
            News(
                kind="flight_cut",
                player=player,
                planet=order.source,
                other=order.target,
                number=fi,
                item=str(tr),
            )
        )
    target, stage = order.target, galaxy.distance(order.source, order.target)
    if (state.planet(order.source).owner, player) in bound:
        home = retreat_target(state, galaxy, player, order.source)
        if home is not None:
            target, stage = home, galaxy.distance(order.source, home) + 1
            state.report.notices.append(
                News(kind="flight_bound", player=player, planet=order.source, other=home)
            )
    fleet.fi -= fi
    fleet.tr -= tr
    state.add_fleet(player, target, fi, tr, stage)


def advance(state: AshesState) -> None:
    """Every fleet and cargo convoy in flight moves one stage; (D) reaches the orbit (Ashes 7.3)."""
    moved: list[Fleet] = []
    for f in state.fleets:
        if f.stage is not None:
            f.stage = None if f.stage == 0 else f.stage - 1
        moved.append(f)
    state.fleets = []
    for f in moved:
        state.add_fleet(f.owner, f.target, f.fi, f.tr, f.stage)
    convoys: list[CargoShips] = []
    for c in state.cargo:
        if c.stage is not None:
            c.stage = None if c.stage == 0 else c.stage - 1
        same = next(
            (
                x
                for x in convoys
                if (x.target, x.cargo, x.stage, x.sender) == (c.target, c.cargo, c.stage, c.sender)
            ),
            None,
        )
        if same is None:
            convoys.append(c)
        else:
            same.count += c.count
    state.cargo = convoys
    state.tidy()


def flee(state: AshesState, galaxy: Galaxy, player: int, planet: int, fi: int) -> int:
    """Beaten FI fly home: distance + 1 turn for the orientation manoeuvre (Ashes 6.2.3, 6.3.2).

    The fleet starts at the stage of the distance class after this turn's flight phase,
    so it arrives one turn later than a flight ordered this turn would. Returns the
    planet it flees to, or 0 when the player has no planet to flee to (the ships are
    lost; neutral fleets scatter the same way).
    """
    target = retreat_target(state, galaxy, player, planet)
    if target is None or fi <= 0:
        return 0
    state.add_fleet(player, target, fi, 0, galaxy.distance(planet, target))
    return target
