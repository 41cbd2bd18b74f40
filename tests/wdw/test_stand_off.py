"""A meeting without a fight (Strategie 6.1 "Aufhalten von Einheiten", Tab. 6.1-1: KV
with KI, both stay): no item, a line in the GM's dossier, and a line in each realm's
printout that tells the other side's size as a sighting does, never whose it is."""

from __future__ import annotations

import re

from engine.core import Order, Ruling
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.phases.sightings import estimate
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, month_of, sample, unit_of

ORDERS: dict[int, list[Order]] = {1: [Fight(unit=101, code="KI", path=("1/19", "1/20"))]}


def standing() -> WdwState:
    """The sample with 2/101 standing in 1/20 under KV, in realm 1's 101's way; both
    sizes such that an estimate differs from the truth."""
    state = sample()
    unit = unit_of(state, 2, 101)
    unit.kf, unit.order, unit.size = "1/20", "KV", 1987
    mine = unit_of(state, 1, 101)
    mine.size = 2049  # sizes a sighting rounds (to 2000)
    return state


def size_of(state: WdwState, realm: int) -> int:
    unit = unit_of(state, realm, 101)
    return unit.size


def test_the_dossier_lists_the_stand_off_without_an_item() -> None:
    state = standing()
    text = GAME.dossier(state, ORDERS, "de")
    assert "Begegnung ohne Kampf in 1/20 am Tag" in text
    [line] = [x for x in text.splitlines() if "Begegnung ohne Kampf" in x]
    assert "Reich 1 1/101 (KI)" in line and "Reich 2 2/101 (KV)" in line
    assert "\nK1 " not in text and "\nE1 " not in text


def test_each_realm_reads_the_other_sides_estimated_size_and_nothing_of_whose() -> None:
    state = standing()
    sizes = {1: size_of(state, 2), 2: size_of(state, 1)}  # what each realm meets
    after = month_of(state, ORDERS)
    unit = after.unit(1, 101)
    assert unit is not None and unit.kf == "1/20"  # held where it met 2/101
    for seat, other in sizes.items():
        de, en = (GAME.printout(after, seat, lang) for lang in ("de", "en"))
        [line] = [x.strip() for x in de.splitlines() if "fremde Truppen" in x]
        assert re.fullmatch(
            rf"Am Tag \d+ in 1/20: fremde Truppen von etwa {estimate(other)} Elementen; "
            r"kein Kampf \(beide Seiten halten still\)\.",
            line,
        ), line
        assert f"1/20: foreign troops of about {estimate(other)} elements; no combat" in en
        assert str(other) not in de + en  # only the estimate, never the true size


def stand_off_lines(state: WdwState, seat: int) -> list[str]:
    text = GAME.printout(state, seat, "de")
    return [x.strip() for x in text.splitlines() if "kein Kampf (beide Seiten halten still)" in x]


def test_a_hiding_unit_found_by_one_that_holds_stands_off_with_it() -> None:
    # Tab. 6.1-1 KV ⇔ KX: found (D1 entdeckt), both stay; before, the meeting had the
    # D item's lines only and neither realm read that it met foreign troops.
    state = sample()
    hider = state.unit(2, 101)
    assert hider is not None
    hider.kf = "1/20"
    orders: dict[int, list[Order]] = {
        1: [Fight(line=1, unit=101, code="KV", ext="S", path=("1/19",))],
        2: [Fight(line=1, unit=101, code="KX", path=("1/19",))],
    }
    found = [Ruling("D1", "entdeckt")]
    [meeting] = find_items(state, orders, found).stand_offs
    assert (meeting.kf, meeting.a.order, meeting.b.order) == ("1/19", "KV", "KX")
    assert find_items(state, orders).stand_offs == ()  # not found: it passes unseen
    after = month_of(state, orders, *found)
    for seat in (1, 2):
        [line] = stand_off_lines(after, seat)
        assert line.startswith("Am Tag 20 in 1/19: fremde Truppen von etwa ")
    assert len(stand_off_lines(after, 0)) == 2  # the GM's printout: each realm's line


def test_a_stand_off_further_on_after_the_gms_kt_answer_has_its_lines() -> None:
    # E1 "B überlegen": realm 1's KT gives way, realm 2's KI goes on into 1/18, where
    # realm 1's 102 holds under KV (Tab. 6.1-1 KV ⇔ KI: both stay).
    state = sample()
    other = state.unit(2, 101)
    keeper = state.unit(1, 102)
    assert other is not None and keeper is not None
    other.kf, keeper.order = "1/20", "KV"
    orders: dict[int, list[Order]] = {
        1: [Fight(line=1, unit=101, code="KT", path=("1/19",))],
        2: [Fight(line=1, unit=101, code="KI", path=("1/19", "1/18"))],
    }
    answer = Ruling("E1", "B überlegen")
    [meeting] = find_items(state, orders, [answer]).stand_offs
    assert meeting.kf == "1/18"
    after = month_of(state, orders, answer)
    for seat in (1, 2):
        assert [x[:18] for x in stand_off_lines(after, seat)] == ["Am Tag 20 in 1/18:"]
