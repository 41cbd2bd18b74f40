"""The realm's map picture (design §8): its known fields as hexes in their terrain, its
own settlements and units, the other realms' units it sighted this month; the GM's
picture the whole map with every unit."""

from __future__ import annotations

from engine.core import Order
from engine.wdw.map_lines import place_number
from engine.wdw.orders import Fight
from engine.wdw.phases.sightings import estimate, kind_of
from engine.wdw.state import WdwState, world
from mailserver.printouts.maps import render_map
from tests.wdw.helpers import GAME, dice, placed, sample, unit_of


def month(state: WdwState, orders: dict[int, list[Order]] | None = None) -> WdwState:
    result = GAME.draft(state, orders or {}, [], dice())
    assert isinstance(result.state, WdwState)
    return result.state


def _led(state: WdwState) -> WdwState:
    """Realm 2's character a Heerführer, no spy: it is sighted (a spy is not, design §8)."""
    character = unit_of(state, 2, 601)
    character.spion, character.heerfuehrer = False, True
    return state


def test_a_realm_sights_the_others_units_within_its_sight_by_field_and_kind() -> None:
    after = month(_led(sample(sight_radius=4)))
    mine = [s for s in after.sightings if s.seat == 1]
    # Realm 2 stands on 1/22, four fields east of Guru (1/18): three land units and a
    # character, kept as one land and one character sighting.
    assert {(s.kf, s.kind) for s in mine} == {("1/22", "character"), ("1/22", "land")}
    assert all(s.seat != 1 or s.kf != "1/18" for s in after.sightings)


def test_nothing_is_sighted_beyond_the_sight() -> None:
    assert month(sample(sight_radius=1)).sightings == []


def test_a_sighting_tells_fleet_mounted_or_land() -> None:
    state = sample()
    unit = unit_of(state, 1, 101)
    assert kind_of(unit) == "land"
    unit.beritten = True
    assert kind_of(unit) == "mounted"
    unit.unit_class = "sea"
    assert kind_of(unit) == "fleet"


def test_the_realms_picture_is_its_known_fields_with_its_own_and_sighted_units() -> None:
    after = month(sample(sight_radius=4))
    view = GAME.map_view(after, 1, "en")
    known = {place_number(f) for f in after.realm(1).known}
    assert set(view.hexes) == known == {p.number for p in view.places}
    marks = {p.number: p.marks for p in view.places}
    assert marks[place_number("1/18")] == ("home", "fleet")
    assert marks[place_number("1/22")] == ("sighted",)
    assert view.mark_texts == {"fleet": "triangle: own units there"}
    assert render_map(view).startswith(b"\x89PNG")


def test_a_sighting_from_a_field_left_later_is_drawn_on_the_realms_picture() -> None:
    # Realm 1's rider sees realm 2's unit in 1/20 on day 0, then rides west out of sight.
    state = placed(u1_102="1/19", u2_102="1/20")
    assert "1/20" not in state.realm(1).known
    orders: dict[int, list[Order]] = {1: [Fight(unit=102, code="KV", path=("1/18", "1/17"))]}
    after = month(state, orders)
    assert "Sighting on day 0 in 1/20: foreign warriors" in GAME.printout(after, 1, "en")
    marks = {p.number: p.marks for p in GAME.map_view(after, 1, "en").places}
    assert marks[place_number("1/20")] == ("sighted",)
    fields = GAME.report_data(after, 1, "en")["fields"]
    assert isinstance(fields, list)
    assert "1/20" in [f["id"] for f in fields if isinstance(f, dict)]


def test_the_gms_picture_is_the_whole_map_with_every_unit_and_no_sighting() -> None:
    after = month(sample(3), {1: [Fight(unit=101, code="KN", path=("1/19",))]})
    view = GAME.map_view(after, 0, "de")
    used = {f.terrain for f in world(after.map_text).fields.values()}
    assert len(view.hexes) == 48 and set(view.grounds) == used
    fleets = {p.number for p in view.places if "fleet" in p.marks}
    assert fleets == {place_number(u.kf) for u in after.units}
    assert not any("sighted" in p.marks for p in view.places)


def test_the_printout_and_the_json_twin_say_what_the_picture_marks_as_sighted() -> None:
    after = month(_led(sample(sight_radius=4)))
    printout = GAME.printout(after, 1, "en")
    assert "Sighting on day 0 in 1/22: a foreign character.\n" in printout
    assert "Sighted:" not in printout  # said once, in the month's notes
    sighted = GAME.report_data(after, 1, "en")["sightings"]
    assert isinstance(sighted, list) and {"seat": 1, "kf": "1/22", "kind": "character"} in [
        {k: v for k, v in s.items() if k in ("seat", "kf", "kind")}
        for s in sighted
        if isinstance(s, dict)
    ]
    assert "2: Sichtung am Tag 0 in 1/18: fremde Reiter, etwa 1000." in GAME.printout(
        after, 0, "de"
    )


def test_the_json_twin_holds_the_fields_of_the_known_map_as_the_map_file_gives_them() -> None:
    after = month(sample(sight_radius=4))
    mine = GAME.report_data(after, 1, "en")
    assert mine["player"] == 1
    fields = mine["fields"]
    assert isinstance(fields, list)
    assert [f["id"] for f in fields if isinstance(f, dict)] == after.realm(1).known
    guru = next(f for f in fields if isinstance(f, dict) and f["id"] == "1/18")
    assert guru["terrain"] == "Tiefland" and guru["terrain_class"] == "normal"
    assert guru["neighbours"] == ["1/10", "1/19", "1/26", "1/25", "1/17", "1/9"]
    overview = GAME.report_data(after, 0, "en")
    assert overview["player"] == 0 and len(overview["fields"]) == 48  # type: ignore[arg-type]


def test_the_json_twin_gives_each_sighting_with_the_printouts_day_and_rounded_size() -> None:
    # Realm 2's three land units on 1/22 are three sightings in the printout, each with
    # its day and its size rounded to two digits: the JSON twin lists the same, one each.
    after = month(sample(sight_radius=4))
    printout = GAME.printout(after, 1, "en")
    sighted = GAME.report_data(after, 1, "en")["sightings"]
    assert isinstance(sighted, list)
    land = [s for s in sighted if isinstance(s, dict) and s["kind"] == "land"]
    mine = [u for u in after.units if u.realm == 2 and kind_of(u) == "land"]
    assert len(land) == len(mine) > 1
    assert sorted(s["size"] for s in land) == sorted(estimate(u.size) for u in mine)
    for s in land:
        assert set(s) == {"seat", "day", "kf", "kind", "size"}
        assert f"Sighting on day {s['day']} in {s['kf']}: foreign warriors, about {s['size']}" in (
            printout
        )
