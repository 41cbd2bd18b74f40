"""The calculators in the dossier (design §4.2, §9): part B's economy forecast up to
the next income date — in German and English."""

from __future__ import annotations

from engine.core import Order
from engine.wdw.orders import Build
from tests.wdw.helpers import GAME, sample


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
    # Month 1 is being played, month 6 the next Einnahmetermin (D12): six rows.
    assert part_b[guru + 2 : guru + 9] == [
        "    Monat 1/1000: Anfang 60000 GS; Bau Guru Stv −5000; Ende 55000 GS",
        "    Monat 2/1000: Anfang 55000 GS; Bau Guru Stv −5000; Ende 50000 GS",
        "    Monat 3/1000: Anfang 50000 GS; Ende 50000 GS",
        "    Monat 4/1000: Anfang 50000 GS; Ende 50000 GS",
        "    Monat 5/1000: Anfang 50000 GS; Ende 50000 GS",
        # F1: 100 GS less income for each of the two BWP built.
        "    Monat 6/1000: Anfang 50000 GS; Einnahmen +6100 (Guru +6100), Unterhalt −4200;"
        " Ende 51900 GS",
        "    Kein Fehlbetrag.",
    ]
    # Realm 2 plans nothing: its treasury only changes at the income date.
    assert "    Monat 1/1000: Anfang 60000 GS; Ende 60000 GS" in part_b
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
