"""Walls at field sides (Strategie 3.5, 5.1-2 B1–B6, 6.3, 6.4; F16, D19): the order
line, each check of AB at a wall with its reason, building in tiers of 5 BWP at the
Befestigung rate and the field's price, a manned wall holding hostile units, the wall
siege (siege strength/2,500, ships 1:50) and its breach at a fifth, the defenders' +2 GP
across a wall, the printout and the state."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core import Order, Ruling
from engine.views import MapEdge
from engine.wdw.calculators.combat import Approach, Scene, gp_causes
from engine.wdw.dossier import open_lines
from engine.wdw.game import WdwGame
from engine.wdw.items import find_items
from engine.wdw.orders import Fight, Work
from engine.wdw.state import Unit, Wall, WdwState
from engine.wdw.walls import is_breached, opposite, siege_strength, works
from mailserver.printouts.map_svg import legend
from tests.wdw.helpers import GAME, by_number, month, noted, read_orders, sample, unit_of


def said(order: Order, state: WdwState, lang: str = "de") -> str:
    return GAME.describe_order(state, 1, order, lang, by_number)


def walled(bwp: int = 10, damage: int = 0, owner: int = 2) -> WdwState:
    """The sample with Tharn's wall in Tharnburg's field 1/22 at side 5, facing 1/21."""
    state = sample()
    state.walls.append(Wall("1/22", 5, owner, bwp, damage))
    return state


def unit(state: WdwState, realm: int, number: int) -> Unit:
    found = unit_of(state, realm, number)
    return found


# -- F16 and the tiers


@pytest.mark.parametrize(
    ("bwp", "damage", "breach", "working"),
    [
        (10, 0, False, True),
        (9, 1, False, True),  # 1 of 10 destroyed: below a fifth
        (8, 2, True, False),  # 2 of 10: a fifth, a breach
        (4, 1, True, False),  # 1 of 5: a breach
        (4, 0, False, False),  # no whole tier of 5 yet
        (5, 0, False, True),
    ],
)
def test_a_wall_works_from_a_whole_tier_until_a_fifth_is_destroyed(
    bwp: int, damage: int, breach: bool, working: bool
) -> None:
    wall = Wall("1/22", 5, 2, bwp, damage)
    assert (is_breached(wall), works(wall)) == (breach, working)


def test_the_opposite_side_names_the_same_border() -> None:
    assert [opposite(s) for s in range(1, 7)] == [4, 5, 6, 1, 2, 3]


def test_ships_besiege_at_fifty_a_ship_and_only_with_a_ranged_attack() -> None:
    ships = Unit(1, 301, "sea", 40, "1/24", fernkampf=1, belagerung=2)
    assert siege_strength(ships) == 40 * 2 * 50
    assert siege_strength(Unit(1, 302, "sea", 40, "1/24", belagerung=2)) == 0
    assert siege_strength(Unit(1, 401, "land", 2500, "1/21", belagerung=1)) == 2500


# -- the order and its checks


@pytest.mark.parametrize("line", ["201 AB Wall 3", "201 AB Wall Seite 3", "201 ab wall side 3"])
def test_an_ab_at_a_wall_is_read_with_its_side(line: str) -> None:
    assert read_orders(line) == [Work(line=2, unit=201, code="AB", structure="wall", side=3)]


def test_a_legal_wall_order_is_worded_with_the_bef_rate_and_the_price() -> None:
    order = Work(unit=201, code="AB", structure="wall", side=3)
    assert said(order, sample()) == (
        "Einheit 201: baut am Wall in 1/18 Seite 3, 0,40 BWP Arbeit im Monat, "
        "5000 GS je fertigem BWP"
    )
    assert said(order, sample(), "en").startswith("Unit 201: builds at the wall in 1/18 side 3")


def _worker_at(kf: str, territory: bool) -> WdwState:
    state = sample()
    unit(state, 1, 201).kf = kf
    if territory:
        state.territory.append(f"{kf}=1")
    return state


@pytest.mark.parametrize(
    ("order", "state", "reason"),
    [
        (Work(unit=999, code="AB", structure="wall", side=3), sample(), "keine Einheit 999"),
        (
            Work(unit=101, code="AB", structure="wall", side=3),
            sample(),
            "101 hat keine Arbeitsstärke",
        ),
        (
            Work(unit=201, code="AB", structure="wall", side=4),
            _worker_at("1/17", True),
            "1/17 hat an Seite 4 kein Nachbarfeld",
        ),
        (
            Work(unit=201, code="AB", structure="wall", side=3),
            _worker_at("1/19", False),
            "1/19 gehört nicht Ihrem Reich",
        ),
        (
            Work(unit=201, code="AB", structure="wall", side=3),
            _worker_at("1/22", True),
            "",  # 1/22 conquered: legal (Tharn's wall stands at side 5 only)
        ),
    ],
)
def test_an_illegal_wall_order_says_why(order: Order, state: WdwState, reason: str) -> None:
    text = said(order, state)
    assert reason in text
    assert ("baut am Wall" in text) == (reason == "")


def test_another_realms_wall_at_the_side_is_refused() -> None:
    state = walled()
    state.territory.append("1/22=1")
    unit(state, 1, 201).kf = "1/22"
    text = said(Work(unit=201, code="AB", structure="wall", side=5), state)
    assert text.endswith("in 1/22 an Seite 5 steht der Wall eines anderen Reiches")


# -- building


def _strong_worker(size: int) -> WdwState:
    state = sample()
    unit(state, 1, 201).size = size
    return state


def test_a_worker_builds_a_wall_at_the_bef_rate_in_exact_parts() -> None:
    state = month(sample(), Work(unit=201, code="AB", structure="wall", side=3))
    assert [(w.kf, w.side, w.owner, w.bwp, w.progress) for w in state.walls] == [
        ("1/18", 3, 1, 0, ["bau=2/5"])
    ]


def test_a_whole_tier_a_month_is_paid_and_works() -> None:
    idle = month(sample())
    state = month(_strong_worker(12500), Work(unit=201, code="AB", structure="wall", side=3))
    wall = state.walls[0]
    assert (wall.bwp, works(wall)) == (5, True)
    assert state.realm(1).treasury == idle.realm(1).treasury - 5 * 5000
    assert "Wall 1/18 Seite 3: Einheit 201 hat 5 BWP gebaut (25000 GS)." in GAME.printout(
        state, 1, "de"
    )


def test_a_wall_the_treasury_cannot_pay_is_interrupted() -> None:
    state = _strong_worker(12500)
    state.realm(1).treasury = 12000
    state = month(state, Work(unit=201, code="AB", structure="wall", side=3))
    assert state.walls[0].bwp == 2
    assert noted(state, 1, "note.wall_interrupted")


def test_building_at_a_damaged_wall_repairs_it_first() -> None:
    state = _strong_worker(2500)
    state.walls.append(Wall("1/18", 3, 1, 8, 2))
    state = month(state, Work(unit=201, code="AB", structure="wall", side=3))
    assert (state.walls[0].bwp, state.walls[0].damage) == (9, 1)
    assert not is_breached(state.walls[0])


# -- a manned wall holds hostile units


def _approaching(state: WdwState) -> WdwState:
    unit(state, 1, 101).kf = "1/20"
    return state


def _march(state: WdwState, ext: str = "") -> WdwState:
    return month(state, Fight(unit=101, code="KA", ext=ext, path=("1/21", "1/22")))


def test_a_manned_wall_holds_a_hostile_unit_before_it() -> None:
    state = _march(_approaching(walled()))
    assert unit(state, 1, 101).kf == "1/21"
    assert "Einheit 101 wird in 1/21 von einem besetzten Wall aufgehalten." in GAME.printout(
        state, 1, "de"
    )


def test_no_wall_breached_or_unmanned_wall_or_an_ally_passes() -> None:
    unmanned = walled()
    unmanned.units = [u for u in unmanned.units if u.realm != 2]
    allied = walled()
    allied.realm(2).allies.append(1)
    order = Fight(unit=101, code="KA", path=("1/21", "1/22"))
    for state in (sample(), walled(8, 2), unmanned, allied):
        leg = find_items(_approaching(state), {1: [order]}).legs["1/101"]
        assert (leg.steps[-1][0], leg.bad) == ("1/22", "")


def test_the_option_lets_an_unmanned_wall_hold_too() -> None:
    state = sample(wall_unmanned_holds=True)
    state.walls.append(Wall("1/22", 5, 2, 10))
    state.units = [u for u in state.units if u.realm != 2]
    assert unit(_march(_approaching(state)), 1, 101).kf == "1/21"


# -- hunters (F/W, Tab. 5.1-3) are held by the same walls


def _hunt(state: WdwState, ext: str) -> tuple[tuple[str, ...], list[str]]:
    """The fields of unit 1/102's leg hunting with ``ext``, and the month's items."""
    items = find_items(state, {1: [Fight(unit=102, code="KA", ext=ext)]})
    return tuple(kf for kf, _ in items.legs["1/102"].steps), items.ids()


def test_a_pursuer_goes_round_a_manned_hostile_wall_and_not_through_it() -> None:
    state = walled()  # Tharn's wall at 1/22 side 5 faces 1/21, Tharn's army behind it
    unit(state, 1, 102).kf = "1/21"
    assert _hunt(state, "F") == (("1/13", "1/22"), ["K1"])
    for side in range(1, 5):  # walled on every side: no way in
        state.walls.append(Wall("1/22", side, 2, 10))
    state.walls.append(Wall("1/22", 6, 2, 10))
    assert _hunt(state, "F") == ((), [])


def test_a_guard_does_not_follow_across_a_manned_hostile_wall() -> None:
    state = walled()
    unit(state, 1, 102).kf, unit(state, 2, 102).kf = "1/19", "1/20"
    assert _hunt(state, "W") == (("1/20",), ["K1"])  # no wall: it follows one field
    state.walls.append(Wall("1/20", 5, 2, 10))  # 1/20's side 5 faces 1/19
    assert _hunt(state, "W") == ((), [])


def test_a_hunter_passes_an_unmanned_wall_unless_the_option_holds_it() -> None:
    for holds, way in ((False, ("1/22",)), (True, ("1/13", "1/22"))):
        state = sample(wall_unmanned_holds=holds)
        state.walls.append(Wall("1/22", 5, 2, 10))
        unit(state, 1, 102).kf = "1/21"
        for army in (101, 102, 201):  # far away: only Tharn's character stays in 1/22
            unit(state, 2, army).kf = "1/46"
        unit(state, 2, 601).heerfuehrer = True  # a spy is hunted by nobody (6.1)
        assert _hunt(state, "F")[0] == way


# -- sieges of walls


def _besieger(state: WdwState, kf: str = "1/21", size: int = 2500) -> WdwState:
    state.units.append(Unit(1, 401, "land", size, kf, belagerung=1))
    return state


def _siege(
    state: WdwState, *rulings: Ruling, ext: str = "B2", path: tuple[str, ...] = ()
) -> WdwState:
    return month(state, Fight(unit=401, code="KH", ext=ext, path=path), rulings=rulings)


def test_a_b_side_order_besieges_the_wall_facing_its_field() -> None:
    state = _besieger(walled())
    order = Fight(unit=401, code="KH", ext="B2")
    items = find_items(state, {1: [order]})
    assert list(items.wall_sieges) == ["B1"]
    siege = items.wall_sieges["B1"]
    assert (siege.kf, siege.wall_kf, siege.wall_side, siege.units) == (
        "1/21",
        "1/22",
        5,
        ("1/401",),
    )
    dossier = GAME.dossier(state, {1: [order]}, "de")
    assert "B1 Belagerung des Walls 1/22 Seite 5 (Reich 2, 10 BWP, Schaden 0)" in dossier
    assert "durch Reich 1 (1/401): 1 BWP diesen Monat" in dossier
    assert "\nB1 angenommen\n" in dossier


def test_a_wall_siege_destroys_a_bwp_a_month_and_breaches_at_a_fifth() -> None:
    state = _siege(_besieger(walled()))
    assert (state.walls[0].bwp, state.walls[0].damage) == (9, 1)
    state = _siege(state)
    assert (state.walls[0].bwp, state.walls[0].damage) == (8, 2)
    assert noted(state, 1, "note.wall_breached") and noted(state, 2, "note.wall_breached")
    assert "Der Wall 1/22 Seite 5 hat eine Bresche" in GAME.printout(state, 2, "de")


def test_half_the_siege_strength_takes_two_months_a_bwp() -> None:
    state = _siege(_besieger(walled(), size=1250))
    assert (state.walls[0].bwp, state.walls[0].progress) == (10, ["belagerung=1/2"])


def test_the_gm_may_refuse_a_wall_siege() -> None:
    state = _siege(_besieger(walled()), Ruling("B1", "abgelehnt: ein Ausfall"))
    assert (state.walls[0].bwp, state.walls[0].damage) == (10, 0)
    assert "Belagerung des Walls 1/22 Seite 5 ohne Wirkung. ein Ausfall" in GAME.printout(
        state, 1, "de"
    )


def test_a_besieger_held_by_a_wall_attacks_that_wall() -> None:
    state = _besieger(walled(), kf="1/20")
    state = _siege(state, ext="B", path=("1/21", "1/22"))
    assert unit(state, 1, 401).kf == "1/21"
    assert (state.walls[0].bwp, state.walls[0].damage) == (9, 1)


def test_no_wall_of_an_ally_or_none_at_all_is_besieged() -> None:
    allied = _besieger(walled())
    allied.realm(1).allies.append(2)
    order = Fight(unit=401, code="KH", ext="B2")
    assert find_items(allied, {1: [order]}).wall_sieges == {}
    assert find_items(_besieger(sample()), {1: [order]}).wall_sieges == {}


def test_a_gm_ruling_on_a_wall_siege_is_checked() -> None:
    state = _besieger(walled())
    orders = {1: [Fight(unit=401, code="KH", ext="B2")]}
    game = WdwGame()
    assert game.check_item(state, orders, [], Ruling("B1", "angenommen"), "de") == ""
    assert "Belagerung" in game.check_item(state, orders, [], Ruling("B1", "vielleicht"), "de")
    assert game.check_item(state, orders, [], Ruling("B2", "angenommen"), "de") != ""


# -- combat: +2 GP across a wall (Tab. 6.3-1)


def test_a_defender_behind_a_working_wall_gets_two_gp() -> None:
    for state, gp in ((walled(), 2), (walled(8, 2), 0), (sample(), 0)):
        scene = Scene.of(state)
        defender = unit(state, 2, 101)
        attacker = unit(state, 1, 101)
        side = Approach((defender,), "KV")
        enemy = Approach((attacker,), "KA", came_from="1/21", day=Fraction(15))
        causes = dict(gp_causes(defender, scene, "1/22", side, enemy, attacker=False))
        assert causes.get("wall", 0) == gp


# -- printout and state


def test_the_printout_shows_own_walls_and_others_only_in_known_fields() -> None:
    state = walled()
    assert "1/22 Seite 5: 10 BWP, Schaden 0 (Tharn; wirkt)" in GAME.printout(state, 2, "de")
    assert "Wälle" not in GAME.printout(state, 1, "de")
    state.realm(1).known.append("1/22")
    assert "1/22 side 5: 10 BWP, damage 0 (Tharn; working)" in GAME.printout(state, 1, "en")


def test_a_foreign_wall_only_begun_is_not_seen_nor_its_workers_order() -> None:
    # Tharn's worker began a wall at 1/22 side 5 (a part of a BWP, none
    # standing): no Bauwerk yet (Strategie 1.3); Isyrial, who sees 1/22, reads nothing.
    state = walled(bwp=0)
    state.walls[0].progress = ["bau=2/5"]
    state.realm(1).known.append("1/22")
    for lang, wall in (("de", "1/22 Seite 5"), ("en", "1/22 side 5")):
        assert wall not in GAME.printout(state, 1, lang)
        assert GAME.report_data(state, 1, lang)["walls"] == []
    assert "1/22 Seite 5: 0 BWP" in GAME.printout(state, 2, "de")  # its owner's
    state.walls[0].damage = 1  # a wall that stood, sieged down to nothing: a ruin is seen
    assert "1/22 Seite 5: 0 BWP, Schaden 1 (Tharn" in GAME.printout(state, 1, "de")


def test_the_owner_reads_the_part_of_a_bwp_its_workers_did_in_printout_and_json() -> None:
    state = month(sample(), Work(unit=201, code="AB", structure="wall", side=3))
    german, english = GAME.printout(state, 1, "de"), GAME.printout(state, 1, "en")
    assert "Wall 1/18 Seite 3: Einheit 201 hat 0 BWP gebaut (0 GS); im Bau: 0,40 von 1 BWP." in (
        german
    )
    assert "1/18 Seite 3: 0 BWP, im Bau 0,40 von 1 BWP, Schaden 0 (Isyrial; unfertig)" in german
    assert "Wall 1/18 side 3: Unit 201 built 0 BWP (0 GS); under way: 0.40 of 1 BWP." in english
    assert "1/18 side 3: 0 BWP, under way 0.40 of 1 BWP, damage 0" in english
    (row,) = GAME.report_data(state, 1, "de")["walls"]  # type: ignore[misc]
    assert row["progress"] == ["bau=2/5"]  # type: ignore[index]


def test_another_realm_reads_no_part_of_a_bwp_at_a_wall_it_sees() -> None:
    state = walled()
    state.walls[0].progress = ["bau=1/4"]
    state.realm(1).known.append("1/22")
    assert "1/22 Seite 5: 10 BWP, im Bau 0,25 von 1 BWP" in GAME.printout(state, 2, "de")
    assert "1/22 Seite 5: 10 BWP, Schaden 0 (Tharn; wirkt)" in GAME.printout(state, 1, "de")
    (row,) = GAME.report_data(state, 1, "de")["walls"]  # type: ignore[misc]
    assert "progress" not in row  # type: ignore[operator]


def _seen_walls() -> WdwState:
    """Realm 1 knows 1/22 with Tharn's working wall; Tharn's breached one at 1/22 side 4
    and realm 1's unfinished one in Guru's field; Tharn's wall in 1/30, unknown to it."""
    state = walled()
    state.walls += [Wall("1/22", 4, 2, 8, 2), Wall("1/18", 2, 1, 3, progress=["bau=1/2"])]
    state.walls.append(Wall("1/30", 1, 2, 10, progress=["bau=2/5"]))
    state.realm(1).known = [kf for kf in state.realm(1).known if kf != "1/30"] + ["1/22"]
    return state


def test_the_json_twin_lists_the_walls_seen_without_the_others_work_or_men() -> None:
    rows = GAME.report_data(_seen_walls(), 1, "en")["walls"]
    assert rows == [
        {"kf": "1/22", "side": 5, "owner": 2, "owner_name": "Tharn", "bwp": 10, "damage": 0,
         "condition": "works"},
        {"kf": "1/22", "side": 4, "owner": 2, "owner_name": "Tharn", "bwp": 8, "damage": 2,
         "condition": "breached"},
        {"kf": "1/18", "side": 2, "owner": 1, "owner_name": "Isyrial", "bwp": 3, "damage": 0,
         "condition": "unfinished", "progress": ["bau=1/2"]},
    ]  # fmt: skip
    gm = GAME.report_data(_seen_walls(), 0, "en")["walls"]
    assert isinstance(gm, list) and len(gm) == 4
    assert {"kf": "1/30", "side": 1, "owner": 2, "owner_name": "Tharn", "bwp": 10, "damage": 0,
            "condition": "works", "progress": ["bau=2/5"]} in gm  # fmt: skip


def test_the_picture_draws_the_walls_seen_inside_their_field_by_condition() -> None:
    state = _seen_walls()
    view = GAME.map_view(state, 1, "de")
    walls = [e for e in view.edges if e.line.startswith("wall")]
    assert walls == [
        MapEdge(118, 2, "wall_unfinished"),
        MapEdge(122, 4, "wall_breached"),
        MapEdge(122, 5, "wall"),
    ]
    assert view.lines["wall_breached"].broken and view.lines["wall"].inset > 0
    texts = [e.text for e in legend(view) if e.symbol == "line"]
    assert "Wall mit Bresche (ohne Wirkung)" in texts and "unfertiger Wall (unter 5 BWP)" in texts
    english = [e.text for e in legend(GAME.map_view(state, 1, "en"))]
    assert "wall with a breach (no effect)" in english
    gm = [e for e in GAME.map_view(state, 0, "de").edges if e.line.startswith("wall")]
    assert MapEdge(130, 1, "wall") in gm and len(gm) == 4


def test_walls_survive_the_json_round_trip_and_old_states_load() -> None:
    state = walled(8, 2)
    assert WdwState.from_json(state.to_json()).walls == state.walls
    plain = sample().to_json()
    del plain["walls"]
    assert WdwState.from_json(plain).walls == []


def test_a_river_and_a_wall_on_one_side_give_the_two_gp_once() -> None:
    state = walled()
    unit(state, 2, 101).kf = "1/5"
    state.walls[0] = Wall("1/5", 5, 2, 10)  # 1/5 has a river at side 5, toward 1/4
    scene = Scene.of(state)
    side = Approach((unit(state, 2, 101),), "KV")
    enemy = Approach((unit(state, 1, 101),), "KA", came_from="1/4", day=Fraction(15))
    causes = gp_causes(unit(state, 2, 101), scene, "1/5", side, enemy, attacker=False)
    assert [c for c in causes if c[0] in ("fluss", "wall")] == [("fluss", 2)]


def test_the_walls_of_a_conquered_field_pass_to_the_conqueror() -> None:
    state = sample(3)
    unit(state, 1, 101).kf = "1/20"
    state.territory.append("1/20=3")
    state.walls.append(Wall("1/20", 2, 3, 10))
    state.walls.append(Wall("1/21", 5, 3, 10))
    state = month(state, Fight(unit=101, code="KA", ext="E"))
    assert "1/20=1" in state.territory
    assert [(w.kf, w.owner) for w in state.walls] == [("1/20", 1), ("1/21", 3)]


def _road_to_1_19() -> WdwState:
    state = sample()
    state.territory.append("1/19=1")
    return state


def test_a_worker_builds_a_wall_where_its_move_ends_pro_rata() -> None:
    order = Work(line=2, unit=201, code="AB", structure="wall", side=2, path=("1/19",))
    assert read_orders("201 AB 1/19 Wall 2") == [order]
    # D18: on the road (range 3) it arrives on day 10 and builds 20/30 of 2/5 BWP.
    assert said(order, _road_to_1_19()).startswith(
        "Einheit 201: baut am Wall in 1/19 Seite 2, 0,27 BWP Arbeit im Monat"
    )
    state = month(_road_to_1_19(), order)
    assert [(w.kf, w.side, w.progress) for w in state.walls] == [("1/19", 2, ["bau=4/15"])]


def test_a_wall_move_that_cannot_be_made_is_refused() -> None:
    order = Work(unit=201, code="AB", structure="wall", side=2, path=("1/30",))
    assert (
        said(order, _road_to_1_19())
        == "201 AB 1/30 Wall 2: Weg: 1/30 grenzt nicht an 1/18, das Feld davor"
        " (ein Weg nennt jedes Feld, durch das die Einheit zieht)"
    )


def test_an_unruled_wall_siege_is_in_the_gms_list_of_open_items() -> None:
    state = _besieger(walled())
    items = find_items(state, {1: [Fight(unit=401, code="KH", ext="B2")]})
    assert open_lines(items, [], "en") == ["B1 Siege of the wall 1/22 side 5"]
    assert open_lines(items, [Ruling(item="B1", text="angenommen")], "de") == []
