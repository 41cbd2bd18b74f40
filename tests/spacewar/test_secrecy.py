"""What one player sees never depends on what only the other may know: his printout, its
JSON twin, his map and his order form stay byte for byte the same when the other
player's secrets change (docs/rules-spacewar.md, "What a player sees")."""

from __future__ import annotations

import json
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import turn_dice
from engine.registry import kind
from engine.spacewar.setup import new_ship
from engine.spacewar.state import Note, Sighting, SpacewarState, Stone
from tests.lanes import examples
from tests.spacewar.factory import GAME, new_state, orders


def played(
    seed: int, steps: int, movement: str = "sealed", battle_mode: str = "auto"
) -> SpacewarState:
    """A bot game after ``steps`` steps."""
    bots = kind("spacewar").bots
    assert bots is not None
    state = new_state(seed=seed, movement=movement, battle_mode=battle_mode)
    for step in range(1, steps + 1):
        given = {
            seat: orders("\n".join(bots.orders(state, seat, Random(seed * 100 + step * 10 + seat))))
            for seat in GAME.awaiting(state)
        }
        result = GAME.run_turn(state, given, turn_dice(seed, step))
        assert isinstance(result.state, SpacewarState)
        state = result.state
    return state


def with_other_secrets(state: SpacewarState, owner: int) -> SpacewarState:
    """The state with every secret of ``owner`` changed and nothing public."""
    new = state.copy()
    player = new.player(owner)
    player.pe += 13
    player.spent += 3
    player.pool = [n + 1 for n in player.pool]
    player.standing.no_attack.append("R3")
    player.standing.lineups.append("W2:5,5")
    for world in new.worlds:
        if world.owner == owner:
            world.troops = [Stone(s.id, 5) for s in world.troops] + [Stone(999, 4)]
    for fleet in new.fleets:
        if fleet.owner == owner:
            for ship in fleet.ships:
                ship.fighters += 1 if ship.type == "ST" else 0
                if ship.type == "TR" and ship.stone is None:
                    ship.stone = Stone(998, 5)
            fleet.ships.append(new_ship(player, "KR"))
    for base in new.bases:
        if base.owner == owner:
            base.fighters += 5
    new.intel.append(Sighting(owner, new.round, "R4", "scout", ["F9: KR99"], [5]))
    for waiting in new.pending:
        if waiting.owner == owner:
            waiting.group, waiting.targets = "space", ["R2"]
    new.notes = [
        Note(n.key, [f"{a}x" for a in n.args], n.to) if n.to == [owner] else n for n in new.notes
    ]
    new.notes.append(Note("resigned", ["9"], [owner]))
    return new


def views(state: SpacewarState, seat: int) -> str:
    """Everything ``seat`` is shown of a state."""
    parts = [GAME.printout(state, seat, lang) for lang in ("de", "en")]
    parts.append(json.dumps(GAME.report_data(state, seat, "en"), sort_keys=True))
    parts.append(repr(GAME.map_view(state, seat, "de")))
    parts.append(GAME.order_form(state, seat, "en"))
    return "\n".join(parts)


@settings(max_examples=examples(16), deadline=None)
@given(
    seed=st.integers(1, 10_000),
    steps=st.integers(1, 14),
    seat=st.sampled_from([1, 2]),
    movement=st.sampled_from(["sealed", "alternating"]),
    battle_mode=st.sampled_from(["auto", "rounds"]),
)
def test_no_view_of_a_player_shows_what_only_the_other_may_know(
    seed: int, steps: int, seat: int, movement: str, battle_mode: str
) -> None:
    state = played(seed, steps, movement, battle_mode)
    assert views(state, seat) == views(with_other_secrets(state, 3 - seat), seat)


def test_the_mutation_is_seen_by_its_owner() -> None:
    # The secrecy test compares something that would show: the owner sees the change.
    state = played(3, 4)
    assert views(state, 2) != views(with_other_secrets(state, 2), 2)


def test_enemy_troop_values_show_only_as_scouted() -> None:
    state = played(5, 3)
    data = GAME.report_data(state, 1, "en")
    worlds = data["worlds"]
    assert isinstance(worlds, list)
    assert all(("troops" in w) == (w["owner"] == 1) for w in worlds)
