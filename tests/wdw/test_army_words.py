"""The words of the army orders (docs/orders-wdw.md, Strategie 4.2, 4.3): class words,
every property the unit designer knows, and the faults of a line that starts like one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import Order
from engine.wdw.calculators.designer import design, read_properties
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Raise, Train
from engine.wdw.property_words import WORDS
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, by_number, month, raising, read_error, read_orders, sample


@pytest.mark.parametrize(
    ("line", "instant"),
    [
        ("Rüste 500 Reiter Nahkampf in Guru", False),
        ("Rüste 500 Reiterei Nahkampf in Guru", False),
        ("raise 500 cavalry melee in Guru", False),
        ("raise 500 riders melee in Guru", False),
        ("Soforrüstung 500 Reiter Nahkampf in Guru", True),
        ("instant raise 500 cavalry melee in Guru", True),
    ],
)
def test_riders_are_read_as_mounted_land_units(line: str, instant: bool) -> None:
    # Strategie 4.3 "Beritten": Reiter are warriors with the property, not a class.
    (order,) = read_orders(line + "\n")
    assert replace(order, line=0) == Raise(
        settlement="Guru",
        count=500,
        unit_class="land",
        properties=("nahkampf=1", "beritten=1"),
        instant=instant,
    )


@pytest.mark.parametrize(
    ("line", "de", "en"),
    [
        (
            "Rüste 500 Reiter Nahkampf in Guru",
            "mehr geben Ausbildung oder Soforrüstung",
            "more come by training or instant raising",
        ),
        (
            "Soforrüstung 500 Reiter Nahkampf in Guru",
            "500 Krieger (Nahkampf 1, beritten), RS 2: 7500 GS",
            "500 warriors (melee 1, mounted), RS 2: 7500 GS",
        ),
    ],
)
def test_riders_cost_the_rs_of_beritten(line: str, de: str, en: str) -> None:
    # Strategie 4.3: Beritten costs a Rüststufe, so riders are a Soforrüstung (or trained).
    (order,) = read_orders(line + "\n")
    assert de in said(order)
    assert en in said(order, lang="en")


@pytest.mark.parametrize(
    ("lines", "order"),
    [
        (
            ("Ausbildung 101: Verteidigung 1", "train 101: defence 1"),
            Train(unit=101, properties=("verteidigung=1",)),
        ),
        (
            ("Ausbildung 101 Marineinfanterie", "train 101 marines"),
            Train(unit=101, properties=("marineinfanterie=1",)),
        ),
        (
            ("Ausbildung 101 Immunität Sumpf", "train 101 immunity Sumpf"),
            Train(unit=101, properties=("immunitaet=Sumpf",)),
        ),
        (
            (
                "Soforrüstung 100 Krieger Nahkampf Verteidigung 2 Immunität Sumpf in Guru",
                "instant raise 100 warriors melee defence 2 immunity Sumpf in Guru",
            ),
            Raise(
                settlement="Guru",
                count=100,
                properties=("nahkampf=1", "verteidigung=2", "immunitaet=Sumpf"),
                instant=True,
            ),
        ),
    ],
)
def test_every_property_of_strategie_4_3_is_read(lines: tuple[str, ...], order: Order) -> None:
    for line in lines:
        (read,) = read_orders(line + "\n")
        assert replace(read, line=0) == order


@pytest.mark.parametrize("word", sorted(WORDS))
def test_orders_and_the_unit_designer_read_the_same_property_words(word: str) -> None:
    (read,) = read_orders(f"Ausbildung 101 {word} 2\n")
    assert isinstance(read, Train)
    (entry,) = read.properties
    name = entry.split("=")[0]
    unit_class = "character" if name in ("spion", "heerfuehrer") else "land"
    assert read_properties(f"{word} 1", unit_class) == {name: 1}


def said(order: Order, state: WdwState | None = None, lang: str = "de") -> str:
    return GAME.describe_order(state or sample(), 1, order, lang, by_number)


@pytest.mark.parametrize(
    ("order", "de", "en"),
    [
        (
            Train(unit=101, properties=("verteidigung=2",)),
            "(Verteidigung 2) auf RS 3: 50000 GS",
            "defence 2",
        ),
        (
            Train(unit=101, properties=("marineinfanterie=1",)),
            "(Marineinfanterie) auf RS 2: 20000 GS",
            "marines",
        ),
        (
            Train(unit=101, properties=("immunitaet=sumpf",)),
            "(Immunität Sumpf) auf RS 2: 20000 GS",
            "immunity swamp",
        ),
        (
            raising(100, "nahkampf=1", "verteidigung=1", "immunitaet=Sumpf", instant=True),
            "100 Krieger (Nahkampf 1, Verteidigung 1, Immunität Sumpf), RS 3: 3000 GS",
            "100 warriors (melee 1, defence 1, immunity swamp), RS 3: 3000 GS",
        ),
    ],
)
def test_the_new_properties_cost_what_the_designer_computes(order: Order, de: str, en: str) -> None:
    assert de in said(order)
    assert en in said(order, lang="en")


def test_the_designer_gives_the_rs_the_order_costs() -> None:
    # Strategie 4.3: Nahkampf 1, Verteidigung 1 and an extreme-terrain immunity: RS 3,
    # as the Soforrüstung above costs it
    wanted = {"nahkampf": 1, "verteidigung": 1, "immun_extrem": 1}
    assert design("land", 100, wanted, WdwOptions()).rs == 3


@pytest.mark.parametrize(
    ("order", "de", "en"),
    [
        (
            Train(unit=101, properties=("immunitaet=Mondstaub",)),
            "ein Gelände „Mondstaub“ gibt es auf der Karte nicht; sie kennt Gebirge, Hügelland,"
            " Sumpf, Tiefland, Wald, Wasser",
            'the map has no terrain "Mondstaub"; it has mountains, hills, swamp, lowland',
        ),
        (
            Train(unit=101, properties=("immunitaet=Tiefland",)),
            "Tiefland ist kein schwieriges Gelände",
            "lowland is no difficult terrain",
        ),
        (
            Train(unit=101, properties=("immunitaet=Wald",)),
            "1 Immunität gegen schwieriges Gelände, aber RS 1 gibt nur eine",
            "but RS 1 gives only one free",
        ),
        (
            Train(unit=601, properties=("marineinfanterie=1",)),
            "Marineinfanterie gibt es hier nicht",
            "marines",
        ),
        (
            Train(unit=601, properties=("immunitaet=Wald",)),
            "Immunität gibt es hier nicht für die Klasse Charakter",
            "immunity is not available here for the class character",
        ),
        (
            raising(1, "spion=1", "immunitaet=Sumpf", unit_class="character", instant=True),
            "Immunität gibt es hier nicht für die Klasse Charakter",
            "immunity is not available here for the class character",
        ),
    ],
)
def test_a_property_the_unit_cannot_have_is_refused_with_why(
    order: Order, de: str, en: str
) -> None:
    assert de in said(order)
    assert en in said(order, lang="en")


def test_a_free_immunity_needs_no_rs_of_its_own() -> None:
    # Strategie 4.3: one immunity against difficult terrain per Rüststufe over 1, free;
    # unit 102 has RS 2.
    state = month(sample(), Train(unit=102, properties=("immunitaet=Wald",)))
    unit = state.unit(1, 102)
    assert unit is not None and unit.immune == ["Wald"] and unit.rs() == 2
    assert state.realm(1).treasury == 60000


def test_a_trained_immunity_is_the_units_after_its_months() -> None:
    state = month(sample(), Train(unit=101, properties=("immunitaet=Sumpf",)))
    assert "in Ausbildung: Immunität Sumpf, noch 2 Monate" in GAME.printout(state, 1, "de")
    state = month(month(state))
    unit = state.unit(1, 101)
    assert unit is not None and unit.immune == ["Sumpf"] and unit.immun_extrem == 1
    assert unit.rs() == 2


@pytest.mark.parametrize(
    ("line", "de", "en"),
    [
        (
            "Rüste 500 Drachen in Guru",
            "„Drachen“: gerüstet wird „Rüste 2000 Krieger Nahkampf in Guru“",
            '"Drachen": a raising reads "raise 2000 warriors melee in Guru"',
        ),
        (
            "raise 500 dragons in Guru",
            "„dragons“: gerüstet wird „Rüste 2000 Krieger Nahkampf in Guru“",
            '"dragons": a raising reads "raise 2000 warriors melee in Guru"',
        ),
        (
            "Soforrüstung 200 Krieger RS3 Magie 3 in Guru",
            "„Magie“: eine Soforrüstung lautet „Soforrüstung 200 Krieger RS3 Nahkampf 3 in Guru“",
            '"Magie": an instant raising reads "instant raise 200 warriors RS3 melee 3 in Guru"',
        ),
        (
            "Ausbildung 101: Zauberei 2",
            "„Zauberei“: eine Ausbildung lautet „Ausbildung 101: Nahkampf 3 beritten“",
            '"Zauberei": a training reads "train 101: melee 3 mounted"',
        ),
        (
            "train 101 magic 2",
            "„magic“: eine Ausbildung lautet „Ausbildung 101: Nahkampf 3 beritten“",
            '"magic": a training reads "train 101: melee 3 mounted"',
        ),
        (
            "101 ausbilden Zauberei",
            "„Zauberei“: eine Ausbildung lautet",
            '"Zauberei": a training reads',
        ),
        (  # the unit as wdw.lark's UNIT spells it, which the fault finder reads
            "Heer 101: ausbilden Zauberei",
            "„Zauberei“: eine Ausbildung lautet",
            '"Zauberei": a training reads',
        ),
        (
            "instant raise 200 warriors RS3 magic 3 in Guru",
            "„magic“: eine Soforrüstung lautet",
            '"magic": an instant raising reads',
        ),
    ],
)
def test_a_broken_army_order_is_told_the_army_orders_form(line: str, de: str, en: str) -> None:
    # It once named the unit orders ("erwartet wird hier „115 KNF 12/4 12/5“ …").
    error = read_error(line)
    assert de in error.message("de") and "KNF" not in error.message("de")
    assert en in error.message("en") and "KNF" not in error.message("en")
    assert "Verteidigung" in error.message("de") and "defence" in error.message("en")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", ("NK 1 Verteidigung 1", "    Marineinfanterie", "    immun in: Sumpf")),
        ("en", ("defence 1", "    marines", "    immune in: swamp")),
    ],
)
def test_the_printout_names_the_new_properties(lang: str, words: tuple[str, ...]) -> None:
    wanted = ("nahkampf=1", "verteidigung=1", "marineinfanterie=1", "immunitaet=Sumpf")
    state = month(sample(), raising(10, *wanted, instant=True))
    unit = state.unit(1, 602)
    assert unit is not None and unit.rs() == 4
    text = GAME.printout(state, 1, lang)
    for said_ in words:
        assert said_ in text
