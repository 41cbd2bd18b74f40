"""Mutually exclusive orders (Starweb "Die Befehle"): the first written wins."""

from __future__ import annotations

from engine.starweb import exclusive
from engine.starweb import orders as o


def fire(number: int, at: int = 0, source: str = "F", target: str = "F", **kw: bool) -> o.Fire:
    return o.Fire(source=source, number=number, target=target, target_fleet=at, **kw)


def test_fire_and_move_of_one_key_the_first_written_wins() -> None:
    first, second = fire(78, 189), o.Move(fleet=78, path=(5,))
    kept, dropped = exclusive.resolve([first, second])
    assert kept == [first]
    assert dropped == {id(second): "conflict:F78AF189"}


def test_conditional_fire_counts_as_fire() -> None:
    # Starweb "Die Befehle": "auch ein bedingter Feuerbefehl gilt als echter Feuerbefehl"
    orders: list[o.StarwebOrder] = [
        fire(180, 8, conditional=True),
        o.Move(fleet=180, path=(3,)),
        o.Gift(what="F", number=180, player="BORG"),
        o.RobotAttack(fleet=180, quantity=2),
        o.DropBomb(fleet=180),
    ]
    kept, dropped = exclusive.resolve(orders)
    assert kept == orders[:1]
    assert set(dropped.values()) == {"conflict:F180CF8"}


def test_other_keys_and_other_orders_do_not_conflict() -> None:
    orders: list[o.StarwebOrder] = [
        fire(1, 2),
        o.Move(fleet=2, path=(5,)),
        o.Probe(source="F", number=2, world=7),  # probes come before movement
        o.Cargo(fleet=2, action=o.LOAD),  # load, then move
        o.BuildBomb(fleet=1),  # building a bomb is no fire
        o.Cargo(fleet=1, action=o.UNLOAD, quantity=2),
        o.Cargo(fleet=1, action=o.CONSUMER_GOODS, quantity=1),  # two unloads add up
    ]
    assert exclusive.resolve(orders) == (orders, {})


def test_home_fleets_against_giving_the_world_and_emigration() -> None:
    # English rules §29: firing with a world's I- or P-ships excludes giving it away and
    # emigration; its I- and P-ships may fire at two different targets.
    i_fire, p_fire = fire(13, 8, source="I"), fire(13, 9, source="P")
    gift = o.Gift(what="W", number=13, player="BORG")
    emigrate = o.Emigrate(world=13, quantity=5, to=79)
    kept, dropped = exclusive.resolve([i_fire, p_fire, gift, emigrate])
    assert kept == [i_fire, p_fire]
    assert dropped == {id(gift): "conflict:I13AF8", id(emigrate): "conflict:I13AF8"}
    second_i = fire(13, 7, source="I")
    assert exclusive.conflicts([i_fire, second_i]) == [(second_i, i_fire)]


def test_emigration_once_per_world_and_turn() -> None:
    first = o.Emigrate(world=13, quantity=5, to=79)
    converts = o.Emigrate(world=13, quantity=2, to=2, converts=True)
    other_world = o.Emigrate(world=14, quantity=2, to=2)
    assert exclusive.conflicts([first, converts, other_world]) == [(converts, first)]


def test_one_order_per_artifact() -> None:
    attach, drop = o.AttachArtifact(artifact=38, fleet=160), o.DropArtifact(artifact=38)
    assert exclusive.conflicts([attach, drop, o.DropArtifact(artifact=11)]) == [(drop, attach)]


def test_load_and_unload_of_one_key() -> None:
    # Starweb "Fracht": "Man kann also Lade- und Entladebefehle nicht in einer Runde
    # erteilen"; the first written wins, either way round.
    load, unload = o.Cargo(fleet=45, action=o.LOAD), o.Cargo(fleet=45, action=o.UNLOAD)
    assert exclusive.conflicts([load, unload]) == [(unload, load)]
    assert exclusive.conflicts([unload, load]) == [(load, unload)]
    jettison = o.Cargo(fleet=45, action=o.JETTISON)
    assert exclusive.conflicts([load, jettison]) == []


def test_duplicates_and_contradicting_standing_orders() -> None:
    move = o.Move(fleet=3, path=(5,))
    again = o.Move(fleet=3, path=(5,))
    peace, war = o.Stance(fleet=4, peace=True), o.Stance(fleet=4, peace=False)
    ally, unally = (
        o.Diplomacy(action=o.ALLY, player="BORG"),
        o.Diplomacy(action=o.UNALLY, player="borg"),
    )
    grant, revoke = o.LoadingRight(player="NECRON"), o.LoadingRight(player="NECRON", grant=False)
    votes = o.EndScoreVote(score=5000), o.EndScoreVote(score=8000)
    orders = [move, again, peace, war, ally, unally, grant, revoke, *votes]
    assert exclusive.conflicts(orders) == [
        (again, move),
        (war, peace),
        (unally, ally),
        (revoke, grant),
        (votes[1], votes[0]),
    ]


def test_explain_names_both_orders_and_the_rule() -> None:
    move, shot = o.Move(fleet=12, path=(5,)), fire(12, 3)
    assert exclusive.explain(move, shot, "de") == (
        "F12W5 entfällt: widerspricht dem früheren Befehl F12AF3 (Die Befehle: Feuern und "
        "Bewegung schließen sich aus)"
    )
    assert exclusive.explain(move, shot, "en") == (
        "F12W5 is dropped: it contradicts the earlier order F12AF3 (Die Befehle: firing and "
        "moving exclude each other)"
    )
