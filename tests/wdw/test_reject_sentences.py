"""Each way an order is illegal, as the whole sentence the player reads in the
acknowledgement:
the refusals the checks give against the realm's state, and those the reader gives
for a line that names no order of this game. The other refusals' sentences are asserted
beside their orders (test_acknowledge, test_army, test_realm, test_works, …)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core import Order
from engine.wdw.orders import Convert, Fight, Province, Raise, Spy, Storm, Train, Work
from engine.wdw.state import Wall, WdwState
from tests.wdw.helpers import GAME, by_number, read_error, sample, unit_of

HV = "heimatverteidigung"
SPY = Spy(unit=601, code="GI", risk=3, target="Tharnburg")
WALL = Work(unit=201, code="AB", structure="wall", side=3)
STORM = Storm(settlement="Tharnburg", units=(101, 102))


def _worker_at(kf: str) -> WdwState:
    """Isyrial's worker 201 in ``kf``, a field outside its territory."""
    state = sample()
    worker = unit_of(state, 1, 201)
    worker.kf = kf
    return state


def _tiered_walls_off() -> WdwState:
    """A wall of 5 BWP at Guru's side 3 in a game without tiered walls (Strategie 3.5)."""
    state = sample(chapters={"tiered_walls": False})
    state.walls.append(Wall("1/18", 3, 1, 5, 0))
    return state


def _at_the_gates(*allies: int) -> WdwState:
    """Isyrial's 101 and 102 in Tharnburg's field, with these allies."""
    state = sample()
    for number in (101, 102):
        unit = unit_of(state, 1, number)
        unit.kf = "1/22"
    state.realm(1).known.append("1/22")
    state.realm(1).allies.extend(allies)
    return state


def _harbour_without_province() -> WdwState:
    """Tharnburg on the coast (1/23), in no land province of Tharn, the sea known."""
    state = sample()
    place = state.settlement("Tharnburg")
    assert place is not None
    place.kf = "1/23"
    state.realm(2).known += ["1/16", "1/24"]
    return state


def _provinces() -> WdwState:
    """Isyrial with the land province Erinal; it knows the water field 1/8."""
    state = sample()
    state.realm(1).provinces = ["Erinal=1/18 1/19"]
    state.realm(1).known.append("1/8")
    return state


def _sea_known() -> WdwState:
    """Tharn knows the water field 1/24 beside 1/23."""
    state = sample()
    state.realm(2).known.append("1/24")
    return state


# (how the state is made, the seat, the order, the language, the reason the player reads)
REFUSALS: list[tuple[Callable[[], WdwState], int, Order, str, str]] = [
    (
        lambda: sample(espionage_mode="culture_only"),
        1,
        SPY,
        "de",
        "Spionage läuft in diesem Spiel nur über Kultur und Sonderbefehle (Strategie 5.3), "
        "nicht über G-Befehle",
    ),
    (
        _tiered_walls_off,
        1,
        WALL,
        "de",
        "gestaffelte Wälle (Strategie 3.5) sind in diesem Spiel abgeschaltet: ein Wall hat "
        "höchstens 5 BWP",
    ),
    (
        lambda: _worker_at("1/19"),
        1,
        WALL,
        "de",
        "1/19 gehört nicht Ihrem Reich; Wälle baut es nur auf eigenem Gebiet",
    ),
    (
        lambda: _worker_at("1/19"),
        1,
        WALL,
        "en",
        "1/19 does not belong to your realm; it builds walls on its own ground only",
    ),
    (
        _sea_known,
        2,
        Fight(unit=101, code="KA", path=("1/23", "1/24")),
        "de",
        "Weg: 1/24 ist für diese Einheit nicht befahrbar/begehbar",
    ),
    (
        lambda: _at_the_gates(2),
        1,
        STORM,
        "de",
        "Tharnburg gehört einem Verbündeten (ein Angriff auf ihn ist ein Sonderbefehl)",
    ),
    (
        _at_the_gates,
        1,
        Storm(settlement="Tharnburg"),
        "de",
        "der Sturm auf Tharnburg braucht Einheiten („mit 101 102“)",
    ),
    (
        _harbour_without_province,
        2,
        Province(name="Tharnsee", fields=("1/24",), port="Tharnburg"),
        "de",
        "Tharnburg liegt in keiner Landprovinz Ihres Reiches",
    ),
    (
        _provinces,
        1,
        Province(name="See", fields=("1/8",)),
        "de",
        "1/8 ist Wasser: eine Seeprovinz braucht ihren Heimathafen („Seeprovinz Name: "
        "Felder Heimathafen Ort“)",
    ),
    (
        _provinces,
        1,
        Convert(unit=101, source="fernkampf", target="nahkampf"),
        "de",
        "Fernkampf lässt sich nicht umwandeln: nur Heimatverteidigung und Nahkampf",
    ),
    (
        _provinces,
        1,
        Convert(unit=201, source="nahkampf", target=HV, target_province="Erinal"),
        "de",
        "Einheit 201 hat kein Nahkampf",
    ),
    (
        _provinces,
        1,
        Convert(unit=101, source=HV, source_province="Nord", target="nahkampf"),
        "en",
        "unit 101 has no home defence Nord",
    ),
    (
        _provinces,
        1,
        Convert(unit=601, source="nahkampf", target=HV, target_province="Erinal"),
        "de",
        "Heimatverteidigung gibt es hier nicht für die Klasse Charakter",
    ),
    (
        sample,
        1,
        Train(unit=101, properties=("nahkampf=0",)),
        "de",
        "Nahkampf hat schon Stufe 1: Ausbildung senkt nichts",
    ),
    (
        _provinces,
        1,
        Raise(settlement="Guru", count=10, unit_class="sea", province="Erinal"),
        "de",
        "Heimatverteidigung in Erinal: Seeprovinzen für Flotten, Landprovinzen für "
        "Landeinheiten (Schiffe)",
    ),
    (
        sample,
        1,
        Raise(settlement="Guru", count=0, properties=("nahkampf=1",)),
        "de",
        "0 Elemente gehen nicht: mindestens 1, ein Charakter genau 1",
    ),
    (
        sample,
        1,
        Raise(settlement="Guru", count=10, properties=("nahkampf=2",)),
        "de",
        "aufgestellt wird mit genau einer Eigenschaft der Stufe 1; mehr geben Ausbildung oder "
        "Soforrüstung",
    ),
]


@pytest.mark.parametrize(
    ("make", "seat", "order", "lang", "reason"),
    REFUSALS,
    ids=[f"{row[2].kind}-{row[3]}-{n}" for n, row in enumerate(REFUSALS)],
)
def test_an_illegal_order_is_answered_with_its_whole_reason(
    make: Callable[[], WdwState], seat: int, order: Order, lang: str, reason: str
) -> None:
    # The whole answer: the order in its words, then the whole reason (``reject.*``).
    said = GAME.describe_order(make(), seat, order, lang, by_number)
    assert said == f"{order.describe(lang)}: {reason}"


# (the line, the German refusal, the English one)
UNREAD: list[tuple[str, str, str]] = [
    (
        "601 GI",
        "GI braucht ein Ziel: „601 GI4 Ziel: Guru“ oder „601 GI4 Guru“",
        'GI needs a target: "601 GI4 target: Guru" or "601 GI4 Guru"',
    ),
    (
        "201 AB Zerstören Mil",
        "Zerstören ist kein Befehl dieses Spiels (docs/rules-wdw.md): in einer eigenen "
        "Ansiedlung „201 AB Abriss Mil 2“, sonst „Sonderbefehl 201: …“ für die Spielleitung",
        "destroying is no order",
    ),
    (
        "201 AB Zerstören",
        "Zerstören ist kein Befehl dieses Spiels (docs/rules-wdw.md): in einer eigenen "
        "Ansiedlung „201 AB Abriss Mil 2“, sonst „Sonderbefehl 201: …“ für die Spielleitung",
        "destroying is no order",
    ),
    (
        "201 AB destroy",
        "Zerstören ist kein Befehl dieses Spiels (docs/rules-wdw.md): in einer eigenen "
        "Ansiedlung „201 AB Abriss Mil 2“, sonst „Sonderbefehl 201: …“ für die Spielleitung",
        "destroying is no order",
    ),
    (
        "201 KA Abriss Mil",
        "Abriss ist ein Arbeitsbefehl und geht nicht mit KA: „201 AB Abriss Mil 2“, „201 AB "
        "Reparatur Bef“",
        "Abriss is a work order",
    ),
    (
        "Rüste 2000 Krieger Nahkampf",
        "wo? Gerüstet wird in einer eigenen Ansiedlung: „Rüste 2000 Krieger Nahkampf in Guru“",
        "where?",
    ),
    (
        "Steuern +10 %",
        "ein Steuersatz ist kein Befehl dieses Spiels (Strategie 2.1: die Folgen wertet die "
        "Spielleitung, docs/rules-wdw.md): schreiben Sie „SL: Steuern +10 %“",
        "a tax rate is no order of this game",
    ),
    (
        "Vorauszahlung 15000",
        "eine Vorauszahlung ist kein Befehl dieses Spiels: ein Bau wird Monat für Monat bezahlt "
        "(Strategie 3.1): „Baue Guru Stv +2“",
        "a building is paid month by month",
    ),
    (
        "Verband 115 116",
        "Verbände, Teilen und Laden sind keine Befehle dieses Spiels (sie stehen im Basismodul, "
        "das diesem Spiel fehlt; docs/rules-wdw.md): schreiben Sie „Sonderbefehl 115: …“",
        "grouping, splitting and loading",
    ),
    (
        "201 AB-H Bef 2",
        "die Zahl nach dem Bauwerk wird nicht gelesen: eine Einheit baut, solange ihr Befehl "
        "steht, und ein Befehl steht, bis ein neuer ihn ersetzt: „201 AB-H Bef“",
        '"201 AB-H bef"',
    ),
    (
        "201 AM 7",
        "„7“: ein Feld wird GF/KF geschrieben, Großfeld und Kleinfeld 1 bis 48: „12/4“",
        '"7": a field is written GF/KF',
    ),
    ("115 KN 12/49", "12/49 ist kein Kleinfeld (GF/KF, KF 1 bis 48)", "12/49 is no field"),
    (
        "115 KA halten",
        "„halten“ ist keine Erweiterung zu KA, oder die zweite: ein K-Befehl nimmt eine von S, "
        "E, P1–P3, B, B1–B6, F, W (Durchsuchen, Erobern, Plündern, Belagern, Verfolgen, "
        "Bewachen), ein A-Befehl eine von H, V, I, R (halten, verteidigen, ignorieren, Rückzug)",
        '"halten" is no extension of KA',
    ),
]


@pytest.mark.parametrize(("line", "de", "en"), UNREAD, ids=[row[0] for row in UNREAD])
def test_a_line_of_no_order_is_refused_with_its_whole_reason(line: str, de: str, en: str) -> None:
    error = read_error(line)
    assert error.message("de") == de
    assert en in error.message("en")
