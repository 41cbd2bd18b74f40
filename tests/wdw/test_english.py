"""The English printouts, dossier and acknowledgement: every text from the English
catalog, none a German one that the English lacks or left untranslated."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core import CORRECTION, Event, Order, Ruling
from engine.wdw.orders import Build, Fight, Special, Spy, Work
from engine.wdw.state import WdwState
from engine.wdw.tables import outcomes, row_words
from tests.wdw.helpers import GAME, by_number, dice, read_orders, sample
from tests.wdw.test_month import ORDERS

LOCALE = Path(__file__).parents[2] / "engine" / "wdw" / "locale"
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{4,}")
PLACEHOLDER = re.compile(r"\{[^}]*\}")


def catalog(lang: str) -> dict[str, str]:
    text = (LOCALE / f"{lang}.po").read_text(encoding="utf-8")
    return dict(re.findall(r'^msgid "(.+)"\nmsgstr "(.*)"$', text, re.MULTILINE))


def german_words() -> set[str]:
    """The words of the German catalog that no English text has (placeholders aside)."""
    german = {w for t in catalog("de").values() for w in WORD.findall(PLACEHOLDER.sub("", t))}
    english = {w for t in catalog("en").values() for w in WORD.findall(PLACEHOLDER.sub("", t))}
    return german - english


def english_texts() -> str:
    """A month's English printouts (a realm's and the GM's, without the log of the GM's
    own words), dossier with its ruling form, final report and acknowledgement of orders
    legal and refused."""
    state = sample(sight_radius=4)
    rulings = [
        Ruling("K1", "Sieger B; Verluste 1/101 -300"),
        Ruling("G1", "gelungen; entdeckt ja"),
        Ruling("X1", "angenommen: die Brücke fällt"),
        Ruling(CORRECTION, "treasury 1 +5", "typo"),
    ]
    result = GAME.draft(state, ORDERS, rulings, dice())
    assert isinstance(result.state, WdwState)
    after = GAME.apply_reports(result.state, {1: "Report"}).state
    assert isinstance(after, WdwState)
    # The log quotes the GM's own lines under the host's word for them (Korrektur).
    assert after.log == ["Korrektur treasury 1 +5 (typo)"]
    after.log = []
    orders: list[Order] = [
        *ORDERS[1],
        Fight(unit=101, code="KV"),
        Fight(unit=201, code="KA", path=("1/19",)),
        Fight(unit=101, code="KA", path=("1/30",)),
        Work(unit=101, code="AB", structure="stv"),
        Spy(unit=101, code="GI", target="Tharnburg"),
        Build(settlement="Tharnburg", structure="stv"),
        Build(settlement="Guru", structure="bev"),
        Special(unit=999, text="x"),
    ]
    texts = [GAME.printout(after, seat, "en") for seat in (0, 1, 2)]
    texts.append(GAME.dossier(state, ORDERS, "en"))
    texts += GAME.describe_orders(state, 1, orders, "en", by_number)
    texts.append(GAME.final_report(after, Event("game_over"), [], "en"))
    return "\n".join(texts)


def test_the_english_catalog_has_a_text_of_its_own_for_every_key() -> None:
    german, english = catalog("de"), catalog("en")
    assert sorted(english) == sorted(german)
    # Only the lines that are figures and placeholders alone may read the same.
    same = sorted(
        k for k in german if german[k] == english[k] and WORD.search(PLACEHOLDER.sub("", german[k]))
    )
    assert same == []


def test_the_english_month_has_no_german_catalog_text() -> None:
    words = german_words()
    assert {"Schatz", "Einheit", "Ansiedlungen"} <= words  # the check can fail
    texts = english_texts()
    assert "Tab. 6.1-1: A KA ⇔ B KV: Combat. The loser retreats." in texts  # translated
    found = sorted(set(WORD.findall(texts)) & words)
    assert found == []


def test_tab_6_1_1_reads_in_german_as_the_rulebook_prints_it() -> None:
    rows = outcomes()
    assert len(rows) > 10
    assert all(row_words(row, "de") == row.text for row in rows)
    assert all(row_words(row, "en") != row.text for row in rows)


def test_the_english_printout_says_melee_and_ranged_as_the_glossary() -> None:
    state = sample()
    state.units[0].fernkampf = 2
    english = GAME.printout(state, 1, "en")
    assert "101 in 1/18: 2000 warriors, melee 1 ranged 2" in english
    assert "NK 1" not in english and "FK 2" not in english
    assert "2000 Krieger, NK 1 FK 2" in GAME.printout(state, 1, "de")


def test_an_echo_names_mounted_without_a_level() -> None:
    (order,) = read_orders("Soforrüstung 100 Krieger Nahkampf 2 beritten in Guru\n")
    assert order.describe("de") == "Soforrüstung 100 Krieger Nahkampf 2 beritten in Guru"
    assert order.describe("en") == "instant raise 100 warriors melee 2 mounted in Guru"
    (leader,) = read_orders("Rüste 2 Heerführer in Guru\n")
    assert leader.describe("en") == "raise 2 character leader in Guru"
