"""The Ashes acknowledgement forecasts the whole order list: what each order will do in
the seat's position, with the orders before it in the turn's order taken into account
(Ashes 7.1-7.4)."""

from __future__ import annotations

from engine.ashes.orders import CargoFlight, Flight, Production, Research, Spy
from engine.ashes.state import AshesState
from engine.ashesmap.galaxy import load_galaxy
from engine.core import Order, turn_dice
from tests.dice.games import KINDS, new_game


def said(state: AshesState, seat: int, orders: list[Order], lang: str = "de") -> list[str]:
    return KINDS["ashes"].describe_orders(state, seat, orders, lang, str)


def game() -> tuple[AshesState, int, int]:
    """A fresh game (seed 7): seat 1 on Earth (1) with 15 FI and 4 TR in orbit, A 240;
    planet 2 (distance class 1) is somebody else's."""
    state = new_game("ashes", 7, 4)
    assert isinstance(state, AshesState)
    fleet = state.orbit(1, 1)
    assert fleet is not None and (fleet.fi, fleet.tr) == (15, 4)
    assert state.planet(1).owner == 1 and state.planet(1).a == 240
    assert state.planet(2).owner != 1 and load_galaxy(None).distance(1, 2) == 1
    return state, 1, 2


def test_two_flights_from_one_orbit_share_its_ships() -> None:
    state, mine, theirs = game()
    first, second = said(state, 1, [Flight(source=mine, fi=10, tr=1, target=theirs)] * 2)
    assert first == f"Flug: 10 FI, 1 TR von {mine} nach {theirs} → Ankunft in Runde 2"
    assert second.endswith(
        "→ 5 FI, 1 TR, Ankunft in Runde 2 — Warnung: Flug 1 -> 2: nur 5 FI und 1 TR im Orbit, "
        "diese gestartet."
    )
    # Each alone would fly in full: only the list as a whole tells.
    assert (
        "Warnung"
        not in KINDS["ashes"].describe_orders(
            state, 1, [Flight(source=mine, fi=10, tr=1, target=theirs)], "de", str
        )[0]
    )


def test_cargo_ships_are_loaded_before_the_flights_take_what_is_left() -> None:
    state, mine, theirs = game()
    flight = Flight(source=mine, fi=1, tr=4, target=theirs)
    cargo = CargoFlight(source=mine, cargo=1, count=3, target=theirs)
    fly, load = said(state, 1, [flight, cargo], "en")
    # Ashes 7.2 before 7.3: the cargo flight written second takes its TR first.
    assert load.endswith("→ arrive in turn 2")
    assert fly.endswith(
        "→ 1 FI, 1 TR, arrive in turn 2 — Warning: Flight 1 -> 2: only 1 FI and 1 TR in orbit, "
        "those left."
    )


def test_builds_on_one_planet_share_its_workforce() -> None:
    state, mine, _ = game()
    small, big = said(state, 1, [Production(planet=mine, PDU=2), Production(planet=mine, PDU=50)])
    assert small == f"Bau auf {mine}: 2 PDU → A 240 → 210"
    assert big == (
        f"Bau auf {mine}: 50 PDU → baut 14 PDU: A 210 → 0 — Warnung: Bau auf {mine}: "
        "nur 14 von 50 PDU (zu wenig A für alle Bauaufträge dort)."
    )


def test_spying_and_research_share_the_pp() -> None:
    state, _, _ = game()
    state.player(1).pp = 10
    research, spy = said(state, 1, [Research(pp=5, target="FM"), Spy(planet=3)], "en")
    # Spying is Ashes 7.1, research comes after the combat: the spy pays first.
    assert spy.endswith("→ PP 10 → 3")
    assert research.endswith("→ PP 3 → 0 — Warning: Research FM: only 3 of 5 PP spent.")


def test_the_forecast_is_what_the_evaluation_does() -> None:
    state, mine, theirs = game()
    orders: list[Order] = [
        Flight(source=mine, fi=10, tr=1, target=theirs),
        Flight(source=mine, fi=10, tr=1, target=theirs),
        Production(planet=mine, PDU=2),
        Production(planet=mine, PDU=50),
    ]
    texts = said(state, 1, orders, "en")
    result = KINDS["ashes"].engine.run_turn(state, {1: orders}, turn_dice(state.seed, 1))
    after = result.state
    assert isinstance(after, AshesState)
    flying = next(f for f in after.fleets if f.owner == 1 and f.target == theirs)
    assert (flying.fi, flying.tr, flying.stage) == (15, 2, 0)  # arrives in turn 2
    assert texts[0].endswith("→ arrive in turn 2") and "→ 5 FI, 1 TR" in texts[1]
    built = next(n for n in after.report.notices if n.kind == "built" and n.planet == mine)
    assert built.text == "16 PDU"
    assert texts[2].endswith("→ A 240 → 210") and "builds 14 PDU" in texts[3]


def test_an_order_the_turn_refuses_gets_no_forecast() -> None:
    state, mine, theirs = game()
    (flight,) = said(state, 1, [Flight(source=theirs, fi=1, tr=0, target=mine)])
    assert "→" not in flight and "keine Schiffe im Orbit" in flight
