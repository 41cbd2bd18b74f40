"""The Welt der Waben engine: a GM-adjudicated game whose GM rules on open items
(engine.core.Ruled). The server computes the month from the state, the orders, the
GM's rulings and the named dice; the GM's narrative is appended to the printouts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from engine.calculating import CalculatorForm
from engine.core import (
    NEUTRAL,
    Article,
    Event,
    ForecastAcknowledging,
    JSONValue,
    Names,
    Order,
    Outlook,
    RuledGame,
    Ruling,
    SeatOrders,
    SeatRecord,
    Setup,
    State,
    TurnResult,
)
from engine.dice import Dice
from engine.kind_engine import OwnStates
from engine.plaindata import copy_plain
from engine.views import MapView
from engine.wdw import maploading, views
from engine.wdw.calculators.forms import answer, forms
from engine.wdw.checks_conquest import fields_held
from engine.wdw.dossier import dossier, open_lines
from engine.wdw.forecast import forecast, standing
from engine.wdw.items import Finding, find_items
from engine.wdw.mapfile import MapError
from engine.wdw.month import LAPSED, Month
from engine.wdw.morale import bukaz_words
from engine.wdw.phases import PHASES
from engine.wdw.phases.ordered import refused
from engine.wdw.printout import note_text, printout
from engine.wdw.ruling_mail import RulingMail
from engine.wdw.rulings import check
from engine.wdw.setup import new_state, options_of
from engine.wdw.state import Report, WdwState
from engine.wdw.texts import played_month, say
from engine.wdw.views import REPORT_SCHEMA


class WdwGame(ForecastAcknowledging, RuledGame, OwnStates[WdwState]):
    """The engine of the kind ``wdw``."""

    kind = "wdw"
    title = "Welt der Waben"
    report_schema = REPORT_SCHEMA
    state_type = WdwState
    map_option = "map"
    """The GM's map file's text at setup (engine.mapfiles.MapFiles; D1)."""

    def map_view(self, state: State, player: int, lang: str) -> MapView:
        """The known map of ``player`` (engine.views.Charting)."""
        return views.map_view(self.own(state), player, lang)

    def report_data(self, state: State, player: int, lang: str) -> dict[str, JSONValue]:
        """The JSON twin of ``player``'s printout (engine.views.Reporting)."""
        return views.report_data(self.own(state), player, lang)

    def load_map(self, state: State, text: str) -> WdwState:
        """``state`` on the map file ``text`` (engine.mapfiles.MapFiles): MapError names
        the line of its first problem, or what stands on a field it lacks."""
        return maploading.load_map(self.own(state), text)

    def map_correction(self, text: str) -> str:
        """The correction that loads the map file ``text`` into a running game."""
        return maploading.map_correction(text)

    def new_game(self, setup: Setup, rng: Random) -> WdwState:
        """Turn 0 of the scenario: its realms for the seats, on its map or the GM's
        (engine.wdw.setup); ValueError for an option or a map that cannot be used."""
        return new_state(setup)

    def draft(
        self, state: State, orders: SeatOrders, given: Sequence[Ruling], dice: Dice
    ) -> TurnResult:
        """The month from the state, the orders, the GM's rulings ``given`` and the named
        dice: every phase in order (engine.wdw.phases); the printouts' state before the
        GM's narrative."""
        old = self.own(state)
        checked = standing(old, orders)  # a refused order is void (D37)
        orders = checked.orders
        items = find_items(old, orders, given)
        new = copy_plain(old)
        new.notes, new.reports, new.ledger = [], [], []
        # The newspaper: the GM's notices (seat 0) first, then the realms' articles.
        new.news = [
            order.text.strip()
            for _seat, given in sorted(orders.items())
            for order in given
            if isinstance(order, Article) and order.text.strip()
        ]
        month = Month(
            new,
            orders,
            items,
            given,
            dice,
            options_of(old),
            origins={u.key: u.kf for u in old.units},
        )
        for seat, order, refusal in checked.void:  # the printout says why, as the ack did
            refused(month, seat, order, refusal)
        for _name, phase in PHASES:
            phase(month)
        events = [Event("game_over", data={"turn": new.turn})] if new.over else []
        return TurnResult(state=new, events=events, rolls=dice.log)

    def forecast(
        self, state: State, seat: int, orders: Sequence[Order], lang: str
    ) -> list[Outlook]:
        """Each of ``seat``'s orders in words, checked against what the realm knows after
        the orders before it, with what it costs (engine.wdw.forecast)."""
        return forecast(self.own(state), seat, orders, lang)

    def warned(self, text: str, warnings: list[str], lang: str) -> str:
        """``text`` followed by each warning in brackets."""
        return text + "".join(f" ({w})" for w in warnings)

    def printout(self, state: State, player: int, lang: str) -> str:
        """The printout of ``player`` (0: the GM's overview; engine.wdw.printout)."""
        return printout(self.own(state), player, lang)

    def names(self, state: State, lang: str = "de") -> Names:
        """The realms' names by seat; the fields have ids, no names."""
        s = self.own(state)
        return Names(rulers={r.seat: r.name for r in s.realms}, places={})

    def final_report(
        self, state: State, event: Event, seats: Sequence[SeatRecord], lang: str
    ) -> str:
        """The end (design §7): each realm's months played, fields held, settlements and
        their BWP, its units' Stärke, treasury and BükAz."""
        s = self.own(state)
        month, year = played_month(s)
        lines = [say(lang, "final.head", game=s.game, month=month, year=year)]
        played = say(lang, "count.months", n=s.turn)
        for realm in s.realms:
            places = [p for p in s.settlements if p.owner == realm.seat]
            units = [u for u in s.units if u.realm == realm.seat]
            line = say(
                lang,
                "final.realm",
                realm=realm,
                played=played,
                fields=say(lang, "count.fields", n=len(fields_held(s, realm.seat))),
                settlements=say(lang, "count.settlements", n=len(places)),
                bwp=sum(p.bwp() for p in places),
                units=say(lang, "count.units", n=len(units)),
                melee=sum(u.size * u.nahkampf for u in units),
                ranged=sum(u.size * u.fernkampf for u in units),
                bukaz=bukaz_words(realm.bukaz, options_of(s), lang),
            )
            lines.append(line)
        return "\n".join(lines) + "\n"

    # -- adjudicated
    def dossier(self, state: State, orders: SeatOrders, lang: str) -> str:
        """The GM's dossier: every realm's checked orders and the open items with the
        ruling form (engine.wdw.dossier)."""
        s = self.own(state)
        kept = standing(s, orders).orders  # part A lists every order, the rest only these
        finding = Finding.of(s)  # what the ruling form's finding builds on (form_lines)
        items = find_items(s, kept, (), finding.record, finding.scene)
        return dossier(s, orders, kept, items, lang, finding)

    def apply_reports(self, state: State, reports: Mapping[int, str]) -> TurnResult:
        """The GM's narrative appended to the draft's printouts (the turn stays)."""
        new = copy_plain(self.own(state))
        new.reports = [
            Report(seat, text) for seat, text in sorted(reports.items()) if seat != NEUTRAL
        ]
        return TurnResult(state=new)

    def check_correction(self, state: State, ruling: Ruling, lang: str) -> str:
        """Why the correction cannot be taken: a map (``Karte <file>``) that does not load
        or fit (engine.wdw.maploading), else the forms of engine.wdw.rulings."""
        s = self.own(state)
        map_text = maploading.map_text_of(ruling.text)
        if map_text is None:
            return check(s, find_items(s, {}), ruling, lang)
        try:
            maploading.load_map(s, map_text)
        except MapError as exc:
            return say(lang, "ruling.bad_map", reason=str(exc))
        return ""

    def check_item(
        self, state: State, orders: SeatOrders, given: Sequence[Ruling], ruling: Ruling, lang: str
    ) -> str:
        """Why the ruling on an open item cannot be taken (engine.wdw.rulings); a meeting
        of the dossier that the rulings before it did away with (an E answer that sends a
        side back, Tab. 6.1-1) is said to lapse, not to be unknown."""
        return self.check_rulings(state, orders, given, [ruling], lang)[0]

    def check_rulings(
        self,
        state: State,
        orders: SeatOrders,
        given: Sequence[Ruling],
        rulings: Sequence[Ruling],
        lang: str,
    ) -> list[str]:
        """Each ruling of a GM's mail checked as :meth:`check_ruling` after ``given`` and
        the ones before it that are taken, the month found a few times for the whole
        mail (engine.wdw.ruling_mail)."""
        s = self.own(state)
        kept = standing(s, orders).orders  # a refused order is void (D37)
        mail = RulingMail(s, kept, given)
        return mail.answers(rulings, lang, lambda r: self.check_ruling(s, orders, (), r, lang))

    def lapsed_rulings(self, drafted: State, lang: str) -> list[str]:
        """The items whose rulings the drafted month could not apply (a storm or siege
        whose units the combats drove off), as the GM's overview says them."""
        notes = self.own(drafted).notes
        return [note_text(n, lang) for n in notes if n.seat == NEUTRAL and n.key.startswith(LAPSED)]

    def open_items(
        self, state: State, orders: SeatOrders, given: Sequence[Ruling], lang: str
    ) -> list[str]:
        """The items of the month still without a ruling after ``given``, one line each."""
        s = self.own(state)
        return open_lines(find_items(s, standing(s, orders).orders, given), given, lang)

    # -- calculators (engine.calculating.Calculating)
    def calculators(self, state: State, seat: int | None, lang: str) -> Sequence[CalculatorForm]:
        """The calculators ``seat`` may use (None: the GM, all six; a realm: economy,
        unit designer, movement), their fields filled with useful defaults."""
        return forms(self.own(state), seat, lang)

    def calculate(
        self,
        state: State,
        seat: int | None,
        key: str,
        params: Mapping[str, str],
        lang: str,
    ) -> str:
        """The answer of calculator ``key``, computed from what ``seat`` knows."""
        return answer(self.own(state), seat, key, params, lang)
