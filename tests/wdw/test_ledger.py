"""The realm's ledger (design §8 "Treasury"): every change of its treasury this month,
by cause, from the treasury the month began with to the one it ends with."""

from __future__ import annotations

from engine.core import CORRECTION, NEUTRAL, Ruling
from engine.wdw.orders import Build, Raise
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, month, month_of, sample


def sums(state: WdwState, seat: int) -> dict[str, int]:
    found: dict[str, int] = {}
    for booking in state.ledger:
        if booking.seat == seat:
            found[booking.cause] = found.get(booking.cause, 0) + booking.amount
    return found


def test_a_build_and_a_raising_are_booked_and_sum_to_the_treasurys_change() -> None:
    before = sample()
    build = Build(settlement="Guru", structure="stv", bwp=1)
    raising = Raise(settlement="Guru", count=500, unit_class="land", properties=("nahkampf=1",))
    after = month(before, build, raising)
    booked = sums(after, 1)
    assert booked == {"build": -5000, "raise": -2500}
    assert after.realm(1).treasury == before.realm(1).treasury + sum(booked.values())
    lines = GAME.printout(after, 1, "de").splitlines()
    start = lines.index("Kasse: zu Monatsbeginn 60000 GS")
    assert lines[start + 1 : start + 4] == [
        "  Bau in Guru: -5000 GS",
        "  Rüsten in Guru: -2500 GS",
        "  Schatz jetzt 52500 GS",
    ]
    assert "Treasury: 60000 GS when the month began" in GAME.printout(after, 1, "en")


def test_income_and_upkeep_are_booked_in_an_income_month() -> None:
    before = sample()
    before.month = 6
    after = month_of(before, {})
    booked = sums(after, 1)
    assert booked["income"] > 0 and booked["upkeep"] < 0
    assert after.realm(1).treasury == before.realm(1).treasury + booked["income"] + booked["upkeep"]


def test_a_correction_that_would_go_below_zero_books_only_what_was_there() -> None:
    before = sample()
    fix = Ruling(CORRECTION, "Schatz 1 -100000", "Test")
    after = month_of(before, {}, fix)
    assert after.realm(1).treasury == 0
    assert sums(after, 1) == {"correction": -60000}


def test_a_realm_reads_only_its_own_ledger_the_gm_all() -> None:
    before = sample()
    after = month_of(before, {2: [Build(line=1, settlement="Tharnburg", structure="stv", bwp=1)]})
    assert "Kasse" not in GAME.printout(after, 1, "de")
    assert GAME.report_data(after, 1, "de")["ledger"] == []
    assert GAME.report_data(after, 2, "de")["ledger"] == [
        {"seat": 2, "cause": "build", "amount": -5000, "what": "Tharnburg"}
    ]
    assert "Bau in Tharnburg: -5000 GS" in GAME.printout(after, NEUTRAL, "de")
