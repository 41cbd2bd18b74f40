"""The shared order reader: the header read before the game is known, and the frame
(comments, Ende, text blocks, lines after the end) every language gets for free."""

from __future__ import annotations

import importlib

import pytest

from engine import core, registry
from engine.core import OrderLanguage
from grammar import ashes, ashes_board, gm, reader, spacewar, starweb
from grammar.reader import read_header
from tests.toykind.engine import Add
from tests.toykind.grammar import ToyLines

# ------------------------------------------------------------ the game-neutral header


@pytest.mark.parametrize(
    "line",
    [
        "Partie 227 Spieler 2 Kennwort xyz Runde 5",
        "Game 227 Player 2 Password xyz Turn 5",
        "Game: 227, Player: B, Password: xyz, Turn: 5",
        "spiel nr. 227; mitspieler 2; pw xyz; zug 5",
    ],
)
def test_header_from_the_body_in_german_and_english(line: str) -> None:
    header = reader.read_header(f"Hallo,\n{line}\nCrab: 1 PDU\n")
    assert (header.game, header.player, header.password, header.turn) == (227, 2, "xyz", 5)
    assert header.player_name is None


@pytest.mark.parametrize(
    "subject",
    ["Re: Partie 227 Spieler 2 Kennwort xyz Runde 5", "Game 227 Player 2 Password xyz Turn 5"],
)
def test_header_from_the_subject(subject: str) -> None:
    header = reader.read_header("Crab: 1 PDU", subject)
    assert (header.game, header.player, header.password, header.turn) == (227, 2, "xyz", 5)


def test_header_names_a_player_by_name() -> None:
    header = reader.read_header("Game 231 Player Blackbeard Password arr\n")
    assert (header.game, header.player, header.player_name) == (231, None, "Blackbeard")
    assert header.password == "arr"
    header = reader.read_header("build 3", "Partie 231 Spieler Blackbeard Kennwort arr")
    assert (header.game, header.player_name, header.password) == (231, "Blackbeard", "arr")


def test_header_body_wins_and_subject_fills_in() -> None:
    header = reader.read_header("Partie 227 Spieler 2", "AW: Partie 300 Kennwort xyz Runde 4")
    assert (header.game, header.player, header.password, header.turn) == (227, 2, "xyz", 4)
    # A printout's turn in a reply's Subject is no turn for these orders (no password).
    assert reader.read_header("", "AW: Auswertung Runde 4 - Partie 227, Spieler 2").turn is None


def test_header_finds_what_the_ashes_reading_finds() -> None:
    texts = [
        ("Partie 227 Spieler 2 Kennwort xyz\n2/15/1/21", None),
        ("- Game 227, Player 2, Password xyz // mine", None),
        ("2/15/1/21", "Re: Partie 227 Spieler 2 Kennwort xyz"),
        ("partie 227; spieler b; pw xyz\nRunde 5", None),
    ]
    for text, subject in texts:
        assert reader.read_header(text, subject) == ashes.parse(text, subject).header


# ------------------------------------------------------------------ a toy line grammar
# The toy kind's order lines (tests/toykind): a whole game's order language in a few
# lines, everything else is the reader's.


def read_toy(text: str, subject: str | None = None) -> reader.Reading[core.Order]:
    return reader.Reader(ToyLines(), messages=reader.CORE_MESSAGES).read(text, subject)


def test_a_toy_grammar_gets_the_whole_frame() -> None:
    text = "\n".join(
        [
            "Hallo,",  # 1 a greeting: a note
            "Game 5 Player 3 Password pw",  # 2 the header
            "ADD 3 // more next turn",  # 3 an order with a comment
            "# a comment line",  # 4
            "Artikel",  # 5 a text block ...
            "Toy news.",  # 6
            "Ende",  # 7 ... closed by Ende
            "Geheim an 2: hi",  # 8 a secret message on one line
            "Fertig",  # 9 final
            "End",  # 10 the end of the orders
            "ADD 4",  # 11 after the end: looks like an order
        ]
    )
    reading = read_toy(text)
    assert (reading.header.game, reading.header.player, reading.header.password) == (5, 3, "pw")
    assert reading.items == [
        Add(line=3, amount=3),
        core.Article(line=5, text="Toy news."),
        core.SecretMessage(line=8, to=2, text="hi"),
        core.Final(line=9),
    ]
    assert reading.ended
    assert [n.line for n in reading.notes] == [1]
    (after,) = reading.errors
    assert after.line == 11 and 'after "End"' in after.message("en")


def test_a_toy_grammar_gets_the_wording_of_errors() -> None:
    reading = read_toy("ADD x")
    (error,) = reading.errors
    assert (error.line, error.column, error.text) == (1, 5, "x")
    assert error.message("en") == 'Unexpected: "x"; expected here: "ADD 5".'


# --------------------------------------------------- the languages share one frame


@pytest.mark.parametrize("end", ["Ende", "End", "#END", "ende.", "Schluss", "Ende der Befehle"])
def test_ashes_and_gm_end_at_the_same_markers(end: str) -> None:
    assert ashes.parse(f"2/15/1/21\n{end}\n10: 1 PDU").ended
    assert gm.parse(f"Partie 227 SL Kennwort x\nStatus\n{end}\nPause").ended
    assert [o.kind for o in ashes.parse(f"2/15/1/21\n{end}\n10: 1 PDU").orders] == ["flight"]
    assert gm.parse(f"Status\n{end}\nPause").commands == [gm.ShowStatus(line=1)]


@pytest.mark.parametrize(
    ("comment", "bullet"), [("// note", "- "), ("# note", "* "), ("   // ", "1. ")]
)
def test_ashes_and_gm_read_comments_bullets_and_greetings_alike(comment: str, bullet: str) -> None:
    players = ashes.parse(f"Hallo,\n{bullet}2/15/1/21 {comment}\n{comment}\nViele Grüße\nPeter")
    master = gm.parse(f"Hallo,\n{bullet}Status {comment}\n{comment}\nViele Grüße\nPeter")
    assert not players.errors and not master.errors
    assert [o.line for o in players.orders] == [c.line for c in master.commands] == [2]
    assert [n.line for n in players.notes] == [n.line for n in master.notes] == [1, 4, 5]
    assert [n.messages for n in players.notes] == [n.messages for n in master.notes]


def test_ashes_and_gm_word_the_frame_alike() -> None:
    players = ashes.parse("2/15/1/21\nEnde\nHP = 10", "Partie 227 Spieler 2")
    master = gm.parse("Status\nEnde\nPause", "Partie 227 SL")
    assert players.errors[0].messages == master.errors[0].messages
    players = ashes.parse("Partie 227 Kennwort a", "Partie 228")
    master = gm.parse("Partie 227 SL Kennwort a", "Partie 228 SL")
    assert players.errors[0].messages == master.errors[0].messages


def test_gm_text_blocks_stay_strict() -> None:
    # A GM command acts at once: only "Ende" closes its text, and one without is not used.
    assert ashes.parse("Artikel\nText\nGeheim an 3\nMehr").orders[0] == ashes.o.Press(
        line=1, text="Text"
    )
    master = gm.parse("Nachricht\nText\nGeheim an 3\nMehr")
    assert master.commands == [] and "not used" in master.errors[0].message("en")


def test_ashes_language_is_an_order_language() -> None:
    language: core.OrderLanguage = ashes.LANGUAGE
    result = language.parse("Neu Berlin: 2 PDU", places={34: "Neu Berlin"})
    assert result.errors == [] and result.orders[0].to_json()["planet"] == 34
    assert language.namer({2: "Krebs"})(2) == "2 (Krebs)"
    assert language.namer()(2) == "2 (Crab)"
    order = result.orders[0]
    assert language.order_from_json({"kind": order.kind, "line": 1, **order.to_json()}) == order


# ------------------------------------------------------------------ salt for the dice


@pytest.mark.parametrize("game", ["ashes", "starweb", "ashes-board", "spacewar"])
def test_a_salt_line_is_read_for_the_host_in_either_language_and_is_no_order(game: str) -> None:
    languages = {
        "ashes": ashes,
        "starweb": starweb,
        "ashes-board": ashes_board,
        "spacewar": spacewar,
    }
    language = languages[game].LANGUAGE
    result = language.parse(
        "Partie 1 Spieler 2 Kennwort x\nSalz: Sonnenblume und Mond\nSALT sunflower\n"
    )
    assert not result.errors and not result.orders
    assert result.settings == [
        core.Salt(line=2, words="Sonnenblume und Mond"),
        core.Salt(line=3, words="sunflower"),
    ]
    assert result.to_json()["settings"][0] == {
        "line": 2,
        "kind": "salt",
        "words": "Sonnenblume und Mond",
    }
    assert result.settings[0].describe("de") == "Salz für die Würfel: Sonnenblume und Mond"


def test_a_salt_line_without_words_is_an_error_of_that_line() -> None:
    result = ashes.LANGUAGE.parse("Partie 1 Spieler 2 Kennwort x\nSalz\n")
    assert [e.line for e in result.errors] == [2] and not result.settings
    # The word expected stands in the nominative ("erwartet wird hier ein Text").
    assert result.errors[0].message("de").endswith("erwartet wird hier ein Text.")


@pytest.mark.parametrize("kind", [k.name for k in registry.KINDS])
@pytest.mark.parametrize(
    "words", ["Partie 600 Reich 2 Kennwort geheim", "Game 600 realm 2 password geheim"]
)
def test_every_kinds_reading_names_the_seat_of_a_realm_header_as_the_host_does(
    kind: str, words: str
) -> None:
    language: OrderLanguage = importlib.import_module(registry.grammar(kind)).LANGUAGE
    result = language.parse(words + "\n")
    host = read_header(words, None)
    assert (result.header.game, result.header.player) == (host.game, host.player) == (600, 2)
    assert result.errors == []
