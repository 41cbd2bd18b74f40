"""Alliances, the capital move and provinces (Strategie 5.1, 3.1, 1.2; design §3.6,
D26): why an order fails, what it does, and the realm's lines of the printout. The
acknowledgement and the month's realm phase read the same checks."""

from __future__ import annotations

from engine.core import Order
from engine.wdw.checks_army import Refusal
from engine.wdw.orders import Alliance, CapitalMove, Province
from engine.wdw.provinces import provinces_of
from engine.wdw.sea_provinces import check_sea_province
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by
from engine.wdw.state import Realm, Settlement, WdwState, world
from engine.wdw.texts import say

ORDERS = (Alliance, CapitalMove, Province)
"""The orders this module checks (engine.wdw.acknowledge dispatches them here)."""
CAPITAL_MOVE_MONTHS = 12
"""Strategie 3.1: "dauert jedoch ein Jahr"."""


def realm_named(state: WdwState, name: str) -> Realm | None:
    """The realm a player names by its seat number or its name (case does not matter)."""
    for realm in state.realms:
        if name == str(realm.seat) or name.lower() == realm.name.lower():
            return realm
    return None


def check_alliance(state: WdwState, seat: int, order: Alliance) -> Realm | Refusal:
    """D26: an own, one-sided list; the other realm exists and is not the realm itself."""
    other = realm_named(state, order.realm)
    if other is None:
        return Refusal("unknown_realm", {"realm": order.realm})
    if other.seat == seat:
        return Refusal("ally_self")
    allied = other.seat in state.realm(seat).allies
    if order.end and not allied:
        return Refusal("not_ally", {"realm": other.name})
    if not order.end and allied:
        return Refusal("already_ally", {"realm": other.name})
    return other


def ally(realm: Realm, other: int, end: bool) -> None:
    """D26: ``other`` joins ``realm``'s list of allies (``end``: leaves it), as
    :func:`check_alliance` allowed."""
    if end:
        realm.allies.remove(other)
    else:
        realm.allies.append(other)
        realm.allies.sort()


def move_capital(realm: Realm, place: Settlement) -> None:
    """Strategie 3.1: the move of ``realm``'s capital to ``place`` begins (a year)."""
    realm.capital_move, realm.capital_to = CAPITAL_MOVE_MONTHS, place.name


def check_capital(state: WdwState, seat: int, order: CapitalMove) -> Settlement | Refusal:
    """Strategie 3.1: an own settlement that is not the capital, no move under way."""
    place = state.settlement(order.settlement)
    if place is None or place.owner != seat:
        return Refusal("unknown_settlement", {"settlement": order.settlement})
    if place.capital:
        return Refusal("already_capital", {"settlement": place.name})
    realm = state.realm(seat)
    if realm.capital_move:
        return Refusal(
            "capital_moving", {"settlement": realm.capital_to, "months": realm.capital_move}
        )
    return place


def check_province(state: WdwState, seat: int, order: Province) -> Refusal | None:
    """Strategie 1.2: a new name, fields the realm knows, on land, in no other province
    of the realm; a sea province (with a home port) by engine.wdw.sea_provinces.
    Every province is refused while the GM has switched the chapter off [R Vorwort]."""
    if not options_of(state).chapter("provinces"):
        return Refusal("chapter_provinces_off")
    realm = state.realm(seat)
    taken = provinces_of(realm)
    if order.name.lower() in {name.lower() for name in taken}:
        return Refusal("province_exists", {"name": order.name})
    if order.port:
        return check_sea_province(state, seat, order)
    the_map = world(state.map_text)
    # D37: what the realm knows and sees now, as the acknowledgement's path check reads it.
    seen = seen_by(state, seat, options_of(state))
    for kf in order.fields:
        if kf not in seen or kf not in the_map.fields:
            return Refusal("field_unknown", {"kf": kf})
        if the_map.fields[kf].water:
            return Refusal("province_water", {"kf": kf})
        for name, fields in taken.items():
            if kf in fields:
                return Refusal("field_in_province", {"kf": kf, "name": name})
    return None


def describe(state: WdwState, seat: int, order: Order, lang: str) -> str:
    """The acknowledgement of an alliance, a capital move or a province (D37)."""
    if isinstance(order, Alliance):
        other = check_alliance(state, seat, order)
        if isinstance(other, Refusal):
            return other.of(order, lang)
        key = "order.alliance_end" if order.end else "order.alliance"
        return say(lang, key, realm=other.name, seat=other.seat)
    if isinstance(order, CapitalMove):
        place = check_capital(state, seat, order)
        if isinstance(place, Refusal):
            return place.of(order, lang)
        return say(lang, "order.capital", settlement=place.name, months=CAPITAL_MOVE_MONTHS)
    if isinstance(order, Province):
        refusal = check_province(state, seat, order)
        if refusal is not None:
            return refusal.of(order, lang)
        key = "order.sea_province" if order.port else "order.province"
        return say(lang, key, name=order.name, count=len(order.fields), port=order.port)
    return order.describe(lang)


def realm_lines(state: WdwState, realm: Realm, lang: str) -> list[str]:
    """The printout's lines of a realm's allies, provinces, land besides its settlements
    (engine.wdw.territory) and capital move."""
    lines = []
    if realm.allies:
        names = ", ".join(state.realm(s).name for s in realm.allies)
        lines.append(say(lang, "print.allies", names=names))
    ports = dict(entry.partition("=")[::2] for entry in realm.home_ports)
    for name, fields in provinces_of(realm).items():
        lines.append(say(lang, "print.province", name=name, fields=" ".join(fields)))
        if name in ports:
            lines.append(say(lang, "print.home_port", name=name, port=ports[name]))
    land = [e.partition("=")[0] for e in state.territory if e.endswith(f"={realm.seat}")]
    if land:
        lines.append(say(lang, "print.territory", fields=" ".join(land)))
    if realm.capital_move:
        lines.append(
            say(
                lang,
                "print.capital_move",
                settlement=realm.capital_to,
                months=realm.capital_move,
            )
        )
    return lines
