"""The sample map's terrains in English: an English order names them in
English words (``train 102 immunity forest``) as well as by the map file's German names,
which stay the state's; English texts and the English map legend read them in English."""

from __future__ import annotations

import pytest

from engine.wdw.texts import terrain_word
from tests.wdw.helpers import GAME, by_number, month, read_orders, sample


@pytest.mark.parametrize("word", ["forest", "Forest", "Wald"])
def test_an_immunity_takes_the_english_word_and_keeps_the_maps_name(word: str) -> None:
    (order,) = read_orders(f"train 102 immunity {word}")
    said = GAME.describe_order(sample(), 1, order, "en", by_number)
    assert said.startswith("Training of unit 102 in Guru (immunity forest) to RS 2")
    german = GAME.describe_order(sample(), 1, order, "de", by_number)
    assert "(Immunität Wald)" in german
    unit = month(sample(), order).unit(1, 102)
    assert unit is not None and unit.immune == ["Wald"]


def test_english_refusals_name_the_terrains_in_english() -> None:
    (hills, moon) = read_orders("train 102 immunity hills\ntrain 102 immunity moondust")
    said = GAME.describe_order(sample(), 1, hills, "en", by_number)
    assert said.endswith(
        "hills is no difficult terrain: there are no terrain losses there an "
        "immunity would spare (Strategie 4.3)"
    )
    said = GAME.describe_order(sample(), 1, moon, "en", by_number)
    assert 'no terrain "moondust"; it has mountains, hills, swamp, lowland, forest, water' in said
    german = GAME.describe_order(sample(), 1, moon, "de", by_number)
    assert "sie kennt Gebirge, Hügelland, Sumpf, Tiefland, Wald, Wasser" in german


def test_the_english_map_legend_names_the_terrains_in_english() -> None:
    legend = {key: ground.text for key, ground in GAME.map_view(sample(), 0, "en").grounds.items()}
    assert legend["Tiefland"] == "lowland" and legend["Hügelland"] == "hills"
    german = GAME.map_view(sample(), 0, "de").grounds
    assert german["Hügelland"].text == "Hügelland"


def test_a_terrain_the_catalog_does_not_know_keeps_the_maps_name() -> None:
    assert terrain_word("Mondstaub", "en") == "Mondstaub"
    assert terrain_word("Sumpf", "en") == "swamp"
