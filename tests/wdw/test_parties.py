"""Strategie 6.2 "Kämpfe mit mehr als zwei Parteien": three realms attacking into one
field fight one combat, each party against all — one ``K`` item, one ruling naming the
winning party (``Sieger Reich n``) —, allied realms fight as one party, and the month
with the rulings replays to the same state."""

from __future__ import annotations

import json

from engine.core import Order, Ruling
from engine.wdw.form import form_words
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.rulings import default_ruling
from engine.wdw.state import Realm, Unit, WdwState
from tests.wdw.helpers import GAME, dice, month_of, sample, unit_of

ORDERS: dict[int, list[Order]] = {
    seat: [Fight(line=1, unit=101, code="KA", path=("1/20",))] for seat in (1, 2, 3)
}


def _three(allied: bool = False) -> WdwState:
    """Each realm's 101 attacks into 1/20, realm 3's (3,000) the
    strongest; ``allied``: realms 1 and 3 count each other allies (D26)."""
    state = sample(3)
    for seat, kf in ((1, "1/19"), (2, "1/21"), (3, "1/11")):
        unit_of(state, seat, 101).kf = kf
    unit_of(state, 3, 101).size = 3000
    if allied:
        state.realm(1).allies, state.realm(3).allies = [3], [1]
    return state


def test_three_realms_in_one_field_fight_one_combat_of_three_parties() -> None:
    items = find_items(_three(), ORDERS)
    (item,) = (k for k in items.meetings if k.startswith("K"))
    combat = items.meetings[item]
    assert item == "K1" and combat.parties == ((1,), (2,), (3,))
    assert [key for key, _ in combat.late] == ["3/101"]
    (third,) = combat.others
    assert third.realm == 3 and third.kampfkraft > max(combat.a.kampfkraft, combat.b.kampfkraft)
    # The form proposes the strongest party, in words the ruling reader takes.
    assert default_ruling("K1", items) == "Sieger Reich 3; Verluste keine"
    assert form_words("K1", items, "en") == "Winner realm 3; losses none"
    # The workbench under the item lists each party with its Kampfkraft.
    dossier = GAME.dossier(_three(), ORDERS, "de")
    assert "Weitere Partei Reich 3, jede gegen alle (Strategie 6.2): Kampfkraft 3600" in dossier


def test_two_realms_meeting_beside_a_fight_under_way_join_it() -> None:
    # Realm 4 (from 1/21) joins the fight of 1 and 2 on its first day, 10; realm 3 comes
    # on day 15 and meets 1, 2 and 4 there: still the one fight, not a second of 3 and 4.
    state = _three()
    state.realms.append(Realm(4, "Reich 4"))
    state.units.append(Unit(realm=4, id=101, unit_class="land", size=2000, kf="1/21", nahkampf=1))
    unit_of(state, 2, 101).kf = "1/20"
    orders = {**ORDERS, 2: [Fight(line=1, unit=101, code="KV")], 4: ORDERS[1]}
    items = find_items(state, orders)
    assert list(items.meetings) == ["K1"]
    assert items.meetings["K1"].parties == ((1,), (2,), (4,), (3,))
    assert items.meetings["K1"].late == (("4/101", 1), ("3/101", 3))


def test_allied_realms_fight_as_one_party() -> None:
    items = find_items(_three(allied=True), ORDERS)
    (combat,) = (m for k, m in items.meetings.items() if k.startswith("K"))
    assert sorted(map(sorted, combat.parties)) == [[1, 3], [2]]
    assert combat.others == ()
    # The ally joins on its partner's side of the workbench.
    assert "Später dazu: 3/101 (Seite A)" in GAME.dossier(_three(allied=True), ORDERS, "de")
    # Its partner's victory is its own: only realm 2 lost and retreats.
    after = month_of(_three(allied=True), ORDERS, Ruling("K1", "Sieger A; Verluste keine"))
    told = {(n.seat, n.key) for n in after.notes if n.key in ("note.won", "note.lost")}
    assert told == {(1, "note.won"), (2, "note.lost"), (3, "note.won")}
    assert {u.key: u.kf for u in after.units if u.id == 101}["2/101"] == "1/21"


def test_a_ruling_names_a_party_of_the_combat() -> None:
    state = _three()
    refused = GAME.check_ruling(state, ORDERS, [], Ruling("K1", "Sieger Reich 5"), "de")
    assert refused == "Reich 5 ist keine Partei dieses Kampfs (Parteien: 1, 2, 3)"
    assert GAME.check_ruling(state, ORDERS, [], Ruling("K1", "Winner realm 3"), "en") == ""


RULING = Ruling("K1", "Sieger Reich 3; Verluste 1/101 -100, 2/101 -200, 3/101 -300")


def test_the_winning_party_holds_the_field_and_every_other_retreats() -> None:
    after = month_of(_three(), ORDERS, RULING)
    sizes = {u.key: (u.kf, u.size) for u in after.units if u.id == 101}
    # Each loser goes back the way it came (D28); the winner stays.
    assert sizes == {"1/101": ("1/19", 1900), "2/101": ("1/21", 1800), "3/101": ("1/20", 2700)}
    told = {(n.seat, n.key) for n in after.notes if n.key in ("note.won", "note.lost")}
    assert told == {(1, "note.lost"), (2, "note.lost"), (3, "note.won")}


def test_the_month_of_three_parties_replays_from_its_rulings() -> None:
    # The replay starts from the stored state (its JSON) with the same orders and rulings.
    stored = GAME.state_from_json(json.loads(json.dumps(_three().to_json())))
    one = GAME.draft(_three(), ORDERS, [RULING], dice())
    two = GAME.draft(stored, ORDERS, [RULING], dice())
    assert isinstance(one.state, WdwState) and one.state.unit(3, 101) is not None
    assert json.dumps(one.state.to_json()) == json.dumps(two.state.to_json())
