"""The GM options of design §2.7 that change a rule of a built chapter: ``allied_meeting``
(D26), ``build_people`` (the people's part of D19's ``build_rate``), ``ig_carry_over``
(D14), ``fort_ranged_gp`` (D9) and ``plunder_days`` (D31), each value tested."""

from __future__ import annotations

import pytest

from engine.core import Ruling
from engine.wdw.calculators import combat
from engine.wdw.calculators.economy import Holdings, Payment, Plan, Site, forecast
from engine.wdw.items import find_items
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Build, Demolish, Fight, Spy
from engine.wdw.state import Realm, Spying, Unit, WdwState
from tests.wdw.helpers import GAME, field_of, month, noted, sample, unit_of

RIDE = Fight(unit=102, code="KV", path=("1/19", "1/20", "1/21"))
"""Isyrial's riders through 1/20, where Tharn's unit 101 stands."""


def _allies(mutual: bool = True, owner: int = 2, meeting: str = "") -> WdwState:
    """Isyrial and Tharn allies (Tharn too when ``mutual``), Tharn's 101 in 1/20, which
    belongs to realm ``owner`` (0: nobody); ``meeting``: the option, unless the default."""
    state = sample(allied_meeting=meeting) if meeting else sample()
    state.realm(1).allies = [2]
    state.realm(2).allies = [1] if mutual else []
    unit = unit_of(state, 2, 101)
    unit.kf = "1/20"
    state.territory = [f"1/20={owner}"] if owner else []
    return state


@pytest.mark.parametrize(
    ("meeting", "end"),
    [("stop", "1/20"), ("pass", "1/21"), ("", "1/20")],
    ids=["stop", "pass", "default-stops"],
)
def test_allied_meeting_stops_mutual_allies_in_a_partners_land(meeting: str, end: str) -> None:
    state = _allies(meeting=meeting)
    leg = find_items(state, {1: [RIDE]}).legs["1/102"]
    assert leg.steps[-1][0] == end and leg.halted is (meeting != "pass")
    after = month(state, RIDE)
    assert field_of(after, 1, 102) == end
    assert noted(after, 1, "note.halted") is (meeting != "pass")


def test_allies_pass_each_other_outside_their_land() -> None:
    assert find_items(_allies(owner=0), {1: [RIDE]}).legs["1/102"].steps[-1][0] == "1/21"


def test_allies_stop_in_the_land_of_the_one_that_moves_too() -> None:
    assert find_items(_allies(owner=1), {1: [RIDE]}).legs["1/102"].steps[-1][0] == "1/20"


def test_a_one_sided_alliance_makes_no_stop() -> None:
    state = _allies(mutual=False)
    legs = find_items(state, {1: [RIDE]}).legs
    assert legs["1/102"].steps[-1][0] == "1/21" and not legs["1/102"].halted


def test_allies_that_began_the_month_together_part_freely() -> None:
    state = _allies()
    for unit in state.units:
        unit.kf = "1/20"
    leg = find_items(state, {1: [Fight(unit=102, code="KV", path=("1/21",))]}).legs["1/102"]
    assert leg.steps[-1][0] == "1/21" and not leg.halted


def test_a_unit_held_before_its_allies_land_makes_no_stop_there() -> None:
    # Corigani's 101 in 1/19 holds the riders there (KV against KV): they never reach 1/20.
    state = _allies()
    state.realms.append(Realm(3, "Corigani"))
    state.units.append(Unit(realm=3, id=101, unit_class="land", size=500, kf="1/19", nahkampf=1))
    items = find_items(state, {1: [RIDE]})
    assert [kf for kf, _ in items.legs["1/102"].steps] == ["1/19"]
    assert [m.kf for m in items.meetings.values()] == []  # KV–KV: both stay, no item


def test_a_bad_allied_meeting_is_refused() -> None:
    with pytest.raises(ValueError, match="allied_meeting must be 'stop' or 'pass'"):
        WdwOptions.of({"allied_meeting": "fight"})


@pytest.mark.parametrize(("people", "stv", "paid"), [(1, 3, 5000), (2, 4, 10000), (0, 2, 0)])
def test_build_people_is_the_bwp_the_people_build_a_month(people: int, stv: int, paid: int) -> None:
    state = sample(build_people=people)
    after = month(state, Build(settlement="Guru", structure="stv", bwp=2))
    assert after.settlements[0].stv == stv
    assert after.realm(1).treasury == state.realm(1).treasury - paid


def test_build_people_prints_one_line_per_order_with_the_sum() -> None:
    after = month(sample(build_people=2), Build(settlement="Guru", structure="stv", bwp=2))
    built = [n for n in after.notes if n.key == "note.built"]
    assert len(built) == 1
    line = next(x for x in GAME.printout(after, 1, "de").splitlines() if "BWP gebaut" in x)
    assert line.startswith("Guru: ") and line.endswith(" +2 BWP gebaut (10000 GS).")


def test_build_people_never_builds_more_than_the_order_asks() -> None:
    after = month(sample(build_people=3), Build(settlement="Guru", structure="stv", bwp=1))
    assert after.settlements[0].stv == 3


@pytest.mark.parametrize(("people", "mil"), [(1, 2), (2, 1)])
def test_build_people_is_the_bwp_the_people_demolish_a_month(people: int, mil: int) -> None:
    after = month(sample(build_people=people), Demolish(settlement="Guru", structure="mil", bwp=2))
    assert after.settlements[0].mil == mil


def test_build_people_while_building_leaves_only_the_workers_demolishing() -> None:
    state = sample(build_people=2)
    orders = (
        Build(settlement="Guru", structure="stv"),
        Demolish(settlement="Guru", structure="mil", bwp=2, units=(201,)),
    )
    after = month(state, *orders)
    assert after.settlements[0].mil == 2  # the workers' 1,000 Arbeitsstärke: 1 BWP


@pytest.mark.parametrize(("people", "built"), [(1, 1), (2, 2)])
def test_build_people_in_the_economy_forecast_pay_one_line_per_build(
    people: int, built: int
) -> None:
    state = sample()
    guru = state.settlements[0]
    options = WdwOptions(build_people=people)
    result = forecast(
        state.realm(1),
        Holdings((guru,), (), {guru.kf: Site("normal", False)}),
        (Plan(guru, "stv", 2),),
        (1, 1000),
        1,
        options,
    )
    cost = options.bwp_cost("normal") * built
    assert result.rows[0].payments == (Payment(guru.name, "stv", cost),)
    assert result.rows[0].end == result.rows[0].start - cost


def _spied(carry: bool) -> WdwState:
    """Isyrial's spy 601 with IG 4 on Tharnburg, now ordered at Cor."""
    state = sample(3, ig_carry_over=carry)
    state.spying = [Spying(1, 601, "Tharnburg", 4)]
    return state


@pytest.mark.parametrize(("carry", "ig"), [(False, 1), (True, 4)])
def test_ig_carry_over_gives_a_new_target_the_spys_ig(carry: bool, ig: int) -> None:
    order = Spy(line=1, unit=601, code="GI", risk=2, target="Cor")
    assert f"Ziel Cor; IG {ig} / min" in GAME.dossier(_spied(carry), {1: [order]}, "de")
    after = month(_spied(carry), order, rulings=(Ruling("G1", "gelungen; entdeckt nein"),))
    on_cor = [s.ig for s in after.spying if s.target == "Cor"]
    assert on_cor == [ig + 2]
    assert len(after.spying) == (1 if carry else 2)


def test_ig_carry_over_discovery_costs_the_spy_its_one_ig() -> None:
    order = Spy(line=1, unit=601, code="GI", target="Cor")
    after = month(_spied(True), order, rulings=(Ruling("G1", "misslungen; entdeckt ja"),))
    assert [(s.target, s.ig) for s in after.spying] == [("Cor", 0)]


@pytest.mark.parametrize(("mode", "bef", "gp"), [("per_bwp", 3, 6), ("flat", 3, 2), ("flat", 0, 0)])
def test_fort_ranged_gp_per_bwp_or_flat(mode: str, bef: int, gp: int) -> None:
    assert combat.fort_gp(bef, WdwOptions(fort_ranged_gp=mode)) == gp


@pytest.mark.parametrize(("mode", "gp"), [("per_bwp", 6), ("flat", 2)])
def test_fort_ranged_gp_in_the_workbench(mode: str, gp: int) -> None:
    state = sample(fort_ranged_gp=mode)
    state.settlements[1].bef = 3
    archers = state.unit(2, 101)
    riders = state.unit(1, 102)
    assert archers is not None and riders is not None
    archers.fernkampf = 1
    riders.kf = "1/22"
    scene = combat.Scene.of(state)
    attack = combat.Approach((riders,), "KA", "1/21")
    defence = combat.Approach((archers,), "KV")
    bench = combat.workbench(scene, "1/22", attack, defence)
    (fighter,) = bench.b.fighters
    assert fighter.ranged_gp == gp


def test_a_bad_fort_ranged_gp_is_refused() -> None:
    with pytest.raises(ValueError, match="fort_ranged_gp"):
        WdwOptions.of({"fort_ranged_gp": "none"})


@pytest.mark.parametrize("computed", [True, False])
def test_plunder_days_computed_or_the_gms(computed: bool) -> None:
    state = sample(plunder_days=computed)
    state.units[0].kf, state.units[0].order = "1/22", "KAP2"
    raid = find_items(state, {}).raids["P1"]
    assert raid.days == (30 if computed else None)
    text = GAME.dossier(state, {}, "de")
    assert ("bei Reich 2: 30 Tage (F18)" in text) is computed
    assert ("die Tage bestimmt die Spielleitung" in text) is not computed


@pytest.mark.parametrize("most", [4, 1])
def test_max_rounds_caps_the_calculators_rounds(most: int) -> None:
    # D8: the workbench and the movement planner read the option like the dossier's items.
    state = sample(max_rounds=most)
    riders, defender = state.unit(1, 101), state.unit(2, 101)
    assert riders is not None and defender is not None
    bench = combat.workbench(
        combat.Scene.of(state),
        "1/22",
        combat.Approach((riders,), "KA", "1/21"),
        combat.Approach((defender,), "KV"),
    )
    assert bench.rounds == most
    text = "\n".join(combat.render(bench, "de"))
    assert (
        f"Runden möglich: {most} (A {most}, B {most}; je Runde 4 Tage, 4N/30 BP, höchstens {most})"
        in text
    )
    planned = GAME.calculate(state, None, "movement", {"unit": "1/101", "path": "1/19"}, "de")
    assert f"Kampfrunden danach {most}" in planned  # 10 BP left, 2 a round: 5 without it
