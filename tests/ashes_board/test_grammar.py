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


# Each form of docs/orders-ashes-board.md and the order it reads as: one table, as every
# form is checked alike (the line alone parses to that order).
FORMS: list[tuple[str, Order]] = [
    *(
        (line, o.Build(line=2, planet=planet, items=items))
        for line, planet, items in [
            (
                "Erde: 2 FI, 1 TR, 1 BT",
                1,
                _items(("fighter", 2), ("transporter", 1), ("troops", 1)),
            ),
            ("1: 2 Jäger 1 Transporter", 1, _items(("fighter", 2), ("transporter", 1))),
            ("Bau auf Crossland: 3 Bodentruppen", 20, _items(("troops", 3))),
            ("build on 20: 2 fighters, 1 land troop", 20, _items(("fighter", 2), ("troops", 1))),
            ("Earth: 1 FI und 2 LT", 1, _items(("fighter", 1), ("troops", 2))),
            ("Erde: 1 Fabrik Stahl", 1, _items(("factory", 1, "steel"))),
            ("1: 2 oil factory", 1, _items(("factory", 2, "oil"))),
            ("1: Hangar Transporter", 1, _items(("hangar", 1, "transporter"))),
            ("Mechamea: Hangar FI", 12, _items(("hangar", 1, "fighter"))),
        ]
    ),
    *(
        (line, o.Fly(line=2, source=1, fighters=10, transporters=3, target=20))
        for line in [
            "1/10/3/20",
            "1 / 10 / 3 / 20",
            "Flug von Erde nach Crossland: 10 FI, 3 TR",
            "1 -> 20: 10 FI 3 TR",
            "flight from 1 to 20: 10 fighters, 3 transporters",
            "Flüge: 1/10/3/20",
        ]
    ),
    ("1/Bev/1/9", o.Freight(line=2, source=1, pop=1, transporters=1, target=9)),
    ("1/2 Pop/3/9", o.Freight(line=2, source=1, pop=2, transporters=3, target=9)),
    ("Fracht 1 -> 9: 1 Bevölkerung", o.Freight(line=2, source=1, pop=1, transporters=1, target=9)),
    ("carry 2 pop from 1 to 9", o.Freight(line=2, source=1, pop=2, transporters=2, target=9)),
    ("HP = 9", o.HomePlanet(line=2, planet=9)),
    ("Heimatplanet Barnard's Arrow", o.HomePlanet(line=2, planet=9)),
    ("home planet 9", o.HomePlanet(line=2, planet=9)),
    ("Fabrik 21: Stahl", o.FactoryChoice(line=2, planet=21, good="steel")),
    ("Factory on 21: steel", o.FactoryChoice(line=2, planet=21, good="steel")),
    ("Fabrikwahl Öl", o.FactoryChoice(line=2, planet=0, good="oil")),
    ("Factory: high tech", o.FactoryChoice(line=2, planet=0, good="hightech")),
    ("Flotte auf 9", o.StartFleets(line=2, planets=(9,))),
    ("Startflotte Barnard's Arrow", o.StartFleets(line=2, planets=(9,))),
    ("Flotten auf 15, 22, 23", o.StartFleets(line=2, planets=(15, 22, 23))),
    ("fleets at 15 22 and 23", o.StartFleets(line=2, planets=(15, 22, 23))),
    ("Hangar 1: FI", o.HangarChoice(line=2, planet=1, type="fighter")),
    ("hangar on Earth: transporters", o.HangarChoice(line=2, planet=1, type="transporter")),
    ("Feind 3", o.Relation(line=2, seat=3, value=0)),
    ("Freund 2", o.Relation(line=2, seat=2, value=2)),
    ("neutral 4", o.Relation(line=2, seat=4, value=1)),
    ("enemy C", o.Relation(line=2, seat=3, value=0)),
    ("PV 3 = 0", o.Relation(line=2, seat=3, value=0)),
    ("Abschüsse auf 3, 2", o.Targets(line=2, seats=(3, 2))),
    ("kills on C", o.Targets(line=2, seats=(3,))),
    ("Ziele: 3 und 2", o.Targets(line=2, seats=(3, 2))),
]


@pytest.mark.parametrize(("line", "order"), FORMS, ids=[line for line, _ in FORMS])
def test_every_order_form(line: str, order: Order) -> None:
    assert one(line) == order


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
