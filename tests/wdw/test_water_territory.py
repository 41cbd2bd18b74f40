"""One rule for water as a realm's land (Strategie 1.2, 5.1-2 E; option
``water_territory``): off (the default) the sea is held as a sea province only, so a
fleet's E conquers no water field and the GM's ``Gebiet`` correction refuses one; on,
both take water."""

from __future__ import annotations

from engine.core import CORRECTION, Ruling
from engine.wdw.checks_conquest import owner_of
from engine.wdw.orders import Fight
from engine.wdw.state import Unit, WdwState, world
from tests.wdw.helpers import GAME, month, sample


def with_fleet(**options: object) -> tuple[WdwState, str, str]:
    # A fleet of realm 1 in the first water field, its E order one water field on.
    state = sample(**options)
    the_map = world(state.map_text)
    start = next(kf for kf, f in the_map.fields.items() if f.water)
    onward = next(n for n in the_map.fields[start].neighbours if n and the_map.fields[n].water)
    state.units.append(Unit(1, 301, "sea", 20, start, nahkampf=1, order="KV"))
    return state, start, onward


def sail(state: WdwState, onward: str) -> WdwState:
    return month(state, Fight(unit=301, code="KA", ext="E", path=(onward,)))


def test_by_default_a_fleets_e_conquers_no_water_and_says_so() -> None:
    state, _, onward = with_fleet()
    after = sail(state, onward)
    assert after.territory == [] and owner_of(after, onward) == 0
    assert f"Einheit 301: Wasser ({onward}) wird nicht erobert" in GAME.printout(after, 1, "de")
    assert f"Unit 301: water ({onward}) is not conquered" in GAME.printout(after, 1, "en")


def test_by_default_the_gm_cannot_give_water_as_land_either() -> None:
    state, _, onward = with_fleet()
    why = GAME.check_correction(state, Ruling(CORRECTION, f"Gebiet 1 {onward}", "x"), "de")
    assert f"{onward} ist Wasser" in why


def test_with_water_territory_a_fleets_e_and_the_gm_both_take_water() -> None:
    state, _, onward = with_fleet(water_territory=True)
    assert owner_of(sail(state, onward), onward) == 1
    give = Ruling(CORRECTION, f"Gebiet 2 {onward}", "Seehoheit")
    assert GAME.check_correction(state, give, "de") == ""
    assert owner_of(month(state, rulings=(give,)), onward) == 2
