"""The board game's order language (grammar/ashes_board.lark): every form of
docs/orders-ashes-board.md in German and English, and clear errors."""

from __future__ import annotations

import pytest

from engine.ashes_board import orders as o
from engine.core import Final, Order
from grammar.ashes_board import LANGUAGE

HEADER = "Spiel 1 Spieler 2 Passwort geheim Zug 1\n"


def one(line: str) -> Order:
    result = LANGUAGE.parse(HEADER + line + "\n")
    assert result.errors == [], [e.message("en") for e in result.errors]
    assert len(result.orders) == 1, result.orders
    return result.orders[0]


def _items(*items: tuple[str, int] | tuple[str, int, str]) -> tuple[o.Item, ...]:
    return tuple(o.Item(what=i[0], count=i[1], type=i[2] if len(i) > 2 else "") for i in items)


@pytest.mark.parametrize(
    ("line", "planet", "items"),
    [
        ("Erde: 2 FI, 1 TR, 1 BT", 1, _items(("fighter", 2), ("transporter", 1), ("troops", 1))),
        ("1: 2 Jäger 1 Transporter", 1, _items(("fighter", 2), ("transporter", 1))),
        ("Bau auf Crossland: 3 Bodentruppen", 20, _items(("troops", 3))),
        ("build on 20: 2 fighters, 1 land troop", 20, _items(("fighter", 2), ("troops", 1))),
        ("Earth: 1 FI und 2 LT", 1, _items(("fighter", 1), ("troops", 2))),
        ("Erde: 1 Fabrik Stahl", 1, _items(("factory", 1, "steel"))),
        ("1: 2 oil factory", 1, _items(("factory", 2, "oil"))),
        ("1: Hangar Transporter", 1, _items(("hangar", 1, "transporter"))),
        ("Mechamea: Hangar FI", 12, _items(("hangar", 1, "fighter"))),
    ],
)
def test_building_orders(line: str, planet: int, items: tuple[o.Item, ...]) -> None:
    assert one(line) == o.Build(line=2, planet=planet, items=items)


@pytest.mark.parametrize(
    "line",
    [
        "1/10/3/20",
        "1 / 10 / 3 / 20",
        "Flug von Erde nach Crossland: 10 FI, 3 TR",
        "1 -> 20: 10 FI 3 TR",
        "flight from 1 to 20: 10 fighters, 3 transporters",
        "Flüge: 1/10/3/20",
    ],
)
def test_flights(line: str) -> None:
    assert one(line) == o.Fly(line=2, source=1, fighters=10, transporters=3, target=20)


@pytest.mark.parametrize(
    ("line", "pop", "tr"),
    [
        ("1/Bev/1/9", 1, 1),
        ("1/2 Pop/3/9", 2, 3),
        ("Fracht 1 -> 9: 1 Bevölkerung", 1, 1),
        ("carry 2 pop from 1 to 9", 2, 2),
    ],
)
def test_freight(line: str, pop: int, tr: int) -> None:
    assert one(line) == o.Freight(line=2, source=1, pop=pop, transporters=tr, target=9)


@pytest.mark.parametrize("line", ["HP = 9", "Heimatplanet Barnard's Arrow", "home planet 9"])
def test_home_planet(line: str) -> None:
    assert one(line) == o.HomePlanet(line=2, planet=9)


@pytest.mark.parametrize(
    ("line", "planet", "good"),
    [
        ("Fabrik 21: Stahl", 21, "steel"),
        ("Factory on 21: steel", 21, "steel"),
        ("Fabrikwahl Öl", 0, "oil"),
        ("Factory: high tech", 0, "hightech"),
    ],
)
def test_factory_choice(line: str, planet: int, good: str) -> None:
    assert one(line) == o.FactoryChoice(line=2, planet=planet, good=good)


@pytest.mark.parametrize(
    ("line", "planets"),
    [
        ("Flotte auf 9", (9,)),
        ("Startflotte Barnard's Arrow", (9,)),
        ("Flotten auf 15, 22, 23", (15, 22, 23)),
        ("fleets at 15 22 and 23", (15, 22, 23)),
    ],
)
def test_start_fleets(line: str, planets: tuple[int, ...]) -> None:
    assert one(line) == o.StartFleets(line=2, planets=planets)


@pytest.mark.parametrize(
    ("line", "planet", "kind"),
    [("Hangar 1: FI", 1, "fighter"), ("hangar on Earth: transporters", 1, "transporter")],
)
def test_hangar_choice(line: str, planet: int, kind: str) -> None:
    assert one(line) == o.HangarChoice(line=2, planet=planet, type=kind)


@pytest.mark.parametrize(
    ("line", "seat", "value"),
    [
        ("Feind 3", 3, 0),
        ("Freund 2", 2, 2),
        ("neutral 4", 4, 1),
        ("enemy C", 3, 0),
        ("PV 3 = 0", 3, 0),
    ],
)
def test_relations(line: str, seat: int, value: int) -> None:
    assert one(line) == o.Relation(line=2, seat=seat, value=value)


@pytest.mark.parametrize(
    ("line", "seats"),
    [("Abschüsse auf 3, 2", (3, 2)), ("kills on C", (3,)), ("Ziele: 3 und 2", (3, 2))],
)
def test_targets_of_kills(line: str, seats: tuple[int, ...]) -> None:
    assert one(line) == o.Targets(line=2, seats=seats)


def test_shared_orders_are_read_too() -> None:
    result = LANGUAGE.parse(HEADER + "Erde: 1 FI\nFertig\n")
    assert isinstance(result.orders[-1], Final)


@pytest.mark.parametrize(
    ("line", "english"),
    [
        ("1/10/3/41", "planet number must be between 1 and 40, not 41"),
        ("Crosland: 2 FI", 'Did you mean "Crossland"?'),
        ("Fabrik 21: Stahlx", "oil, steel or high tech"),
        ("1 -> 20: 2 LT", "Only fighters and transporters fly."),
        ("1 -> 1: 2 FI", "two different planets"),
        ("Hangar 1: LT", "A hangar builds fighters or transporters."),
        ("PV 3 = 5", "between 0 and 2"),
        ("Erde 2 FI", "Building orders look like"),
    ],
)
def test_errors_say_what_is_wrong(line: str, english: str) -> None:
    result = LANGUAGE.parse(HEADER + line + "\n")
    assert result.orders == []
    (error,) = result.errors
    assert english in error.message("en") + f' Did you mean "{error.suggestion}"?'


def test_errors_are_worded_in_german_too() -> None:
    (error,) = LANGUAGE.parse(HEADER + "1 -> 20: 2 BT\n").errors
    assert "Nur Jäger und Transporter fliegen." in error.message("de")


def test_orders_round_trip_through_json() -> None:
    text = HEADER + "Erde: 2 FI, 1 Fabrik Öl\n1/10/3/20\n1/Bev/1/9\nHP = 9\nFeind 2\nFlotte auf 9\n"
    for order in LANGUAGE.parse(text).orders:
        data = {"line": order.line, "kind": order.kind, **order.to_json()}
        assert LANGUAGE.order_from_json(data) == order


def test_the_namer_gives_number_and_name() -> None:
    assert LANGUAGE.namer()(20) == "20 (Crossland)"
