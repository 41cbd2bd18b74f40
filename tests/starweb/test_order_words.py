"""The orders in plain words: German grammar after "von" (dative), in both languages."""

from __future__ import annotations

from engine.starweb.orders import AT_FLEET, FLEET, I_SHIPS, Fire, Probe, RobotAttack, Transfer


def test_transfer_and_probe_from_home_ships_take_the_german_dative() -> None:
    transfer = Transfer(source=I_SHIPS, number=13, quantity=3, target=FLEET, target_fleet=2)
    assert (
        transfer.describe("de")
        == "I13T3F2: 3 Schiffe von den I-Schiffen auf Welt 13 zu Flotte 2 transferieren"
    )
    probe = Probe(source=I_SHIPS, number=13, world=7)
    assert "1 Schiff von den I-Schiffen auf Welt 13 sondiert Welt 7" in probe.describe("de")
    assert "from the I-ships at world 13" in transfer.describe("en")


def test_home_ships_fire_in_the_plural_and_a_fleet_in_the_singular() -> None:
    ships = Fire(source=I_SHIPS, number=13, target=AT_FLEET, target_fleet=8)
    assert ships.describe("de") == "I13AF8: die I-Schiffe auf Welt 13 feuern auf Flotte 8"
    assert "the I-ships at world 13 fire at fleet 8" in ships.describe("en")
    fleet = Fire(source=FLEET, number=180, target=AT_FLEET, target_fleet=8, conditional=True)
    assert fleet.describe("de") == "F180CF8: Flotte 180 feuert auf Flotte 8, falls angegriffen"


def test_robots_are_made_of_ships_in_the_accusative() -> None:
    attack = RobotAttack(fleet=4, quantity=3)
    assert attack.describe("de") == "F4R3: Flotte 4 verwandelt 3 Schiffe in 6 Roboter und greift an"
    assert (
        RobotAttack(fleet=4, quantity=1)
        .describe("de")
        .startswith("F4R1: Flotte 4 verwandelt 1 Schiff in 2 Roboter")
    )
