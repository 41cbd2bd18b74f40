"""The calculators as forms (engine.calculating): who may use which, each field with a
default that makes the form useful at once, and the glue from the form's strings to
each calculator's pure functions. The GM (seat None) gets all six, most valuable first
(design §9); a realm gets the economy forecast, the unit designer and the movement
planner, computed from what it knows (:mod:`.knowledge`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from engine.calculating import CalculatorField, CalculatorForm, CalculatorInputError
from engine.wdw.calculators import combat, designer, economy, encounters, movement, siege
from engine.wdw.calculators.inputs import Inputs
from engine.wdw.calculators.knowledge import Knowledge, knowledge
from engine.wdw.calculators.texts import TEXTS, say
from engine.wdw.checks_works import ashore
from engine.wdw.items import hostile
from engine.wdw.mapfile import MapError, field_id
from engine.wdw.setup import options_of
from engine.wdw.state import STRUCTURES, Settlement, Unit, WdwState, world
from engine.wdw.tables import MAIN_ORDERS

Defaults = Callable[[WdwState, Knowledge], Mapping[str, str]]
Answer = Callable[[WdwState, Inputs], list[str]]


@dataclass(frozen=True)
class Calculator:
    """A calculator: its key, whether only the GM may use it, its fields (name and
    choices), their defaults, and its answer."""

    key: str
    gm_only: bool
    fields: tuple[tuple[str, tuple[str, ...]], ...]
    defaults: Defaults
    answer: Answer


def _structure(word: str) -> str | None:
    # The structures by their short names (Strategie 3.2), "rüs" for "rues".
    name = word.lower().replace("ü", "ue")
    return name if name in STRUCTURES else None


# -- combat workbench


def _combat_defaults(state: WdwState, known: Knowledge) -> Mapping[str, str]:
    by_field: dict[str, list[Unit]] = {}
    for unit in known.units:
        by_field.setdefault(unit.kf, []).append(unit)
    for kf in sorted(by_field, key=lambda f: tuple(int(x) for x in f.split("/"))):
        realms = sorted({u.realm for u in by_field[kf]})
        for other in realms[1:]:
            if hostile(state, realms[0], other):
                a = [u.key for u in by_field[kf] if u.realm == realms[0]]
                b = [u.key for u in by_field[kf] if u.realm == other]
                return {"a": " ".join(a), "b": " ".join(b), "kf": kf, "day": "0"}
    first = known.units[0] if known.units else None
    second = next((u for u in known.units if first and u.realm != first.realm), None)
    if first is None or second is None:
        return {"day": "0"}
    return {"a": first.key, "b": second.key, "kf": second.kf, "day": "0"}


def _combat(state: WdwState, given: Inputs) -> list[str]:
    a_units, b_units = given.units("a"), given.units("b")
    if {u.realm for u in a_units} & {u.realm for u in b_units}:
        raise given.fail("b", "same_realm")
    for name, units in (("a", a_units), ("b", b_units)):
        if len({u.realm for u in units}) > 1:
            raise given.fail(name, "one_realm")
    kf = given.field("kf", b_units[0].kf)
    day = given.number("day", 0, most=30)
    sides = []
    for name, units in (("a", a_units), ("b", b_units)):
        order = given.choice(f"{name}_order", ("", *MAIN_ORDERS))
        came = given.field(f"{name}_from") if given.text(f"{name}_from") else ""
        if came and came != kf and came not in given.known.field(kf).neighbours:
            raise given.fail(f"{name}_from", "not_neighbour", value=came, kf=kf)
        lead = order or combat.lead_order(u.order for u in units)
        sides.append(combat.Approach(units, lead, came, Fraction(day)))
    bench = combat.workbench(combat.Scene.of(state), kf, sides[0], sides[1])
    return combat.render(bench, given.lang)


# -- encounter and sighting finder


def _finder(state: WdwState, given: Inputs) -> list[str]:
    plans: dict[str, tuple[str, tuple[str, ...]]] = {}
    for line in given.text("paths").replace(";", "\n").splitlines():
        words = line.split()
        if not words:
            continue
        unit = given.unit_of("paths", words[0])
        order = unit.order
        if len(words) > 1 and words[1][:2].upper() in MAIN_ORDERS:
            order, words = words[1].upper(), words[1:]
        path = tuple(given.field_of("paths", w) for w in words[1:])
        plans[unit.key] = (order, path)
    only = given.field("kf") if given.text("kf") else ""
    radius = options_of(state).sight_radius
    return encounters.render(encounters.find(state, plans, radius, only), given.lang)


# -- economy forecast


def _economy_defaults(state: WdwState, known: Knowledge) -> Mapping[str, str]:
    realm = known.seat if known.seat is not None else (state.realms[0].seat if state.realms else 0)
    months = economy.months_to_income(state.month, options_of(state))
    return {"realm": str(realm), "months": str(months)}


def _economy(state: WdwState, given: Inputs) -> list[str]:
    choices = tuple(str(r.seat) for r in given.known.realms)
    seat = int(given.choice("realm", choices)) if choices else 0
    realm = given.known.realm(seat)
    if realm is None:
        raise given.fail("realm", "unknown_realm", value=seat)
    options = options_of(state)
    default = economy.months_to_income(state.month, options)
    months = given.number("months", default, least=1, most=24)
    own = tuple(s for s in given.known.settlements if s.owner == seat)
    plans = []
    for line in given.text("builds").replace(";", "\n").splitlines():
        words = line.split()
        if not words:
            continue
        if len(words) not in (2, 3):
            raise given.fail("builds", "build_form", value=line.strip())
        place = next((s for s in own if s.name.lower() == words[0].lower()), None)
        if place is None:
            raise given.fail("builds", "unknown_settlement", value=words[0])
        structure = _structure(words[1])
        if structure is None:
            raise given.fail("builds", "unknown_structure", value=words[1])
        count = words[2] if len(words) == 3 else "1"
        if not count.isdecimal() or not 1 <= int(count) <= 24:  # "²" is a digit, no number
            raise given.fail("builds", "range", value=count, least=1, most=24)
        plans.append(economy.Plan(place, structure, int(count)))
    months_from = (state.month, state.year)
    held = economy.holdings(given.known, realm)
    result = economy.forecast(realm, held, tuple(plans), months_from, months, options)
    return economy.render(result, given.lang)


# -- unit designer


def _designer(state: WdwState, given: Inputs) -> list[str]:
    unit = given.unit("unit") if given.text("unit") else None
    unit_class = (
        unit.unit_class if unit else given.choice("unit_class", ("land", "sea", "character"))
    )
    elements = unit.size if unit else given.number("elements", 1000, least=1)
    text = given.text("properties") or "Nahkampf 1"
    try:
        properties = designer.read_properties(text, unit_class)
    except designer.DesignError as exc:
        raise given.fail("properties", exc.why, value=exc.word) from None
    result = designer.design(
        unit_class, elements, properties, options_of(state), from_rs=unit.rs() if unit else 0
    )
    return designer.render(result, given.lang)


# -- movement planner


def _first_unit(state: WdwState, known: Knowledge) -> Mapping[str, str]:
    if not known.units:
        return {}
    first = known.units[0]
    return {"unit": str(first.id) if known.seat is not None else first.key}


def _movement(state: WdwState, given: Inputs) -> list[str]:
    unit = given.unit("unit")
    raw = given.text("path").replace(",", " ").split()
    path = []
    for word in raw:
        try:
            path.append(given.field_of("path", word))
        except CalculatorInputError:
            # An unknown field ends the plan there ("ins Weiße"); a malformed id is an error.
            if given.known.seat is None or not _is_field_id(word):
                raise
            path.append(field_id(word))
    mode = given.choice("mode", movement.MODES)
    load = given.choice("load", movement.LOADING)
    options = options_of(state)
    rules = options.movement_rules()
    route = movement.plan(unit, given.known, tuple(path), mode, load, options.max_rounds, rules)
    return movement.render(route, given.lang)


def _is_field_id(word: str) -> bool:
    try:
        field_id(word)
    except MapError:
        return False
    return True


# -- siege planner


def _besiegers(state: WdwState, place: Settlement) -> tuple[tuple[Unit, ...], tuple[Unit, ...]]:
    # The units in the settlement's field, and the ships whose standing B<s> aims at it
    # from the water beside it (Strategie 5.1-2 B1–B6).
    the_map = world(state.map_text)
    here = [
        u
        for u in state.units
        if u.kf == place.kf or ashore(state, the_map, u, u.kf, u.order[2:]) == place.kf
    ]
    enemies = tuple(
        u for u in here if u.realm != place.owner and hostile(state, u.realm, place.owner)
    )
    sieging = tuple(u for u in enemies if u.order[2:3] == "B" or u.kf != place.kf)
    defenders = tuple(u for u in here if u.realm == place.owner and u.kf == place.kf)
    return sieging or enemies, defenders


def _siege_defaults(state: WdwState, known: Knowledge) -> Mapping[str, str]:
    if not state.settlements:
        return {}
    place = next((s for s in state.settlements if _besiegers(state, s)[0]), state.settlements[0])
    forces = siege.forces_of(*_besiegers(state, place), place)
    return {
        "settlement": place.name,
        "siege": str(forces.siege),
        "workers": str(forces.workers),
        "combat": str(forces.combat),
        "inhabitants": str(forces.inhabitants),
        "repairers": str(forces.repairers),
        "defence": str(forces.defence),
    }


def _siege(state: WdwState, given: Inputs) -> list[str]:
    place = given.settlement("settlement")
    found = siege.forces_of(*_besiegers(state, place), place)
    forces = siege.Forces(
        siege=given.number("siege", found.siege),
        workers=given.number("workers", found.workers),
        combat=given.number("combat", found.combat),
        inhabitants=given.number("inhabitants", found.inhabitants),
        repairers=given.number("repairers", found.repairers),
        defence=given.number("defence", found.defence),
    )
    return siege.render(siege.siege_plan(place, forces), given.lang)


def _none(state: WdwState, known: Knowledge) -> Mapping[str, str]:
    return {}


_ORDERS = ("", *MAIN_ORDERS)
CALCULATORS = (
    Calculator(
        "combat",
        True,
        (
            ("a", ()),
            ("b", ()),
            ("kf", ()),
            ("a_from", ()),
            ("b_from", ()),
            ("day", ()),
            ("a_order", _ORDERS),
            ("b_order", _ORDERS),
        ),
        _combat_defaults,
        _combat,
    ),
    Calculator("encounters", True, (("paths", ()), ("kf", ())), _none, _finder),
    Calculator(
        "economy",
        False,
        (("realm", ()), ("months", ()), ("builds", ())),
        _economy_defaults,
        _economy,
    ),
    Calculator(
        "designer",
        False,
        (
            ("unit_class", ("land", "sea", "character")),
            ("elements", ()),
            ("properties", ()),
            ("unit", ()),
        ),
        lambda state, known: {"unit_class": "land", "elements": "1000", "properties": "Nahkampf 1"},
        _designer,
    ),
    Calculator(
        "movement",
        False,
        (("unit", ()), ("path", ()), ("mode", movement.MODES), ("load", movement.LOADING)),
        _first_unit,
        _movement,
    ),
    Calculator(
        "siege",
        True,
        (
            ("settlement", ()),
            ("siege", ()),
            ("workers", ()),
            ("combat", ()),
            ("inhabitants", ()),
            ("repairers", ()),
            ("defence", ()),
        ),
        _siege_defaults,
        _siege,
    ),
)
"""Every calculator, most valuable first (design §9)."""


def _allowed(seat: int | None) -> tuple[Calculator, ...]:
    return tuple(c for c in CALCULATORS if seat is None or not c.gm_only)


def _choice_labels(name: str, choices: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """What the reader calls each choice of field ``name`` (``choice.<name>.<value>``:
    "See" for the unit class ``sea``); a value without an entry (a code: KX) as it is."""
    keys = [f"choice.{name}.{c}" for c in choices]
    return tuple(say(lang, k) if k in TEXTS else c for k, c in zip(keys, choices, strict=True))


def forms(state: WdwState, seat: int | None, lang: str) -> list[CalculatorForm]:
    """The forms ``seat`` may use (None: the GM), with their defaults."""
    known = knowledge(state, seat)
    found = []
    for calc in _allowed(seat):
        defaults = calc.defaults(state, known)
        fields = tuple(
            CalculatorField(
                name,
                say(lang, f"field.{name}"),
                defaults.get(name, ""),
                choices,
                _choice_labels(name, choices, lang),
            )
            for name, choices in calc.fields
        )
        found.append(
            CalculatorForm(
                calc.key,
                say(lang, f"calc.{calc.key}.title"),
                say(lang, f"calc.{calc.key}.intro"),
                fields,
            )
        )
    return found


def answer(
    state: WdwState, seat: int | None, key: str, params: Mapping[str, str], lang: str
) -> str:
    """The plain-text answer of calculator ``key`` for ``seat`` (None: the GM);
    :class:`CalculatorInputError` for an unknown or refused key and for bad input."""
    calc = next((c for c in _allowed(seat) if c.key == key), None)
    if calc is None:
        refused = any(c.key == key for c in CALCULATORS)
        raise CalculatorInputError(say(lang, "refused" if refused else "unknown", name=key))
    known = knowledge(state, seat)
    merged = {**calc.defaults(state, known), **{k: v for k, v in params.items() if v.strip()}}
    lines = [say(lang, f"calc.{calc.key}.title"), *calc.answer(state, Inputs(merged, known, lang))]
    return "\n".join(lines) + "\n"
