"""The acknowledgement and the web page's check tell a player nothing his printout did not:
for random games of every kind (the board game's open board hides only the lines a round
says to one seat alone), two positions that differ only in what a seat cannot see
give every order of that seat the same words, alone and in the whole list (both go
through ``describe_orders``)."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ashes import orders as ashes
from engine.ashes.state import AshesState
from engine.ashes_board import orders as board
from engine.ashes_board.state import BoardState
from engine.core import Order, State
from engine.spacewar import orders as spacewar
from engine.spacewar.board import FIELDS
from engine.spacewar.state import SpacewarState
from engine.starweb.orders import FLEET, Move, Probe, Transfer
from engine.starweb.printout import player_report
from engine.starweb.state import StarwebState, copy_state
from tests.ashes_board.test_secrecy import others_changed, played
from tests.dice.games import KINDS, new_game, play
from tests.lanes import examples

SEATS = 4


AnyState = AshesState | StarwebState | BoardState | SpacewarState


def described(kind: str, state: AnyState, seat: int, order: Order) -> str:
    """The order's line in the seat's acknowledgement (and on the page's check)."""
    acknowledging = KINDS[kind].acknowledging
    assert acknowledging is not None
    return acknowledging.describe_order(state, seat, order, "en", lambda n: f"#{n}")


def listed(kind: str, state: AnyState, seat: int, orders: list[Order]) -> list[str]:
    """The seat's whole order list as the acknowledgement words it (forecasts included)."""
    return KINDS[kind].describe_orders(state, seat, orders, "en", lambda n: f"#{n}")


def starweb_hidden_changed(state: StarwebState, seat: int, rng: Random) -> StarwebState:
    """``state`` with what ``seat`` cannot see changed: gates between worlds he has not
    seen added or taken away, other players' keys there given other numbers of ships."""
    other = copy_state(state)
    known = set(player_report(state, seat).seen)
    hidden = [w.number for w in other.worlds if w.number not in known]
    for _ in range(len(hidden)):
        a, b = rng.sample(hidden, 2)
        wa, wb = other.world(a), other.world(b)
        if b in wa.gates:
            wa.gates.remove(b)
            wb.gates.remove(a)
        else:
            wa.gates.append(b)
            wb.gates.append(a)
    for key in other.fleets:
        if key.world in hidden and key.owner != seat:
            key.ships = rng.randrange(0, 40)
    return other


def starweb_orders(state: StarwebState, seat: int, rng: Random) -> list[Order]:
    """Moves and probes of the seat's keys along gates (of either position) and at random,
    and transfers to other keys."""
    orders: list[Order] = []
    mine = [k for k in state.fleets if k.owner == seat]
    worlds = len(state.worlds)
    for key in mine:
        here, path = key.world, []
        for _ in range(rng.randrange(1, 4)):
            gates = state.world(here).gates if here <= worlds else []
            # Along a gate mostly; now and then any number, a world that is none too.
            here = rng.choice(gates) if gates and rng.random() < 0.8 else rng.randrange(worlds + 3)
            path.append(here)
        orders.append(Move(fleet=key.number, path=tuple(path)))
        orders.append(Probe(source=FLEET, number=key.number, world=rng.randrange(worlds + 3)))
        target = rng.randrange(1, len(state.fleets) + 1)
        orders.append(
            Transfer(source=FLEET, number=key.number, quantity=1, target=FLEET, target_fleet=target)
        )
    return orders


def spacewar_round(seed: int) -> SpacewarState:
    """Round 1 of a bots' Spacewar game (after its setup step)."""
    state = next(play("spacewar", seed, 2, 1)).result.state
    assert isinstance(state, SpacewarState)
    return state


def spacewar_hidden_changed(state: SpacewarState, seat: int, rng: Random) -> SpacewarState:
    """``state`` with what ``seat`` cannot see changed: the other player's PE, pool,
    standing orders, troop values, base fighters and what his fleets hold (where they
    stand is on the board for both)."""
    other = state.copy()
    enemy = other.player(3 - seat)
    enemy.pe, enemy.pool = rng.randrange(0, 200), [rng.randrange(0, 9) for _ in enemy.pool]
    enemy.standing.no_attack = rng.sample(list(FIELDS), 3)
    for world in other.worlds:
        if world.owner != seat:
            for stone in world.troops:
                stone.value = rng.choice((3, 4, 5))
    for base in other.bases:
        if base.owner != seat:
            base.fighters = rng.randrange(0, 17)
    for fleet in other.fleets:
        if fleet.owner != seat:
            fleet.ships = rng.sample(fleet.ships, rng.randrange(1, len(fleet.ships) + 1))
    return other


def spacewar_orders(state: SpacewarState, seat: int, rng: Random) -> list[Order]:
    """Purchases, loading, regrouping and jumps of the seat's fleets and at random
    fields, fleets and ships, the other player's included."""
    orders: list[Order] = []
    ships = [s.id for f in state.fleets for s in f.ships]
    worlds = [w.id for w in state.worlds]
    for number in range(1, 12):
        world = rng.choice(worlds)
        orders += [
            spacewar.Buy(
                count=rng.randrange(0, 4),
                unit=rng.choice(["ST", "KR", "TR", "SC", "TT", "BA"]),
                world=world,
                fleet=rng.randrange(0, 11),
            ),
            spacewar.Buy(
                count=rng.randrange(1, 9),
                unit="JG",
                world=world,
                carrier=rng.choice([*ships, "BA"]),
            ),
            spacewar.BuyFleet(world=world, ships=("ST", "KR", "KR")),
            spacewar.Load(
                fleet=number,
                what=rng.choice(("troops", "base", "jaeger")),
                values=tuple(rng.choice((3, 4, 5)) for _ in range(rng.randrange(3))),
                count=rng.randrange(0, 3),
                unload=rng.random() < 0.3,
            ),
            spacewar.Transfer(
                fleet=number, ships=tuple(rng.sample(ships, 2)), to=rng.randrange(0, 11)
            ),
            spacewar.Jump(
                fleet=number,
                group=rng.choice(("own", "enemy", "space")),
                targets=tuple(rng.sample(list(FIELDS), 2)),
            ),
            spacewar.Lineup(world=world, values=(5, 4, 3)),
        ]
    return orders


def ashes_hidden_changed(state: AshesState, seat: int, rng: Random) -> AshesState:
    """``state`` with what ``seat`` cannot see changed: the figures and stocks of the
    planets he does not own, the other players' fleets, PP and votes."""
    other = AshesState.from_json(state.to_json())
    for planet in other.planets:
        if planet.owner != seat:
            planet.pdu, planet.fp, planet.a = rng.randrange(0, 50), rng.randrange(0, 9), 1
            planet.fuel, planet.ore, planet.rare = (rng.randrange(0, 200) for _ in range(3))
    for fleet in other.fleets:
        if fleet.owner != seat:
            fleet.fi, fleet.tr = rng.randrange(0, 30), rng.randrange(0, 30)
    for player in other.players:
        if player.number != seat:
            player.pp = rng.randrange(0, 40)
            player.vote_rounds = rng.choice([None, 10, 30])
            player.declared = [rng.randrange(0, 3) for _ in player.declared]
    # Orbit fleets of others where the seat has none, and none of theirs elsewhere.
    planet = rng.choice(other.planets).number
    other.add_fleet(
        rng.choice([p.number for p in other.players if p.number != seat] or [0]),
        planet,
        rng.randrange(1, 9),
        rng.randrange(0, 9),
        None,
    )
    return other


def ashes_orders(state: AshesState, seat: int, rng: Random) -> list[Order]:
    """Every kind of order the position checks, on every planet and for every player."""
    planets = [p.number for p in state.planets]
    orders: list[Order] = []
    for n in planets:
        target = rng.choice(planets)
        orders += [
            ashes.RenamePlanet(planet=n, name="Neu"),
            ashes.Production(planet=n, PDU=rng.randrange(1, 5), FI=rng.randrange(0, 3)),
            ashes.HomePlanet(planet=n),
            ashes.Flight(source=n, fi=rng.randrange(0, 20), tr=rng.randrange(0, 20), target=target),
            ashes.CargoFlight(
                source=n, cargo=rng.randrange(10), count=rng.randrange(1, 9), target=target
            ),
            ashes.Spy(planet=n),
            ashes.Research(pp=rng.randrange(1, 20), target="PR", planet=n),
        ]
    for p in [*state.players, *state.players[:1]]:
        orders.append(ashes.PVChange(player=p.number, value=rng.randrange(3)))
    orders += [ashes.Research(pp=rng.randrange(1, 20), target="FM"), ashes.VoteRounds(rounds=20)]
    return orders


def board_orders(state: BoardState, rng: Random) -> list[Order]:
    """Building orders, flights and freight from every planet (the whole list shares the
    warehouse and the orbits), and home planets."""
    orders: list[Order] = []
    for planet in state.planets:
        n, target = planet.number, rng.randrange(1, 41)
        item = board.Item(what=rng.choice(["fighter", "transporter", "troops"]), count=2)
        orders += [
            board.Build(planet=n, items=(item,)),
            board.Fly(source=n, fighters=rng.randrange(9), transporters=1, target=target),
            board.Freight(source=n, pop=1, transporters=1, target=target),
            board.HomePlanet(planet=n),
        ]
    return orders


@pytest.mark.parametrize("kind", ["ashes", "starweb", "ashes-board", "spacewar"])
@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(1, 10_000), seat=st.integers(1, SEATS), salt=st.integers(0, 10**6))
def test_what_a_seat_cannot_see_never_changes_its_acknowledgement(
    kind: str, seed: int, seat: int, salt: int
) -> None:
    state: State
    if kind == "spacewar":
        state = spacewar_round(seed)
    elif kind == "ashes-board":
        # The board game is open but for the lines a round says to one seat alone: two
        # rounds.
        state = played(seed, SEATS, 2)
    else:
        state = new_game(kind, seed, SEATS)
    rng = Random(salt)
    orders: list[Order]
    other: AnyState
    if isinstance(state, SpacewarState):
        seat = 1 + seat % 2
        other = spacewar_hidden_changed(state, seat, rng)
        orders = spacewar_orders(state, seat, rng)
    elif isinstance(state, BoardState):
        other = others_changed(state, seat, rng)
        orders = board_orders(state, rng)
    elif isinstance(state, StarwebState):
        other = starweb_hidden_changed(state, seat, rng)
        orders = starweb_orders(state, seat, rng) + starweb_orders(other, seat, rng)
    else:
        assert isinstance(state, AshesState)
        other = ashes_hidden_changed(state, seat, rng)
        orders = ashes_orders(state, seat, rng)
    for order in orders:
        assert described(kind, state, seat, order) == described(kind, other, seat, order)
    # The whole list, as the acknowledgement words it: orders that share a stock.
    assert listed(kind, state, seat, orders) == listed(kind, other, seat, orders)


def test_the_property_bites_on_a_warning_that_reads_unseen_gates() -> None:
    # Two worlds the seat has not seen, joined in one position and not in the other: a
    # check that read their gates would word a move through them differently.
    state = new_game("starweb", 7, SEATS)
    assert isinstance(state, StarwebState)
    seat = 1
    known = set(player_report(state, seat).seen)
    key = next(k for k in state.fleets if k.owner == seat)
    first = next(g for g in state.world(key.world).gates if g not in known)
    far = next(w.number for w in state.worlds if w.number not in known | {first})
    other = copy_state(state)
    if far in other.world(first).gates:
        other.world(first).gates.remove(far)
        other.world(far).gates.remove(first)
    else:
        other.world(first).gates.append(far)
        other.world(far).gates.append(first)
    move = Move(fleet=key.number, path=(first, far))
    assert state.world(first).gates != other.world(first).gates
    assert described("starweb", state, seat, move) == described("starweb", other, seat, move)
    assert "do not know" in described("starweb", state, seat, move)
