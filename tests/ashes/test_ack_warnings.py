"""The Ashes acknowledgement checks each order against the seat's position and says,
in the printout's words, why it will not do what it says (Ashes 6, 7)."""

from __future__ import annotations

from engine.ashes import orders
from engine.ashes.state import AshesState
from engine.core import Order
from tests.dice.games import KINDS, new_game


def said(state: AshesState, seat: int, order: Order, lang: str = "de") -> str:
    acknowledging = KINDS["ashes"].acknowledging
    assert acknowledging is not None
    return acknowledging.describe_order(state, seat, order, lang, str)


def game() -> tuple[AshesState, int, int]:
    """A fresh game, seat 1, one planet of his and one of somebody else's."""
    state = new_game("ashes", 7, 4)
    assert isinstance(state, AshesState)
    mine = state.owned(1)[0].number
    theirs = next(p.number for p in state.planets if p.owner not in (1,))
    return state, mine, theirs


def test_building_and_a_home_planet_on_a_foreign_planet_are_warned_about() -> None:
    state, mine, theirs = game()
    assert "Warnung" not in said(state, 1, orders.Production(planet=mine, PDU=2))
    assert said(state, 1, orders.Production(planet=theirs, PDU=2)).endswith(
        f"— Warnung: Bau auf {theirs}: der Planet gehört Ihnen nicht."
    )
    assert "Warnung" not in said(state, 1, orders.HomePlanet(planet=mine))
    assert f"HP = {theirs}: the planet is not yours." in said(
        state, 1, orders.HomePlanet(planet=theirs), "en"
    )


def test_flights_and_cargo_are_checked_against_the_orbit() -> None:
    state, mine, theirs = game()
    fleet = state.orbit(mine, 1)
    assert fleet is not None
    fleet.fi, fleet.tr = 3, 2
    assert "Warnung" not in said(state, 1, orders.Flight(source=mine, fi=3, tr=2, target=theirs))
    assert "nur 3 FI und 2 TR im Orbit" in said(
        state, 1, orders.Flight(source=mine, fi=5, tr=2, target=theirs)
    )
    assert "keine Schiffe im Orbit" in said(
        state, 1, orders.Flight(source=theirs, fi=1, tr=0, target=mine)
    )
    assert "kein eigener Planet mit eigenem FI" in said(
        state, 1, orders.CargoFlight(source=theirs, cargo=1, count=1, target=mine)
    )
    state.planet(mine).pdu = 10
    assert f"Frachtflug C1 ab {mine}: 2 von 5 Frachtern beladen." in said(
        state, 1, orders.CargoFlight(source=mine, cargo=1, count=5, target=theirs)
    )


def test_pp_pv_and_votes_are_checked() -> None:
    state, _, _ = game()
    state.player(1).pp = 3
    assert "7 PP nötig, 3 PP da" in said(state, 1, orders.Spy(planet=5))
    assert "nur 3 von 5 PP" in said(state, 1, orders.Research(pp=5, target="FM"))
    assert "PV zu Spieler 1 = 2 nicht möglich" in said(state, 1, orders.PVChange(player=1, value=2))
    assert "Warnung" not in said(state, 1, orders.PVChange(player=2, value=2))
    assert "Warnung" not in said(state, 1, orders.VoteRounds(rounds=20))
    state.rounds = 20
    assert "Ihre Stimme zählt nicht mehr" in said(state, 1, orders.VoteRounds(rounds=20))
    state.player(1).out = True
    assert "ausgeschieden" in said(state, 1, orders.PVChange(player=2, value=2))


def test_a_planet_a_smaller_map_has_not_is_named_not_a_traceback() -> None:
    state, mine, _ = game()
    state.planets = state.planets[:30]  # a variant map of 30 planets
    assert said(state, 1, orders.RenamePlanet(planet=35, name="Neu"), "en").endswith(
        "Warning: There is no planet 35."
    )
    assert said(state, 1, orders.Flight(source=mine, fi=1, tr=0, target=35), "en").endswith(
        "Warning: There is no planet 35."
    )
