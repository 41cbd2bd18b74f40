"""Characters' good points (Strategie 6.3, Tab. 6.3-1, F11): what the GM tells the
state of a character, and the GP it gives the army it is with.

- A **REP** (a person a player plays) gives +2, or +3 as a Heerführer (footnote ⁴:
  once, not both), and +1 for each year of play experience (the GM counts the years:
  only those without another improvement, such as a spy's or Heerführer's training).
- The **lord** of a settlement (Stadtherr; one character a settlement) gives +1 for
  each 10 full BWP of it — a REP gets this as well (GP are cumulative).

A character's GP count for every unit of its side in a combat (the army it is with);
the BükAz halves them at −50 or less and takes them at −75 (F11). The GM sets the roles
by correction: ``Einheit 1/601 REP 2`` (REP with 2 years; ``REP nein``: no REP),
``Ansiedlung Guru Stadtherr 601`` (a character of the owner; ``keiner``: none)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.wdw.formulas import bukaz_gp
from engine.wdw.state import Settlement, Unit, WdwState
from engine.wdw.texts import say

REP_GP = 2
"""Tab. 6.3-1: a REP with the army."""
REP_LEADER_GP = 3
"""Tab. 6.3-1: a REP as its Heerführer."""
LORD_BWP = 10
"""Tab. 6.3-1: the lord of a settlement gives +1 GP for each 10 full BWP."""
REP_MOST_YEARS = 50
"""Tab. 6.3-1 gives a REP +1 GP a year of play and sets no end; the host's cap on the
years a correction gives (docs/rules-wdw.md, a decision): half a century of play, ten
times the rulebook's veteran of five years, keeps a slip of the GM's keyboard (``REP
200``) from turning a battle."""

_REP_RE = re.compile(r"^(?:einheit|unit)\s+(\d+/\d+)\s+rep\s+(\d+|nein|no)$", re.IGNORECASE)
_LORD_RE = re.compile(
    r"^(?:ansiedlung|settlement)\s+(\S+)\s+(?:stadtherr|lord)\s+(\d+|keiner|none)$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Role:
    """A correction of a character's role: ``rep`` of a unit (``years`` of play; −1:
    no REP) or the ``lord`` of a settlement (``unit``: the owner's character; 0: none)."""

    what: str
    target: str
    value: int


def read_role(text: str) -> Role | None:
    """``Einheit 1/601 REP 2`` / ``REP nein``, ``Ansiedlung Guru Stadtherr 601`` /
    ``keiner`` (English ``Unit … REP 2 / no``, ``Settlement … lord 601 / none``)."""
    text = text.strip()
    if match := _REP_RE.match(text):
        years = match[2]
        return Role("rep", match[1], int(years) if years.isdecimal() else -1)
    if match := _LORD_RE.match(text):
        unit = match[2]
        return Role("lord", match[1], int(unit) if unit.isdecimal() else 0)
    return None


def role_form(text: str, lang: str) -> str:
    """The forms of a role correction, when ``text`` names a role but is not one of
    them ("" otherwise)."""
    words = {w.lower() for w in text.split()}
    return say(lang, "ruling.role_form") if words & {"rep", "stadtherr", "lord"} else ""


def check_role(state: WdwState, role: Role, lang: str) -> str:
    """Why the role cannot be given ("" when it can): the unit, or the settlement and
    its owner's unit, exists and is a character; a REP's years are at most
    :data:`REP_MOST_YEARS`."""
    if role.what == "rep":
        realm, number = (int(x) for x in role.target.split("/"))
        if role.value > REP_MOST_YEARS:  # Tab. 6.3-1: +1 GP a year of play
            return say(lang, "ruling.rep_years", years=role.value, most=REP_MOST_YEARS)
        return _not_a_character(state, realm, number, lang)
    place = state.settlement(role.target)
    if place is None:
        return say(lang, "ruling.no_settlement", settlement=role.target)
    return _not_a_character(state, place.owner, role.value, lang) if role.value else ""


def _not_a_character(state: WdwState, realm: int, number: int, lang: str) -> str:
    unit = state.unit(realm, number)
    if unit is None:
        return say(lang, "ruling.no_unit", unit=f"{realm}/{number}")
    if unit.unit_class != "character":
        return say(lang, "ruling.not_character", unit=unit.key)
    return ""


def apply_role(state: WdwState, role: Role) -> None:
    """Give the role (checked when the correction came in)."""
    if role.what == "rep":
        realm, number = (int(x) for x in role.target.split("/"))
        unit = state.unit(realm, number)
        if unit is not None:
            unit.rep, unit.experience = role.value >= 0, max(0, role.value)
        return
    place = state.settlement(role.target)
    if place is not None:
        place.lord = f"{place.owner}/{role.value}" if role.value else ""


def character_gp(units: Iterable[Unit], towns: Mapping[str, Settlement]) -> list[tuple[str, int]]:
    """Tab. 6.3-1: the GP the characters among ``units`` give their army, by cause
    (before the BükAz, F11); ``towns`` the settlements (a lord of a settlement its
    owner lost gives nothing)."""
    causes: list[tuple[str, int]] = []
    for unit in units:
        if unit.unit_class != "character":
            continue
        if unit.rep:  # footnote ⁴: the REP bonus once
            causes.append(
                ("rep heerführer", REP_LEADER_GP) if unit.heerfuehrer else ("rep", REP_GP)
            )
            if unit.experience:
                causes.append(("erfahrung", unit.experience))
        for town in towns.values():
            if town.lord == unit.key and town.owner == unit.realm and town.bwp() >= LORD_BWP:
                causes.append(("stadtherr", town.bwp() // LORD_BWP))
    return causes


def with_the_army(unit: Unit, state: WdwState) -> bool:
    """Strategie 6.1: whether ``unit`` meets and fights with its realm's army. A
    character does when it leads (Heerführer) or gives the army GP (a REP, a Stadtherr:
    Tab. 6.3-1); any other — a spy — is no part of an army: "Andere Charaktere, die
    gegeneinander kämpfen, werden vom Spielleiter gesondert ausgewertet"."""
    if unit.unit_class != "character" or unit.heerfuehrer or unit.rep:
        return True
    return any(town.lord == unit.key for town in state.settlements)


def with_leaders(
    causes: list[tuple[str, int]], leaders: Sequence[tuple[str, int]], bukaz: int
) -> int:
    """F11 (Strategie 6.5): adds the characters' GP and then the BükAz's (it halves the
    characters' GP at −50 or less and takes them at −75) to a unit's ``causes``; the
    unit's GP."""
    base, led = sum(n for _, n in causes), sum(n for _, n in leaders)
    causes += leaders
    total = bukaz_gp(bukaz, base, led)
    if total != base + led:
        causes.append(("bükaz", total - base - led))
    return total


def role_lines(unit: Unit, lang: str) -> list[str]:
    """The printout's line under a character with its roles (Strategie 6.3): Spion,
    Heerführer, REP with its years of play; none for a unit without one."""
    roles = [say(lang, f"prop.{name}") for name in ("spion", "heerfuehrer") if getattr(unit, name)]
    if unit.rep:
        roles.append(say(lang, "print.rep", years=unit.experience))
    return [say(lang, "print.roles", roles=", ".join(roles))] if roles else []


def owners_lord(place: Settlement) -> str:
    """The settlement's lord (``realm/id``) when it is one of its owner's characters, else
    "": a settlement that changed hands keeps the old record until the GM corrects it,
    and the new owner must not read another realm's unit (Strategie 6.3: it gives
    nothing)."""
    realm, _, number = place.lord.partition("/")
    return place.lord if number and int(realm) == place.owner else ""


def lord_lines(place: Settlement, lang: str) -> list[str]:
    """The printout's line under a settlement with its lord (Strategie 6.3), when one of
    its owner's characters leads it."""
    lord = owners_lord(place)
    return [say(lang, "print.lord", unit=lord.partition("/")[2])] if lord else []
