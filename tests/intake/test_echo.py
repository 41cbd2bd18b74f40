"""The acknowledgement text: every order in plain words, every error with its line."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ashes import orders as o
from grammar.ashes import parse, standard_planets
from mailserver.inbound import echo as echo_module
from mailserver.inbound.echo import WIDTH, echo
from tests.lanes import examples

NAMER = standard_planets().namer

EVERY_ORDER: list[tuple[o.core.Instruction, str, str]] = [
    (
        o.Production(planet=2, PDU=1, FP=7),
        "Bau auf 2 (Crab): 1 PDU, 7 FP",
        "Build on 2 (Crab): 1 PDU, 7 FP",
    ),
    (o.Production(planet=2), "Bau auf 2 (Crab): nichts", "Build on 2 (Crab): nothing"),
    (
        o.Flight(source=2, fi=15, tr=1, target=21),
        "Flug: 15 FI, 1 TR von 2 (Crab) nach 21 (Beyond)",
        "Flight: 15 FI, 1 TR from 2 (Crab) to 21 (Beyond)",
    ),
    (
        o.CargoFlight(source=37, cargo=2, count=3, target=25),
        "Frachtflug: 3 × C2 (12 FP) von 37 (Potter's Bar) nach 25 (Murphy)",
        "Cargo flight: 3 × C2 (12 FP) from 37 (Potter's Bar) to 25 (Murphy)",
    ),
    (o.PVChange(player=5, value=0), "PV zu Spieler 5 = 0 (Krieg)", "PV to player 5 = 0 (war)"),
    (o.HomePlanet(planet=10), "Heimatplanet: 10 (Outpost)", "Home planet: 10 (Outpost)"),
    (
        o.RenamePlanet(planet=34, name="Neu"),
        "Planet 34 (Einstein) heißt jetzt „Neu“",
        'Planet 34 (Einstein) is renamed "Neu"',
    ),
    (o.RenameRuler(name="Ming"), "Herrschername: „Ming“", 'Ruler name: "Ming"'),
    (o.Spy(planet=4), "Spionage auf 4 (Nameless) (7 PP)", "Spy on 4 (Nameless) (7 PP)"),
    (
        o.Research(pp=5, target="PR", planet=20),
        "Forschung: 5 PP für PR auf 20 (Crossland)",
        "Research: 5 PP for PR on 20 (Crossland)",
    ),
    (o.Research(pp=3, target="FM"), "Forschung: 3 PP für FM%", "Research: 3 PP for FM%"),
    (
        o.VoteRounds(rounds=20),
        "Stimme zur Spieldauer: 20 Runden",
        "Vote on the game's length: 20 rounds",
    ),
    (
        o.VoteExtension(rounds=5),
        "Stimme zur Verlängerung: 5 Runden",
        "Vote on the extension: 5 rounds",
    ),
    (o.VoteEnd(end=False), "Stimme gegen den Abbruch der Partie", "Vote against ending the game"),
    (o.VoteRule(text="ja"), "Abstimmung: ja", "Vote: ja"),
    (o.Resign(), "Rücktritt: Sie scheiden aus der Partie aus", "Resignation: you leave the game"),
    (
        o.Final(),
        "Endgültig: die Auswertung darf vor dem ZAT laufen, sobald alle fertig sind",
        "Final: the turn may run before the deadline once everybody is done",
    ),
    (
        o.Press(text="Hallo"),
        "Artikel für die Galactic Media: „Hallo“",
        "Article for the Galactic Media: „Hallo“",
    ),
    (
        o.SecretMessage(to=3, text="a\nb"),
        "Geheimnachricht an Spieler 3: „a“ … (2 Zeilen)",
        "Secret message to player 3: „a“ … (2 lines)",
    ),
    (
        o.UrgentDispatch(to=5, text="x"),
        "Eildepesche an Spieler 5: „x“",
        "Urgent dispatch to player 5: „x“",
    ),
    (o.GMMessage(text="x"), "Nachricht an den Spielleiter: „x“", "Message to the game master: „x“"),
    (
        o.core.PrintoutFiles(file="map", on=False),
        "Die Karte kommt nicht mehr mit den Ausdrucken",
        "The map no longer comes with printouts",
    ),
]


@pytest.mark.parametrize(("order", "de", "en"), EVERY_ORDER)
def test_every_order_kind_in_plain_words(order: o.core.Instruction, de: str, en: str) -> None:
    assert order.describe("de", NAMER) == de
    assert order.describe("en", NAMER) == en


def test_every_order_kind_round_trips_through_json() -> None:
    kinds = set()
    for order, _, _ in EVERY_ORDER:
        if not isinstance(order, o.Order):
            continue  # a setting of the host (PrintoutFiles): never stored as an order
        data = {"kind": order.kind, "line": 7, **order.to_json()}
        rebuilt = o.ORDER_KINDS.from_json(data)
        assert rebuilt.to_json() == order.to_json() and rebuilt.line == 7
        kinds.add(order.kind)
    assert kinds == {cls.kind for cls in o.ORDER_CLASSES}


def test_echo_shows_orders_errors_and_notes_with_lines() -> None:
    result = parse("Hallo SL,\nPartie 227 Spieler 2 Kennwort geheim\n2/15/1/21\nCrabb: 1 PDU")
    text = echo(result, "en", NAMER)
    assert text.startswith("Game 227 · Player 2 · password given\n")
    assert (
        "Understood (1 order):\n  Line 3  Flight: 15 FI, 1 TR from 2 (Crab) to 21 (Beyond)" in text
    )
    assert "Line 4, column 1: Crabb: 1 PDU" in text
    assert 'Did you mean "Crab"?' in " ".join(text.split())
    assert "Line 1: Hallo SL," in text
    assert "geheim" not in text
    german = echo(result, "de", NAMER)
    assert "Fehler (1) – diese Zeile wird NICHT ausgeführt:" in german
    assert "Meinten Sie „Crab“?" in " ".join(german.split())
    assert max(len(line) for line in german.splitlines()) <= 78


def test_a_long_echo_lists_the_first_hundred_and_counts_the_rest() -> None:
    text = "Partie 227 Spieler 2 Kennwort x\n" + "".join(f"quatsch {n} blub\n" for n in range(250))
    result = parse(text)
    assert len(result.errors) + len(result.notes) >= 250
    out = echo(result, "en", NAMER)
    assert out.count("Line ") <= 2 * 100 + 2
    assert "more (the first 100 are above" in out


def test_a_message_preview_counts_its_lines_in_the_readers_language() -> None:
    from engine.core import Article

    one_long = Article(text="x" * 80)
    assert one_long.describe("de").endswith("(1 Zeile)")
    assert one_long.describe("en").endswith("(1 line)")
    assert "Zeile" not in Article(text="a\nb").describe("en")


def test_a_warning_about_an_order_stands_beside_it_not_among_lines_not_read() -> None:
    from grammar.starweb import LANGUAGE as STARWEB

    result = STARWEB.parse("Partie 3 Spieler BORG Kennwort x\nF12W5\nF12AF3\nHallo")
    text = echo(result, "de")
    flat_text = " ".join(text.split())
    assert "Spieler BORG" in text.splitlines()[0]
    assert "F12AF3: Flotte 12 feuert auf Flotte 3 — F12AF3 entfällt" in flat_text
    not_read = flat_text.split("Nicht als Befehl gelesen:")
    assert len(not_read) == 2 and "F12AF3" not in not_read[1]


@settings(max_examples=examples(300), deadline=None)
@given(
    st.text(st.sampled_from("ab —\t\n\xa0\r"), max_size=90),
    st.sampled_from(["  Zeile 3  ", "  Line 12  ", ""]),
)
def test_an_order_line_is_wrapped_as_textwrap_wraps_it(text: str, prefix: str) -> None:
    # A line that fits is taken as it stands: the lines must be textwrap's all the same.
    expected = textwrap.wrap(
        text, WIDTH, initial_indent=prefix, subsequent_indent=" " * len(prefix)
    )
    assert echo_module._indented(text, prefix) == expected
