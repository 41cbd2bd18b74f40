"""The words a realm's player reads in the catalogs of Welt der Waben: the
acknowledgement, the printout, the web page and the player's calculators say a rule in
words or cite the rulebook ("Strategie 5.2", "Tab. 4.2-1a"), never a design id ("D27",
"F9") that only the GM's docs/rules-wdw.md explains."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.catalogs import load

DESIGN_ID = re.compile(r"(?<![\w/.-])[DF]\d+\b")

# The sections only the GM reads: the dossier, its items and open points, the rulings'
# answers and the ruling form; of the calculators the GM's (combat workbench, finder,
# siege planner, draws).
GM_ONLY = {
    "engine.wdw": ("dossier.", "item.", "open.", "ruling.", "form."),
    "engine.wdw.calculators": ("dossier.", "combat.", "finder.", "siege.", "draws.", "gp."),
}


def player_texts(package: str, lang: str) -> dict[str, str]:
    """Key -> text (every form of a plural) of the package's catalog in ``lang``, the
    GM's sections left out."""
    table = load(package).table[lang]
    return {
        key: entry if isinstance(entry, str) else " | ".join(entry.forms)
        for key, entry in table.items()
        if key and not key.startswith(GM_ONLY[package])
    }


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("package", sorted(GM_ONLY))
def test_no_player_text_cites_a_design_id(package: str, lang: str) -> None:
    cited = {k: t for k, t in player_texts(package, lang).items() if DESIGN_ID.search(t)}
    assert cited == {}


def test_the_design_id_pattern_finds_the_ids_and_spares_fields_and_orders() -> None:
    assert DESIGN_ID.search("a unit builds (D27; docs/rules-wdw.md)")
    assert DESIGN_ID.search("BP 30 (F8)")
    assert not DESIGN_ID.search("K-F, KF 1/22, Tab. 4.2-1a, B1–B6, P1–P3")


GLOSSARY = Path(__file__).parents[2] / "docs" / "orders-wdw.md"
QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|„[^“]*“")


def glossary() -> dict[str, str]:
    """German rulebook term -> its one English word, from the glossary of
    docs/orders-wdw.md."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text[text.index("## English words (glossary)") :]
    rows = re.findall(r"^\| ([^|`]+?) \| ([^|`]+?) \|$", section, re.MULTILINE)
    return {german: english for german, english in rows if german != "rulebook (German)"}


def test_the_glossary_gives_the_arms_capacity_one_english_word() -> None:
    assert glossary()["Rüstkapazität"] == "arms capacity"
    assert len(glossary()) >= 20


@pytest.mark.parametrize("package", sorted(GM_ONLY))
def test_the_english_catalog_says_no_german_term_the_glossary_translates(package: str) -> None:
    terms = glossary()
    # Every English text, the GM's too; a quoted keyword (a ruling's "entdeckt") is
    # German in every language.
    texts = {
        key: QUOTED.sub("", entry if isinstance(entry, str) else " ".join(entry.forms))
        for key, entry in load(package).table["en"].items()
        if key
    }
    german = {
        key: term
        for key, text in texts.items()
        for term in terms
        if re.search(rf"\b{term}\b", text, re.IGNORECASE)
    }
    assert german == {}
