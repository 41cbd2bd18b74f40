"""Sight (Strategie 6.1): the line of sight, the sightings a realm gets on the timeline
(its own, never another realm's), and the interception orders F and W (Tab. 5.1-3)."""

from __future__ import annotations

from fractions import Fraction

from engine.core import Order
from engine.wdw.calculators.knowledge import knowledge
from engine.wdw.forecast import position
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.phases.sightings import estimate
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by, visible
from engine.wdw.state import WdwState, world
from tests.wdw.helpers import GAME, field_of, month_of, placed, sample, unit_of


def test_a_radius_of_one_sees_the_six_neighbours() -> None:
    the_map = world(sample().map_text)
    assert visible(the_map, "1/20", 1) == {"1/20", "1/12", "1/21", "1/28", "1/27", "1/19", "1/11"}


def test_a_higher_field_between_hides_what_lies_behind_it() -> None:
    the_map = world(sample().map_text)
    seen = visible(the_map, "1/28", 2)  # Hügelland, HS 2
    # 1/43 (HS 1) lies behind the mountain 1/36 (HS 4) only; 1/35 (HS 2) is seen past
    # the hills of 1/27 (HS 2), though 1/36 is the other way to it.
    assert "1/43" not in seen and "1/35" in seen
    assert "1/44" in seen  # a mountain itself is seen over the hills of 1/37
    assert visible(the_map, "1/36", 2) >= {"1/43", "1/45"}  # from the mountain top


def test_the_known_map_follows_the_line_of_sight_and_spies_see_their_own_field() -> None:
    state = placed(u1_101="1/28")
    state.options.append("sight_radius=2")
    after = month_of(state, {})
    known = set(after.realm(1).known)
    assert "1/43" not in known and "1/35" in known
    spy_only = placed(u1_601="1/40")
    after = month_of(spy_only, {})
    assert "1/40" in after.realm(1).known and "1/39" not in after.realm(1).known
    spy_only.options.append("spy_sight=true")
    after = month_of(spy_only, {})
    assert "1/39" in after.realm(1).known


def test_an_estimate_keeps_two_digits() -> None:
    assert [estimate(n) for n in (1, 99, 100, 4321, 1550, 2000, 123456)] == [
        1, 99, 100, 4300, 1600, 2000, 120000,
    ]  # fmt: skip


def test_a_realm_sights_a_unit_passing_its_units_view_and_only_it_reads_it() -> None:
    orders: dict[int, list[Order]] = {2: [Fight(unit=102, code="KI", path=("1/21", "1/20"))]}
    state = placed(u1_101="1/19")
    state.unit(2, 102).size = 4321  # type: ignore[union-attr]
    after = month_of(state, orders)
    mine = GAME.printout(after, 1, "de")
    assert "Sichtung am Tag 20 in 1/20: fremde Krieger, etwa 4300." in mine
    assert "4321" not in mine and "Tharn" not in mine
    assert "Sighting on day 20 in 1/20: foreign warriors, about 4300." in GAME.printout(
        after, 1, "en"
    )
    # Realm 2's unit saw realm 1's in 1/19 in turn: each reads its own sighting only.
    theirs = GAME.printout(after, 2, "de")
    assert "Sichtung am Tag 20 in 1/19: fremde Krieger, etwa 2000." in theirs
    assert "in 1/20: fremde" not in theirs


def test_hidden_units_are_not_sighted() -> None:
    orders: dict[int, list[Order]] = {2: [Fight(unit=102, code="KX", path=("1/20",))]}
    after = month_of(placed(u1_101="1/19", u2_102="1/21"), orders)
    assert not any(n.key.startswith("note.sighting") and n.seat == 1 for n in after.notes)
    assert any(n.key.startswith("note.sighting") and n.seat == 2 for n in after.notes)


def pursuit(code: str) -> dict[int, list[Order]]:
    """Rider 1/102 waits in 1/19 under ``code``; 2/101 comes along the road to 1/20 on
    day 20 and stays."""
    return {
        1: [Fight(unit=102, code=code[:2], ext=code[2:])],
        2: [Fight(unit=101, code="KV", path=("1/21", "1/20"))],
    }


def test_without_an_interception_order_a_unit_in_sight_is_not_met() -> None:
    assert find_items(placed(u1_102="1/19"), pursuit("KA")).ids() == []


def test_f_turns_a_unit_toward_the_sighted_one_and_they_meet() -> None:
    items = find_items(placed(u1_102="1/19"), pursuit("KAF"))
    # Sighted on day 20: 2/3 of the rider's range (4) are gone, the step to 1/20 costs 1:
    # it enters on day 27.5 (F9) and meets 2/101 there, with no round left.
    meeting = items.meetings["K1"]
    assert (meeting.kf, meeting.day, meeting.rounds) == ("1/20", Fraction(55, 2), 0)
    assert items.legs["1/102"].pursued == "2/101"
    dossier = GAME.dossier(placed(u1_102="1/19"), pursuit("KAF"), "de")
    assert "  1/102: 1/20@27,50 (fängt 2/101 ab)" in dossier
    after = month_of(placed(u1_102="1/19"), pursuit("KAF"))
    assert any(n.key == "note.pursued" and n.seat == 1 for n in after.notes)


def test_w_follows_one_field_and_goes_back_when_nothing_holds_it() -> None:
    # A character (range 6) watching 1/19 under KIW sees the rider 2/101 enter 1/20 on
    # day 15, is there on day 20 (KI-KI: they pass), and is back in 1/19 on day 25. A
    # Heerführer: a spy is no part of an army and meets nobody (Strategie 6.1).
    state = placed(u1_601="1/19")
    watcher = unit_of(state, 1, 601)
    watcher.heerfuehrer = True
    rider = unit_of(state, 2, 101)
    rider.beritten = True
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=601, code="KI", ext="W")],
        2: [Fight(unit=101, code="KI", path=("1/21", "1/20", "1/11", "1/10"))],
    }
    leg = find_items(state, orders).legs["1/601"]
    assert leg.steps == (("1/20", Fraction(20)), ("1/19", Fraction(25))) and leg.pursued == "2/101"


def test_w_does_not_follow_into_foreign_territory() -> None:
    # Tharnburg's field 1/22 is Tharn's: a watching rider next to it stays put.
    orders: dict[int, list[Order]] = {1: [Fight(unit=102, code="KA", ext="W")]}
    items = find_items(placed(u1_102="1/21"), orders)
    assert items.legs["1/102"].steps == () and not items.legs["1/102"].pursued
    chased = find_items(placed(u1_102="1/21"), {1: [Fight(unit=102, code="KA", ext="F")]})
    assert chased.legs["1/102"].steps == (("1/22", Fraction(15, 2)),)


def test_a_standing_w_order_watches_too() -> None:
    state = placed(u1_102="1/19")
    state.unit(1, 102).order = "KAW"  # type: ignore[union-attr]
    orders: dict[int, list[Order]] = {2: [Fight(unit=101, code="KV", path=("1/21", "1/20"))]}
    assert find_items(state, orders).legs["1/102"].pursued == "2/101"


def test_turn_zero_knows_what_its_units_and_settlements_see() -> None:
    state = sample()
    the_map = world(state.map_text)
    for realm in state.realms:
        mine = [u.kf for u in state.units if u.realm == realm.seat and not u.spion]
        mine += [s.kf for s in state.settlements if s.owner == realm.seat]
        assert mine and set(realm.known) >= {f for kf in mine for f in visible(the_map, kf, 1)}
    assert "Bekannte Karte: 0 Kleinfelder" not in GAME.printout(state, 1, "de")


def test_into_white_off_lets_the_first_months_steps_next_to_home_pass() -> None:
    state = sample(into_white=False)
    unit = unit_of(state, 1, 101)
    step = next(f for f in world(state.map_text).fields[unit.kf].neighbours if f is not None)
    after = month_of(state, {1: [Fight(unit=101, code="KI", path=(step,))]})
    assert field_of(after, 1, 101) == step


def _sight_of_every_part(state: WdwState, seat: int) -> dict[str, set[str]]:
    """What realm ``seat`` sees as each part that shows or checks it says it."""
    data = GAME.report_data(state, seat, "de")
    fields = data["fields"]
    assert isinstance(fields, list)
    view = GAME.map_view(state, seat, "de")
    mine = position(state, seat)
    return {
        "sightlines": seen_by(state, seat, options_of(state)),
        "known map": set(state.realm(seat).known),
        "JSON": {f["id"] for f in fields if isinstance(f, dict) and isinstance(f["id"], str)},
        "map": {p.report.split()[0] for p in view.places},
        "calculators": set(knowledge(state, seat).known or ()),
        # The position the acknowledgement checks on: foreign settlements in sight only.
        "acknowledgement": {s.kf for s in mine.settlements if s.owner != seat}
        | seen_by(mine, seat, options_of(state)),
    }


def test_the_printout_map_json_and_acknowledgement_agree_on_what_a_realm_sees() -> None:
    # Strategie 1.3, 6.1: at the start and after a month in which units moved.
    start = sample(3, sight_radius=2)
    orders: dict[int, list[Order]] = {
        1: [Fight(line=1, unit=101, code="KA", path=("1/19", "1/20"))],
        2: [Fight(line=1, unit=101, code="KV", path=("1/21",))],
    }
    for state in (start, month_of(start, orders)):
        for realm in state.realms:
            parts = _sight_of_every_part(state, realm.seat)
            assert all(seen == parts["sightlines"] for seen in parts.values()), parts
            count = len(parts["sightlines"])
            assert f"Bekannte Karte: {count} Kleinfelder" in GAME.printout(state, realm.seat, "de")


def test_the_acknowledgement_reads_the_settlements_in_the_fields_it_checks_paths_in() -> None:
    # A unit placed beside Tharnburg (1/22) since the known map was drawn: the
    # acknowledgement checked a path into 1/22 as seen, but its position lacked the
    # settlement there (it read the known map and the units' own fields).
    state = placed(u1_101="1/21")
    assert "1/22" in seen_by(state, 1, options_of(state))
    assert "Tharnburg" in {s.name for s in position(state, 1).settlements}
    assert "1/22" in (knowledge(state, 1).known or ())
