"""Properties of random Starweb games played by the bots (hypothesis).

Every value stays within 0-255 and mines within 31 (Starweb "Schiffe", "Minen und
Rundenzähler"); exactly 255 keys exist (Starweb "Das System"); the same seed gives the
same turn byte for byte, state and every printout, and a stored state replays to the
same turn; no printout shows a player what the rules hide from him (other players'
cargo, their conditional fire, their notices, the end score before the end).
"""

from __future__ import annotations

import dataclasses
import re
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import PlayerSetup, Setup, turn_dice, turn_rng
from engine.starweb.kind import STARWEB
from engine.starweb.state import KEYS, MAX_MINES, Character, StarwebState
from grammar.starweb import LANGUAGE
from tests.lanes import examples

GAME = STARWEB.engine
NAMES = ("THRAWN", "BORG", "NECRON", "QUILDOR", "ROLAND", "SALVADOR")
CHARACTERS = [c.value for c in Character]
KEY_LINE = re.compile(r"^\s*\(?F(\d+)[\[(]")


def new_game(seed: int, players: int) -> StarwebState:
    chars = Random(seed).sample(CHARACTERS, players)
    setup = Setup(
        game=1,
        players=[
            PlayerSetup(n, None, {"character": chars[n - 1], "code_name": NAMES[n - 1]})
            for n in range(1, players + 1)
        ],
        options={"worlds": 12 * players, "black_holes": 1},
        seed=seed,
    )
    state = GAME.new_game(setup, turn_rng(seed, 0))
    assert isinstance(state, StarwebState)
    return state


def next_turn(state: StarwebState, skip: int = 0) -> StarwebState:
    """The bots' orders, parsed from their text as mailed; seat ``skip`` sends none."""
    orders = {}
    for player in state.active():
        if player.number == skip:
            continue
        lines = STARWEB.bots.orders(state, player.number, Random(player.number + state.turn))  # type: ignore[union-attr]
        parsed = LANGUAGE.parse("\n".join(lines))
        assert parsed.ok, [e.message("en") for e in parsed.errors]
        orders[player.number] = parsed.orders
    result = GAME.run_turn(state, orders, turn_dice(state.seed, state.turn + 1))
    assert isinstance(result.state, StarwebState)
    return result.state


def play(seed: int, players: int, turns: int) -> list[StarwebState]:
    states = [new_game(seed, players)]
    for _ in range(turns):
        if states[-1].over:
            break
        states.append(next_turn(states[-1], skip=players if len(states) == 2 else 0))
    return states


def printouts(state: StarwebState) -> dict[tuple[int, str], str]:
    return {
        (p, lang): GAME.printout(state, p, lang)
        for p in range(len(state.players) + 1)
        for lang in ("de", "en")
    }


def check_bounds(state: StarwebState) -> None:
    for thing in (*state.worlds, *state.fleets):
        for f in dataclasses.fields(thing):
            value = getattr(thing, f.name)
            if isinstance(value, int) and not isinstance(value, bool):
                assert 0 <= value <= 255, (thing, f.name)
    assert all(w.mines <= MAX_MINES for w in state.worlds)
    assert all(f.ships >= 0 and f.cargo >= 0 for f in state.fleets)
    assert [f.number for f in state.fleets] == list(range(1, KEYS + 1))


def check_secrets(state: StarwebState) -> None:
    """A player's printout shows neither another player's cargo or conditional fire nor
    the end score before the end."""
    for player in state.players:
        for lang in ("de", "en"):
            text = GAME.printout(state, player.number, lang)
            for line in text.splitlines():
                found = KEY_LINE.match(line)
                if found is None:
                    continue
                key = state.fleet(int(found[1]))
                if key.owner != player.number:
                    assert "Fracht" not in line and "Cargo" not in line, line
            for note in state.report.fleets:
                others = state.fleet(note.fleet).owner != player.number
                for flag in note.flags:
                    if others and flag.startswith("conditional:"):
                        assert f"C{flag.split(':', 1)[1]}" not in text.split("Befehle=")[0]
            if not state.over and state.end_score:
                for line in text.splitlines():
                    if "endpunktzahl" in line.lower() or "end score" in line.lower():
                        assert str(state.end_score) not in line, line


@settings(max_examples=examples(6), deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6), st.integers(1, 4))
def test_random_games_keep_the_rules_bounds_and_secrets(
    seed: int, players: int, turns: int
) -> None:
    for state in play(seed, players, turns):
        check_bounds(state)
        check_secrets(state)


@settings(max_examples=examples(4), deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5))
def test_the_same_seed_gives_the_same_turns_byte_for_byte(seed: int, players: int) -> None:
    first, second = play(seed, players, 3), play(seed, players, 3)
    assert [s.to_json() for s in first] == [s.to_json() for s in second]
    assert [printouts(s) for s in first] == [printouts(s) for s in second]


@settings(max_examples=examples(4), deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5))
def test_a_stored_state_replays_to_the_same_turn(seed: int, players: int) -> None:
    states = play(seed, players, 2)
    stored = GAME.state_from_json(states[-2].to_json())
    assert isinstance(stored, StarwebState)
    replayed = next_turn(stored, skip=players if len(states) == 3 else 0)
    assert replayed.to_json() == states[-1].to_json()
    assert printouts(replayed) == printouts(states[-1])
