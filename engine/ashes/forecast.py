"""What each Ashes order will do in the seat's position, or why it will not.

The acknowledgement forecasts a seat's whole order list at once, in the order the turn
carries it out (Ashes 7.1 to 7.4, research after the combat): cargo ships are loaded
(Ashes 7.2) before the flights take what is left in orbit (Ashes 7.3), the flights before
production (Ashes 7.4), whose orders for one planet are built together from its workforce
(A) and goods. So two flights from one orbit that want more ships than are there, or two
builds that want more A than the planet has, are told apart: the later one is cut. The
evaluation's own functions do the loading and the flights, on a copy of the position.

Only what the seat's printout shows goes in: his planets, his orbit fleets, his PP and the
distances of the map. What others do in the same turn (an ally lowering the PV, a war
that changes the PP) is not known and not guessed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ashes import cargo, flights
from engine.ashes.orders import CARGO_LOADS, CargoFlight, Flight, Production, Research, Spy
from engine.ashes.printout import notice_text
from engine.ashes.production import build
from engine.ashes.rules import SPY_COST, a_cost
from engine.ashes.state import AshesState, copy_state
from engine.ashes.texts import NOTICES, TEXTS
from engine.ashes.warnings import no_planet, out, warnings
from engine.ashesmap.galaxy import load_galaxy
from engine.core import Order, Outlook

WORDS = TEXTS.section("forecast.")
"""The forecasts' words."""

PHASE: dict[type[Order], int] = {CargoFlight: 2, Flight: 3, Production: 4, Research: 5}
"""When the turn carries out an order (Ashes 7.2 to 7.4, research after the combat);
everything else is Ashes 7.1."""


def outlook(state: AshesState, seat: int, orders: Sequence[Order], lang: str) -> list[Outlook]:
    """One :class:`Outlook` per order of ``seat``'s list, as things stand in ``state``."""
    if seat not in {p.number for p in state.players}:
        return [Outlook() for _ in orders]
    if state.player(seat).out:
        return [Outlook(warnings=out(lang)) for _ in orders]
    return _Turn(state, seat, lang).run(orders)


class _Turn:
    """The seat's side of the coming turn, on a copy of the position."""

    def __init__(self, state: AshesState, seat: int, lang: str) -> None:
        self.before = state
        self.state = copy_state(state)
        self.seat, self.lang = seat, lang
        self.galaxy = load_galaxy(state.galaxy_text)
        self.pp = state.player(seat).pp

    def run(self, orders: Sequence[Order]) -> list[Outlook]:
        found = [Outlook() for _ in orders]
        order_of_turn = sorted(range(len(orders)), key=lambda i: PHASE.get(type(orders[i]), 1))
        # Ashes 7.4 builds all of a planet's orders at once: the group at the first.
        builds = [(i, o) for i, o in enumerate(orders) if isinstance(o, Production)]
        for i in order_of_turn:
            match orders[i]:
                case Production():
                    self.production(builds, found)
                    builds = []
                case CargoFlight() as o:
                    found[i] = self.cargo(o)
                case Flight() as o:
                    found[i] = self.flight(o)
                case Spy() as o:
                    found[i] = self.spy(o)
                case Research() as o:
                    found[i] = self.research(o)
                case o:
                    found[i] = Outlook(warnings=warnings(self.before, self.seat, o, self.lang))
        return found

    def say(self, key: str, **params: object) -> str:
        return WORDS.say(self.lang, key, **params)

    def missing(self, *numbers: int) -> list[str]:
        """The warning for the first planet number the galaxy has not, if any."""
        for number in numbers:
            if not 1 <= number <= len(self.state.planets):
                return no_planet(number, self.lang)
        return []

    def notices(self, since: int) -> list[str]:
        """The printout's words for the notices the evaluation added since ``since``."""
        added = self.state.report.notices[since:]
        return [notice_text(self.state, item, self.lang) for item in added]

    def arrival(self, source: int, target: int) -> int:
        """The turn ships sent now arrive (Ashes 7.3: class 0 in this turn)."""
        return self.before.turn + 1 + self.galaxy.distance(source, target)

    # Ashes 6.3.5, 7.2: whole loads of what the planet has, on TR in orbit.
    def cargo(self, o: CargoFlight) -> Outlook:
        if missing := self.missing(o.source, o.target):
            return Outlook(warnings=missing)
        since = len(self.state.report.notices)
        convoys = len(self.state.cargo)
        cargo.load(self.state, self.galaxy, self.seat, o)
        if len(self.state.cargo) == convoys:
            return Outlook(warnings=self.notices(since))
        count = self.state.cargo[-1].count
        what, per_ship = CARGO_LOADS[o.cargo]
        turn = self.arrival(o.source, o.target)
        said = (
            self.say("arrive", turn=turn)
            if count == o.count
            else self.say("cargo", count=count, amount=count * per_ship, what=what, turn=turn)
        )
        return Outlook(said, self.notices(since))

    # Ashes 6.2.1, 7.3: ships in orbit fly; an order for more sends those there are.
    def flight(self, o: Flight) -> Outlook:
        if missing := self.missing(o.source, o.target):
            return Outlook(warnings=missing)
        fleet = self.state.orbit(o.source, self.seat)
        fi, tr = min(o.fi, fleet.fi if fleet else 0), min(o.tr, fleet.tr if fleet else 0)
        since = len(self.state.report.notices)
        # What the owner of the source does to the alliance this turn is not known.
        flights.fly(self.state, self.galaxy, self.seat, o, set())
        if fleet is None or fi + tr == 0:
            return Outlook(warnings=self.notices(since))
        turn = self.arrival(o.source, o.target)
        if (fi, tr) == (o.fi, o.tr):
            return Outlook(self.say("arrive", turn=turn))
        return Outlook(self.say("flight", fi=fi, tr=tr, turn=turn), self.notices(since))

    # Ashes 6.3.4, 7.1: spying costs 7 PP.
    def spy(self, o: Spy) -> Outlook:
        if not 1 <= o.planet <= len(self.state.planets) or self.pp < SPY_COST:
            notice = NOTICES.say(self.lang, "spy_rejected", planet_no=o.planet, number=self.pp)
            return Outlook(warnings=[notice])
        return Outlook(self.spend(SPY_COST))

    # Ashes 6.3.4: research spends the PP there are; PR needs a planet.
    def research(self, o: Research) -> Outlook:
        pp = min(o.pp, max(0, self.pp))
        if o.target == "PR" and (o.planet is None or self.missing(o.planet)):
            pp = 0
        cut = [] if pp >= o.pp else [self.cut_research(o, pp)]
        return Outlook(self.spend(pp) if pp > 0 else None, cut)

    def cut_research(self, o: Research, pp: int) -> str:
        return NOTICES.say(self.lang, "research_cut", number=pp, other=o.pp, item=o.target)

    def spend(self, pp: int) -> str:
        before, self.pp = self.pp, self.pp - pp
        return self.say("pp", before=before, after=self.pp)

    # Ashes 7.4: a planet's orders are built together, in the order PDU..TR, from its A
    # and goods; each order is given its items in the order written.
    def production(self, builds: list[tuple[int, Production]], found: list[Outlook]) -> None:
        by_planet: dict[int, list[tuple[int, Production]]] = {}
        for i, o in builds:
            if missing := self.missing(o.planet):
                found[i] = Outlook(warnings=missing)
            elif self.state.planet(o.planet).owner != self.seat:
                notice = NOTICES.say(self.lang, "build_not_owner", planet_no=o.planet)
                found[i] = Outlook(warnings=[notice])
            else:
                by_planet.setdefault(o.planet, []).append((i, o))
        for number, orders in by_planet.items():
            planet = self.state.planet(number)
            wanted: dict[str, int] = {}
            for _, o in orders:
                for item, n in o.items().items():
                    wanted[item] = wanted.get(item, 0) + n
            a = planet.a
            built = build(planet, wanted, self.state.options)
            left = dict(built.items)
            for i, o in orders:
                got = {item: min(n, left.get(item, 0)) for item, n in o.items().items()}
                for item, n in got.items():
                    left[item] = left.get(item, 0) - n
                found[i] = self.built(o, got, a, built.short)
                a -= sum(n * a_cost(item, self.state.options) for item, n in got.items())

    def built(self, o: Production, got: dict[str, int], a: int, short: list[str]) -> Outlook:
        """One build order's share: the A it takes, and what was cut."""
        cost = sum(n * a_cost(item, self.state.options) for item, n in got.items())
        wanted = o.items()
        if got == wanted:  # built in full: what it builds is the order itself
            return Outlook(self.say("build_all", before=a, after=a - cost) if wanted else None)
        items = ", ".join(f"{n} {item}" for item, n in got.items() if n)
        said = self.say("build", items=items, before=a, after=a - cost) if items else None
        cut = [
            self.say("cut_item", built=n, wanted=wanted[item], item=item)
            for item, n in got.items()
            if n < wanted[item]
        ]
        warning = self.say(
            "build_cut", planet=o.planet, items=", ".join(cut), short=", ".join(short)
        )
        return Outlook(said, [warning])
