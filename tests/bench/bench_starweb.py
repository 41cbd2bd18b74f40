"""Benchmark of Starweb: the galaxy, one turn of a 15-player game on 255 worlds, the parser.

Run: ``python tests/bench/bench_starweb.py [repeats] [--quick] [--json]`` (from the
repository root). Fifteen bots (every character, 255 worlds) write order text; the turn
at turn 1 and at turn 30 is timed without parsing (``turn_N_ms``: the engine alone) and
with it (``turn_N_parse_ms``: reading every player's mail plus the engine). The parser's
speed is measured on a 200-order mail in the rulebook's notation (orders per second).
``galaxy_ms`` is the median time to generate a galaxy for 15 players on 255 worlds (a new
seed each time).
Prints medians (``--json``: the figures for tests/bench/report.py). ``PBEM_BENCH_ROOT``
names the source tree to measure (default: this repository).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from random import Random

sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

from cli import run_tree_bench  # tests/bench/cli.py, beside this script
from timing import median_ms  # tests/bench/timing.py, beside this script

from engine.core import Order, PlayerSetup, Setup, turn_dice, turn_rng
from engine.starweb.bots import StarwebBots
from engine.starweb.galaxy import generate
from engine.starweb.game import StarwebGame
from engine.starweb.state import Character, Options, StarwebState
from grammar.starweb import LANGUAGE

PLAYERS = 15
REPORT = f"""\
Starweb, {PLAYERS} bot players on 255 worlds, median of {{repeats}} runs
galaxy:  {{galaxy_ms:8.1f}} ms
turn  1: engine {{turn_1_ms:8.1f}} ms, with parsing {{turn_1_parse_ms:8.1f}} ms \
({{turn_1_orders:.0f}} orders)
turn 30: engine {{turn_30_ms:8.1f}} ms, with parsing {{turn_30_parse_ms:8.1f}} ms \
({{turn_30_orders:.0f}} orders)
parser: {{parse_orders_per_s:,.0f}} orders/s ({{parse_mail_orders:.0f}}-order mail)"""
"""The figures for a reader."""
GAME = StarwebGame()
BOTS = StarwebBots()
ORDERS = (
    "F35W6W19",
    "W13B5F160",
    "P9T1F45",
    "F78AF189",
    "F180CF8",
    "V38F160",
    "A=BORG",
    "F82G=BORG",
    "Z3",
    "W43X",
    "F128B",
    "F7R2",
    "F45W206W79W13",
    "F39U",
    "F33U1",
    "W2S1",
    "F45L",
    "V11W",
    "F4Q",
    "W13I1I",
)
"""Example orders of the rulebook, repeated to make a mail."""


def new_game(seed: int = 1) -> StarwebState:
    """A full game: 15 players (the six characters in turn) on 255 worlds."""
    characters = [c.value for c in Character]
    setup = Setup(
        game=1,
        players=[
            PlayerSetup(n, None, {"character": characters[(n - 1) % 6], "code_name": f"P{n}"})
            for n in range(1, PLAYERS + 1)
        ],
        seed=seed,
    )
    state = GAME.new_game(setup, turn_rng(seed, 0))
    return state


def texts(state: StarwebState) -> dict[int, str]:
    """Every active player's order mail for the next turn, as the bots write it."""
    return {
        p.number: "\n".join(BOTS.orders(state, p.number, Random(state.turn * 100 + p.number)))
        for p in state.active()
    }


def parsed(mails: dict[int, str]) -> dict[int, list[Order]]:
    return {seat: LANGUAGE.parse(text).orders for seat, text in mails.items()}


def state_before(turn: int) -> StarwebState:
    """The bot game's state after ``turn - 1`` turns."""
    state = new_game()
    while state.turn < turn - 1 and not state.over:
        result = GAME.run_turn(state, parsed(texts(state)), turn_dice(state.seed, state.turn + 1))
        assert isinstance(result.state, StarwebState)
        state = result.state
    return state


def galaxy_ms(repeats: int) -> float:
    """The median milliseconds of generating a 15-player galaxy on 255 worlds."""
    seeds = iter(range(repeats + 1))
    return median_ms(lambda: generate(Options(), PLAYERS, Random(next(seeds))), repeats)


def measure(repeats: int = 7) -> dict[str, float]:
    """Median milliseconds of a galaxy, of turn 1 and turn 30 (engine alone, and with
    parsing), and the parser's orders per second on a 200-order mail."""
    figures: dict[str, float] = {"galaxy_ms": galaxy_ms(repeats)}
    for turn in (1, 30):
        state = state_before(turn)
        mails = texts(state)
        given = parsed(mails)

        def engine_only(s: StarwebState = state, g: dict[int, list[Order]] = given) -> object:
            return GAME.run_turn(s, g, turn_dice(s.seed, s.turn + 1))

        def with_parsing(s: StarwebState = state, m: dict[int, str] = mails) -> object:
            return GAME.run_turn(s, parsed(m), turn_dice(s.seed, s.turn + 1))

        figures[f"turn_{turn}_ms"] = median_ms(engine_only, repeats)
        figures[f"turn_{turn}_parse_ms"] = median_ms(with_parsing, repeats)
        figures[f"turn_{turn}_orders"] = sum(len(o) for o in given.values())
        assert state.turn + 1 == turn, f"the bot game ended before turn {turn}"
    mail = "Partie 1 Spieler 2 Kennwort geheim\n" + "\n".join(
        ORDERS[i % len(ORDERS)] for i in range(200)
    )
    count = len(LANGUAGE.parse(mail).orders)
    figures["parse_mail_orders"] = count
    figures["parse_orders_per_s"] = count / (median_ms(lambda: LANGUAGE.parse(mail), 15) / 1000)
    return figures


def main() -> None:
    run_tree_bench("Starweb: turns of a full game, the parser.", measure, REPORT)


if __name__ == "__main__":
    main()
