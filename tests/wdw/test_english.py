"""The English printouts, dossier and acknowledgement: every text from the English
catalog, none a German one that the English lacks or left untranslated."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core import CORRECTION, Event, Order, Ruling
from engine.wdw.orders import Build, Fight, Special, Spy, Work
from engine.wdw.state import WdwState
from engine.wdw.tables import quoted_outcomes
from tests.wdw.helpers import GAME, by_number, dice, sample
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
    # Tab. 6.1-1 is quoted as the rulebook prints it, in every language (docs/rules-wdw.md).
    for quote in quoted_outcomes():
        texts = texts.replace(quote, "")
    found = sorted(set(WORD.findall(texts)) & words)
    assert found == []
