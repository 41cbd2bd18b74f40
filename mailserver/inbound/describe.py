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
    worded: Sequence[str] | None = None,
) -> Callable[[Order], str]:
    """The words for each of ``seat``'s ``orders`` (the list the mail or the page holds)
    in ``game`` as things stand in ``state`` (None: not known yet, each order as it reads
    anywhere). ``worded``: :func:`order_words` of the same, found ahead (outside the
    write transaction), else they are found here."""
    words: dict[int, str] = {}
    if state is not None:
        texts = order_words(kind, state, seat, orders, lang, namer) if worded is None else worded
        words = {id(order): text for order, text in zip(orders, texts, strict=True)}

    def describe(order: Order) -> str:
        if isinstance(order, Final) and not game.early_run:
            return say(lang, "final_no_early_run")  # promise no early run the game has not
        known = words.get(id(order))
        return known if known is not None else order.describe(lang, namer)

    return describe


def order_words(
    kind: GameKind, state: State, seat: int, orders: Sequence[Order], lang: str, namer: PlanetNamer
) -> list[str]:
    """The kind's words for ``seat``'s ``orders`` in ``state`` (its forecast, which plays
    the orders on a copy of the position: the costliest step of an acknowledgement, and
    pure, so the read-ahead does it before the write transaction)."""
    return kind.describe_orders(state, seat, orders, lang, namer)
