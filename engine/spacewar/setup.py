"""The start position (Spacewar "Der Spielaufbau") and the setup step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import JSONValue, Setup
from engine.dice import EVERYBODY, Dice
from engine.plaindata import from_plain, to_plain
from engine.spacewar.board import COLONY_PE, HOME, HOME_PE, WORLDS, row_of
from engine.spacewar.fleets import drop_empty, find_ship, free_fleet_id
from engine.spacewar.orders import AssignShip, Jump, PlaceFleet, SpacewarOrder
from engine.spacewar.state import (
    Base,
    Fleet,
    Note,
    Options,
    Player,
    Ship,
    SpacewarState,
    Stone,
    World,
)

START_STONES = {"home": (3, 3, 4, 4, 5, 5), "colony": (3, 3, 4)}
"""Spacewar "Der Spielaufbau": 2×3er + 1×4er per colony; 2×3er, 2×4er, 2×5er at home."""
START_FLEETS = 3
"""Three fleets of 1 Schlachtträger (8 Jäger aboard) and 2 Kreuzer each."""
DEFAULT_ASSIGN = {"TR1": 1, "TR2": 1, "TR3": 2, "TR4": 3, "SC1": 1, "SC2": 2}
"""Decision 25: where the 4 transporters and 2 scouts go unless the player says."""
VALUES = (3, 4, 5)
"""The values of the troop stones, in the order of ``Options.troop_stones``."""


def read_options(given: Mapping[str, JSONValue]) -> Options:
    """The rule options over the defaults; an unknown option or a bad value is refused
    with a :class:`ValueError` naming it."""
    defaults: dict[str, JSONValue] = to_plain(Options())
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        raise ValueError(f"Spacewar has no option {', '.join(unknown)}")
    try:
        options: Options = from_plain(Options, {**defaults, **given})
    except (TypeError, ValueError) as err:
        raise ValueError(f"a Spacewar option has a value of the wrong type: {err}") from None
    if options.battle_mode not in ("auto", "rounds"):
        raise ValueError("battle_mode is auto or rounds")
    if options.movement not in ("sealed", "alternating"):
        raise ValueError("movement is sealed or alternating")
    if options.hyperspace_reach not in ("strips", "open"):
        raise ValueError("hyperspace_reach is strips or open")
    if options.scout_reroll not in ("throw", "each_die"):
        raise ValueError("scout_reroll is throw or each_die")
    if options.enemy_columns not in ("mirrored", "board"):
        raise ValueError("enemy_columns is mirrored or board")
    if len(options.troop_stones) != len(VALUES) or min(options.troop_stones) < 0:
        raise ValueError("troop_stones holds three counts (3er, 4er, 5er)")
    if options.battle_depth < 13 or options.battle_max_rounds < 1:
        raise ValueError("battle_depth is at least 13 and battle_max_rounds at least 1")
    return options


def new_game(setup: Setup) -> SpacewarState:
    """Turn 0: both rows, the start stones and the three fleets per player at home
    (decision 25); the setup step lets each player place them."""
    options = read_options(setup.options)
    if sorted(p.number for p in setup.players) != [1, 2]:
        raise ValueError("Spacewar is played by exactly two players, seats 1 and 2")
    names = {p.number: p.name or f"Spieler {p.number}" for p in setup.players}
    players = [Player(number=n, name=names[n], pool=list(options.troop_stones)) for n in (1, 2)]
    state = SpacewarState(
        game=setup.game,
        turn=0,
        seed=setup.seed,
        round=0,
        start_player=0,
        players=players,
        worlds=[],
        options=options,
    )
    for number in (1, 2):
        player = state.player(number)
        for field in row_of(number):
            home = field == HOME[number]
            world = World(id=field, owner=number, base_pe=HOME_PE if home else COLONY_PE)
            for value in START_STONES["home" if home else "colony"]:
                world.troops.append(take_stone(player, value))
            state.worlds.append(world)
        state.bases.append(Base(id=1, owner=number, field=HOME[number]))
        player.next_base = 2
        for fleet_id in range(1, START_FLEETS + 1):
            fleet = Fleet(owner=number, id=fleet_id, where=HOME[number])
            fleet.ships.append(new_ship(player, "ST", fighters=8))
            fleet.ships += [new_ship(player, "KR"), new_ship(player, "KR")]
            state.fleets.append(fleet)
        for ship_id, fleet_id in DEFAULT_ASSIGN.items():
            fleet_of = state.fleet(number, fleet_id)
            assert fleet_of is not None
            fleet_of.ships.append(new_ship(player, ship_id[:2]))
    state.worlds.sort(key=lambda w: WORLDS.index(w.id))
    return state


def take_stone(player: Player, value: int) -> Stone:
    """A stone of ``value`` out of the player's pool (the start stones come out of it:
    decision 10)."""
    index = VALUES.index(value)
    player.pool[index] = max(0, player.pool[index] - 1)
    stone = Stone(id=player.next_stone, value=value)
    player.next_stone += 1
    return stone


SHIP_ORDER = ("ST", "KR", "TR", "SC")


def new_ship(player: Player, type_: str, fighters: int = 0) -> Ship:
    """A new ship with the player's next number of its type."""
    index = SHIP_ORDER.index(type_)
    number = player.next_ship[index]
    player.next_ship[index] += 1
    return Ship(id=f"{type_}{number}", type=type_, fighters=fighters)


def start_player(state: SpacewarState, dice: Dice) -> None:
    """Spacewar "Der Spielaufbau" "Zuerst wird ermittelt welcher Spieler das Spiel
    beginnt": 1W6 each, the higher starts, ties rolled again (decision 15)."""
    while True:
        one = dice.roll("start P1", 6, seen_by=EVERYBODY)
        two = dice.roll("start P2", 6, seen_by=EVERYBODY)
        state.notes.append(Note("start_roll", [str(one), str(two)]))
        if one != two:
            state.start_player = 1 if one > two else 2
            state.notes.append(Note("start_player", [str(state.start_player)]))
            return


def run_setup(
    state: SpacewarState, orders: Mapping[int, Sequence[SpacewarOrder]], dice: Dice
) -> None:
    """The setup step: the start player, then each player's placements (Spacewar "Der
    Spielaufbau"); a placement that breaks a rule is refused with a note to its player."""
    start_player(state, dice)
    for number in (1, 2):
        for order in orders.get(number, ()):
            if isinstance(order, AssignShip):
                _assign(state, number, order)
        for order in orders.get(number, ()):
            if isinstance(order, PlaceFleet):
                _place(state, number, order)
            elif isinstance(order, Jump) and len(order.targets) == 1:
                # "F1 nach Welt 1" in the setup step places the fleet (orders, variant of 1)
                _place(
                    state,
                    number,
                    PlaceFleet(line=order.line, fleet=order.fleet, world=order.targets[0]),
                )


def _place(state: SpacewarState, number: int, order: PlaceFleet) -> None:
    fleet = state.fleet(number, order.fleet)
    if fleet is None:
        state.notes.append(Note("refused_no_fleet", [str(order.fleet)], [number]))
    elif order.world not in row_of(number):
        state.notes.append(Note("refused_not_own", [order.world], [number]))
    else:
        fleet.where = order.world
        state.notes.append(Note("placed", [str(order.fleet), order.world], [number]))


def _assign(state: SpacewarState, number: int, order: AssignShip) -> None:
    found = find_ship(state, number, order.ship)
    if found is None:
        state.notes.append(Note("refused_no_ship", [order.ship], [number]))
        return
    ship, source = found
    if order.fleet:
        target = state.fleet(number, order.fleet)
        if target is None:
            state.notes.append(Note("refused_no_fleet", [str(order.fleet)], [number]))
            return
    elif ship.type != "SC" or order.world not in row_of(number):
        # Spacewar §4: "Nur Scouts können sich einzeln bewegen!"
        state.notes.append(Note("refused_alone", [order.ship], [number]))
        return
    else:
        free = free_fleet_id(state, number)
        if not free:
            state.notes.append(Note("refused_fleet_limit", [], [number]))
            return
        target = Fleet(owner=number, id=free, where=order.world)
        state.fleets.append(target)
    source.ships.remove(ship)
    target.ships.append(ship)
    drop_empty(state)
    state.notes.append(Note("assigned", [order.ship, str(target.id)], [number]))
