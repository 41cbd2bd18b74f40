"""P5 Kampfansage and P6 Raumkampf (Spacewar §5-5.5, §10.1-10.2): the table-top battle
on one axis (decision 1; docs/rules-spacewar.md, "The space battle by mail").

Each side's units stand on their own edge at p = 0; the range between two enemy units
is ``battle_depth - p_u - p_v`` Felder (1 Feld = 2 cm, decision 17). Every round: launch,
movement by stance, fire (one d20 per weapon group, simultaneous), removal, emergency
jumps. The battle is fought from the players' standing orders.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from engine.dice import EVERYBODY, Dice
from engine.spacewar.board import (
    FIELDS,
    MARKERS,
    MAX_GROUP,
    SPLITTERS,
    UNITS,
    damage_event,
    needed,
    strip_of,
)
from engine.spacewar.fleets import drop_empty, free_fleet_id, military_at, value_pe
from engine.spacewar.loading import add_stranded
from engine.spacewar.scouting import reveal
from engine.spacewar.setup import VALUES
from engine.spacewar.state import Base, Fleet, Ship, SpacewarState, Standing

LASER_RANGE, MISSILE_RANGE = 6, 12
"""Spacewar §5.2: lasers reach 6 Felder (12 cm), missiles 12 (24 cm)."""
SORTIE = 2
"""Missiles a Jäger carries per sortie (Spacewar §5.4, decision 19)."""
QUIET_ROUNDS = 2
"""Rounds without a shot and without a unit moving after which a battle is broken off
(decision 21: the sides keep apart)."""
STANCE_RANGE = {"close": 1, "laser": LASER_RANGE, "missile": MISSILE_RANGE}
DEFAULT_STANCE = {"JG": "close", "KR": "laser", "ST": "missile", "SC": "hold", "TR": "hold"}
FIRE_ORDER = ("BA", "ST", "KR", "SC", "TR", "JG")
"""The order in which a side's units pick their targets (docs/rules-spacewar.md)."""
FLEET_JUMP, SHIP_JUMP = 5, 4
"""Spacewar §5.5: the whole fleet jumps on 5+, a single ship on 4+."""
SHIELD_COLLAPSE = 2
"""Spacewar §10.2: a red ship's shield collapses on 1-2."""


@dataclass(eq=False)
class Unit:
    """One unit on the battle's axis."""

    side: int
    type: str
    label: str
    p: int = 0
    ship: Ship | None = None
    fleet: Fleet | None = None
    base: Base | None = None
    home: Unit | None = None
    """A Jäger's carrier (or base)."""
    missiles: int = 0
    docked: bool = False
    hit: bool = False
    """Hit this round: it still fires and is removed at the round's end (Spacewar §5.2)."""
    dead: bool = False
    jumped: bool = False
    marker: str = ""
    penalty: str = ""
    """The marker that counts this round (Spacewar §10.2: penalties from the next round)."""
    hits: int = 0

    @property
    def present(self) -> bool:
        """On the table and able to act."""
        return not self.dead and not self.jumped

    @property
    def active(self) -> bool:
        """On the table, not docked."""
        return self.present and not self.docked


@dataclass
class Battle:
    """One space battle in a field."""

    field: str
    attacker: int
    units: list[Unit] = dataclasses.field(default_factory=list)
    first: int = 0
    """The initiative player: he moves and fires first (Spacewar §5)."""
    round: int = 0
    quiet: int = 0
    """Rounds in a row without a shot or a move (decision 21)."""
    start_ships: dict[tuple[int, int], int] = dataclasses.field(default_factory=dict)

    def side(self, number: int) -> list[Unit]:
        """A side's units still present."""
        return [u for u in self.units if u.side == number and u.present]


def attacks(state: SpacewarState, number: int, where: str, scouted: set[tuple[int, str]]) -> bool:
    """Whether ``number``'s standing orders attack in ``where`` (Spacewar §5 ¶1; decision
    22: ``nur bei Aufklärung`` attacks only after a successful scout when his own value in
    PE is at least the enemy's)."""
    standing = state.player(number).standing
    if where in standing.no_attack or (
        "*" in standing.no_attack and where not in standing.scout_attack
    ):
        return False
    if where in standing.scout_attack or "*" in standing.scout_attack:
        return (number, where) in scouted and value_pe(state, where, number) >= value_pe(
            state, where, 3 - number
        )
    return True


def declare(
    state: SpacewarState, first: int, scouted: set[tuple[int, str]]
) -> list[tuple[str, int]]:
    """P5: the fields with ships or a base of both sides, and who attacks there: the first
    declarer if his orders attack, else the other if his do (decision 13); no attack, no
    battle. In the order W1..W12, R1..R4."""
    out = []
    for where in FIELDS:
        if not (military_at(state, where, 1) and military_at(state, where, 2)):
            continue
        for number in (first, 3 - first):
            if attacks(state, number, where, scouted):
                out.append((where, number))
                state.note("declared", [where, str(number)])
                break
        else:
            state.note("no_battle", [where])
    return out


def battle_phase(
    state: SpacewarState, first: int, scouted: set[tuple[int, str]], dice: Dice
) -> None:
    """P5 and P6: every declared battle, fought to its end."""
    for where, attacker in declare(state, first, scouted):
        fight(state, where, attacker, dice)


def _units(state: SpacewarState, where: str, number: int) -> list[Unit]:
    units: list[Unit] = []
    base = state.base_at(where)
    if base is not None and base.owner == number:
        home = Unit(number, "BA", f"BA{base.id}/{number}", base=base)
        units.append(home)
        units += _launch(home, base.fighters)
        base.fighters = 0
    for fleet in state.fleets_at(where, number):
        for ship in fleet.ships:
            unit = Unit(
                number, ship.type, f"{ship.id}/{number}", ship=ship, fleet=fleet, marker=ship.marker
            )
            units.append(unit)
            if ship.type == "ST":
                units += _launch(unit, ship.fighters)
                ship.fighters = 0
    for stranded in [s for s in state.stranded if s.owner == number and s.field == where]:
        units += [
            Unit(number, "JG", f"JG-{where}-{n}/{number}", missiles=SORTIE)
            for n in range(1, stranded.count + 1)
        ]
        stranded.count = 0
    state.stranded = [s for s in state.stranded if s.count]
    return units


def _launch(home: Unit, count: int) -> list[Unit]:
    """Spacewar §5.1: Jäger launch at the start of movement, with two missiles each."""
    return [
        Unit(home.side, "JG", f"JG-{home.label}-{n}", home=home, missiles=SORTIE)
        for n in range(1, count + 1)
    ]


def fight(state: SpacewarState, where: str, attacker: int, dice: Dice) -> None:
    """One space battle to its end (Spacewar §5)."""
    battle = open_battle(state, where, attacker, dice)
    while not fight_round(state, battle, dice):
        pass
    close_battle(state, battle)


def open_battle(state: SpacewarState, where: str, attacker: int, dice: Dice) -> Battle:
    """Spacewar §5: both sides see each other, the Jäger launch, the initiative is rolled."""
    battle = Battle(where, attacker)
    for number in (1, 2):
        reveal(state, number, where, "battle", stones=False)
    battle.units = _units(state, where, attacker) + _units(state, where, 3 - attacker)
    for fleet in state.fleets_at(where):
        battle.start_ships[(fleet.owner, fleet.id)] = len(fleet.ships)
    battle.first = initiative(state, battle, dice)
    return battle


def fight_round(state: SpacewarState, battle: Battle, dice: Dice) -> bool:
    """One battle round (Spacewar §5.1-5.5): launch, movement, fire, removal, emergency
    jumps. Returns whether the battle is over: a side is gone, it has been quiet for
    :data:`QUIET_ROUNDS` rounds (decision 21), or ``battle_max_rounds`` are fought."""
    battle.round += 1
    for unit in battle.units:
        unit.penalty = unit.marker if state.options.damaged_units else ""
    _relaunch(battle)
    moved = _move(state, battle)
    shots = _fire(state, battle, dice)
    _remove(state, battle)
    _emergency_jumps(state, battle, dice)
    battle.quiet = 0 if shots or moved else battle.quiet + 1
    if not battle.side(1) or not battle.side(2):
        return True
    if battle.quiet >= QUIET_ROUNDS:
        state.note("battle_quiet", [battle.field, str(battle.round)])
        return True
    return battle.round >= state.options.battle_max_rounds


def initiative(state: SpacewarState, battle: Battle, dice: Dice) -> int:
    """Spacewar §5: 1W6 each, the attacker +1; the higher wins, a tie is rolled again
    (decision 14)."""
    attacker, defender = battle.attacker, 3 - battle.attacker
    while True:
        a = dice.roll(f"init {battle.field} P{attacker}", 6, seen_by=EVERYBODY) + 1
        d = dice.roll(f"init {battle.field} P{defender}", 6, seen_by=EVERYBODY)
        state.note("initiative", [battle.field, str(attacker), str(a), str(d)])
        if a != d:
            return attacker if a > d else defender


def _relaunch(battle: Battle) -> None:
    """Jäger that docked last round launch again, rearmed (Spacewar §5.4)."""
    for unit in battle.units:
        home = unit.home
        if unit.type == "JG" and unit.docked and unit.present and home is not None and home.present:
            unit.docked, unit.missiles, unit.p = False, SORTIE, home.p


def _bwp(unit: Unit) -> int:
    """Felder a unit moves in a round: 2 × BWP (decision 17); orange halves it, red
    quarters it (Spacewar §10.2, rounded down: decision 24)."""
    felder = 2 * UNITS[unit.type].bwp
    return {"orange": felder // 2, "red": felder // 4}.get(unit.penalty, felder)


def _stance(state: SpacewarState, unit: Unit) -> str:
    for entry in state.player(unit.side).standing.stances:
        kind, _, stance = entry.partition(":")
        if kind == unit.type:
            return stance
    return DEFAULT_STANCE.get(unit.type, "hold")


def _move(state: SpacewarState, battle: Battle) -> bool:
    """Spacewar §5.1 on one axis: the initiative side moves first; each unit heads for
    the range its stance keeps to the nearest enemy, by at most its move; no unit comes
    closer than 1 to an enemy ("Schiffe dürfen dabei nicht übereinanderliegen"). Returns
    whether any unit moved."""
    depth = state.options.battle_depth
    moved = False
    for number in (battle.first, 3 - battle.first):
        enemies = [u for u in battle.side(3 - number) if not u.docked]
        front = max((u.p for u in enemies), default=0)
        for unit in battle.side(number):
            if unit.docked or unit.type == "BA":
                continue
            if unit.type == "JG" and unit.missiles == 0 and _dock(battle, unit):
                moved = True
                continue
            stance = _stance(state, unit)
            if stance == "hold":
                continue
            goal = 0 if stance == "back" else depth - STANCE_RANGE[stance] - front
            step = _bwp(unit)
            p = unit.p + max(-step, min(step, goal - unit.p))
            p = max(0, min(depth - 1 - front, p))
            moved = moved or p != unit.p
            unit.p = p
    return moved


def _dock(battle: Battle, unit: Unit) -> bool:
    """A Jäger out of missiles flies back to its carrier (or another of its side with
    room) and docks: it does not fire this round and launches next round (Spacewar
    §5.4; decision 19)."""
    homes = [u for u in battle.side(unit.side) if u.type in ("ST", "BA")]
    if unit.home is not None and unit.home in homes:
        homes.remove(unit.home)
        homes.insert(0, unit.home)
    for home in homes:
        aboard = sum(1 for j in battle.units if j.home is home and j.docked and j.present)
        if aboard < UNITS[home.type].fighters:
            unit.home, unit.docked, unit.p = home, True, home.p
            return True
    return False


def _fire(state: SpacewarState, battle: Battle, dice: Dice) -> int:
    """Spacewar §5.2-5.3: every undocked unit fires at enemies in range; one d20 per
    weapon group; hit units are removed after everybody fired. Splitters aim each group
    on its own; the others put all their weapons on one target (decision 30). Returns
    the groups fired."""
    shots = 0
    aimed: dict[int, int] = {}
    on_table = {n: [u for u in battle.side(n) if not u.docked] for n in (1, 2)}
    depth = state.options.battle_depth
    for number in (battle.first, 3 - battle.first):
        standing = state.player(number).standing
        units = sorted(on_table[number], key=lambda u: (FIRE_ORDER.index(u.type), u.label))
        for unit in units:
            groups = _groups(state, unit, standing)
            one: Unit | None = None
            if groups and unit.type not in SPLITTERS:
                weapon, count = groups[-1]  # missiles reach farther than lasers
                one = _target(
                    state,
                    unit,
                    on_table[3 - number],
                    _reach(groups),
                    count,
                    weapon,
                    standing,
                    aimed,
                )
            for weapon, count in groups:
                reach = LASER_RANGE if weapon == "L" else MISSILE_RANGE
                if unit.type in SPLITTERS:
                    target = _target(
                        state, unit, on_table[3 - number], reach, count, weapon, standing, aimed
                    )
                else:
                    target = one if one is not None and depth - unit.p - one.p <= reach else None
                if target is None:
                    continue
                aimed[id(target)] = aimed.get(id(target), 0) + count
                if weapon == "R" and unit.type == "JG":
                    unit.missiles -= count
                shots += 1
                _shoot(state, battle, unit, target, weapon, count, dice)
    return shots


def _reach(groups: list[tuple[str, int]]) -> int:
    return max(LASER_RANGE if weapon == "L" else MISSILE_RANGE for weapon, _ in groups)


def _groups(state: SpacewarState, unit: Unit, standing: Standing) -> list[tuple[str, int]]:
    """A unit's weapon groups this round: (``L`` or ``R``, count), at most 9 each
    (decision 18), split as its standing orders say (Spacewar §5.3); §10.2 penalties."""
    missiles = min(unit.missiles, 2 if standing.double_shot else 1) if unit.type == "JG" else -1
    groups = _weapon_groups(unit.type, missiles, unit.penalty, state.options.base_splits)
    if unit.type not in SPLITTERS or not standing.splits:
        return groups
    ship = unit.label.split("/")[0]
    out: list[tuple[str, int]] = []
    for weapon in ("L", "R"):
        mine = [g for g in groups if g[0] == weapon]
        split = _split_of(standing, ship, unit.type, weapon)
        if split and sum(split) == sum(count for _, count in mine):
            out += [(weapon, count) for count in split]
        else:
            out += mine
    return out


def _split_of(standing: Standing, ship: str, kind: str, weapon: str) -> tuple[int, ...]:
    """The groups a split order gives a ship's weapon (its own order before its type's)."""
    for key in (f"{ship}:{weapon}:", f"{kind}:{weapon}:"):
        for entry in standing.splits:
            if entry.startswith(key):
                return tuple(int(v) for v in entry[len(key) :].split(","))
    return ()


@cache
def _weapon_groups(
    kind: str, jaeger_missiles: int, penalty: str, base_splits: bool
) -> list[tuple[str, int]]:
    lasers, missiles = UNITS[kind].lasers, UNITS[kind].missiles
    if kind == "JG":
        missiles = jaeger_missiles
    if penalty == "red":
        lasers, missiles = 0, missiles // 2
    elif penalty == "orange":
        lasers = 0 if missiles else lasers  # lasers or missiles (Spacewar §10.2)
    groups: list[tuple[str, int]] = []
    for weapon, count in (("L", lasers), ("R", missiles)):
        if kind == "BA" and not base_splits:
            groups += [(weapon, min(count, MAX_GROUP))] if count else []
            continue
        while count > 0:
            groups.append((weapon, min(count, MAX_GROUP)))
            count -= MAX_GROUP
    return groups


@cache
def _worth(weapon: str, count: int, kind: str) -> int:
    """What a group gains by aiming at a type: (21 - needed) × its cost; 0 where it
    cannot hit."""
    need = needed(weapon, count, UNITS[kind].shield)
    return (21 - need) * UNITS[kind].cost if need is not None else 0


def _target(
    state: SpacewarState,
    unit: Unit,
    enemies: list[Unit],
    reach: int,
    count: int,
    weapon: str,
    standing: Standing,
    aimed: dict[int, int],
) -> Unit | None:
    """The auto target (docs/rules-spacewar.md): a unit not yet hit this round, the listed
    types first, then the highest (21 - needed) × cost, then the fewest weapons aimed, the
    nearest, the lowest label."""
    depth = state.options.battle_depth
    best: tuple[bool, int, int, int, int, str] | None = None
    chosen = None
    listed_types = standing.targets
    for enemy in enemies:
        near = depth - unit.p - enemy.p
        if near > reach:
            continue
        listed = listed_types.index(enemy.type) if enemy.type in listed_types else 99
        worth = _worth(weapon, count, enemy.type)
        score = (enemy.hit, listed, -worth, aimed.get(id(enemy), 0), near, enemy.label)
        if best is None or score < best:
            best, chosen = score, enemy
    return chosen


def _shoot(
    state: SpacewarState,
    battle: Battle,
    unit: Unit,
    target: Unit,
    weapon: str,
    count: int,
    dice: Dice,
) -> None:
    need = needed(weapon, count, UNITS[target.type].shield)
    label = f"fire {battle.field} {unit.label}>{target.label} {weapon}{count}"
    if target.penalty == "red":
        collapse = dice.roll(f"shield {battle.field} {target.label}", 6, seen_by=EVERYBODY)
        if collapse <= SHIELD_COLLAPSE:  # Spacewar §10.2: without a shield, always hit
            _hit(state, battle, target, dice)
            state.note("fire_auto", [battle.field, str(battle.round), unit.label, target.label])
            return
    if need is None:
        state.note(
            "fire_none",
            [battle.field, str(battle.round), unit.label, target.label, f"{weapon}{count}"],
        )
        return
    die = dice.roll(label, 20, seen_by=EVERYBODY)
    hit = die >= need
    state.note(
        "fire",
        [
            battle.field,
            str(battle.round),
            unit.label,
            target.label,
            f"{weapon}{count}",
            str(need),
            str(die),
            "hit" if hit else "miss",
        ],
    )
    if hit:
        _hit(state, battle, target, dice)


def _hit(state: SpacewarState, battle: Battle, target: Unit, dice: Dice) -> None:
    """A hit destroys the target (Spacewar §5.2), or with option 10.1 rolls its damage;
    markers from earlier hits this round count (decision 31)."""
    if not state.options.multiple_hits or target.type == "BA":
        target.hit = True
        return
    target.hits += 1
    if target.type == "JG" and target.hits >= 2:
        target.hit = True  # Spacewar §10.1: a Jäger's second hit destroys it
        return
    die = dice.roll(f"dmg {battle.field} {target.label}", 6, seen_by=EVERYBODY)
    event = damage_event(die, target.marker, state.options.red_modifier)
    state.note("damage", [battle.field, target.label, str(die), event])
    if event == "white":
        target.hit = True
    elif event != "graze" and MARKERS.index(event) > MARKERS.index(target.marker):
        target.marker = event  # only the worst marker counts (decision 23)


def _remove(state: SpacewarState, battle: Battle) -> None:
    """Take out the units hit this round: a carrier or base takes its docked Jäger with
    it, a transporter its cargo (destroyed stones go back to the pool)."""
    gone = [u for u in battle.units if u.hit and u.present]
    gone += [
        u
        for u in battle.units
        if u.type == "JG" and u.docked and u.present and u.home in gone and u not in gone
    ]
    for unit in gone:
        unit.dead, unit.hit = True, False
        state.note("destroyed", [battle.field, unit.label])
        if unit.ship is not None and unit.fleet is not None and unit.ship in unit.fleet.ships:
            _lose_ship(state, unit.fleet, unit.ship)
        elif unit.base is not None and unit.base in state.bases:
            state.bases.remove(unit.base)
    for unit in battle.units:
        if unit.ship is not None and unit.present:
            unit.ship.marker = unit.marker


def _lose_ship(state: SpacewarState, fleet: Fleet, ship: Ship) -> None:
    fleet.ships.remove(ship)
    if ship.stone is not None:
        pool = state.player(fleet.owner).pool
        pool[VALUES.index(ship.stone.value)] += 1
    if ship.base_part and fleet.base is not None:
        fleet.base = None  # a third lost is the base lost
        for other in fleet.ships:
            other.base_part = False


def _jump_rule(state: SpacewarState, fleet: Fleet) -> tuple[str, int]:
    for entry in state.player(fleet.owner).standing.jumps:
        number, rule, value = entry.split(":")
        if int(number) == fleet.id:
            return rule, int(value)
    return "never", 0


def _emergency_jumps(state: SpacewarState, battle: Battle, dice: Dice) -> None:
    """Spacewar §5.5 after each battle round, by the standing orders: the whole fleet on
    5+, or each ship on 4+ (single ships form one new fleet). Jäger go along only docked
    in jumping carriers; the base cannot jump."""
    for number in (battle.first, 3 - battle.first):
        if not battle.side(3 - number):
            continue
        for fleet in [f for f in state.fleets_at(battle.field, number) if f.ships]:
            rule, value = _jump_rule(state, fleet)
            start = battle.start_ships.get((number, fleet.id), len(fleet.ships))
            lost = start - len(fleet.ships)
            due = (rule in ("round", "single") and battle.round >= value) or (
                rule == "loss" and lost * 100 >= value * start
            )
            if not due:
                continue
            if rule == "single":
                _single_jumps(state, battle, fleet, dice)
                continue
            die = dice.roll(f"jump {battle.field} P{number} F{fleet.id}", 6, seen_by=EVERYBODY)
            ok = die >= FLEET_JUMP
            state.note(
                "emergency",
                [battle.field, str(number), str(fleet.id), str(die), "hit" if ok else "miss"],
            )
            if ok:
                _leave(state, battle, fleet, list(fleet.ships))
                fleet.where = strip_of(battle.field, number)


def _single_jumps(state: SpacewarState, battle: Battle, fleet: Fleet, dice: Dice) -> None:
    number = free_fleet_id(state, fleet.owner)
    if not number:
        state.note(
            "emergency_no_slot", [battle.field, str(fleet.owner), str(fleet.id)], [fleet.owner]
        )
        return
    jumpers = []
    for ship in list(fleet.ships):
        die = dice.roll(f"jump {battle.field} P{fleet.owner} {ship.id}", 6, seen_by=EVERYBODY)
        ok = die >= SHIP_JUMP
        state.note(
            "emergency_ship",
            [battle.field, str(fleet.owner), ship.id, str(die), "hit" if ok else "miss"],
        )
        if ok:
            jumpers.append(ship)
    if not jumpers:
        return
    new = Fleet(owner=fleet.owner, id=number, where=strip_of(battle.field, fleet.owner))
    _leave(state, battle, fleet, jumpers)
    for ship in jumpers:
        fleet.ships.remove(ship)
        new.ships.append(ship)
    state.fleets.append(new)


def _leave(state: SpacewarState, battle: Battle, fleet: Fleet, ships: list[Ship]) -> None:
    """Ships leave the table; launched Jäger of their side dock in the jumping carriers
    as far as there is room ("auch eigentlich zu weit entfernte Jäger")."""
    leaving = [u for u in battle.units if u.ship in ships and u.present]
    for unit in leaving:
        unit.jumped = True
        if unit.ship is not None:
            unit.ship.marker = unit.marker
    carriers = [u for u in leaving if u.type == "ST"]
    free = [j for j in battle.side(fleet.owner) if j.type == "JG"]
    for carrier in carriers:
        assert carrier.ship is not None
        room = UNITS["ST"].fighters
        mine = sorted(free, key=lambda j: j.home is not carrier)
        for jaeger in mine[:room]:
            jaeger.jumped = True
            free.remove(jaeger)
        carrier.ship.fighters = min(room, len(mine))


def close_battle(state: SpacewarState, battle: Battle) -> None:
    """The end: launched Jäger dock wherever there is room on their side's carriers and
    base in the field; the others stay stranded (decision 20)."""
    for number in (1, 2):
        homes = [u for u in battle.side(number) if u.type in ("ST", "BA")]
        jaeger = [u for u in battle.side(number) if u.type == "JG"]
        for home in homes:
            room = UNITS[home.type].fighters
            mine = sorted(jaeger, key=lambda j: j.home is not home)[:room]
            for j in mine:
                jaeger.remove(j)
            if home.ship is not None:
                home.ship.fighters = len(mine)
            elif home.base is not None:
                home.base.fighters = len(mine)
        if jaeger:
            add_stranded(state, number, battle.field, len(jaeger))
    left = {n: bool(battle.side(n)) for n in (1, 2)}
    outcome = "draw" if left[1] and left[2] else ("1" if left[1] else "2" if left[2] else "none")
    state.note("battle_end", [battle.field, str(battle.round), outcome])
    drop_empty(state)
