"""D37: the acknowledgement's checks of storms, provinces, a worker's way to its building
and the fields a unit may enter read what the realm knows and sees now
(engine.wdw.sightlines.seen_by), as its path check does, and the month moves by the same:
a field a unit sees since the last printout (the GM moved it) counts; a field it does not
see is not walked, so no answer tells its terrain."""

from __future__ import annotations

from engine.core import Order
from engine.wdw.orders import Fight, Province, Storm, Work
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, by_number, month_of, sample


def moved() -> WdwState:
    """The sample without moves into the white; the GM has moved realm 1's units 101
    and 201 to 1/21, from where they see 1/20 and Tharnburg's 1/22, which realm 1's known
    map (its last printout's) lacks."""
    state = sample(into_white=False)
    for number in (101, 201):
        unit = state.unit(1, number)
        assert unit is not None
        unit.kf = "1/21"
    assert not {"1/20", "1/21", "1/22"} & set(state.realm(1).known)
    return state


def said(state: WdwState, order: Order) -> str:
    return GAME.describe_order(state, 1, order, "de", by_number)


def test_a_field_seen_now_may_be_entered_though_moves_into_the_white_are_off() -> None:
    assert said(moved(), Fight(unit=101, code="KA", path=("1/20",))) == "Einheit 101: KA 1/20"


def test_the_month_moves_the_unit_into_the_field_its_acknowledgement_allowed() -> None:
    after = month_of(moved(), {1: [Fight(line=1, unit=101, code="KA", path=("1/20",))]})
    unit = after.unit(1, 101)
    assert unit is not None and unit.kf == "1/20"


def test_a_settlement_seen_now_may_be_stormed() -> None:
    text = said(moved(), Storm(settlement="Tharnburg", units=(101,)))
    assert text == "Sturmangriff auf Tharnburg in 1/22 mit 101: der Spielleiter entscheidet"


def test_a_province_of_fields_seen_now_goes_to_the_gm() -> None:
    text = said(moved(), Province(name="Nordwind", fields=("1/20", "1/21")))
    assert text == "Provinz Nordwind (2 Kleinfelder): zur Genehmigung an den Spielleiter"


def test_a_worker_may_go_home_through_a_field_seen_now() -> None:
    text = said(moved(), Work(unit=201, code="AB", structure="stv", path=("1/20", "1/19", "1/18")))
    assert text.startswith("Einheit 201: AB baut in Guru an Stv")


def test_a_worker_way_into_unseen_fields_is_not_walked_whatever_lies_there() -> None:
    # 1/20 is land, 1/24 water, 9/1 not on the map; the answer names the first unseen
    # field of the way and nothing of it (with moves into the white allowed).
    state = sample()
    for path in (("1/19", "1/20"), ("1/19", "1/20", "1/21")):
        for order in (
            Work(unit=201, code="AB", structure="stv", path=path),
            Work(unit=201, code="AB", side=2, path=path),
        ):
            reason = said(state, order).split(": ", 1)[1]
            assert reason == (
                "Einheit 201: ab 1/20 unbekanntes Gebiet; gebaut wird nur in eigenen "
                "Feldern, und die kennt Ihr Reich"
            )
