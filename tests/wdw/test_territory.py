"""A realm's land (Reichsgebiet, Strategie 1.2, 1.3) beyond its settlements' fields: the
scenario's realm rows give it (``fields``), the GM's correction ``Gebiet`` gives or takes
it, and plunder and F/W's "fremdes Reichsgebiet" read it; the example scenario in config/
gives each realm the land around its capital."""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random

import pytest

from engine.core import CORRECTION, PlayerSetup, Ruling, Setup
from engine.wdw.checks_conquest import fields_held, owner_of
from engine.wdw.items import find_items, interceptions
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState, world
from tests.wdw.helpers import GAME, month_of, sample, unit_of

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "config" / "examples" / "wdw-scenario.json"
PACKAGED = ROOT / "engine" / "wdw" / "data" / "sample.json"


def with_land(*lands: list[str], seats: int = 2) -> WdwState:
    """Turn 0 of the packaged sample whose realms' rows give them ``lands`` in order."""
    data = json.loads(PACKAGED.read_text(encoding="utf-8"))
    for row, fields in zip(data["realms"], lands, strict=False):
        row["fields"] = fields
    players = [PlayerSetup(n) for n in range(1, seats + 1)]
    setup = Setup(7, players, options={"scenario": json.dumps(data)}, seed=3)
    state = GAME.new_game(setup, Random(0))
    assert isinstance(state, WdwState)
    return state


def test_the_example_in_config_is_the_packaged_sample_with_each_realms_land() -> None:
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    lands = [row.pop("fields") for row in example["realms"]]
    assert example == json.loads(PACKAGED.read_text(encoding="utf-8"))
    players = [PlayerSetup(n) for n in (1, 2, 3)]
    options = {"scenario": EXAMPLE.read_text(encoding="utf-8")}
    state = GAME.new_game(Setup(7, players, options=options, seed=3), Random(0))
    assert isinstance(state, WdwState)
    for realm, land in zip(state.realms, lands, strict=True):
        capital = next(p for p in state.settlements if p.owner == realm.seat and p.capital)
        assert fields_held(state, realm.seat) == sorted([capital.kf, *land])


def test_a_scenarios_land_is_the_realms_and_its_printout_says_so() -> None:
    state = with_land(["1/17", "1/19"], ["1/21"])
    assert [owner_of(state, kf) for kf in ("1/17", "1/19", "1/20", "1/21", "1/22")] == [
        1,
        1,
        0,
        2,
        2,
    ]
    assert "Reichsgebiet außer den Feldern der Ansiedlungen: 1/17 1/19" in GAME.printout(
        state, 1, "de"
    )
    assert "Realm land besides the settlements' fields: 1/21" in GAME.printout(state, 2, "en")
    assert "1/17" not in GAME.printout(state, 2, "de").split("--- Der Monat ---")[0]


@pytest.mark.parametrize(
    ("lands", "reason"),
    [
        ((["1/99"],), "the scenario's realm 1: 1/99 is no field of the map"),
        ((["1/22"],), "the scenario's realm 1: 1/22 is the field of the settlement Tharnburg"),
        ((["1/20"], ["1/20"]), "the scenario gives 1/20 to realms 1 and 2"),
        (("1/20",), "the scenario's realm 1: fields must be a list of KF"),
    ],
)
def test_land_a_realm_cannot_have_is_refused_with_the_reason(
    lands: tuple[object, ...], reason: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        with_land(*lands)  # type: ignore[arg-type]


def _water(state: WdwState) -> str:
    return next(kf for kf, f in world(state.map_text).fields.items() if f.water)


def test_water_is_no_realms_land() -> None:
    water = _water(sample())
    with pytest.raises(ValueError, match=re.escape(f"{water} is water")):
        with_land([water])


def test_a_plunderer_in_a_realms_land_makes_an_item() -> None:
    # Tharn's 101 plunders along 1/21 (its own), 1/20 (nobody's) and 1/19 (Isyrial's).
    state = with_land(["1/19"], ["1/21"])
    order = Fight(unit=101, code="KA", ext="P1", path=("1/21", "1/20", "1/19"))
    items = find_items(state, {2: [order]})
    assert [(raid.kf, raid.owner) for raid in items.raids.values()] == [("1/19", 1)]
    assert [(b.kf, b.reason) for b in items.barren] == [("1/21", "own"), ("1/20", "unowned")]


def test_f_and_w_read_another_realms_land_as_foreign() -> None:
    state = with_land(["1/19"], ["1/21"])
    main = {u.key: "KH" for u in state.units}
    hunters = interceptions(state, state.units, {}, main, 1, lambda a, b: a != b)
    tharn = unit_of(state, 2, 101)
    assert [hunters.foreign(tharn, kf) for kf in ("1/19", "1/18", "1/20", "1/21")] == [
        True,
        True,
        False,
        False,
    ]


def test_the_gms_correction_gives_and_takes_land() -> None:
    state = sample()
    give = Ruling(CORRECTION, "Gebiet 1 1/19 1/20", "Grenzvertrag")
    assert GAME.check_correction(state, give, "de") == ""
    after = month_of(state, {}, give)
    assert fields_held(after, 1) == ["1/18", "1/19", "1/20"]
    assert "Korrektur Gebiet 1 1/19 1/20 (Grenzvertrag)" in after.log
    take = Ruling(CORRECTION, "Territory 0 1/20", "ceded")
    assert fields_held(month_of(after, {}, take), 1) == ["1/18", "1/19"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Gebiet 1 1/22", "1/22 ist das Feld der Ansiedlung Tharnburg: es gehört deren Besitzer"),
        ("Gebiet 0 1/18", "1/18 ist das Feld der Ansiedlung Guru"),
        ("Gebiet 9 1/19", "Reich 9"),
        ("Reichsgebiet Reich 1: 1/19 1/99", "1/99 ist kein Feld der Karte"),
    ],
)
def test_a_correction_of_land_that_cannot_be_is_refused(text: str, reason: str) -> None:
    why = GAME.check_correction(sample(), Ruling(CORRECTION, text, "x"), "de")
    assert reason in why


def test_land_written_in_a_ruling_block_is_sent_to_the_correction() -> None:
    why = GAME.check_ruling(sample(), {}, [], Ruling("Gebiet", "1 1/19"), "de")
    assert "Korrektur" in why
