"""The galaxy generator: worlds, gates, homes, black holes, keys, artifacts (Starweb "Das
System"); the decisions are in docs/rules-starweb.md.

The map is geometric, as the rulebook's printout shows it (W2, W13 and W144 are joined
in a triangle, W79-W139-W195-W198 in a ring): worlds are points on a jittered grid, the
gates a Gabriel graph of the points trimmed to ``min_gates``..``max_gates`` per world,
and the world numbers are shuffled so that numbers tell nothing. Home worlds have three
gates (the English rules' W75 (5,12,86), THRAWN's W13 (2,79,144)), lie ``home_distance``
gates apart and have comparable surroundings (:func:`surroundings`, :func:`is_fair`);
a map that fails is drawn again from the same ``Random``, so the same seed gives the same
galaxy.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from engine.core import NEUTRAL
from engine.starweb.artifacts import all_artifacts
from engine.starweb.state import KEYS, KEYS_PER_PLAYER, Artifact, Fleet, Options, World

MIN_PLAYERS = 2
MAX_PLAYERS = 15
"""Starweb "Was ist Sache?": ten to fifteen players; from two for small and demo games."""

WORLDS_PER_PLAYER = 17
"""A "small" map has 17 worlds per player, the full game's 255 / 15."""

HOME_GATES = 3
"""Gates of a home world (clamped to the map's ``min_gates``..``max_gates``)."""

BLACK_HOLE_DISTANCE = 3
"""Fewest gates between a black hole and a home world (Starweb "Schwarze Löcher": none
in the immediate neighbourhood; we keep them out of two gates' reach)."""

ARTIFACT_DISTANCE = 3
"""Fewest gates between a home world and an artifact at the start."""

HOME = {"industry": 30, "metal": 30, "mines": 2, "population": 50, "limit": 100, "turns": 1}
"""The home world's start values (English rules 3: W75 Industry=30, Metal=30, Mines=2,
Population=50, Limit=100, Turns=1, I-Ships=1, P-Ships=1; five empty keys)."""

RESOURCES = ("limit", "population", "mines", "metal", "industry")
"""The values compared between homes (within two gates), in the order balanced."""

BALANCE_BOUNDS = {"limit": 200, "mines": 8, "metal": 60, "industry": 10}
"""How far balancing may raise a neutral world's value (population: up to its limit)."""

WORLDS_SPREAD = 2
"""Most difference between homes in the number of worlds within two gates."""

MAX_ATTEMPTS = 60
"""Maps of gates tried before giving up."""

HOME_TRIES = 40
"""Random draws of homes per band of a map."""

VALUE_TRIES = 10
"""Draws of the worlds' values per map."""

NEIGHBOURS = 8
"""Nearest points considered for gates."""


class GalaxyError(ValueError):
    """The options do not allow a map (too few worlds for the players, gates out of range)."""


@dataclass
class Galaxy:
    """A generated galaxy: worlds 1..N, keys 1..255, artifacts 1..100, the homes by seat."""

    worlds: list[World]
    fleets: list[Fleet]
    artifacts: list[Artifact]
    homes: list[int]
    """The home world of player ``i + 1``."""


@dataclass(frozen=True)
class Surroundings:
    """The fairness measure of one home: what lies within one and two gates of it."""

    home: int
    near: int
    """Worlds one gate away."""
    within_two: int
    """Worlds one or two gates away."""
    limit: int
    population: int
    mines: int
    metal: int
    industry: int
    keys: int
    """Neutral keys within two gates."""
    artifacts: int
    black_holes: int
    neutral_ships: int
    """Neutral I- and P-ships within two gates."""


def small_worlds(players: int) -> int:
    """Worlds of a "small" map for ``players`` players (17 each, at most 255)."""
    return min(KEYS, WORLDS_PER_PLAYER * players)


def check_options(options: Options, players: int) -> None:
    """Raise :class:`GalaxyError` unless a map can be drawn for these options."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GalaxyError(f"Starweb needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if not 1 <= options.min_gates <= options.max_gates <= 12:
        raise GalaxyError("gates per world: 1 <= min_gates <= max_gates <= 12")
    if not players * 8 <= options.worlds <= KEYS:
        raise GalaxyError(f"{players} players need {players * 8} to {KEYS} worlds")
    if KEYS - KEYS_PER_PLAYER * players < 0:
        raise GalaxyError("not enough keys")
    if not 0 <= options.black_holes <= options.worlds // 10:
        raise GalaxyError(f"black holes: 0 to {options.worlds // 10} on {options.worlds} worlds")
    if not 2 <= options.home_distance <= 8:
        raise GalaxyError("home_distance: 2 to 8 gates")


def generate(options: Options, players: int, rng: Random) -> Galaxy:
    """A fair galaxy for ``players`` players (see the module text); only ``rng`` decides."""
    check_options(options, players)
    for _ in range(MAX_ATTEMPTS):
        galaxy = _attempt(options, players, rng)
        if galaxy is not None:
            return galaxy
    raise GalaxyError(
        f"no fair map for {players} players on {options.worlds} worlds with homes "
        f"{options.home_distance} gates apart; give more worlds or a smaller home_distance"
    )


def _attempt(options: Options, players: int, rng: Random) -> Galaxy | None:
    """One map of gates with homes and black holes, then up to :data:`VALUE_TRIES` draws
    of its values; None when homes or black holes do not fit or no draw is fair."""
    n = options.worlds
    points = _points(n, rng)
    adjacency = _gates(points, options.min_gates, options.max_gates)
    if adjacency is None:
        return None
    home_gates = min(max(HOME_GATES, options.min_gates), options.max_gates)
    placed = _place_homes(points, adjacency, players, home_gates, options, rng)
    if placed is None:
        return None
    homes, dist = placed
    holes = _place_black_holes(adjacency, dist, homes, options.black_holes, rng)
    own = _own_surroundings(dist, homes)
    if holes is None or not all(own.values()):
        return None
    for _ in range(VALUE_TRIES):
        galaxy = _fill(adjacency, dist, homes, holes, own, rng)
        if galaxy is not None and is_fair(surroundings(galaxy)):
            return galaxy
    return None


def _fill(
    adjacency: Sequence[set[int]],
    dist: Sequence[Sequence[int]],
    homes: Sequence[int],
    holes: set[int],
    own: dict[int, list[int]],
    rng: Random,
) -> Galaxy | None:
    """Number the worlds and give them values, keys and artifacts."""
    n = len(adjacency)
    numbers = list(range(1, n + 1))
    rng.shuffle(numbers)
    worlds = [
        World(number=numbers[i], gates=sorted(numbers[j] for j in adjacency[i])) for i in range(n)
    ]
    for i in holes:
        worlds[i].black_hole = True
    near_home = {i for i in range(n) if min(dist[i][h] for h in homes) <= 2}
    for i in range(n):
        if i not in homes and i not in holes:
            _neutral_values(worlds[i], defended=i not in near_home, rng=rng)
    for seat, h in enumerate(homes, start=1):
        _home_values(worlds[h], seat)
    _balance(worlds, dist, homes, own)
    fleets = _keys(worlds, dist, own, holes, rng)
    artifacts = _artifacts(worlds, dist, homes, holes, rng)
    if artifacts is None:
        return None
    worlds.sort(key=lambda w: w.number)
    return Galaxy(
        worlds=worlds, fleets=fleets, artifacts=artifacts, homes=[numbers[h] for h in homes]
    )


def _points(n: int, rng: Random) -> list[tuple[float, float]]:
    """``n`` points on a jittered grid (one per cell, cells drawn at random)."""
    cols = math.ceil(math.sqrt(n))
    rows = math.ceil(n / cols)
    cells = rng.sample(range(cols * rows), n)
    return [
        (c % cols + 0.15 + 0.7 * rng.random(), c // cols + 0.15 + 0.7 * rng.random()) for c in cells
    ]


def _d2(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _gates(
    points: Sequence[tuple[float, float]], min_gates: int, max_gates: int
) -> list[set[int]] | None:
    """Symmetric, connected gates with every degree in min..max (None: not possible)."""
    n = len(points)
    order = [sorted((_d2(points[i], points[j]), j) for j in range(n) if j != i) for i in range(n)]
    near = [[j for _, j in order[i][:NEIGHBOURS]] for i in range(n)]
    adjacency: list[set[int]] = [set() for _ in range(n)]
    for i in range(n):
        for j in near[i]:
            mid = ((points[i][0] + points[j][0]) / 2, (points[i][1] + points[j][1]) / 2)
            radius = _d2(points[i], points[j]) / 4
            if all(_d2(points[k], mid) >= radius for k in {*near[i], *near[j]} - {i, j}):
                adjacency[i].add(j)
                adjacency[j].add(i)
    _connect(points, adjacency)
    length = {(i, j): _d2(points[i], points[j]) for i in range(n) for j in adjacency[i]}
    for i in range(n):
        for j in sorted(adjacency[i], key=lambda j: (-length[i, j], j)):
            if len(adjacency[i]) <= max_gates:
                break
            if len(adjacency[j]) > min_gates:
                adjacency[i].discard(j)
                adjacency[j].discard(i)
                if not _connected(adjacency):
                    adjacency[i].add(j)
                    adjacency[j].add(i)
    for i in range(n):
        for _, j in order[i]:
            if len(adjacency[i]) >= min_gates:
                break
            if j not in adjacency[i] and len(adjacency[j]) < max_gates:
                adjacency[i].add(j)
                adjacency[j].add(i)
    if any(not min_gates <= len(a) <= max_gates for a in adjacency):
        return None
    return adjacency


def _connect(points: Sequence[tuple[float, float]], adjacency: list[set[int]]) -> None:
    """Join the components by their shortest links until the gates are connected."""
    n = len(points)
    while True:
        reached = _reach(adjacency, 0, frozenset())
        if len(reached) == n:
            return
        _, a, b = min(
            (_d2(points[a], points[b]), a, b) for a in reached for b in range(n) if b not in reached
        )
        adjacency[a].add(b)
        adjacency[b].add(a)


def _reach(adjacency: Sequence[set[int]], start: int, blocked: frozenset[int]) -> set[int]:
    """The worlds reached from ``start`` without entering ``blocked``."""
    seen = {start}
    queue = deque([start])
    while queue:
        for j in adjacency[queue.popleft()]:
            if j not in seen and j not in blocked:
                seen.add(j)
                queue.append(j)
    return seen


def _connected(adjacency: Sequence[set[int]]) -> bool:
    return len(_reach(adjacency, 0, frozenset())) == len(adjacency)


def _distances(adjacency: Sequence[set[int]], start: int) -> list[int]:
    """Gates from ``start`` to every world (breadth first)."""
    dist = [-1] * len(adjacency)
    dist[start] = 0
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for j in adjacency[i]:
            if dist[j] < 0:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def _place_homes(
    points: Sequence[tuple[float, float]],
    adjacency: list[set[int]],
    players: int,
    gates: int,
    options: Options,
    rng: Random,
) -> tuple[list[int], list[list[int]]] | None:
    """Home worlds and the distances after cutting each home to ``gates`` gates.

    A home keeps its ``gates`` shortest gates; worlds are grouped by how many worlds would
    then lie within two gates (bands :data:`WORLDS_SPREAD` wide, the fullest first) and
    homes drawn at random from a band, each ``home_distance`` gates from the others.
    None when no draw fits."""
    n = len(adjacency)
    kept = {
        i: sorted(adjacency[i], key=lambda j: (_d2(points[i], points[j]), j))[:gates]
        for i in range(n)
        if len(adjacency[i]) >= gates
    }
    within_two = {
        i: len({*k, *(g for j in k for g in adjacency[j])} - {i}) for i, k in kept.items()
    }
    bands = sorted(
        (
            [i for i, w in within_two.items() if lo <= w <= lo + WORLDS_SPREAD]
            for lo in set(within_two.values())
        ),
        key=lambda band: (-len(band), min(band)),
    )
    dist = [_distances(adjacency, i) for i in range(n)]
    for band in bands[:3]:
        for _ in range(HOME_TRIES):
            order = list(band)
            rng.shuffle(order)
            homes: list[int] = []
            for c in order:
                if all(dist[c][h] >= options.home_distance for h in homes):
                    homes.append(c)
                    if len(homes) == players:
                        break
            if len(homes) < players:
                continue
            cut = _cut_homes(adjacency, homes, kept, options.min_gates)
            if cut is None:
                continue
            cut_dist = [_distances(cut, i) for i in range(n)]
            if all(cut_dist[a][b] >= options.home_distance for a in homes for b in homes if a != b):
                adjacency[:] = cut
                return homes, cut_dist
    return None


def _cut_homes(
    adjacency: Sequence[set[int]],
    homes: Sequence[int],
    kept: dict[int, list[int]],
    min_gates: int,
) -> list[set[int]] | None:
    """A copy of the gates with every home cut to its kept gates (None: a neighbour would
    fall below ``min_gates`` or the map would fall apart)."""
    cut = [set(a) for a in adjacency]
    for h in homes:
        for j in sorted(cut[h] - set(kept[h])):
            if len(cut[j]) <= min_gates:
                return None
            cut[h].discard(j)
            cut[j].discard(h)
    return cut if _connected(cut) else None


def _place_black_holes(
    adjacency: Sequence[set[int]],
    dist: Sequence[Sequence[int]],
    homes: Sequence[int],
    count: int,
    rng: Random,
) -> set[int] | None:
    """``count`` black holes out of the homes' reach that cut no world off the others."""
    eligible = [
        i for i in range(len(adjacency)) if min(dist[i][h] for h in homes) >= BLACK_HOLE_DISTANCE
    ]
    rng.shuffle(eligible)
    holes: set[int] = set()
    for i in eligible:
        if len(holes) == count:
            break
        blocked = frozenset(holes | {i})
        if len(_reach(adjacency, homes[0], blocked)) == len(adjacency) - len(blocked):
            holes.add(i)
    return holes if len(holes) == count else None


def _own_surroundings(dist: Sequence[Sequence[int]], homes: Sequence[int]) -> dict[int, list[int]]:
    """Per home: the worlds within two gates of it and of no other home, nearest first."""
    return {
        h: sorted(
            (
                i
                for i, d in enumerate(dist[h])
                if 1 <= d <= 2 and sum(1 for g in homes if dist[i][g] <= 2) == 1
            ),
            key=lambda i: (dist[h][i], i),
        )
        for h in homes
    }


def _neutral_values(world: World, defended: bool, rng: Random) -> None:
    """Random values of a neutral world (ranges: docs/rules-starweb.md)."""
    if rng.randrange(5) == 0:
        world.limit = rng.randint(0, 30)
    else:
        world.limit = rng.randint(10, 120)
        world.population = rng.randint(max(1, world.limit // 4), world.limit)
    world.mines = rng.randint(0, 5)
    world.metal = rng.randint(0, 15)
    if world.population and rng.randrange(8) == 0:
        world.industry = rng.randint(1, 5)
    if defended and world.population and rng.randrange(5) == 0:
        world.p_ships = rng.randint(1, 6)
        world.i_ships = rng.randint(1, 3) if world.industry else 0


def _home_values(world: World, seat: int) -> None:
    """The home world of ``seat`` with the rules' start values."""
    for name, value in HOME.items():
        setattr(world, name, value)
    world.i_ships = world.p_ships = 1
    world.owner = world.home_of = seat


def _balance(
    worlds: list[World],
    dist: Sequence[Sequence[int]],
    homes: Sequence[int],
    own: dict[int, list[int]],
) -> None:
    """Bring every home's totals within two gates to their mean, changing only the worlds
    within two gates of that home alone (``own``; nearest first, one unit at a time)."""
    reach = {h: [i for i, d in enumerate(dist[h]) if 1 <= d <= 2] for h in homes}
    for name in RESOURCES:
        totals = {h: sum(getattr(worlds[i], name) for i in reach[h]) for h in homes}
        target = (sum(totals.values()) + len(homes) // 2) // len(homes)
        for h in homes:
            delta = target - totals[h]
            while delta:
                step = 1 if delta > 0 else -1
                moved = False
                for i in own[h]:
                    if delta and _can_step(worlds[i], name, step):
                        setattr(worlds[i], name, getattr(worlds[i], name) + step)
                        delta -= step
                        moved = True
                if not moved:
                    break


def _can_step(world: World, name: str, step: int) -> bool:
    """Whether balancing may change ``name`` on this neutral world by ``step``."""
    value: int = getattr(world, name)
    if name == "population":
        low, high = (1, world.limit) if world.population else (0, 0)
    elif name == "limit":
        low, high = world.population, BALANCE_BOUNDS["limit"]
    else:
        low, high = 0, BALANCE_BOUNDS[name]
    return low <= value + step <= high


def _keys(
    worlds: Sequence[World],
    dist: Sequence[Sequence[int]],
    own: dict[int, list[int]],
    holes: set[int],
    rng: Random,
) -> list[Fleet]:
    """All 255 keys: five empty ones per player at home, the rest neutral and empty: the
    same number on the worlds within two gates of each home alone (nearest first), the
    others spread over the worlds out of every home's reach."""
    homes = list(own)
    numbers = list(range(1, KEYS + 1))
    rng.shuffle(numbers)
    fleets: list[Fleet] = []
    for seat, h in enumerate(homes, start=1):
        for _ in range(KEYS_PER_PLAYER):
            fleets.append(Fleet(number=numbers.pop(), world=worlds[h].number, owner=seat))
    places = [i for i in range(len(worlds)) if i not in holes and i not in homes]
    near = {h: [i for i in places if dist[h][i] <= 2] for h in homes}
    shared = {i for h in homes for i in near[h]}
    outer = [i for i in places if i not in shared]
    spread = sum(len(v) for v in near.values()) // len(homes)
    per_home = min(len(numbers) * spread // len(places), len(numbers) // len(homes))
    for h in homes:
        mine = list(own[h])
        rng.shuffle(mine)
        mine.sort(key=lambda i: dist[h][i])
        for k in range(per_home):
            fleets.append(Fleet(number=numbers.pop(), world=worlds[mine[k % len(mine)]].number))
    rest = outer or places
    rng.shuffle(rest)
    for k in range(len(numbers)):
        fleets.append(Fleet(number=numbers.pop(), world=worlds[rest[k % len(rest)]].number))
    fleets.sort(key=lambda f: f.number)
    return fleets


def _artifacts(
    worlds: Sequence[World],
    dist: Sequence[Sequence[int]],
    homes: Sequence[int],
    holes: set[int],
    rng: Random,
) -> list[Artifact] | None:
    """The hundred artifacts at random on worlds at least three gates from every home,
    never on a black hole (None: the map has no such world)."""
    places = [
        i
        for i in range(len(worlds))
        if i not in holes and min(dist[i][h] for h in homes) >= ARTIFACT_DISTANCE
    ]
    if not places:
        return None
    artifacts = all_artifacts()
    for artifact in artifacts:
        artifact.world = worlds[rng.choice(places)].number
    return artifacts


def surroundings(galaxy: Galaxy) -> list[Surroundings]:
    """The fairness measure for every home, in seat order (from the finished galaxy)."""
    index = {w.number: w for w in galaxy.worlds}
    keys: dict[int, int] = {}
    for fleet in galaxy.fleets:
        if fleet.owner == NEUTRAL:
            keys[fleet.world] = keys.get(fleet.world, 0) + 1
    found: dict[int, int] = {}
    for artifact in galaxy.artifacts:
        found[artifact.world] = found.get(artifact.world, 0) + 1
    result = []
    for home in galaxy.homes:
        ring = set(index[home].gates)
        two = {g for w in ring for g in index[w].gates} | ring
        two.discard(home)
        near = [index[w] for w in sorted(two)]
        result.append(
            Surroundings(
                home=home,
                near=len(ring),
                within_two=len(two),
                limit=sum(w.limit for w in near),
                population=sum(w.population for w in near),
                mines=sum(w.mines for w in near),
                metal=sum(w.metal for w in near),
                industry=sum(w.industry for w in near),
                keys=sum(keys.get(w.number, 0) for w in near),
                artifacts=sum(found.get(w.number, 0) for w in near),
                black_holes=sum(1 for w in near if w.black_hole),
                neutral_ships=sum(w.i_ships + w.p_ships for w in near),
            )
        )
    return result


def is_fair(measure: Sequence[Surroundings]) -> bool:
    """Whether the homes' surroundings are comparable: the same number of worlds one gate
    away, at most two worlds' difference within two gates, each total of limit,
    population, mines, metal and industry within two gates at most 5 % (at least 1) off
    the mean, at most one neutral key's difference, and no artifact, black hole or neutral
    ship within two gates of any home."""
    if len({m.near for m in measure}) != 1:
        return False
    if max(m.within_two for m in measure) - min(m.within_two for m in measure) > WORLDS_SPREAD:
        return False
    if max(m.keys for m in measure) - min(m.keys for m in measure) > 1:
        return False
    if any(m.artifacts or m.black_holes or m.neutral_ships for m in measure):
        return False
    for name in RESOURCES:
        values = [getattr(m, name) for m in measure]
        allowed = max(1, sum(values) // (20 * len(values)))
        mean2 = sum(values)
        if any(abs(v * len(values) - mean2) > allowed * len(values) for v in values):
            return False
    return True
