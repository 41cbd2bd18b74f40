"""AB after a move (Strategie 5.2 Tab. 5.2-1 ``AB``: "Ist ein Bewegungsbefehl angegeben
…, baut die Einheit dort"; D18, option ``build_on_arrival``): a worker moves along the
AB order's path and builds in the settlement where it arrives, pro rata the days left
(or from the next month on); a worker whose path is cut builds nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core import Order
from engine.wdw.checks_army import Refusal
from engine.wdw.checks_build import arrival_share, building
from engine.wdw.checks_walls import wall_building
from engine.wdw.movement import Leg
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Fight, Work
from engine.wdw.state import WdwState
from tests.wdw.helpers import (
    GAME,
    by_number,
    field_of,
    month,
    month_of,
    noted,
    placed,
    read_orders,
    sample,
)

# 1/201 (1,000 workers, Arbeit 1: 1 BWP Stv a month) walks from 1/19 into Guru (1/18)
# by road: range 3, it arrives on day 10.
HOME = Work(unit=201, code="AB", structure="stv", path=("1/18",))


def away(build_on_arrival: str = "pro_rata") -> WdwState:
    state = sample(build_on_arrival=build_on_arrival)
    state.unit(1, 201).kf = "1/19"  # type: ignore[union-attr]
    return state


def test_every_a_order_keeps_its_path() -> None:
    assert read_orders("201 ABV nach 1/18 Stv\n201 AS 1/18 1/19\n201 AMR 1/18") == [
        Work(line=2, unit=201, code="AB", ext="V", structure="stv", path=("1/18",)),
        Work(line=3, unit=201, code="AS", path=("1/18", "1/19")),
        Work(line=4, unit=201, code="AM", ext="R", path=("1/18",)),
    ]
    assert HOME.describe("de") == "201 AB 1/18 stv"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "Einheit 201: AS 1/19 1/20 (AS/AM: wertet der Spielleiter aus)"),
        ("en", "Unit 201: AS 1/19 1/20 (AS/AM: the GM decides)"),
    ],
)
def test_as_and_am_echo_their_path_for_the_gm(lang: str, said: str) -> None:
    search = Work(unit=201, code="AS", path=("1/19", "1/20"))
    assert GAME.describe_order(sample(), 1, search, lang, by_number) == said
    mine = Work(unit=201, code="AM", ext="R")
    said_mine = said.replace("AS 1/19 1/20", "AMR")
    assert GAME.describe_order(sample(), 1, mine, lang, by_number) == said_mine


def test_as_and_am_leave_the_unit_where_it_stands() -> None:
    state = away()
    orders: dict[int, list[Order]] = {1: [Work(unit=201, code="AS", path=("1/18",))]}
    assert field_of(month_of(state, orders), 1, 201) == "1/19"


def test_the_acknowledgement_names_the_work_of_the_month_after_arriving() -> None:
    said = GAME.describe_order(away(), 1, HOME, "de", by_number)
    assert said == (
        "Einheit 201: AB baut in Guru an Stv, 1 BWP Arbeit im Monat, 5000 GS je fertigem"
        " BWP; nach der Ankunft am Tag 10 in diesem Monat 0,67 BWP"
    )
    english = GAME.describe_order(away(), 1, HOME, "en", by_number)
    assert english.endswith("; after arriving on day 10, 0.67 BWP this month")


def test_pro_rata_the_worker_builds_the_days_left_after_arriving() -> None:
    after = month(away(), HOME)
    assert field_of(after, 1, 201) == "1/18"
    assert (after.settlements[0].stv, after.settlements[0].progress) == (2, ["bau:stv=2/3"])
    bigger = away()
    bigger.unit(1, 201).size = 1500  # type: ignore[union-attr]
    assert month(bigger, HOME).settlements[0].stv == 3  # 1 1/2 BWP × 2/3 = 1 BWP


def test_next_month_the_worker_only_arrives() -> None:
    after = month(away(build_on_arrival="next_month"), HOME)
    assert field_of(after, 1, 201) == "1/18"
    assert (after.settlements[0].stv, after.settlements[0].progress) == (2, [])
    said = GAME.describe_order(away(build_on_arrival="next_month"), 1, HOME, "de", by_number)
    assert said == (
        "Einheit 201: AB kommt am Tag 10 in Guru an und baut ab nächstem Monat an Stv,"
        " 1 BWP Arbeit im Monat, 5000 GS je fertigem BWP"
    )
    there = month(after, Work(unit=201, code="AB", structure="stv"))
    assert there.settlements[0].stv == 3  # standing in Guru it builds the whole month


def test_a_worker_whose_path_is_cut_does_not_arrive_and_builds_nothing() -> None:
    state = placed(u1_201="1/12")  # four fields from Guru: the range ends before it
    order = Work(unit=201, code="AB", structure="stv", path=("1/11", "1/19", "1/18"))
    reason = GAME.describe_order(state, 1, order, "de", by_number)
    assert reason.endswith(": Einheit 201 kommt nur bis 1/19 und baut nicht")
    after = month(state, order)
    assert field_of(after, 1, 201) != "1/18" and noted(after, 1, "reject.not_arrived")
    assert after.settlements[0].stv == 2


def test_a_worker_arriving_where_the_realm_has_no_settlement_is_told_so() -> None:
    order = Work(unit=201, code="AB", structure="stv", path=("1/20",))
    reason = GAME.describe_order(away(), 1, order, "de", by_number)
    assert reason.endswith(
        ": Einheit 201 kommt in 1/20 an, wo keine Ansiedlung Ihres Reiches steht"
    )


def test_a_worker_held_by_a_meeting_does_not_build() -> None:
    # Tharn's 2/101 holds 1/19 (KH): the defending worker (ABV meets it as KV: both stay,
    # Tab. 5.2-2, 6.1-1) on its way from 1/20 stays there.
    state = placed(u1_201="1/20", u2_101="1/19")
    order = Work(unit=201, code="AB", ext="V", structure="stv", path=("1/19", "1/18"))
    orders: dict[int, list[Order]] = {1: [order], 2: [Fight(unit=101, code="KH")]}
    after = month_of(state, orders)
    assert field_of(after, 1, 201) == "1/19" and noted(after, 1, "reject.not_arrived")
    assert after.settlements[0].progress == []


@pytest.mark.parametrize(
    "cut", [Leg((("1/18", Fraction(20)),), truncated=True), Leg((), bad="impassable")]
)
def test_a_worker_whose_path_is_cut_builds_neither_structure_nor_wall(cut: Leg) -> None:
    structure = Work(unit=201, code="AB", structure="stv", path=("1/18",))
    wall = Work(unit=201, code="AB", structure="wall", side=1, path=("1/18",))
    for found in (building(away(), 1, structure, cut), wall_building(away(), 1, wall, cut)):
        assert isinstance(found, Refusal) and found.key == "not_arrived"
        assert found.values == {"unit": 201, "kf": "1/19"}


@pytest.mark.parametrize(
    ("leg", "option", "share"),
    [
        (Leg(()), "next_month", Fraction(1)),
        (Leg((("1/18", Fraction(20)),)), "pro_rata", Fraction(1, 3)),
        (Leg((("1/18", Fraction(20)),)), "next_month", Fraction(0)),
        (Leg((("1/18", Fraction(30)),)), "pro_rata", Fraction(0)),
        (Leg((("1/18", Fraction(20)),), truncated=True), "pro_rata", None),
        (Leg((("1/18", Fraction(20)),), halted=True), "pro_rata", None),
    ],
)
def test_the_share_of_the_month_a_worker_builds(
    leg: Leg, option: str, share: Fraction | None
) -> None:
    assert arrival_share(leg, WdwOptions(build_on_arrival=option)) == share


def test_an_unknown_build_on_arrival_is_refused() -> None:
    with pytest.raises(ValueError, match="build_on_arrival"):
        WdwOptions.of({"build_on_arrival": "sofort"})


def test_a_path_into_a_field_not_on_the_map_is_refused_not_a_crash() -> None:
    order = Work(unit=201, code="AB", structure="stv", path=("9/1",))
    reason = GAME.describe_order(away(), 1, order, "de", by_number)
    assert ": Weg: 9/1 grenzt nicht an 1/19, das Feld davor (" in reason
    assert month(away(), order).turn == 1  # the month runs; the worker stays
