"""A combat's days on the timeline (Strategie 6.2 "Für eine Kampfrunde werden vier Tage
im Sinne der Bewegungsregel gerechnet"): the units stay in the field for the rounds the
fight takes, the winner's go on afterwards (its later meetings come that much later),
and units arriving while the fight is under way join it from the next round."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core import Order, Ruling
from engine.wdw.fights import joining_round, read_combat
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, field_of, month_of, placed, sample, unit_of

# Isyrial's 101 enters 1/20 on day 10 (on the road, range 3) and would go on to 1/21 on
# day 20; Tharn's 101 stands in 1/20 and its 102 in 1/21.
THROUGH: dict[int, list[Order]] = {
    1: [Fight(unit=101, code="KA", path=("1/20", "1/21"))],
    2: [Fight(unit=101, code="KV"), Fight(unit=102, code="KV")],
}


def through() -> WdwState:
    return placed(u1_101="1/19", u2_101="1/20", u2_102="1/21")


def test_without_a_verdict_the_fight_holds_both_sides_for_the_month() -> None:
    items = find_items(through(), THROUGH)
    assert [(k, m.kf, m.day, m.rounds) for k, m in items.meetings.items()] == [
        ("K1", "1/20", 10, 4)
    ]
    assert items.legs["1/101"].steps == (("1/20", 10),) and items.legs["1/101"].halted


def test_the_winner_goes_on_after_the_rounds_the_gm_rules_four_days_each() -> None:
    # One round: days 10 to 14; 1/21 is entered on day 24 instead of 20, and the meeting
    # with Tharn's 102 there is on day 24, with one round left.
    items = find_items(through(), THROUGH, [Ruling("K1", "Sieger A; Runden 1")])
    assert items.legs["1/101"].steps == (("1/20", 10), ("1/21", 24))
    later = items.meetings["K2"]
    assert (later.kf, later.day, later.rounds) == ("1/21", 24, 1)
    after = month_of(through(), THROUGH, Ruling("K1", "Sieger A; Runden 1"))
    assert field_of(after, 1, 101) == "1/21"


def test_every_round_possible_leaves_the_winner_no_time_for_its_next_field() -> None:
    # Four rounds: days 10 to 26; 1/21 would be day 36, after the month: the path is cut.
    items = find_items(through(), THROUGH, [Ruling("K1", "Sieger A; Verluste keine")])
    leg = items.legs["1/101"]
    assert leg.steps == (("1/20", 10),) and leg.truncated and not leg.halted
    assert list(items.meetings) == ["K1"]


@pytest.mark.parametrize("winner", ["B", "keiner"])
def test_a_loser_or_a_drawn_side_stays_in_the_field(winner: str) -> None:
    items = find_items(through(), THROUGH, [Ruling("K1", f"Sieger {winner}; Runden 1")])
    assert items.legs["1/101"].steps == (("1/20", 10),) and items.legs["1/101"].halted


def test_with_the_option_stay_even_the_winner_stays_in_the_field() -> None:
    state = through()
    state.options.append('after_fight="stay"')
    items = find_items(state, THROUGH, [Ruling("K1", "Sieger A; Runden 1")])
    assert items.legs["1/101"].steps == (("1/20", 10),) and items.legs["1/101"].halted


def test_the_rounds_ruled_are_read_and_checked_against_the_rounds_possible() -> None:
    assert read_combat("Sieger A; Runden 2; Verluste keine") is not None
    assert read_combat("Sieger A; Runden zwei") is None
    items = find_items(through(), THROUGH)
    assert GAME.check_ruling(through(), THROUGH, [], Ruling("K1", "Sieger A; Runden 4"), "de") == ""
    refusal = GAME.check_ruling(through(), THROUGH, [], Ruling("K1", "Sieger A; Runden 5"), "de")
    assert refusal == "5 Runden sind mehr, als die Bewegungspunkte erlauben (höchstens 4, F9)"
    assert items.meetings["K1"].rounds == 4


def test_a_unit_arriving_next_round_is_round_two_and_on_a_rounds_first_day_that_round() -> None:
    assert joining_round(Fraction(10), Fraction(12)) == 2
    assert joining_round(Fraction(10), Fraction(14)) == 2
    assert joining_round(Fraction(10), Fraction(29, 2)) == 3


# Isyrial's 101 meets Tharn's 101 in 1/20 on day 10; its mounted 102 (range 5 on the
# road) follows through 1/19, arrives on day 12 and would go on to 1/21 on day 18.
LATE: dict[int, list[Order]] = {
    1: [
        Fight(unit=101, code="KA", path=("1/20",)),
        Fight(unit=102, code="KA", path=("1/19", "1/20", "1/21")),
    ],
    2: [Fight(unit=101, code="KV")],
}


def test_an_own_unit_arriving_during_the_fight_joins_it_from_the_next_round() -> None:
    state = placed(u1_101="1/19", u2_101="1/20")
    items = find_items(state, LATE)
    assert list(items.meetings) == ["K1"] and items.meetings["K1"].late == (("1/102", 2),)
    german, english = GAME.dossier(state, LATE, "de"), GAME.dossier(state, LATE, "en")
    assert "   Später dazu: 1/102 ab Runde 2 (Strategie 6.2)\n" in german
    assert "   Joining late: 1/102 from round 2 (Strategie 6.2)\n" in english
    # The workbench counts it: 1000 riders, GP mounted +1 and terrain +1 = 1400, with A's.
    assert "Später dazu: 1/102 (Seite A) ab Runde 2, Kampfkraft 1400 (Strategie 6.2)" in german
    assert "Mit den Späteren (1): Kampfkraft A 3800, B 2400" in german
    assert "With the late arrivals (1): combat power A 3800, B 2400" in english
    # Its losses may be ruled, and it is held in the field with its side.
    ruling = Ruling("K1", "Sieger B; Verluste 1/102 -100")
    assert GAME.check_ruling(state, LATE, [], ruling, "de") == ""
    assert items.legs["1/102"].steps == (("1/19", 6), ("1/20", 12)) and items.legs["1/102"].halted


def test_an_own_unit_that_ignores_the_enemy_does_not_join() -> None:
    orders = {1: [LATE[1][0], Fight(unit=102, code="KI", path=("1/19", "1/20"))], 2: LATE[2]}
    items = find_items(placed(u1_101="1/19", u2_101="1/20"), orders)
    assert items.meetings["K1"].late == ()


def test_a_unit_arriving_in_the_last_round_is_too_late_to_join() -> None:
    # One round ruled: the fight runs days 10 to 14, round 1 only; 1/102 arrives on 12.
    given = [Ruling("K1", "Sieger A; Runden 1")]
    items = find_items(placed(u1_101="1/19", u2_101="1/20"), LATE, given)
    assert items.meetings["K1"].late == ()


def test_a_third_realm_arriving_during_the_fight_joins_it_as_a_party() -> None:
    # Tharn's 101 stands in 1/20; Isyrial's 101 comes on day 10, realm 3's 101 from 1/22
    # along the road on day 20 (Tharn's other units are away).
    state = sample(3)
    for key, kf in {"1/101": "1/19", "2/101": "1/20", "3/101": "1/22"}.items():
        realm, number = (int(x) for x in key.split("/"))
        unit = unit_of(state, realm, number)
        unit.kf = kf
    for unit in state.units:
        if unit.realm == 2 and unit.id != 101:
            unit.kf = "1/6"
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KA", path=("1/20",))],
        2: [Fight(unit=101, code="KV")],
        3: [Fight(unit=101, code="KA", path=("1/21", "1/20"))],
    }
    items = find_items(state, orders)
    first = items.meetings["K1"]
    assert (first.kf, first.day, first.late) == ("1/20", 10, (("3/101", 4),))
    # Strategie 6.2 "Kämpfe mit mehr als zwei Parteien": one fight, no pairwise items.
    assert list(items.meetings) == ["K1"] and first.parties == ((1,), (2,), (3,))
    german = GAME.dossier(state, orders, "de")
    assert "Mehr als zwei Parteien, jede gegen alle (Strategie 6.2): A, B und Reich 3;" in german
    assert "Später dazu: 3/101 (Seite 3) ab Runde 4" in german


def test_a_late_arrival_of_the_losing_side_takes_its_losses_and_retreats_with_it() -> None:
    ruling = Ruling("K1", "Sieger B; Verluste 1/102 -100")
    after = month_of(placed(u1_101="1/19", u2_101="1/20"), LATE, ruling)
    riders = after.unit(1, 102)
    assert riders is not None and riders.size == 900
    assert riders.kf == "1/19"  # back the way it came (D28)


def test_a_unit_a_fight_holds_past_the_months_end_reads_held_not_out_of_range() -> None:
    # Tharn's 101 (KTP2 1/21 1/20, range 3) fights in 1/21 and its step to
    # 1/20 falls past the month's end: "wird in 1/21 aufgehalten", not "die Reichweite
    # endet" (it used 1 of its 3 fields).
    orders: dict[int, list[Order]] = {
        1: [
            Fight(line=1, unit=101, code="KA", ext="E", path=("1/19", "1/20", "1/21")),
            Fight(line=2, unit=102, code="KN", ext="F", path=("1/19", "1/20")),
        ],
        2: [Fight(line=1, unit=101, code="KT", ext="P2", path=("1/21", "1/20"))],
    }
    rulings = [Ruling("E1", "B überlegen"), Ruling("K1", "Sieger B; Verluste keine")]
    rulings += [Ruling("E2", "A überlegen"), Ruling("K2", "Sieger keiner; Verluste keine")]
    after = month_of(sample(), orders, *rulings)
    mine = [
        (n.key, n.values().get("kf"))
        for n in after.notes
        if n.seat == 2 and n.values().get("unit") == "101"
    ]
    assert ("note.halted", "1/21") in mine
    assert ("note.truncated", "1/21") not in mine
