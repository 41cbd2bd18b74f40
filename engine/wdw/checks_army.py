"""Raising, Soforrüstung and training (Strategie 4.2, 4.3; design §3.6, F5, F6, D25,
D35, D39): what an order costs, and why it is refused. The acknowledgement and the
month's arming phase read the same checks, so a refusal reads the same in both."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Order, RefusedText
from engine.wdw.formulas import barracks, element_cost, rs_of, rues_capacity, training_months
from engine.wdw.orders import IMMUNITY, RIVER, RIVER_WORDS, Raise, Train
from engine.wdw.property_words import FLAGS
from engine.wdw.provinces import province_named
from engine.wdw.setup import options_of
from engine.wdw.state import Settlement, Unit, WdwState, world
from engine.wdw.texts import say, terrain_word, terrain_words

ORDERS = (Raise, Train)
"""The orders this module checks (engine.wdw.acknowledge dispatches them here)."""
LEVELLED = (
    "nahkampf",
    "fernkampf",
    "arbeit",
    "belagerung",
    "transport",
    "geschwindigkeit",
    "verteidigung",
    "immun_extrem",
)
"""The properties with levels (Strategie 4.3, "(1..n)"; the extreme-terrain immunities
as their count, one Rüststufe each)."""
FIRST = {
    "land": ("nahkampf", "fernkampf", "arbeit", "belagerung", "transport"),
    "sea": ("nahkampf", "fernkampf", "transport"),
    "character": ("spion", "heerfuehrer"),
}
"""Tab. 4.2-1a: the one property a unit has when it is raised (or Heimatverteidigung for
a province, the order's ``province``)."""
TRAINABLE = {
    "land": ("nahkampf", "fernkampf", "arbeit", "belagerung", "transport", "geschwindigkeit",
             "beritten", "verteidigung", "marineinfanterie", IMMUNITY),
    "sea": ("nahkampf", "fernkampf", "belagerung", "transport", "geschwindigkeit",
            "verteidigung", IMMUNITY),
    "character": ("spion", "heerfuehrer"),
}  # fmt: skip
"""Strategie 4.3: the properties training (or a Soforrüstung) may add by class; a
character's further training is the GM's (a Sonderbefehl: the module "Charaktere")."""


class Refused(RefusedText):
    """The acknowledgement's words of a refused order (``order: why``) with its
    :class:`Refusal` and why alone (``reason``): the order is void, the month never
    carries it out (engine.wdw.forecast.standing reads the type)."""

    refusal: Refusal

    def __new__(cls, text: str, refusal: Refusal, reason: str | None = None) -> Refused:
        made = super().__new__(cls, text, reason)
        made.refusal = refusal
        return made


@dataclass(frozen=True)
class Refusal:
    """Why an order fails: a ``reject.*`` key and its values."""

    key: str
    values: dict[str, object] = field(default_factory=dict)

    def say(self, lang: str) -> str:
        """The reason in ``lang``."""
        return say(lang, f"reject.{self.key}", **self.values)

    def of(self, order: Order, lang: str) -> Refused:
        """The acknowledgement of a refused order: its words, then why."""
        why = self.say(lang)
        return Refused(f"{order.describe(lang)}: {why}", self, why)


@dataclass(frozen=True)
class Plan:
    """What a legal raising or training does: the Rüststufe reached, the gold due now,
    the GS it takes of the settlement's Rüstkapazität, the months it takes, and where."""

    rs: int
    cost: int
    capacity: int
    months: int
    place: Settlement
    properties: dict[str, int]
    warning: Refusal | None = None
    provinces: tuple[str, ...] = ()
    """The provinces the unit gains Heimatverteidigung for (Strategie 4.3)."""
    terrains: tuple[str, ...] = ()
    """The terrains the unit gains immunity in (Strategie 4.3 "Geländeimmunität")."""


HV = "heimatverteidigung"
NORMAL = "normal"
_HARDNESS = (NORMAL, "schwer", "extrem")
"""Strategie 1.1: the terrain classes, easiest first."""


def levels(entries: tuple[str, ...] | list[str]) -> dict[str, int]:
    """``name=level`` entries as a mapping (Heimatverteidigung's ``name=province``
    entries are :func:`defended`'s)."""
    pairs = (e.split("=", 1) for e in entries)
    return {name: int(level) for name, level in pairs if name not in (HV, IMMUNITY)}


def defended(entries: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The provinces of the ``heimatverteidigung=<province>`` entries."""
    return tuple(e.split("=", 1)[1] for e in entries if e.startswith(f"{HV}="))


def immune_to(entries: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The terrains of the ``immunitaet=<terrain>`` entries."""
    return tuple(e.split("=", 1)[1] for e in entries if e.startswith(f"{IMMUNITY}="))


def give(
    unit: Unit,
    properties: dict[str, int],
    provinces: tuple[str, ...],
    terrains: tuple[str, ...] = (),
) -> None:
    """Strategie 4.2: ``unit`` with the levels of ``properties`` (a flag set by a level
    above 0), Heimatverteidigung for ``provinces`` and immunity in ``terrains`` (4.3; a
    raising's or a training's)."""
    for name, level in properties.items():
        setattr(unit, name, bool(level) if isinstance(getattr(unit, name), bool) else level)
    unit.heimatverteidigung += [p for p in provinces if p not in unit.heimatverteidigung]
    unit.immune += [t for t in terrains if t not in unit.immune]


def _immunities(
    state: WdwState, entries: tuple[str, ...], had: list[str]
) -> tuple[tuple[str, ...], int] | Refusal:
    """Strategie 4.3 "Geländeimmunität": the new terrains of the ``immunitaet=`` entries,
    as the map names them, and how many are extreme ("kostet immer eine komplette
    Rüststufe"); a terrain not on the map or a normal one is refused; ``Fluss`` is the
    immunity to river crossings ("oder von Verlusten bei Flußübergängen")."""
    classes: dict[str, str] = {}
    for spot in world(state.map_text).fields.values():  # a terrain's hardest class
        was = classes.get(spot.terrain, NORMAL)
        classes[spot.terrain] = max(was, spot.terrain_class, key=_HARDNESS.index)
    named = {word.lower(): t for t in classes for word in terrain_words(t)}
    new: list[str] = []
    for asked in immune_to(entries):
        # 4.3: river crossings are free like a difficult (not extreme) terrain.
        terrain = RIVER if asked.lower() in RIVER_WORDS else named.get(asked.lower())
        if terrain is None:
            return Refusal(
                "unknown_terrain", {"name": asked, "terrains": ", ".join(sorted(classes))}
            )
        if classes.get(terrain) == NORMAL:
            return Refusal("immunity_normal", {"terrain": terrain})
        if terrain not in had and terrain not in new:
            new.append(terrain)
    return tuple(new), sum(classes.get(t) == "extrem" for t in new)


def _free_immunities(state: WdwState, terrains: list[str], rs: int) -> Refusal | None:
    """Strategie 4.3: immunity in difficult (not extreme) terrain is free, one per
    Rüststufe over 1."""
    the_map = world(state.map_text)
    extreme = {f.terrain for f in the_map.fields.values() if f.terrain_class == "extrem"}
    free = [t for t in terrains if t not in extreme]
    if len(free) > rs - 1:
        return Refusal("immunity_not_free", {"count": len(free), "rs": rs})
    return None


def rs_defending(properties: dict[str, int], provinces: tuple[str, ...] | list[str]) -> int:
    """F6 with Heimatverteidigung for ``provinces`` (one Rüststufe each, Strategie 4.3)."""
    return rs_of({**properties, HV: int(bool(provinces))}, provinces=len(provinces))


def _province(state: WdwState, seat: int, name: str, unit_class: str) -> str | Refusal:
    """Strategie 1.2, 4.3: Heimatverteidigung for an approved province of the realm: a
    land province for land units, a sea province for fleets ("Seeprovinzen, in denen
    Flotten mit der Fähigkeit Heimatverteidigung … eingesetzt werden können")."""
    if unit_class == "character":
        return Refusal("property_not_allowed", {"property": HV, "cls": unit_class})
    realm = state.realm(seat)
    found = province_named(realm, name)
    if found is None:
        return Refusal("unknown_province", {"name": name})
    at_sea = found in {entry.partition("=")[0] for entry in realm.home_ports}
    if at_sea != (unit_class == "sea"):
        return Refusal("province_class", {"name": found, "cls": unit_class})
    return found


def properties_of(unit: Unit) -> dict[str, int]:
    """A unit's properties with their levels (flags as 0 or 1; the extreme-terrain
    immunities as their count)."""
    return {p: int(getattr(unit, p)) for p in (*LEVELLED, *FLAGS)}


def stationed(state: WdwState, seat: int, kf: str) -> int:
    """D35: the foot-equivalents of ``seat``'s land units in ``kf`` (mounted count 2,
    Strategie 4.1)."""
    return sum(
        u.size * (2 if u.beritten else 1)
        for u in state.units
        if u.realm == seat and u.kf == kf and u.unit_class == "land"
    )


def capacity_line(state: WdwState, place: Settlement, lang: str) -> str:
    """A settlement's Rüstkapazität used and left this half-year (F4, D12) and its
    stationing used and room (F4, D35), for its owner's printout and the dossier."""
    capacity, room = rues_capacity(place.rues), barracks(place.mil)
    return say(
        lang,
        "print.capacity",
        settlement=place.name,
        used=place.rues_used,
        capacity=capacity,
        left=max(0, capacity - place.rues_used),
        stationed=stationed(state, place.owner, place.kf),
        room=room,
    )


def in_training(state: WdwState, seat: int, kf: str) -> int:
    """Strategie 4.3: units in training count as stationed in their settlement
    (foot-equivalents, mounted 2)."""
    return sum(
        u.size * (2 if u.beritten or levels(u.training_to).get("beritten") else 1)
        for u in state.units
        if u.realm == seat and u.kf == kf and u.training_months > 0
    )


def trains_at(state: WdwState, unit: Unit, kf: str) -> bool:
    """Strategie 4.2: a unit's training counts its months only in a settlement of its
    own realm (``kf``: where it stands)."""
    return any(s.kf == kf and s.owner == unit.realm for s in state.settlements)


def training_warning(state: WdwState, unit: Unit, end: str, lang: str) -> str:
    """Strategie 4.2: the acknowledgement's warning when a unit in training is ordered
    out of its realm's settlements (its leg ends in ``end``): the training rests there
    ("" when it trains on, or trains nothing)."""
    if unit.training_months <= 0 or trains_at(state, unit, end):
        return ""
    months = say(lang, "count.months", n=unit.training_months)
    return say(lang, "warn.training_rests", unit=unit.id, kf=end, months=months)


def plan_raise(state: WdwState, seat: int, order: Raise) -> Plan | Refusal:
    """Strategie 4.2: a raising at RS 1 or a Soforrüstung in an own settlement."""
    place = state.settlement(order.settlement)
    if place is None or place.owner != seat:
        return Refusal("unknown_settlement", {"settlement": order.settlement})
    if order.count < 1 or (order.unit_class == "character" and order.count != 1):
        return Refusal("bad_count", {"count": order.count})
    wanted = levels(order.properties)
    hv: tuple[str, ...] = ()
    if order.province:
        found = _province(state, seat, order.province, order.unit_class)
        if isinstance(found, Refusal):
            return found
        hv = (found,)
    immune = _immunities(state, order.properties, [])
    if isinstance(immune, Refusal):
        return immune
    terrains, extreme = immune
    if extreme:
        wanted["immun_extrem"] = extreme
    refusal = _not_allowed(order.unit_class, wanted, terrains) or _allowed(
        order.unit_class, wanted, order.instant, defends=bool(hv)
    )
    if refusal is not None:
        return refusal
    rs = rs_defending(wanted, hv)
    if order.rs and order.rs != rs:
        return Refusal("rs_mismatch", {"stated": order.rs, "rs": rs})
    refusal = _free_immunities(state, list(terrains), rs)
    if refusal is not None:
        return refusal
    the_field = world(state.map_text).fields[place.kf]
    if order.unit_class == "sea" and not (the_field.coast or the_field.navigable):
        return Refusal("needs_port", {"settlement": place.name})
    cost = element_cost(order.unit_class, rs) * order.count
    # Strategie 4.2: only RS 1 counts against the capacity, a Soforrüstung all of it.
    used = cost if order.instant else element_cost(order.unit_class, 1) * order.count
    free = rues_capacity(place.rues) - place.rues_used
    if used > free:
        return Refusal("rues_capacity", {"settlement": place.name, "free": free, "need": used})
    treasury = state.realm(seat).treasury
    if treasury < cost:
        return Refusal("funds_army", {"treasury": treasury, "cost": cost})
    warning = None
    if order.unit_class == "land":
        after = stationed(state, seat, place.kf) + order.count * (1 + wanted.get("beritten", 0))
        if after > barracks(place.mil):
            warning = Refusal("barracks_full", {"stationed": after, "room": barracks(place.mil)})
    return Plan(rs, cost, used, 0, place, wanted, warning, hv, terrains)


def plan_train(state: WdwState, seat: int, order: Train) -> Plan | Refusal:
    """Strategie 4.2, 4.3 (F5, D35): training in an own settlement pays the difference in
    cost now and takes the difference in months; the units in training must fit the
    settlement's barracks."""
    unit = state.unit(seat, order.unit)
    if unit is None:
        return Refusal("unknown_unit", {"unit": order.unit})
    place = next((s for s in state.settlements if s.kf == unit.kf and s.owner == seat), None)
    if place is None:
        return Refusal("not_in_settlement", {"unit": unit.id})
    if unit.training_months > 0:
        return Refusal("in_training", {"unit": unit.id, "months": unit.training_months})
    if unit.conversion_months > 0:
        return Refusal("converting", {"unit": unit.id, "months": unit.conversion_months})
    wanted = levels(order.properties)
    immune = _immunities(state, order.properties, unit.immune)
    if isinstance(immune, Refusal):
        return immune
    terrains, extreme = immune
    if extreme:
        wanted["immun_extrem"] = unit.immun_extrem + extreme
    refusal = _not_allowed(unit.unit_class, wanted, terrains)
    if refusal is not None:
        return refusal
    now = properties_of(unit)
    lower = [n for n, level in wanted.items() if level < now[n]]
    if lower:
        return Refusal("no_untraining", {"property": lower[0], "level": now[lower[0]]})
    gained: tuple[str, ...] = ()
    if order.province:
        found = _province(state, seat, order.province, unit.unit_class)
        if isinstance(found, Refusal):
            return found
        if found in unit.heimatverteidigung:
            return Refusal("already_defends", {"unit": unit.id, "name": found})
        gained = (found,)
    target = {**now, **wanted}
    rs_now, rs = unit.rs(), rs_defending(target, [*unit.heimatverteidigung, *gained])
    if order.rs and order.rs != rs:
        return Refusal("rs_mismatch", {"stated": order.rs, "rs": rs})
    refusal = _free_immunities(state, [*unit.immune, *terrains], rs)
    if refusal is not None:
        return refusal
    if rs <= rs_now and not terrains:  # Strategie 4.3: a free immunity alone gains no RS
        return Refusal("no_gain", {"unit": unit.id, "rs": rs_now})
    cost = (element_cost(unit.unit_class, rs) - element_cost(unit.unit_class, rs_now)) * unit.size
    treasury = state.realm(seat).treasury
    if treasury < cost:
        return Refusal("funds_army", {"treasury": treasury, "cost": cost})
    if unit.unit_class == "land":
        need = in_training(state, seat, place.kf) + unit.size * (1 + target["beritten"])
        if need > barracks(place.mil):
            return Refusal("barracks", {"stationed": need, "room": barracks(place.mil)})
    halfyear = options_of(state).training_halfyear  # D22
    months = training_months(rs, halfyear=halfyear) - training_months(rs_now, halfyear=halfyear)
    used = 0
    if halfyear:  # Strategie 4.2 (D22): the first two RS' share uses the Rüstkapazität
        used = first_two_rs_share(unit.unit_class, rs_now, rs) * unit.size
        free = rues_capacity(place.rues) - place.rues_used
        if used > free:
            return Refusal("rues_capacity", {"settlement": place.name, "free": free, "need": used})
    changed = {n: level for n, level in target.items() if level != now[n]}
    return Plan(rs, cost, used, months, place, changed, provinces=gained, terrains=terrains)


def first_two_rs_share(unit_class: str, rs_from: int, rs_to: int) -> int:
    """Strategie 4.2, Spielleiter-Option (``training_halfyear``, D22): of a training's
    price per element, "der Anteil …, der auf die ersten beiden Rüststufen fällt" — the
    part up to RS 2, which alone counts against the Rüstkapazität (RS 3 → 4 nothing)."""
    return element_cost(unit_class, min(rs_to, 2)) - element_cost(unit_class, min(rs_from, 2))


def _not_allowed(
    unit_class: str, wanted: dict[str, int], terrains: tuple[str, ...]
) -> Refusal | None:
    """Strategie 4.3, Tab. 4.2-1a: the first property the class may have, or what
    training may add to it (a terrain immunity by that name, whatever its cost)."""
    names = [n for n in wanted if n != "immun_extrem"] + ([IMMUNITY] if terrains else [])
    for name in names:
        if name not in FIRST[unit_class] + TRAINABLE[unit_class]:
            return Refusal("property_not_allowed", {"property": name, "cls": unit_class})
    return None


def _allowed(
    unit_class: str, wanted: dict[str, int], instant: bool, *, defends: bool
) -> Refusal | None:
    """Tab. 4.2-1a: a raising has exactly one first property at level 1 (or
    Heimatverteidigung, ``defends``); a Soforrüstung has a first property and may add
    what training could."""
    first = [n for n in wanted if n in FIRST[unit_class]]
    if not first and not (defends and unit_class == "land"):  # HV: a land unit's only
        return Refusal("needs_first_property", {"cls": unit_class})
    if not instant and (len(wanted) + defends > 1 or any(v > 1 for v in wanted.values())):
        return Refusal("needs_instant", {})
    return None


def describe(state: WdwState, seat: int, order: Order, lang: str) -> str:
    """The acknowledgement of a raising or a training (D37: only what the realm knows)."""
    if isinstance(order, Raise):
        plan = plan_raise(state, seat, order)
        key = "order.raise_instant" if order.instant else "order.raise"
        who = say(lang, f"class.{order.unit_class}")
    elif isinstance(order, Train):
        plan = plan_train(state, seat, order)
        key, who = "order.train", str(order.unit)
    else:
        return order.describe(lang)
    if isinstance(plan, Refusal):
        return plan.of(order, lang)
    text = say(
        lang,
        key,
        count=getattr(order, "count", 0),
        who=who,
        properties=words(plan.properties, lang, plan.provinces, plan.terrains),
        settlement=plan.place.name,
        rs=plan.rs,
        cost=plan.cost,
        used=plan.capacity,
        months=plan.months,
    )
    if plan.warning is not None:
        text += f" ({plan.warning.say(lang)})"
    return text


def words(
    properties: dict[str, int],
    lang: str,
    provinces: tuple[str, ...] = (),
    terrains: tuple[str, ...] = (),
) -> str:
    """The properties in ``lang``: ``Nahkampf 3, beritten, Heimatverteidigung Erinal,
    Immunität Sumpf`` (the extreme-terrain immunities by their terrains, not their
    count)."""
    named = [
        say(lang, f"prop.{name}") + ("" if name in FLAGS else f" {level}")
        for name, level in properties.items()
        if level and name != "immun_extrem"
    ]
    named += [f"{say(lang, 'prop.heimatverteidigung')} {p}" for p in provinces]
    named += [f"{say(lang, 'prop.immunitaet')} {terrain_word(t, lang)}" for t in terrains]
    return ", ".join(named)


def unit_lines(unit: Unit, lang: str) -> list[str]:
    """The printout's lines under a unit: the provinces it defends, Marineinfanterie,
    the terrains it is immune in, its training and its conversion (Strategie 4.2,
    4.3)."""
    lines = []
    if unit.heimatverteidigung:
        provinces = ", ".join(unit.heimatverteidigung)
        lines.append(say(lang, "print.defends", provinces=provinces))
    if unit.marineinfanterie:
        lines.append(say(lang, "print.marines"))
    if unit.immune:
        lines.append(say(lang, "print.immune", terrains=", ".join(unit.immune)))
    if unit.training_months:
        to = unit.training_to
        gained = words(levels(to), lang, defended(to), immune_to(to))
        lines.append(say(lang, "print.training", properties=gained, months=unit.training_months))
    if unit.conversion_months:
        target = ability_words(unit.conversion_to, lang)
        lines.append(say(lang, "print.conversion", target=target, months=unit.conversion_months))
    return lines


def ability_words(side: str, lang: str) -> str:
    """``nahkampf`` or ``heimatverteidigung=Erinal`` in ``lang``."""
    name, _, province = side.partition("=")
    return f"{say(lang, f'prop.{name}')} {province}".strip()
