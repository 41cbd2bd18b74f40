"""The day timeline of a month (Strategie 4.4, 6.1, F9, D40): who meets whom where and on
which day, the units a meeting holds, and the rounds of combat the BP leave."""

from __future__ import annotations

from fractions import Fraction

from engine.core import Order
from engine.wdw.items import find_items
from engine.wdw.movement import Leg
from engine.wdw.orders import Fight
from engine.wdw.state import Unit
from engine.wdw.tables import encounter
from engine.wdw.timeline import Stay, Whereabouts, first_shared_day, held, rounds, stays_of
from tests.wdw.helpers import GAME, field_of, month_of, noted, placed, sample


def test_a_unit_is_in_each_field_from_the_day_it_enters_until_it_enters_the_next() -> None:
    unit = Unit(realm=1, id=1, unit_class="land", size=10, kf="1/18")
    leg = Leg((("1/19", Fraction(10)), ("1/20", Fraction(20))))
    assert stays_of(unit, leg) == [
        Stay("1/18", Fraction(0), Fraction(10)),
        Stay("1/19", Fraction(10), Fraction(20)),
        Stay("1/20", Fraction(20), Fraction(30), last=True),
    ]


def test_the_whereabouts_follow_a_unit_that_a_meeting_holds() -> None:
    # One index for the contacts board and the retreat (D28): a move leaves no trace.
    unit = Unit(realm=1, id=1, unit_class="land", size=10, kf="1/18")
    foe = Unit(realm=2, id=1, unit_class="land", size=10, kf="1/20")
    leg = Leg((("1/19", Fraction(10)), ("1/20", Fraction(20))))
    where = Whereabouts.along([foe, unit], {"1/1": "1/17"}, {"1/1": leg})
    assert where.units_in("1/17", Fraction(5)) == [unit]  # from where the month began
    assert where.units_in("1/20", Fraction(25)) == [foe, unit]  # in the month's order
    assert where.any_of("1/19", Fraction(10), {1}) and not where.any_of("1/19", Fraction(20), {1})
    old = where.move("1/1", stays_of(unit, Leg((("1/19", Fraction(10)),)), "1/17"))
    assert [stay.kf for stay in old] == ["1/17", "1/19", "1/20"]
    assert where.units_in("1/20", Fraction(30)) == [foe]
    assert where.any_of("1/19", Fraction(30), {1}) and not where.any_of("1/20", Fraction(30), {1})


def test_stays_share_a_day_only_when_they_overlap_and_day_30_counts() -> None:
    early = Stay("1/20", Fraction(0), Fraction(10))
    late = Stay("1/20", Fraction(10), Fraction(30), last=True)
    arriving = Stay("1/20", Fraction(30), Fraction(30), last=True)
    assert first_shared_day(early, late) is None  # one left when the other came
    assert first_shared_day(late, arriving) == 30
    assert first_shared_day(early, Stay("1/21", Fraction(0), Fraction(30), True)) is None
    assert first_shared_day(Stay("1/20", Fraction(0), Fraction(30), True), early) == 0


def test_the_sample_month_meets_on_day_20_with_two_rounds_left() -> None:
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KA", path=("1/19", "1/20"))],
        2: [Fight(unit=101, code="KV", path=("1/21", "1/20"))],
    }
    meeting = find_items(sample(), orders).meetings["K1"]
    assert (meeting.kf, meeting.day, meeting.rounds) == ("1/20", 20, 2)
    german, english = GAME.dossier(sample(), orders, "de"), GAME.dossier(sample(), orders, "en")
    assert "K1 Kampf in 1/20" in german
    assert (
        "K1 Kampf in 1/20: A = Reich 1 1/101, B = Reich 2 2/101\n   Treffen am Tag 20 (F9)\n"
        in german
    )
    assert "   Meeting on day 20 (F9)\n" in english
    # The rounds are said once, by the workbench under the item (not "Kampfrunden höchstens").
    assert "Kampfrunden" not in german and german.count("Runden möglich: 2 ") == 1


def test_units_that_pass_a_field_at_different_times_do_not_meet_there() -> None:
    # 1/102 (mounted, range 5 on the road) is in 1/20 on days 12-18 and in 1/21 from 18;
    # 2/101 is in 1/21 on days 10-20 and in 1/20 from 20: they meet in 1/21 on day 18.
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=102, code="KA", path=("1/19", "1/20", "1/21"))],
        2: [Fight(unit=101, code="KV", path=("1/21", "1/20"))],
    }
    items = find_items(sample(), orders)
    assert [(m.kf, m.day) for m in items.meetings.values()] == [("1/21", 18)]
    # The fight holds 2/101 in 1/21: it never reaches 1/20.
    assert items.legs["2/101"].steps == (("1/21", 10),) and items.legs["2/101"].halted


def test_a_unit_that_leaves_before_the_enemy_comes_is_not_met() -> None:
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KA", path=("1/19", "1/20"))],
        2: [Fight(unit=101, code="KV", path=("1/21", "1/22"))],
    }
    assert find_items(placed(u2_101="1/20"), orders).ids() == []


def test_a_late_arrival_meets_on_day_30_with_no_round_left() -> None:
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KA", path=("1/19",))],
        2: [Fight(unit=101, code="KA", path=("1/21", "1/20", "1/19"))],
    }
    meeting = find_items(sample(), orders).meetings["K1"]
    assert (meeting.kf, meeting.day, meeting.rounds) == ("1/19", 30, 0)


def test_a_holding_unit_stops_a_passing_one_which_meets_nobody_further_on() -> None:
    # 1/101 ignores (KI) on its way past 2/101, who defends 1/21: both stand (Tab. 6.1-1
    # KV-KI), so 1/101 never gets to Tharnburg's units in 1/22.
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KI", path=("1/21", "1/22"))],
        2: [Fight(unit=101, code="KV")],
    }
    state = placed(u1_101="1/20", u2_101="1/21")
    items = find_items(state, orders)
    assert items.ids() == []
    assert items.legs["1/101"].steps == (("1/21", 10),) and items.legs["1/101"].halted
    assert "  1/101: 1/21@10 (held)" in GAME.dossier(state, orders, "en")
    after = month_of(state, orders)
    assert field_of(after, 1, 101) == "1/21" and noted(after, 1, "note.halted")


def test_units_that_ignore_each_other_pass_by() -> None:
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KI", path=("1/21", "1/22"))],
        2: [Fight(unit=101, code="KI")],
    }
    items = find_items(placed(u1_101="1/20", u2_101="1/21"), orders)
    assert [kf for kf, _ in items.legs["1/101"].steps] == ["1/21", "1/22"]
    assert not items.legs["1/101"].halted


def test_which_rows_of_table_6_1_1_hold_which_unit() -> None:
    assert held(encounter("KA", "KV")[0]) == (True, True)  # a fight
    assert held(encounter("KH", "KV")[0]) == (True, True)  # both stand
    assert held(encounter("KA", "KI")[0]) == (False, True)  # B retreats, A goes on
    assert held(encounter("KI", "KX")[0]) == (False, False)  # they pass
    assert held(encounter("KT", "KI")[0]) == (True, True)  # the GM's question first


def test_rounds_are_four_days_each_at_most_the_options_and_the_slowest_ends_them() -> None:
    foot = Unit(realm=1, id=1, unit_class="land", size=10, kf="1/1")
    rider = Unit(realm=2, id=1, unit_class="land", size=10, kf="1/1", beritten=True)
    assert rounds([foot], Fraction(0), 4) == 4
    assert rounds([foot], Fraction(0), 3) == 3
    assert rounds([foot, rider], Fraction(19), 4) == 2  # 11 days left: two rounds
    assert rounds([foot], Fraction(27), 4) == 0
    assert rounds([], Fraction(0), 4) == 0


def test_the_max_rounds_option_caps_the_dossiers_rounds() -> None:
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KA", path=("1/19",))],
        2: [Fight(unit=101, code="KV")],
    }
    state = placed(u2_101="1/19")
    state.options.append("max_rounds=1")
    meeting = find_items(state, orders).meetings["K1"]
    assert (meeting.day, meeting.rounds) == (10, 1)


def test_the_meetings_are_numbered_by_day_before_field() -> None:
    # 1/26 on day 7.5 (mounted, off the road: range 4) comes before 1/19 on day 10,
    # though 1/19 is the lower field.
    orders: dict[int, list[Order]] = {
        1: [
            Fight(unit=101, code="KA", path=("1/19",)),
            Fight(unit=102, code="KA", path=("1/26",)),
        ],
        2: [Fight(unit=101, code="KH"), Fight(unit=102, code="KH")],
    }
    items = find_items(placed(u2_101="1/19", u2_102="1/26"), orders)
    found = [(item, m.kf, m.day) for item, m in items.meetings.items()]
    assert found == [("K1", "1/26", Fraction(15, 2)), ("K2", "1/19", 10)]


def test_an_encounter_question_without_a_workbench_keeps_its_day_and_rounds() -> None:
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KA", path=("1/19", "1/20"))],
        2: [Fight(unit=101, code="KT", path=("1/21", "1/20"))],
    }
    assert "E1" in find_items(sample(), orders).meetings
    assert "   Tag 20; Kampfrunden höchstens 2 (F9)\n" in GAME.dossier(sample(), orders, "de")
