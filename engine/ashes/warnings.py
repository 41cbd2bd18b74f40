"""What an acknowledgement warns about an Ashes order, with the position in view.

The evaluation refuses or cuts an order the position does not allow, and says so in the
printout's notices (Ashes 7); the acknowledgement tells the player in time, in the same
words. Each order is checked alone against the position before the turn, as the
player's printout shows it: his planets, his orbit fleets, his PP, who is still in the
game — never what he cannot see (other players' figures, fleets, PP or votes). The
order is kept either way: the evaluation decides.
"""

from __future__ import annotations

from engine.ashes.orders import (
    CARGO_LOADS,
    CargoFlight,
    Flight,
    HomePlanet,
    Production,
    PVChange,
    Research,
    Spy,
    VoteEnd,
    VoteExtension,
    VoteRounds,
    VoteRule,
)
from engine.ashes.rules import SPY_COST
from engine.ashes.state import AshesState
from engine.ashes.texts import NOTICES, TEXTS
from engine.core import Order

WORDS = TEXTS.section("warnings.")
"""The warnings' own words (the rest are the printout's notices)."""

_STOCK = {"A": "a", "PDU": "pdu", "FP": "fp", "OP": "op", "RP": "rp"}
_STOCK |= {"FUEL": "fuel", "ORE": "ore", "RARE": "rare", "FY": "fy", "TY": "ty"}
"""The planet's figure a cargo ship's load comes from (Ashes 6.3.5)."""


def warnings(state: AshesState, seat: int, order: Order, lang: str) -> list[str]:
    """Why ``seat``'s ``order`` will not do (all) it says, as things stand in ``state``
    (empty: it will, as far as the seat's printout can tell)."""
    if seat not in {p.number for p in state.players}:
        return []
    if state.player(seat).out:  # Ashes 2: the orders of a player out do not count
        return [WORDS.say(lang, "out")]
    return _Checks(state, seat, lang).of(order)


def decorate(text: str, found: list[str], lang: str) -> str:
    """``text`` followed by its warnings: ``HP = 9 — Warnung: …``."""
    if not found:
        return text
    return f"{text} — {WORDS.say(lang, 'warning')}: " + " ".join(found)


class _Checks:
    """One seat's view of the position, asked about one order at a time."""

    def __init__(self, state: AshesState, seat: int, lang: str) -> None:
        self.state, self.seat, self.lang = state, seat, lang

    def of(self, order: Order) -> list[str]:
        match order:
            case Production():
                return self.production(order)
            case HomePlanet():
                return self.home(order)
            case Flight():
                return self.flight(order)
            case CargoFlight():
                return self.cargo(order)
            case PVChange():
                return self.pv(order)
            case Spy():
                return self.spy(order)
            case Research():
                return self.research(order)
            case VoteRounds():
                return self.vote_rounds()
            case VoteExtension() | VoteEnd() | VoteRule():
                return []
        return []

    def notice(self, key: str, **params: object) -> list[str]:
        return [NOTICES.say(self.lang, key, **params)]

    def unless(self, holds: bool, key: str, **params: object) -> list[str]:
        """No warning if ``holds``; else the printout's notice ``key``."""
        return [] if holds else self.notice(key, **params)

    def exists(self, number: int) -> bool:
        return 1 <= number <= len(self.state.planets)

    def no_planet(self, number: int) -> list[str]:
        return [WORDS.say(self.lang, "no_planet", n=number)]

    def own(self, number: int) -> bool:
        return self.exists(number) and self.state.planet(number).owner == self.seat

    # Ashes 7.4: only the owner's build orders count.
    def production(self, o: Production) -> list[str]:
        if not self.exists(o.planet):
            return self.no_planet(o.planet)
        return self.unless(self.own(o.planet), "build_not_owner", planet_no=o.planet)

    # Ashes 6.3.2: the home planet must be one's own.
    def home(self, o: HomePlanet) -> list[str]:
        return self.unless(self.own(o.planet), "hp_rejected", planet_no=o.planet)

    # Ashes 6.2.1: only ships in orbit fly; an order for more sends those there are.
    def flight(self, o: Flight) -> list[str]:
        for number in (o.source, o.target):
            if not self.exists(number):
                return self.no_planet(number)
        fleet = self.state.orbit(o.source, self.seat)
        fi, tr = min(o.fi, fleet.fi if fleet else 0), min(o.tr, fleet.tr if fleet else 0)
        if fleet is None or fi + tr == 0:
            return self.notice("flight_failed", planet_no=o.source, other=o.target)
        return self.unless(
            (fi, tr) == (o.fi, o.tr),
            "flight_cut",
            planet_no=o.source,
            other=o.target,
            number=fi,
            item=str(tr),
        )

    # Ashes 6.3.5: an own planet with an own FI in orbit; whole loads of what is there.
    def cargo(self, o: CargoFlight) -> list[str]:
        for number in (o.source, o.target):
            if not self.exists(number):
                return self.no_planet(number)
        fleet = self.state.orbit(o.source, self.seat)
        item = f"C{o.cargo}"
        if not self.own(o.source) or fleet is None or fleet.fi < 1:
            return self.notice("cargo_no_control", planet_no=o.source, item=item)
        what, per_ship = CARGO_LOADS[o.cargo]
        stock = getattr(self.state.planet(o.source), _STOCK[what])
        count = max(0, min(o.count, fleet.tr, stock // per_ship))
        return self.unless(
            count >= o.count,
            "cargo_cut",
            planet_no=o.source,
            item=item,
            number=count,
            other=o.count,
        )

    # Ashes 6.3.1: PV to another player still in the game, 0, 1 or 2.
    def pv(self, o: PVChange) -> list[str]:
        seats = {p.number for p in self.state.active()}
        valid = o.player != self.seat and o.player in seats and o.value in (0, 1, 2)
        return self.unless(valid, "pv_rejected", other=o.player, number=o.value)

    # Ashes 6.3.4: spying costs 7 PP.
    def spy(self, o: Spy) -> list[str]:
        pp = self.state.player(self.seat).pp
        valid = self.exists(o.planet) and pp >= SPY_COST
        return self.unless(valid, "spy_rejected", planet_no=o.planet, number=pp)

    # Ashes 6.3.4: research spends the PP there are; PR needs a planet.
    def research(self, o: Research) -> list[str]:
        pp = min(o.pp, max(0, self.state.player(self.seat).pp))
        if o.target == "PR" and (o.planet is None or not self.exists(o.planet)):
            pp = 0
        return self.unless(pp >= o.pp, "research_cut", number=pp, other=o.pp, item=o.target)

    # Ashes 2.1: the rounds vote counts with the first orders only.
    def vote_rounds(self) -> list[str]:
        return self.unless(self.state.rounds is None, "vote_late")
