"""The Starweb printout (Starweb "Der Printout"): THRAWN's turn 7 as in the rulebook,
English, the GM's view, the 80-column layout, what a player must never see, the order
section to send back."""

from __future__ import annotations

import re
from random import Random

import pytest

from engine.core import NEUTRAL
from engine.starweb.layout import WIDTH, fill, items
from engine.starweb.printout import printout
from engine.starweb.state import (
    Artifact,
    Character,
    EchoLine,
    FleetNote,
    Options,
    PlayerReport,
    StarwebState,
    TurnReport,
    WorldNote,
)
from engine.starweb.texts import PRINTOUT_HEADINGS, REMARKS, coded
from grammar.reader import read_header
from mailserver.inbound.cleaning import printout_start
from tests.starweb.factory import make_state, setv
from tests.starweb.thrawn import BORG, NECRON, QUILDOR, THRAWN, thrawn_state, usable

EXPECTED_DE = """\
[THRAWN]: Reichsgründer

(Punkte=964,Geschenke=1,Welten=16,Flotten=18,Schiffe=91,Industrie=37,Minen=51,
Leute=862,Kunstwerke=9,Kontakte=[REBULARD],Kontakte=[SALVADOR],
Alliierte=[NECRON],Kontakte=[QUILDOR],Alliierte=[BORG],Kontakte=[ROLAND])

W2 (13,144) [THRAWN] (Industrie=1,Metall=12,Minen=4,Bevoelkerung=49,Limit=112,
Runden=7)

W3 (34,70,139,233) [THRAWN] (Metall=9,Minen=2,Bevoelkerung=61,Limit=61,
Runden=5,P-Schiffe=1) V70:Plastik Mondstein
F160[THRAWN]=6 (bewegt) V38:Diamant Sextant
F47[SALVADOR]=1 (bewegt)
(F35[QUILDOR]-->W34)

W9 (21,60,84,206) [THRAWN] (Metall=13,Minen=3,Bevoelkerung=33,Limit=84,
Runden=5,P-Schiffe=1)
F2[ROLAND]=6 (bewegt)
(F45[THRAWN]-->W206 F113[THRAWN]-->W206 F223[THRAWN]-->W84)

W13 (2,79,144) [THRAWN] (Industrie=30/7,Metall=7,Minen=3,Bevoelkerung=96,
Limit=100,Runden=1,I-Schiffe=1) V11:Platinum Thron V13:Silber Thron
V59:Strahlender Degen V76:Geweiheter Mondstein V95:Titanium Scarabeus
F45[THRAWN]=1 (bewegt,Fracht=1)
F79[THRAWN]=7 (bewegt,Fracht=7)
F128[THRAWN]=15 (bewegt,Fracht=15)
F186[THRAWN]=1 (bewegt,Fracht=1) V61:Platinum Kelch
F199[THRAWN]=1 (bewegt,Fracht=1)
(F39[THRAWN]-->W79 F42[THRAWN]-->W79 F106[THRAWN]-->W144 F160[THRAWN]-->W79)

W34 (3,166,204,212) [QUILDOR] (Metall=4,Minen=2,Bevoelkerung=54,Limit=54,
Runden=3,P-Schiffe=1)
F180[THRAWN]=1 (Ambush)
F8[QUILDOR]=13 (bewegt) V50:Plastik Degen
(F35[QUILDOR]-->W204 F129[QUILDOR]-->W204)

W43 (57,132,203,228) [THRAWN] (Metall=19,Minen=5,Bevoelkerung=73,Limit=114,
Runden=4,P-Schiffe=1)

W70 (3,159,195,254) [BORG] (Metall=11,Minen=4,Bevoelkerung=42,Limit=42,
Runden=3,P-Schiffe=1) V72:Uralter Mondstein
F4[BORG]=2
F82[BORG]=1 (Geschenk von [THRAWN])
F102[---]=0
(F255[BORG]-->W159)

W79 (13,132,139,198,206) [THRAWN] (Metall=5,Minen=5,Bevoelkerung=56,Limit=92,
Runden=7,P-Schiffe=1)
(F39[THRAWN]-->W139 F42[THRAWN]-->W198 F45[THRAWN]-->W13 F79[THRAWN]-->W13
F128[THRAWN]-->W13 F160[THRAWN]-->W139 F186[THRAWN]-->W13 F199[THRAWN]-->W13)

W84 (9,86,106,134) [---] (Minen=3,Bevoelkerung=20,Limit=46)
F223[THRAWN]=8 (bewegt)
F22[ROLAND]=2 (AF113)
F37[---]=0
(F2[ROLAND]-->W9 F113[THRAWN]-->W9)

W86 (84,132,203,206) [THRAWN] (Metall=9,Minen=2,Bevoelkerung=22,Limit=48,
Runden=5,P-Schiffe=1)
(F65[NECRON]-->W203 F149[THRAWN]-->W206)

W107 (68,159,195,202) [BORG] (Metall=6,Minen=2,Bevoelkerung=58,Limit=58,
Runden=4,P-Schiffe=1)
(F250[THRAWN]-->W202)

W132 (43,79,86,220) [THRAWN] (Bevoelkerung=14,Limit=20,P-Schiffe=1)

W139 (3,79,195,212) [THRAWN] (Metall=14,Minen=3,Bevoelkerung=65,Limit=65,
Runden=5,P-Schiffe=1)
F39[THRAWN]=11 (bewegt)
(F160[THRAWN]-->W3)

W144 (2,13) [THRAWN] (Industrie=2,Metall=14,Minen=3,Bevoelkerung=71,Limit=106,
Runden=7,I-Schiffe=3) V39:Strahlender Sextant
F106[THRAWN]=1 (bewegt)

W195 (70,107,139,198) [THRAWN] (Metall=4,Minen=1,Bevoelkerung=26,Limit=26,
Runden=5,P-Schiffe=1)

W198 (79,195,202,220) [THRAWN] (Metall=16,Minen=4,Bevoelkerung=48,Limit=63,
Runden=6,P-Schiffe=1)
F42[THRAWN]=11 (bewegt)
(F79[THRAWN]-->W79 F186[THRAWN]-->W79 F199[THRAWN]-->W79)

W202 (107,156,157,198) [THRAWN] (erobert,Industrie=1,Metall=4,Minen=4,
Bevoelkerung=66,Limit=78,Runden=1)
F78[THRAWN]=8 (AF189)
F163[THRAWN]=1
F189[THRAWN]=0 (erobert,genommen von [REBULARD])
F197[THRAWN]=0 (erobert)
F250[THRAWN]=1 (bewegt)
(F214[BORG]-->W156)

W203 (43,86,106,226) [NECRON] (Metall=12,Minen=4,Bevoelkerung=77,Limit=116,
Runden=3,P-Schiffe=1)
(F65[NECRON]-->W226 F149[THRAWN]-->W86)

W206 (9,79,86,212) [THRAWN] (Industrie=3,Metall=20,Minen=6,Bevoelkerung=90,
Limit=148,Runden=6,I-Schiffe=1)
F113[THRAWN]=1 (bewegt)
F149[THRAWN]=1 (bewegt)
(F45[THRAWN]-->W79 F223[THRAWN]-->W9)

W212 (21,34,139,206) [THRAWN] (Metall=17,Minen=4,Bevoelkerung=47,Limit=90,
Runden=5,P-Schiffe=1)
F181[QUILDOR]=3 (bewegt)

W220 (132,157,198,228) [THRAWN] (Metall=8,Minen=2,Bevoelkerung=45,Limit=45,
Runden=5,P-Schiffe=1)
(F199[THRAWN]-->W198)

Kontakte in dieser Runde: [NECRON] [SALVADOR] [REBULARD] [ROLAND] [BORG]
[QUILDOR]

Deren Punkte (nicht unbedingt in dieser Reihenfolge): 25 133 803 806 900 1077

Befehle=36 -- <Fehler und Kommentar in Klammern>:

=====
F39U F42U F106U F160U V11W P9T1F45 W13B5F160 W13B10F39 W13B10F42 W2S1
W206B3F223 F45L V38F160 F128L F79L F186L F199L V61F186 F78AF189 F45W206W79W13
F39W79W139 F42W79W198 F106W144 F160W79W139W3 F128W13 F113W9W206 F250W202
F79W79W13 F186W79W13 F149W86W206 F223W9W84 F199W198W79W13 Z3 A=BORG A=NECRON
F82G=BORG <36>

=====
Das Reich der Grßen Alten ist wieder aufgerichtet!
Das wirst Du bitter bereuen Quildor! Tod allen Verrätern!
Katarn, das letztmal bist Du davon gekommen, diesmal nicht!!! - Pogonatos -
Wenn Du so weitermachst, hast Du uns Feinde Katarn! Quildor.
Taylor, Taylor... Elizabeth Taylor, oder wer? - kein Taylor.
Hike, Du weißt wer jetzt, drann ist! Ensch, viel Mut beim Kampf!
SCHLACHTET VERBÜNDETE!
Händler gesucht! Gandalf Fle Grey.
HALLO REBI! JETZT BIST DU DRAN...

"""
"""THRAWN's printout, character for character the rulebook's example (Starweb "Der
Printout") but for its line breaks where the example breaks against itself: the
example's world lines fill up to 78 columns and break where the 80th would be filled
(W3: ``…Limit=61,Runden=5,`` would be 80), so every line here is filled up to 79; the
example breaks its header after 69, the W13 and W79 departures after 57 and 56, the
scores after 72 and the echo before ``A=NECRON`` after 67, though its echo has a line
of 77 too. The example's two stray blank lines (after ``F102[---]=0`` and
``F113[THRAWN]=1 (bewegt)``) are typesetting. Above it stands the title with the game."""


def english_name(artifact: Artifact, lang: str) -> str:
    """Stands in for ``engine.starweb.artifacts.artifact_name`` in English."""
    return "EN " + artifact.name


def de(state: StarwebState, player: int) -> str:
    return printout(state, player, "de", usable=usable)


def en(state: StarwebState, player: int) -> str:
    return printout(state, player, "en", usable=usable, artifact_name=english_name)


def block(text: str, first: str) -> list[str]:
    """The lines of the paragraph starting with ``first``."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = lines.index("", start)
    return lines[start:end]


# ----------------------------------------------------------------- the rulebook example


def test_thrawn_turn_7_as_in_the_rulebook() -> None:
    text = de(thrawn_state(), THRAWN)
    assert text.startswith("=== Starweb Partie 42 Runde 7 ===\n\n" + EXPECTED_DE)


def test_world_lines_of_the_example_verbatim() -> None:
    text = de(thrawn_state(), THRAWN)
    assert block(text, "W202 ") == [
        "W202 (107,156,157,198) [THRAWN] (erobert,Industrie=1,Metall=4,Minen=4,",
        "Bevoelkerung=66,Limit=78,Runden=1)",
        "F78[THRAWN]=8 (AF189)",
        "F163[THRAWN]=1",
        "F189[THRAWN]=0 (erobert,genommen von [REBULARD])",
        "F197[THRAWN]=0 (erobert)",
        "F250[THRAWN]=1 (bewegt)",
        "(F214[BORG]-->W156)",
    ]
    assert block(text, "W84 ") == [
        "W84 (9,86,106,134) [---] (Minen=3,Bevoelkerung=20,Limit=46)",
        "F223[THRAWN]=8 (bewegt)",
        "F22[ROLAND]=2 (AF113)",
        "F37[---]=0",
        "(F2[ROLAND]-->W9 F113[THRAWN]-->W9)",
    ]
    assert block(text, "W70 ") == [
        "W70 (3,159,195,254) [BORG] (Metall=11,Minen=4,Bevoelkerung=42,Limit=42,",
        "Runden=3,P-Schiffe=1) V72:Uralter Mondstein",
        "F4[BORG]=2",
        "F82[BORG]=1 (Geschenk von [THRAWN])",
        "F102[---]=0",
        "(F255[BORG]-->W159)",
    ]


def test_header_totals_come_from_the_position() -> None:
    text = de(thrawn_state(), THRAWN)
    header = " ".join(block(text, "(Punkte="))
    assert header.replace(" ", "") == (
        "(Punkte=964,Geschenke=1,Welten=16,Flotten=18,Schiffe=91,Industrie=37,"
        "Minen=51,Leute=862,Kunstwerke=9,Kontakte=[REBULARD],Kontakte=[SALVADOR],"
        "Alliierte=[NECRON],Kontakte=[QUILDOR],Alliierte=[BORG],Kontakte=[ROLAND])"
    )


def test_gifts_count_the_gifts_made_this_turn() -> None:
    state = thrawn_state()
    state.report.worlds.append(WorldNote(world=43, flags=[f"gift_from:{THRAWN}"]))
    assert "Geschenke=2" in de(state, THRAWN)
    state.report.fleets = [n for n in state.report.fleets if n.fleet != 82]
    state.report.worlds.pop()
    assert "Geschenke=0" in de(state, THRAWN)


# ----------------------------------------------------------------------------- English


def test_english_printout() -> None:
    text = en(thrawn_state(), THRAWN)
    lines = text.split("\n")
    assert lines[:3] == ["=== Starweb game 42 turn 7 ===", "", "[THRAWN]: Empire Builder"]
    assert lines[4].startswith("(Score=964,Gifts=1,Worlds=16,Fleets=18,Ships=91,Industry=37,")
    assert block(text, "W13 ") == [
        "W13 (2,79,144) [THRAWN] (Industry=30/7,Metal=7,Mines=3,Population=96,Limit=100,",
        "Turns=1,I-ships=1) V11:EN Platinum Thron V13:EN Silber Thron",
        "V59:EN Strahlender Degen V76:EN Geweiheter Mondstein V95:EN Titanium Scarabeus",
        "F45[THRAWN]=1 (moved,Cargo=1)",
        "F79[THRAWN]=7 (moved,Cargo=7)",
        "F128[THRAWN]=15 (moved,Cargo=15)",
        "F186[THRAWN]=1 (moved,Cargo=1) V61:EN Platinum Kelch",
        "F199[THRAWN]=1 (moved,Cargo=1)",
        "(F39[THRAWN]-->W79 F42[THRAWN]-->W79 F106[THRAWN]-->W144 F160[THRAWN]-->W79)",
    ]
    assert "F82[BORG]=1 (gift from [THRAWN])" in lines
    assert "W202 (107,156,157,198) [THRAWN] (captured,Industry=1,Metal=4,Mines=4," in lines
    assert "F189[THRAWN]=0 (captured,taken from [REBULARD])" in lines
    assert "Contacts this turn: [NECRON] [SALVADOR] [REBULARD] [ROLAND] [BORG] [QUILDOR]" in lines
    assert "Their scores (not necessarily in this order): 25 133 803 806 900 1077" in lines
    assert "Orders=36 -- <errors and comments in brackets>:" in lines
    assert "=== Orders for turn 8 ===" in lines
    assert "Game 42 Player 1 Turn 8" in lines
    assert "# F45 at W13, 1 ship, cargo 1" in lines


@pytest.mark.parametrize(
    ("character", "de_name", "en_name"),
    [
        (Character.EMPIRE_BUILDER, "Reichsgründer", "Empire Builder"),
        (Character.MERCHANT, "Händler", "Merchant"),
        (Character.PIRATE, "Pirat", "Pirate"),
        (Character.COLLECTOR, "Kunstsammler", "Artifact Collector"),
        (Character.BERSERKER, "Berserker", "Berserker"),
        (Character.APOSTLE, "Apostel", "Apostle"),
    ],
)
def test_characters_in_both_languages(character: Character, de_name: str, en_name: str) -> None:
    state = thrawn_state()
    state.player(THRAWN).character = character.value
    assert f"[THRAWN]: {de_name}\n" in de(state, THRAWN)
    assert f"[THRAWN]: {en_name}\n" in en(state, THRAWN)


def test_a_language_without_a_catalog_is_printed_in_english() -> None:
    # The catalogs' one fallback rule (docs/texts.md).
    french = printout(thrawn_state(), THRAWN, "fr", usable=usable, artifact_name=english_name)
    assert french == en(thrawn_state(), THRAWN)


# ------------------------------------------------------------------------ world values


def test_world_values_converts_robots_dead_and_counters() -> None:
    state = thrawn_state()
    w = state.world(3)
    w.converts, w.convert_owner = 10, QUILDOR
    w.kg_unloads, w.plundered, w.recovery = 3, 2, 3
    note = next(n for n in state.report.worlds if n.world == 3)
    note.flags, note.dead, note.dead_converts = ["plundered", "kg_unloaded", "i_fire:AC"], 16, 2
    assert block(de(state, THRAWN), "W3 ")[:3] == [
        "W3 (34,70,139,233) [THRAWN] C[QUILDOR] (geplündert,KG-entladen,Metall=9,",
        "Minen=2,Bevoelkerung=61/10,Limit=61,Runden=5,I-Schiffe=0(AC),P-Schiffe=1,",
        "Tote=16/2,KGU=3,geplündert=2/3) V70:Plastik Mondstein",
    ]
    w.population, w.converts, w.robots, w.limit = 0, 0, 20, 0
    w.bombed = True
    state.options.destroyed_every_turn = True  # BUSTED every turn since (the German: once)
    w.black_hole = False
    note.flags, note.dead, note.dead_converts = [], 0, 0
    assert block(en(state, THRAWN), "W3 ")[0] == (
        "W3 (34,70,139,233) [THRAWN] (BUSTED,Metal=9,Mines=2,Population=20/R,Turns=5,"
    )


def test_key_flags_bomb_peace_robots_and_gifts() -> None:
    state = thrawn_state()
    f = state.fleet(163)
    f.bomb, f.peace, f.cargo = True, True, 1
    state.report.fleets.append(
        FleetNote(fleet=163, flags=["robots", "bomb_dropped", f"gift_to:{BORG}", "new_flag:7"])
    )
    assert block(de(state, THRAWN), "W202 ")[3:5] == [
        "F163[THRAWN]=1 (R,D,Geschenk an [BORG],new_flag:7,BRUCH-BOMBE,im Frieden,",
        "Fracht=1)",
    ]


# ---------------------------------------------------------------------- echo and notices


def test_remarks_are_worded_and_unknown_codes_shown_as_they_are() -> None:
    state = thrawn_state()
    report = state.report.players[0]
    report.echo = [
        EchoLine(code="F78W3", remark="conflict:F78AF189"),
        EchoLine(code="A=KATARN", remark="unknown_player:KATARN"),
        EchoLine(code="F45W5", remark="no_gate:W5"),
        EchoLine(code="F82G=QUILDOR", remark=f"not_met:{QUILDOR}"),
        EchoLine(code="W2X", remark="something_new:W2:7"),
    ]
    lines = de(state, THRAWN).split("\n")
    start = lines.index("Befehle=5 -- <Fehler und Kommentar in Klammern>:")
    assert lines[start : start + 7] == [
        "Befehle=5 -- <Fehler und Kommentar in Klammern>:",
        "",
        "=====",
        "F78W3 <schließt sich mit F78AF189 aus, ignoriert> A=KATARN <Spieler KATARN",
        "unbekannt> F45W5 <kein Tor nach W5> F82G=QUILDOR <[QUILDOR] noch nicht",
        "getroffen> W2X <something_new:W2:7> <5>",
        "",
    ]
    assert "F78W3 <excluded by F78AF189, ignored> A=KATARN <unknown player KATARN>" in en(
        state, THRAWN
    )


def test_a_wording_with_missing_arguments_shows_the_code() -> None:
    assert coded(REMARKS, "no_gate", "de", str) == "no_gate"
    assert coded(REMARKS, "no_gate:W5:extra", "de", str) == "kein Tor nach W5"


def test_private_notices() -> None:
    state = thrawn_state()
    state.report.players[0].notices = [
        f"gift_received:W195:{NECRON}",
        "black_box:metal",
        "black_box:sings:loudly",
        "mystery:1",
    ]
    text = de(state, THRAWN)
    assert (
        "Mitteilungen an [THRAWN]:\n"
        "W195 ist ein Geschenk von [NECRON].\n"
        "Die Black Box hat ein Metall erzeugt.\n"
        "Die Black Box meldet sich: sings:loudly\n"
        "mystery:1\n"
    ) in text
    assert "W195 is a gift from [NECRON]." in en(state, THRAWN)


def test_nmr() -> None:
    state = thrawn_state()
    state.report.nmr = [THRAWN]
    text = de(state, THRAWN)
    assert "Von Dir sind zu dieser Runde keine Befehle eingegangen (NMR).\n\n=====\n" in text
    assert "Befehle=" not in text
    assert "No orders of yours arrived for this turn (NMR)." in en(state, THRAWN)


# --------------------------------------------------------------------- the order section


def order_section(text: str) -> str:
    return text[text.index("=== Befehle für Runde") :]


def test_order_section_header_is_read() -> None:
    section = order_section(de(thrawn_state(), THRAWN))
    header = read_header(section)
    assert (header.game, header.player, header.turn, header.password) == (42, THRAWN, 8, None)
    assert read_header(section.replace("Runde 8\n", "Runde 8 Kennwort geheim\n")).password == (
        "geheim"
    )
    english = en(thrawn_state(), THRAWN)
    header = read_header(english[english.index("=== Orders for turn") :])
    assert (header.game, header.player, header.turn) == (42, THRAWN, 8)


def test_order_section_is_not_cut_as_a_pasted_printout() -> None:
    pattern = printout_start(PRINTOUT_HEADINGS)
    assert pattern is not None
    for text in (de(thrawn_state(), THRAWN), en(thrawn_state(), THRAWN)):
        assert pattern.match(text.split("\n")[0])
        section = text[text.index("\n=== ") + 1 :]
        assert not [line for line in section.split("\n") if pattern.match(line)]
        orders = [
            line
            for line in section.split("\n")[1:]
            if line and not line.startswith("#") and not line.startswith(("Partie", "Game"))
        ]
        assert orders == []


def test_order_section_reminds_of_keys_and_worlds() -> None:
    section = order_section(de(thrawn_state(), THRAWN)).split("\n")
    assert "# F45 auf W13, 1 Schiff, Fracht 1" in section
    assert "# F189 auf W202, 0 Schiffe" in section
    assert "# W13 (2,79,144): Industrie 30/7, Metall 7, I-Schiffe 1" in section
    assert "# W132 (43,79,86,220): P-Schiffe 1" in section
    assert not [line for line in section if line.startswith("# F8 ")]  # QUILDOR's key


def start_state() -> StarwebState:
    """Turn 0 of a tiny game: no report yet, two players at home who have not met."""
    state = make_state((Character.MERCHANT, Character.APOSTLE), worlds=4, keys=10)
    for player in state.players:
        player.met = []
    return setv(state, game=555, turn=0)


def test_start_printout_shows_home_and_keys_and_asks_for_the_end_vote() -> None:
    text = printout(start_state(), 1, "en", usable=usable, artifact_name=english_name)
    assert "W1 (2,4) [THRAWN] (Industry=30,Metal=30,Mines=2,Population=50,Limit=100,\n" in text
    assert "\nF5[THRAWN]=0\n" in text
    assert "W3 " not in text and "[BORG]" not in text
    assert "Orders=" not in text and "Contacts this turn" not in text
    assert "# Proposal for the end score (1000-15000, turn 1 only): E=5000" in text
    assert "=== Orders for turn 1 ===" in text


def test_game_over_ranks_everyone_and_has_no_order_section() -> None:
    state = thrawn_state()
    state.over = True
    text = de(state, THRAWN)
    assert "Das Spiel ist zu Ende: die Endpunktzahl 5000 ist erreicht.\nEndstand:\n" in text
    assert "1. [REBULARD] Pirat: 1077 Punkte\n2. [THRAWN] Reichsgründer: 964 Punkte\n" in text
    assert "=== Befehle für Runde" not in text


def test_a_player_out_gets_no_order_section() -> None:
    state = thrawn_state()
    state.player(THRAWN).out = True
    text = de(state, THRAWN)
    assert "Du bist aus dem Spiel ausgeschieden." in text
    assert "=== Befehle für Runde" not in text


# ------------------------------------------------------------------------- the GM's view


def test_gm_view_shows_everything() -> None:
    state = thrawn_state()
    state.report.players[0].notices = ["black_box:metal"]
    text = printout(state, 0, "de", usable=usable)
    lines = text.split("\n")
    assert lines[0] == "=== Starweb Partie 42 Runde 7: Gesamtübersicht des Spielleiters ==="
    assert "1 [THRAWN] Reichsgründer: Punkte=964, Heimat=W13, Alliierte=[NECRON],[BORG]," in lines
    assert "4 [QUILDOR] Pirat: Punkte=806, Heimat=W0, Alliierte=-, Endpunkte-Stimme=-" in lines
    assert "Endpunktzahl (geheim): 5000" in lines
    assert "Wirkung der Black Box (geheim): +1 Metall je Runde auf ihrer Welt" in lines
    assert "F8[QUILDOR]=13 (bewegt,Fracht=4) V50:Plastik Degen" in lines  # foreign cargo
    assert "F4[BORG]=2 (CF82)" in lines  # conditional fire
    assert sum(line.startswith("W") and " (" in line for line in lines) >= 255  # every world
    assert "--- [THRAWN] ---" in lines and "F82G=BORG <36>" in lines
    assert "Die Black Box hat ein Metall erzeugt." in lines
    assert "Nachrichten der Spieler:" in lines
    assert "=== Befehle für Runde" not in text
    english = printout(state, 0, "en", usable=usable, artifact_name=english_name)
    assert "End score (secret): 5000" in english
    assert "Black Box effect (secret): +1 metal each turn on its world" in english


# ------------------------------------------------------------------------ layout and secrets


def test_fill_breaks_between_items_never_inside() -> None:
    assert fill(items(["a" * 30, "b" * 30, "c" * 30], ""), 70) == [
        "(" + "a" * 30 + "," + "b" * 30 + ",",
        "c" * 30 + ")",
    ]
    assert fill([("", "x" * 90), (" ", "y")], 79) == ["x" * 90, "y"]


def random_state(seed: int) -> StarwebState:
    """A random position: 4 players on 12 worlds, keys everywhere with cargo and secret
    conditional fire, secrets in every player's report."""
    rng = Random(seed)
    state = make_state([rng.choice(list(Character)) for _ in range(4)], worlds=12, keys=40)
    for world in state.worlds:
        setv(
            world,
            owner=rng.choice([NEUTRAL, 1, 2, 3, 4]),
            industry=rng.choice([0, 0, 5, 30]),
            metal=rng.randrange(20),
            mines=rng.randrange(6),
            population=rng.randrange(80),
            limit=100,
        )
    for fleet in state.fleets:
        setv(
            fleet,
            world=rng.randrange(1, 13),
            owner=rng.choice([NEUTRAL, 1, 2, 3, 4]),
            ships=rng.randrange(30),
            cargo=rng.randrange(1, 30),
            peace=rng.random() < 0.2,
        )
    for player in state.players:
        p = player.number
        setv(
            player,
            score=rng.randrange(1000),
            allies=[q for q in range(1, 5) if q != p and rng.random() < 0.5],
            end_vote=3000 + p,
        )
    notes = [
        FleetNote(fleet=n, flags=rng.sample(["moved", f"conditional:CF{n + 100}"], 1))
        for n in range(1, 41)
    ]
    reports = [
        PlayerReport(
            player=p,
            seen=sorted(rng.sample(range(1, 13), 6)),
            contacts=[q for q in range(1, 5) if q != p],
            echo=[EchoLine(code=f"F{p}W{p}")],
            notices=[f"secret_notice_of_{p}"],
        )
        for p in range(1, 5)
    ]
    return setv(
        state,
        turn=3,
        seed=seed,
        options=Options(worlds=12, black_box="glows_purple"),
        report=TurnReport(fleets=notes, players=reports),
        end_score=7777,
    )


@pytest.mark.parametrize("seed", range(25))
def test_a_player_never_sees_what_the_rules_hide(seed: int) -> None:
    state = random_state(seed)
    for p in state.players:
        for lang in ("de", "en"):
            text = printout(state, p.number, lang, usable=usable, artifact_name=english_name)
            seen = set(state.report.players[p.number - 1].seen)
            for line in text.split("\n"):
                assert len(line) <= WIDTH and not line.startswith(" ")
                world = re.match(r"W(\d+) \(", line)
                if world:
                    assert int(world.group(1)) in seen
                key = re.match(r"F(\d+)\[", line)
                if key and state.fleet(int(key.group(1))).owner != p.number:
                    assert "Fracht=" not in line and "Cargo=" not in line
                    assert not re.search(r"\bCF\d", line)
            for other in state.players:
                if other.number != p.number:
                    assert f"secret_notice_of_{other.number}" not in text
            assert "7777" not in text and "glows_purple" not in text
            assert str(3000 + p.number) not in text
            for q in state.players:
                if q.number not in p.allies:
                    assert f"Alliierte=[{q.code_name}]" not in text
                    assert f"Ally=[{q.code_name}]" not in text
            assert f"secret_notice_of_{p.number}" in text


@pytest.mark.parametrize("seed", range(5))
def test_gm_view_fits_the_width(seed: int) -> None:
    state = random_state(seed)
    state.report.messages = ["x" * 200 + " a very long message line that must be broken somewhere"]
    for lang in ("de", "en"):
        text = printout(state, 0, lang, usable=usable, artifact_name=english_name)
        assert all(len(line) <= WIDTH for line in text.split("\n"))
        assert "glows_purple" in text and "7777" in text
