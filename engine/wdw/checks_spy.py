"""Who may take a G order (Strategie 5.3, D15): characters with spy training, or, with
the GM option ``g_any_character``, every character. The acknowledgement and the month's
items (``G<n>``) read the same rule. Which IG a spy has on a target (D14), for the
espionage phase and the dossier. And what a target names: as far as the realm knows it,
for the acknowledgement (D37), and in the state, for the GM."""

from __future__ import annotations

from collections.abc import Sequence

from engine.wdw.options import WdwOptions
from engine.wdw.state import Spying, Unit, WdwState, world


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
