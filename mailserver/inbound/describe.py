"""How the acknowledgement and the page's check word an order: with the seat's position
in view (the kind's ``describe_order``) and the host's rules of the game."""

from __future__ import annotations

from collections.abc import Callable

from db.models import Game
from engine.core import Final, GameKind, Order, PlanetNamer, State
from mailserver.common.catalog import say


def describer(
    game: Game, kind: GameKind, state: State | None, seat: int, lang: str, namer: PlanetNamer
) -> Callable[[Order], str]:
    """The words for each of ``seat``'s orders in ``game`` as things stand in ``state``
    (None: not known yet, each order as it reads anywhere)."""
    acknowledging = kind.acknowledging

    def describe(order: Order) -> str:
        if isinstance(order, Final) and not game.early_run:
            return say(lang, "final_no_early_run")  # promise no early run the game has not
        if state is not None and acknowledging is not None:
            return acknowledging.describe_order(state, seat, order, lang=lang, place_name=namer)
        return order.describe(lang, namer)

    return describe
