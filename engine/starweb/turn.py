"""The evaluation of one Starweb turn: the phases in the rulebook's order, as a table.

Starweb "Die Bearbeitungsreihenfolge" gives ten steps; the rulebook places the rest in
its text (conversion "zu Anfang einer Runde", probes before movement, jettison before
combat); docs/rules-starweb.md records where each one without a place was put.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.core import Article, Event, Order, Resign
from engine.dice import Dice
from engine.starweb import (
    bombs,
    cargo,
    combat,
    control,
    conversion,
    diplomacy,
    economy,
    exclusive,
    gifts,
    movement,
    probes,
    scoring,
    ships,
    visibility,
)
from engine.starweb.context import Turn
from engine.starweb.orders import StarwebOrder
from engine.starweb.state import EchoLine, PlayerReport, StarwebState, TurnReport, copy_state

Phase = Callable[[Turn], None]

PHASES: tuple[tuple[str, Phase], ...] = (
    ("diplomacy and stances", diplomacy.apply),  # orders that only change standing
    ("conversion", conversion.convert),  # Starweb "Apostel": at the start of the turn
    ("1 unloading and jettison", cargo.unload),
    ("2 transfer and building", ships.transfer_and_build),
    ("3 loading", cargo.load),
    ("probes", probes.probe),  # Starweb "Sondierung": before movement
    ("4 combat", combat.fire),
    ("5 movement and ambush", movement.move),
    ("6 planet-buster and robots", bombs.drop),
    ("7 conquest of worlds and keys", control.conquer),
    ("8 capture of fleets", control.capture),
    ("9 gifts", gifts.give),
    ("plunder, mining, growth, rounds", economy.produce),
    ("10 scores", scoring.score),
    ("what each player sees", visibility.observe),
)
"""The phases in evaluation order: (name, function)."""


def run_turn(
    state: StarwebState, orders: Mapping[int, Sequence[Order]], dice: Dice
) -> tuple[StarwebState, list[Event]]:
    """Evaluate the next turn; players missing from ``orders`` sent none (NMR). The dice
    drawn are in ``dice.log`` (docs/dice.md lists them)."""
    new = copy_state(state)
    new.turn += 1
    new.report = TurnReport()
    players = {p.number for p in new.active()}
    for order in orders.get(0, ()):
        if isinstance(order, Article):
            new.report.messages.append(order.text)
    game_orders: dict[int, list[StarwebOrder]] = {}
    echo: dict[int, dict[int, EchoLine]] = {}
    for player in sorted(players):
        given = list(orders.get(player, ()))
        for order in given:
            if isinstance(order, Article):
                new.report.messages.append(order.text)
            elif isinstance(order, Resign):
                new.player(player).out = True
        own = [o for o in given if isinstance(o, StarwebOrder)]
        kept, dropped = exclusive.resolve(own)
        report_echo = []
        echo[player] = {}
        for order in own:
            line = EchoLine(code=order.code)
            reason = dropped.get(id(order))
            if reason is not None:
                line.remark = reason
            echo[player][id(order)] = line
            report_echo.append(line)
        game_orders[player] = kept
        new.report.players.append(PlayerReport(player=player, echo=report_echo))
    nmr = frozenset(p for p in players if p not in orders)
    new.report.nmr = sorted(nmr)
    turn = Turn(start=state, state=new, orders=game_orders, dice=dice, nmr=nmr, echo=echo)
    for _name, phase in PHASES:
        phase(turn)
    new.report.players.sort(key=lambda r: r.player)
    return new, scoring.events(turn)
