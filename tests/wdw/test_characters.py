"""Characters' good points (Strategie 6.3, Tab. 6.3-1, F11): the GM's role corrections
(REP with its years, a settlement's lord) and what the combat workbench counts."""

from __future__ import annotations

import pytest

from engine.core import CORRECTION, Ruling
from engine.wdw.calculators import combat
from engine.wdw.characters import Role, read_role
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState
from engine.wdw.views import report_data
from tests.wdw.helpers import GAME, month, sample, unit_of


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("Einheit 1/601 REP 2", Role("rep", "1/601", 2)),
        ("unit 1/601 rep no", Role("rep", "1/601", -1)),
        ("Ansiedlung Guru Stadtherr 601", Role("lord", "Guru", 601)),
        ("Settlement Guru lord none", Role("lord", "Guru", 0)),
        ("Einheit 1/601 REP viel", None),
    ],
)
def test_role_corrections_are_read_in_german_and_english(text: str, role: Role | None) -> None:
    assert read_role(text) == role


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Einheit 1/101 REP 1", "Einheit 1/101 ist kein Charakter"),
        ("Einheit 1/999 REP 1", "keine Einheit 1/999"),
        ("Ansiedlung Atlantis Stadtherr 601", "keine Ansiedlung Atlantis"),
        ("Ansiedlung Guru Stadtherr 999", "keine Einheit 1/999"),
        ("Ansiedlung Guru Stadtherr 601", ""),
        ("Einheit 1/601 REP zwei", "Korrektur: „Einheit 1/601 REP 2“ (Jahre Spielerfahrung;"),
        ("Einheit 1/601 REP 50", ""),
        (
            "Einheit 1/601 REP 51",
            "51 Jahre Spielerfahrung sind zu viele: eine REP hat höchstens 50",
        ),
        ("Einheit 1/601 REP 999999999", "999999999 Jahre Spielerfahrung sind zu viele"),
    ],
)
def test_a_role_correction_is_checked(text: str, reason: str) -> None:
    said = GAME.check_ruling(sample(), {}, [], Ruling(CORRECTION, text, "x"), "de")
    assert said.startswith(reason) and bool(said) is bool(reason)


def test_a_reps_years_above_the_cap_are_refused_in_english() -> None:
    ruling = Ruling(CORRECTION, "Unit 1/601 REP 51", "x")
    said = GAME.check_ruling(sample(), {}, [], ruling, "en")
    assert said == "51 years of play are too many: a REP has at most 50 (Tab. 6.3-1: +1 GP a year)"


def _cast() -> WdwState:
    """Isyrial's 601 is a REP of 2 years and the lord of Guru (12 BWP), by correction."""
    rulings = (
        Ruling(CORRECTION, "Einheit 1/601 REP 2", "Herrscher"),
        Ruling(CORRECTION, "Ansiedlung Guru Stadtherr 601", "Herrscher"),
    )
    return month(sample(), rulings=rulings)


def test_role_corrections_set_the_state_and_are_logged() -> None:
    state = _cast()
    ruler = state.unit(1, 601)
    assert ruler is not None and ruler.rep and ruler.experience == 2
    assert state.settlements[0].lord == "1/601"
    assert "Korrektur Einheit 1/601 REP 2 (Herrscher)" in state.log
    ended = month(state, rulings=(Ruling(CORRECTION, "Einheit 1/601 REP nein", "tot"),))
    ex = ended.unit(1, 601)
    assert ex is not None and not ex.rep and ex.experience == 0


def _gp(state: WdwState, leader: bool = False) -> dict[str, int]:
    """The GP by cause of Isyrial's 1/101 attacking Tharnburg with its 601."""
    ruler, army = state.unit(1, 601), state.unit(1, 101)
    defender = state.unit(2, 101)
    assert ruler is not None and army is not None and defender is not None
    ruler.heerfuehrer = leader
    attack = combat.Approach((army, ruler), "KA", "1/21")
    bench = combat.workbench(
        combat.Scene.of(state), "1/22", attack, combat.Approach((defender,), "KV")
    )
    return dict(bench.a.fighters[0].gp)


def test_a_rep_gives_two_and_a_year_and_the_lord_one_per_ten_bwp() -> None:
    gp = _gp(_cast())
    assert (gp["rep"], gp["erfahrung"], gp["stadtherr"]) == (2, 2, 1)
    assert "rep heerführer" not in gp


def test_a_rep_as_heerfuehrer_gives_three_not_both() -> None:
    gp = _gp(_cast(), leader=True)
    assert gp["rep heerführer"] == 3 and "rep" not in gp


@pytest.mark.parametrize(("bukaz", "total"), [(0, 9), (-50, 4), (-75, 1)])
def test_the_bukaz_halves_or_takes_the_characters_gp(bukaz: int, total: int) -> None:
    state = _cast()
    state.realm(1).bukaz = bukaz
    army = unit_of(state, 1, 101)
    army.raised_terrain, army.gp_bonus = "", 4
    # F11: 4 GP of its own and 5 of the characters; at −50 these count half (2), then
    # −2 for the BükAz: 4; at −75 none, then −3: 1.
    assert sum(_gp(state).values()) == total


def test_a_lord_of_a_lost_settlement_or_a_plain_character_gives_nothing() -> None:
    state = _cast()
    state.settlements[0].owner = 2
    ruler = unit_of(state, 1, 601)
    ruler.rep = False
    gp = _gp(state)
    assert not {"rep", "erfahrung", "stadtherr"} & set(gp)


ATTACK = {2: [Fight(line=1, unit=101, code="KA", path=("1/18",))]}
"""Tharn's 101, placed in 1/19 by :func:`_attacked`, attacks Guru."""


def _attacked() -> WdwState:
    state = _cast()
    next(u for u in state.units if u.key == "2/101").kf = "1/19"
    return state


@pytest.mark.parametrize(
    ("lang", "causes"),
    [
        ("de", "REP +2, Erfahrung +2, Stadtherr +1"),
        ("en", "REP +2, experience +2, lord of the town +1"),
    ],
)
def test_the_dossier_workbench_shows_the_characters_gp_in_the_readers_words(
    lang: str, causes: str
) -> None:
    text = GAME.dossier(_attacked(), ATTACK, lang)
    (line,) = [line for line in text.splitlines() if line.startswith("       1/101:")]
    assert causes in line


def test_the_items_kampfkraft_counts_the_characters_too() -> None:
    # The default ruling (the stronger side wins) and an E question read it (F10).
    (meeting,) = find_items(_attacked(), ATTACK).meetings.values()
    mine = meeting.a if meeting.a.realm == 1 else meeting.b
    # The side's GP by cause add up its units': +2 and +1 for each of its four there.
    assert (dict(mine.gp)["rep"], dict(mine.gp)["stadtherr"]) == (8, 4)


def test_the_owner_and_the_gm_read_the_roles_the_other_realm_does_not() -> None:
    state = _cast()
    ruler = unit_of(state, 1, 601)
    ruler.heerfuehrer = True
    roles = "    Rolle: Spion, Heerführer, REP (Spieljahre: 2)"
    for seat in (1, 0):
        text = GAME.printout(state, seat, "de")
        assert roles in text and "Guru in 1/18" in text
        assert "(Hauptstadt)\n    Stadtherr: Einheit 601\n" in text
    assert "    Role: spy, leader, REP (years of play: 2)" in GAME.printout(state, 0, "en")
    theirs = GAME.printout(state, 2, "de")
    assert "Spieljahre" not in theirs and "Stadtherr" not in theirs


def test_a_lord_of_another_realm_is_not_named_in_the_new_owners_printout() -> None:
    state = _cast()
    state.settlements[0].owner = 2  # Guru taken: the record still names 1/601
    assert "Stadtherr" not in GAME.printout(state, 2, "de")


def _lords(state: WdwState, seat: int) -> dict[str, object]:
    """Each settlement's ``lord`` in the JSON twin of ``seat``."""
    rows = report_data(state, seat, "de")["settlements"]
    assert isinstance(rows, list)
    return {row["name"]: row["lord"] for row in rows if isinstance(row, dict)}


def test_the_new_owners_json_does_not_name_the_old_owners_lord_the_gms_does() -> None:
    assert _lords(_cast(), 1)["Guru"] == "1/601"
    state = _cast()
    state.settlements[0].owner = 2  # Guru taken: the record still names 1/601
    assert _lords(state, 2)["Guru"] == ""
    assert _lords(state, 0)["Guru"] == "1/601"
