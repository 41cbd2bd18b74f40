"""Scripted bot players (demo game, whole-game tests, benchmark): they write order TEXT.

A bot looks at the state like a player looks at the printout and writes the orders a
player would mail: production on every planet, attacks on the nearest weaker planets,
changing alliances, cargo flights, spying, research, articles and votes.
"""

from __future__ import annotations

from random import Random

from engine.ashes.economy import gip
from engine.ashes.galaxy import load_galaxy
from engine.ashes.state import AshesState
from engine.core import NEUTRAL, State


def bot_orders(state: AshesState, player: int, rng: Random) -> str:
    """The order text of ``player`` for the next turn."""
    galaxy = load_galaxy(state.galaxy_text)
    me = state.player(player)
    nxt = state.turn + 1
    lines = [f"Partie {state.game} Spieler {player} Kennwort geheim{player} Runde {nxt}"]
    if nxt == 1:
        lines.append("Rundenzahl 30")
        lines.append(f"Herrscher = Bot {chr(64 + player)}")
    others = [p.number for p in state.active() if p.number != player]
    if others and rng.random() < 0.3:
        lines.append(f"PV {rng.choice(others)} = {rng.choice([0, 1, 2, 2])}")
    own = state.owned(player)
    for planet in own:
        fleet = state.orbit(planet.number, player)
        fi = fleet.fi if fleet else 0
        a = planet.a
        items: dict[str, int] = {}
        need = max(0, planet.hd + 1 - planet.pdu)
        items["PDU"] = min(need, a // 15)
        a -= 15 * items["PDU"]
        ships = min(planet.fy, planet.fuel, planet.ore, planet.rare // 3, a // 10)
        items["FI"] = ships
        a -= 10 * ships
        trs = min(
            planet.ty,
            (planet.fuel - ships) // 2,
            (planet.ore - ships) // 3,
            planet.rare - 3 * ships,
            a // 20,
        )
        items["TR"] = max(0, trs)
        a -= 20 * items["TR"]
        if planet.fy < 10 and a >= 15 and rng.random() < 0.3:
            items["FY"] = 1
            a -= 15
        for kind, cost in (("RP", 10), ("FP", 5), ("OP", 4)):
            n = a // cost // 2 if kind != "OP" else a // cost
            items[kind] = n
            a -= n * cost
        text = " ".join(f"{n} {k}" for k, n in items.items() if n)
        lines.append(f"{planet.number}: {text}" if text else f"{planet.number} ({planet.name}):")
        if fleet and fi >= 12 and fleet.tr >= 3 and rng.random() < 0.7:
            target = _target(state, galaxy, player, planet.number, fi, rng)
            if target:
                send_fi, send_tr = fi - 2, fleet.tr
                lines.append(f"{planet.number} / {send_fi} / {send_tr} / {target}")
        elif fleet and fleet.tr > 4 and fi >= 2 and planet.ore >= 100 and rng.random() < 0.3:
            home = me.home if me.home != planet.number else own[-1].number
            if home != planet.number:
                lines.append(f"{planet.number} / C6 / 1 / {home}")
    strays = [
        f
        for f in state.fleets
        if f.owner == player and f.stage is None and state.planet(f.target).owner != player
    ]
    for f in strays:
        if f.fi + f.tr and rng.random() < 0.5:
            target = _target(state, galaxy, player, f.target, f.fi, rng) or me.home
            if target != f.target:
                lines.append(f"{f.target} / {f.fi} / {f.tr} / {target}")
    if me.pp >= 7 and rng.random() < 0.3:
        lines.append(f"{rng.randrange(1, galaxy.size + 1)} ausspionieren")
    elif me.pp >= 2 and own and rng.random() < 0.5:
        lines.append(
            rng.choice(
                [
                    f"{me.pp // 2} PP für PR auf {own[0].number}",
                    f"{me.pp // 2} PP für FM%",
                    f"{me.pp // 2} PP für TM%",
                ]
            )
        )
    if rng.random() < 0.1:
        lines += ["Artikel", f"Bot {chr(64 + player)} grüßt die Galaxis in Runde {nxt}.", "Ende"]
    if nxt % 9 == 0 and rng.random() < 0.5:
        lines.append(f"Verlängerung {rng.choice([0, 0, 2])}")
    return "\n".join(lines) + "\n"


class AshesBots:
    """The bots behind :class:`engine.core.Bots`: ``GameKind.bots`` of Ashes."""

    def orders(self, state: State, seat: int, rng: Random) -> list[str]:
        """The order lines of ``seat`` for the next turn, without the header line."""
        if not isinstance(state, AshesState):
            raise TypeError(f"not an Ashes of Empire state: {type(state).__name__}")
        return bot_orders(state, seat, rng).splitlines()[1:]


def _target(
    state: AshesState, galaxy: object, player: int, source: int, fi: int, rng: Random
) -> int | None:
    """The nearest planet not ours that looks weaker than the fleet (neutral or at war)."""
    from engine.ashes.galaxy import Galaxy

    assert isinstance(galaxy, Galaxy)
    best: list[tuple[int, int, int]] = []
    for planet in state.planets:
        if planet.owner == player or planet.number == source:
            continue
        if planet.owner != NEUTRAL and state.pv[player][planet.owner] != 0:
            continue
        defence = sum(
            f.fi
            for f in state.fleets
            if f.target == planet.number and f.stage is None and f.owner == planet.owner
        )
        if defence * 2 < fi:
            best.append((galaxy.distance(source, planet.number), -gip(planet), planet.number))
    if not best:
        return None
    best.sort()
    return rng.choice(best[:2])[2]
