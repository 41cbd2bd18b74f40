"""What an acknowledgement warns about an Ashes order that shares no stock with the others.

The evaluation refuses an order the position does not allow, and says so in the
printout's notices (Ashes 7); the acknowledgement tells the player in time, in the same
words. These orders are checked one by one against the position before the turn, as the
player's printout shows it: his planets, who is still in the game — never what he
cannot see (other players' figures, fleets, PP or votes). Orders that draw on a stock
(ships in orbit, a planet's workforce and goods, PP) are checked together in
:mod:`engine.ashes.forecast`. The order is kept either way: the evaluation decides.
"""

from __future__ import annotations

from engine.ashes.orders import HomePlanet, PVChange, RenamePlanet, VoteRounds
from engine.ashes.state import AshesState
from engine.ashes.texts import NOTICES, TEXTS
from engine.core import Order

WORDS = TEXTS.section("warnings.")
"""The warnings' own words (the rest are the printout's notices)."""


def decorate(text: str, found: list[str], lang: str) -> str:
    """``text`` followed by its warnings: ``HP = 9 — Warnung: …``."""
    if not found:
        return text
    return f"{text} — {WORDS.say(lang, 'warning')}: " + " ".join(found)


def out(lang: str) -> list[str]:
    """Ashes 2: the orders of a player out do not count."""
    return [WORDS.say(lang, "out")]


def no_planet(number: int, lang: str) -> list[str]:
    """A planet number the galaxy has not."""
    return [WORDS.say(lang, "no_planet", n=number)]


def warnings(state: AshesState, seat: int, order: Order, lang: str) -> list[str]:
    """Why ``seat``'s ``order`` (one that shares no stock) will not do what it says, as
    things stand in ``state`` (empty: it will, as far as the seat's printout can tell)."""
    match order:
        case HomePlanet():
            return _home(state, seat, order, lang)
        case PVChange():
            return _pv(state, seat, order, lang)
        case VoteRounds():
            return _vote_rounds(state, lang)
        case RenamePlanet() if not 1 <= order.planet <= len(state.planets):
            return no_planet(order.planet, lang)  # a variant map may have fewer planets
    return []


def _unless(holds: bool, lang: str, key: str, **params: object) -> list[str]:
    """No warning if ``holds``; else the printout's notice ``key``."""
    return [] if holds else [NOTICES.say(lang, key, **params)]


# Ashes 6.3.2: the home planet must be one's own.
def _home(state: AshesState, seat: int, o: HomePlanet, lang: str) -> list[str]:
    own = 1 <= o.planet <= len(state.planets) and state.planet(o.planet).owner == seat
    return _unless(own, lang, "hp_rejected", planet_no=o.planet)


# Ashes 6.3.1: PV to another player still in the game, 0, 1 or 2.
def _pv(state: AshesState, seat: int, o: PVChange, lang: str) -> list[str]:
    seats = {p.number for p in state.active()}
    valid = o.player != seat and o.player in seats and o.value in (0, 1, 2)
    return _unless(valid, lang, "pv_rejected", other=o.player, number=o.value)


# Ashes 2.1: the rounds vote counts with the first orders only.
def _vote_rounds(state: AshesState, lang: str) -> list[str]:
    return _unless(state.rounds is None, lang, "vote_late")
