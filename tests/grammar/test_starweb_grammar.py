"""The Starweb order language (grammar/starweb.py): every example order of the rulebook,
the forgiving forms, errors, conflicts, messages by code name and the JSON round trip.

The CLI (``pbem parse --game starweb --json``) is tested with the kind's registration
(sw-kind); here ``LANGUAGE.parse(...).to_json()`` gives the same objects.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import SecretMessage, UrgentDispatch
from engine.starweb import orders as o
from grammar.starweb import LANGUAGE, PRINTOUT_HEADINGS, scan

RULERS = {1: "THRAWN", 2: "BORG", 3: "NECRON", 4: "QUILDOR"}


def codes(text: str) -> list[str]:
    result = LANGUAGE.parse(text)
    assert result.errors == [], [e.message("en") for e in result.errors]
    return [order.code for order in result.orders if isinstance(order, o.StarwebOrder)]


# ------------------------------------------------------------ the rulebook's orders

THRAWN_ECHO = """=====
F39U F42U F106U F160U V11W P9T1F45 W13B5F160 W13B10F39 W13B10F42 W2S1
W206B3F223 F45L V38F160 F128L F79L F186L F199L V61F186 F78AF189 F45W206W79W13
F39W79W139 F42W79W198 F106W144 F160W79W139W3 F128W13 F113W9W206 F250W202
F79W79W13 F186W79W13 F149W86W206 F223W9W84 F199W198W79W13 Z3 A=BORG
A=NECRON
F82G=BORG <36>
"""


def test_thrawns_36_orders_from_the_printout_echo() -> None:
    found = codes(THRAWN_ECHO)
    assert len(found) == 36
    expected = " ".join(THRAWN_ECHO.replace("=====", "").replace("<36>", "").split())
    assert found == expected.split()


VRAZRUUB = """1 F3U\t<- Flotte 3 entlädt alle Metalle
2 F33U1\t<- Flotte 33 entlädt 1 Metall
3 V3W\t<- Die Nebula-Schrift wird auf der Welt abgelegt
4 F206U\t<- Flotte 206 entlädt alle Metalle
5 W77B1F33\t<- 1 Industrie baut 1 Schiff für Flotte 33
6 W77B2F86\t<- 2 Industrien bauen 2 Schiffe für Flotte 86
7 P77T1F243\t<- 1 P-Schiff wird zu Flotte 243 transferiert
8 F206W54\t<- Flotte 206 zieht nach Welt 54 - Metalle holen
9 F3W208W2\t<- Flotte 3 zieht über Welt 208 nach Welt 2 (dort liegen dann 16 Metalle)
"""


def test_vrazruubs_nine_numbered_lines() -> None:
    result = LANGUAGE.parse(VRAZRUUB)
    assert not result.errors
    assert [(order.line, order.code) for order in result.orders] == [
        (1, "F3U"),
        (2, "F33U1"),
        (3, "V3W"),
        (4, "F206U"),
        (5, "W77B1F33"),
        (6, "W77B2F86"),
        (7, "P77T1F243"),
        (8, "F206W54"),
        (9, "F3W208W2"),
    ]


# Every form of "Die Befehle" and STARWEB.md section 5's examples, with its type.
FORMS: list[tuple[str, type[o.StarwebOrder]]] = [
    ("F3T4F17", o.Transfer),
    ("I13T2F79", o.Transfer),
    ("P9T1F45", o.Transfer),
    ("F39T6I", o.Transfer),
    ("F3T1P", o.Transfer),
    ("P2T1I", o.Transfer),
    ("I144T1P", o.Transfer),
    ("W2S1", o.Scrap),
    ("W13B7I", o.Build),
    ("W13B2P", o.Build),
    ("W13B5F160", o.Build),
    ("W7B3R", o.Build),
    ("W205I3I", o.Build),
    ("W13I1L", o.Build),
    ("P13M5W79", o.Emigrate),
    ("C3M4W34", o.Emigrate),
    ("F35W6", o.Move),
    ("F35W6W19", o.Move),
    ("F35W6W19W17", o.Move),
    ("F85W2W3W4", o.Move),
    ("F42P220", o.Probe),
    ("I144P2", o.Probe),
    ("P3P139", o.Probe),
    ("F33U1", o.Cargo),
    ("F33U", o.Cargo),
    ("F8J", o.Cargo),
    ("F8J3", o.Cargo),
    ("F79N7", o.Cargo),
    ("F79N", o.Cargo),
    ("F45L", o.Cargo),
    ("F45L5", o.Cargo),
    ("L=NECRON", o.LoadingRight),
    ("X=NECRON", o.LoadingRight),
    ("V38F160", o.AttachArtifact),
    ("V11W", o.DropArtifact),
    ("F78AF189", o.Fire),
    ("F39AI", o.Fire),
    ("F39AP", o.Fire),
    ("F39AH", o.Fire),
    ("I13AF8", o.Fire),
    ("I13AC", o.Fire),
    ("P34AF180", o.Fire),
    ("P34AC", o.Fire),
    ("F180CF8", o.Fire),
    ("F39CI", o.Fire),
    ("F39CP", o.Fire),
    ("F39CH", o.Fire),
    ("I13CF8", o.Fire),
    ("I13CC", o.Fire),
    ("P34CF180", o.Fire),
    ("P34CC", o.Fire),
    ("Z", o.AmbushOff),
    ("Z3", o.AmbushOff),
    ("A=BORG", o.Diplomacy),
    ("N=BORG", o.Diplomacy),
    ("J=QUILDOR", o.Diplomacy),
    ("F82G=BORG", o.Gift),
    ("W195G=BORG", o.Gift),
    ("W43X", o.Plunder),
    ("F4Q", o.Stance),
    ("F4X", o.Stance),
    ("F128B", o.BuildBomb),
    ("F128D", o.DropBomb),
    ("F7R2", o.RobotAttack),
    ("E=5000", o.EndScoreVote),
]


@pytest.mark.parametrize(("code", "cls"), FORMS)
def test_every_form_parses_to_its_code(code: str, cls: type[o.StarwebOrder]) -> None:
    result = LANGUAGE.parse(code)
    assert not result.errors, result.errors
    (order,) = result.orders
    assert isinstance(order, cls)
    assert order.code == code


def test_the_forms_fields() -> None:
    (transfer,) = LANGUAGE.parse("I13T2F79").orders
    assert transfer == o.Transfer(
        line=1, source="I", number=13, quantity=2, target="F", target_fleet=79
    )
    (build,) = LANGUAGE.parse("W205I3I").orders
    assert build == o.Build(line=1, world=205, quantity=3, what=o.BUILD_INDUSTRY)
    (move,) = LANGUAGE.parse("F35W6W19W17").orders
    assert move == o.Move(line=1, fleet=35, path=(6, 19, 17))
    (fire,) = LANGUAGE.parse("F180CF8").orders
    assert fire == o.Fire(
        line=1, source="F", number=180, target="F", target_fleet=8, conditional=True
    )
    (cargo,) = LANGUAGE.parse("F33U").orders
    assert cargo == o.Cargo(line=1, fleet=33, action="U", quantity=None)
    (right,) = LANGUAGE.parse("X=NECRON").orders
    assert right == o.LoadingRight(line=1, player="NECRON", grant=False)


# ------------------------------------------------------------------ forgiving forms


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("w7 b2 f12", ["W7B2F12"]),
        ("W7 B2 F12", ["W7B2F12"]),
        ("f 35 w 6 w 19", ["F35W6W19"]),
        ("F3U, F4U; F5U", ["F3U", "F4U", "F5U"]),
        ("F3U,F4U;F5U.", ["F3U", "F4U", "F5U"]),
        ("F3W5 W6X", ["F3W5", "W6X"]),  # a move, then a plunder: not a fourth gate
        ("F3W5W6 Z", ["F3W5W6", "Z"]),
        ("12 F3U <- entladen", ["F3U"]),
        ("F3U // unload", ["F3U"]),
        ("F3U # unload", ["F3U"]),
        ("F3U (unload all)", ["F3U"]),
        ("a=borg f82g=Borg", ["A=BORG", "F82G=BORG"]),
        ("W13l1L W205l3I", ["W13I1L", "W205I3I"]),  # the rulebook's misprinted "l"
        ("e = 7500", ["E=7500"]),
        ("Endpunkte=7500", ["E=7500"]),
        ("Endpunktzahl 7500", ["E=7500"]),
        ("end score = 7500", ["E=7500"]),
        ("- F3U", ["F3U"]),
    ],
)
def test_forgiving_input(text: str, expected: list[str]) -> None:
    assert codes(text) == expected


def test_the_prefilled_section_heading_is_no_order() -> None:
    text = "=== Befehle für Runde 8 ===\nF3U\n=== Orders for turn 8 ===\n"
    assert codes(text) == ["F3U"]


def test_sentences_and_greetings_are_notes() -> None:
    result = LANGUAGE.parse(
        "Hallo Spielleiter,\nF3U\nDas wirst Du 3x bitter bereuen, Quildor!\nGrüße\nGandalf"
    )
    assert [order.code for order in result.orders] == ["F3U"]  # type: ignore[attr-defined]
    assert not result.errors
    assert [note.line for note in result.notes] == [1, 3, 4, 5]


# --------------------------------------------------------------------------- errors


def error_of(text: str) -> tuple[int, str, str]:
    result = LANGUAGE.parse(text)
    (error,) = result.errors
    return error.column, error.message("de"), error.message("en")


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("F0W3", 2, "between 1 and 255, not 0"),
        ("F3W256", 4, "between 1 and 255, not 256"),
        ("W13B256I", 5, "between 1 and 255, not 256"),
        ("F3T0F4", 4, "between 1 and 255, not 0"),
        ("V101W", 2, "between 1 and 100, not 101"),
        ("F1W2W3W4W5", 3, "at most 3 gates, here 4"),
        ("E=999", 3, "between 1000 and 15000, not 999"),
        ("E=15001", 3, "between 1000 and 15000, not 15001"),
        ("F3AC", 4, "do not fire at converts"),
        ("I13AP", 5, "fire only at fleets"),
        ("P2T1P", 5, "cannot be transferred"),
    ],
)
def test_range_and_form_errors(text: str, column: int, words: str) -> None:
    at, de, en = error_of(text)
    assert at == column
    assert words in en
    assert de != en


def test_unknown_order_with_a_suggestion() -> None:
    result = LANGUAGE.parse("F3U F3WW5 F4U")
    assert [order.code for order in result.orders] == ["F3U", "F4U"]  # type: ignore[attr-defined]
    (error,) = result.errors
    assert (error.line, error.column, error.text) == (1, 5, "F3WW5")
    assert error.suggestion == "F3W5"
    assert "Meinten Sie „F3W5“?" in error.message("de")
    assert 'Did you mean "F3W5"?' in error.message("en")


def test_unknown_letter_names_the_order_letters() -> None:
    at, de, en = error_of("F3U Q7 F4U")
    assert at == 5
    assert "Befehle beginnen mit F, W" in de
    assert "orders begin with F, W" in en


def test_an_error_never_drops_the_other_orders_on_its_line() -> None:
    result = LANGUAGE.parse("F3U F0W2 W7 B2 Q12 F4U V200W F5W6")
    assert [order.code for order in result.orders] == [  # type: ignore[attr-defined]
        "F3U",
        "F4U",
        "F5W6",
    ]
    assert [(e.column, e.text) for e in result.errors] == [
        (6, "F0W2"),
        (10, "W7 B2 Q12"),
        (25, "V200W"),
    ]
    assert all(e.line_text == "F3U F0W2 W7 B2 Q12 F4U V200W F5W6" for e in result.errors)


def test_errors_on_several_lines_keep_their_lines() -> None:
    result = LANGUAGE.parse("F3U\nF3Y\nF4U\n")
    assert [(e.line, e.column) for e in result.errors] == [(2, 1)]
    assert [order.line for order in result.orders] == [1, 3]


# ------------------------------------------------------------------------ conflicts


def test_conflicts_are_noted_and_the_orders_kept() -> None:
    result = LANGUAGE.parse("F12AF3\nF12W5\nF3U F3L\nV38F160 V38W\nF3U")
    assert len(result.orders) == 7  # the turn drops them (engine.starweb.exclusive)
    notes = [(n.line, n.text, n.message("de")) for n in result.notes]
    assert notes == [
        (
            2,
            "F12W5",
            "F12W5 entfällt: widerspricht dem früheren Befehl F12AF3 (Die Befehle: Feuern "
            "und Bewegung schließen sich aus)",
        ),
        (
            3,
            "F3L",
            "F3L entfällt: widerspricht dem früheren Befehl F3U (Fracht: Entladen und Laden "
            "schließen sich aus)",
        ),
        (
            4,
            "V38W",
            "V38W entfällt: widerspricht dem früheren Befehl V38F160 (Kunstwerke: nur ein "
            "Befehl (Kunstwerk-Befehl) je Zug)",
        ),
        (
            5,
            "F3U",
            "F3U entfällt: widerspricht dem früheren Befehl F3U (Die Befehle: derselbe Befehl "
            "zweimal)",
        ),
    ]
    assert result.notes[0].message("en") == (
        "F12W5 is dropped: it contradicts the earlier order F12AF3 (Die Befehle: firing and "
        "moving exclude each other)"
    )


# ------------------------------------------------------------ players by code name


def test_messages_to_a_code_name() -> None:
    text = "Geheim an borg: Wir sehen uns auf W34.\nEildepesche an Necron\nAngriff!\nEnde\n"
    result = LANGUAGE.parse(text, rulers=RULERS)
    assert not result.errors
    secret, urgent = result.orders
    assert secret == SecretMessage(line=1, to=2, text="Wir sehen uns auf W34.")
    assert urgent == UrgentDispatch(line=2, to=3, text="Angriff!")


def test_a_message_to_an_unknown_code_name_names_the_known_ones() -> None:
    result = LANGUAGE.parse("Geheim an ROLAND: hallo", rulers=RULERS)
    (error,) = result.errors
    assert "BORG, NECRON, QUILDOR, THRAWN" in error.message("de")
    assert "ROLAND" in error.message("en")
    assert not result.orders


def test_a_message_by_number_still_works() -> None:
    (message,) = LANGUAGE.parse("Geheim an 4: hallo", rulers=RULERS).orders
    assert message == SecretMessage(line=1, to=4, text="hallo")


def test_the_header_may_name_the_player_by_code_name() -> None:
    result = LANGUAGE.parse("Partie 5 Spieler Thrawn Kennwort geheim\nF3U", rulers=RULERS)
    assert (result.header.game, result.header.player, result.header.password) == (
        5,
        1,
        "geheim",
    )
    subject = LANGUAGE.parse("F3U", "Partie 5 Spieler BORG Kennwort x", rulers=RULERS)
    assert subject.header.player == 2


def test_orders_keep_a_code_name_and_an_unknown_one_is_noted() -> None:
    result = LANGUAGE.parse("A=borg F82G=ROLAND", rulers=RULERS)
    assert [order.code for order in result.orders] == ["A=BORG", "F82G=ROLAND"]  # type: ignore[attr-defined]
    (note,) = result.notes
    assert note.text == "F82G=ROLAND"
    assert "THRAWN" in note.message("en")


# -------------------------------------------------------------------------- JSON


def test_json_round_trip_and_parse_json() -> None:
    text = THRAWN_ECHO + "E=5000\nF8J3\nGeheim an 2: hi\n"
    result = LANGUAGE.parse(text)
    data = json.loads(json.dumps(result.to_json()))
    for item, order in zip(data["orders"], result.orders, strict=True):
        assert LANGUAGE.order_from_json(item) == order
        if isinstance(order, o.StarwebOrder):
            assert item["kind"] == order.kind
            assert item["code"] == order.code
    assert data["orders"][0] == {
        "line": 2,
        "kind": "cargo",
        "code": "F39U",
        "fleet": 39,
        "action": "U",
        "quantity": None,
    }


def test_every_order_is_described_in_both_languages() -> None:
    for code, _cls in FORMS:
        (order,) = LANGUAGE.parse(code).orders
        de, en = order.describe("de"), order.describe("en")
        assert de.startswith(code + ": ") and en.startswith(code + ": ")
        assert de != en, code
    (move,) = LANGUAGE.parse("F35W6W19W17").orders
    assert move.describe("de") == "F35W6W19W17: Flotte 35 über Welt 6 und 19 nach Welt 17"
    assert move.describe("en") == ("F35W6W19W17: fleet 35 moves through world 6 and 19 to world 17")


def test_printout_headings() -> None:
    assert "Kontakte in dieser Runde:" in PRINTOUT_HEADINGS
    assert "Contacts this turn:" in PRINTOUT_HEADINGS


# ------------------------------------------------------------ property: round trip

_n = st.integers(1, 255)
_name = st.sampled_from(["BORG", "NECRON", "THRAWN", "Q"])
_valid_codes = st.one_of(
    st.builds(lambda s, n, q, m: f"{s}{n}T{q}F{m}", st.sampled_from("FIP"), _n, _n, _n),
    st.builds(lambda n, q, t: f"F{n}T{q}{t}", _n, _n, st.sampled_from("IP")),
    st.builds(lambda n, q: f"W{n}S{q}", _n, _n),
    st.builds(lambda n, q, t: f"W{n}B{q}{t}", _n, _n, st.sampled_from("IPR")),
    st.builds(lambda n, q, m: f"W{n}B{q}F{m}", _n, _n, _n),
    st.builds(lambda n, q, t: f"W{n}I{q}{t}", _n, _n, st.sampled_from("IL")),
    st.builds(lambda c, n, q, m: f"{c}{n}M{q}W{m}", st.sampled_from("PC"), _n, _n, _n),
    st.builds(
        lambda n, path: f"F{n}" + "".join(f"W{w}" for w in path),
        _n,
        st.lists(_n, min_size=1, max_size=3),
    ),
    st.builds(lambda s, n, m: f"{s}{n}P{m}", st.sampled_from("FIP"), _n, _n),
    st.builds(
        lambda n, a, q: f"F{n}{a}{q}", _n, st.sampled_from("UJNL"), st.one_of(st.just(""), _n)
    ),
    st.builds(lambda a, p: f"{a}={p}", st.sampled_from("ANJLX"), _name),
    st.builds(lambda n, m: f"V{n}F{m}", st.integers(1, 100), _n),
    st.builds(lambda n: f"V{n}W", st.integers(1, 100)),
    st.builds(
        lambda s, n, c, m: f"{s}{n}{c}F{m}", st.sampled_from("FIP"), _n, st.sampled_from("AC"), _n
    ),
    st.builds(lambda n, c, t: f"F{n}{c}{t}", _n, st.sampled_from("AC"), st.sampled_from("IPH")),
    st.builds(lambda s, n, c: f"{s}{n}{c}C", st.sampled_from("IP"), _n, st.sampled_from("AC")),
    st.builds(lambda n: f"Z{n}", st.one_of(st.just(""), _n)),
    st.builds(lambda w, n, p: f"{w}{n}G={p}", st.sampled_from("FW"), _n, _name),
    st.builds(
        lambda n, f: f"{'W' if f == 'X' and n % 2 else 'F'}{n}{f}", _n, st.sampled_from("QXBD")
    ),
    st.builds(lambda n, q: f"F{n}R{q}", _n, _n),
    st.builds(lambda s: f"E={s}", st.integers(1000, 15000)),
)


@given(st.lists(_valid_codes, min_size=1, max_size=8), st.sampled_from([" ", ", ", "; "]))
def test_random_valid_codes_round_trip(given_codes: list[str], separator: str) -> None:
    scanned = scan(separator.join(given_codes), line=1)
    assert [order.code for order in scanned if isinstance(order, o.StarwebOrder)] == given_codes
    assert all(isinstance(order, o.StarwebOrder) for order in scanned)
    lower = scan(separator.join(c.lower() for c in given_codes), line=1)
    assert [order.code for order in lower if isinstance(order, o.StarwebOrder)] == given_codes


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("F1W1 I1T1F1", ["F1W1", "I1T1F1"]),  # found by the round trip: I-ship transfer
        ("F1W1W2 I3T1P", ["F1W1W2", "I3T1P"]),
        ("F1W6 X=BORG", ["F1W6", "X=BORG"]),  # a loading right, not a plunder of W6
        ("F1W205 W205I3I", ["F1W205", "W205I3I"]),
        ("F1W2 W3 S1", ["F1W2", "W3S1"]),
    ],
)
def test_a_move_ends_where_the_next_order_begins(text: str, codes: list[str]) -> None:
    assert [getattr(o, "code", None) for o in scan(text, line=1)] == codes
