"""What a seat's whole Spacewar order list will do (the acknowledgement,
``engine.core.AcknowledgingAll``).

The orders are played on a copy of the position in the order the round carries them out
(docs/rules-spacewar.md, "The turn"): P0 the purchases in the order written, P1 loading
and regrouping in the order written, P2 the jumps (the first jump of a fleet counts).
So a purchase the PE left after the lines before cannot cover is told as refused, a
fleet bought or split off this round can load and jump, a fleet told to jump twice is
told which line counts, and loading more than the transporters carry says so.

Only what the seat knows goes in: his PE, pool, worlds, fleets and cargo, and what both
players see (owners of worlds, where bases stand). The other player's orders of the same
round are not known; troop stones bought now are drawn by the dice when the round runs,
so their values are not forecast.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Order, Outlook
from engine.spacewar.checks import notes
from engine.spacewar.fleets import drop_empty
from engine.spacewar.loading import empty_transporters, load_one
from engine.spacewar.movement import jump_problem
from engine.spacewar.orders import Buy, BuyFleet, Jump, Load, Transfer
from engine.spacewar.production import deliver, pay, refusal
from engine.spacewar.setup import VALUES
from engine.spacewar.state import Player, SpacewarState
from engine.spacewar.texts import TEXTS

WORDS = TEXTS.section("forecast.")
"""The forecasts' words."""


def outlook(state: SpacewarState, seat: int, orders: Sequence[Order], lang: str) -> list[Outlook]:
    """One :class:`Outlook` per order: what it will do in the seat's position with the
    orders before it in the round's order, or why it will not. Spacewar's words carry
    their own lead (`` – kostet …``, `` – Achtung: …``), so they all stand in ``warnings``
    and are appended as they are. Outside a round's orders step (the setup, a move step)
    each order is checked alone."""
    if seat not in (1, 2) or state.setup_step or state.phase != "orders":
        return [Outlook(warnings=notes(state, seat, o, lang)) for o in orders]
    sim = state.copy()
    said: dict[int, str] = {}
    for index, order in enumerate(orders):  # P0 Produktion (Spacewar §7)
        if isinstance(order, Buy | BuyFleet):
            said[index] = _buy(sim, seat, order, lang)
    for index, order in enumerate(orders):  # P1 Laden (Spacewar §4 ¶1-2)
        if isinstance(order, Load | Transfer):
            said[index] = _load(sim, seat, order, lang)
    drop_empty(sim)
    jumped: dict[int, int] = {}
    for index, order in enumerate(orders):  # P2 Hyperraum (Spacewar §4 ¶3)
        if isinstance(order, Jump):
            said[index] = _jump(sim, seat, order, jumped, lang)
    return [
        Outlook(warnings=[said[index]] if index in said else notes(state, seat, order, lang))
        for index, order in enumerate(orders)
    ]


def _refused(lang: str, code: str) -> str:
    return WORDS.say(lang, "refused", why=TEXTS.say(lang, f"code.{code}"))


def _buy(sim: SpacewarState, seat: int, buy: Buy | BuyFleet, lang: str) -> str:
    player = sim.player(seat)
    before = player.pe
    problem = refusal(sim, seat, buy)
    if problem == "no_pe":
        return WORDS.say(lang, "no_pe", cost=buy.cost, pe=before)
    if problem is not None:
        return _refused(lang, problem)
    pay(player, buy)
    if isinstance(buy, Buy) and buy.unit == "TT":
        _take_from_pool(player, buy.count)
    else:
        deliver(sim, player, buy)
    return WORDS.say(lang, "buys", cost=buy.cost, before=before, after=player.pe)


def _take_from_pool(player: Player, count: int) -> None:
    """Stones leave the pool; which values is the dice's when the round runs, so only the
    pool's size is kept true (it is all the later lines' check reads)."""
    for _ in range(count):
        value = next(i for i in range(len(VALUES)) if player.pool[i])
        player.pool[value] -= 1


def _load(sim: SpacewarState, seat: int, order: Load | Transfer, lang: str) -> str:
    fleet = sim.fleet(seat, order.fleet)
    free_before = len(empty_transporters(fleet)) if fleet is not None else 0
    ships_before = len(fleet.ships) if fleet is not None else 0
    problem = load_one(sim, seat, order)
    if problem is not None:
        return _refused(lang, problem)
    assert fleet is not None  # load_one refuses an absent fleet
    if isinstance(order, Transfer):
        return WORDS.say(
            lang, "transfer", fleet=fleet.id, before=ships_before, after=len(fleet.ships)
        )
    free = len(empty_transporters(fleet))
    return WORDS.say(lang, "load", fleet=fleet.id, before=free_before, after=free)


def _jump(sim: SpacewarState, seat: int, jump: Jump, jumped: dict[int, int], lang: str) -> str:
    if jump.fleet in jumped:
        return WORDS.say(lang, "jumps_twice", fleet=jump.fleet, line=jumped[jump.fleet])
    fleet = sim.fleet(seat, jump.fleet)
    problem = jump_problem(sim, fleet, jump)
    if problem is not None or fleet is None:
        return _refused(lang, problem or "fleet_absent")
    jumped[jump.fleet] = jump.line
    return WORDS.say(lang, "jumps", fleet=fleet.id, where=fleet.where, ships=len(fleet.ships))
