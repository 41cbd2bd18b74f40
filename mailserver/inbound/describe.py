"""How the acknowledgement and the page's check word an order: with the seat's position
in view (the kind's ``describe_orders``, the whole list at once: orders that share a
stock are checked together) and the host's rules of the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from db.models import Game
from engine.core import Final, GameKind, Order, PlanetNamer, State
from mailserver.common.catalog import say


def describer(
    game: Game,
    kind: GameKind,
    state: State | None,
    seat: int,
    lang: str,
    namer: PlanetNamer,
    orders: Sequence[Order],
) -> Callable[[Order], str]:
    """The words for each of ``seat``'s ``orders`` (the list the mail or the page holds)
    in ``game`` as things stand in ``state`` (None: not known yet, each order as it reads
    anywhere)."""
    words: dict[int, str] = {}
    if state is not None:
        texts = kind.describe_orders(state, seat, orders, lang, namer)
        words = {id(order): text for order, text in zip(orders, texts, strict=True)}

    def describe(order: Order) -> str:
        if isinstance(order, Final) and not game.early_run:
            return say(lang, "final_no_early_run")  # promise no early run the game has not
        known = words.get(id(order))
        return known if known is not None else order.describe(lang, namer)

    return describe
