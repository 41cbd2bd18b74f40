"""``pbem demo --game spacewar``: three steps of the two bots by mail on the embedded
stack, every printout with a map and a JSON twin, every die checked by ``pbem dice
verify``."""

from __future__ import annotations

import shutil

import pytest

from tests.test_demo import check_the_dice, play_embedded_demo

pytestmark = pytest.mark.slow  # a game by mail, steps on the clock


async def test_the_demo_plays_three_spacewar_steps_by_mail() -> None:
    result = await play_embedded_demo("spacewar", 2, 3)
    directory = result.directory
    assert "SPACEWAR I – Spiel 1, Runde 3 (Schritt 3)" in result.last_printout
    assert "Nächster Schritt: Runde 3: Befehle" in result.last_printout
    assert sorted(result.printout_files) == ["karte-1-3-1.png", "report-1-3-1.json"]
    assert check_the_dice(directory, seats=2, turns=3) > 0
    shutil.rmtree(directory, ignore_errors=True)
