"""Tab. 5.2-1 AB and Strategie 6.4 with F4: a worker's AB at a structure a siege damaged
repairs it first (at the repair's rate and price), and no repair lets a structure stand
above its limit (3.2: Bef up to Stv)."""

from __future__ import annotations

from engine.core import Order
from engine.wdw.orders import Repair, Work
from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import GAME, by_number, month, noted, sample, unit_of


def guru_with_a_broken_wall(*, stv: int = 2, damage: tuple[str, ...] = ("bef=1",)) -> WdwState:
    # Guru: Stv 2, Bef 1 standing and 1 destroyed; worker 201 of 2,500 elements.
    state = sample()
    guru = state.settlement("Guru")
    assert guru is not None
    guru.stv, guru.bef, guru.damage = stv, 1, list(damage)
    unit_of(state, 1, 201).size = 2500
    state.realm(1).treasury = 100000
    return state


def said(state: WdwState, order: Order, lang: str = "de") -> str:
    return GAME.describe_order(state, 1, order, lang, by_number)


def test_an_ab_at_a_damaged_wall_repairs_it_at_the_repair_rate_and_price() -> None:
    state = guru_with_a_broken_wall()
    ab = Work(unit=201, code="AB", structure="bef")
    assert "repariert in Guru zuerst den Belagerungsschaden an Bef (1 BWP)" in said(state, ab)
    assert "first repairs the siege damage to Bef in Guru (1 BWP)" in said(state, ab, "en")
    state = month(state, ab)  # 2,500/5,000: half a BWP of repair a month
    guru = state.settlement("Guru")
    assert guru is not None
    assert (guru.bef, guru.damage, guru.progress) == (1, ["bef=1"], ["reparatur:bef=1/2"])
    state = month(state, ab)
    guru = state.settlement("Guru")
    assert guru is not None
    assert (guru.bef, guru.damage, guru.progress) == (2, [], [])
    assert state.realm(1).treasury == 100000 - 5000  # the repair's 5,000 GS, no build price
    assert "Guru: 1 BWP Bef repariert (5000 GS)." in GAME.printout(state, 1, "de")


def test_once_repaired_the_wall_may_not_grow_above_the_city_defence() -> None:
    state = month(month(guru_with_a_broken_wall(), Work(unit=201, code="AB", structure="bef")))
    state = month(state, Work(unit=201, code="AB", structure="bef"))
    guru = state.settlement("Guru")
    assert guru is not None and (guru.bef, guru.stv) == (2, 2)
    assert "Bef darf höchstens 2 BWP haben" in said(
        state, Work(unit=201, code="AB", structure="bef")
    )


def test_a_wall_waits_for_its_city_defence_before_it_is_repaired() -> None:
    # Stv 0 standing (2 destroyed): the Bef may have 0, so its damage cannot stand again.
    state = guru_with_a_broken_wall(stv=0, damage=("stv=2", "bef=1"))
    guru = state.settlement("Guru")
    assert guru is not None
    guru.bef = 0
    repair = Repair(settlement="Guru", structure="bef", units=(201,))
    ab = Work(unit=201, code="AB", structure="bef")
    for order in (repair, ab):
        assert "Bef darf höchstens 0 BWP haben, die Reparatur wartet" in said(state, order)
    assert "the repair waits until what it depends on stands again" in said(state, repair, "en")
    state = month(state, repair)
    guru = state.settlement("Guru")
    assert guru is not None and (guru.bef, guru.damage) == (0, ["stv=2", "bef=1"])
    assert state.realm(1).treasury == 100000


def test_a_repair_stops_at_the_limit_of_the_structure() -> None:
    # Stv 2, Bef 2 standing, and 1 Bef damage left over (a build beside the damage):
    # the damage cannot stand again above Stv.
    state = guru_with_a_broken_wall()
    guru = state.settlement("Guru")
    assert guru is not None
    guru.bef = 2
    state = month(state, Repair(settlement="Guru", structure="bef", units=(201,)))
    guru = state.settlement("Guru")
    assert guru is not None and guru.bef == 2
    assert state.realm(1).treasury == 100000


def test_a_repair_in_a_besieged_settlement_tells_the_gm_the_gold_must_be_there() -> None:
    # Strategie 6.4: under siege the repair's gold must be stored in the settlement; the
    # host pays it from the treasury and tells the GM, whose correction it is if not.
    state = guru_with_a_broken_wall()
    ram = Unit(realm=2, id=301, unit_class="land", size=1000, kf="1/18", belagerung=1)
    ram.order = "KHB"
    state.units.append(ram)
    state = month(state, Repair(settlement="Guru", structure="bef"))
    assert noted(state, 0, "note.gm_siege_repair")
    assert "das belagerte Guru hat 1 BWP Bef für 5000 GS aus dem Schatz repariert" in (
        GAME.printout(state, 0, "de")
    )


def test_a_repair_without_a_siege_does_not_trouble_the_gm() -> None:
    state = month(guru_with_a_broken_wall(), Repair(settlement="Guru", structure="bef"))
    assert not noted(state, 0, "note.gm_siege_repair")
