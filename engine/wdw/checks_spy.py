"""Who may take a G order (Strategie 5.3, D15): characters with spy training, or, with
the GM option ``g_any_character``, every character. The acknowledgement and the month's
items (``G<n>``) read the same rule. Which IG a spy has on a target (D14), for the
espionage phase and the dossier. And what a target names: as far as the realm knows it,
for the acknowledgement (D37), and in the state, for the GM."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.wdw.options import WdwOptions
from engine.wdw.provinces import province_seat
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by, sight_now
from engine.wdw.state import Settlement, Spying, Unit, WdwState, world
from engine.wdw.tables import min_ig


def may_spy(unit: Unit, options: WdwOptions) -> bool:
    """D15: "Spionen und anderen Einzelcharakteren und Spezialisten mit
    Spionageausbildung" — spy training, or any character with ``g_any_character``."""
    return unit.spion or (options.g_any_character and unit.unit_class == "character")


def infiltration(
    spying: Sequence[Spying], seat: int, unit: int, target: str, options: WdwOptions
) -> Spying | None:
    """F19, D14: the record of the spy's IG on ``target`` (None: it starts at 1). One
    per target; with ``ig_carry_over`` the spy's one IG whatever its target (Strategie
    5.3: "Jeder Spion hat einen Infiltrationsgrad")."""
    for record in spying:
        same = options.ig_carry_over or record.target.lower() == target.lower()
        if (record.realm, record.unit) == (seat, unit) and same:
            return record
    return None


def _unit_reference(target: str) -> tuple[int, int] | None:
    """``2/115`` as (realm, unit); None for other words."""
    realm, slash, number = target.strip().partition("/")
    if slash and realm.strip().isdigit() and number.strip().isdigit():
        return int(realm), int(number)
    return None


_UNIT_IN_FIELD = re.compile(r"^(?:einheit|unit)\s+(\d+)\s+(?:in|im|at)\s+(\d+/\d+)$", re.I)
"""``Einheit 102 in 1/30``: a unit as a realm names another's, by number and field."""


def _named_units(state: WdwState, words: str) -> list[Unit]:
    """The units a target's words name: ``2/115`` (realm/number), or ``Einheit 102 in
    1/30`` — the units of that number in that field, of any realm."""
    reference = _unit_reference(words)
    if reference is not None:
        unit = state.unit(*reference)
        return [unit] if unit is not None else []
    match = _UNIT_IN_FIELD.match(words)
    if match is None:
        return []
    number, kf = int(match[1]), match[2]
    return [u for u in state.units if u.id == number and u.kf == kf]


def target_unit(state: WdwState, target: str, seat: int = 0) -> Unit | None:
    """The unit a G order's ``target`` names, as the GM knows it (``seat`` 0) or as realm
    ``seat`` knows it (D37): one of its own, or another realm's unit in a field its units
    and settlements see now (Strategie 6.1) — never a spy (unseen, 6.1) nor a hiding unit
    (KX), which no sighting shows."""
    units = _named_units(state, target.strip())
    if seat == 0:
        return units[0] if units else None
    own = [u for u in units if u.realm == seat]
    if own:
        return own[0]
    sight = sight_now(state, seat, options_of(state))
    seen = [u for u in units if u.kf in sight and not u.spion and u.order[:2] != "KX"]
    return seen[0] if seen else None


def known_target(state: WdwState, seat: int, target: str, fields: frozenset[str]) -> bool:
    """D37: whether ``seat``'s realm knows what a G order's ``target`` names — a field of
    ``fields`` (its known map and what it sees now), a settlement standing in one
    (Strategie 1.3: the map shows buildings in sight) or a unit it sees
    (:func:`target_unit`). Anything else it cannot tell from a thing that does not
    exist."""
    words = target.strip()
    place = state.settlement(words)
    if place is not None and place.kf in fields:
        return True
    return words in fields or target_unit(state, words, seat) is not None


def names_something(state: WdwState, target: str) -> bool:
    """For the GM: whether a G order's ``target`` names anything in the state — a
    settlement, a field of the map, a unit (``realm/number``, ``Einheit 102 in 1/30``)
    or a realm. Otherwise it is a person or an office only the GM knows, or nothing at
    all: its minimum IG is the table's default, which he may set otherwise (Strategie
    5.3: "Die Werte können je nach Kultur abweichen")."""
    words = target.strip()
    return (
        state.settlement(words) is not None
        or words in world(state.map_text).fields
        or bool(_named_units(state, words))
        or any(r.name.lower() == words.lower() for r in state.realms)
    )


# Tab. 5.3-1's rows a target names in words (the rulebook's example: "in die Nähe eines
# Reichsherrschers in seinem Palast"); the state keeps no residence and no prince.
_RESIDENCE = frozenset({"residenz", "palast", "residence", "palace"})
_PRINCE = frozenset({"fürst", "fürsten", "herrscher", "herrschers", "prince", "ruler"})


def target_min_ig(state: WdwState, target: str, seat: int = 0) -> int:
    """Strategie 5.3, Tab. 5.3-1: the minimum IG of a G order's ``target``, as the GM
    knows it (``seat`` 0) or as realm ``seat`` knows it (D37: its own settlements and
    units, the others' settlements in sight — Strategie 1.3 — and their units it sees,
    :func:`target_unit`; anything else counts as open ground). A settlement gives its
    size's row and "Hauptstadt"; a unit "Heer", or as a character "Spion" or
    "Heerführer oder anderer Spezialist", on the row of the settlement in its field
    (else open ground: the rulebook's ruler "mit einem Heer unterwegs" loses the city's
    rows); "Residenz" and "Fürst" come from the target's words; "Provinzhauptort" when
    the settlement is the only one of its owner in a province of his
    (``provinces.province_seat``; of several, the GM adds its +5), read by its owner and
    the GM only."""
    words = target.strip()
    named = frozenset(re.split(r"[\s,.:;]+", words.lower()))
    extras = {"residence"} if named & _RESIDENCE else set()
    extras |= {"prince"} if named & _PRINCE else set()
    unit = target_unit(state, words, seat)
    if unit is not None:
        extras |= {"spy"} if unit.spion else set()
        extras |= {"specialist"} if unit.unit_class == "character" else {"army"}
        place = next((s for s in state.settlements if s.kf == unit.kf), None)
    else:
        place = next((s for s in state.settlements if s.name.lower() in named), None)
        place = state.settlement(words) or place
    if place is None or not _knows(state, seat, place):
        return min_ig(None, frozenset(extras))
    extras |= {"capital"} if place.capital else set()
    if seat in (0, place.owner) and province_seat(state, place):
        extras.add("province_capital")
    return min_ig(place.population, frozenset(extras))


def _knows(state: WdwState, seat: int, place: Settlement) -> bool:
    """D37: the GM knows every settlement, a realm its own and those in sight (1.3)."""
    if seat in (0, place.owner):
        return True
    return place.kf in seen_by(state, seat, options_of(state))
