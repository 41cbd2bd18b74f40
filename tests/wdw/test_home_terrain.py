"""A realm's Heimatgelände (Strategie 1.2, D33): the difficult terrain type its core
province (the province with its capital) mostly is counts as normal for the realm's
BWP price (F2, D11) and the upkeep deducted from income (F1)."""

from __future__ import annotations

import json

from engine.wdw.checks_build import bwp_price
from engine.wdw.checks_walls import wall_price
from engine.wdw.home_terrain import home_terrain, loss_immunity, terrain_class
from engine.wdw.orders import Build, Fight
from engine.wdw.phases.income import ledger
from engine.wdw.setup import options_of
from engine.wdw.state import WdwState, world
from tests.wdw.helpers import GAME, by_number, month, sample
from tests.wdw.test_calculators import lines_of

CORE = "Erinal=1/18 1/17 1/19"


def _forest(*fields: str, provinces: tuple[str, ...] = (CORE,)) -> WdwState:
    """The sample with ``fields`` turned into Wald (schwer) and Isyrial's provinces."""
    state = sample()
    the_map = json.loads(state.map_text)
    for raw in the_map["fields"]:
        if raw["id"] in fields:
            raw["terrain"] = "Wald"
    state.map_text = json.dumps(the_map)
    state.realm(1).provinces = list(provinces)
    return state


def _home(state: WdwState, seat: int) -> str:
    return home_terrain(state.realm(seat), state.settlements, world(state.map_text))


def test_the_difficult_type_of_most_of_the_core_province_is_the_heimatgelaende() -> None:
    assert _home(_forest("1/18", "1/17"), 1) == "Wald"  # two of three fields
    assert _home(_forest("1/18", "1/17", "1/19"), 1) == "Wald"


def test_no_heimatgelaende_without_a_difficult_majority_or_a_core_province() -> None:
    assert _home(_forest("1/18"), 1) == ""  # one of three: not "überwiegend"
    four = "Erinal=1/18 1/17 1/19 1/10"
    assert _home(_forest("1/18", "1/17", provinces=(four,)), 1) == ""  # half is not more
    assert _home(_forest("1/18", "1/17", "1/19", provinces=()), 1) == ""
    elsewhere = "Erinal=1/25 1/26"  # a province without the capital is not the core
    assert _home(_forest("1/25", "1/26", provinces=(elsewhere,)), 1) == ""


def test_the_heimatgelaende_counts_as_normal_for_its_realm_only() -> None:
    state = _forest("1/18", "1/17", "1/25")
    assert terrain_class(state, 1, "1/25") == "normal"  # Wald anywhere, not only the core
    assert terrain_class(state, 2, "1/25") == "schwer"
    assert terrain_class(state, 1, "1/26") == "normal"


def test_a_bwp_in_the_heimatgelaende_costs_the_normal_price() -> None:
    home, foreign = _forest("1/18", "1/17"), _forest("1/18", "1/17", provinces=())
    guru_home, guru_foreign = home.settlement("Guru"), foreign.settlement("Guru")
    assert guru_home is not None and guru_foreign is not None
    assert bwp_price(home, options_of(home), guru_home) == 5000
    assert bwp_price(foreign, options_of(foreign), guru_foreign) == 10000
    assert (wall_price(home, 1, "1/18"), wall_price(home, 2, "1/18")) == (5000, 10000)


def test_the_acknowledgement_and_the_month_charge_the_normal_price_at_home() -> None:
    build = Build(settlement="Guru", structure="stv")
    for state, cost in ((_forest("1/18", "1/17"), 5000), (_forest("1/18", provinces=()), 10000)):
        said = GAME.describe_order(state, 1, build, "de", by_number)
        assert f"(diesen Monat {cost} GS)" in said
        after = month(state, build)
        assert after.realm(1).treasury == state.realm(1).treasury - cost


def test_the_income_deducts_the_normal_upkeep_in_the_heimatgelaende() -> None:
    # F1: Guru, 50,000 inhabitants and 13 BWP: 7,500 - 13 x 100 (normal) or x 200 (schwer)
    home, foreign = _forest("1/18", "1/17"), _forest("1/18", "1/17", provinces=())
    assert ledger(home, 1, options_of(home))[0] == 7500 - 1300
    assert ledger(foreign, 1, options_of(foreign))[0] == 7500 - 2600


def test_the_economy_workbench_and_the_order_forecast_count_the_heimatgelaende() -> None:
    params = {"builds": "Guru Stv 1", "months": "6"}
    home, foreign = _forest("1/18", "1/17"), _forest("1/18", "1/17", provinces=())
    at_home = GAME.calculate(home, 1, "economy", params, "de")
    abroad = GAME.calculate(foreign, 1, "economy", params, "de")
    # F2: the BWP 5,000 GS instead of 10,000; F1 with 14 BWP: 7,500 − 1,400 or − 2,800.
    assert "Bau Guru Stv −5000" in at_home and "(Guru +6100)" in at_home
    assert "Bau Guru Stv −10000" in abroad and "(Guru +4700)" in abroad
    # The order forecast pays the first build from the treasury before the second.
    build = Build(line=1, settlement="Guru", structure="stv")
    for state in (home, foreign):
        state.realm(1).treasury = 12000
    (_, second) = GAME.forecast(home, 1, [build, build], "de")
    assert second.worded == "Baue in Guru: Stv +1 (diesen Monat 5000 GS)"
    (_, second) = GAME.forecast(foreign, 1, [build, build], "de")
    assert (
        second.worded is not None and "der Schatz (2000 GS) deckt 10000 GS nicht" in second.worded
    )


def changed_map(provinces: tuple[str, ...] = (CORE,), **fields: tuple[str, int]) -> WdwState:
    """The sample with fields changed (``f1_17=("Sumpf", 1)``: terrain and height) and
    Isyrial's provinces."""
    state = sample()
    the_map = json.loads(state.map_text)
    for raw in the_map["fields"]:
        change = fields.get("f" + raw["id"].replace("/", "_"))
        if change is not None:
            raw["terrain"], raw["height"] = change
    state.map_text = json.dumps(the_map)
    state.realm(1).provinces = list(provinces)
    return state


# Isyrial's core province 1/18 1/17 1/19 is mostly difficult (Sumpf, Wald), no one type
# the most: no Heimatgelände, but its units take no losses in Tiefland, Sumpf and Wald.
MIXED = {"f1_17": ("Sumpf", 1), "f1_19": ("Wald", 1), "f1_26": ("Gebirge", 1)}
RIDE = {1: [Fight(unit=102, code="KV", path=("1/19", "1/26"))]}


def test_a_mostly_difficult_core_province_frees_its_terrain_types_of_losses() -> None:
    state = changed_map(**MIXED)
    immune = loss_immunity(state.realm(1), state.settlements, world(state.map_text))
    assert immune.types == {"Tiefland", "Sumpf", "Wald"} and immune.home == ""
    fields = world(state.map_text).fields
    assert immune.why_free(fields["1/12"], mounted=False) == "core"  # Wald anywhere
    assert immune.why_free(fields["1/26"], mounted=False) == ""  # Gebirge is not in it
    other = loss_immunity(state.realm(2), state.settlements, world(state.map_text))
    assert other.why_free(fields["1/12"], mounted=False) == ""
    half = changed_map(("Erinal=1/18 1/17 1/19 1/10",), **MIXED)  # half is not "überwiegend"
    assert loss_immunity(half.realm(1), half.settlements, world(half.map_text)).types == set()


def test_height_4_needs_mountains_in_the_core_province_and_riders_keep_their_losses() -> None:
    flat = changed_map(**MIXED, f1_36=("Wald", 4))
    immune = loss_immunity(flat.realm(1), flat.settlements, world(flat.map_text))
    high = world(flat.map_text).fields["1/36"]
    assert immune.why_free(high, mounted=False) == ""  # 1.1: height 4 has losses of its own
    peaks = changed_map(**{**MIXED, "f1_36": ("Wald", 4), "f1_17": ("Sumpf", 4)})
    immune = loss_immunity(peaks.realm(1), peaks.settlements, world(peaks.map_text))
    assert immune.why_free(high, mounted=False) == "core"
    assert immune.why_free(high, mounted=True) == "riders"  # Strategie 4.3


def test_the_dossier_marks_the_difficult_fields_a_unit_enters_and_where_it_is_free() -> None:
    dossier = GAME.dossier(changed_map(**MIXED), RIDE, "de")
    assert (
        "     schwieriges Gelände, Flussübergänge (Verluste: „L“-Zeile): 1/19 Wald (schwer,"
        " frei von Geländeverlusten: Kernprovinz, Strategie 1.2), 1/26 Gebirge (extrem)"
    ) in dossier
    without = GAME.dossier(changed_map((), **MIXED), RIDE, "en")
    assert (
        '     difficult terrain, river crossings (losses: the "L" line): 1/19 forest (difficult),'
        " 1/26 mountains" in (without)
    )
    home = GAME.dossier(changed_map(**{**MIXED, "f1_17": ("Wald", 1)}), RIDE, "de")
    assert "1/19 Wald (Heimatgelände: nicht schwierig, Strategie 1.2), 1/26 Gebirge" in home
    riders = {1: [Fight(unit=102, code="KV", path=("1/19", "1/11"))]}
    assert "schwieriges Gelände" not in GAME.dossier(changed_map(), riders, "de")


def test_the_acknowledgement_of_a_move_names_the_difficult_fields_and_where_it_is_free() -> None:
    (move,) = RIDE[1]
    said = GAME.describe_order(changed_map(**MIXED), 1, move, "de", by_number)
    assert said == (
        "Einheit 102: KV 1/19 1/26 → schwieriges Gelände und Flussübergänge auf dem Weg"
        " (Geländeverluste entscheidet der Spielleiter): 1/19 Wald (schwer, frei von"
        " Geländeverlusten: Kernprovinz, Strategie 1.2), 1/26 Gebirge (extrem)"
    )
    english = GAME.describe_order(changed_map((), **MIXED), 1, move, "en", by_number)
    assert english.endswith(
        "→ difficult terrain and river crossings on the way (terrain losses are the GM's):"
        " 1/19 forest (difficult), 1/26 mountains (extreme)"
    )
    home = changed_map(**{**MIXED, "f1_17": ("Wald", 1)})
    assert "1/19 Wald (Heimatgelände: nicht schwierig, Strategie 1.2), 1/26" in (
        GAME.describe_order(home, 1, move, "de", by_number)
    )
    plain = Fight(unit=102, code="KV", path=("1/19", "1/11"))
    assert "→" not in GAME.describe_order(changed_map(), 1, plain, "de", by_number)


def test_the_acknowledgement_names_no_difficult_field_the_realm_does_not_know() -> None:
    # D37: 1/27 (Wald) is unknown to Isyrial: the move goes on there ("ins Weiße").
    state = changed_map(**MIXED, f1_27=("Wald", 1))
    into = Fight(unit=102, code="KV", path=("1/19", "1/27"))
    said = GAME.describe_order(state, 1, into, "en", by_number)
    assert "1/19 forest" in said and "1/27" not in said.split("→")[1]
    assert "from 1/27 on unknown land" in said
    refused = Fight(unit=102, code="KV", path=("1/19", "1/30"))  # not adjacent: no forecast
    assert "→" not in GAME.describe_order(state, 1, refused, "en", by_number)


def test_the_movement_planner_says_where_the_realm_is_free_of_terrain_losses() -> None:
    params = {"unit": "102", "path": "1/19 1/26"}
    lines = lines_of(GAME.calculate(changed_map(**MIXED), 1, "movement", params, "de"))
    assert (
        "Wald (schwer): keine Geländeverluste, der Typ kommt in der Kernprovinz vor (Strategie 1.2)"
    ) in lines
    assert "Gebirge (extrem): Geländeverluste möglich (der Spielleiter)" in lines
    english = lines_of(GAME.calculate(changed_map((), **MIXED), 1, "movement", params, "en"))
    assert "forest (difficult): terrain losses possible (the GM's)" in english
    home = changed_map(**{**MIXED, "f1_17": ("Wald", 1)})
    said = lines_of(GAME.calculate(home, 1, "movement", params, "de"))
    assert "Wald: Heimatgelände, nicht schwierig (Strategie 1.2)" in said
