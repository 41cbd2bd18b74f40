"""Ashes of Empire behind the host's contract (:class:`engine.core.Game`)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from engine.ashes.forecast import outlook
from engine.ashes.gnp import gnp_table
from engine.ashes.orders import RenamePlanet
from engine.ashes.printout import order_form, printout, ruler
from engine.ashes.setup import new_game
from engine.ashes.state import AshesState
from engine.ashes.texts import HALL_OF_FAME, ORDER_FORM, SEAT_STATUS
from engine.ashes.turn import run_turn
from engine.ashes.views import REPORT_SCHEMA, map_view, report_data
from engine.ashes.warnings import decorate
from engine.core import (
    Event,
    JSONValue,
    Names,
    Order,
    Outlook,
    PlanetNamer,
    SeatRecord,
    Setup,
    State,
    departures,
)
from engine.kind_engine import KindEngine, web_order_form
from engine.views import MapView


class AshesGame(KindEngine[AshesState]):
    """The Ashes of Empire rules engine (the order language is ``grammar.ashes``)."""

    kind = "ashes"
    title = "The Ashes of Empire"
    report_schema = REPORT_SCHEMA
    state_type = AshesState

    def new_game(self, setup: Setup, rng: Random) -> AshesState:
        """Turn 0, the start position (Ashes 3.2); it needs no chance, ``rng`` is unused."""
        state = new_game(setup)
        state.report.gnp = gnp_table(state)
        return state

    evaluate = staticmethod(run_turn)
    """Evaluate the next turn (Ashes 7.1-7.11); players missing from ``orders`` are NMR.

    The Galactic Media (articles, the GM's notices at ``orders[NEUTRAL]``, the
    evaluation's notices) is part of the new state and printed in every printout.
    """

    def printout(self, state: State, player: int, lang: str) -> str:
        """The printout of ``player`` (0: the game master) for the state's turn."""
        return printout(self.own(state), player, lang)

    def order_form(self, state: State, seat: int, lang: str) -> str:
        """The Befehlsbogen of ``seat`` for the next turn without the password line (the
        web page needs none); empty for a seat that is out or a game that is over."""
        ashes = self.own(state)
        if ashes.finished or not 1 <= seat <= len(ashes.players) or ashes.player(seat).out:
            return ""
        return web_order_form(order_form(ashes, seat, lang), ORDER_FORM.say(lang, "password"))

    def forecast(
        self, state: State, seat: int, orders: Sequence[Order], lang: str
    ) -> list[Outlook]:
        """What each order will do in the seat's position (``arrive in turn 5``,
        ``A 240 → 210``) and the warnings in the printout's words where the position
        refuses or cuts it (:mod:`engine.ashes.forecast`)."""
        return outlook(self.own(state), seat, orders, lang)

    def warned(self, text: str, warnings: list[str], lang: str) -> str:
        """``text`` followed by its warnings (:func:`engine.ashes.warnings.decorate`)."""
        return decorate(text, warnings, lang)

    def worded(
        self, state: State, seat: int, order: Order, lang: str, place_name: PlanetNamer
    ) -> str:
        """The order in its words; a rename of a planet the seat does not own takes
        effect on conquest (Ashes 6.3.3)."""
        if isinstance(order, RenamePlanet) and _foreign(self.own(state), seat, order.planet):
            return order.describe_on_conquest(lang, place_name)
        return order.describe(lang, place_name)

    def map_view(self, state: State, player: int, lang: str) -> MapView:
        """The galaxy as ``player`` knows it (see :mod:`engine.ashes.views`)."""
        return map_view(self.own(state), player, lang)

    def report_data(self, state: State, player: int, lang: str) -> dict[str, JSONValue]:
        """The printout of ``player`` as data (docs/report-schema.md)."""
        return report_data(self.own(state), player, lang)

    def names(self, state: State, lang: str = "de") -> Names:
        """Ruler names as the printouts show them and the planets' current names."""
        return _names(self.own(state), lang)

    def final_report(
        self, state: State, event: Event, seats: Sequence[SeatRecord], lang: str
    ) -> str:
        """The Hall of Fame (Ashes 4.5, 7.11) for the GM.

        The final GNP table with ranks and planets, the winners and the turns played (from
        the ``game_over`` event), and every occupant who left the game or was replaced.
        """
        return hall_of_fame(self.own(state), event, seats, lang, self.title)


def hall_of_fame(
    state: AshesState, event: Event, seats: Sequence[SeatRecord], lang: str, title: str
) -> str:
    """The text of :meth:`AshesGame.final_report`."""
    rulers = _names(state, lang).rulers
    data = event.data
    winners = [int(w) for w in data.get("winners", [])]
    lines = [
        HALL_OF_FAME.say(lang, "head", game=state.game, title=title),
        "",
        HALL_OF_FAME.say(
            lang,
            "end",
            turn=data.get("turn", state.turn),
            rounds=data.get("rounds") or "-",
            reason=data.get("reason", ""),
        ),
        HALL_OF_FAME.say(
            lang,
            "winners",
            winners=", ".join(
                HALL_OF_FAME.say(lang, "winner", ruler=rulers.get(w, w), seat=w) for w in winners
            )
            or "-",
        ),
        "",
        HALL_OF_FAME.say(lang, "table"),
    ]
    for place, row in enumerate(data.get("gnp", []), start=1):
        seat = int(row["player"])
        ranks = " ".join(str(r) for r in row.get("ranks", []))
        lines.append(
            f"{place:>4}  {seat:>6}  {rulers.get(seat, '?')[:20]:<20} {row.get('planets', 0):>8}  "
            f"{row.get('gnp_text', '')}  {ranks}"
        )
    lines += departures(seats, lang, HALL_OF_FAME, SEAT_STATUS)
    return "\n".join(lines) + "\n"


def _names(state: AshesState, lang: str) -> Names:
    return Names(
        rulers={p.number: ruler(state, p.number, lang) for p in state.players},
        places={p.number: p.name for p in state.planets},
    )


def _foreign(state: AshesState, seat: int, planet: int) -> bool:
    """Planet ``planet`` exists and is not ``seat``'s."""
    return 1 <= planet <= len(state.planets) and state.planet(planet).owner != seat
