"""Demo realms: each marches its first combat unit and the combat units standing with it
one field toward the nearest foreign capital, attacking (KA); builds a point of
Stadtverteidigung when it can pay it, raises 500 warriors while it has few units, and lets
its spy infiltrate that capital."""

from __future__ import annotations

from random import Random

from engine.core import State
from engine.kind_engine import state_as
from engine.wdw.mapfile import Field
from engine.wdw.state import WdwState, world


class WdwBots:
    """The orders a sensible realm would mail."""

    def orders(self, state: State, seat: int, rng: Random) -> list[str]:
        state = state_as(state, WdwState)
        the_map = world(state.map_text)
        lines = []
        foreign = [s for s in state.settlements if s.owner != seat and s.capital]
        mine = [s for s in state.settlements if s.owner == seat]
        fighters = [u for u in state.units if u.realm == seat and u.nahkampf > 0]
        if fighters and foreign:
            # The army marches together: the first combat unit and the others standing
            # with it, all attacking.
            leader = fighters[0]
            company = [u for u in fighters if u.kf == leader.kf]
            goal = the_map.fields[foreign[0].kf]
            here = the_map.fields[leader.kf]
            steps = [n for n in here.neighbours if n is not None and not the_map.fields[n].water]
            if steps:
                best = min(steps, key=lambda f: (_distance(the_map.fields[f], goal), f))
                for unit in company:
                    lines.append(f"{unit.id} KA {best}")
        if mine and state.realm(seat).treasury >= 5000:
            lines.append(f"Baue {mine[0].name} Stv +1")
        if mine and len([u for u in state.units if u.realm == seat]) < 6:
            lines.append(f"Rüste 500 Krieger Nahkampf in {mine[0].name}")
        spies = [u for u in state.units if u.realm == seat and u.spion]
        if spies and foreign:
            lines.append(f"{spies[0].id} GI3 Ziel: {foreign[0].name}")
        return lines


def _distance(a: Field, b: Field) -> int:
    """Hex distance of two fields by their drawing coordinates (odd rows shifted)."""
    aq, bq = a.x - (a.y - (a.y & 1)) // 2, b.x - (b.y - (b.y & 1)) // 2
    dq, dr = aq - bq, a.y - b.y
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
