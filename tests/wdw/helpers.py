"""A Welt der Waben game of the sample scenario for the tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from random import Random

from engine.core import Order, ParseError, PlayerSetup, Ruling, Setup
from engine.dice import Dice
from engine.wdw.game import WdwGame
from engine.wdw.orders import Raise
from engine.wdw.state import Unit, WdwState
from grammar.wdw import LANGUAGE

GAME = WdwGame()
SEED = "5e" * 32
HEADER = "Partie 7 Spieler 1 Kennwort geheim\n"
"""The header line of realm 1's orders in game 7: the orders below it start at line 2."""


def sample(seats: int = 2, **options: object) -> WdwState:
    """Turn 0 of the sample scenario with ``seats`` realms."""
    setup = Setup(7, [PlayerSetup(n) for n in range(1, seats + 1)], options=dict(options), seed=3)
    return GAME.new_game(setup, Random(0))


def dice() -> Dice:
    """Sealed dice of a fixed seed."""
    return Dice.sealed(SEED)


def by_number(number: int) -> str:
    """Names a place by its number (Welt der Waben's acknowledgement names none)."""
    return str(number)


def placed(**where: str) -> WdwState:
    """The sample with units moved: ``u1_101="1/20"`` puts unit 1/101 in 1/20."""
    state = sample()
    for name, kf in where.items():
        realm, number = (int(x) for x in name[1:].split("_"))
        unit_of(state, realm, number).kf = kf
    return state


def month_of(
    state: WdwState,
    orders: Mapping[int, Sequence[Order]],
    *rulings: Ruling,
    the_dice: Dice | None = None,
) -> WdwState:
    """The state after the month's draft with these orders and rulings."""
    result = GAME.draft(state, orders, list(rulings), the_dice or dice())
    assert isinstance(result.state, WdwState)
    return result.state


def unit_of(state: WdwState, realm: int, number: int) -> Unit:
    """Unit ``realm/number``, which the test expects to be there."""
    unit = state.unit(realm, number)
    assert unit is not None, f"no unit {realm}/{number}"
    return unit


def field_of(state: WdwState, realm: int, number: int) -> str:
    """Where unit ``realm/number`` stands ("" when it is gone)."""
    unit = state.unit(realm, number)
    return unit.kf if unit is not None else ""


def noted(state: WdwState, seat: int, key: str) -> bool:
    """Whether ``seat``'s printout has a line of ``key`` this month."""
    return any(n.key == key and n.seat == seat for n in state.notes)


def month(
    state: WdwState, *orders: Order, rulings: Sequence[Ruling] = (), seat: int = 1
) -> WdwState:
    """The draft of a month in which ``seat`` gives ``orders`` (numbered by line)."""
    numbered = [replace(o, line=n) for n, o in enumerate(orders, 1)]
    result = GAME.draft(state, {seat: numbered}, list(rulings), dice())
    assert isinstance(result.state, WdwState)
    return result.state


def raising(count: int, *properties: str, **kw: object) -> Raise:
    """A raising of ``count`` elements with ``properties`` in Guru (realm 1's settlement)."""
    return Raise(settlement="Guru", count=count, properties=properties, **kw)  # type: ignore[arg-type]


def read_orders(text: str) -> list[Order]:
    """The orders of ``text`` below :data:`HEADER` (from line 2), read without an error."""
    result = LANGUAGE.parse(HEADER + text)
    assert not result.errors, [e.message("de") for e in result.errors]
    return list(result.orders)


def read_error(line: str) -> ParseError:
    """The one error of the order ``line`` below :data:`HEADER` (so on line 2)."""
    (error,) = LANGUAGE.parse(HEADER + line + "\n").errors
    assert error.line == 2
    return error


def assert_refused(line: str, de: str, en: str) -> ParseError:
    """The one error of the order ``line`` (:func:`read_error`), whose reason says ``de``
    in German and ``en`` in English."""
    error = read_error(line)
    assert de in error.message("de")
    assert en in error.message("en")
    return error
