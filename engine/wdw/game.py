"""The Welt der Waben engine: a GM-adjudicated game whose GM rules on open items
(engine.core.Ruled). The server computes the month from the state, the orders, the
GM's rulings and the named dice; the GM's narrative is appended to the printouts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from engine.core import (
    CORRECTION,
    NEUTRAL,
    Event,
    JSONValue,
    Names,
    Order,
    PlanetNamer,
    Ruling,
    SeatRecord,
    Setup,
    State,
    TurnResult,
)
from engine.dice import Dice
from engine.plaindata import copy_plain
from engine.views import MapView
from engine.wdw import maploading, views
from engine.wdw.dossier import dossier, open_lines
from engine.wdw.forecast import forecast
from engine.wdw.items import find_items
from engine.wdw.mapfile import MapError
from engine.wdw.month import Month
from engine.wdw.phases import PHASES
from engine.wdw.printout import printout
from engine.wdw.rulings import check
from engine.wdw.setup import new_state, options_of
from engine.wdw.state import Report, WdwState
from engine.wdw.texts import say
from engine.wdw.views import REPORT_SCHEMA


def _wdw(state: State) -> WdwState:
    if not isinstance(state, WdwState):
        raise TypeError(f"not a Welt der Waben state: {type(state).__name__}")
    return state


class WdwGame:
    """The engine of the kind ``wdw``."""

    kind = "wdw"
    title = "Welt der Waben"
    report_schema = REPORT_SCHEMA
    map_option = "map"
    """The GM's map file's text at setup (engine.mapfiles.MapFiles; D1)."""

    def map_view(self, state: State, player: int, lang: str) -> MapView:
        """The known map of ``player`` (engine.views.Charting)."""
        return views.map_view(_wdw(state), player, lang)

    def report_data(self, state: State, player: int, lang: str) -> dict[str, JSONValue]:
        """The JSON twin of ``player``'s printout (engine.views.Reporting)."""
        return views.report_data(_wdw(state), player, lang)

    def load_map(self, state: State, text: str) -> WdwState:
        """``state`` on the map file ``text`` (engine.mapfiles.MapFiles): MapError names
        the line of its first problem, or what stands on a field it lacks."""
        return maploading.load_map(_wdw(state), text)

    def map_correction(self, text: str) -> str:
        """The correction that loads the map file ``text`` into a running game."""
        return maploading.map_correction(text)

    def new_game(self, setup: Setup, rng: Random) -> WdwState:
        return new_state(setup)

    def run_turn(
        self, state: State, orders: Mapping[int, Sequence[Order]], dice: Dice
    ) -> TurnResult:
        """The month with no rulings yet (every open item at its default): the GM's
        preview before the deadline."""
        return self.draft(state, orders, [], dice)

    def draft(
        self,
        state: State,
        orders: Mapping[int, Sequence[Order]],
        given: Sequence[Ruling],
        dice: Dice,
    ) -> TurnResult:
        old = _wdw(state)
        items = find_items(old, orders)
        new = copy_plain(old)
        new.notes, new.reports = [], []
        month = Month(
            new,
            orders,
            items,
            given,
            dice,
            options_of(old),
            origins={u.key: u.kf for u in old.units},
        )
        for _name, phase in PHASES:
            phase(month)
        events = [Event("game_over", data={"turn": new.turn})] if new.over else []
        return TurnResult(state=new, events=events, rolls=dice.log)

    def describe_orders(
        self,
        state: State,
        seat: int,
        orders: Sequence[Order],
        lang: str,
        place_name: PlanetNamer,
    ) -> list[str]:
        """Each of ``seat``'s orders in words, checked against what the realm knows after
        the orders before it, with what it costs (engine.wdw.forecast; AcknowledgingAll)."""
        return forecast(_wdw(state), seat, orders, lang)

    def describe_order(
        self, state: State, seat: int, order: Order, lang: str, place_name: PlanetNamer
    ) -> str:
        """The order alone in words for ``seat`` (:meth:`describe_orders`)."""
        return forecast(_wdw(state), seat, [order], lang)[0]

    def printout(self, state: State, player: int, lang: str) -> str:
        return printout(_wdw(state), player, lang)

    def state_from_json(self, data: Mapping[str, JSONValue]) -> WdwState:
        return WdwState.from_json(data)

    def names(self, state: State, lang: str = "de") -> Names:
        s = _wdw(state)
        return Names(rulers={r.seat: r.name for r in s.realms}, places={})

    def final_report(
        self, state: State, event: Event, seats: Sequence[SeatRecord], lang: str
    ) -> str:
        s = _wdw(state)
        lines = [say(lang, "final.head", game=s.game, month=s.month, year=s.year)]
        for realm in s.realms:
            places = [p for p in s.settlements if p.owner == realm.seat]
            lines.append(
                say(
                    lang,
                    "final.realm",
                    name=realm.name,
                    seat=realm.seat,
                    fields=len(realm.known),
                    settlements=len(places),
                    bwp=sum(p.bwp() for p in places),
                    treasury=realm.treasury,
                )
            )
        return "\n".join(lines) + "\n"

    # -- adjudicated
    def dossier(self, state: State, orders: Mapping[int, Sequence[Order]], lang: str) -> str:
        s = _wdw(state)
        return dossier(s, orders, find_items(s, orders), lang)

    def apply_reports(self, state: State, reports: Mapping[int, str]) -> TurnResult:
        """The GM's narrative appended to the draft's printouts (the turn stays)."""
        new = copy_plain(_wdw(state))
        new.reports = [
            Report(seat, text) for seat, text in sorted(reports.items()) if seat != NEUTRAL
        ]
        return TurnResult(state=new)

    def check_ruling(
        self,
        state: State,
        orders: Mapping[int, Sequence[Order]],
        given: Sequence[Ruling],
        ruling: Ruling,
        lang: str,
    ) -> str:
        s = _wdw(state)
        map_text = maploading.map_text_of(ruling.text) if ruling.item == CORRECTION else None
        if map_text is not None:
            try:
                maploading.load_map(s, map_text)
            except MapError as exc:
                return say(lang, "ruling.bad_map", reason=str(exc))
            return ""
        return check(s, find_items(s, orders), ruling, lang)

    def open_items(
        self,
        state: State,
        orders: Mapping[int, Sequence[Order]],
        given: Sequence[Ruling],
        lang: str,
    ) -> list[str]:
        s = _wdw(state)
        return open_lines(find_items(s, orders), given, lang)
