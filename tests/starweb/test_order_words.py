"""The orders in plain words: German grammar after "von" (dative), in both languages."""

from __future__ import annotations

from engine.starweb.orders import FLEET, I_SHIPS, Probe, Transfer


def test_transfer_and_probe_from_home_ships_take_the_german_dative() -> None:
    transfer = Transfer(source=I_SHIPS, number=13, quantity=3, target=FLEET, target_fleet=2)
    assert (
        transfer.describe("de")
        == "I13T3F2: 3 Schiffe von den I-Schiffen auf Welt 13 zu Flotte 2 transferieren"
    )
    probe = Probe(source=I_SHIPS, number=13, world=7)
    assert "1 Schiff von den I-Schiffen auf Welt 13 sondiert Welt 7" in probe.describe("de")
    assert "from the I-ships at world 13" in transfer.describe("en")
