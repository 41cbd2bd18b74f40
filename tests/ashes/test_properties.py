"""Invariants under random orders (hypothesis): stocks, conservation, determinism."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ashes.orders import CargoFlight, Flight, Production, PVChange
from engine.ashes.state import AshesState
from engine.ashes.turn import run_turn
from engine.core import Order
from engine.dice import Dice
from tests.ashes.helpers import standard
from tests.lanes import examples

planet = st.integers(1, 40)
count = st.integers(0, 40)
order = st.one_of(
    st.builds(
        Production,
        planet=planet,
        PDU=count,
        FP=count,
        OP=count,
        RP=count,
        FY=count,
        TY=count,
        FI=count,
        TR=count,
    ),
    st.builds(Flight, source=planet, fi=count, tr=count, target=planet),
    st.builds(
        CargoFlight, source=planet, cargo=st.integers(0, 9), count=st.integers(1, 5), target=planet
    ),
    st.builds(PVChange, player=st.integers(1, 4), value=st.integers(0, 2)),
)
turn_orders = st.dictionaries(st.integers(1, 4), st.lists(order, max_size=8), max_size=4)


def _no_negatives(state: AshesState) -> None:
    for p in state.planets:
        assert min(p.a, p.pdu, p.fp, p.op, p.rp, p.fy, p.ty, p.fuel, p.ore, p.rare, p.pm) >= 0
        assert 1 <= p.pr60 <= 150
    assert all(f.fi >= 0 and f.tr >= 0 for f in state.fleets)
    assert all(c.count > 0 for c in state.cargo)
    assert all(5000 <= p.fm <= 15000 and 5000 <= p.tm <= 15000 for p in state.players)


def _ships(state: AshesState) -> tuple[int, int]:
    return (
        sum(f.fi for f in state.fleets),
        sum(f.tr for f in state.fleets) + sum(c.count for c in state.cargo),
    )


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(turn_orders, min_size=1, max_size=3), st.integers(0, 2**32))
def test_no_negative_stocks_and_determinism(turns: list[dict[int, list[Order]]], seed: int) -> None:
    state = standard(players=4)
    for number, generated in enumerate(turns):
        given_orders = {p.number: generated.get(p.number, []) for p in state.active()}
        a, _ = run_turn(state, given_orders, Dice.legacy(Random(seed + number)))
        b, _ = run_turn(state, given_orders, Dice.legacy(Random(seed + number)))
        assert a.to_json() == b.to_json()
        assert AshesState.from_json(a.to_json()) == a
        _no_negatives(a)
        state = a


@settings(max_examples=examples(40), deadline=None)
@given(turn_orders, st.integers(0, 2**32))
def test_flights_and_cargo_conserve_ships(given_orders: dict[int, list[Order]], seed: int) -> None:
    from engine.ashes import cargo, flights
    from engine.ashesmap.galaxy import standard_galaxy

    state = standard(players=4)
    before = _ships(state)
    for player, own in given_orders.items():
        for o in own:
            if isinstance(o, CargoFlight) and o.source != o.target:
                cargo.load(state, standard_galaxy(), player, o)
            elif isinstance(o, Flight) and o.source != o.target:
                flights.fly(state, standard_galaxy(), player, o, set())
    flights.advance(state)
    assert _ships(state) == before


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(1, 40), st.integers(0, 9), st.integers(1, 6))
def test_cargo_conserves_goods(source: int, kind: int, ships: int) -> None:
    from engine.ashes import cargo
    from engine.ashes.orders import CARGO_LOADS
    from engine.ashesmap.galaxy import standard_galaxy

    state = standard(players=8)
    target = 1 if source != 1 else 2
    owner = state.planet(source).owner
    what, per_ship = CARGO_LOADS[kind]
    attr = {"A": "a"}.get(what, what.lower())
    stock = getattr(state.planet(source), attr)
    cargo.load(
        state,
        standard_galaxy(),
        owner or 1,
        CargoFlight(source=source, cargo=kind, count=ships, target=target),
    )
    loaded = sum(c.count for c in state.cargo) * per_ship
    assert getattr(state.planet(source), attr) + loaded == stock


@settings(max_examples=examples(25), deadline=None)
@given(
    st.integers(0, 60),
    st.integers(0, 60),
    st.integers(0, 30),
    st.integers(50, 250),
    st.integers(0, 2**16),
)
def test_battle_losses_never_exceed_the_fleets(
    att_fi: int, def_fi: int, att_tr: int, pm: int, seed: int
) -> None:
    from engine.ashes.combat import battle
    from engine.ashesmap.galaxy import standard_galaxy

    state = standard(players=2)
    state.pv[1][2] = state.pv[2][1] = 0
    home = state.orbit(2, 2)
    assert home is not None
    home.fi = def_fi
    state.planet(2).pm = pm
    state.add_fleet(1, 2, att_fi, att_tr)
    report = battle(state, standard_galaxy(), state.planet(2), Dice.legacy(Random(seed)), {})
    if att_fi + att_tr == 0:
        assert report is None
        return
    assert report is not None
    for side in report.sides:
        assert 0 <= side.lost_fi <= side.fi and 0 <= side.lost_tr <= side.tr
    assert state.planet(2).pdu >= 0
    _no_negatives(state)
