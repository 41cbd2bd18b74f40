"""The GM's dossier of a month (design §4.2): the orders, the economy, the movements,
every open item numbered with what the server computed for it, and the ruling form with
the defaults, ready to be edited and mailed back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from engine.core import Order, Ruling
from engine.wdw.form import form_words
from engine.wdw.items import Items, Meeting
from engine.wdw.state import WdwState
from engine.wdw.tables import min_ig
from engine.wdw.texts import heading, say


def _power(value: Fraction) -> str:
    """A Kampfkraft as the GM reads it: whole, or with one decimal."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):.1f}"


def dossier(state: WdwState, orders: Mapping[int, Sequence[Order]], items: Items, lang: str) -> str:
    """The whole dossier, parts A to J."""
    lines = [heading(lang, "dossier.head", state, state.turn + 1), ""]
    lines.append(say(lang, "dossier.orders"))
    for seat in sorted(orders):
        for order in orders[seat]:
            lines.append(f"  {seat}: {order.describe(lang)}")
    lines += ["", say(lang, "dossier.economy")]
    for realm in state.realms:
        lines.append(
            "  "
            + say(
                lang,
                "dossier.treasury",
                seat=realm.seat,
                name=realm.name,
                treasury=realm.treasury,
                bukaz=realm.bukaz,
            )
        )
    lines += ["", say(lang, "dossier.timeline")]
    for key, leg in items.legs.items():
        if not leg.steps and not leg.bad:
            continue
        steps = " ".join(f"{kf}@{_power(day)}" for kf, day in leg.steps)
        extra = say(lang, "dossier.truncated") if leg.truncated else ""
        extra += say(lang, "dossier.bad", why=leg.bad) if leg.bad else ""
        lines.append("  " + say(lang, "dossier.leg", unit=key, steps=steps) + extra)
    lines += ["", say(lang, "dossier.items")]
    if not items.ids():
        lines.append("  " + say(lang, "dossier.none"))
    for item, meeting in items.meetings.items():
        lines += _meeting_lines(item, meeting, lang)
    for item, (seat, spy) in items.spies.items():
        ig = _ig(state, seat, spy.unit, spy.target)
        lines.append(
            say(
                lang,
                "item.spy",
                item=item,
                seat=seat,
                unit=spy.unit,
                code=spy.code,
                risk=spy.risk,
                target=spy.target,
                ig=ig,
            )
        )
    for item, (seat, special) in items.specials.items():
        lines.append(
            say(lang, "item.special", item=item, seat=seat, unit=special.unit, text=special.text)
        )
    lines += ["", say(lang, "dossier.form"), say(lang, "dossier.rulings")]
    lines += [f"{item} {form_words(item, items, lang)}" for item in items.ids()]
    lines.append(say(lang, "dossier.end"))
    return "\n".join(lines) + "\n"


def _meeting_lines(item: str, meeting: Meeting, lang: str) -> list[str]:
    a, b = meeting.a, meeting.b
    if item.startswith("E"):
        return [
            say(
                lang,
                "item.encounter",
                item=item,
                kf=meeting.kf,
                a=a.realm,
                a_order=a.order,
                b=b.realm,
                b_order=b.order,
                text=meeting.outcome.text,
            ),
            say(lang, "item.question", a_power=_power(a.kampfkraft), b_power=_power(b.kampfkraft)),
        ]
    lines = [
        say(
            lang,
            "item.combat",
            item=item,
            kf=meeting.kf,
            a=a.realm,
            a_units=" ".join(a.units),
            b=b.realm,
            b_units=" ".join(b.units),
        ),
    ]
    for name, side in (("A", a), ("B", b)):
        gp = ", ".join(f"{cause} {n:+d}" for cause, n in side.gp) or "0"
        lines.append(say(lang, "item.side", side=name, power=_power(side.kampfkraft), gp=gp))
    if b.kampfkraft:
        lines.append(say(lang, "item.ratio", ratio=_power(a.kampfkraft / b.kampfkraft)))
    return lines


def _ig(state: WdwState, seat: int, unit: int, target: str) -> str:
    """The spy's IG on the target and the target's true minimum IG (Tab. 5.3-1)."""
    current = next(
        (
            s.ig
            for s in state.spying
            if (s.realm, s.unit, s.target.lower()) == (seat, unit, target.lower())
        ),
        1,
    )
    place = state.settlement(target)
    if place is None:
        return f"{current} / min {min_ig(None, frozenset())}"
    extras = frozenset({"capital"} if place.capital else set())
    return f"{current} / min {min_ig(place.population, extras)}"


def open_lines(items: Items, given: Sequence[Ruling], lang: str) -> list[str]:
    """The items without a ruling yet, one line each, id first."""
    ruled = {r.item.upper() for r in given}
    lines = []
    for item, meeting in items.meetings.items():
        if item not in ruled:
            key = "open.combat" if item.startswith("K") else "open.encounter"
            lines.append(
                f"{item} {say(lang, key, kf=meeting.kf)} — {form_words(item, items, lang)}"
            )
    for item, (seat, spy) in items.spies.items():
        if item not in ruled:
            lines.append(f"{item} {say(lang, 'open.spy', seat=seat, unit=spy.unit, code=spy.code)}")
    for item, (seat, _special) in items.specials.items():
        if item not in ruled:
            lines.append(f"{item} {say(lang, 'open.special', seat=seat)}")
    return lines
