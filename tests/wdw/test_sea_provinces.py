"""Sea provinces (Strategie 1.2 "Seeprovinzen"): water fields within 2 KF of the realm's
own coast, tied to a land province by a home port; the order line, each check with its
reason, the GM's approval, fleets with Heimatverteidigung there, and the map file's
``water`` flag for terrains (old files keep loading)."""

from __future__ import annotations

import json

import pytest

from engine.core import Order, Ruling
from engine.wdw.mapfile import MapError, read_map
from engine.wdw.orders import Province, Raise
from engine.wdw.sea_provinces import reach
from engine.wdw.state import WdwState, world
from tests.wdw.helpers import GAME, by_number, month, read_orders, sample

SEA = Province(name="Tharnsee", fields=("1/24", "1/16"), port="Tharnburg")


def harbour() -> WdwState:
    """Tharnburg moved to the coast (1/23), in Tharn's land province with 1/22; Tharn
    knows the sea around."""
    state = sample()
    place = state.settlement("Tharnburg")
    assert place is not None
    place.kf = "1/23"
    for unit in state.units:
        if unit.realm == 2:
            unit.kf = "1/23"
    realm = state.realm(2)
    realm.provinces.append("Tharn=1/23 1/22")
    realm.known += ["1/8", "1/16", "1/24", "1/31", "1/32"]
    return state


def said(order: Order, state: WdwState) -> str:
    return GAME.describe_order(state, 2, order, "de", by_number)


@pytest.mark.parametrize(
    "line",
    [
        "Seeprovinz Tharnsee: 1/24 1/16 Heimathafen Tharnburg",
        "sea province Tharnsee 1/24 1/16 home port Tharnburg",
    ],
)
def test_a_sea_province_is_read_with_its_home_port(line: str) -> None:
    assert read_orders(line) == [
        Province(line=2, name="Tharnsee", fields=("1/24", "1/16"), port="Tharnburg")
    ]


def test_the_sea_within_two_fields_of_the_coast_counts_over_water() -> None:
    assert reach(world(sample().map_text), {"1/23"}) == {"1/24", "1/16", "1/32"}


def test_a_legal_sea_province_goes_to_the_gm() -> None:
    assert said(SEA, harbour()) == (
        "Seeprovinz Tharnsee (2 Kleinfelder, Heimathafen Tharnburg): zur Genehmigung an den "
        "Spielleiter"
    )


def _inland() -> WdwState:
    state = harbour()
    place = state.settlement("Tharnburg")
    assert place is not None
    place.kf = "1/22"
    return state


def _no_province() -> WdwState:
    state = harbour()
    state.realm(2).provinces = []
    return state


@pytest.mark.parametrize(
    ("order", "state", "reason"),
    [
        (Province(name="Tharn", fields=("1/24",), port="Tharnburg"), harbour(), "Provinz Tharn"),
        (Province(name="S", fields=("1/24",), port="Guru"), harbour(), "keine Ansiedlung Guru"),
        (SEA, _inland(), "Tharnburg liegt nicht an der Küste"),
        (SEA, _no_province(), "Tharnburg liegt in keiner Landprovinz"),
        (
            Province(name="S", fields=("1/40",), port="Tharnburg"),
            harbour(),
            "1/40 kennt Ihr Reich nicht",
        ),
        (Province(name="S", fields=("1/31",), port="Tharnburg"), harbour(), "1/31 ist kein Wasser"),
        (
            Province(name="S", fields=("1/8",), port="Tharnburg"),
            harbour(),
            "1/8 liegt weiter als 2 Kleinfelder von der Küste Ihres Reiches",
        ),
    ],
)
def test_an_illegal_sea_province_says_why(order: Order, state: WdwState, reason: str) -> None:
    text = said(order, state)
    assert reason in text and "Genehmigung" not in text


def test_a_sea_province_field_in_another_province_is_refused() -> None:
    state = harbour()
    state.realm(2).provinces.append("Alt=1/24")
    assert said(SEA, state).endswith("1/24 gehört schon zur Provinz Alt")


def _approved() -> WdwState:
    return month(harbour(), SEA, rulings=[Ruling("V1", "angenommen")], seat=2)


def test_an_approved_sea_province_keeps_its_home_port() -> None:
    state = _approved()
    realm = state.realm(2)
    assert "Tharnsee=1/24 1/16" in realm.provinces
    assert realm.home_ports == ["Tharnsee=Tharnburg"]
    assert "Seeprovinz Tharnsee: Heimathafen Tharnburg" in GAME.printout(state, 2, "de")


def test_fleets_defend_sea_provinces_and_land_units_land_provinces() -> None:
    state = _approved()
    fleet = Raise(
        settlement="Tharnburg",
        count=10,
        unit_class="sea",
        properties=("nahkampf=1",),
        instant=True,
        province="Tharnsee",
    )
    assert said(fleet, state) == (
        "Soforrüstung in Tharnburg: 10 Schiffe (Nahkampf 1, Heimatverteidigung Tharnsee), "
        "RS 2: 3000 GS, alles gegen die Rüstkapazität"
    )
    only_hv = Raise(settlement="Tharnburg", count=10, unit_class="sea", province="Tharnsee")
    # Tab. 4.2-1a: Heimatverteidigung is a first property of land units only.
    assert "eine neue Einheit (Schiffe) braucht eine erste Eigenschaft" in said(only_hv, state)
    land = Raise(settlement="Tharnburg", count=10, province="Tharnsee")
    wrong_class = "Seeprovinzen für Flotten, Landprovinzen für Landeinheiten (Krieger)"
    assert wrong_class in said(land, state)


# -- the map file's water flag


def _map(terrains: list[dict[str, object]], terrain: str) -> str:
    field = {"id": "1/1", "terrain": terrain, "height": 0, "neighbours": [None] * 6}
    return json.dumps({"name": "t", "terrains": terrains, "fields": [field]})


def test_a_terrain_flagged_water_is_water_and_old_files_go_by_name() -> None:
    meer = _map([{"name": "Meer", "class": "normal", "water": True}], "Meer")
    assert read_map(meer).fields["1/1"].water
    old = _map([{"name": "Wasser", "class": "normal"}], "Wasser")
    assert read_map(old).fields["1/1"].water
    dry = _map([{"name": "Wasser", "class": "normal", "water": False}], "Wasser")
    assert not read_map(dry).fields["1/1"].water


def test_a_water_flag_that_is_no_truth_value_is_refused() -> None:
    bad = _map([{"name": "Meer", "class": "normal", "water": "ja"}], "Meer")
    with pytest.raises(MapError, match="water must be true or false"):
        read_map(bad)
