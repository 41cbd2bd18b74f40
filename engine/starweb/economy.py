"""Plunder, mining, population growth, the rounds counter and plunder recovery.

Evaluated after the gifts, before the scores (docs/rules-starweb.md,
"Plünderung", "Bevölkerung", "Minen und Rundenzähler"); the Black Box acts last.
"""

from __future__ import annotations

from engine.core import NEUTRAL
from engine.starweb import artifacts
from engine.starweb.context import Turn
from engine.starweb.orders import Plunder
from engine.starweb.state import CAP, MAX_MINES, Character, World

PLUNDER_POINTS = (50, 40, 30, 20)
"""Starweb "Pirat": the first to fourth plunder of a world, then 10 each."""
PLUNDER_LATER = 10
PLUNDER_PENALTY = -5
"""Starweb "Plünderung": every other character loses five points."""
RECOVERY = 3
"""Starweb "Plünderung": three turns without building, mining, growth, counting."""
ROUNDS = 7
"""Starweb "Minen und Rundenzähler": after seven turns with one owner, one more mine."""


def plunder_points(character: str, plundered_before: int) -> int:
    """Points for plundering a world plundered ``plundered_before`` times already."""
    if character != Character.PIRATE:
        return PLUNDER_PENALTY
    if plundered_before < len(PLUNDER_POINTS):
        return PLUNDER_POINTS[plundered_before]
    return PLUNDER_LATER


def _plunder(turn: Turn, recovering: set[int]) -> set[int]:
    """Carry out WnX; returns the worlds plundered."""
    state = turn.state
    done: set[int] = set()
    for player, order in turn.all_orders(Plunder):
        assert isinstance(order, Plunder)
        if not 1 <= order.world <= len(state.worlds):
            turn.remark(player, order, "not_your_world")
            continue
        world = state.world(order.world)
        if order.world in turn.gifted_worlds:
            turn.remark(player, order, "gifted")
        elif order.world in turn.conquered or world.owner != player:
            lost = turn.start.world(order.world).owner == player
            turn.remark(player, order, "conquered" if lost else "not_your_world")
        elif order.world in recovering:
            turn.remark(player, order, "recovering")
        elif order.world in done:
            turn.remark(player, order, "plundered_once")
        else:
            turn.scored[player] += plunder_points(state.player(player).character, world.plundered)
            world.plundered = min(CAP, world.plundered + 1)
            world.recovery = RECOVERY
            done.add(order.world)
            turn.flag_world(order.world, "plundered")
    return done


def grow(turn: Turn, world: World) -> None:
    """Starweb "Bevölkerung": about ten per cent: a tenth of the people, and one more
    with the chance of the last digit (two people grow by one about every fifth turn,
    the rulebook's example); never past the limit. An apostle's newborn are converts (on
    his own world; a neutral world's newborn are nobody's converts).
    The chance is a d10 (``growth W12``), up to the last digit one more, seen by the
    world's witnesses (:meth:`Turn.witnesses`)."""
    if world.population == 0 or world.population >= world.limit:
        return
    growth = world.population // 10
    last = world.population % 10
    if last:
        seen_by = turn.witnesses(world.number)
        if turn.dice.below(f"growth W{world.number}", 10, seen_by=seen_by) < last:
            growth += 1
    growth = min(growth, world.limit - world.population)
    world.population += growth
    if world.owner == NEUTRAL:
        return
    owner = turn.state.player(world.owner)
    if owner.character == Character.APOSTLE and world.convert_owner in (NEUTRAL, owner.number):
        world.converts += growth
        if world.converts:
            world.convert_owner = owner.number


def _count_rounds(turn: Turn, world: World) -> None:
    """The rounds counter: 1 on a change of owner, +1 a turn, a mine after 7."""
    if world.owner == NEUTRAL or world.mines == 0:
        world.turns = 0
    elif world.owner != turn.start.world(world.number).owner or world.turns == 0:
        world.turns = 1
    elif world.turns >= ROUNDS:
        world.turns = 1
        world.mines = min(MAX_MINES, world.mines + 1)
    else:
        world.turns += 1


def produce(turn: Turn) -> None:
    """Plunder, then per world: mining (owned worlds), growth (every world; owned only
    with ``Options.growth_owned_only``), deaths over the limit, the rounds counter, the
    recovery countdown; then the Black Box.

    Starweb "Bevölkerung": "Auswanderer, die diese Grenze sprengen, sterben; sie können
    jedoch noch für eine Runde lang zur Produktion eingesetzt werden": emigrants arrive
    after building (step 2), mine here with everybody and die at the end of their
    arrival turn; with ``Options.emigrants_build_next_turn`` (English §10) they live to
    the end of the next turn (mining now, building and mining then).
    """
    state = turn.state
    recovering = {w.number for w in state.worlds if w.recovery > 0}
    plundered = _plunder(turn, recovering)
    for world in state.worlds:
        if world.number in recovering:
            # Starweb "Plünderung": no mining, no growth, the counter stands still.
            world.recovery -= 1
        elif world.owner != NEUTRAL:
            # Starweb "Bevölkerung": only people who did not build mine.
            workers = world.population + world.robots - turn.used_population[world.number]
            world.metal = min(CAP, world.metal + max(0, min(world.mines, workers)))
            grow(turn, world)
        elif not state.options.growth_owned_only:
            # Starweb "Bevölkerung": "Die Bevölkerung wächst pro Runde etwa um zehn
            # Prozent", on every world; but neutral worlds do not mine (the rulebook's
            # printout: W84 [---] with Minen=3 and no metal; docs/rules-starweb.md).
            grow(turn, world)
        allowed = world.limit
        if state.options.emigrants_build_next_turn:
            allowed += turn.arrivals[world.number]
        if world.population > allowed:
            world.population = allowed
            world.converts = min(world.converts, world.population)
            if world.converts == 0:
                world.convert_owner = NEUTRAL
        changed = world.owner != turn.start.world(world.number).owner
        if changed or not (world.number in recovering or world.number in plundered):
            _count_rounds(turn, world)
    artifacts.apply_black_box(turn)
