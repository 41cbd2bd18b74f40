"""P7 Bodenkampf (Spacewar §6; decisions 5-9): troop stones fight in rows on a 1W6 table;
defenders who retreat or lose become guerrillas and cut the world's income."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.dice import EVERYBODY, Dice
from engine.spacewar.battle import attacks
from engine.spacewar.board import WORLDS, ground_effect
from engine.spacewar.fleets import military_at
from engine.spacewar.production import draw_stones
from engine.spacewar.setup import VALUES
from engine.spacewar.state import Ship, SpacewarState, Stone

MAX_ROWS = 4
"""Spacewar §6 "Mehr als vier Spielsteine dürfen keinem Ziel zugeordnet werden"."""
WEAKEST = "weak"
"""A line-up ``schwach zuerst``: the weakest stones on the left."""
MAX_ROUNDS = 50
"""A safety cap: after it the attacker re-embarks (docs/rules-spacewar.md)."""


@dataclass(eq=False)
class Fighter:
    """A stone in a ground fight."""

    stone: Stone
    attacker: bool
    state: str = "active"
    """``active``, ``repulsed`` or ``destroyed``."""


@dataclass
class GroundFight:
    """One ground fight on a world."""

    world: str
    attacker: int
    a: list[Fighter] = field(default_factory=list)
    d: list[Fighter] = field(default_factory=list)
    round: int = 0

    def active(self, attacker: bool) -> list[Fighter]:
        """A side's stones still fighting."""
        return [f for f in (self.a if attacker else self.d) if f.state == "active"]


def ordered(stones: list[Stone], values: list[int]) -> list[Stone]:
    """Stones in the order a line-up names their values; the rest strongest first, ties
    by stone id (Spacewar §6, the default of orders 10 and 11)."""
    rest = sorted(stones, key=lambda s: (-s.value, s.id))
    out = []
    for value in values:
        stone = next((s for s in rest if s.value == value), None)
        if stone is not None:
            rest.remove(stone)
            out.append(stone)
    return out + rest


def layout(
    first: list[Fighter], second: list[Fighter]
) -> tuple[list[list[Fighter]], list[list[Fighter]]]:
    """The columns of one round (docs/rules-spacewar.md §7 2a-2c): as many columns as the
    smaller side has stones; each side fills row 1 left to right, then rows 2-4; at most
    four stones on a column, the rest sit the round out. Columns hold the stones front
    to back."""
    columns = min(len(first), len(second))
    out: list[list[list[Fighter]]] = []
    for side in (first, second):
        cols: list[list[Fighter]] = [[] for _ in range(columns)]
        for index, fighter in enumerate(side[: columns * MAX_ROWS]):
            cols[index % columns].append(fighter)
        out.append(cols)
    return out[0], out[1]


def _apply(effect: str, a: Fighter, d: Fighter) -> None:
    if effect == "a_destroyed":
        a.state = "destroyed"
    elif effect == "a_repulsed":
        a.state = "repulsed"
    elif effect == "d_repulsed":
        d.state = "repulsed"
    elif effect == "d_destroyed":
        d.state = "destroyed"


def fight_round(state: SpacewarState, fight: GroundFight, dice: Dice) -> None:
    """One round: row 1 column by column, losses out, then rows 2, 3, 4 against the
    enemy's front stone in the column (Spacewar §6; decision 6: the row bonus helps the
    rear stone's side)."""
    fight.round += 1
    a_cols, d_cols = layout(fight.active(True), fight.active(False))
    for row in range(MAX_ROWS):
        for col, (a_col, d_col) in enumerate(zip(a_cols, d_cols, strict=True), start=1):
            pairs: list[tuple[Fighter, Fighter, int]] = []
            if row == 0 and a_col and d_col:
                pairs.append((a_col[0], d_col[0], 0))
            elif row:
                a_front = next((f for f in a_col if f.state == "active"), None)
                d_front = next((f for f in d_col if f.state == "active"), None)
                if len(a_col) > row and a_col[row].state == "active" and d_front is not None:
                    pairs.append((a_col[row], d_front, row))
                if len(d_col) > row and d_col[row].state == "active" and a_front is not None:
                    pairs.append((a_front, d_col[row], -row))
            for a, d, bonus in pairs:
                die = dice.roll(
                    f"ground {fight.world} r{fight.round} row{row + 1} c{col}", 6, seen_by=EVERYBODY
                )
                result = die + a.stone.value - d.stone.value + bonus
                effect = ground_effect(result)
                _apply(effect, a, d)
                state.note(
                    "ground_pair",
                    [
                        fight.world,
                        str(fight.round),
                        str(row + 1),
                        str(col),
                        str(a.stone.value),
                        str(d.stone.value),
                        str(die),
                        str(result),
                        effect,
                    ],
                )


def _retreats(state: SpacewarState, fight: GroundFight, attacker: bool) -> bool:
    number = fight.attacker if attacker else 3 - fight.attacker
    left = len(fight.active(attacker))
    wheres = (
        {"*", fight.world}
        if not attacker
        else {"*", *(f"F{f.id}" for f in state.fleets_at(fight.world, number))}
    )
    for entry in state.player(number).standing.ground_retreats:
        where, rule, value = entry.split(":")
        if where in wheres and (
            (rule == "stones" and left <= int(value))
            or (rule == "round" and fight.round >= int(value))
        ):
            return True
    return False


def ground_phase(state: SpacewarState, dice: Dice) -> None:
    """P7: every world where a player who does not own it has troop stones aboard, his
    orders attack there, and no ship, base or Jäger of the owner is left."""
    for where in WORLDS:
        world = state.world(where)
        attacker = 3 - world.owner
        aboard = _aboard(state, where, attacker)
        if not aboard or military_at(state, where, world.owner):
            continue
        if not attacks(state, attacker, where, set()) and not _conditional(state, attacker, where):
            continue
        ground_fight(state, where, attacker, dice)


def _conditional(state: SpacewarState, attacker: int, where: str) -> bool:
    """An attack ``nur bei Aufklärung`` on a world nobody defends in space still lands."""
    standing = state.player(attacker).standing
    return where in standing.scout_attack or "*" in standing.scout_attack


def _aboard(state: SpacewarState, where: str, number: int) -> list[Ship]:
    return [s for f in state.fleets_at(where, number) for s in f.ships if s.stone is not None]


def ground_fight(state: SpacewarState, where: str, attacker: int, dice: Dice) -> None:
    """One ground fight to its end and its result (Spacewar §6)."""
    world = state.world(where)
    defender = world.owner
    player = state.player(attacker)
    ships = _aboard(state, where, attacker)
    stones = [s.stone for s in ships if s.stone is not None]
    for ship in ships:
        ship.stone = None
    if world.guerrilla_of == attacker and world.guerrilla >= 2:
        # "Truppensteine, in Anzahl des halben PE-Abzugs" (rounded down: decision 9)
        stones += draw_stones(state, player, world.guerrilla // 2, dice, f"guerrilla {where}")
    assignment = [
        v
        for entry in player.standing.assignments
        for v in _values_of(entry, state, where, attacker)
    ]
    spec = next(
        (
            e.partition(":")[2]
            for e in state.player(defender).standing.lineups
            if e.partition(":")[0] == where
        ),
        "",
    )
    fight = GroundFight(where, attacker)
    fight.a = [Fighter(s, True) for s in ordered(stones, assignment)]
    defenders = (
        sorted(world.troops, key=lambda s: (s.value, s.id))
        if spec == WEAKEST
        else ordered(world.troops, [int(v) for v in spec.split(",") if v])
    )
    fight.d = [Fighter(s, False) for s in defenders]
    state.note(
        "ground_start",
        [
            where,
            str(attacker),
            ", ".join(str(f.stone.value) for f in fight.a),
            ", ".join(str(f.stone.value) for f in fight.d),
        ],
    )
    winner = 0
    while fight.d and fight.round < MAX_ROUNDS:
        fight_round(state, fight, dice)
        if not fight.active(True):
            winner = defender  # both sides spent: nobody is left to take the world
        elif not fight.active(False):
            winner = attacker
        elif _retreats(state, fight, True):
            state.note("ground_retreat", [where, str(attacker)])
            winner = defender
        elif _retreats(state, fight, False):
            state.note("ground_retreat", [where, str(defender)])
            winner = attacker
        if winner:
            break
    if not fight.d:
        winner = attacker
    survivors_a = [f.stone for f in fight.a if f.state != "destroyed"]
    survivors_d = [f.stone for f in fight.d if f.state != "destroyed"]
    for fighter in fight.a + fight.d:
        if fighter.state == "destroyed":
            owner = attacker if fighter.attacker else defender
            state.player(owner).pool[VALUES.index(fighter.stone.value)] += 1
    if winner == attacker:
        conquer(state, where, attacker, survivors_a, survivors_d)
    else:
        world.troops = survivors_d
        _reembark(state, where, attacker, survivors_a)
        state.note("ground_held", [where, str(defender)])


def conquer(
    state: SpacewarState, where: str, attacker: int, garrison: list[Stone], guerrillas: list[Stone]
) -> None:
    """The world changes owner; the defender's survivors become guerrillas (Spacewar §6:
    "wird die Anzahl der überlebenden Einheiten dauerhaft von dem Einkommen der Welt
    abgezogen"); the former owner recapturing clears them (decision 9)."""
    world = state.world(where)
    old = world.owner
    if world.guerrilla_of == attacker and state.options.guerrilla_clear_on_recapture:
        world.guerrilla, world.guerrilla_of = 0, 0
    if guerrillas:
        world.guerrilla += len(guerrillas)
        world.guerrilla_of = old
        for stone in guerrillas:
            state.player(old).pool[VALUES.index(stone.value)] += 1
    world.owner = attacker
    world.troops = garrison
    state.note("conquered", [where, str(attacker), str(len(guerrillas))])


def _reembark(state: SpacewarState, where: str, attacker: int, stones: list[Stone]) -> None:
    """Surviving attackers go back aboard, one per empty transporter in the field; the
    rest are lost (back to the pool)."""
    free = [
        s
        for f in state.fleets_at(where, attacker)
        for s in f.ships
        if s.type == "TR" and s.stone is None and not s.base_part and not s.jaeger
    ]
    for stone in stones:
        if free:
            free.pop(0).stone = stone
        else:
            state.player(attacker).pool[VALUES.index(stone.value)] += 1


def _values_of(entry: str, state: SpacewarState, where: str, attacker: int) -> list[int]:
    fleet, _, values = entry.partition(":")
    here = {str(f.id) for f in state.fleets_at(where, attacker)}
    return [int(v) for v in values.split(",") if v] if fleet in here else []
