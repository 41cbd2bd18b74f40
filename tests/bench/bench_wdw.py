"""Benchmark of Welt der Waben: the mechanical month and the GM's dossier of a 12-realm
world with 300 units.

Run: ``python tests/bench/bench_wdw.py [repeats] [--quick] [--json]`` (from the
repository root). Twelve realms on the sample map (48 fields), 25 units each, every
unit under a K order one field toward the map's middle: many encounters and combats.
``month_ms`` is the month drafted with every open item at its default (engine alone),
``dossier_ms`` the dossier with its open items and ruling form, ``mail_ms`` the check of
a GM's mail ruling every open item (the ruling form sent back, engine.wdw.ruling_mail).

The figures are processor time (``time.process_time``), the median of the runs: these
rows are pure computation in one process, so the processor time says what the code
costs whatever else the shared machine runs; by wall clock a loaded machine put the
month at 368 ms against its 160 ms of processor time (docs/performance.md).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from random import Random

sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

from cli import run_tree_bench  # tests/bench/cli.py, beside this script
from timing import median_ms  # tests/bench/timing.py, beside this script

from engine.core import Order, PlayerSetup, Ruling, Setup
from engine.dice import Dice
from engine.wdw.forecast import standing
from engine.wdw.form import form_lines
from engine.wdw.game import WdwGame
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import Realm, Settlement, Unit, WdwState, world

GAME = WdwGame()
REALMS = 12
UNITS = 25
REPORT = f"""\
Welt der Waben, {REALMS} realms, {REALMS * UNITS} units, processor time, median of {{repeats}} runs
month:   {{month_ms:8.1f}} ms
dossier: {{dossier_ms:8.1f}} ms ({{open_items:.0f}} open items)
mail:    {{mail_ms:8.1f}} ms (a ruling on every open item)"""
"""The figures for a reader."""
SEED = "0b" * 32


def big_world() -> tuple[WdwState, dict[int, list[Order]]]:
    """Twelve realms with 25 units each on the sample map, and their orders."""
    base = GAME.new_game(Setup(1, [PlayerSetup(1), PlayerSetup(2)], seed=1), Random(0))
    the_map = world(base.map_text)
    land = sorted((f for f in the_map.fields.values() if not f.water), key=lambda f: (f.y, f.x))
    realms, settlements, units = [], [], []
    orders: dict[int, list[Order]] = {}
    for seat in range(1, REALMS + 1):
        home = land[(seat * 3) % len(land)]
        realms.append(Realm(seat, f"Reich {seat}", treasury=100000))
        settlements.append(
            Settlement(
                f"Stadt{seat}",
                home.id,
                seat,
                bev=5,
                rues=3,
                mil=2,
                stv=2,
                population=50000,
                capital=True,
            )
        )
        orders[seat] = []
        for n in range(UNITS):
            where = land[(seat * 7 + n) % len(land)]
            units.append(
                Unit(
                    seat,
                    100 + n,
                    "land",
                    1000 + 10 * n,
                    where.id,
                    nahkampf=1,
                    raised_terrain="Tiefland",
                )
            )
            step = next((x for x in where.neighbours if x and not the_map.fields[x].water), None)
            code = ("KA", "KV", "KN", "KT", "KH")[n % 5]
            orders[seat].append(Fight(unit=100 + n, code=code, path=(step,) if step else ()))
    state = WdwState(1, 0, 1, 1000, 1, base.map_text, realms, settlements, units)
    return state, orders


def form_mail(state: WdwState, orders: dict[int, list[Order]]) -> list[Ruling]:
    """The ruling form of the dossier sent back unchanged: a ruling on every open item."""
    kept = standing(state, orders).orders
    lines = form_lines(state, kept, find_items(state, kept), "de")
    return [Ruling(*line.split(" ", 1)) for line in lines]


def measure(repeats: int = 7) -> dict[str, float]:
    """Median milliseconds of processor time of the drafted month, of the dossier and of
    the check of the ruling form sent back."""
    state, orders = big_world()

    def cpu_ms(func: Callable[[], object]) -> float:
        return median_ms(func, repeats, time.process_time)

    month = cpu_ms(lambda: GAME.draft(state, orders, [], Dice.sealed(SEED)))
    dossier = cpu_ms(lambda: GAME.dossier(state, orders, "de"))
    items = len(GAME.open_items(state, orders, [], "de"))
    mail = form_mail(state, orders)
    checked = cpu_ms(lambda: GAME.check_rulings(state, orders, [], mail, "de"))
    return {"month_ms": month, "dossier_ms": dossier, "open_items": items, "mail_ms": checked}


def main() -> None:
    run_tree_bench("Welt der Waben: the month and the dossier.", measure, REPORT)


if __name__ == "__main__":
    main()
