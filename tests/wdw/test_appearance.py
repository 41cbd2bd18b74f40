"""The GM's answers to the KT question (Strategie 5.1-1 KT, 6.1, Tab. 6.1-1; D7): ``E<n>
A überlegen``, ``B überlegen`` or ``beide überlegen`` pick the row's branch — a side
retreats and the other goes on, or they fight by the row the answer points to — and
the timeline, the combats and the printouts follow it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from engine.core import Order, Ruling
from engine.wdw.appearance import Appearance, branch, read_appearance
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.rulings import default_ruling
from engine.wdw.state import WdwState
from engine.wdw.tables import encounter
from tests.wdw.helpers import GAME, dice, field_of, month_of, noted, placed

# Each KT row of Tab. 6.1-1 and answer: who gives way ("A": A retreats, B goes on; "B"
# the other way round; "A bleibt": A retreats, B stays), or the pair the fight goes by.
BRANCHES = [
    (("KN", "KT"), "a", "B"),
    (("KN", "KT"), "b", ("KN", "KA")),
    (("KN", "KT"), "both", ("KN", "KA")),
    (("KA", "KT"), "a", "B"),
    (("KA", "KT"), "b", ("KA", "KA")),
    (("KA", "KT"), "both", ("KA", "KA")),
    (("KT", "KT"), "a", "B"),
    (("KT", "KT"), "b", "A"),
    (("KT", "KT"), "both", ("KA", "KA")),
    (("KT", "KV"), "a", ("KA", "KV")),
    (("KT", "KV"), "b", "A"),
    (("KT", "KV"), "both", ("KA", "KV")),
    (("KT", "KI"), "a", "B"),
    (("KT", "KI"), "b", "A"),
    (("KT", "KI"), "both", "B"),
    (("KT", "KX"), "a", "B"),
    (("KT", "KX"), "b", "A"),
    (("KT", "KX"), "both", "B"),
    (("KT", "KH"), "a", ("KA", "KH")),
    (("KT", "KH"), "b", "A bleibt"),
    (("KT", "KH"), "both", ("KA", "KH")),
]
GIVING_WAY = {
    "A": ((True, False), (True, False)),
    "B": ((False, True), (False, True)),
    "A bleibt": ((True, True), (True, False)),
}


@pytest.mark.parametrize(("row", "superior", "then"), BRANCHES)
def test_each_answer_picks_its_branch_of_the_kt_row(
    row: tuple[str, str], superior: str, then: str | tuple[str, str]
) -> None:
    got = branch(*row, superior)
    if isinstance(then, tuple):
        assert got.fight and got.outcome == encounter(*then)[0]
        assert (got.held, got.back) == ((True, True), (False, False))
    else:
        assert not got.fight and got.outcome == encounter(*row)[0]
        assert (got.held, got.back) == GIVING_WAY[then]


def test_every_question_row_of_the_table_has_its_branches() -> None:
    orders = ("KN", "KA", "KT", "KH", "KV", "KI", "KX", "KR")
    asked = {
        (b, a) if flipped else (a, b)
        for a in orders
        for b in orders
        for outcome, flipped in [encounter(a, b)]
        if outcome.question
    }
    assert asked == {row for row, _, _ in BRANCHES}


def test_the_words_of_an_appearance_ruling() -> None:
    assert read_appearance("A überlegen") == Appearance("a")
    assert read_appearance("a unterlegen") == Appearance("b")
    assert read_appearance("Both superior") == Appearance("both")
    assert read_appearance("vielleicht") is None


# 1/101 attacks (KA) from 1/19 through 1/20 (day 10) to 1/21 (day 20); Tharn's 2/101
# stands in 1/20 and 2/102 in 1/21, both under KT: the table's A is realm 1.
ATTACK: dict[int, list[Order]] = {1: [Fight(unit=101, code="KA", path=("1/20", "1/21"))]}


def kt_ahead() -> WdwState:
    state = placed(u1_101="1/19", u2_101="1/20", u2_102="1/21")
    for number in (101, 102):
        state.unit(2, number).order = "KT"  # type: ignore[union-attr]
    return state


def test_unanswered_the_question_holds_both_and_keeps_the_combat_open() -> None:
    items = find_items(kt_ahead(), ATTACK)
    assert items.ids() == ["E1", "K1"]
    assert items.legs["1/101"].halted and items.retreats == ()


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("de", "Erscheinung: „A überlegen“, „B überlegen“ oder „beide überlegen“"),
        ("en", 'appearance: "A superior", "B superior" or "both superior"'),
    ],
)
def test_an_answer_to_the_kt_question_not_understood_is_refused_with_its_forms(
    lang: str, reason: str
) -> None:
    state = kt_ahead()
    assert GAME.check_ruling(state, ATTACK, [], Ruling("E1", "vielleicht"), lang) == reason
    assert GAME.check_ruling(state, ATTACK, [], Ruling("E1", "A überlegen"), lang) == ""


def test_a_superior_the_kt_side_retreats_and_the_attacker_goes_on() -> None:
    rulings = [Ruling("E1", "A überlegen"), Ruling("E2", "A überlegen")]
    items = find_items(kt_ahead(), ATTACK, rulings)
    assert items.ids() == ["E1", "E2"]  # no combat: both Tharn units give way
    assert [r[:2] for r in items.retreats] == [("1/20", ("2/101",)), ("1/21", ("2/102",))]
    after = month_of(kt_ahead(), ATTACK, *rulings)
    assert field_of(after, 1, 101) == "1/21"
    assert field_of(after, 2, 101) not in ("1/20", "1/21")
    assert field_of(after, 2, 102) not in ("1/21", "")
    assert not noted(after, 1, "note.halted") and not noted(after, 1, "note.won")
    tharn = GAME.printout(after, 2, "de")
    assert f"Einheit 101 zieht sich nach {field_of(after, 2, 101)} zurück." in tharn
    assert f"Einheit 102 zieht sich nach {field_of(after, 2, 102)} zurück." in tharn


@pytest.mark.parametrize("answer", ["B überlegen", "beide überlegen"])
def test_the_kt_side_not_giving_way_fights_as_the_row_says(answer: str) -> None:
    items = find_items(kt_ahead(), ATTACK, [Ruling("E1", answer)])
    assert items.ids() == ["E1", "K1"]
    assert items.meetings["K1"].outcome.text == "Kampf. Rückzug des Verlierers."  # KA ⇔ KA
    assert items.legs["1/101"].halted and items.retreats == ()
    after = month_of(kt_ahead(), ATTACK, Ruling("E1", answer), Ruling("K1", "Sieger B"))
    assert field_of(after, 1, 101) == "1/19"  # the loser goes back the way it came
    assert field_of(after, 2, 101) == "1/20" and noted(after, 2, "note.won")


def test_an_inferior_kt_attacker_retreats_before_the_defender() -> None:
    # Tab. 6.1-1 KT ⇔ KV: "Wenn A unterlegen erscheint, Rückzug A (B zieht weiter)".
    state = placed(u1_101="1/19", u2_101="1/20")
    orders: dict[int, list[Order]] = {1: [Fight(unit=101, code="KT", path=("1/20", "1/21"))]}
    given = [Ruling("E1", "B überlegen")]
    assert find_items(state, orders, given).ids() == ["E1"]
    after = month_of(state, orders, *given)
    assert (field_of(after, 1, 101), field_of(after, 2, 101)) == ("1/19", "1/20")
    assert "Unit 101 retreats to 1/19." in GAME.printout(after, 1, "en")
    fought = find_items(state, orders, [Ruling("E1", "A überlegen")])
    assert fought.meetings["K1"].outcome == encounter("KA", "KV")[0]


def test_the_answer_on_the_first_meeting_decides_whether_the_second_comes() -> None:
    state = kt_ahead()
    assert "E2" not in find_items(state, ATTACK, [Ruling("E1", "B überlegen")]).ids()
    assert GAME.check_item(state, ATTACK, [Ruling("E1", "A überlegen")], Ruling("E2", "x"), "de")
    lines = GAME.open_items(state, ATTACK, [Ruling("E1", "A überlegen")], "de")
    assert [line.split()[0] for line in lines] == ["E2", "K1"]


def test_the_month_is_the_same_whatever_the_order_of_the_e_rulings() -> None:
    rulings = [
        Ruling("E1", "A überlegen"),
        Ruling("E2", "B überlegen"),
        Ruling("K1", "Sieger A; Verluste 2/102 -300"),
    ]
    results = []
    for order in (rulings, rulings[::-1], [rulings[1], rulings[2], rulings[0]]):
        the_dice = dice()
        after = month_of(kt_ahead(), ATTACK, *order, the_dice=the_dice)
        results.append((after.to_json(), the_dice.log))
    assert results[0] == results[1] == results[2]
    after = month_of(kt_ahead(), ATTACK, *rulings)
    assert field_of(after, 1, 101) == "1/21"
    unit = after.unit(2, 102)
    assert unit is not None and unit.size == 1200 and unit.kf != "1/21"


@pytest.mark.parametrize(
    ("orders", "kampfkraft", "default"),
    [
        (("KA", "KT"), (2000, 2000), "A überlegen"),  # the KT side B gives way
        (("KT", "KV"), (2000, 2000), "B überlegen"),  # it said "A überlegen": A attacked
        (("KT", "KI"), (2000, 2000), "B überlegen"),
        (("KT", "KT"), (2000, 2000), "A überlegen"),  # no branch where both withdraw
        (("KT", "KV"), (2001, 2000), "A überlegen"),
        (("KA", "KT"), (2000, 2001), "B überlegen"),
    ],
)
def test_the_form_proposes_the_stronger_side_and_at_a_tie_the_side_that_is_not_kt(
    orders: tuple[str, str], kampfkraft: tuple[int, int], default: str
) -> None:
    # Strategie 5.1 KT: "greift … an, sofern sie schwächer erscheint …, anderenfalls
    # zieht sie sich zurück": equal is not weaker.
    items = find_items(kt_ahead(), ATTACK)
    meeting = items.meetings["E1"]
    a = replace(meeting.a, order=orders[0], kampfkraft=Fraction(kampfkraft[0]))
    b = replace(meeting.b, order=orders[1], kampfkraft=Fraction(kampfkraft[1]))
    items.meetings["E1"] = replace(meeting, a=a, b=b)
    assert default_ruling("E1", items) == default
