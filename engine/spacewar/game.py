"""Spacewar behind the host's contract (:class:`engine.core.Game`, ``Stepped``,
``AcknowledgingAll``, ``PrefilledOrders``, ``Charting``, ``Reporting``)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from engine.core import Event, JSONValue, Names, Order, Outlook, SeatRecord, Setup, State
from engine.kind_engine import KindEngine
from engine.spacewar import printout, views
from engine.spacewar.forecast import outlook
from engine.spacewar.setup import new_game
from engine.spacewar.state import SpacewarState
from engine.spacewar.texts import TEXTS
from engine.spacewar.turn import run_step
from engine.spacewar.victory import income, worlds_of
from engine.views import MapView


class SpacewarGame(KindEngine[SpacewarState]):
    """The Spacewar I rules engine (the order language is ``grammar.spacewar``)."""

    kind = "spacewar"
    title = "Spacewar I – Die brennenden Sterne"
    report_schema = views.REPORT_SCHEMA
    state_type = SpacewarState

    def new_game(self, setup: Setup, rng: Random) -> SpacewarState:
        """Turn 0 (Spacewar "Der Spielaufbau"); the start player is rolled with the dice
        of the setup step, so ``rng`` is unused."""
        return new_game(setup)

    evaluate = staticmethod(run_step)
    """Evaluate the next step (the setup, or one round P0-P9)."""

    def printout(self, state: State, player: int, lang: str) -> str:
        """The printout of ``player`` (0: the GM) after the state's step."""
        return printout.printout(self.own(state), player, lang)

    def order_form(self, state: State, seat: int, lang: str) -> str:
        """The prefilled order section of ``seat``: the standing orders kept."""
        return printout.order_form(self.own(state), seat, lang)

    def map_view(self, state: State, player: int, lang: str) -> MapView:
        """The board as ``player`` knows it (``engine.spacewar.views``)."""
        return views.map_view(self.own(state), player, lang)

    def report_data(self, state: State, player: int, lang: str) -> dict[str, JSONValue]:
        """The printout of ``player`` as data."""
        return views.report_data(self.own(state), player, lang)

    def awaiting(self, state: State) -> frozenset[int]:
        """Both players, but in a move step (``movement = alternating``) the mover only."""
        s = self.own(state)
        if s.over:
            return frozenset()
        return frozenset({s.mover}) if s.phase == "move" else frozenset({1, 2})

    def step_name(self, state: State, lang: str) -> str:
        """``Aufstellung`` or ``Runde 5: Befehle``."""
        return printout.step_name(self.own(state), lang)

    def forecast(
        self, state: State, seat: int, orders: Sequence[Order], lang: str
    ) -> list[Outlook]:
        """What each order will do in the seat's position, the orders before it in the
        round's order taken into account (PE spent by earlier purchases, fleets bought or
        split off, a fleet told to jump twice), or why it will fail
        (:mod:`engine.spacewar.forecast`). The orders are kept either way."""
        return outlook(self.own(state), seat, orders, lang)

    def warned(self, text: str, warnings: list[str], lang: str) -> str:
        """``text`` followed by its notes, each worded with its own lead."""
        return text + "".join(warnings)

    def names(self, state: State, lang: str = "de") -> Names:
        """The players' names; the worlds have ids, no names."""
        return Names(rulers={p.number: p.name for p in self.own(state).players}, places={})

    def final_report(
        self, state: State, event: Event, seats: Sequence[SeatRecord], lang: str
    ) -> str:
        """The end: the winner, worlds and income per player, who left."""
        s = self.own(state)
        lines = [TEXTS.say(lang, "final.head", game=s.game, round=s.round)]
        lines.append(
            TEXTS.say(lang, "final.winner", player=s.winner)
            if s.winner
            else TEXTS.say(lang, "final.draw")
        )
        for p in s.players:
            lines.append(
                TEXTS.say(
                    lang,
                    "final.player",
                    player=p.number,
                    name=p.name,
                    worlds=worlds_of(s, p.number),
                    income=income(s, p.number),
                )
            )
        lines += [
            TEXTS.say(lang, "final.seat", seat=r.seat, address=r.address, status=r.status)
            for r in seats
            if r.left_turn
        ]
        return "\n".join(lines) + "\n"
