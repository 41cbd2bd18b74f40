"""A realm's printout (design §8): its realm, settlements and units, the others'
settlements in sight (Strategie 1.3), the month's results for it, its known map's size,
and the GM's narrative. The GM's view has everything and the log. Nothing of another
realm's hidden state reaches a realm."""

from __future__ import annotations

import json
from fractions import Fraction

from engine.core import NEUTRAL
from engine.wdw.calculators.economy import next_income
from engine.wdw.calculators.texts import number
from engine.wdw.characters import lord_lines, role_lines
from engine.wdw.checks_army import capacity_line, unit_lines
from engine.wdw.checks_realm import realm_lines
from engine.wdw.checks_walls import wall_lines
from engine.wdw.formulas import movement_points
from engine.wdw.labels import label
from engine.wdw.morale import bukaz_words
from engine.wdw.orders import ORDER_KINDS
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_settlements
from engine.wdw.state import Note, Unit, WdwState
from engine.wdw.texts import printout_heading, say


def printout(state: WdwState, seat: int, lang: str) -> str:
    """The printout of ``seat`` (NEUTRAL: the GM's overview)."""
    head = "print.gm_head" if seat == NEUTRAL else "print.head"
    lines = [printout_heading(lang, head, state)]
    for realm in state.realms:
        if seat not in (NEUTRAL, realm.seat):
            continue
        bukaz = bukaz_words(realm.bukaz, options_of(state), lang, exact=seat == NEUTRAL)
        lines += ["", say(lang, "print.realm", realm=realm, bukaz=bukaz)]
        lines.append(_next_income(state, lang))
        lines += _ledger_lines(state, realm.seat, realm.treasury, lang)
        lines += realm_lines(state, realm, lang)
        lines.append(say(lang, "print.settlements"))
        for place in state.settlements:
            if place.owner == realm.seat:
                capital = say(lang, "print.capital") if place.capital else ""
                lines.append(
                    say(lang, "print.settlement", place=place, label=label(place), capital=capital)
                )
                lines += lord_lines(place, lang)
                lines.append("  " + capacity_line(state, place, lang))
        lines.append(say(lang, "print.units"))
        for unit in state.units:
            if unit.realm == realm.seat:
                mounted = say(lang, "print.mounted") if unit.beritten else ""
                cls = say(lang, f"class.{unit.unit_class}")
                line = say(
                    lang,
                    "print.unit",
                    unit=unit,
                    cls=cls,
                    properties=_properties(unit, lang),
                    mounted=mounted,
                    rs=unit.rs(),
                    bp=_bp(unit),
                )
                lines.append(line)
                lines += role_lines(unit, lang) + unit_lines(unit, lang)
        lines += wall_lines(state, realm.seat, lang)
        if seat != NEUTRAL:
            lines += _seen_settlement_lines(state, seat, lang)
        lines.append(say(lang, "print.known", count=len(realm.known)))
    # The month's sightings are its notes (day, field, kind, size): said once, there.
    if seat == NEUTRAL:
        notes = [f"{n.seat}: {note_text(n, lang)}" for n in state.notes]
    else:
        notes = [note_text(n, lang) for n in state.notes if n.seat == seat]
    if notes:
        lines += ["", say(lang, "print.month"), *notes]
    if state.news:
        lines += ["", say(lang, "print.news")]
        for text in state.news:
            lines += [*text.splitlines(), ""]
        lines.pop()
    reports = [n.text for n in state.reports if n.seat == seat]
    if reports:
        lines += ["", say(lang, "print.report"), *reports]
    if seat == NEUTRAL and state.log:
        lines += ["", say(lang, "print.log"), *state.log]
    return "\n".join(lines) + "\n"


def _seen_settlement_lines(state: WdwState, seat: int, lang: str) -> list[str]:
    """Strategie 1.3: the other realms' settlements in sight, with their realm (the GM's
    overview has them all as their owners' settlements)."""
    lines = [
        say(lang, "print.seen_settlement", kf=s.kf, name=s.name, owner=state.realm(s.owner).name)
        for s in seen_settlements(state, seat, options_of(state))
    ]
    return [say(lang, "print.seen_settlements"), *lines] if lines else []


def note_text(note: Note, lang: str) -> str:
    """A printout line of ``note`` in ``lang``; an order it names (as its JSON, from the
    month's phases) in the reader's words, as the order is written."""
    values = note.values()
    order = values.get("order", "")
    if order.startswith("{"):
        values["order"] = ORDER_KINDS.from_json(json.loads(order)).describe(lang)
    if "part" in values:  # an exact part of a BWP (``2/5``) as the reader writes it
        values["part"] = number(Fraction(values["part"]), lang)
    return say(lang, note.key, **values)


def _next_income(state: WdwState, lang: str) -> str:
    """Design §8 heading: the next Einnahmetermin (Strategie 2.1, D12), counting the month
    the printout's reader plays next."""
    month, months = next_income(state.month, options_of(state))
    return say(lang, "print.next_income", month=month, months=say(lang, "count.months", n=months))


def _ledger_lines(state: WdwState, seat: int, treasury: int, lang: str) -> list[str]:
    """Design §8 "Treasury": the month's ledger, from the treasury the month began with
    to the one it ends with, a line for each cause (and place) with its sum."""
    sums: dict[tuple[str, str], int] = {}
    for booking in state.ledger:
        if booking.seat == seat:
            key = (booking.cause, booking.what)
            sums[key] = sums.get(key, 0) + booking.amount
    if not sums:
        return []
    start = treasury - sum(sums.values())
    lines = [say(lang, "ledger.head", start=start)]
    for (cause, what), amount in sums.items():
        where = f" {what}" if what else ""
        lines.append(f"  {say(lang, f'ledger.{cause}')}{where}: {amount:+d} GS")
    lines.append(say(lang, "ledger.end", treasury=treasury))
    return lines


PROPERTIES = ("nahkampf", "fernkampf", "arbeit", "belagerung", "geschwindigkeit", "verteidigung")
"""The levels a unit line names when the unit has them (Strategie 4.2-1a, 4.3)."""


def _properties(unit: Unit, lang: str) -> str:
    """``, NK 1 Arbeit 2``: the unit's property levels above 0, in the table's order."""
    parts = [
        say(lang, f"print.prop.{name}", n=getattr(unit, name))
        for name in PROPERTIES
        if getattr(unit, name)
    ]
    return ", " + " ".join(parts) if parts else ""


def _bp(unit: Unit) -> int:
    """F8: the unit's BP a month."""
    return movement_points(unit.unit_class, speed=unit.geschwindigkeit, mounted=unit.beritten)
