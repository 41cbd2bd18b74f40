"""The galaxy generator: connected, symmetric, within bounds, fair, reproducible."""

from __future__ import annotations

import json
from collections import Counter, deque
from random import Random
from typing import Any

import pytest

from engine.core import NEUTRAL
from engine.starweb import galaxy as galaxy_module
from engine.starweb.artifacts import (
    BLACK_BOX,
    MATERIALS,
    SPECIALS,
    TYPES,
    all_artifacts,
    artifact_name,
    standard_number,
)
from engine.starweb.galaxy import (
    HOME,
    Galaxy,
    GalaxyError,
    generate,
    is_fair,
    small_worlds,
    surroundings,
)
from engine.starweb.state import KEYS, KEYS_PER_PLAYER, MAX_MINES, Options, World


def full(players: int = 15, seed: int = 1) -> Galaxy:
    return generate(Options(), players, Random(seed))


def small(players: int, seed: int = 1) -> Galaxy:
    worlds = small_worlds(players)
    return generate(Options(worlds=worlds, black_holes=max(1, worlds // 51)), players, Random(seed))


def distances(worlds: list[World], start: int) -> dict[int, int]:
    index = {w.number: w for w in worlds}
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in index[here].gates:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def as_json(galaxy: Galaxy) -> str:
    from engine.plaindata import to_plain

    return json.dumps(to_plain(galaxy), sort_keys=True)


GALAXIES = [(15, None), (10, None), (2, "small"), (5, "small"), (15, "small")]


@pytest.fixture(scope="module", params=GALAXIES, ids=lambda p: f"{p[0]}-{p[1] or 'full'}")
def galaxy(request: pytest.FixtureRequest) -> tuple[Galaxy, Options, int]:
    players, kind = request.param
    if kind == "small":
        worlds = small_worlds(players)
        options = Options(worlds=worlds, black_holes=max(1, worlds // 51))
    else:
        options = Options()
    return generate(options, players, Random(7)), options, players


def test_worlds_numbered_and_gates_symmetric_within_bounds(galaxy) -> None:
    g, options, _ = galaxy
    assert [w.number for w in g.worlds] == list(range(1, options.worlds + 1))
    index = {w.number: w for w in g.worlds}
    for world in g.worlds:
        assert world.gates == sorted(set(world.gates))
        assert world.number not in world.gates
        assert options.min_gates <= len(world.gates) <= options.max_gates
        for other in world.gates:
            assert world.number in index[other].gates


def test_connected_even_around_the_black_holes(galaxy) -> None:
    g, options, _ = galaxy
    assert len(distances(g.worlds, 1)) == options.worlds
    holes = {w.number for w in g.worlds if w.black_hole}
    assert len(holes) == options.black_holes
    start = g.homes[0]
    seen = {start}
    queue = deque([start])
    while queue:
        for there in g.worlds[queue.popleft() - 1].gates:
            if there not in seen and there not in holes:
                seen.add(there)
                queue.append(there)
    assert len(seen) == options.worlds - len(holes)


def test_homes_start_values_apart_and_no_black_hole_near(galaxy) -> None:
    g, options, players = galaxy
    assert len(g.homes) == players == len(set(g.homes))
    for seat, home in enumerate(g.homes, start=1):
        world = g.worlds[home - 1]
        assert (world.industry, world.metal, world.mines) == (30, 30, 2)
        assert (world.population, world.limit, world.turns) == (50, 100, 1)
        assert (world.i_ships, world.p_ships, world.owner, world.home_of) == (1, 1, seat, seat)
        assert len(world.gates) == 3
        dist = distances(g.worlds, home)
        for other in g.homes:
            if other != home:
                assert dist[other] >= options.home_distance
        for hole in (w for w in g.worlds if w.black_hole):
            assert dist[hole.number] >= 3  # not even within two gates
    assert HOME["industry"] == 30


def test_neutral_worlds_capped_and_unowned(galaxy) -> None:
    g, _, _ = galaxy
    for world in g.worlds:
        if world.home_of:
            continue
        assert world.owner == NEUTRAL and world.turns == 0
        assert 0 <= world.population <= world.limit <= 255
        assert 0 <= world.mines <= MAX_MINES and 0 <= world.metal <= 255
        assert 0 <= world.industry <= 255
        if world.black_hole:
            assert (world.population, world.limit, world.mines, world.metal) == (0, 0, 0, 0)
        if world.i_ships or world.p_ships:
            assert world.population > 0  # neutral home fleets guard populated worlds


def test_all_keys_five_per_player_at_home_rest_neutral(galaxy) -> None:
    g, _, players = galaxy
    assert [f.number for f in g.fleets] == list(range(1, KEYS + 1))
    assert all(f.ships == 0 and f.cargo == 0 for f in g.fleets)
    owned = Counter(f.owner for f in g.fleets if f.owner)
    assert owned == {seat: KEYS_PER_PLAYER for seat in range(1, players + 1)}
    for fleet in g.fleets:
        world = g.worlds[fleet.world - 1]
        assert not world.black_hole
        if fleet.owner:
            assert world.number == g.homes[fleet.owner - 1]
        else:
            assert not world.home_of


def test_hundred_artifacts_placed_once_away_from_homes(galaxy) -> None:
    g, _, _ = galaxy
    assert [a.number for a in g.artifacts] == list(range(1, 101))
    for artifact in g.artifacts:
        assert artifact.fleet == 0 and artifact.world != 0
        world = g.worlds[artifact.world - 1]
        assert not world.black_hole and not world.home_of
        assert all(distances(g.worlds, h)[world.number] >= 3 for h in g.homes)


def test_fair_surroundings(galaxy) -> None:
    g, _, _ = galaxy
    measure = surroundings(g)
    assert is_fair(measure)
    assert {m.near for m in measure} == {3}
    assert max(m.within_two for m in measure) - min(m.within_two for m in measure) <= 2
    for name in ("limit", "population", "mines", "metal", "industry"):
        values = [getattr(m, name) for m in measure]
        assert max(values) - min(values) <= max(2, sum(values) // len(values) // 10), name


def test_fairness_measure_rejects_an_uneven_start() -> None:
    g = full(players=10)
    measure = surroundings(g)
    home = g.worlds[g.homes[0] - 1]
    g.worlds[home.gates[0] - 1].metal += 50
    assert not is_fair(surroundings(g))
    assert is_fair(measure)


def test_same_seed_same_galaxy_other_seed_other_galaxy() -> None:
    assert as_json(full(seed=3)) == as_json(full(seed=3))
    assert as_json(full(seed=3)) != as_json(full(seed=4))
    assert as_json(small(4, seed=5)) == as_json(small(4, seed=5))


def test_fifteen_players_on_255_worlds_need_one_map_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full galaxy is found on the first map drawn: the generator may retry up to
    MAX_ATTEMPTS maps, each retry costing as much again. Its speed is measured in
    tests/bench/bench_starweb.py."""
    maps = []
    draw_map = galaxy_module._attempt

    def counted(*args: Any) -> Galaxy | None:
        maps.append(draw_map(*args))
        return maps[-1]

    monkeypatch.setattr(galaxy_module, "_attempt", counted)
    for seed in range(5):
        maps.clear()
        full(seed=seed)
        assert len(maps) == 1, f"seed {seed}: {len(maps)} maps drawn"


def test_impossible_options_are_refused() -> None:
    with pytest.raises(GalaxyError, match="players"):
        generate(Options(), 16, Random(1))
    with pytest.raises(GalaxyError, match="worlds"):
        generate(Options(worlds=40), 10, Random(1))
    with pytest.raises(GalaxyError, match="gates"):
        generate(Options(min_gates=4, max_gates=3), 10, Random(1))
    with pytest.raises(GalaxyError, match="no fair map"):
        generate(Options(worlds=24, home_distance=8, black_holes=0), 3, Random(1))


def test_artifact_numbering_follows_the_printout_example() -> None:
    # Starweb "Der Printout": V11 Platin(um) Thron, V13 Silber Thron, V38 Diamant Sextant,
    # V39 Strahlender Sextant, V50 Plastik Degen, V59 Strahlender Degen, V61 Platin Kelch,
    # V70 Plastik Mondstein, V72 Uralter Mondstein, V76 Geweihter Mondstein,
    # V95 Titanium Skarabäus; VRAZRUUB's "V3W <- Die Nebula-Schrift".
    artifacts = {a.number: a for a in all_artifacts()}
    example = {
        11: "Platin Thron",
        13: "Silber Thron",
        38: "Diamant Sextant",
        39: "Strahlender Sextant",
        50: "Plastik Degen",
        59: "Strahlender Degen",
        61: "Platin Kelch",
        70: "Plastik Mondstein",
        72: "Uralter Mondstein",
        76: "Geweihter Mondstein",
        95: "Titanium Skarabäus",
    }
    for number, name in example.items():
        assert artifacts[number].name == name
    assert artifacts[3].kind == "nebula" and artifacts[3].name == "Nebula-Schrift Band 3"
    assert len(MATERIALS) * len(TYPES) == 90
    standard = [a for a in artifacts.values() if a.material]
    assert len(standard) == 90 and len({a.name for a in standard}) == 90
    assert all(standard_number(a.material, a.kind) == a.number for a in standard)
    kinds = Counter(a.kind for a in artifacts.values() if not a.material)
    assert kinds == {
        "nebula": 5,
        "polaris": 1,
        "venus": 1,
        "isotope": 1,
        "lesser_evil": 1,
        "black_box": 1,
    }
    assert artifacts[BLACK_BOX].kind == "black_box" and len(SPECIALS) == 10


def test_english_names() -> None:
    artifacts = {a.number: a for a in all_artifacts()}
    assert artifact_name(artifacts[11], "en") == "Platinum Crown"
    assert artifact_name(artifacts[11], "de") == "Platin Thron"
    assert artifact_name(artifacts[22], "en") == "Ancient Pyramid"
    assert artifact_name(artifacts[33], "en") == "Silver Lodestar"
    assert artifact_name(artifacts[6], "en") == "Treasure of Polaris"
    assert artifact_name(artifacts[9], "en") == "Lesser of Two Evils"
    assert artifact_name(artifacts[5], "en") == "Nebula Scrolls Volume 5"
    assert artifact_name(artifacts[100], "en") == "Black Box"
