"""The calculators in the dossier (design §4.2, §9): part B's economy forecast up to
the next income date, part C's range used and left of each moving unit and the F/W
hunters' sightings, part I's named draws of the month — in German and English."""

from __future__ import annotations

import re

from engine.core import Order, Ruling
from engine.wdw.orders import Build, Fight, Spy, Train, Work
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, dice, month, month_of, raising, sample, unit_of


def _part(text: str, head: str, after: str) -> list[str]:
    """The lines of the dossier's part ``head`` up to the line ``after`` that follows it."""
    lines = text.splitlines()
    start = lines.index(head) + 1
    return lines[start : lines.index(after, start)]


# -- part B: the economy forecast


def test_part_b_forecasts_each_realm_to_its_income_month_with_its_builds_as_plans() -> None:
    orders: dict[int, list[Order]] = {1: [Build(line=1, settlement="Guru", structure="stv", bwp=2)]}
    part_b = _part(GAME.dossier(sample(), orders, "de"), "B Wirtschaft", "C Bewegungen")
    guru = part_b.index("  Reich 1 Isyrial: Schatz 60000 GS, BükAz 0")
    # Month 1 is being played (what its phases pay, in the ledger's words), month 6 the
    # next Einnahmetermin (D12): six months, the three in which nothing is paid or
    # earned in one line.
    assert part_b[guru + 2 : guru + 7] == [
        "    Monat 1/1000: Anfang 60000 GS; Bau in Guru −5000; Ende 55000 GS",
        "    Monat 2/1000: Anfang 55000 GS; Bau Guru Stv −5000; Ende 50000 GS",
        "    Monat 3/1000 bis 5/1000: keine Änderung, 50000 GS",
        # F1: 100 GS less income for each of the two BWP built.
        "    Monat 6/1000: Anfang 50000 GS; Einnahmen +6000 (Guru +6000), Unterhalt −4200;"
        " Ende 51800 GS",
        "    Kein Fehlbetrag.",
    ]
    # Realm 2 plans nothing: its treasury only changes at the income date.
    assert "    Monat 1/1000 bis 5/1000: keine Änderung, 60000 GS" in part_b
    # No month is listed with nothing in it.
    assert not [line for line in part_b if re.search(r"Anfang (\d+) GS; Ende \1 GS", line)]
    english = GAME.dossier(sample(), orders, "en").splitlines()
    assert "    Month 2/1000: start 55000 GS; build Guru Stv −5000; end 50000 GS" in english


def test_part_b_flags_the_months_a_realm_runs_short() -> None:
    state = sample()
    state.realm(1).treasury = 7000
    orders: dict[int, list[Order]] = {1: [Build(line=1, settlement="Guru", structure="stv", bwp=2)]}
    german = GAME.dossier(state, orders, "de").splitlines()
    assert (
        "    Monat 2/1000: Anfang 2000 GS; Bau Guru Stv unterbrochen (fehlen 3000); Ende 2000 GS"
        in german
    )
    # The build waits for gold every month up to the income date, which comes after it.
    short = "2/1000 (3000), 3/1000 (3000), 4/1000 (3000), 5/1000 (3000), 6/1000 (3000)"
    assert f"    ! Fehlbeträge: {short} – Rat [R 3.1]: im Voraus bezahlen" in german
    english = GAME.dossier(state, orders, "en").splitlines()
    assert f"    ! Shortfalls: {short} – advice [R 3.1]: pay ahead" in english
    # A realm with gold enough is not flagged.
    assert "    Kein Fehlbetrag." in german


SPENDING: list[Order] = [
    Build(line=1, settlement="Guru", structure="stv", bwp=2),
    raising(2200, "nahkampf=1", line=2),
    Train(line=3, unit=101, properties=("nahkampf=2",)),
    Work(line=4, unit=201, code="AB", structure="stv"),
]
"""Realm 1 builds (F12), raises 2200 warriors, trains unit 101 and has unit 201 build
(AB): 5000 + 11000 + 20000 + 5000 GS this month."""


def _guru(part_b: list[str]) -> list[str]:
    """Realm 1's forecast lines in part B (below its treasury and capacity lines)."""
    heads = [i for i, line in enumerate(part_b) if line.startswith("  Reich ")]
    return part_b[heads[0] + 2 : heads[1]]


def test_part_b_month_one_spends_what_the_month_spends_and_counts_the_new_units_upkeep() -> None:
    state = sample()
    part_b = _part(GAME.dossier(state, {1: SPENDING}, "de"), "B Wirtschaft", "C Bewegungen")
    assert _guru(part_b) == [
        # The build and the worker's AB in one ledger line, as the printout sums them.
        "    Monat 1/1000: Anfang 60000 GS; Bau in Guru −10000; Rüsten in Guru −11000;"
        " Ausbildung in Guru −20000; Ende 19000 GS",
        "    Monat 2/1000: Anfang 19000 GS; Bau Guru Stv −5000; Ende 14000 GS",
        "    Monat 3/1000 bis 5/1000: keine Änderung, 14000 GS",
        # F7: 4200 for the units there were, 2200 for the 2200 warriors raised.
        "    Monat 6/1000: Anfang 14000 GS; Einnahmen +5900 (Guru +5900), Unterhalt −6400;"
        " Ende 13500 GS",
        "    Kein Fehlbetrag.",
    ]
    assert month(state, *SPENDING).realm(1).treasury == 19000
    english = GAME.dossier(state, {1: SPENDING}, "en").splitlines()
    assert (
        "    Month 1/1000: start 60000 GS; building in Guru −10000; raising in Guru −11000;"
        " training in Guru −20000; end 19000 GS"
    ) in english


def test_part_b_income_month_is_the_treasury_of_the_months_played() -> None:
    # D23: the upkeep grows with the RS; unit 102 (mounted) ends a training to RS 5 in
    # month 3, before the income month.
    state = sample(upkeep_rs_surcharge=True)
    unit = unit_of(state, 1, 102)
    unit.training_months, unit.training_to = 3, ["nahkampf=3", "fernkampf=1"]
    part_b = _part(GAME.dossier(state, {1: SPENDING}, "de"), "B Wirtschaft", "C Bewegungen")
    played = month(state, *SPENDING)
    played = month(played, Build(settlement="Guru", structure="stv", bwp=1))
    for _ in range(4):
        played = month(played)
    trained = played.unit(1, 102)
    assert trained is not None and trained.rs() == 5
    ledger = {b.cause: -b.amount for b in played.ledger if b.seat == 1}
    income = f"Unterhalt −{ledger['upkeep']}; Ende {played.realm(1).treasury} GS"
    assert _guru(part_b)[3].endswith(income)
    assert ledger["upkeep"] > 6400  # the trained unit's surcharge counted


def test_part_b_flags_an_army_order_the_month_cannot_pay() -> None:
    state = sample()
    state.realm(1).treasury = 30000
    part_b = _part(GAME.dossier(state, {1: SPENDING}, "de"), "B Wirtschaft", "C Bewegungen")
    guru = _guru(part_b)
    # 30000 − 10000 − 11000 leave 9000 for the training's 20000 (D25: in line order).
    assert guru[0] == (
        "    Monat 1/1000: Anfang 30000 GS; Bau in Guru −10000; Rüsten in Guru −11000;"
        " Rüsten/Ausbildung nicht bezahlt (fehlen 11000); Ende 9000 GS"
    )
    assert month(state, *SPENDING).realm(1).treasury == 9000
    assert guru[-1].startswith("    ! Fehlbeträge: 1/1000 (11000)")


# -- part C: range used and left, interceptions

ATTACK: dict[int, list[Order]] = {
    1: [Fight(line=1, unit=101, code="KA", path=("1/19", "1/20"))],
    2: [Fight(line=1, unit=101, code="KV", ext="F", path=("1/21", "1/20"))],
}


def test_part_c_gives_each_moving_units_range_used_and_left_and_its_bp_and_rounds() -> None:
    part_c = _part(GAME.dossier(sample(), ATTACK, "de"), "C Bewegungen", "D Offene Punkte")
    # On the road the range is 3 (7.1); two fields used leave one, a third of 15 BP,
    # two rounds of 2 BP each (F9).
    at = part_c.index("  1/101: 1/19@10 1/20@20")
    assert part_c[at + 1] == "     Reichweite 3: genutzt 2, frei 1; BP 15, übrig 5, Runden 2"
    english = GAME.dossier(sample(), ATTACK, "en").splitlines()
    assert "     Range 3: used 2, free 1; BP 15, left 5, rounds 2" in english
    # A unit that does not move gets no line of its own.
    assert not any(line.startswith("  1/102:") for line in part_c)


def test_part_c_lists_the_hunters_sightings_with_both_ranges() -> None:
    part_c = _part(GAME.dossier(sample(), ATTACK, "de"), "C Bewegungen", "D Offene Punkte")
    at = part_c.index("  Abfangen (F/W, Tab. 5.1-3; Reichweiten wie befohlen):")
    assert (
        part_c[at + 1]
        == "    2/101 sieht 1/101 in 1/20 ab Tag 20 – F: Jäger Reichweite 3, Gejagter 3"
    )
    english = GAME.dossier(sample(), ATTACK, "en").splitlines()
    assert "    2/101 sees 1/101 in 1/20 from day 20 – F: hunter's range 3, hunted's 3" in english


def test_part_c_has_no_interceptions_without_an_f_or_w_order() -> None:
    orders = {1: ATTACK[1], 2: [Fight(line=1, unit=101, code="KV", path=("1/21", "1/20"))]}
    text = GAME.dossier(sample(), orders, "de")
    assert "Abfangen" not in text
    assert "Interception" not in GAME.dossier(sample(), orders, "en")


def test_a_w_hunter_looks_one_field_around_an_f_hunter_as_far_as_it_sees() -> None:
    def hunters_lines(ext: str, where: str) -> list[str]:
        state = sample(sight_radius=4)
        hunted = unit_of(state, 2, 101)
        hunted.kf = where
        orders = {1: [Fight(line=1, unit=101, code="KV", ext=ext)]}
        return [
            line
            for line in GAME.dossier(state, orders, "en").splitlines()
            if " – F" in line or " – W" in line
        ]

    # Tab. 5.1-3, engine.wdw.interception: F reacts within the sight radius (here 4:
    # 1/20 and Tharnburg's units in 1/22), W one field around (none of them).
    far = hunters_lines("F", "1/20")
    assert far[0] == "    1/101 sees 2/101 in 1/20 from day 0 – F: hunter's range 2, hunted's 2"
    assert "    1/101 sees 2/601 in 1/22 from day 0 – F: hunter's range 2, hunted's 6" in far
    assert hunters_lines("W", "1/20") == []
    near = "    1/101 sees 2/101 in 1/19 from day 0 – W: hunter's range 2, hunted's 2"
    assert hunters_lines("W", "1/19") == [near]


# -- part I: the month's draws by name


def _standing() -> WdwState:
    """The sample with 2/101 standing in 1/20: a loser that stood still draws (D28)."""
    state = sample()
    unit = unit_of(state, 2, 101)
    unit.kf, unit.order = "1/20", "KV"
    return state


SPY_AND_ATTACK: dict[int, list[Order]] = {
    1: [
        Fight(line=1, unit=101, code="KA", path=("1/19", "1/20")),
        Spy(line=2, unit=601, code="GI", risk=4, target="Tharnburg"),
    ]
}


def test_part_i_names_each_draw_the_month_will_make_and_the_draft_makes_them_so() -> None:
    part_i = _part(GAME.dossier(_standing(), SPY_AND_ATTACK, "de"), "I Würfel", "")
    assert part_i[2:5] == [
        "  Dieser Monat zieht, je nach Ihren Entscheiden:",
        "    R K1 2/101: W6 unter 1/12 1/21 1/28 1/27 1/19 1/11, wenn Seite B verliert"
        " (sehen Reich 1, 2)",
        "    G1: W100, nur bei „G1 Chance p“ (sieht Reich 1)",
    ]
    # 1/101 came from 1/19, which is free: it goes back without a draw.
    assert not any("R K1 1/101" in line for line in part_i)
    the_dice = dice()
    rulings = (Ruling("K1", "Sieger A; Verluste keine"), Ruling("G1", "Chance 35; entdeckt nein"))
    month_of(_standing(), SPY_AND_ATTACK, *rulings, the_dice=the_dice)
    drawn = {(r.label, r.sides, r.seen_by) for r in the_dice.log}
    assert drawn == {("R K1 2/101", 6, frozenset({1, 2})), ("G1", 100, frozenset({1}))}


def test_part_i_says_where_the_seal_is_and_that_nothing_is_drawn_before_the_rulings() -> None:
    german = _part(GAME.dossier(sample(), {}, "de"), "I Würfel", "")
    assert german[0].startswith("  Siegel (die Würfel des Servers, kein Jahressiegel")
    assert "das Würfelsiegel der Runde 1 stand in den Auswertungen der Runde 0" in german[0]
    assert german[1].startswith("  Bisher gezogen: nichts")
    assert german[2] == "  Dieser Monat zieht nichts (kein Spion, kein Rückzug durch Los)."
    english = _part(GAME.dossier(sample(), {}, "en"), "I Dice", "")
    assert "the dice seal of turn 1 was in the printouts of turn 0" in english[0]
    assert english[2] == "  This month draws nothing (no spy, no retreat by lot)."
    english = GAME.dossier(_standing(), SPY_AND_ATTACK, "en").splitlines()
    assert (
        "    R K1 2/101: d6 among 1/12 1/21 1/28 1/27 1/19 1/11 if side B loses"
        " (seen by realms 1, 2)" in english
    )
    assert '    G1: d100, only with "G1 Chance p" (seen by realm 1)' in english
