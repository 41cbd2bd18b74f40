"""P2 Hyperraum and P3 Bewegung (Spacewar §4 ¶3-6): fleets enter hyperspace, then the
players move them one at a time, alternately, each landing decided by dice.

By mail the jumps are sealed (decision 4): each jump names its group and a preference
list; the server plays the alternation in the rulebook's order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from engine.dice import EVERYBODY, Dice
from engine.spacewar.board import (
    ENEMY,
    OWN,
    SPACE,
    SPACE_ROW,
    STRIPS,
    WORLDS,
    group_fields,
    reachable,
    row_of,
    space_by_die,
    strip_of,
    world_by_die,
)
from engine.spacewar.orders import WORLD_GROUP, Jump
from engine.spacewar.state import Fleet, Pending, SpacewarState


@dataclass
class Mover:
    """A fleet in hyperspace with what it was told."""

    fleet: Fleet
    jump: Jump


def resolved(jump: Jump, player: int) -> Jump:
    """The jump with its group named: targets given as worlds only lie in the mover's own
    row or the enemy's."""
    if jump.group != WORLD_GROUP:
        return jump
    group = OWN if jump.targets and jump.targets[0] in row_of(player) else ENEMY
    return replace(jump, group=group)


def jump_problem(state: SpacewarState, fleet: Fleet | None, jump: Jump) -> str | None:
    """Why a fleet cannot jump as ordered (a code), or None."""
    if fleet is None:
        return "fleet_absent"
    jump = resolved(jump, fleet.owner)
    if len(fleet.ships) == 1 and fleet.ships[0].type != "SC":
        return "alone"  # Spacewar §4 "Nur Scouts können sich einzeln bewegen!"
    open_reach = state.options.hyperspace_reach == "open"
    if not reachable(fleet.where, jump.group, fleet.owner, open_reach):
        return "unreachable"
    fields = group_fields(jump.group, fleet.owner)
    if any(t not in fields for t in jump.targets):
        return "target_outside"
    return None


def enter_hyperspace(
    state: SpacewarState, jumps: Mapping[int, Sequence[Jump]]
) -> dict[int, list[Mover]]:
    """P2: every fleet with a valid jump goes to its strip; fleets already in a strip
    (after an emergency jump) must move and do so towards the space row unless told."""
    movers: dict[int, list[Mover]] = {1: [], 2: []}
    for number in (1, 2):
        told = set()
        for given in jumps.get(number, ()):
            jump = resolved(given, number)
            fleet = state.fleet(number, jump.fleet)
            if jump.fleet in told:
                continue
            problem = jump_problem(state, fleet, jump)
            if problem is not None or fleet is None:
                state.note("jump_refused", [str(jump.line), problem or ""], [number])
                continue
            told.add(jump.fleet)
            if fleet.where not in STRIPS:
                fleet.where = entry_strip(fleet.where, jump.group, number)
            movers[number].append(Mover(fleet, jump))
        for fleet in sorted(state.fleets, key=lambda f: f.id):
            if fleet.owner == number and fleet.where in STRIPS and fleet.id not in told:
                movers[number].append(Mover(fleet, Jump(fleet=fleet.id, group=SPACE_ROW)))
    return movers


def entry_strip(where: str, group: str, player: int) -> str:
    """The strip a jumping fleet enters (Spacewar §4 ¶3: the one next to its field): a
    world's row has one; from a space field it is the strip towards the destination, and
    the player's own side for the space row (docs/rules-spacewar.md, decision 2)."""
    if where in SPACE and group != SPACE_ROW:
        return "H1" if group_fields(group, player)[0] in WORLDS[:6] else "H2"
    return strip_of(where, player)


def first_mover(state: SpacewarState, movers: Mapping[int, Sequence[Mover]]) -> int:
    """Spacewar §4 ¶4: the player with the most fleets in hyperspace moves first; a tie
    goes to the start player (decision 15)."""
    one, two = len(movers.get(1, ())), len(movers.get(2, ()))
    if one == two:
        return state.start_player
    return 1 if one > two else 2


def move_phase(state: SpacewarState, jumps: Mapping[int, Sequence[Jump]], dice: Dice) -> int:
    """P2 and P3; returns the first mover (he also declares attacks first, Spacewar §5).
    With ``movement = alternating`` only P2 runs here: the fleets wait in hyperspace for
    their owners' move steps (:func:`move_one`)."""
    movers = enter_hyperspace(state, jumps)
    first = first_mover(state, movers)
    state.first_mover = first
    state.note("hyperspace", [str(len(movers[1])), str(len(movers[2])), str(first)])
    if state.options.movement == "alternating":
        state.pending = [
            Pending(m.fleet.owner, m.fleet.id, m.jump.group, list(m.jump.targets))
            for number in (first, 3 - first)
            for m in movers[number]
        ]
        state.phase, state.mover = ("move", first) if state.pending else ("orders", 0)
        return first
    queues = {n: list(movers[n]) for n in (1, 2)}
    turn = first
    while queues[1] or queues[2]:
        if not queues[turn]:
            turn = 3 - turn
        mover = queues[turn].pop(0)
        land(state, mover, dice)
        turn = 3 - turn
    return first


def move_one(state: SpacewarState, jumps: Sequence[Jump], dice: Dice) -> bool:
    """One move step (``movement = alternating``, Spacewar §4 ¶6): the mover moves one of
    his fleets in hyperspace, the first his orders name with a jump it can make, else the
    first he ordered into hyperspace, as ordered then. Then the other player moves, or,
    when he has nothing left in hyperspace, the same one again. True when all moved."""
    number = state.mover
    mine = [p for p in state.pending if p.owner == number]
    chosen, jump = (
        mine[0],
        Jump(fleet=mine[0].fleet, group=mine[0].group, targets=tuple(mine[0].targets)),
    )
    for given in jumps:
        waiting = next((p for p in mine if p.fleet == given.fleet), None)
        fleet = state.fleet(number, given.fleet)
        if waiting is None or fleet is None:
            continue
        problem = jump_problem(state, fleet, given)
        if problem is None:
            chosen, jump = waiting, resolved(given, number)
            break
        state.note("jump_refused", [str(given.line), problem], [number])
    state.pending.remove(chosen)
    fleet = state.fleet(number, chosen.fleet)
    if fleet is not None:
        land(state, Mover(fleet, jump), dice)
    others = [p for p in state.pending if p.owner != number]
    if not state.pending:
        state.phase, state.mover = "orders", 0
        return True
    state.mover = 3 - number if others else number
    return False


def preference(fields: Sequence[str], targets: Sequence[str]) -> list[str]:
    """The order a fleet takes the fields shown by the dice: the listed targets first,
    the others by ascending id (docs/rules-spacewar.md, order 5)."""
    listed = [t for t in targets if t in fields]
    rest = sorted(set(fields) - set(listed), key=lambda f: (f[0], int(f[1:])))
    return [*listed, *rest]


def throw(
    state: SpacewarState, mover: Mover, dice: Dice, label: str
) -> tuple[list[int], list[str]]:
    """One throw for a jump: 2W6 for a planet row, 1W6 for the space row; the dice and
    the fields they show (Spacewar §4)."""
    fleet, group = mover.fleet, mover.jump.group
    if group in (OWN, ENEMY):
        mirrored = state.options.enemy_columns == "mirrored"
        dies = [dice.roll(label, 6, seen_by=EVERYBODY) for _ in range(2)]
        return dies, [world_by_die(group, d, fleet.owner, mirrored) for d in dies]
    die = dice.roll(label, 6, seen_by=EVERYBODY)
    shown = space_by_die(die, fleet.owner)
    # "Bei einer 1 oder 6 kann er sich dieses aussuchen."
    return [die], [shown] if shown else list(group_fields(SPACE_ROW, fleet.owner))


def reroll_each_die(
    state: SpacewarState,
    mover: Mover,
    dice: Dice,
    label: str,
    dies: list[int],
    shown: list[str],
) -> tuple[list[int], list[str]]:
    """Spacewar §4 "jeden der beiden Würfe einmal wiederholen" read as each die once
    (option ``scout_reroll = each_die``, decision 16): the die showing the best listed
    target is kept, every other die is thrown again once; with no listed target shown,
    both are. Keeping the best die, the second chance never lands worse."""
    targets = mover.jump.targets
    listed = [i for i, where in enumerate(shown) if where in targets]
    keep = min(listed, key=lambda i: targets.index(shown[i])) if listed else None
    mirrored = state.options.enemy_columns == "mirrored"
    dies, shown = list(dies), list(shown)
    for i in range(len(dies)):
        if i != keep:
            dies[i] = dice.roll(label, 6, seen_by=EVERYBODY)
            shown[i] = world_by_die(mover.jump.group, dies[i], mover.fleet.owner, mirrored)
    return dies, shown


def land(state: SpacewarState, mover: Mover, dice: Dice) -> None:
    """Roll for one fleet and put it on the field it prefers among those shown."""
    fleet, jump = mover.fleet, mover.jump
    label = f"move P{fleet.owner} F{fleet.id}"
    dies, shown = throw(state, mover, dice, label)
    lone_scout = len(fleet.ships) == 1 and fleet.ships[0].type == "SC"
    if lone_scout and jump.targets and jump.targets[0] not in shown:
        # Spacewar §4 "Einzelne Scouts können jeden der beiden Würfe einmal wiederholen"
        # (decision 16: the whole throw, once).
        state.note("reroll", [str(fleet.owner), str(fleet.id), " ".join(map(str, dies))])
        if state.options.scout_reroll == "each_die" and len(dies) > 1:
            dies, shown = reroll_each_die(state, mover, dice, label + " reroll", dies, shown)
        else:
            dies, shown = throw(state, mover, dice, label + " reroll")
    where = preference(shown, jump.targets)[0]
    fleet.where = where
    state.note("landed", [str(fleet.owner), str(fleet.id), " ".join(map(str, dies)), where])
