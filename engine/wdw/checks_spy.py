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
from engine.wdw.state import Spying, Unit, WdwState, world
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


def known_target(state: WdwState, seat: int, target: str, fields: frozenset[str]) -> bool:
    """D37: whether ``seat``'s realm knows what a G order's ``target`` names — a field of
    ``fields`` (its known map and what it sees now), a settlement standing in one
    (Strategie 1.3: the map shows buildings in sight) or one of its own units
    (``seat/number``). Anything else it cannot tell from a thing that does not exist."""
    words = target.strip()
    place = state.settlement(words)
    if place is not None and place.kf in fields:
        return True
    if words in fields:
        return True
    unit = _unit_reference(words)
    return unit is not None and unit[0] == seat and state.unit(*unit) is not None


def names_something(state: WdwState, target: str) -> bool:
    """For the GM: whether a G order's ``target`` names anything in the state — a
    settlement, a field of the map, a unit (``realm/number``) or a realm. Otherwise it
    is a person or an office only the GM knows, or nothing at all."""
    words = target.strip()
    unit = _unit_reference(words)
    return (
        state.settlement(words) is not None
        or words in world(state.map_text).fields
        or (unit is not None and state.unit(*unit) is not None)
        or any(r.name.lower() == words.lower() for r in state.realms)
    )


# Tab. 5.3-1's rows a target names in words (the rulebook's example: "in die Nähe eines
# Reichsherrschers in seinem Palast"); the state keeps no residence and no prince.
_RESIDENCE = frozenset({"residenz", "palast", "residence", "palace"})
_PRINCE = frozenset({"fürst", "fürsten", "herrscher", "herrschers", "prince", "ruler"})


def target_min_ig(state: WdwState, target: str, seat: int = 0) -> int:
    """Strategie 5.3, Tab. 5.3-1: the minimum IG of a G order's ``target``, as the GM
    knows it (``seat`` 0) or as realm ``seat`` knows it (D37: its own settlements and
    units; a foreign one counts as open ground). A settlement gives its size's row and
    "Hauptstadt"; a unit "Heer", or as a character "Spion" or "Heerführer oder anderer
    Spezialist", on the row of the settlement in its field (else open ground: the
    rulebook's ruler "mit einem Heer unterwegs" loses the city's rows); "Residenz" and
    "Fürst" come from the target's words; "Provinzhauptort" when the settlement is the
    only one of its owner in a province of his (``provinces.province_seat``; of several,
    the GM adds its +5)."""
    words = target.strip()
    named = frozenset(re.split(r"[\s,.:;]+", words.lower()))
    extras = {"residence"} if named & _RESIDENCE else set()
    extras |= {"prince"} if named & _PRINCE else set()
    reference = _unit_reference(words)
    unit = state.unit(*reference) if reference is not None else None
    if unit is not None and seat in (0, unit.realm):
        extras |= {"spy"} if unit.spion else set()
        extras |= {"specialist"} if unit.unit_class == "character" else {"army"}
        place = next((s for s in state.settlements if s.kf == unit.kf), None)
    else:
        place = next((s for s in state.settlements if s.name.lower() in named), None)
        place = state.settlement(words) or place
    if place is None or seat not in (0, place.owner):
        return min_ig(None, frozenset(extras))
    extras |= {"capital"} if place.capital else set()
    extras |= {"province_capital"} if province_seat(state, place) else set()
    return min_ig(place.population, frozenset(extras))
