"""No realm's printout, JSON twin, map view or acknowledgement shows another realm's
hidden state, whatever the orders and rulings of the month, nor any wall it cannot see
(property tests)."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CORRECTION, Order, Ruling
from engine.wdw.orders import (
    Alliance,
    Build,
    Demolish,
    Fight,
    Province,
    Raise,
    Special,
    Spy,
    Storm,
    Train,
    Work,
)
from engine.wdw.setup import options_of
from engine.wdw.sightlines import see, seen_by
from engine.wdw.state import Wall, WdwState
from mailserver.printouts.map_svg import map_svg
from tests.lanes import examples
from tests.wdw.helpers import GAME, by_number, dice, sample, unit_of

FIELDS = [f"1/{n}" for n in range(1, 49)]
ROADS = [
    ("1/19", "1/20"),
    ("1/19", "1/20", "1/21"),
    ("1/21", "1/20", "1/19"),
    ("1/21", "1/20"),
    ("1/26", "1/27"),
    ("1/23", "1/30"),
]
"""Paths that units of either realm can walk, so that they meet and see each other."""
SECRET_SIZE = 4321
SECRET_TREASURY = 98765
SECRET_RAISE = 777

fights = st.builds(
    lambda unit, code, ext, path: Fight(unit=unit, code=code, ext=ext, path=tuple(path)),
    st.sampled_from([101, 102, 201]),
    st.sampled_from(["KN", "KA", "KT", "KH", "KV", "KI", "KX", "KR"]),
    st.sampled_from(["", "F", "W"]),  # interception: sightings on the timeline
    st.one_of(st.lists(st.sampled_from(FIELDS), max_size=3), st.sampled_from(ROADS)),
)
others = st.one_of(
    st.builds(lambda risk: Spy(unit=601, code="GI", risk=risk, target="Guru"), st.integers(1, 5)),
    st.just(Special(unit=102, text="Geheimplan Nordwind")),
    st.just(Build(settlement="Tharnburg", structure="stv")),
    st.just(Raise(settlement="Tharnburg", count=SECRET_RAISE, properties=("fernkampf=1",))),
    st.just(Train(unit=101, properties=("nahkampf=2",))),
    st.just(Province(name="Nordwind", fields=("1/22",))),
    st.just(Alliance(realm="1")),
    st.just(Demolish(settlement="Tharnburg", structure="stv", units=(201,))),
    st.just(Fight(unit=101, code="KA", ext="E", path=("1/23",))),
)


def hidden_state(where: str = "1/22") -> WdwState:
    """The sample with realm 2's secrets marked: its treasury and a unit's size; its
    unit 101 stands in ``where`` (so the timeline meets it on other days and fields); the
    sight wide enough that realm 1 sights realm 2's units."""
    state = sample(sight_radius=4)
    state.realm(2).treasury = SECRET_TREASURY
    unit = unit_of(state, 2, 102)
    unit.size = SECRET_SIZE
    other = unit_of(state, 2, 101)
    other.kf = where
    return state


def secrets_of_realm_2(state: WdwState) -> list[str]:
    """Realm 2's treasury and marked unit size before and after the month, its names,
    its Sonderbefehl, the GM's correction reason and narrative to it."""
    after = [str(state.realm(2).treasury), str(SECRET_TREASURY), str(SECRET_SIZE)]
    marked = state.unit(2, 102)
    if marked is not None:
        after.append(str(marked.size))  # after the GM's loss
    after.append(str(SECRET_RAISE))
    # Strategie 1.3: Tharnburg and its realm are on realm 1's map once it sees the field.
    place = state.settlement("Tharnburg")
    hidden = place is None or place.kf not in seen_by(state, 1, options_of(state))
    names = ["Tharnburg", "Tharn "] if hidden else []
    return [*after, *names, "Geheimplan", "Nordwind"]


@settings(max_examples=examples(60), deadline=None)
@given(
    mine=st.lists(fights, max_size=3),
    theirs=st.lists(st.one_of(fights, others), max_size=4),
    winner=st.sampled_from(["A", "B", "keiner"]),
    special=st.sampled_from(["angenommen: Nordwind weht", "abgelehnt"]),
    where=st.sampled_from(["1/22", "1/21", "1/20", "1/19"]),
    found=st.sampled_from(["entdeckt", "nicht entdeckt"]),
)
def test_realm_1_sees_nothing_hidden_of_realm_2(
    mine: list[Fight], theirs: list[Order], winner: str, special: str, where: str, found: str
) -> None:
    state = hidden_state(where)
    orders: dict[int, list[Order]] = {1: list(mine), 2: list(theirs)}
    rulings = [Ruling(f"K{n}", f"Sieger {winner}; Verluste keine") for n in range(1, 4)]
    rulings += [Ruling("X1", special), Ruling(CORRECTION, "Schatz 2 +1", "Geheimplan")]
    # The GM's losses and good points for realm 2's units, with causes only it may read.
    rulings += [Ruling("L", "2/102 -1 (Nordwind)"), Ruling("GP", "2/101 +1 (Geheimplan)")]
    rulings += [Ruling(f"D{n}", found) for n in range(1, 3)]  # hiding units found or not
    rulings.append(Ruling("V1", "angenommen: Nordwind"))
    result = GAME.draft(state, orders, rulings, dice())
    assert isinstance(result.state, WdwState)
    told = GAME.apply_reports(result.state, {2: "Nordwind über Tharnburg"})
    assert isinstance(told.state, WdwState)
    texts = [GAME.printout(told.state, 1, lang) for lang in ("de", "en")]
    texts.append(json.dumps(GAME.report_data(told.state, 1, "de"), ensure_ascii=False))
    view = GAME.map_view(told.state, 1, "de")
    texts += [repr(view), map_svg(view)]
    texts += [GAME.describe_order(state, 1, order, "de", by_number) for order in mine]
    texts += GAME.describe_orders(state, 1, [*mine, *mine], "de", by_number)
    for text in texts:
        for secret in secrets_of_realm_2(told.state):
            assert secret not in text, (secret, text)


def test_the_map_view_holds_the_known_fields_the_own_places_and_those_in_sight() -> None:
    state = hidden_state()
    result = GAME.draft(state, {}, [], dice())
    assert isinstance(result.state, WdwState)
    view = GAME.map_view(result.state, 1, "de")
    assert view.lang == "de"  # the legend in the reader's language
    known = set(result.state.realm(1).known)
    assert {p.label.split()[0] for p in view.places} == known
    home = [p for p in view.places if "home" in p.marks]
    assert [p.label for p in home] == ["1/18 STD Guru"] and home[0].owner == 1
    assert home[0].report == "1/18 Tiefland Guru" and home[0].ground == "Tiefland"
    assert set(view.hexes) == {p.number for p in view.places}
    assert set(view.grounds) == {p.ground for p in view.places}
    assert view.owners == {1: "Isyrial", 2: "Tharn"}  # Tharnburg in sight (Strategie 1.3)
    assert [p.label for p in view.places if p.owner == 2] == ["1/22 Tharnburg"]
    assert all(a in {p.number for p in view.places} for link in view.links for a in link)
    gm = GAME.map_view(result.state, 0, "de")
    assert len(gm.places) == 48 and set(gm.owners) == {1, 2}


def test_the_json_twin_is_the_printout_as_data() -> None:
    result = GAME.draft(hidden_state(), {}, [Ruling(CORRECTION, "Schatz 1 +5", "Grund X")], dice())
    assert isinstance(result.state, WdwState)
    mine = GAME.report_data(result.state, 1, "de")
    assert mine["schema"] == "wdw-report/1"
    assert [r["name"] for r in mine["realms"]] == ["Isyrial"]
    assert "log" not in mine
    overview = GAME.report_data(result.state, 0, "de")
    assert overview["log"] == ["Korrektur Schatz 1 +5 (Grund X)"]


walls = st.lists(
    st.builds(
        Wall,
        kf=st.sampled_from(FIELDS),
        side=st.integers(1, 6),
        owner=st.just(2),
        bwp=st.integers(0, 20),
        damage=st.integers(0, 5),
        progress=st.lists(st.sampled_from(["bau=1/5", "belagerung=2/7"]), max_size=2, unique=True),
    ),
    max_size=8,
    unique_by=lambda w: (w.kf, w.side),
)


def realm_1_sees(state: WdwState, lang: str) -> list[str]:
    """Realm 1's printout, JSON twin and map picture."""
    data = json.dumps(GAME.report_data(state, 1, lang), ensure_ascii=False)
    return [GAME.printout(state, 1, lang), data, map_svg(GAME.map_view(state, 1, lang))]


@settings(max_examples=examples(40), deadline=None)
@given(walls=walls, men=st.sampled_from(FIELDS), lang=st.sampled_from(["de", "en"]))
def test_a_realm_sees_no_wall_outside_its_known_fields_nor_the_work_or_men_of_one(
    walls: list[Wall], men: str, lang: str
) -> None:
    full = hidden_state()
    known = set(full.realm(1).known)
    full.walls = walls
    for unit in full.units:
        if unit.realm == 2:
            unit.kf = men  # whether Tharn's walls are manned
    bare = hidden_state()
    # A wall only begun (no BWP standing or destroyed) is no Bauwerk yet.
    bare.walls = [replace(w, progress=[]) for w in walls if w.kf in known and w.bwp + w.damage]
    assert realm_1_sees(full, lang) == realm_1_sees(bare, lang)


NEAR = ["1/19", "1/20", "1/21", "1/22", "1/23", "1/26", "1/27"]
"""Fields on and along the roads between the realms: realm 1's unit stands, goes and
plunders there, and realm 2 holds some of them."""
near_paths = st.one_of(st.lists(st.sampled_from(NEAR), max_size=3), st.sampled_from(ROADS))
realm_1_orders = st.one_of(
    st.builds(
        lambda name, units: Storm(settlement=name, units=units),
        st.sampled_from(["Tharnburg", "Guru", "Atlantis"]),
        st.sampled_from([(101,), (101, 102), ()]),
    ),
    st.builds(
        lambda fields: Province(name="Nordwind", fields=tuple(fields)),
        st.lists(st.sampled_from(FIELDS), min_size=1, max_size=3),
    ),
    st.builds(
        lambda side, path: Work(unit=201, code="AB", side=side, path=tuple(path)),
        st.integers(0, 6),
        near_paths,
    ),
    st.builds(
        lambda ext, path: Fight(unit=101, code="KA", ext=ext, path=tuple(path)),
        st.sampled_from(["", "P1", "P3", "E"]),
        near_paths,
    ),
)
"""Storms, provinces, building (walls) with a way, and K orders with plunder."""


@settings(max_examples=examples(40), deadline=None)
@given(
    orders=st.lists(realm_1_orders, min_size=1, max_size=4),
    where=st.sampled_from(NEAR),
    walls=walls,
    conquered=st.lists(st.sampled_from(NEAR), max_size=4),
    white=st.booleans(),
)
def test_realm_1s_acknowledgement_is_the_same_without_what_it_does_not_see(
    orders: list[Order], where: str, walls: list[Wall], conquered: list[str], white: bool
) -> None:
    # D37: realm 2's units, its settlements and walls out of realm 1's sight, its
    # conquests (never shown to another realm) and its treasury change no answer; realm
    # 1's unit 101 stands where the GM moved it, so what it sees now and its known map
    # differ.
    full = sample(sight_radius=2, into_white=white)
    mine = full.unit(1, 101)
    assert mine is not None
    mine.kf = where
    full.walls = walls
    full.territory = [f"{kf}=2" for kf in dict.fromkeys(conquered)]
    full.realm(2).treasury = SECRET_TREASURY
    seen = seen_by(full, 1, options_of(full))
    bare = replace(
        full,
        units=[u for u in full.units if u.realm == 1],
        settlements=[s for s in full.settlements if s.owner == 1 or s.kf in seen],
        walls=[w for w in walls if w.kf in seen and w.bwp + w.damage],
        territory=[],
    )
    for lang in ("de", "en"):
        told = GAME.describe_orders(full, 1, orders, lang, by_number)
        assert told == GAME.describe_orders(bare, 1, orders, lang, by_number)


@settings(max_examples=examples(40), deadline=None)
@given(
    town=st.sampled_from([f for f in FIELDS if f != "1/18"]),  # not Guru's field
    scout=st.sampled_from(FIELDS),
    radius=st.integers(1, 3),
    lang=st.sampled_from(["de", "en"]),
)
def test_a_foreign_settlement_is_shown_with_its_realm_exactly_when_in_sight(
    town: str, scout: str, radius: int, lang: str
) -> None:
    # Strategie 1.3: "Bauwerke und Reichszugehörigkeiten, soweit diese im
    # Sichtbereich ... liegen" — on the picture, in the printout and in the JSON twin,
    # and never what a spy finds out (its structures, its inhabitants).
    state = sample(sight_radius=radius)
    place = state.settlement("Tharnburg")
    assert place is not None
    place.kf, place.population = town, SECRET_TREASURY
    unit_of(state, 1, 101).kf = scout
    for unit in state.units:
        if unit.realm == 2:
            unit.kf = "1/48"
    see(state, options_of(state))  # as the month's phase ``sight`` before the printout
    in_sight = town in seen_by(state, 1, options_of(state))
    text, data, picture = realm_1_sees(state, lang)
    assert ("Tharnburg" in text) == ("Tharnburg" in data) == ("Tharnburg" in picture) == in_sight
    report = GAME.report_data(state, 1, lang)
    seen = [{"kf": town, "name": "Tharnburg", "owner": 2, "owner_name": "Tharn"}]
    assert report["seen_settlements"] == (seen if in_sight else [])
    assert all(row["owner"] == 1 for row in report["settlements"])  # type: ignore[index,union-attr]
    view = GAME.map_view(state, 1, lang)
    assert (2 in view.owners) == in_sight
    assert not any("home" in p.marks for p in view.places if p.owner == 2)
    assert str(SECRET_TREASURY) not in text + data + picture
