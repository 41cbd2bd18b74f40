"""Raising, Soforrüstung and training (Strategie 4.2, 4.3; design §3.6): the order
lines in German and English, each check with the reason the player reads, the month's
payment, the new unit, the training months and the printout."""

from __future__ import annotations

import pytest

from engine.core import Order
from engine.wdw.orders import Fight, Raise, Train
from engine.wdw.state import WdwState
from grammar.wdw import LANGUAGE
from tests.wdw.helpers import (
    GAME,
    by_number,
    month,
    raising,
    read_error,
    read_orders,
    sample,
    unit_of,
)


def parsed(line: str) -> Order:
    (order,) = read_orders(line)
    return order


SPELLINGS: list[tuple[Order, tuple[str, ...]]] = [
    # Each order once, with the lines that read as it (the design's other spellings too).
    (
        raising(2000, "nahkampf=1", line=2),
        ("Rüste 2000 Krieger Nahkampf in Guru", "Rüsten 2000 Krieger (Nahkampf) Guru"),
    ),
    (
        raising(500, "fernkampf=1", line=2),
        ("Rekrutiere 500 Bogenschützen Fernkampf Guru", "raise 500 archers (ranged) Guru"),
    ),
    (raising(300, "transport=1", unit_class="sea", line=2), ("raise 300 ships transport in Guru",)),
    (raising(1, "spion=1", unit_class="character", line=2), ("Rüste 1 Spion in Guru",)),
    (
        raising(200, "nahkampf=3", instant=True, rs=3, line=2),
        (
            "Soforrüstung 200 Krieger RS3 Nahkampf 3 in Guru",
            "Sofort rüsten 200 K Stufe 3 NK3 in Guru",
            "instant raise 200 warriors level 3 melee3 at Guru",
        ),
    ),
    (
        raising(
            100, "nahkampf=3", "geschwindigkeit=2", unit_class="sea", instant=True, rs=6, line=2
        ),
        ("instant raise 100 ships RS 6 melee 3 speed 2 at Guru",),
    ),
    (
        Train(line=2, unit=101, properties=("nahkampf=3", "beritten=1")),
        ("Ausbildung 101: Nahkampf 3 beritten",),
    ),
    (Train(line=2, unit=101, properties=("nahkampf=2",), rs=2), ("train unit 101 RS 2 melee 2",)),
    (Train(line=2, unit=115, rs=4), ("115 ausbilden auf RS4",)),
    (
        Train(line=2, unit=115, properties=("nahkampf=4",), rs=4),
        ("115 ausbilden auf RS4 (Nahkampf 4)",),
    ),
    (Train(line=2, unit=115, properties=("nahkampf=2",), rs=2), ("115 train to RS 2 melee 2",)),
]


@pytest.mark.parametrize(
    ("line", "order"), [(line, order) for order, lines in SPELLINGS for line in lines]
)
def test_army_orders_read_in_german_and_english(line: str, order: Order) -> None:
    assert parsed(line) == order


def test_an_army_order_survives_its_json_round_trip() -> None:
    order = parsed("Soforrüstung 200 Krieger RS3 Nahkampf 3 in Guru")
    assert LANGUAGE.kinds.from_json({**order.to_json(), "kind": order.kind, "line": 2}) == order


def said(order: Order, state: WdwState | None = None, lang: str = "de") -> str:
    return GAME.describe_order(state or sample(), 1, order, lang, by_number)


@pytest.mark.parametrize(
    ("order", "words"),
    [
        (
            raising(2000, "nahkampf=1"),
            "Rüste in Guru: 2000 Krieger (Nahkampf 1), RS 1: 10000 GS, davon 10000 GS",
        ),
        (
            raising(200, "nahkampf=3", instant=True, rs=3),
            "Soforrüstung in Guru: 200 Krieger (Nahkampf 3), RS 3: 6000 GS",
        ),
        (
            raising(1, "spion=1", unit_class="character"),
            "1 Charakter (Spion), RS 1: 1000 GS",
        ),
        (Train(unit=101, properties=("nahkampf=2",)), "auf RS 2: 20000 GS, 3 Monate"),
        (Train(unit=102, properties=("nahkampf=3",)), "auf RS 4: 35000 GS, 6 Monate"),
    ],
)
def test_legal_army_orders_are_worded_with_their_cost(order: Order, words: str) -> None:
    assert words in said(order)


def test_raising_beyond_the_barracks_is_only_a_warning() -> None:
    text = said(raising(2000, "nahkampf=1"))
    assert "Hinweis: dann stehen 7000 Fußsoldaten im Feld, die Kasernen fassen 6000" in text


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        (
            Raise(settlement="Tharnburg", count=10, properties=("nahkampf=1",)),
            "keine Ansiedlung Tharnburg Ihres Reiches",
        ),
        (raising(0, "nahkampf=1"), "0 Elemente gehen nicht"),
        (raising(2, "spion=1", unit_class="character"), "2 Elemente gehen nicht"),
        (raising(10, "spion=1"), "Spion gibt es hier nicht für die Klasse Krieger"),
        (raising(10, "beritten=1", instant=True), "braucht eine erste Eigenschaft"),
        (raising(10, "nahkampf=2"), "mehr geben Ausbildung oder Soforrüstung"),
        (raising(10, "nahkampf=1", "beritten=1"), "mehr geben Ausbildung oder Soforrüstung"),
        (raising(10, "nahkampf=3", instant=True, rs=4), "angegeben ist RS 4"),
        (
            raising(10, "nahkampf=1", unit_class="sea"),
            "Guru hat keinen Hafen (Küste oder schiffbarer Fluss)",
        ),
        (
            raising(7000, "nahkampf=1"),
            "die Rüstkapazität von Guru reicht nicht: frei 30000 GS, nötig 35000 GS",
        ),
        (
            raising(1001, "nahkampf=3", instant=True),
            "die Rüstkapazität von Guru reicht nicht: frei 30000 GS, nötig 30030 GS",
        ),
        (Train(unit=999, properties=("nahkampf=2",)), "keine Einheit 999 Ihres Reiches"),
        (Train(unit=601, properties=("nahkampf=2",)), "Nahkampf gibt es hier nicht"),
        (Train(unit=101, properties=("nahkampf=1",)), "nicht mehr als die RS 1"),
        (Train(unit=101, properties=("nahkampf=0",)), "Nahkampf hat schon Stufe 1"),
        (Train(unit=101, properties=("nahkampf=3",), rs=2), "angegeben ist RS 2"),
        (Train(unit=101, properties=("nahkampf=4",)), "der Schatz (60000 GS) deckt 90000 GS"),
    ],
)
def test_illegal_army_orders_say_why(order: Order, reason: str) -> None:
    assert reason in said(order)


def test_the_raising_capacity_counts_what_is_used_this_half_year() -> None:
    state = sample()
    state.settlements[0].rues_used = 25000
    assert "frei 5000 GS, nötig 10000 GS" in said(raising(2000, "nahkampf=1"), state)


def test_training_outside_a_settlement_is_refused() -> None:
    state = sample()
    state.units[0].kf = "1/19"
    assert "Einheit 101 steht in keiner eigenen Ansiedlung" in said(
        Train(unit=101, properties=("nahkampf=2",)), state
    )


def test_the_units_in_training_must_fit_the_barracks() -> None:
    state = sample()
    state.settlements[0].mil = 1
    assert "auf RS 2: 20000 GS" in said(Train(unit=101, properties=("nahkampf=2",)), state)
    assert "die Kasernen fassen 2000, in Ausbildung wären 4000 Fußsoldaten" in said(
        Train(unit=101, properties=("nahkampf=2", "beritten=1")), state
    )


def test_a_unit_in_training_takes_no_second_training() -> None:
    state = sample()
    state.units[0].training_months = 2
    assert "Einheit 101 ist schon in Ausbildung (noch 2 Monate)" in said(
        Train(unit=101, properties=("nahkampf=3",)), state
    )


def test_a_unit_in_training_marched_out_is_warned_that_its_training_rests() -> None:
    state = sample()
    state.units[0].training_months = 2  # 101 trains in Guru (1/18)
    out = Fight(unit=101, code="KA", path=("1/19",))
    assert said(out, state).endswith(
        "(Hinweis: Einheit 101 ist in der Ausbildung (noch 2 Monate); in 1/19 steht sie in "
        "keiner Ansiedlung Ihres Reiches, dort ruht die Ausbildung (Strategie 4.2))"
    )
    assert "the training rests there (Strategie 4.2)" in said(out, state, "en")
    assert "Ausbildung" not in said(Fight(unit=101, code="KA"), state)  # it stays in Guru
    assert "Ausbildung" not in said(out)  # not in training


def test_the_acknowledgement_is_worded_in_english() -> None:
    text = said(raising(2000, "nahkampf=1"), lang="en")
    assert text.startswith("Raise in Guru: 2000 warriors (melee 1), RS 1: 10000 GS")


def test_a_raised_unit_appears_in_its_settlement_and_is_paid() -> None:
    after = month(sample(), raising(2000, "fernkampf=1"))
    unit = after.unit(1, 602)
    assert unit is not None and (unit.size, unit.kf, unit.fernkampf) == (2000, "1/18", 1)
    assert unit.raised_terrain == "Tiefland" and unit.order == "KV"
    assert after.realm(1).treasury == 60000 - 10000
    assert after.settlements[0].rues_used == 10000
    assert "Einheit 602 in Guru aufgestellt: 2000 Elemente, RS 1 (10000 GS)." in GAME.printout(
        after, 1, "de"
    )


def test_a_soforruestung_counts_its_whole_cost_against_the_capacity() -> None:
    after = month(sample(), raising(100, "nahkampf=2", "beritten=1", instant=True))
    unit = after.unit(1, 602)
    assert unit is not None and unit.rs() == 3 and unit.beritten and unit.nahkampf == 2
    assert after.settlements[0].rues_used == 3000 and after.realm(1).treasury == 57000


def test_raisings_are_paid_in_the_order_of_the_lines_and_the_last_is_refused() -> None:
    state = sample()
    state.realm(1).treasury = 15000
    after = month(state, raising(2000, "nahkampf=1"), raising(2000, "arbeit=1"))
    assert [u.id for u in after.units if u.realm == 1][-1] == 602
    assert after.realm(1).treasury == 5000
    text = GAME.printout(after, 1, "de")
    assert "Nicht ausgeführt: Rüste 2000 Krieger Arbeit 1 in Guru" in text
    assert "der Schatz (5000 GS) deckt 10000 GS nicht" in text
    # The order is worded in the reader's language (it was kept in German words).
    assert "raise 2000 warriors work 1 in Guru" in GAME.printout(after, 1, "en")


def test_training_pays_now_and_gives_the_properties_after_its_months() -> None:
    state = month(sample(), Train(unit=101, properties=("nahkampf=2",)))
    unit = state.unit(1, 101)
    assert unit is not None and unit.training_months == 2 and unit.nahkampf == 1
    assert state.realm(1).treasury == 60000 - 20000
    assert "in Ausbildung: Nahkampf 2, noch 2 Monate" in GAME.printout(state, 1, "de")
    state = month(month(state))
    unit = state.unit(1, 101)
    assert unit is not None and unit.training_months == 0 and unit.nahkampf == 2
    assert "Einheit 101 hat die Ausbildung beendet: RS 2." in GAME.printout(state, 1, "de")


def test_training_rests_while_the_unit_is_away_from_its_settlements() -> None:
    state = month(sample(), Train(unit=101, properties=("nahkampf=2",)))
    unit = unit_of(state, 1, 101)
    unit.kf = "1/19"
    state = month(state)
    unit = state.unit(1, 101)
    assert unit is not None and unit.training_months == 2
    assert "die Ausbildung ruht" in GAME.printout(state, 1, "de")


@pytest.mark.parametrize(("lang", "words"), [("de", "wo? Gerüstet wird"), ("en", "where? Units")])
def test_a_raising_without_a_settlement_is_refused_with_the_form(lang: str, words: str) -> None:
    error = read_error("Sofort rüsten 200 K Stufe 3 NK3")
    assert error.message(lang).startswith(words)


def test_a_training_to_an_rs_alone_says_the_properties_give_less() -> None:
    # "115 ausbilden auf RS4" names no property: the RS alone does not say which to train.
    assert "angegeben ist RS 4, die Eigenschaften ergeben RS 1" in said(Train(unit=101, rs=4))
