"""The open items of a month (design §4.2): what the GM must rule on, numbered in a
fixed order so that the same state and orders always give the same ids.

``E<n>`` an encounter whose Table 6.1-1 row asks a question (a KT's appearance),
``K<n>`` a combat, ``G<n>`` an espionage action, ``X<n>`` a Sonderbefehl.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from engine.core import Order, Ruling
from engine.wdw.allied import AlliedStops, first_of, hostile, mutual_pairs
from engine.wdw.asking import Asking, Record
from engine.wdw.calculators import combat
from engine.wdw.characters import with_the_army
from engine.wdw.checks_conquest import Barren, Raid, barren_of, owner_of, raids_of
from engine.wdw.checks_decay import decays_of
from engine.wdw.checks_walls import WallSiege, wall_sieges_of
from engine.wdw.checks_works import Siege, sieges_of
from engine.wdw.contacts import Contact, Fought, contacts
from engine.wdw.fights import combat_verdict, fought_rounds, going_on
from engine.wdw.interception import INTERCEPTING, Hunter, Interceptions
from engine.wdw.mapfile import WorldMap
from engine.wdw.movement import Leg, budget, enterable, mode_factor, walk
from engine.wdw.orders import Demolish, Fight, Province, Repair, Special, Spy, Work, counted
from engine.wdw.setup import options_of
from engine.wdw.spy_limits import over_limit, stands
from engine.wdw.state import Unit, WdwState, world
from engine.wdw.storm import Assault, storms_of
from engine.wdw.tables import MAIN_ORDERS, Outcome, defends_as, encounter, stand_off
from engine.wdw.timeline import Reaction, retreating, rounds
from engine.wdw.walls import held_crossings


@dataclass(frozen=True)
class Side:
    """One side of an encounter: a realm's units in the field, its leading (most
    aggressive) order, and its Kampfkraft with the GP by cause (F10, Tab. 6.3-1)."""

    realm: int
    units: tuple[str, ...]
    order: str
    kampfkraft: Fraction
    gp: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Meeting:
    """Two realms' units in one field this month, and the table's row for them."""

    kf: str
    a: Side
    b: Side
    outcome: Outcome
    day: Fraction = Fraction(0)
    """The day they meet (F9, engine.wdw.timeline)."""
    rounds: int = 0
    """The rounds of combat their BP leave (F9, D8)."""
    late: tuple[tuple[str, int], ...] = ()
    """A combat's late arrivals (``realm/unit``) and the round each joins from
    (Strategie 6.2 "Später ankommende Einheiten", engine.wdw.contacts)."""
    parties: tuple[tuple[int, ...], ...] = ()
    """A combat's parties, each a realm or allied realms: side A's, side B's, then the
    further ones of late arrivals (Strategie 6.2 "Kämpfe mit mehr als zwei Parteien")."""
    others: tuple[Side, ...] = ()
    """The further parties' sides (their late units, their Kampfkraft), in ``parties``'
    order after A and B."""

    def party_of(self, realm: int) -> tuple[int, ...]:
        """The realms fighting on ``realm``'s side in this combat (its party)."""
        found = (p for p in self.parties if realm in p)
        return next(found, (realm,))


Retreat = tuple[str, tuple[str, ...], int, Fraction]
"""A retreat before a combat: the field, the units that retreat, the realm they retreat
from, and the day they met (D28's blocked fields are those of that day)."""


@dataclass(frozen=True)
class Items:
    """The month's open items by id, with what each is about."""

    meetings: dict[str, Meeting]
    """``E<n>`` and ``K<n>`` (both name the same meeting when it has both)."""
    spies: dict[str, tuple[int, Spy]]
    specials: dict[str, tuple[int, Special]]
    legs: dict[str, Leg]
    """Every unit's leg this month, by ``realm/unit``."""
    retreats: tuple[Retreat, ...] = ()
    """Retreats before a combat (Tab. 6.1-1 rows without a fight)."""
    provinces: dict[str, tuple[int, Province]] = field(default_factory=dict)
    """``V<n>``: a province the GM approves or not (Strategie 1.2)."""
    sieges: dict[str, Siege] = field(default_factory=dict)
    """``B<n>``: a siege the GM confirms or not (Strategie 6.4)."""
    raids: dict[str, Raid] = field(default_factory=dict)
    """``P<n>``: plunder, its loot the GM's (Strategie 5.1-2, D31)."""
    decays: dict[str, tuple[str, str]] = field(default_factory=dict)
    """``Z<n>``: a settlement a BWP decays in, and the default structure (Strategie 3.4)."""
    wall_sieges: dict[str, WallSiege] = field(default_factory=dict)
    """``B<n>`` after the settlements' sieges: a wall besieged (Strategie 5.1-2 B1–B6)."""
    storms: dict[str, Assault] = field(default_factory=dict)
    """``S<n>``: a storm assault on a fortified settlement (Strategie 3.2, 6.4)."""
    barren: tuple[Barren, ...] = ()
    """The fields a plundering unit passes with nothing to plunder (no item; a line)."""
    stand_offs: tuple[Meeting, ...] = ()
    """Meetings where both sides stay without a fight (Tab. 6.1-1; no item; a line)."""

    def ids(self) -> list[str]:
        """Every open item's id, in the dossier's order."""
        mine = [*self.provinces, *self.sieges, *self.wall_sieges, *self.raids, *self.decays]
        mine += self.storms
        return [*self.meetings, *self.spies, *self.specials, *mine]


UnitOrders = dict[tuple[int, int], Fight | Work | Spy]
"""Each unit's K, A or G order of the month by (realm, unit)."""


def by_unit(orders: Mapping[int, Sequence[Order]]) -> UnitOrders:
    """The month's unit orders by (realm, unit), as engine.wdw.orders.counted keeps them;
    a worker in a demolition or repair is under AB where it stands (D20)."""
    found: UnitOrders = {}
    for seat, given in orders.items():
        for order in counted(given):
            if isinstance(order, Fight | Work | Spy):
                found[(seat, order.unit)] = order
            elif isinstance(order, Demolish | Repair):
                for unit in order.units:
                    found[(seat, unit)] = Work(line=order.line, unit=unit, code="AB")
    return found


def legs_of(state: WdwState, chosen: UnitOrders) -> dict[str, Leg]:
    """Every unit's leg along its K order's path this month (others stay)."""
    the_map = world(state.map_text)
    options, seats = options_of(state), {r.seat for r in state.realms}
    rules = options.movement_rules()
    held = held_walls(state, the_map, lambda a, b: hostile(state, a, b))
    enter: dict[int, frozenset[str] | None] = {}  # by realm, made when its first unit moves
    legs = {}
    for unit in state.units:
        order = chosen.get((unit.realm, unit.id))
        path = order.path if isinstance(order, Fight | Work) else ()
        if isinstance(order, Work) and order.code != "AB":
            path = ()  # Tab. 5.2-1: only AB moves first (D18); AS/AM name fields for the GM
        if path:
            # D21: KX or S take twice the time a step
            factor = mode_factor(order.code, order.ext) if isinstance(order, Fight) else 1
            if unit.realm not in enter:
                mine = unit.realm in seats
                enter[unit.realm] = enterable(state, unit.realm, options) if mine else None
            known = enter[unit.realm]
            walls = held.get(unit.realm, frozenset()) if unit.unit_class == "land" else None
            legs[unit.key] = walk(unit, the_map, path, factor, known, walls, rules)
        else:
            legs[unit.key] = walk(unit, the_map, (), rules=rules)
    return legs


@dataclass(frozen=True)
class Finding:
    """What one finding of a month keeps for the next of the same state and orders: its
    questions and their answers (engine.wdw.asking) and its combat scene with the
    sides' figures worked out (:func:`find_items`)."""

    record: Record
    scene: combat.Scene

    @classmethod
    def of(cls, state: WdwState) -> Finding:
        """A finding of ``state`` about to be made."""
        return cls(Record(), combat.Scene.of(state))

    def again(self) -> Finding:
        """The next finding of the same state: its own questions, this scene."""
        return Finding(Record(), self.scene)


def held_walls(
    state: WdwState, the_map: WorldMap, enemies: Callable[[int, int], bool]
) -> dict[int, frozenset[tuple[str, str]]]:
    """Strategie 5.1-2: by realm, the steps (from, to) a wall holds its land units at
    (a manned hostile wall; any working one with ``wall_unmanned_holds``), for the
    month's legs and the F/W hunters alike."""
    unmanned = options_of(state).wall_unmanned_holds
    return {r.seat: held_crossings(state, the_map, r.seat, enemies, unmanned) for r in state.realms}


def main_order(unit: Unit, chosen: UnitOrders) -> str:
    """The unit's main K order this month: its new K order, else its standing one (D27);
    a unit under an A order meets others as its extension says (Tab. 5.2-2, never
    attacking), under a G order as KV (engine.wdw.tables.defends_as)."""
    order = chosen.get((unit.realm, unit.id))
    if isinstance(order, Fight | Work):
        return defends_as(order.code + order.ext)
    return defends_as(unit.order)


def _lead(units: Sequence[Unit], main: Mapping[str, str]) -> str:
    """A side's leading order: its units' most aggressive main order (Tab. 5.1-1), each
    unit's from ``main`` (:func:`main_order`, worked out once for the month)."""
    return min((main[u.key] for u in units), key=MAIN_ORDERS.index)


def _approach(
    scene: combat.Scene,
    kf: str,
    units: Sequence[Unit],
    main: Mapping[str, str],
    legs: Mapping[str, Leg],
) -> combat.Approach:
    """The group ``units`` as it comes to the meeting in ``kf`` under its leading order
    (engine.wdw.calculators.combat.approach)."""
    return combat.approach([u.key for u in units], _lead(units, main), kf, scene.units, legs)


def _side(
    scene: combat.Scene, kf: str, mine: combat.Approach, enemy: combat.Approach, attacker: bool
) -> Side:
    """A side in ``kf`` against ``enemy`` with its Kampfkraft as the combat workbench
    computes it (F10, Tab. 6.3-1: the positional GP too — Stv, capital, river or wall,
    height, forest — engine.wdw.calculators.combat), its GP summed by cause."""
    party = combat.figures(scene, kf, mine, enemy, attacker)
    gp: dict[str, int] = {}
    for fighter in party.fighters:
        for cause, n in fighter.gp:
            gp[cause] = gp.get(cause, 0) + n
    keys = tuple(u.key for u in mine.units)
    return Side(party.realm, keys, mine.order, party.melee, tuple(sorted(gp.items())))


def _table(
    scene: combat.Scene,
    kf: str,
    first: Sequence[Unit],
    second: Sequence[Unit],
    main: Mapping[str, str],
    legs: Mapping[str, Leg],
) -> tuple[Side, Side]:
    """The table's sides A (``first``, the attacker) and B in ``kf`` (:func:`_side`),
    each group's approach worked out once for both sides' figures."""
    a, b = _approach(scene, kf, first, main, legs), _approach(scene, kf, second, main, legs)
    return _side(scene, kf, a, b, True), _side(scene, kf, b, a, False)


def _parties(
    scene: combat.Scene,
    meeting: Meeting,
    main: Mapping[str, str],
    legs: Mapping[str, Leg],
    enemies: Callable[[int, int], bool],
) -> Meeting:
    """Strategie 6.2 "Kämpfe mit mehr als zwei Parteien": the combat's parties — a late
    arrival's realm fights with the party it is allied with (D26: not hostile to any of
    its realms), else it is a party of its own —, each further party a side of its late
    units, its Kampfkraft against side B as the workbench computes it."""
    parties = [[meeting.a.realm], [meeting.b.realm]]
    keys: dict[int, list[str]] = {}
    for key, _round in meeting.late:
        realm = scene.units[key].realm
        allied = (p for p in parties if realm in p or not any(enemies(realm, r) for r in p))
        party = next(allied, None)
        if party is None:
            party = [realm]
            parties.append(party)
        elif realm not in party:
            party.append(realm)
        index = parties.index(party)
        if index >= 2:
            keys.setdefault(index, []).append(key)
    others: tuple[Side, ...] = ()
    if keys:  # as the workbench counts a further party's late units: attacking side B
        kf, units = meeting.kf, scene.units
        enemy = _approach(scene, kf, [units[k] for k in meeting.b.units], main, legs)
        others = tuple(
            _side(
                scene,
                kf,
                _approach(scene, kf, [units[k] for k in keys[i]], main, legs),
                enemy,
                True,
            )
            for i in sorted(keys)
        )
    return replace(meeting, parties=tuple(tuple(p) for p in parties), others=others)


def hostility(state: WdwState) -> Callable[[int, int], bool]:
    """``hostile`` for one month's state, each pair of realms looked up once (the timeline
    asks for the same pairs many times)."""
    known: dict[tuple[int, int], bool] = {}

    def enemies(a: int, b: int) -> bool:
        if (a, b) not in known:
            known[(a, b)] = hostile(state, a, b)
        return known[(a, b)]

    return enemies


def find_items(
    state: WdwState,
    orders: Mapping[int, Sequence[Order]],
    given: Sequence[Ruling] = (),
    record: Record | None = None,
    scene: combat.Scene | None = None,
) -> Items:
    """The month's open items: the meetings of the day timeline (engine.wdw.timeline:
    two hostile realms' units in one field on the same day), in the order of days, then
    spies and Sonderbefehle by seat and line. The GM's ``D<n>`` rulings among ``given``
    decide whether a hiding unit is met (engine.wdw.discovery). ``given`` is read only
    through the questions of engine.wdw.asking, kept in ``record`` if any. ``scene``, the
    combat scene of ``state`` (``combat.Scene.of(state)``) an earlier finding of the same
    state used, keeps the sides' figures it worked out (the dossier's form finds the
    month again on its defaults: the figures of a side met alike are not computed again)."""
    ask = Asking(given, record)
    chosen = by_unit(orders)
    main = {u.key: main_order(u, chosen) for u in state.units}
    options = options_of(state)
    enemies = hostility(state)
    army = [u for u in state.units if with_the_army(u, state)]  # 6.1: spies are the GM's
    hunters = interceptions(state, army, chosen, main, options.sight_radius, enemies)
    busy: dict[str, Fraction] = {}
    hunters.busy = busy  # Strategie 6.2: a hunter in a fight reacts only after it
    react: Reaction = hunters
    if options.allied_meeting == "stop":  # D26: allies stop in a partner's land
        pairs = mutual_pairs({r.seat: r.allies for r in state.realms})
        stops = AlliedStops.of(army, pairs, lambda kf: owner_of(state, kf))
        react = first_of(stops, react)
    found, legs = contacts(
        army,
        legs_of(state, chosen),
        main,
        enemies,
        _field_order,
        react,
        ask.discovered,
        ask.answered,
        _fought(ask, options.max_rounds, options.after_fight == "go_on"),
        busy,
    )
    max_rounds = options.max_rounds
    scene = combat.Scene.of(state) if scene is None else scene
    meetings: dict[str, Meeting] = {}
    stand_offs: list[Meeting] = []
    retreats: list[Retreat] = []
    e = 0
    for contact in found:
        kf, a_units, b_units = contact.kf, contact.a_units, contact.b_units
        if contact.discovery:
            # The question comes first; if it is found, the row's outcome is the GM's to tell.
            if contact.hider == contact.a:
                a_units, b_units = b_units, a_units
            seeker, hider = _table(scene, kf, a_units, b_units, main, legs)
            outcome, flipped = encounter(seeker.order, hider.order)
            meetings[contact.discovery] = Meeting(contact.kf, seeker, hider, outcome, contact.day)
            if ask.discovered(contact.discovery):
                first, second = (hider, seeker) if flipped else (seeker, hider)
                # A KT finding a hiding unit counts as superior (timeline): it retreats.
                back = (False, True) if outcome.question else retreating(outcome)
                retreats += _retreats(contact, first, second, back)
                if stand_off(outcome):  # Strategie 6.1: found, both stay and negotiate
                    stand_offs.append(meetings[contact.discovery])
            continue
        outcome, flipped = encounter(_lead(a_units, main), _lead(b_units, main))
        if flipped:
            a_units, b_units = b_units, a_units
        first, second = _table(scene, kf, a_units, b_units, main, legs)
        retreats += _retreats(contact, first, second, retreating(outcome))
        fighting = (*contact.a_units, *contact.b_units)
        when = contact.rounds if contact.combat else rounds(fighting, contact.day, max_rounds)
        meeting = Meeting(contact.kf, first, second, outcome, contact.day, when, contact.late)
        if outcome.question:
            e += 1
            meetings[f"E{e}"] = meeting
            # Tab. 6.1-1 KT (D7): the GM's answer picks the row's branch.
            then = ask.answered(f"E{e}", first.order, second.order)
            if then is not None:
                retreats += _retreats(contact, first, second, then.back)
                meeting = replace(meeting, outcome=then.outcome)
        if contact.combat:  # the timeline numbered the fights (engine.wdw.contacts)
            meetings[contact.combat] = _parties(scene, meeting, main, legs, enemies)
        elif stand_off(outcome):  # Strategie 6.1: they negotiate; both realms learn of it
            stand_offs.append(meeting)
    spies: dict[str, tuple[int, Spy]] = {}
    specials: dict[str, tuple[int, Special]] = {}
    for seat in sorted(orders):
        active: set[int] = set()
        for order in counted(orders[seat]):  # D27: a replaced G order makes no item
            if isinstance(order, Spy):
                spy = state.unit(seat, order.unit)
                # D15, Strategie 5.3: a refused G order is no item
                if stands(spy, order, options) and not over_limit(active, order.unit, options):
                    active.add(order.unit)
                    spies[f"G{len(spies) + 1}"] = (seat, order)
            elif isinstance(order, Special):
                specials[f"X{len(specials) + 1}"] = (seat, order)
    # Strategie 1.2: a province needs the GM's approval.
    asked = [(seat, o) for seat in sorted(orders) for o in orders[seat] if isinstance(o, Province)]
    if not options.chapter("provinces"):  # [R Vorwort]: refused, so nothing to approve
        asked = []
    provinces = {f"V{n}": a for n, a in enumerate(asked, 1)}
    sieges, raids = sieges_of(state, chosen, legs), raids_of(state, chosen, legs)
    return Items(
        meetings,
        spies,
        specials,
        legs,
        tuple(retreats),
        provinces,
        sieges,
        raids,
        decays_of(state) if options.chapter("decay") else {},
        wall_sieges_of(state, chosen, legs, len(sieges) + 1),
        storms_of(state, orders, legs),
        barren_of(state, chosen, legs),
        tuple(stand_offs),
    )


def _fought(ask: Asking, max_rounds: int, go_on: bool) -> Fought:
    """Strategie 6.2 on the timeline: a fight takes the rounds the GM rules (``Runden
    n``), else every round the BP allow (F9, D8); its winner goes on afterwards unless
    the option ``after_fight`` keeps everybody in the field (``go_on`` False)."""

    def days(
        item: str, a: int, b: int, units: Sequence[Unit], day: Fraction
    ) -> tuple[int, int, frozenset[int]]:
        possible = rounds(units, day, max_rounds)

        def how(rulings: Sequence[Ruling]) -> tuple[int, int, frozenset[int]]:
            verdict = combat_verdict(rulings, item)
            goers = going_on(verdict, a, b) if go_on else frozenset[int]()
            return possible, fought_rounds(possible, verdict), goers

        return ask(item, how)

    return days


def _retreats(contact: Contact, a: Side, b: Side, back: tuple[bool, bool]) -> list[Retreat]:
    """The retreats of table sides A and B of the meeting (each from the other's
    realm)."""
    out = []
    if back[0]:
        out.append((contact.kf, a.units, b.realm, contact.day))
    if back[1]:
        out.append((contact.kf, b.units, a.realm, contact.day))
    return out


def interceptions(
    state: WdwState,
    army: Sequence[Unit],
    chosen: UnitOrders,
    main: dict[str, str],
    radius: int,
    enemies: Callable[[int, int], bool],
) -> Interceptions:
    """The month's F/W units among ``army`` (their new order's extension, else their
    standing one's, D27) with their range, for the timeline (Tab. 5.1-3); ``enemies``
    says which realms are hostile (``hostility``)."""
    the_map = world(state.map_text)
    rules = options_of(state).movement_rules()
    hunters = []
    for unit in army:
        order = chosen.get((unit.realm, unit.id))
        if isinstance(order, Fight):
            ext, path = order.ext, order.path
        else:
            ext, path = (unit.order[2:] if order is None else ""), ()
        if ext in INTERCEPTING:
            hunters.append(Hunter(unit, ext, budget(unit, the_map, path, rules)))
    return Interceptions(
        the_map,
        hunters,
        army,
        radius,
        enemies,
        lambda u: main[u.key] == "KX",
        lambda u, kf: owner_of(state, kf) not in (0, u.realm),  # "fremdes Reichsgebiet"
        held_walls(state, the_map, enemies),
        rules,
    )


def _field_order(kf: str) -> tuple[int, int]:
    gf, small = kf.split("/")
    return int(gf), int(small)
