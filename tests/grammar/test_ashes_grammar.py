"""The Ashes order language: every form the rulebook and the docs use, and every error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ashes import orders as o
from engine.ashesmap.galaxy import standard_galaxy
from engine.core import ParseResult
from grammar.ashes import PlanetTable, parse, press_lines
from tests.lanes import examples

DOCS = Path(__file__).resolve().parents[2] / "docs" / "orders-ashes.md"


def one(text: str) -> o.Order:
    """The single order a line must give, with no errors."""
    result = parse(text)
    assert not result.errors, [e.message("en") for e in result.errors]
    assert len(result.orders) == 1, result.orders
    return result.orders[0]


def error_of(text: str) -> str:
    """The English message of the single error a text must give."""
    result = parse(text)
    assert len(result.errors) == 1, (result.orders, [e.message("en") for e in result.errors])
    return result.errors[0].message("en")


# ---------------------------------------------------------------- the rulebook's examples


def test_rulebook_production_example_turn_one() -> None:
    # The published turn-1 example on Crab (data README, errata 1).
    assert one("Crab: 1 PDU, 7 FP, 5 OP, 5 RP, 6 FI, 3 TR") == o.Production(
        line=1, planet=2, PDU=1, FP=7, OP=5, RP=5, FI=6, TR=3
    )


def test_rulebook_three_pdu() -> None:
    # 6.1: "Will ein Herrscher ... drei Verteidigungsanlagen bauen, trägt er bei PDU eine 3 ein."
    assert one("2: PDU 3") == o.Production(line=1, planet=2, PDU=3)


def test_rulebook_cargo_example() -> None:
    # 6.3.5: "37 / C2 / 3 / 25" sends three transporters with 12 FP from 37 to 25.
    order = one("37 / C2 / 3 / 25")
    assert order == o.CargoFlight(line=1, source=37, cargo=2, count=3, target=25)
    assert isinstance(order, o.CargoFlight)
    assert order.load() == ("FP", 12)


def test_rulebook_stray_fleet_example() -> None:
    # 6.3.6: "21 / 17 / 3 / 29": 17 FI and 3 TR from 21 to 29.
    assert one("21 / 17 / 3 / 29") == o.Flight(line=1, source=21, fi=17, tr=3, target=29)


def test_rulebook_rename_and_home_planet() -> None:
    assert one("34 = Neuer Name") == o.RenamePlanet(line=1, planet=34, name="Neuer Name")  # 6.3.3
    assert one("HP = 20") == o.HomePlanet(line=1, planet=20)  # 6.3.2


def test_rulebook_spy_example() -> None:
    assert one("4 (Nameless) ausspionieren") == o.Spy(line=1, planet=4)  # 6.3.4


def test_rulebook_research_examples() -> None:
    # 6.3.4: "x PP für PR (-Forschung) auf 20 (Crossland)", "x PP für FM% (bzw TM%)".
    assert one("5 PP für PR (-Forschung) auf 20 (Crossland)") == o.Research(
        line=1, pp=5, target="PR", planet=20
    )
    assert one("5 PP für PR-Forschung auf 20") == o.Research(line=1, pp=5, target="PR", planet=20)
    assert one("3 PP für FM%") == o.Research(line=1, pp=3, target="FM")
    assert one("3 PP für TM%") == o.Research(line=1, pp=3, target="TM")


# ------------------------------------------------------------------ one order of each common kind


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Crab: 1 PDU, 7 FP, 5 OP, 5 RP, 6 FI, 3 TR",
            [o.Production(line=1, planet=2, PDU=1, FP=7, OP=5, RP=5, FI=6, TR=3)],
        ),
        ("10: PDU 2 FY 4", [o.Production(line=1, planet=10, PDU=2, FY=4)]),
        ("PV 5 = 0", [o.PVChange(line=1, player=5, value=0)]),
        ("PV: 1=2 3=2 4=2", [o.PVChange(line=1, player=p, value=2) for p in (1, 3, 4)]),
        ("2/15/1/21", [o.Flight(line=1, source=2, fi=15, tr=1, target=21)]),
        ("HP=10", [o.HomePlanet(line=1, planet=10)]),
    ],
)
def test_one_line_of_each_common_order_kind_parses(text: str, expected: list[o.Order]) -> None:
    result = parse(text)
    assert result.errors == []
    assert result.orders == expected


# ----------------------------------------------------------------------- forgiveness


@pytest.mark.parametrize(
    "text",
    [
        "crab:1pdu,7fp",
        "CRAB : 1 PDU , 7 FP",
        "Crab 1 PDU 7 FP",
        "crab: PDU 1, FP 7",
        "Crab: PDU=1 FP=7",
        "Bau auf Crab: 1 PD, 7 FP",
        "2: 1 PDU 7 FP",
        "Build on Crab: 1 PDU 7 FP",
    ],
)
def test_production_spellings(text: str) -> None:
    assert one(text) == o.Production(line=1, planet=2, PDU=1, FP=7)


@pytest.mark.parametrize(
    "text",
    [
        "2/15/1/21",
        " 2 / 15 / 1 / 21 ",
        "Crab/15/1/Beyond",
        "2 / 1 TR / 15 FI / 21",
        "2 / 15 FI / 1 TR / 21",
        "2 -> 21: 15 FI 1 TR",
        "2 → 21: 15 FI, 1 TR",
        "Flug von Crab nach Beyond: 15 FI, 1 TR",
        "Flight from 2 to 21: 15 fighter 1 transporter",
        "2 nach 21 FI 15 TR 1",
    ],
)
def test_flight_spellings(text: str) -> None:
    assert one(text) == o.Flight(line=1, source=2, fi=15, tr=1, target=21)


def test_flight_with_empty_count() -> None:
    assert one("2/15//21") == o.Flight(line=1, source=2, fi=15, tr=0, target=21)


def test_planet_names_in_every_spelling() -> None:
    galaxy = standard_galaxy()
    for planet in galaxy.planets:
        for written in (planet.name, planet.name.upper(), planet.name.replace("'", "")):
            assert one(f"{written}: 1 PDU") == o.Production(line=1, planet=planet.number, PDU=1)
    for alias, number in (("Erde", 1), ("Mechamea", 12), ("Tromp", 15)):
        assert one(f"HP = {alias}") == o.HomePlanet(line=1, planet=number)
    assert one("Barnard’s   Arrow: 1 FP") == o.Production(line=1, planet=9, FP=1)


def test_current_planet_names_of_a_running_game() -> None:
    planets = PlanetTable.from_galaxy(standard_galaxy(), {34: "Neu Berlin"})
    result = parse("Neu Berlin: 2 PDU\nEinstein: 1 FP", planets=planets)
    assert result.errors == []
    assert [order.to_json()["planet"] for order in result.orders] == [34, 34]


@pytest.mark.parametrize(
    ("text", "player", "value"),
    [
        ("PV 5=0", 5, 0),
        ("pv5=0", 5, 0),
        ("PV zu Spieler 5 auf 0", 5, 0),
        ("PV to player 6 = 2", 6, 2),
        ("PV E = 2", 5, 2),
        ("PV 3 2", 3, 2),
    ],
)
def test_pv_spellings(text: str, player: int, value: int) -> None:
    assert one(text) == o.PVChange(line=1, player=player, value=value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Umbenennen 34 in Neu-Berlin", o.RenamePlanet(line=1, planet=34, name="Neu-Berlin")),
        ('34 = "Ärger & Ölfeld"', o.RenamePlanet(line=1, planet=34, name="Ärger & Ölfeld")),
        ("Herrscher = Ming", o.RenameRuler(line=1, name="Ming")),
        ("Ruler: Ming the Merc", o.RenameRuler(line=1, name="Ming the Merc")),
        ("Imperium = Rotes Reich", o.RenameRuler(line=1, name="Rotes Reich")),
        ("Spionage auf 4", o.Spy(line=1, planet=4)),
        ("spy on Crossland", o.Spy(line=1, planet=20)),
        ("5 PP for PR on 20", o.Research(line=1, pp=5, target="PR", planet=20)),
        ("Runden 20", o.VoteRounds(line=1, rounds=20)),
        ("20 Runden", o.VoteRounds(line=1, rounds=20)),
        ("Rounds: 12", o.VoteRounds(line=1, rounds=12)),
        ("Verlängerung 5", o.VoteExtension(line=1, rounds=5)),
        ("Extension 0", o.VoteExtension(line=1, rounds=0)),
        ("Abbruch", o.VoteEnd(line=1, end=True)),
        ("Abbruch: nein", o.VoteEnd(line=1, end=False)),
        ("End game yes", o.VoteEnd(line=1, end=True)),
        ("Abstimmung: ZAT alle 14 Tage", o.VoteRule(line=1, text="ZAT alle 14 Tage")),
        ("Rücktritt", o.Resign(line=1)),
        ("Ich gebe auf!", o.Resign(line=1)),
        ("I resign", o.Resign(line=1)),
        ("Fertig", o.Final(line=1)),
        ("Endgültig!", o.Final(line=1)),
        ("Final", o.Final(line=1)),
        (
            "Geheimnachricht an 3: Der Pakt gilt.",
            o.SecretMessage(line=1, to=3, text="Der Pakt gilt."),
        ),
        ("Secret to player C: hi", o.SecretMessage(line=1, to=3, text="hi")),
        ("Eildepesche an Spieler 5: Achtung!", o.UrgentDispatch(line=1, to=5, text="Achtung!")),
        ("Urgent to 5: run", o.UrgentDispatch(line=1, to=5, text="run")),
        ("An SL: Urlaub bis Mai", o.GMMessage(line=1, text="Urlaub bis Mai")),
        ("Message to GM: holiday", o.GMMessage(line=1, text="holiday")),
        ("GM: Crab lebt!", o.Press(line=1, text="Crab lebt!")),
        ("Artikel: Crab lebt!", o.Press(line=1, text="Crab lebt!")),
    ],
)
def test_order_forms(text: str, expected: o.Order) -> None:
    assert one(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Diplomatie: PV 2=0, PV 4=2", [(2, 0), (4, 2)]),
        ("Diplomacy: PV 2=0, PV 4=2", [(2, 0), (4, 2)]),
        ("Diplomatie: 2=0, 4=2", [(2, 0), (4, 2)]),
        ("Diplomacy: PV: 2=0 4=2", [(2, 0), (4, 2)]),
        ("PV-Änderungen: PV 5 = 0", [(5, 0)]),
        ("PV 2=0, PV 4=2", [(2, 0), (4, 2)]),
        ("PV 2=0 und PV 4=2", [(2, 0), (4, 2)]),
    ],
)
def test_a_label_before_pv_changes_is_read_past(text: str, expected: list[tuple[int, int]]) -> None:
    result = parse(text)
    assert result.errors == [], [e.message("en") for e in result.errors]
    assert result.orders == [o.PVChange(line=1, player=p, value=v) for p, v in expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Produktion: Crab: 1 PDU, 3 FI", o.Production(line=1, planet=2, PDU=1, FI=3)),
        ("Production: 2: 1 PDU, 3 FI", o.Production(line=1, planet=2, PDU=1, FI=3)),
        ("Produktion: 10: PDU 2", o.Production(line=1, planet=10, PDU=2)),
        ("Bauaufträge: Crab 1 PDU", o.Production(line=1, planet=2, PDU=1)),
        ("Flüge: 2/15/1/21", o.Flight(line=1, source=2, fi=15, tr=1, target=21)),
        ("Flights: 2 -> 21: 15 FI 1 TR", o.Flight(line=1, source=2, fi=15, tr=1, target=21)),
        (
            "Frachtflüge: 37 / C2 / 3 / 25",
            o.CargoFlight(line=1, source=37, cargo=2, count=3, target=25),
        ),
        (
            "Cargo flights: 37/C2/3/25",
            o.CargoFlight(line=1, source=37, cargo=2, count=3, target=25),
        ),
        ("Sonderbefehle: HP = 20", o.HomePlanet(line=1, planet=20)),
        ("Special orders: spy on Crossland", o.Spy(line=1, planet=20)),
        ("Namen: 34 = Neu-Berlin", o.RenamePlanet(line=1, planet=34, name="Neu-Berlin")),
    ],
)
def test_a_label_naming_the_section_is_read_past(text: str, expected: o.Order) -> None:
    assert one(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Herrscher = Ming",
        "Herrscher: Ming",
        "Name: Ming",
        "Neuer Name: Ming",
        "Neuer Herrscher = Ming",
        "Ruler: Ming",
        "New name: Ming",
        "new ruler = Ming",
    ],
)
def test_the_rulers_rename_as_players_write_it(text: str) -> None:
    assert one(text) == o.RenameRuler(line=1, name="Ming")


def test_the_rulers_new_name_has_at_most_15_characters() -> None:
    assert one("Neuer Name: Ming der Große") == o.RenameRuler(line=1, name="Ming der Große")
    message = error_of("New name: Kaiserin Ming die Grausame")
    assert "at most 15 characters" in message and "has 26" in message


def test_header_forms_and_subject() -> None:
    for text in (
        "Partie 227 Spieler 2 Kennwort xyz",
        "Game 227 Player 2 Password xyz",
        "Game: 227, Player: 2, Password: xyz",
        "partie 227; spieler b; pw xyz",
    ):
        header = parse(text).header
        assert (header.game, header.player, header.password) == (227, 2, "xyz"), text
    result = parse("2/15/1/21", subject="Re: Partie 227 Spieler 2 Kennwort xyz")
    assert (result.header.game, result.header.player, result.header.password) == (227, 2, "xyz")
    assert parse("Partie 227 Spieler 2 Kennwort xyz Runde 5").header.turn == 5


def test_header_contradiction_is_an_error_and_never_shows_the_password() -> None:
    result = parse("Partie 227 Spieler 2 Kennwort geheim1", subject="Partie 227 Spieler 3")
    assert len(result.errors) == 1
    assert "player" in result.errors[0].message("en")
    result = parse("Kennwort geheim1\nKennwort geheim2")
    assert "geheim" not in result.errors[0].message("en") + result.errors[0].text
    assert "geheim" not in str(result.header.to_json())


def test_comments_and_semicolons() -> None:
    result = parse("HP=10; PV 5=0 // Krieg!\n# nur ein Kommentar\n2/15/1/21 # los")
    assert result.errors == []
    assert [x.kind for x in result.orders] == ["homeplanet", "pv", "flight"]


# ----------------------------------------------------------------------------- blocks


def test_blocks_are_closed_by_ende_and_keep_their_lines() -> None:
    text = (
        "Artikel\nZeile eins\n\nZeile zwei // kein Kommentar\nEnde\nEildepesche an 5\nLauf!\nEnde"
    )
    result = parse(text)
    assert result.errors == []
    assert result.orders == [
        o.Press(line=1, text="Zeile eins\n\nZeile zwei // kein Kommentar"),
        o.UrgentDispatch(line=6, to=5, text="Lauf!"),
    ]


def test_unclosed_block_of_prose_keeps_its_text_with_a_warning_beside_it() -> None:
    result = parse("Geheimnachricht an 3\nWir greifen an.\nGruß, Hans")
    assert result.errors == []
    assert result.orders == [o.SecretMessage(line=1, to=3, text="Wir greifen an.\nGruß, Hans")]
    (note,) = result.notes
    assert note.order is result.orders[0] and "not closed" in note.message("en")


def test_unclosed_block_that_swallowed_an_order_is_not_taken_and_says_which_line() -> None:
    # One verdict: neither sent as a message nor flown (it was both text and error).
    result = parse("Geheimnachricht an 3\nWir greifen an.\n2/15/1/21")
    assert result.orders == []
    (error,) = result.errors
    assert error.line == 1 and "line 3 in it reads like an order" in error.message("en")


def test_next_block_closes_an_open_one() -> None:
    result = parse("Artikel\nText A\nGeheimnachricht an 3\nText B\nEnde")
    assert result.errors == []
    assert [x.kind for x in result.orders] == ["press", "secret"]
    assert result.notes and "without" in result.notes[0].message("en")


def test_article_longer_than_eight_printed_lines_is_refused() -> None:
    long_article = "Artikel\n" + "\n".join(f"Zeile {i}" for i in range(9)) + "\nEnde"
    message = error_of(long_article)
    assert "9 lines" in message and "at most 8" in message
    # 100 words of 4 letters: 14 fit in 72 columns, so they wrap into 8 printed lines.
    assert len(press_lines("wort " * 100)) == 8
    assert parse("Artikel: " + "wort " * 100).errors == []
    assert "9 lines" in error_of("Artikel: " + "wort " * 120)


def test_ende_ends_the_orders_and_a_later_order_is_reported() -> None:
    result = parse("2/15/1/21\nEnde\nGruß Peter\n10: 1 PDU")
    assert [x.kind for x in result.orders] == ["flight"]
    assert result.ended
    assert len(result.errors) == 1 and result.errors[0].line == 4
    assert "after" in result.errors[0].message("en")
    for end in ("End", "#END", "ende.", "ENDE"):
        assert parse(f"2/15/1/21\n{end}\n10: 1 PDU").orders[0].kind == "flight"


def test_greetings_are_notes_not_errors() -> None:
    result = parse("Hallo Harald,\nhier meine Befehle:\n2/15/1/21\nViele Grüße\nPeter")
    assert [x.kind for x in result.orders] == ["flight"]
    assert [n.line for n in result.notes] == [1, 2, 4, 5]  # "Peter" signs below the closing
    assert result.errors == []
    # A lone name on the last line signs without a greeting ...
    signed = parse("2/15/1/21\nPeter")
    assert signed.errors == [] and [n.line for n in signed.notes] == [2]
    # ... but a stray word between orders is an error, not a signature.
    assert [e.line for e in parse("2/15/1/21\nPeter\nHP=10").errors] == [2]


def test_sentences_are_notes_and_garbled_orders_are_errors() -> None:
    result = parse("diesmal wird es ernst: ich greife Draken an.\n10 PDU 2 FX")
    assert [n.line for n in result.notes] == [1]
    assert [e.line for e in result.errors] == [2]


def test_bullets_trailing_stops_and_remarks_are_forgiven() -> None:
    result = parse("- 2/15/1/21\n* PV 5 = 0.\nCrab: 1 PDU, 3 TR (= 240 A)\n1. HP = 10")
    assert result.errors == []
    assert [x.kind for x in result.orders] == ["flight", "pv", "production", "homeplanet"]


def test_order_form_rows_with_number_and_name() -> None:
    assert one("2 Crab: 1 PDU") == o.Production(line=1, planet=2, PDU=1)
    assert parse("10 Outpost:").orders == [] and parse("10 Outpost:").errors == []
    assert "Which one" in error_of("2 Outpost: 1 PDU")
    assert "Which one" in error_of("Crab (10): 1 PDU")


def test_flight_written_as_a_sentence() -> None:
    assert one("15 FI und 2 TR von Lone Star nach Kalgourlie") == o.Flight(
        line=1, source=8, fi=15, tr=2, target=17
    )


def test_subject_of_a_printout_reply_gives_game_and_player_but_not_the_turn() -> None:
    header = parse("2/15/1/21", "AW: Auswertung Runde 4 - Partie 227, Spieler 2").header
    assert (header.game, header.player, header.turn) == (227, 2, None)
    header = parse("2/15/1/21", "Partie 227 Spieler 2 Kennwort x Runde 5").header
    assert (header.game, header.player, header.password, header.turn) == (227, 2, "x", 5)


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("PV 5 = 3", "between 0 and 2"),
        ("PV 9 = 1", "between 1 and 8"),
        ("HP = 41", "between 1 and 40"),
        ("37 / C12 / 3 / 25", "C0 to C9"),
        ("Runden 40", "between 10 and 30"),
        ("Verlängerung 11", "between 0 and 10"),
        ("34 = Ein viel zu langer Name", "at most 15"),
        ("2/0/0/21", "no ships"),
        ("2/15/1/2", "same planet"),
        ("20 (Crab) ausspionieren", "Crab"),
        ("5 PP für PR", "needs a planet"),
        ("3 PP für FM% auf 20", "whole empire"),
        ("2 / 3 FP / 1 / 21", "Only FI and TR"),
        ("Crab: 3 C2", "cannot be built"),
        ("37 / C2 / 0 / 25", "Zero cargo"),
    ],
)
def test_value_errors(text: str, needle: str) -> None:
    assert needle in error_of(text)


def test_pv_to_oneself_needs_the_header() -> None:
    assert parse("PV 2 = 0").errors == []
    result = parse("Partie 227 Spieler 2 Kennwort x\nPV 2 = 0")
    assert "yourself" in result.errors[0].message("en")
    assert result.errors[0].line_text == "PV 2 = 0"
    # The order form's "2=1" for oneself is harmless: no order, no error.
    result = parse("Partie 227 Spieler 2 Kennwort x\nPV: 1=1 2=1 3=2")
    assert result.errors == [] and [x.to_json()["player"] for x in result.orders] == [1, 3]


def test_error_carries_line_column_text_and_a_suggestion() -> None:
    result = parse("2/15/1/21\nCrabb: 1 PDU\n10: 2 PDV")
    assert [x.kind for x in result.orders] == ["flight"]
    first, second = result.errors
    assert (first.line, first.column, first.text, first.suggestion) == (2, 1, "Crabb:", "Crab")
    assert (second.line, second.column, second.text, second.suggestion) == (3, 7, "PDV", "PDU")
    assert "a production item" in second.message("en")
    assert "ein Bauobjekt" in second.message("de")
    assert second.line_text == "10: 2 PDV"


def test_misspelled_keyword_gets_a_suggestion() -> None:
    result = parse("4 Ausspioniren")
    assert result.errors[0].suggestion == "ausspionieren"
    result = parse("Geheimnachrict an 3: hallo")
    assert result.errors[0].suggestion == "Geheimnachricht"


def test_one_bad_line_never_stops_the_others() -> None:
    lines = ["2/15/1/21", "völliger Unsinn %%%", "10: PDU 2", "PV 5 = 7", "HP = 10"]
    result = parse("\n".join(lines))
    assert [x.line for x in result.orders] == [1, 3, 5]
    assert [e.line for e in result.errors] == [2, 4]


_TOKEN_NAME = re.compile(
    r"\b(INT|PLANET_NAME|[A-Z]+_KW|_SEP|_TO|TEXT|KIND|CARGO|LETTER|PAREN|"
    r"PASSWORD|YESNO|TARGET|COLON|SLASH|EQUAL|COMMA)\b|\$END|__ANON|"
    r"<END-OF-FILE>"
)


@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=200))
def test_any_text_gives_orders_and_errors_never_an_exception(text: str) -> None:
    result = parse(text)
    assert isinstance(result, ParseResult)
    for error in result.errors:
        for lang in ("de", "en"):
            # The player's own text is quoted back; only our words must be free of token names.
            message = error.message(lang).replace(error.text, "")
            assert message and not _TOKEN_NAME.search(message), message
        assert error.line >= 1 and error.column >= 1


_ORDERISH = st.lists(
    st.sampled_from(
        [
            "2/15/1/21",
            "Crab: 1 PDU",
            "PV 5=0",
            "HP=10",
            "Artikel",
            "Ende",
            "Geheimnachricht an 3",
            "text",
            "37 / C2 / 3 / 25",
            "Partie 227 Spieler 2 Kennwort x",
            "#END",
            "",
            "  ",
            ";",
            "//",
            "= =",
            "/ / /",
            "PV",
            "34 =",
            "Herrscher =",
        ]
    ),
    max_size=30,
)


@settings(max_examples=examples(300), deadline=None)
@given(_ORDERISH)
def test_order_like_garbage_never_raises(lines: list[str]) -> None:
    result = parse("\n".join(lines))
    assert all(1 <= x.line <= max(len(lines), 1) for x in result.orders)


# ------------------------------------------------------------------------ the player docs


def _doc_examples() -> list[list[str]]:
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in DOCS.read_text("utf-8").splitlines():
        if line.startswith("    ") and not line.lstrip().startswith("|"):
            current.append(line[4:])
        elif current:
            blocks.append(current)
            current = []
    return blocks


def test_every_example_in_the_player_docs_parses() -> None:
    blocks = _doc_examples()
    assert len(blocks) >= 10
    for block in blocks:
        # The header examples are alternatives: read them one by one.
        pieces = [[line] for line in block] if "Partie" in block[0] else [block]
        for piece in pieces:
            result = parse("\n".join(piece))
            assert result.errors == [], (piece, [e.message("en") for e in result.errors])
            assert result.orders or result.header.game, piece


def test_a_superscript_digit_as_a_planets_second_name_is_a_name_not_a_crash() -> None:
    # "²" is a digit to str.isdigit but no number to int(): it raised inside the reader.
    assert one("4 (²) ausspionieren") == o.Spy(line=1, planet=4)
