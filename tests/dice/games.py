"""Games of every kind played by their bots, a turn's dice chosen by the caller.

The orders are the bots' lines read by the kind's own grammar, as a mail would bring them;
the sealed dice of a turn come from a secret made of the seed and the turn number and the
digests of those texts, as the host will seal them (docs/dice.md).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from random import Random

from engine.ashes.kind import ASHES
from engine.ashes.state import AshesState
from engine.ashes_board.kind import ASHES_BOARD
from engine.ashes_board.state import BoardState
from engine.core import (
    GameKind,
    JSONValue,
    Order,
    OrderLanguage,
    PlayerSetup,
    Setup,
    State,
    TurnResult,
)
from engine.dice import Dice, dice_seed, sha256_hex, submission_digest
from engine.plaindata import STORED_BEFORE
from engine.spacewar.kind import SPACEWAR
from engine.spacewar.state import SpacewarState
from engine.starweb.kind import STARWEB
from engine.starweb.state import Character, StarwebState
from engine.starweb.state import Options as StarwebOptions

KINDS: Mapping[str, GameKind] = {
    "ashes": ASHES,
    "starweb": STARWEB,
    "ashes-board": ASHES_BOARD,
    "spacewar": SPACEWAR,
}
CODE_NAMES = ("THRAWN", "BORG", "NECRON", "QUILDOR", "ROLAND", "SALVADOR")
CHARACTERS = tuple(c.value for c in Character)


def setup(
    kind: str, seed: int, players: int, options: Mapping[str, JSONValue] | None = None
) -> Setup:
    """A new game of ``kind``: Ashes on its standard galaxy, the board game's set-up for
    that many seats (two: scenario I, else free), Spacewar on its board (two seats),
    Starweb on 12 worlds a seat with one black hole, each seat another character (rotated
    by the seed); ``options`` are added to the rule options."""
    if kind in ("ashes", "ashes-board", "spacewar"):
        seats = [PlayerSetup(n) for n in range(1, players + 1)]
        return Setup(game=seed, players=seats, options=dict(options or {}), seed=seed)
    seats = [
        PlayerSetup(
            n,
            None,
            {"character": CHARACTERS[(seed + n) % len(CHARACTERS)], "code_name": CODE_NAMES[n - 1]},
        )
        for n in range(1, players + 1)
    ]
    given = {"worlds": 12 * players, "black_holes": 1, **(options or {})}
    return Setup(game=seed, players=seats, options=given, seed=seed)


def new_game(
    kind: str, seed: int, players: int, options: Mapping[str, JSONValue] | None = None
) -> State:
    """Turn 0 of a game of ``kind`` (see :func:`setup`)."""
    return KINDS[kind].engine.new_game(setup(kind, seed, players, options), Random(seed))


def starweb_readings_before() -> dict[str, JSONValue]:
    """The Starweb rule options added after games were stored, each with the value a
    stored state without it reads (``engine.plaindata.added_later``): the readings the
    games played before those options existed keep (docs/rules-starweb.md)."""
    return {
        f.name: f.metadata[STORED_BEFORE]
        for f in dataclasses.fields(StarwebOptions)
        if STORED_BEFORE in f.metadata
    }


def active(state: State) -> list[int]:
    """The seats still in the game."""
    if isinstance(state, SpacewarState):
        return [1, 2]  # two seats; a game that is over is not played on
    assert isinstance(state, AshesState | StarwebState | BoardState)
    return [p.number for p in state.active()]


def language(kind: str) -> OrderLanguage:
    """The kind's order language, as the host loads it by name."""
    found: OrderLanguage = importlib.import_module(KINDS[kind].grammar).LANGUAGE
    return found


def order_texts(kind: str, state: State, skip: int = 0) -> dict[int, str]:
    """Every seat's bot orders as the text it would mail; seat ``skip`` sends none."""
    bots = KINDS[kind].bots
    assert bots is not None
    texts = {}
    for seat in active(state):
        if seat == skip:
            continue
        lines = bots.orders(state, seat, Random(seat * 1000 + state.turn))
        texts[seat] = "\n".join(lines)
    return texts


def parsed(kind: str, texts: Mapping[int, str]) -> dict[int, list[Order]]:
    """The orders in ``texts``, by seat (the bots write none the grammar refuses)."""
    out = {}
    for seat, text in texts.items():
        result = language(kind).parse(text)
        assert result.ok, [e.message("en") for e in result.errors]
        out[seat] = result.orders
    return out


def secret(seed: int, turn: int) -> str:
    """The test's secret of a turn: 128 bits made of the game's seed and the turn."""
    return sha256_hex(f"test secret {seed} {turn}")[:32]


def sealed_seed(state: State, texts: Mapping[int, str]) -> str:
    """The seed of the turn after ``state``: its secret and every seat's submission, the
    seats without orders NMR."""
    digests = {s: submission_digest(texts[s]) if s in texts else None for s in active(state)}
    turn = state.turn + 1
    return dice_seed(state.game, turn, 0, secret(state.seed, turn), digests)


@dataclass(frozen=True)
class Played:
    """One evaluated turn: the position before it, the orders' texts, the dice's seed (when
    sealed) and the result."""

    before: State
    texts: dict[int, str]
    seed: str
    result: TurnResult


def play(
    kind: str,
    seed: int,
    players: int,
    turns: int,
    dice: Callable[[State, dict[int, str]], Dice] | None = None,
    options: Mapping[str, JSONValue] | None = None,
) -> Iterator[Played]:
    """Up to ``turns`` turns of a bots' game; the last seat is NMR in turn 2. Each turn's
    dice are ``dice(state, texts)``, by default sealed from :func:`sealed_seed`; ``options``
    are added to the game's rule options."""
    state = new_game(kind, seed, players, options)
    for _ in range(turns):
        texts = order_texts(kind, state, skip=players if state.turn == 1 else 0)
        turn_seed = sealed_seed(state, texts)
        turn_dice = Dice.sealed(turn_seed) if dice is None else dice(state, texts)
        result = KINDS[kind].engine.run_turn(state, parsed(kind, texts), turn_dice)
        yield Played(state, texts, turn_seed, result)
        state = result.state
        if result.game_over:
            return


def fingerprint(state: State) -> str:
    """The SHA-256 of a state's canonical JSON: equal states, equal fingerprints."""
    return sha256_hex(json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False))
