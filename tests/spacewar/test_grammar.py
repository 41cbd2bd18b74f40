"""The order language: canonical forms and the sloppy variants of every order, German
and English (docs/orders-spacewar.md)."""

from __future__ import annotations

import pytest

from engine.core import JSONValue
from grammar.spacewar import LANGUAGE


def _load(
    what: str, *, values: tuple[int, ...] = (), count: int = 0, unload: bool = False
) -> tuple[str, dict[str, JSONValue]]:
    """A load (or unload) order of fleet 2, its fields not named left at their defaults."""
    fields: dict[str, JSONValue] = {
        "fleet": 2,
        "what": what,
        "values": list(values),
        "count": count,
        "unload": unload,
    }
    return "load", fields


def _buy(
    count: int, unit: str, world: str, *, fleet: int = 0, carrier: str = ""
) -> tuple[str, dict[str, JSONValue]]:
    """A purchase, its fields not named left at their defaults."""
    fields: dict[str, JSONValue] = {
        "count": count,
        "unit": unit,
        "world": world,
        "fleet": fleet,
        "carrier": carrier,
    }
    return "buy", fields


SPELLINGS: list[tuple[tuple[str, ...], str, dict[str, JSONValue]]] = [
    (("Flotte 1: W1", "fleet 1 at 1"), "place", {"fleet": 1, "world": "W1"}),
    (("TR 2 zu Flotte 1",), "assign", {"ship": "TR2", "fleet": 1, "world": ""}),
    (("Scout 1 zu Flotte 2",), "assign", {"ship": "SC1", "fleet": 2, "world": ""}),
    (
        ("Scout 2 einzeln W3", "scout 2 alone at 3"),
        "assign",
        {"ship": "SC2", "fleet": 0, "world": "W3"},
    ),
    (
        ("Flotte 2 lädt Truppen 5,4 von W3", "fleet 2 load troops 5 4"),
        *_load("troops", values=(5, 4)),
    ),
    (("F2 laden 2 T",), *_load("troops", count=2)),
    (("F2 einladen Basis W1",), *_load("base")),
    (("Flotte 2 lädt 8 Jäger",), *_load("jaeger", count=8)),
    (("Flotte 2 entlädt 2 Truppen auf W3",), *_load("troops", count=2, unload=True)),
    (
        ("Flotte 1 gibt KR1 an Flotte 3", "F1 -> F3: KR1"),
        "transfer",
        {"fleet": 1, "ships": ["KR1"], "to": 3},
    ),
    (
        ("Neue Flotte 4 aus Flotte 1: KR2, TR1", "split fleet 1: KR2 TR1 to new fleet"),
        "transfer",
        {"fleet": 1, "ships": ["KR2", "TR1"], "to": 0},
    ),
    (
        ("Flotte 3 springt: gegnerische Welten, Ziele W7 W8 W9", "F3 Sprung Gegner 7,8,9"),
        "jump",
        {"fleet": 3, "group": "enemy", "targets": ["W7", "W8", "W9"]},
    ),
    (
        ("fleet 3 jump enemy worlds 7 8",),
        "jump",
        {"fleet": 3, "group": "enemy", "targets": ["W7", "W8"]},
    ),
    (
        ("Flotte 3 springt: eigene Welten, Ziel W2",),
        "jump",
        {"fleet": 3, "group": "own", "targets": ["W2"]},
    ),
    (
        ("F3 -> Raumfeld 3", "Flotte 3 nach R3"),
        "jump",
        {"fleet": 3, "group": "space", "targets": ["R3"]},
    ),
    (("Flotte 3 springt Raumfelder 2",), "jump", {"fleet": 3, "group": "space", "targets": ["R2"]}),
    (("F1 nach Welt 9",), "jump", {"fleet": 1, "group": "world", "targets": ["W9"]}),
    (("Angriff R2",), "attack", {"field": "R2", "mode": "yes"}),
    (("Angreifen: alle",), "attack", {"field": "*", "mode": "yes"}),
    (("kein Angriff W9",), "attack", {"field": "W9", "mode": "no"}),
    (("no attack R2",), "attack", {"field": "R2", "mode": "no"}),
    (("attack world 9",), "attack", {"field": "W9", "mode": "yes"}),
    (
        ("Angriff R2 nur bei Aufklärung", "attack R2 only if scouted"),
        "attack",
        {"field": "R2", "mode": "scout"},
    ),
    (("Haltung Kreuzer nah", "stance cruisers close"), "stance", {"unit": "KR", "stance": "close"}),
    (("Haltung Träger Raketen",), "stance", {"unit": "ST", "stance": "missile"}),
    (("Kreuzer: Abstand 12",), "stance", {"unit": "KR", "stance": "missile"}),
    (("Träger halten",), "stance", {"unit": "ST", "stance": "hold"}),
    (("Haltung Jäger Laser",), "stance", {"unit": "JG", "stance": "laser"}),
    (("Ziele: Träger, Kreuzer, Transporter",), "targets", {"units": ["ST", "KR", "TR"]}),
    (("targets carriers first",), "targets", {"units": ["ST"]}),
    (("KR1 teilt Raketen 4+4",), "split", {"ship": "KR1", "weapon": "R", "groups": [4, 4]}),
    (("Kreuzer feuern geteilt 4/4",), "split", {"ship": "KR", "weapon": "R", "groups": [4, 4]}),
    (("ST2 splits lasers 1 1",), "split", {"ship": "ST2", "weapon": "L", "groups": [1, 1]}),
    (("Basis teilt Raketen 6+6",), "split", {"ship": "BA", "weapon": "R", "groups": [6, 6]}),
    (("Jäger Doppelschuss", "fighters fire both missiles"), "double_shot", {"on": True}),
    (("Jäger Einzelschuss",), "double_shot", {"on": False}),
    (
        ("Notsprung Flotte 2 nach Runde 3", "Rückzug F2 ab Runde 3"),
        "emergency",
        {"fleet": 2, "rule": "round", "value": 3},
    ),
    (
        (
            "Notsprung Flotte 2 bei Verlust 50%",
            "F2 notspringen wenn halb tot",
            "emergency jump fleet 2 when half dead",
        ),
        "emergency",
        {"fleet": 2, "rule": "loss", "value": 50},
    ),
    (("Notsprung Flotte 2 einzeln",), "emergency", {"fleet": 2, "rule": "single", "value": 1}),
    (
        ("emergency jump fleet 2 after round 2",),
        "emergency",
        {"fleet": 2, "rule": "round", "value": 2},
    ),
    (
        ("Aufstellung W3: 5 4 3 3",),
        "lineup",
        {"world": "W3", "values": [5, 4, 3, 3], "weakest": False},
    ),
    (
        ("line-up world 3: 3,3,4,5",),
        "lineup",
        {"world": "W3", "values": [3, 3, 4, 5], "weakest": False},
    ),
    (("Verteidigung W3 stark zuerst",), "lineup", {"world": "W3", "values": [], "weakest": False}),
    (
        ("Aufstellung W3: schwach zuerst", "line-up world 3 weakest first"),
        "lineup",
        {"world": "W3", "values": [], "weakest": True},
    ),
    (("Zuordnung Flotte 2: 5 4 4 3",), "assignment", {"fleet": 2, "values": [5, 4, 4, 3]}),
    (("assign fleet 2 strongest first",), "assignment", {"fleet": 2, "values": []}),
    (("F2 Truppen 4,4,3",), "assignment", {"fleet": 2, "values": [4, 4, 3]}),
    (
        ("Rückzug Boden W3 bei 1 Stein",),
        "ground_retreat",
        {"where": "W3", "rule": "stones", "value": 1},
    ),
    (
        ("ground retreat when 2 left",),
        "ground_retreat",
        {"where": "*", "rule": "stones", "value": 2},
    ),
    (("Truppen zurück ab Runde 3",), "ground_retreat", {"where": "*", "rule": "round", "value": 3}),
    (
        ("Rückzug Boden Flotte 2 nach Runde 2",),
        "ground_retreat",
        {"where": "F2", "rule": "round", "value": 2},
    ),
    (("Kaufe 1 Kreuzer W1 Flotte 3",), *_buy(1, "KR", "W1", fleet=3)),
    (("Kaufe 8 Jäger W1 für ST2",), *_buy(8, "JG", "W1", carrier="ST2")),
    (
        ("Kaufe 3 Truppen W2", "buy 3 troops world 2", "3x Truppen nach Welt 2"),
        *_buy(3, "TT", "W2"),
    ),
    (("Kaufe Basis W4",), *_buy(1, "BA", "W4")),
    (("Bau 2 Kreuzer auf 1 -> F3",), *_buy(2, "KR", "W1", fleet=3)),
]
"""Each order with the spellings that read as it."""

VARIANTS = [(line, kind, fields) for lines, kind, fields in SPELLINGS for line in lines]


@pytest.mark.parametrize(("line", "kind", "fields"), VARIANTS)
def test_order_variant_reads_as_the_canonical_order(
    line: str, kind: str, fields: dict[str, JSONValue]
) -> None:
    result = LANGUAGE.parse(f"Partie 3 Spieler 1 Kennwort x\n{line}")
    assert not result.errors, [e.message("en") for e in result.errors]
    assert [(o.kind, o.to_json()) for o in result.orders] == [(kind, fields)]


@pytest.mark.parametrize(("line", "kind", "fields"), VARIANTS)
def test_order_json_round_trips(line: str, kind: str, fields: dict[str, JSONValue]) -> None:
    order = LANGUAGE.parse(line).orders[0]
    again = LANGUAGE.order_from_json({"kind": order.kind, "line": order.line, **order.to_json()})
    assert again == order


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Flotte 3 springt Mars", "docs/orders-spacewar.md"),
        ("Flotte 11 springt Raumfelder", "between 1 and 10, not 11"),
        ("Flotte 1 springt Raumfelder R7", "between 1 and 4, not 7"),
        ("Kaufe 3 Truppen W13", "between 1 and 12, not 13"),
        ("F2 laden T", "Name their values"),
        ("Haltung Basis nah", "have a stance"),
        ("KR1 teilt Raketen 5+4", "add up to the 8 missiles, not 9"),
        ("KR1 teilt 5 5", "add up to neither weapon"),
        ("TR1 teilt 1", "Only cruisers, battle carriers and the base split"),
        ("Kaufe neue Flotte W1: 2 Truppen", "A new fleet is made of"),
    ],
)
def test_a_wrong_order_is_a_clear_error(line: str, words: str) -> None:
    result = LANGUAGE.parse(line)
    assert not result.orders
    assert len(result.errors) == 1 and words in result.errors[0].message("en")


def test_shared_orders_and_prose_are_left_to_the_shared_reader() -> None:
    result = LANGUAGE.parse("Hallo Spielleiter\nFertig\nSalz: Sonnenblume\nGeheim an 2: Gruß")
    assert [o.kind for o in result.orders] == ["final", "secret"]
    assert [s.kind for s in result.settings] == ["salt"]
    assert not result.errors and len(result.notes) == 1


def test_both_weapons_split_on_one_line() -> None:
    result = LANGUAGE.parse("KR1 teilt Raketen 4+4, Laser 3+3")
    assert [o.to_json() for o in result.orders] == [
        {"ship": "KR1", "weapon": "R", "groups": [4, 4]},
        {"ship": "KR1", "weapon": "L", "groups": [3, 3]},
    ]


def test_a_sentence_that_starts_with_an_order_word_is_a_note() -> None:
    result = LANGUAGE.parse("Angriff ist die beste Verteidigung\nFlotte 3 springt Mars")
    assert [n.line for n in result.notes] == [1]
    assert [e.line for e in result.errors] == [2]  # with a number it is a garbled order
