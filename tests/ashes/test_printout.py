"""The printouts (section 4): the original's numbers, layout rules, the order form."""

from __future__ import annotations

import textwrap
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ashes.combat import battle
from engine.ashes.morale import percent
from engine.ashes.printout import (
    _wrap_line,
    morale_text,
    order_form,
    pr_text,
    printout,
    strength_text,
)
from engine.ashes.state import AshesState
from engine.ashesmap.galaxy import standard_galaxy
from engine.dice import Dice
from grammar.ashes import parse
from tests.ashes.bots import new_standard_game, recorded_game, recorded_turn
from tests.ashes.helpers import bare, standard
from tests.ashes.snapshot import check_snapshot
from tests.lanes import examples


@pytest.fixture(scope="module")
def turn_6() -> AshesState:
    """Turn 6 of game 227 (seed 11) with the order mails eight bots once wrote for it."""
    game = recorded_game("game227-seed11-turns1-6.txt")
    state = new_standard_game(game=227, seed=11)
    for _ in range(6):
        state, _ = recorded_turn(state, game)
    return state


def test_turn_0_of_player_2_shows_the_original_numbers() -> None:
    text = printout(standard(), 2, "de")
    assert "Planet 2 Crab Besitzer Spieler B GIP:26 PM% 150" in text
    assert "A: 240 PR: .666 HD: 6 Fuel: 30 Ore: 30 Rare: 30" in text
    assert "PDU 6  FP 3  OP 3  RP 3  FY 6  TY 3  FI 15  TR 3" in text
    assert "Planet 10 Outpost Besitzer Spieler B GIP:23 PM% 100" in text
    assert "A: 110 PR: 1.083 HD: 3 Fuel: 30 Ore: 30 Rare: 30" in text
    assert "A=350 PL=2 FP=6 OP=6 RP=6 FY=12 TY=6 PD=16" in text
    assert "SP=180 FI=25 FM% 100 TR=9 TM% 100 GI=49 PP=0" in text
    assert " 2 (I) 15 F 3 T\n10 (I) 10 F 6 T\n" in text


def test_pr_is_cut_to_three_decimals() -> None:
    assert [pr_text(p) for p in (40, 41, 65, 60, 150, 1)] == [
        ".666",
        ".683",
        "1.083",
        "1.000",
        "2.500",
        ".016",
    ]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_turn_0_snapshots(lang: str) -> None:
    check_snapshot(f"turn0-player2-{lang}.txt", printout(standard(), 2, lang))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_later_turn_with_battles_snapshot(turn_6: AshesState, lang: str) -> None:
    assert turn_6.report.battles
    player = next(b.owner for b in turn_6.report.battles if b.fought and b.owner)
    check_snapshot(f"turn6-player{player}-{lang}.txt", printout(turn_6, player, lang))


def test_gm_view_snapshot(turn_6: AshesState) -> None:
    check_snapshot("turn6-gm-de.txt", printout(turn_6, 0, "de"))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_first_line_width_and_plain_text(turn_6: AshesState, lang: str) -> None:
    for player in [0, *(p.number for p in turn_6.players)]:
        text = printout(turn_6, player, lang)
        first = text.splitlines()[0]
        expected = (
            "=== Auswertung Partie 227 Runde 6 ==="
            if lang == "de"
            else "=== Printout game 227 turn 6 ==="
        )
        assert first == expected
        assert max(len(line) for line in text.splitlines()) <= 78
        assert "\t" not in text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_order_form_parses_without_errors(turn_6: AshesState, lang: str) -> None:
    for p in turn_6.active():
        form = "\n".join(order_form(turn_6, p.number, lang)) + "\n"
        result = parse(form)
        assert result.errors == [], form
        assert result.orders == []
        assert (result.header.game, result.header.player, result.header.turn) == (227, p.number, 7)
        tail = printout(turn_6, p.number, lang).split(form.splitlines()[0])[1]
        assert parse(tail).errors == []


def test_order_form_falls_back_to_numbers_for_misleading_names() -> None:
    state = standard()
    state.planet(2).name = "Outpost"
    state.planet(10).name = "Haus (alt)"
    form = "\n".join(order_form(state, 2, "de"))
    assert "\n2:\n10:\n" in form
    assert parse(form).errors == []


def test_press_is_signed_with_the_ruler_name() -> None:
    from random import Random

    from engine.ashes.turn import run_turn

    state = standard(players=2)
    orders = {
        1: parse("Herrscher = Kaiser Ming\nArtikel: Friede den Planeten!").orders,
        2: [],
        0: parse("Artikel: Der ZAT ist der 1. Mai.").orders,
    }
    state, _ = run_turn(state, orders, Dice.legacy(Random(0)))
    text = printout(state, 2, "de")
    assert "Friede den Planeten!" in text and "- Kaiser Ming" in text
    assert "- Der Spielleiter" in text
    assert "Spieldauer (geheim): 20" in printout(state, 0, "de")
    assert "20" not in text.split("Galactic Media")[1].split("#")[0]


def test_a_core_article_is_printed_like_an_ashes_press_order() -> None:
    from random import Random

    from engine.ashes.orders import ORDER_KINDS, Press
    from engine.ashes.turn import run_turn
    from engine.core import Article

    def printed(article: Article) -> tuple[str, str]:
        state = standard(players=2)
        orders = {1: [article], 2: [], 0: [type(article)(text="Der ZAT ist der 1. Mai.")]}
        state, _ = run_turn(state, orders, Dice.legacy(Random(0)))
        return printout(state, 2, "de"), printout(state, 0, "en")

    assert printed(Article(text="Friede!")) == printed(Press(text="Friede!"))
    assert "Der ZAT ist der 1. Mai." in printed(Article(text="x"))[0]
    press = Press(line=3, text="Hallo")
    data = {"line": 3, "kind": press.kind, **press.to_json()}
    assert data == {"line": 3, "kind": "press", "text": "Hallo"}
    assert ORDER_KINDS.from_json(data) == press
    assert isinstance(press, Article)


def test_strengths_are_factors_cut_to_one_decimal() -> None:
    assert [strength_text(h) for h in (2400, 550, 250, 220, 0, 9, 99, 12345)] == [
        "24",
        "5.5",
        "2.5",
        "2.2",
        "0",
        "0",
        "0.9",
        "123.4",
    ]


@pytest.mark.parametrize(("lang", "landing"), [("de", "Landeversuch"), ("en", "Landing attempt")])
def test_battle_report_prints_strengths_as_the_original(lang: str, landing: str) -> None:
    state = standard()
    state.pv[1][2] = state.pv[2][1] = 0
    bare(state.planet(1), pdu=2, pm=110)  # Earth: 5 FI at PM% 110 defend
    home = state.orbit(1, 1)
    assert home is not None
    home.fi, home.tr = 5, 0
    state.add_fleet(2, 1, 25, 1)  # 1 escort: 24 FI fight, 1 TR lands at AD 2.5
    report = battle(state, standard_galaxy(), state.planet(1), Dice.legacy(Random(0)), {})
    assert report is not None
    state.report.battles.append(report)
    text = printout(state, 2, lang)
    assert " 2 PDU 24 AS 24 AF 5.5 DS 5 DF\n" in text  # 5 x 1.00 x 1.10 = 5.5
    assert f"\n{landing} 2.5 AS 2.2 DS\n" in text  # 1 x 1.00 x 2.5 against 2 x 1.10


_WRAP_ALPHABET = st.sampled_from(
    [
        # whitespace of textwrap, of str.isspace only, and none
        *(" ", "  ", "\t", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u00a0", "\u2028", "\u3000"),
        *("-", ".", "a", "Wort", "x" * 30, "ß", "é", "!", "Satz. "),
    ]
)


@settings(max_examples=examples(2000), deadline=None)
@given(
    parts=st.lists(_WRAP_ALPHABET, max_size=40),
    width=st.sampled_from([1, 2, 5, 72, 78]),
    indent=st.sampled_from(["", "  ", "   "]),
)
def test_wrap_line_is_textwrap(parts: list[str], width: int, indent: str) -> None:
    """The short cut for lines that fit gives what textwrap gives, whatever the blanks."""
    if len(indent) >= width:
        indent = ""
    line = "".join(parts)
    expected = textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=True)
    assert _wrap_line(line, width, indent) == (expected or [""])


def test_morale_text_is_the_percentage() -> None:
    for hundredths in range(-20000, 20001, 7):
        value = percent(hundredths)
        expected = (
            str(value.numerator)
            if value.denominator == 1
            else f"{hundredths // 100}.{hundredths % 100:02d}"
        )
        assert morale_text(hundredths) == expected
    assert [morale_text(h) for h in (10000, 10037, 9950, 0)] == ["100", "100.37", "99.50", "0"]
