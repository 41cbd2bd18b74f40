"""The board-game Ashes of Empire behind the host's contract (:class:`engine.core.Game`)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from engine.ashes_board.checks import notes
from engine.ashes_board.forecast import forecast
from engine.ashes_board.printout import order_form, printout, seat_name
from engine.ashes_board.setup import new_game
from engine.ashes_board.state import BoardState
from engine.ashes_board.texts import PRINT, WORDS
from engine.ashes_board.turn import run_round
from engine.ashes_board.views import REPORT_SCHEMA, map_view, report_data
from engine.ashesmap.galaxy import standard_galaxy
from engine.core import Event, JSONValue, Names, Order, Outlook, SeatRecord, Setup, State
from engine.kind_engine import KindEngine, web_order_form
from engine.views import MapView


class BoardGame(KindEngine[BoardState]):
    """The rules of the board game (the order language is ``grammar.ashes_board``)."""

    kind = "ashes-board"
    title = "The Ashes of Empire (board game)"
    report_schema = REPORT_SCHEMA
    state_type = BoardState

    def new_game(self, setup: Setup, rng: Random) -> BoardState:
        """Round 0 (B E3); it needs no chance, ``rng`` is unused."""
        return new_game(setup)

    evaluate = staticmethod(run_round)
    """One round (B "Phase Order"); every die through ``dice``, labelled."""

    def printout(self, state: State, player: int, lang: str) -> str:
        """The printout of ``player`` (0: the game master): the open board."""
        return printout(self.own(state), player, lang)

    def order_form(self, state: State, seat: int, lang: str) -> str:
        """The prefilled order form of ``seat`` without the password line; empty for a
        seat that is out or a game that is over."""
        board = self.own(state)
        if board.finished or not 1 <= seat <= len(board.players) or board.player(seat).out:
            return ""
        return web_order_form(order_form(board, seat, lang), PRINT.say(lang, "form_password"))

    def forecast(
        self, state: State, seat: int, orders: Sequence[Order], lang: str
    ) -> list[Outlook]:
        """Each order checked against the planets the seat owns
        (:mod:`engine.ashes_board.checks`), with what it will do as the whole list runs
        through the round: flights from one orbit, the warehouse over every building
        order, the revolts (:mod:`engine.ashes_board.forecast`). The board game has no
        separate warnings: all it finds stands after the arrow."""
        board = self.own(state)
        told = forecast(board, seat, orders, lang)
        outlooks = []
        for order, more in zip(orders, told, strict=True):
            said = [*notes(board, seat, order, lang), *more]
            outlooks.append(Outlook(forecast=" ".join(said) if said else None))
        return outlooks

    def warned(self, text: str, warnings: list[str], lang: str) -> str:
        """``text`` as it is: :meth:`forecast` puts everything after the arrow."""
        return text

    def map_view(self, state: State, player: int, lang: str) -> MapView:
        """The open board as a map (:mod:`engine.ashes_board.views`)."""
        return map_view(self.own(state), player, lang)

    def report_data(self, state: State, player: int, lang: str) -> dict[str, JSONValue]:
        """The printout of ``player`` as data (schema ``ashes-board-report/1``)."""
        return report_data(self.own(state), player, lang)

    def names(self, state: State, lang: str = "de") -> Names:
        """The players as the printouts name them, the planets' standard names."""
        board = self.own(state)
        return Names(
            rulers={p.number: seat_name(board, p.number, lang) for p in board.players},
            places={p.number: p.name for p in standard_galaxy().planets},
        )

    def final_report(
        self, state: State, event: Event, seats: Sequence[SeatRecord], lang: str
    ) -> str:
        """Points per player (B 2.6.3), the winners, the round of the end, who left."""
        board = self.own(state)
        data = event.data
        reason = WORDS.say(lang, f"reason.{data.get('reason', 'points')}")
        lines = [PRINT.say(lang, "final_head", game=board.game, turn=board.turn, reason=reason)]
        for place, row in enumerate(data.get("points", []), 1):
            lines.append(
                PRINT.say(
                    lang,
                    "final_row",
                    place=place,
                    seat=row["player"],
                    points=row["points"],
                    planets=row["planets"],
                )
            )
        winners = ", ".join(seat_name(board, int(w), lang) for w in data.get("winners", []))
        lines.append(PRINT.say(lang, "final_winners", winners=winners or "-"))
        lines += [PRINT.say(lang, "final_left", **s.words()) for s in seats if s.gone]
        return "\n".join(lines) + "\n"
