"""Starweb behind the host's contract (:class:`engine.core.Game`, ``Acknowledging``)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from engine.core import Event, JSONValue, Names, Order, Outlook, SeatRecord, Setup, State
from engine.kind_engine import KindEngine
from engine.starweb import printout, turn, views
from engine.starweb.final import final_report
from engine.starweb.forecast import outlook
from engine.starweb.setup import new_game
from engine.starweb.state import StarwebState
from engine.starweb.warnings import decorate
from engine.views import MapView

CHARACTER, CODE_NAME = "character", "code_name"
"""The seat fields of a Starweb game (``engine.starweb.kind``)."""


class StarwebGame(KindEngine[StarwebState]):
    """The Starweb rules engine (the order language is ``grammar.starweb``)."""

    kind = "starweb"
    title = "Starweb"
    report_schema = views.REPORT_SCHEMA
    state_type = StarwebState

    def new_game(self, setup: Setup, rng: Random) -> StarwebState:
        """Turn 0: the galaxy and the start position (``engine.starweb.setup``: the seats'
        characters in German or English and their code names are read there)."""
        return new_game(setup, rng)

    evaluate = staticmethod(turn.run_turn)
    """Evaluate the next turn (Starweb "Die Bearbeitungsreihenfolge"); players missing
    from ``orders`` are NMR. Articles (``orders[0]`` too) are printed without names."""

    def printout(self, state: State, player: int, lang: str) -> str:
        """The printout of ``player`` (0: the game master) for the state's turn."""
        return printout.printout(self.own(state), player, lang)

    def order_form(self, state: State, seat: int, lang: str) -> str:
        """The prefilled order section of ``seat`` without the password line (the web
        page needs none); empty for a seat that is out or a game that is over."""
        return printout.order_form(self.own(state), seat, lang)

    def map_view(self, state: State, player: int, lang: str) -> MapView:
        """The worlds ``player`` knows, their gates and owners (``engine.starweb.views``)."""
        return views.map_view(self.own(state), player, lang)

    def report_data(self, state: State, player: int, lang: str) -> dict[str, JSONValue]:
        """The printout of ``player`` as data (docs/report-schema.md)."""
        return views.report_data(self.own(state), player, lang)

    def names(self, state: State, lang: str = "de") -> Names:
        """The rulers are the code names; worlds have numbers, no names (``places`` is
        empty: orders and acknowledgements write ``W13``)."""
        return Names(rulers={p.number: p.code_name for p in self.own(state).players}, places={})

    def forecast(
        self, state: State, seat: int, orders: Sequence[Order], lang: str
    ) -> list[Outlook]:
        """What each order will do in the seat's position (``F3: 10 → 5``) and the
        warnings where the position says it will fail (not your key, no gate, too few
        ships …; :mod:`engine.starweb.forecast`). The orders are kept either way."""
        return outlook(self.own(state), seat, orders, lang)

    def warned(self, text: str, warnings: list[str], lang: str) -> str:
        """``text`` followed by its warnings (:func:`engine.starweb.warnings.decorate`)."""
        return decorate(text, warnings, lang)

    def final_report(
        self, state: State, event: Event, seats: Sequence[SeatRecord], lang: str
    ) -> str:
        """The end (Starweb "Was ist Sache?"): scores, ranking overall and per character,
        the end score, the turns played, who left."""
        return final_report(self.own(state), event, seats, lang, self.title)
