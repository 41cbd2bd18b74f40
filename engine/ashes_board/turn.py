"""One round of the board game: the phase order of the warehouse cards (B "Phase Order"),
as a table, each phase in its own module."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.ashes_board.battles import battle_phase
from engine.ashes_board.builds import build_phase
from engine.ashes_board.diplomacy import diplomacy_phase, start_choices
from engine.ashes_board.flights import flight_phase
from engine.ashes_board.pirates import pirate_phase
from engine.ashes_board.production import production_phase
from engine.ashes_board.ranking import order_phase
from engine.ashes_board.revolt import become_neutral, growth_phase, revolt_phase
from engine.ashes_board.state import BoardState
from engine.ashes_board.victory import end_of_round
from engine.core import Article, Event, Resign, SeatOrders
from engine.dice import Dice
from engine.plaindata import copy_plain


@dataclass(frozen=True)
class Phase:
    """One line of the phase order: its number, its name (a catalog key) and what runs."""

    number: int
    key: str
    run: Callable[[BoardState, SeatOrders, Dice], None]


PHASES: tuple[Phase, ...] = (
    Phase(1, "diplomacy", lambda s, o, d: diplomacy_phase(s, o)),  # B G4.1
    Phase(2, "turn_order", lambda s, o, d: order_phase(s)),  # B G.4.3
    Phase(3, "building_orders", lambda s, o, d: None),  # B G4.2: sealed in the mail
    Phase(4, "flights", lambda s, o, d: flight_phase(s, o)),  # B G.4.4
    Phase(5, "building", lambda s, o, d: build_phase(s, o)),  # B G.4.5
    Phase(6, "revolts", lambda s, o, d: revolt_phase(s)),  # B E2.4, G.4.6
    Phase(7, "growth", lambda s, o, d: growth_phase(s, d)),  # B G.4.7
    Phase(8, "pirates", lambda s, o, d: pirate_phase(s, d)),  # B G.4.8
    Phase(9, "battles", lambda s, o, d: battle_phase(s, d)),  # B A.4.9
    Phase(10, "production", lambda s, o, d: production_phase(s)),  # B A.4.10
)
"""The phases of a round in the order of the warehouse cards."""


def run_round(state: BoardState, orders: SeatOrders, dice: Dice) -> tuple[BoardState, list[Event]]:
    """The next round from ``state`` (which is not changed): the phases, then the end of
    the round (B 2.6). Players who resign are out before the round."""
    new = copy_plain(replace(state, report=[]))
    new.turn += 1
    events: list[Event] = []
    for seat, given in sorted(orders.items()):
        if seat and any(isinstance(o, Resign) for o in given) and not new.player(seat).out:
            new.player(seat).out = True
            new.say("resigned", owner=seat)
            for planet in new.owned(seat):
                become_neutral(new, planet)
            new.fleets = [f for f in new.fleets if f.owner != seat]
            events.append(Event("player_out", player=seat, data={"turn": new.turn}))
    for seat, given in sorted(orders.items()):
        for order in given:
            if isinstance(order, Article):  # the GM's notices stand at seat 0
                new.say("press", owner=seat, text=order.text.strip())
    start_choices(new, orders)
    for phase in PHASES:
        phase.run(new, orders, dice)
    return new, events + end_of_round(new, dice)
