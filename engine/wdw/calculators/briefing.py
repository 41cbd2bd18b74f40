"""The calculators' answers in the GM's dossier (design §4.2): in part B each realm's
economy forecast, in part C each moving unit's range used and left and the F/W
hunters' sightings, in parts E and F for each open combat the combat workbench and for
each siege item the siege planner, with the month's legs (F9) giving where each side
came from and on which day it arrived."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import Order
from engine.dice import Dice
from engine.plaindata import copy_plain
from engine.wdw import checks_works
from engine.wdw.calculators import combat, economy, encounters, movement, siege
from engine.wdw.calculators.knowledge import knowledge
from engine.wdw.calculators.texts import say
from engine.wdw.items import Items, Meeting
from engine.wdw.mapfile import WorldMap
from engine.wdw.month import Month
from engine.wdw.movement import Leg, budget
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Build, Fight, Spy, Work
from engine.wdw.phases import arming, money, works
from engine.wdw.setup import options_of
from engine.wdw.state import STRUCTURES, Realm, Unit, WdwState
from engine.wdw.tables import defends_as


def scene_of(state: WdwState, legs: Mapping[str, Leg]) -> combat.Scene:
    """The month's scene: each unit where its leg ends, and the legs (F9)."""
    ends = {k: leg.steps[-1][0] for k, leg in legs.items() if leg.steps}
    return combat.Scene.of(state, ends, legs)


def workbench_lines(
    scene: combat.Scene, meeting: Meeting, legs: Mapping[str, Leg], lang: str
) -> list[str]:
    """The combat workbench of a K item, indented for the dossier."""
    a = combat.approach(meeting.a.units, meeting.a.order, meeting.kf, scene.units, legs)
    b = combat.approach(meeting.b.units, meeting.b.order, meeting.kf, scene.units, legs)
    late = [
        (
            combat.approach(
                (key,), defends_as(scene.units[key].order), meeting.kf, scene.units, legs
            ),
            round_,
        )
        for key, round_ in meeting.late
    ]
    bench = combat.workbench(scene, meeting.kf, a, b, late, meeting.day)
    return [
        say(lang, "dossier.workbench"),
        *("     " + line for line in combat.render(bench, lang)),
    ]


def siege_lines(state: WdwState, items: Items, lang: str) -> list[str]:
    """Each siege item (``B<n>``, Strategie 6.4) with its siege planner under it, the
    besiegers and the owner's units where their legs end."""
    lines: list[str] = []
    for item, siege_item in items.sieges.items():
        lines.append(checks_works.siege_line(state, item, siege_item, lang))
        town = state.settlement(siege_item.settlement)
        if town is None:
            continue
        besiegers = tuple(u for u in state.units if u.key in siege_item.units)
        defenders = tuple(
            u for u in state.units if u.realm == town.owner and _end_field(u, items.legs) == town.kf
        )
        plan = siege.siege_plan(town, siege.forces_of(besiegers, defenders, town))
        lines.append(say(lang, "dossier.planner"))
        lines += ["     " + line for line in siege.render(plan, lang)]
    return lines


def _end_field(unit: Unit, legs: Mapping[str, Leg]) -> str:
    """Where the unit's leg ends this month (its field when it has none)."""
    leg = legs.get(unit.key)
    return leg.steps[-1][0] if leg is not None and leg.steps else unit.kf


SPENDING = (money.run, works.run, arming.run)
"""The month's phases that pay for the orders given, in the month's order
(engine.wdw.phases): the builds (F12), the workers' works (AB, repair), the raising and
training (Strategie 4.2)."""


def spending(state: WdwState, orders: Mapping[int, Sequence[Order]], items: Items) -> WdwState:
    """The state after the month's :data:`SPENDING` phases carried out ``orders`` on a
    copy of ``state`` (the GM's defaults for its items): each realm's treasury, ledger
    and printout lines as the month will have them before its income. They draw no dice
    (a draw would fail: Dice.forced with none)."""
    after = copy_plain(state)
    after.notes, after.reports, after.ledger = [], [], []
    origins = {u.key: u.kf for u in state.units}
    month = Month(after, orders, items, (), Dice.forced(()), options_of(state), origins)
    for phase in SPENDING:
        phase(month)
    return after


def opening(after: WdwState, seat: int, treasury: int) -> economy.Opening:
    """The month being played for ``seat`` from the state :func:`spending` left: what
    its ledger paid, by cause and place as the printout sums it (design §8), the army
    orders the treasury could not pay, and the builds interrupted or at their limit;
    ``treasury`` the one the month begins with."""
    sums: dict[tuple[str, str], int] = {}
    for booking in after.ledger:
        if booking.seat == seat:
            key = (booking.cause, booking.what)
            sums[key] = sums.get(key, 0) + booking.amount
    spent = [economy.Spent(cause, what, -amount) for (cause, what), amount in sums.items()]
    payments = []
    for note in after.notes:
        if note.seat != seat:
            continue
        value = note.values()
        if note.key == "reject.funds_army":  # D25: checked again on the month's treasury
            missing = int(value["cost"]) - int(value["treasury"])
            spent.append(economy.Spent("army", "", 0, missing))
        elif note.key == "note.build_interrupted":
            name, structure = value["name"], value["structure"]
            payments.append(economy.Payment(name, structure, 0, int(value["missing"])))
        elif note.key == "note.build_max":
            payments.append(economy.Payment(value["name"], value["structure"], 0, at_limit=True))
    return economy.Opening(treasury, tuple(spent), tuple(payments))


def forecast_lines(
    state: WdwState, after: WdwState, realm: Realm, orders: Sequence[Order], lang: str
) -> list[str]:
    """Part B: the realm's economy forecast (design §9.3) from this month up to its next
    Einnahmetermin: this month as its phases pay the orders given (``after``, from
    :func:`spending`: builds, AB, raising, training), then its ``Baue`` orders' BWP left
    the builds it plans (F12, as the month pays them: engine.wdw.phases.money) and the
    upkeep of the units it has then; the line of the shortfalls is flagged ``!`` (the
    advice of [R 3.1]: pay ahead)."""
    options = options_of(state)
    built: dict[tuple[str, str], int] = {}  # the BWP each build got this month
    for note in after.notes:
        if note.seat == realm.seat and note.key == "note.built":
            value = note.values()
            key = (value["name"], value["structure"])
            built[key] = built.get(key, 0) + int(value["bwp"])
    plans = []
    for order in orders:
        if not isinstance(order, Build) or order.structure not in STRUCTURES:
            continue
        place = after.settlement(order.settlement)
        if place is None or place.owner != realm.seat:
            continue
        key = (place.name, order.structure)
        done = min(order.bwp, built.get(key, 0))
        built[key] = built.get(key, 0) - done
        if order.bwp > done:
            plans.append(economy.Plan(place, order.structure, order.bwp - done))
    start = (state.month, state.year)
    months = economy.months_to_income(state.month, options)
    now = after.realm(realm.seat)
    result = economy.forecast(
        now,
        economy.holdings(knowledge(after, None), now),
        tuple(plans),
        start,
        months,
        options,
        opening(after, realm.seat, realm.treasury),
    )
    lines = [line.strip() for line in economy.render(result, lang)[1:]]  # named above
    if any(row.short for row in result.rows):
        lines[-1] = "! " + lines[-1]
    return ["    " + line for line in lines]


def budget_line(
    unit: Unit,
    leg: Leg,
    order: Order | None,
    the_map: WorldMap,
    options: WdwOptions,
    lang: str,
) -> str:
    """Part C: the range the unit's leg used and left (7.1, F20; by BP its BP, F8, as
    the month walked it), its BP left and the rounds of combat they allow (F8, F9; at
    most the option ``max_rounds``, D8), as the movement planner counts them."""
    total = budget(unit, the_map, _ordered_path(order), options.movement_rules())
    max_rounds = options.max_rounds
    return "     " + movement.render_budget(movement.leg_budget(unit, leg, total, max_rounds), lang)


def interception_lines(
    state: WdwState, orders: Mapping[int, Sequence[Order]], lang: str
) -> list[str]:
    """Part C: the F/W units' sightings of hostile units (Tab. 5.1-3, design §9.2) with
    the range of hunter and hunted, as the encounter and sighting finder finds them on
    the month's paths; nothing when no unit hunts this month."""
    plans: dict[str, tuple[str, tuple[str, ...]]] = {}
    for seat, given in orders.items():
        for order in given:
            if isinstance(order, Fight):
                plans[f"{seat}/{order.unit}"] = (order.code + order.ext, order.path)
            elif isinstance(order, Work | Spy):  # Strategie 5.2: they defend, never hunt
                plans[f"{seat}/{order.unit}"] = ("KV", _ordered_path(order))
    found = encounters.hunts(state, plans, options_of(state).sight_radius)
    if not found:
        return []
    return [
        say(lang, "dossier.hunts"),
        *("    " + encounters.sighting_line(s, lang) for s in found),
    ]


def _ordered_path(order: Order | None) -> tuple[str, ...]:
    """The path the unit's order of the month gives it, as engine.wdw.items.legs_of
    walks it: a K order's, or an AB's (Tab. 5.2-1, D18); none for the others."""
    if isinstance(order, Fight) or (isinstance(order, Work) and order.code == "AB"):
        return order.path
    return ()
