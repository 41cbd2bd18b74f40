"""The dossier's parts A to C (design §4.2) and the printout's economy lines (design §8):
orders as their acknowledgement checked them, NMR, the Rüstkapazität and stationing, the
sightings, the next income date."""

from __future__ import annotations

import re

from engine.core import Order
from engine.wdw.orders import Build, Fight, Spy, Storm
from engine.wdw.texts import TEXTS
from tests.wdw.helpers import GAME, by_number, month_of, placed, sample


def test_part_a_words_each_order_as_checked_with_its_cost_or_refusal_and_names_nmr() -> None:
    state = sample(3)
    orders = {
        1: [Build(line=1, settlement="Guru", structure="stv", bwp=1)],
        2: [Fight(line=1, unit=999, code="KA", ext="", path=("1/20",))],
    }
    lines = GAME.dossier(state, orders, "de").splitlines()
    part_a = lines[lines.index("A Befehle") + 1 : lines.index("B Wirtschaft")]
    assert "  1: Baue in Guru: Stv +1 (diesen Monat 5000 GS)" in part_a
    refused = next(x for x in part_a if x.startswith("  2: "))
    assert "999" in refused and refused != "  2: Einheit 999: KA 1/20"
    assert "  Reich 3 Corigani: keine Befehle (NMR)" in part_a


def test_part_a_words_a_spys_minimum_ig_as_the_realm_knows_it_not_as_the_gm_does() -> None:
    # Part A is the acknowledgement's check on the realm's position; the GM reading it
    # is not the one whose knowledge it is ("nach Ihrem Wissen" addressed the GM).
    orders = {1: [Spy(line=1, unit=601, code="GI", risk=4, target="Tharnburg")]}
    lines = GAME.dossier(sample(3), orders, "de").splitlines()
    part_a = lines[lines.index("A Befehle") + 1 : lines.index("B Wirtschaft")]
    spy = "  1: Einheit 601: GI Risiko 4, Ziel Tharnburg (Mindest-IG nach Kenntnis des Reiches: 1)"
    assert any(line.startswith(spy) for line in part_a)
    assert not any("Ihrem Wissen" in line for line in part_a)


def part_a(text: str, head: str, end: str) -> list[str]:
    lines = text.splitlines()
    return lines[lines.index(head) + 1 : lines.index(end)]


def test_part_a_names_the_realm_in_the_third_person_for_the_gm() -> None:
    # The GM read "Ihr Reich kennt dieses Ziel nicht", the realm's words, of realm 2's.
    orders: dict[int, list[Order]] = {
        2: [
            Spy(line=1, unit=601, code="GI", target="Atlantis"),
            Storm(line=2, settlement="Atlantis", units=(101,)),
            Fight(line=3, unit=999, code="KA", path=("1/23",)),
        ]
    }
    de = part_a(GAME.dossier(sample(3), orders, "de"), "A Befehle", "B Wirtschaft")
    assert any("(Reich 2 kennt dieses Ziel nicht: ob es besteht," in x for x in de)
    assert any(x.endswith(": Reich 2 kennt keine Ansiedlung Atlantis") for x in de)
    assert any(x.endswith(": keine Einheit 999 des Reiches 2") for x in de)
    assert not any("Ihr" in x for x in de)
    en = part_a(GAME.dossier(sample(3), orders, "en"), "A Orders", "B Economy")
    assert any("(realm 2 does not know this target: whether it exists," in x for x in en)
    assert any(x.endswith(": realm 2 knows no settlement Atlantis") for x in en)
    assert not any("your" in x for x in en)
    # The realm itself still reads its own words.
    said = GAME.describe_order(sample(3), 2, orders[2][1], "de", by_number)
    assert said.endswith(": Ihr Reich kennt keine Ansiedlung Atlantis")


def test_no_acknowledgement_text_names_the_realm_but_by_its_placeholder() -> None:
    # One text serves the realm ("Ihr Reich") and the GM ("Reich 2"): engine.wdw.texts.
    for lang, words in (("de", r"\bIhr(e[mns]?)? Reich"), ("en", r"\byour\b")):
        for key in TEXTS.table[lang]:
            if key.startswith(("reject.", "warn.", "order.", "forecast.")):
                text = TEXTS.text(lang, key)
                assert not re.search(words, text), (lang, key, text)


def test_part_b_gives_each_settlements_capacity_used_and_left_and_its_stationing() -> None:
    state = sample()
    state.settlement("Guru").rues_used = 2500
    text = GAME.dossier(state, {}, "de")
    assert (
        "Guru: Rüstkapazität 2500 von 30000 GS genutzt (frei 27500), stationiert 5000 von 6000"
        in text
    )


def test_part_c_lists_who_sights_which_foreign_unit_where_and_when() -> None:
    state = placed(u1_101="1/20")
    orders = {1: [Fight(line=1, unit=101, code="KV", ext="", path=("1/21",))]}
    lines = GAME.dossier(state, orders, "de").splitlines()
    part_c = lines[lines.index("C Bewegungen") + 1 : lines.index("D Offene Punkte")]
    seen = [x for x in part_c if x.startswith("  Sichtung: Reich 2 sieht 1/101 in ")]
    assert seen, part_c
    english = GAME.dossier(state, orders, "en")
    assert "Sighting: realm 2 sees 1/101 in " in english


def test_the_printout_names_the_next_income_month_and_the_months_to_go() -> None:
    after = month_of(sample(), {})
    assert (after.month, after.year) == (2, 1000)
    german = GAME.printout(after, 1, "de").splitlines()
    assert "Nächster Einnahmetermin: Monat 6, noch 5 Monate" in german
    assert (
        "  Guru: Rüstkapazität 0 von 30000 GS genutzt (frei 30000), stationiert 5000 von 6000"
        in german
    )
    english = GAME.printout(after, 1, "en").splitlines()
    assert "Next income date: month 6, 5 months to go" in english
