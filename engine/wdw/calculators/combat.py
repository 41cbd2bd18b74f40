"""The combat workbench (design §9.1, dossier part E): for two sides meeting in a field,
the Tab. 6.1-1 row with the question it leaves, each unit's Stärke and GP by cause
(Tab. 6.3-1, F11), Kampfkraft (F10) and the ratio, the ranged round, the rounds the BP
allow (F9, D8), the fields each side may retreat to (D28) and the "befestigt" flag
[R 3.2]. The GM then rules only the winner and the losses (D38)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from engine.wdw.allied import hostile
from engine.wdw.calculators.texts import number, say
from engine.wdw.characters import character_gp, with_leaders
from engine.wdw.formulas import bukaz_gp, kampfkraft, movement_points, rounds_possible
from engine.wdw.mapfile import WorldMap
from engine.wdw.movement import Leg
from engine.wdw.options import WdwOptions
from engine.wdw.provinces import home_gp, melee_level
from engine.wdw.rivers import barrier
from engine.wdw.setup import options_of
from engine.wdw.state import Settlement, Unit, WdwState, world
from engine.wdw.tables import MAIN_ORDERS, Outcome, defends_as, encounter, row_words
from engine.wdw.timeline import Whereabouts
from engine.wdw.walls import WALL_GP, wall_gp

SHIP_MELEE = 50
"""Strategie 4.3, F10: in a fight with land units a ship counts 50 per Nahkampf level."""
SHIP_RANGED = 20
"""Strategie 4.3/6.4, F10: in a fight with land units a ship shoots at 20 ("1:20") per
level."""
MARINES = 3
"""Strategie 4.3: "Marineinfanteristen haben im Enterkampf zwischen Schiffen
Angriffsstärke +3"."""


@dataclass(frozen=True)
class Scene:
    """What the workbench looks up, built once for a whole dossier: the state, its map,
    the units by key, the realms standing in each field, the settlements by field, the
    BükAz by realm, and the figures of each unit already computed."""

    state: WdwState
    the_map: WorldMap
    units: Mapping[str, Unit]
    realms_in: Mapping[str, frozenset[int]]
    towns: Mapping[str, Settlement]
    bukaz: Mapping[int, int]
    fleets_in: Mapping[str, frozenset[int]] = field(default_factory=dict)
    """The realms with a fleet standing in each field (a retreat onto it, 6.1)."""
    parties: dict[tuple[object, ...], Party] = field(default_factory=dict)
    """Each side's figures by what they depend on (a side often meets several realms)."""
    enemies: dict[tuple[int, int], bool] = field(default_factory=dict)
    options: WdwOptions = field(default_factory=WdwOptions)
    """The game's GM options (``fort_ranged_gp``, D9; ``max_rounds``, D8)."""
    where: Whereabouts | None = None
    """Where the units are on each day along the month's legs (F9; None: no legs, they
    stand where they are)."""
    realms_then: dict[tuple[str, Fraction], frozenset[int]] = field(default_factory=dict)
    """``realms_on`` remembered (a field's neighbours are asked for many combats)."""

    @classmethod
    def of(
        cls,
        state: WdwState,
        where: Mapping[str, str] | None = None,
        legs: Mapping[str, Leg] | None = None,
    ) -> Scene:
        """The scene of ``state``; ``where`` moves units (``realm/id`` → field), e.g.
        to where their legs end this month; ``legs`` are the month's legs."""
        realms_in: dict[str, set[int]] = {}
        fleets_in: dict[str, set[int]] = {}
        units = {}
        for unit in state.units:
            key = unit.key
            units[key] = unit
            kf = (where or {}).get(key, unit.kf)
            realms_in.setdefault(kf, set()).add(unit.realm)
            if unit.unit_class == "sea" and unit.size > 0:
                fleets_in.setdefault(kf, set()).add(unit.realm)
        return cls(
            state,
            world(state.map_text),
            units,
            {kf: frozenset(realms) for kf, realms in realms_in.items()},
            {s.kf: s for s in state.settlements},
            {r.seat: r.bukaz for r in state.realms},
            {kf: frozenset(realms) for kf, realms in fleets_in.items()},
            options=options_of(state),
            where=None if legs is None else Whereabouts.along(state.units, {}, legs),
        )

    def realms_on(self, kf: str, day: Fraction) -> Iterable[int]:
        """D28: the realms with a unit in ``kf`` on ``day`` along the month's legs (as
        engine.wdw.retreat.blocked finds them for the month); without legs, those
        standing there."""
        if self.where is None:
            return self.realms_in.get(kf, ())
        if (kf, day) not in self.realms_then:
            there = frozenset(u.realm for u in self.where.units_in(kf, day) if u.size > 0)
            self.realms_then[(kf, day)] = there
        return self.realms_then[(kf, day)]

    def hostile(self, a: int, b: int) -> bool:
        """D26: whether realms ``a`` and ``b`` meet as enemies (remembered)."""
        if (a, b) not in self.enemies:
            self.enemies[(a, b)] = a != b and hostile(self.state, a, b)
        return self.enemies[(a, b)]


@dataclass(frozen=True)
class Approach:
    """One side as it comes to the fight: its units, its main order, the field it came
    from ("" when it stood in the field) and the day it arrives (F9)."""

    units: tuple[Unit, ...]
    order: str
    came_from: str = ""
    day: Fraction = Fraction(0)


@dataclass(frozen=True, eq=False)
class Fighter:
    """One unit's figures: Stärke in melee and ranged rounds (with the conversion used),
    its GP by cause, the Bef GP of ranged rounds (D9), Kampfkraft, BP and rounds.
    Compared by identity: a scene computes each once (:attr:`Scene.parties`)."""

    key: str
    size: int
    melee: int
    ranged: int
    conversion: str
    gp: tuple[tuple[str, int], ...]
    ranged_gp: int
    melee_power: Fraction
    ranged_power: Fraction
    bp: int
    rounds: int
    level: int = 0
    """Its Nahkampf level (Strategie 4.3), before the ``boosts``."""
    boosts: tuple[tuple[str, int], ...] = ()
    """What raises its Angriffsstärke in melee above its Nahkampf level, by cause
    (Heimatverteidigung, D13; Marineinfanterie in a boarding fight, 4.3)."""
    defence: int = 0
    """Its Verteidigung level (Strategie 4.3: fewer losses; by how much is the GM's)."""


@dataclass(frozen=True, eq=False)
class Party:
    """A side's totals, its rounds (while any unit has BP), and where it may retreat:
    its last field, or (``draw``) the free neighbours R1 draws among (D28). Compared by
    identity: a scene computes each once (:attr:`Scene.parties`)."""

    realm: int
    order: str
    came_from: str
    day: Fraction
    fighters: tuple[Fighter, ...]
    melee: Fraction
    ranged: Fraction
    rounds: int
    retreat: tuple[str, ...] = ()
    draw: bool = False


@dataclass(frozen=True)
class Workbench:
    """The combat workbench's answer for one field."""

    kf: str
    outcome: Outcome
    flipped: bool
    a: Party
    b: Party
    ranged_round: bool
    rounds: int
    fortified: str
    """The settlement whose Befestigung makes the field "befestigt", or ""."""
    max_rounds: int = 4
    """D8: the rounds a unit can fight a month at most (the option ``max_rounds``)."""
    late: tuple[tuple[Fighter, str, int], ...] = ()
    """Strategie 6.2 "Später ankommende Einheiten": each late arrival's figures, its side
    (``A``, ``B``, or its realm's number when a third realm joins) and its first round."""


def lead_order(orders: Iterable[str]) -> str:
    """A side's main order: the most aggressive of its units' orders (Tab. 5.1-1;
    units under A orders as their extension says, Tab. 5.2-2, under G orders KV:
    engine.wdw.tables.defends_as)."""
    codes = [defends_as(o) for o in orders]
    return min(codes, key=MAIN_ORDERS.index, default="KV")


def fort_gp(bef: int, options: WdwOptions) -> int:
    """D9, Strategie 3.2, Tab. 3.2-1, 6.3-1: the GP a settlement's Befestigung gives its
    defenders in ranged rounds only: +2 per BWP (``fort_ranged_gp`` ``per_bwp``), or +2
    while it has any (``flat``, the words of 3.2)."""
    if options.fort_ranged_gp == "flat":
        return 2 if bef else 0
    return 2 * bef


def _river_between(the_map: WorldMap, kf: str, other: str) -> bool:
    side = the_map.side_to(kf, other)
    back = the_map.side_to(other, kf)
    return (side is not None and side in the_map.fields[kf].rivers) or (
        back is not None and back in the_map.fields[other].rivers
    )


def gp_causes(
    unit: Unit, scene: Scene, kf: str, side: Approach, enemy: Approach, attacker: bool
) -> list[tuple[str, int]]:
    """Tab. 6.3-1, the causes the server knows: down a height level, out of a forest,
    raised in this terrain, out of the own settlement (Stv: defender 1 per BWP, attacker
    1 per 1.5 BWP, F3; capital +3/+2), mounted, defending across a river or a wall, the
    GM's bonus (D29), Heimatverteidigung's +2 inside its province when the option
    ``hv_bonus`` reads it as GP (1.2, 4.3, D13). The characters' GP come on top
    (engine.wdw.characters); all before the BükAz (F11)."""
    the_map = scene.the_map
    here = the_map.fields[kf]
    causes: list[tuple[str, int]] = []
    if side.came_from and side.came_from != kf:
        origin = the_map.fields[side.came_from]
        if origin.height > here.height:
            causes.append(("höhe", 1))
        if origin.forest:  # the map's terrain list says which terrains are forest
            causes.append(("wald", 1))
    if unit.raised_terrain and unit.raised_terrain == here.terrain:
        causes.append(("gelände", 1))
    town = scene.towns.get(kf)
    # Footnote ³: the settlement's GP only while its field is not left.
    if town is not None and town.owner == unit.realm and side.came_from in ("", kf):
        stv = town.stv * 2 // 3 if attacker else town.stv
        if stv:
            causes.append(("stv", stv))
        if town.capital:
            causes.append(("hauptstadt", 2 if attacker else 3))
    if unit.beritten:
        causes.append(("beritten", 1))
    crossing = not attacker and enemy.came_from not in ("", kf)
    if crossing and _river_between(the_map, kf, enemy.came_from):
        causes.append(("fluss", 2))
    elif crossing and wall_gp(scene.state, the_map, kf, enemy.came_from, unit.realm):
        causes.append(("wall", WALL_GP))  # Tab. 6.3-1: "über einen Fluß oder Wall"
    if unit.gp_bonus:
        causes.append(("sl", unit.gp_bonus))
    home = home_gp(scene.state, unit, kf, scene.options.hv_bonus)
    if home:
        causes.append(("heimatverteidigung", home))
    return causes


def boarding(scene: Scene, kf: str, enemy: Approach) -> bool:
    """Strategie 4.3 "Enterkampf zwischen Schiffen": a fight in a water field against a
    side with ships."""
    return scene.the_map.fields[kf].water and any(u.unit_class == "sea" for u in enemy.units)


def melee_boosts(unit: Unit, scene: Scene, kf: str, enemy: Approach) -> list[tuple[str, int]]:
    """What raises the unit's Angriffsstärke in melee above its Nahkampf level:
    Heimatverteidigung (D13: it counts as Nahkampf 1, and +2 inside its province with
    the option ``hv_bonus`` ``strength``; Strategie 1.2, 4.3) and Marineinfanterie +3 in
    a :func:`boarding` fight (a land unit aboard in the water field)."""
    boosts = []
    home = melee_level(scene.state, unit, kf, scene.options.hv_bonus) - unit.nahkampf
    if home:
        boosts.append(("heimatverteidigung", home))
    if unit.marineinfanterie and unit.unit_class == "land" and boarding(scene, kf, enemy):
        boosts.append(("marineinfanterie", MARINES))
    return boosts


def _fighter(
    unit: Unit,
    scene: Scene,
    kf: str,
    side: Approach,
    enemy: Approach,
    attacker: bool,
    land: bool,
    leaders: tuple[tuple[str, int], ...],
) -> Fighter:
    # ``land``: land units fight in it (:func:`with_land`), a ship counts at their scale.
    causes = gp_causes(unit, scene, kf, side, enemy, attacker)
    base, led = sum(n for _, n in causes), sum(n for _, n in leaders)
    bukaz = scene.bukaz[unit.realm]
    total = with_leaders(causes, leaders, bukaz)  # Tab. 6.3-1, F11
    town = scene.towns.get(kf)
    # D9: the Befestigung's GP for defenders in the settlement, in ranged rounds only.
    fort = 0
    if town is not None and town.owner == unit.realm and not attacker:
        fort = fort_gp(town.bef, scene.options)
    ranged_gp = bukaz_gp(bukaz, base + fort, led) - total
    if unit.unit_class == "sea" and land:
        melee = unit.size * SHIP_MELEE * unit.nahkampf
        ranged = unit.size * SHIP_RANGED * unit.fernkampf
        conversion = f"1:{SHIP_MELEE}/1:{SHIP_RANGED}"
        boosts: list[tuple[str, int]] = []
    else:
        boosts = melee_boosts(unit, scene, kf, enemy)
        level = unit.nahkampf + sum(n for _, n in boosts)
        melee, ranged, conversion = unit.size * level, unit.size * unit.fernkampf, ""
    bp = movement_points(unit.unit_class, speed=unit.geschwindigkeit, mounted=unit.beritten)
    bp_left = Fraction(bp) * (30 - side.day) / 30
    return Fighter(
        key=unit.key,
        size=unit.size,
        melee=melee,
        ranged=ranged,
        conversion=conversion,
        gp=tuple(causes),
        ranged_gp=ranged_gp,
        melee_power=kampfkraft(melee, total),
        ranged_power=kampfkraft(ranged, total + ranged_gp),
        bp=bp,
        rounds=rounds_possible(bp_left, bp, scene.options.max_rounds),
        level=unit.nahkampf,
        boosts=tuple(boosts),
        defence=unit.verteidigung,
    )


def retreat_fields(
    scene: Scene, kf: str, realm: int, side: Approach, day: Fraction
) -> tuple[tuple[str, ...], bool]:
    """D28: the field the side came from if no non-allied unit stands there on ``day``
    (the combat's, ``Scene.realms_on``: as the month finds it); else the
    passable neighbours without one, by side 1–6, for the draw R1 (empty: no retreat,
    the GM rules a surrender); for land units a water field where an own fleet waits is
    passable (Strategie 6.1), for fleets a field they may sail to (on the water or
    along a navigable river, engine.wdw.rivers)."""

    def free(kf: str) -> bool:
        return not any(scene.hostile(realm, other) for other in scene.realms_on(kf, day))

    if side.came_from and side.came_from != kf and free(side.came_from):
        return (side.came_from,), False
    ships = all(u.unit_class == "sea" for u in side.units)
    found = []
    for other in scene.the_map.fields[kf].neighbours:
        if other is None:
            continue
        if ships:
            # D28: a fleet retreats where it may sail, along a navigable river too.
            if barrier("sea", scene.the_map, kf, other):
                continue
        else:
            water = scene.the_map.fields[other].water
            if water and realm not in scene.fleets_in.get(other, ()):
                continue
        if free(other):
            found.append(other)
    return tuple(found), True


def approach(
    keys: Sequence[str], order: str, kf: str, units: Mapping[str, Unit], legs: Mapping[str, Leg]
) -> Approach:
    """The side of ``keys`` as it comes to the fight in ``kf`` along the month's legs
    (F9): the first of its units that entered the field gives where it came from and
    on which day; a side that stood there comes from nowhere on day 0."""
    members = tuple(units[k] for k in keys)
    for unit in members:
        steps = legs[unit.key].steps
        for i, (step, day) in enumerate(steps):
            if step == kf:
                came = steps[i - 1][0] if i else unit.kf
                return Approach(members, order, came, day)
    return Approach(members, order, "", Fraction(0))


def figures(scene: Scene, kf: str, side: Approach, enemy: Approach, attacker: bool) -> Party:
    """F10, Tab. 6.3-1: the side's Kampfkraft against ``enemy`` in ``kf`` (``attacker``:
    the table's A), its units' Stärke and GP by cause — the one computation the
    workbench, the E question and the ruling form's default winner read
    (engine.wdw.items); without the retreat fields (:func:`workbench` adds them)."""
    memo = _memo(scene, kf, side, enemy, attacker)
    if memo not in scene.parties:
        land = with_land(side.units, enemy.units)
        scene.parties[memo] = _figures(scene, kf, side, enemy, attacker, land)
    return scene.parties[memo]


def with_land(*sides: Iterable[Unit]) -> bool:
    """Strategie 4.3, 6.2: whether land units fight in it — against ships ("wenn
    Landeinheiten direkt Schiffe bekämpfen") or aboard in a fight between fleets ("Dabei
    kämpfen geladene Kampfeinheiten mit"). Then every ship of the fight counts at the
    land's scale (:data:`SHIP_MELEE`, :data:`SHIP_RANGED`), so that both sides' sums are
    of one measure; between fleets alone a ship counts its own level."""
    return any(u.unit_class != "sea" for units in sides for u in units)


def _memo(
    scene: Scene, kf: str, side: Approach, enemy: Approach, attacker: bool
) -> tuple[object, ...]:
    # The figures depend on these only (the enemy's units only through land units in
    # the fight and having ships, a boarding).
    return (
        tuple(u.key for u in side.units),
        kf,
        side.order,
        side.came_from,
        side.day,
        enemy.came_from,
        attacker,
        with_land(side.units, enemy.units),
        boarding(scene, kf, enemy),
    )


def _party(
    scene: Scene, kf: str, side: Approach, enemy: Approach, attacker: bool, day: Fraction
) -> Party:
    party = figures(scene, kf, side, enemy, attacker)
    # The retreat fields depend on the day of the meeting too (D28).
    then = (*_memo(scene, kf, side, enemy, attacker), day)
    if then not in scene.parties:
        retreat, draw = retreat_fields(scene, kf, party.realm, side, day)
        scene.parties[then] = replace(party, retreat=retreat, draw=draw)
    return scene.parties[then]


def _figures(
    scene: Scene, kf: str, side: Approach, enemy: Approach, attacker: bool, land: bool
) -> Party:
    """The side's figures; its retreat fields come from ``_party`` (they depend on the
    day of the meeting)."""
    realm = side.units[0].realm
    leaders = tuple(character_gp(side.units, scene.towns))
    fighters = tuple(
        _fighter(u, scene, kf, side, enemy, attacker, land, leaders) for u in side.units
    )
    return Party(
        realm=realm,
        order=side.order,
        came_from=side.came_from,
        day=side.day,
        fighters=fighters,
        melee=sum((f.melee_power for f in fighters), Fraction(0)),
        ranged=sum((f.ranged_power for f in fighters), Fraction(0)),
        rounds=max((f.rounds for f in fighters), default=0),
    )


def workbench(
    scene: Scene,
    kf: str,
    a: Approach,
    b: Approach,
    late: Sequence[tuple[Approach, int]] = (),
    day: Fraction | None = None,
) -> Workbench:
    """The workbench for side ``a`` (the attacker, the table's A) meeting ``b`` in
    ``kf``: Strategie 6.1–6.3, F9–F11, D7–D9, D28; ``late`` are the units arriving while
    the fight is under way (one unit each) with the round each joins from (6.2);
    ``day`` is the day they meet (else the later side's arrival)."""
    outcome, flipped = encounter(a.order, b.order)
    met = max(a.day, b.day) if day is None else day
    party_a = _party(scene, kf, a, b, True, met)
    party_b = _party(scene, kf, b, a, False, met)
    realm_a, realm_b = party_a.realm, party_b.realm
    joining = []
    for arrival, round_ in late:
        unit = arrival.units[0]
        # D26: an ally of B's fights on B's side; a realm hostile to both is a further
        # party, named by its realm (Strategie 6.2 "mehr als zwei Parteien").
        with_b = unit.realm == realm_b or (
            unit.realm != realm_a and not scene.hostile(unit.realm, realm_b)
        )
        side, enemy = ("B", a) if with_b else ("A", b)
        friend = realm_b if with_b else realm_a
        allied = unit.realm == friend or not scene.hostile(unit.realm, friend)
        name = side if allied else str(unit.realm)
        leaders = tuple(character_gp(arrival.units, scene.towns))
        land = with_land(arrival.units, a.units, b.units)
        fighter = _fighter(unit, scene, kf, arrival, enemy, side == "A", land, leaders)
        joining.append((fighter, name, round_))
    town = scene.towns.get(kf)
    return Workbench(
        kf=kf,
        outcome=outcome,
        flipped=flipped,
        a=party_a,
        b=party_b,
        ranged_round=any(f.ranged for f in (*party_a.fighters, *party_b.fighters)),
        rounds=min(party_a.rounds, party_b.rounds),
        fortified=town.name if town is not None and town.bef > 0 else "",
        max_rounds=scene.options.max_rounds,
        late=tuple(joining),
    )


def _ratio(a: Fraction, b: Fraction, lang: str) -> str:
    return number(a / b, lang) if b else "–"


@lru_cache(maxsize=4096)
def _unit_lines(f: Fighter, lang: str) -> tuple[str, ...]:
    # A unit meets many realms in a dossier: its line is worded once.
    causes = (
        ", ".join(say(lang, "gp.cause", cause=say(lang, f"gp.{cause}"), gp=n) for cause, n in f.gp)
        or "0"
    )
    # The text names the fighter's whole-number fields (``{unit.size}``).
    conversion = f" ({f.conversion})" if f.conversion else ""
    powers = {"power": number(f.melee_power, lang), "ranged_power": number(f.ranged_power, lang)}
    gp = sum(n for _, n in f.gp)
    boosts = ""
    if f.boosts:  # Strategie 4.3, D13: the Angriffsstärke by cause
        named = ", ".join(
            say(lang, "gp.cause", cause=say(lang, f"gp.{cause}"), gp=n) for cause, n in f.boosts
        )
        boosts = say(lang, "combat.boosts", level=f.level, causes=named)
    line = say(
        lang,
        "combat.unit",
        unit=f,
        conversion=conversion + boosts,
        gp=gp,
        causes=causes,
        **powers,
    )
    if not f.defence:
        return (line,)
    # Strategie 4.3, 6.2 "Der Verteidigungswert": fewer losses, by no number.
    return line, say(lang, "combat.defence", unit=f.key, level=f.defence)


@lru_cache(maxsize=1024)
def _party_lines(party: Party, name: str, lang: str) -> tuple[str, ...]:
    # A realm's side in a field often meets several realms: worded once.
    lines = []
    came = (
        say(lang, "combat.from", kf=party.came_from)
        if party.came_from
        else say(lang, "combat.stands")
    )
    lines.append(
        say(lang, "combat.side", party=party, side=name, came=came, day=number(party.day, lang))
    )
    for f in party.fighters:
        lines += _unit_lines(f, lang)
    lines.append(
        say(
            lang,
            "combat.total",
            side=name,
            melee=number(party.melee, lang),
            ranged=number(party.ranged, lang),
        )
    )
    return tuple(lines)


def render(bench: Workbench, lang: str) -> list[str]:
    """The workbench in lines (the dossier indents them under its combat item)."""
    # The texts name the bench's and the parties' fields (``{bench.a.order}``).
    flipped = say(lang, "combat.flipped") if bench.flipped else ""
    row = row_words(bench.outcome, lang)
    lines = [say(lang, "combat.row", bench=bench, flipped=flipped, row=row)]
    if bench.outcome.question:
        lines.append(say(lang, "combat.question"))
    for name, party in (("A", bench.a), ("B", bench.b)):
        lines += _party_lines(party, name, lang)
    lines.append(
        say(
            lang,
            "combat.ratio",
            melee=_ratio(bench.a.melee, bench.b.melee, lang),
            ranged=_ratio(bench.a.ranged, bench.b.ranged, lang),
        )
    )
    lines.append(say(lang, "combat.ranged_yes" if bench.ranged_round else "combat.ranged_no"))
    most = bench.max_rounds
    rounds = {"rounds": bench.rounds, "a": bench.a.rounds, "b": bench.b.rounds, "most": most}
    lines.append(say(lang, "combat.rounds", **rounds))
    lines += _late_lines(bench, lang)
    for name, party in (("A", bench.a), ("B", bench.b)):
        if not party.retreat:
            lines.append(say(lang, "combat.no_retreat", side=name))
        else:
            key = "combat.retreat_draw" if party.draw else "combat.retreat"
            lines.append(say(lang, key, side=name, fields=" ".join(party.retreat)))
    if bench.fortified:
        lines.append(say(lang, "combat.fortified", name=bench.fortified))
    return lines


def _late_lines(bench: Workbench, lang: str) -> list[str]:
    """Strategie 6.2: the late arrivals, each with its round and Kampfkraft, and the
    sides' Kampfkraft once all of them have joined."""
    if not bench.late:
        return []
    lines = []
    more = {"A": Fraction(0), "B": Fraction(0)}
    for fighter, side, round_ in bench.late:
        power = number(fighter.melee_power, lang)
        lines.append(
            say(lang, "combat.late", unit=fighter.key, side=side, round=round_, power=power)
        )
        more[side] = more.get(side, Fraction(0)) + fighter.melee_power
    a, b = number(bench.a.melee + more.pop("A"), lang), number(bench.b.melee + more.pop("B"), lang)
    lines.append(say(lang, "combat.late_total", count=len(bench.late), a=a, b=b))
    # Strategie 6.2: each further party fights all the others.
    for realm, total in more.items():
        lines.append(say(lang, "combat.late_party", realm=realm, power=number(total, lang)))
    return lines
