"""The units' properties in the combat workbench (Strategie 4.3, 6.2, 6.3; D13):
Marineinfanterie's Angriffsstärke +3 in a boarding fight, Heimatverteidigung's +2
inside its province (as strength or as GP by the option ``hv_bonus``), and the
Verteidigung the GM weighs when he rules the losses."""

from __future__ import annotations

from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import GAME, sample
from tests.wdw.test_calculators import lines_of

GM = None


def _bench(state: WdwState, lang: str = "de", **params: str) -> list[str]:
    return lines_of(GAME.calculate(state, GM, "combat", params, lang))


def _boarding(marines: bool) -> WdwState:
    """Realm 1's fleet with 100 warriors aboard in the water field 1/24 against realm 2's
    fleet there."""
    state = sample()
    state.units += [
        Unit(1, 301, "sea", 10, "1/24", nahkampf=1),
        Unit(1, 110, "land", 100, "1/24", nahkampf=1, marineinfanterie=marines),
        Unit(2, 301, "sea", 10, "1/24", nahkampf=1),
    ]
    return state


def test_marines_fight_a_boarding_at_attack_strength_plus_3() -> None:
    lines = _bench(_boarding(True), a="1/301 1/110", b="2/301", kf="1/24")
    # Strategie 4.3: 100 · (1 + 3) = 400, no GP: Kampfkraft 400.
    assert any(
        line.startswith("1/110: 100 El., Nahkampf 400 (Angriffsstärke 1, Marineinfanterie +3)")
        and "→ 400;" in line
        for line in lines
    )
    plain = _bench(_boarding(False), "en", a="1/301 1/110", b="2/301", kf="1/24")
    assert any(line.startswith("1/110: 100 el., melee 100, GP 0") for line in plain)


def test_a_boarding_fight_counts_every_ship_at_the_lands_scale() -> None:
    # Strategie 4.3 "ein Schiff mit Nahkampf 1 zur See [entspricht] einer Nahkampfstärke
    # zu Land von 50", 6.2 "geladene Kampfeinheiten [kämpfen] mit": with warriors aboard
    # both fleets count 1:50, so that A's sum is not ships at 1 plus warriors.
    lines = _bench(_boarding(True), a="1/301 1/110", b="2/301", kf="1/24")
    assert "1/301: 10 El., Nahkampf 500 (1:50/1:20), GP 0 (0) → 500;" in " ".join(lines)
    assert "Summe A: Kampfkraft Nahkampf 900, Fernkampf 0" in lines
    assert "Summe B: Kampfkraft Nahkampf 500, Fernkampf 0" in lines
    fleets = _bench(_boarding(True), a="1/301", b="2/301", kf="1/24")  # no land unit
    assert "Summe A: Kampfkraft Nahkampf 10, Fernkampf 0" in fleets


def test_marines_get_nothing_on_land_or_against_land_units() -> None:
    state = _boarding(True)
    marine = state.unit(1, 110)
    assert marine is not None
    lines = _bench(state, a="1/110", b="2/101", kf="1/24")  # no enemy ship
    assert any(line.startswith("1/110: 100 El., Nahkampf 100,") for line in lines)
    marine.kf = "1/23"
    lines = _bench(state, a="1/110", b="2/301", kf="1/23")  # on land: no boarding
    assert any(line.startswith("1/110: 100 El., Nahkampf 100,") for line in lines)


def test_verteidigung_is_named_for_the_gms_losses_without_a_number() -> None:
    state = sample()
    unit = state.unit(1, 101)
    assert unit is not None
    params = {"a": "1/101", "b": "2/101", "kf": "1/22", "a_from": "1/21"}
    assert not any("Verteidigung" in line for line in _bench(state, **params))
    unit.verteidigung = 2
    lines = _bench(state, **params)
    assert (
        "1/101: Verteidigung 2 – weniger Verluste im Kampf, gleicher Schaden am Feind"
        " (Strategie 4.3, 6.2 „Der Verteidigungswert“); wie viel weniger, entscheidet die SL"
    ) in lines
    # 4.3: it changes no Kampfkraft.
    assert any(line.startswith("1/101: 2000 El., Nahkampf 2000, GP 1") for line in lines)


def _at_home(**options: object) -> WdwState:
    """Isyrial's 1/101 defends Erinal (1/18 1/17 1/19); Tharn's 2/101 attacks it in 1/19."""
    state = sample(**options)
    state.realm(1).provinces = ["Erinal=1/18 1/17 1/19"]
    unit = state.unit(1, 101)
    assert unit is not None
    unit.heimatverteidigung = ["Erinal"]
    return state


HOME = {"a": "2/101", "b": "1/101", "kf": "1/19", "a_from": "1/20"}


def test_heimatverteidigung_adds_two_to_the_strength_inside_its_province() -> None:
    lines = _bench(_at_home(), **HOME)
    # D13, hv_bonus strength: 2000 · (1 + 2) = 6000, raised in Tiefland +1: 6000·6/5.
    assert any(
        line.startswith(
            "1/101: 2000 El., Nahkampf 6000 (Angriffsstärke 1, Heimatverteidigung +2),"
            " GP 1 (Gelände +1) → 7200"
        )
        for line in lines
    )
    away = _bench(_at_home(), **{**HOME, "kf": "1/20", "a_from": "1/21"})
    assert any(line.startswith("1/101: 2000 El., Nahkampf 2000, GP 1") for line in away)


def test_heimatverteidigung_as_gp_is_a_cause_of_its_own() -> None:
    lines = _bench(_at_home(hv_bonus="gp"), **HOME)
    # D13, hv_bonus gp: +2 GP: 2000 · (5 + 3)/5 = 3200.
    assert any(
        line.startswith(
            "1/101: 2000 El., Nahkampf 2000, GP 3 (Gelände +1, Heimatverteidigung +2) → 3200"
        )
        for line in lines
    )
