"""A unit's own immunities in the terrain-loss lines (Strategie 4.3 "Geländeimmunität",
"Automatische Eigenschaften", Sturm- und Strudelfestigkeit, river crossings): the
dossier's part C, the acknowledgement and the movement planner mark where the unit is
free, so the GM's default ``L`` line spares it."""

from __future__ import annotations

from dataclasses import replace

from engine.wdw.calculators.knowledge import knowledge
from engine.wdw.calculators.movement import plan
from engine.wdw.checks_army import Plan, plan_train
from engine.wdw.home_terrain import LossImmunity
from engine.wdw.orders import Fight, Train
from engine.wdw.state import Unit, WdwState, world
from engine.wdw.terrain_losses import why_free
from tests.wdw.helpers import GAME, by_number, sample
from tests.wdw.test_home_terrain import changed_map


def _unit(state: WdwState, number: int) -> Unit:
    unit = state.unit(1, number)
    assert unit is not None
    return unit


WALD = {"f1_19": ("Wald", 1), "f1_26": ("Sumpf", 1)}
MOVE = Fight(unit=101, code="KV", path=("1/19", "1/26"))


def test_a_unit_immune_to_a_terrain_is_marked_free_there_and_not_elsewhere() -> None:
    state = changed_map((), **WALD)
    bare = GAME.dossier(state, {1: [MOVE]}, "de")
    assert "1/19 Wald (schwer), 1/26 Sumpf (extrem)" in bare
    _unit(state, 101).immune = ["Wald"]
    dossier = GAME.dossier(state, {1: [MOVE]}, "de")
    assert (
        "1/19 Wald (schwer, frei von Geländeverlusten: Geländeimmunität der Einheit,"
        " Strategie 4.3), 1/26 Sumpf (extrem)"
    ) in dossier
    said = GAME.describe_order(state, 1, MOVE, "en", by_number)
    assert "1/19 forest (difficult, free of terrain losses: the unit's terrain immunity" in said


def test_a_unit_raised_in_a_difficult_terrain_is_free_there_automatically() -> None:
    state = changed_map((), **WALD)
    _unit(state, 101).raised_terrain = "Sumpf"
    dossier = GAME.dossier(state, {1: [MOVE]}, "en")
    assert (
        "1/19 forest (difficult), 1/26 swamp (extreme, free of terrain losses: raised there,"
        " automatic terrain immunity, Strategie 4.3)"
    ) in dossier


def test_a_rider_keeps_its_extra_losses_at_height_4_whatever_its_immunity() -> None:
    state = changed_map((), f1_19=("Wald", 4))
    rider, foot = _unit(state, 102), _unit(state, 101)
    rider.immune = foot.immune = ["Wald"]
    high = world(state.map_text).fields["1/19"]
    assert why_free(foot, high, LossImmunity()) == "immune"
    assert why_free(rider, high, LossImmunity()) == "immune_riders"
    assert why_free(rider, high, LossImmunity(home="Wald")) == "home"  # the realm's first


def test_a_storm_proof_fleet_is_free_of_the_deep_seas_terrain_losses_not_its_monsters() -> None:
    state = sample()
    fleet = Unit(realm=1, id=301, unit_class="sea", size=10, kf="1/1", nahkampf=1)
    deep = world(state.map_text).fields["1/1"]
    deep = replace(deep, terrain="Tiefsee", terrain_class="extrem")
    assert why_free(fleet, deep, LossImmunity()) == ""
    fleet.immune = ["Tiefsee"]
    assert why_free(fleet, deep, LossImmunity()) == "storm"


# 1/12 has a river at side 2, towards 1/13.
RIVER_MOVE = Fight(unit=101, code="KV", path=("1/13",))


def test_a_river_crossing_is_listed_and_marked_free_for_a_unit_immune_to_it() -> None:
    state = sample()
    _unit(state, 101).kf = "1/12"
    said = GAME.describe_order(state, 1, RIVER_MOVE, "de", by_number)
    assert said.endswith("(Geländeverluste entscheidet der Spielleiter): Flussübergang 1/12→1/13")
    _unit(state, 101).immune = ["Fluss"]
    dossier = GAME.dossier(state, {1: [RIVER_MOVE]}, "en")
    assert (
        'river crossings (losses: the "L" line): river crossing 1/12→1/13 (free of losses:'
        " immunity to river crossings, Strategie 4.3)"
    ) in dossier


def test_training_gives_the_river_crossing_immunity_free_with_a_rank_above_1() -> None:
    state = sample()
    state.realm(1).treasury = 100000
    order = Train(unit=101, properties=("nahkampf=2", "immunitaet=Fluß"))
    found = plan_train(state, 1, order)
    assert isinstance(found, Plan)
    assert found.terrains == ("Fluss",) and found.rs == 2  # free: no Rüststufe of its own
    alone = plan_train(state, 1, Train(unit=101, properties=("immunitaet=river",)))
    assert not isinstance(alone, Plan) and alone.key == "immunity_not_free"


def test_the_movement_planner_marks_the_units_own_immunity() -> None:
    state = changed_map((), **WALD)
    unit = _unit(state, 101)
    unit.immune = ["Wald"]
    route = plan(unit, knowledge(state, None), ("1/19", "1/26"), "", "")
    assert [s.loss for s in route.steps] == ["immune", "losses"]
