"""Scripted bot players (demo game, whole-game tests, benchmark): they write order TEXT.

A bot looks at the state like a player looks at the printout and writes the orders a
player would mail: production on every planet, attacks on the nearest weaker planets,
alliances and a war, cargo flights, spying, research, articles and votes.

Its politics keep its political points from falling below 0, for then every planet of its
revolts (Ashes 4.4.4, 7.5): it allies with a neighbour and with the seat opposite on the
ring of home planets (on the standard map the homes 1 to 8 lie around the galaxy in this
order) and makes war on its other neighbour only while both sides earn a PP from an
alliance for the one the war costs them (Ashes 6.3.4); it makes peace when that no longer
holds, and spends only the PP it can spare.
"""

from __future__ import annotations

from random import Random

from engine.ashes.economy import gip
from engine.ashes.rules import SPY_COST, a_cost
from engine.ashes.state import AshesState, Options, Planet
from engine.ashesmap.galaxy import Galaxy, load_galaxy
from engine.core import NEUTRAL, State
from engine.kind_engine import state_as

WAR_PP = 2
"""PP a bot must have to start a war: a buffer for a turn in which an ally drops out."""
PP_RESERVE = 1
"""PP a bot keeps after a turn's spending and political points."""
HOME_GUARD = 4
"""A fleet leaves a quarter of its FI (at least 2) to guard the planet it starts from."""


def partner(seat: int, seats: int) -> int | None:
    """The neighbour a bot allies with: 1 with 2, 3 with 4, ... (None for a last odd seat)."""
    other = seat + 1 if seat % 2 else seat - 1
    return other if other <= seats else None


def opposite(seat: int, seats: int) -> int | None:
    """The seat across the ring, a bot's second ally (8 seats: 1 with 5, 2 with 6, ...)."""
    other = (seat - 1 + seats // 2) % seats + 1
    return None if other in (seat, partner(seat, seats), rival(seat, seats)) else other


def rival(seat: int, seats: int) -> int | None:
    """The other neighbour on the ring, whom a bot fights: 2 with 3, ..., 8 with 1."""
    other = (seat - 1 + (-1 if seat % 2 else 1)) % seats + 1
    return None if other in (seat, partner(seat, seats)) else other


def _net_pp(state: AshesState, player: int) -> int:
    """PP a player gains a turn from the PV in force: +1 per PV 2, -1 per PV 0 (Ashes 6.3.4)."""
    values = [state.pv[player][p.number] for p in state.active() if p.number != player]
    return values.count(2) - values.count(0)


def _diplomacy(state: AshesState, player: int) -> tuple[list[str], int]:
    """The PV orders of ``player`` and the PP a turn they will bring at worst."""
    seats = max(p.number for p in state.players)
    active = {p.number for p in state.active()}
    me = state.player(player)
    lines = [
        f"PV {ally} = 2"
        for ally in (partner(player, seats), opposite(player, seats))
        if ally in active and me.declared[ally] != 2
    ]
    net = _net_pp(state, player)
    enemy = rival(player, seats)
    if enemy is None or enemy not in active:
        return lines, net
    at_war = state.pv[player][enemy] == 0
    # Both sides must still gain at least 0 PP a turn with the war in force.
    cost = 0 if at_war else 1
    affordable = _net_pp(state, enemy) - cost >= 0 and net - cost >= 0
    if affordable and not at_war and me.declared[enemy] != 0 and me.pp >= WAR_PP:
        lines.append(f"PV {enemy} = 0")
    elif not affordable and me.declared[enemy] == 0:
        # peace; raising needs both sides, and the enemy's bot judges the war alike
        lines.append(f"PV {enemy} = 1")
    # at worst the war starts this turn, declared by either side
    return lines, net - cost if affordable else net


def _production(planet: Planet, options: Options, rng: Random) -> str:
    """Build orders for one planet: PDU to HD + 1 first (Ashes 4.4.4), ships, then plants."""
    a = planet.a
    items: dict[str, int] = {}
    items["PDU"] = min(max(0, planet.hd + 1 - planet.pdu), a // a_cost("PDU", options))
    a -= a_cost("PDU", options) * items["PDU"]
    ships = min(planet.fy, planet.fuel, planet.ore, planet.rare // 3, a // a_cost("FI", options))
    items["FI"] = ships
    a -= a_cost("FI", options) * ships
    items["TR"] = max(
        0,
        min(
            planet.ty,
            (planet.fuel - ships) // 2,
            (planet.ore - ships) // 3,
            planet.rare - 3 * ships,
            a // a_cost("TR", options),
        ),
    )
    a -= a_cost("TR", options) * items["TR"]
    if planet.fy < 10 and a >= a_cost("FY", options) and rng.random() < 0.3:
        items["FY"] = 1
        a -= a_cost("FY", options)
    for kind in ("RP", "FP", "OP"):  # half of the rest on RP, half of that on FP, then OP
        cost = a_cost(kind, options)
        n = a // cost // 2 if kind != "OP" else a // cost
        items[kind] = n
        a -= n * cost
    text = " ".join(f"{n} {k}" for k, n in items.items() if n)
    return f"{planet.number}: {text}" if text else f"{planet.number} ({planet.name}):"


def bot_orders(state: AshesState, player: int, rng: Random) -> str:
    """The order text of ``player`` for the next turn."""
    galaxy = load_galaxy(state.galaxy_text)
    me = state.player(player)
    nxt = state.turn + 1
    lines = [f"Partie {state.game} Spieler {player} Kennwort geheim{player} Runde {nxt}"]
    if nxt == 1:
        lines.append("Rundenzahl 30")
        lines.append(f"Herrscher = Bot {chr(64 + player)}")
    politics, net = _diplomacy(state, player)
    lines += politics
    own = state.owned(player)
    for planet in own:
        fleet = state.orbit(planet.number, player)
        fi = fleet.fi if fleet else 0
        lines.append(_production(planet, state.options, rng))
        if fleet and fi >= 12 and fleet.tr >= 3 and rng.random() < 0.7:
            target = _target(state, galaxy, player, planet.number, fi, rng)
            if target:
                send_fi = fi - max(2, fi // HOME_GUARD)
                lines.append(f"{planet.number} / {send_fi} / {fleet.tr} / {target}")
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
    # Ashes 6.3.4: spend only what keeps PP at the reserve after this turn's points
    spare = me.pp + net - PP_RESERVE
    if spare >= SPY_COST and rng.random() < 0.3:
        lines.append(f"{rng.randrange(1, galaxy.size + 1)} ausspionieren")
    elif spare >= 2 and own and rng.random() < 0.5:
        lines.append(
            rng.choice(
                [
                    f"{spare // 2} PP für PR auf {own[0].number}",
                    f"{spare // 2} PP für FM%",
                    f"{spare // 2} PP für TM%",
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
        return bot_orders(state_as(state, AshesState), seat, rng).splitlines()[1:]


def _target(
    state: AshesState, galaxy: Galaxy, player: int, source: int, fi: int, rng: Random
) -> int | None:
    """The nearest planet not ours that looks weaker than the fleet (neutral or at war)."""
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
