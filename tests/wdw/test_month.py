"""A month of Welt der Waben: the open items, each ruling's checks, the phases, the
named dice (rulings in any order give the same numbers), the GM's corrections and the
end of the game, and what a realm's printout may show."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.core import CORRECTION, GAME_END, NEUTRAL, Order, Ruling
from engine.wdw.form import form_words
from engine.wdw.items import find_items
from engine.wdw.month import Month
from engine.wdw.orders import Alliance, Build, CapitalMove, Fight, Special, Spy
from engine.wdw.phases.ordered import carry_out
from engine.wdw.rulings import default_ruling
from engine.wdw.setup import options_of
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, dice, sample

ORDERS: dict[int, list[Order]] = {
    1: [
        Fight(line=1, unit=101, code="KA", path=("1/19", "1/20")),
        Spy(line=2, unit=601, code="GI", risk=4, target="Tharnburg"),
        Build(line=3, settlement="Guru", structure="stv"),
    ],
    2: [
        Fight(line=1, unit=101, code="KV", path=("1/21", "1/20")),
        Special(line=2, unit=102, text="Die Brücke bei 1/21 abbrechen"),
    ],
}


def check(ruling: Ruling, state: WdwState | None = None) -> str:
    return GAME.check_ruling(state or sample(), ORDERS, [], ruling, "de")


def draft(*rulings: Ruling, state: WdwState | None = None) -> WdwState:
    result = GAME.draft(state or sample(), ORDERS, list(rulings), dice())
    assert isinstance(result.state, WdwState)
    return result.state


def test_the_month_has_a_combat_a_spy_and_a_special_order_open() -> None:
    items = find_items(sample(), ORDERS)
    assert items.ids() == ["K1", "G1", "X1"]
    meeting = items.meetings["K1"]
    assert meeting.kf == "1/20" and meeting.a.order == "KA" and meeting.b.order == "KV"
    assert meeting.a.units == ("1/101",) and meeting.b.units == ("2/101",)
    # 2,000 warriors NK 1 raised in Tiefland, fighting in Tiefland: +1 GP.
    assert meeting.a.kampfkraft == 2400 and meeting.a.gp == (("gelände", 1),)


def test_the_dossier_numbers_every_item_and_ends_in_the_ruling_form() -> None:
    text = GAME.dossier(sample(), ORDERS, "de")
    assert "K1 Kampf in 1/20: A = Reich 1 1/101, B = Reich 2 2/101" in text
    assert "G1 Spion 1/601: GI Risiko 4, Ziel Tharnburg; IG 1 / min 25" in text
    assert "X1 Sonderbefehl Reich 2, Einheit 102: Die Brücke bei 1/21 abbrechen" in text
    form = text.split("Entscheid\n", 1)[1]
    assert (
        form
        == "K1 Sieger keiner; Verluste keine\nG1 misslungen; entdeckt nein\nX1 abgelehnt\nEnde\n"
    )


def test_a_combat_between_equal_kampfkraft_has_no_winner_by_default() -> None:
    # 2,400 against 2,400 (the demo's combat): neither side "won".
    items = find_items(sample(), ORDERS)
    assert items.meetings["K1"].a.kampfkraft == items.meetings["K1"].b.kampfkraft
    assert default_ruling("K1", items) == "Sieger keiner; Verluste keine"
    assert form_words("K1", items, "en") == "Winner none; losses none"
    printout = GAME.printout(draft(), 1, "de")
    assert (
        "In 1/20 setzt sich keine Seite durch (kein Sieger)." in printout
        and "gewonnen" not in printout
    )


@pytest.mark.parametrize(("rounds", "default"), [(0, "Sieger keiner"), (1, "Sieger A")])
def test_a_combat_without_a_round_has_no_winner_by_default(rounds: int, default: str) -> None:
    items = find_items(sample(), ORDERS)
    meeting = items.meetings["K1"]
    stronger = replace(meeting.a, kampfkraft=meeting.b.kampfkraft + 1)
    items.meetings["K1"] = replace(meeting, a=stronger, rounds=rounds)
    assert default_ruling("K1", items) == f"{default}; Verluste keine"


def test_open_items_shrink_as_rulings_come() -> None:
    state = sample()
    assert [x.split()[0] for x in GAME.open_items(state, ORDERS, [], "de")] == ["K1", "G1", "X1"]
    given = [Ruling("g1", "gelungen"), Ruling("K1", "Sieger B; Verluste keine")]
    assert [x.split()[0] for x in GAME.open_items(state, ORDERS, given, "de")] == ["X1"]


@pytest.mark.parametrize(
    ("ruling", "reason"),
    [
        (Ruling("K2", "Sieger A"), "K2: kein offener Punkt"),
        (Ruling("K1", "Sieger C"), "Kampf: „Sieger A|B|Reich n|keiner"),
        (
            Ruling("K1", "Sieger A; Verluste 1/101 -2001"),
            "Verlust 2001 ist mehr als ihre Größe 2000",
        ),
        (
            Ruling("K1", "Sieger A; Verluste 1/102 -10"),
            "Einheit 1/102 kämpft in diesem Kampf nicht",
        ),
        (Ruling("G1", "vielleicht"), "Spionage: „gelungen“"),
        (Ruling("G1", "Chance 101"), "die Chance ist 0 bis 100"),
        (Ruling("G1", "gelungen; Chance 5"), "Spionage: „gelungen“"),
        (Ruling("X1", "gerne"), "Sonderbefehl: „angenommen"),
        (Ruling(CORRECTION, "Schatz 9 +5"), "kein Reich 9"),
        (Ruling(CORRECTION, "Einheit 1/999 Größe 5"), "keine Einheit 1/999"),
        (Ruling(CORRECTION, "Wetter schön"), "Korrektur: „Schatz 3 +5000“"),
        # "²" is a digit to str.isdigit but no number to int(): these raised ValueError
        (Ruling("G1", "Chance ²"), "Spionage: „gelungen“"),
        (Ruling(CORRECTION, "Schatz ² +5"), "Korrektur: „Schatz 3 +5000“"),
        (Ruling(CORRECTION, "Einheit 1/101 Größe ²"), "Korrektur: „Schatz 3 +5000“"),
    ],
)
def test_each_way_a_ruling_is_refused_says_why(ruling: Ruling, reason: str) -> None:
    assert reason in check(ruling)


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("de", "Einheit 1/101 hat 0 GP: weniger als 0 gibt es nicht"),
        ("en", "unit 1/101 has 0 GP: there are none below 0"),
    ],
)
def test_a_grant_taking_a_unit_below_zero_gp_is_refused(lang: str, reason: str) -> None:
    # Strategie 6.2 (D29): granted GP are combat experience the GM gives or takes back;
    # a unit never holds fewer than none.
    assert sample().unit(1, 101).gp_bonus == 0  # type: ignore[union-attr]
    assert GAME.check_ruling(sample(), ORDERS, [], Ruling("GP", "1/101 -1"), lang) == reason
    assert GAME.check_ruling(sample(), ORDERS, [], Ruling("GP", "1/101 +1"), lang) == ""


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("de", ("„Einheit 1/601 REP 2“", "„Ansiedlung Guru Stadtherr 601“", "pbem gm map")),
        ("en", ('"Unit 1/601 REP 2"', '"Settlement Guru lord 601"', "pbem gm map")),
    ],
)
def test_a_correction_not_understood_lists_every_form_of_one(
    lang: str, forms: tuple[str, ...]
) -> None:
    # Every form of a correction is named, not only the money, unit and settlement forms.
    refusal = GAME.check_ruling(sample(), {}, [], Ruling(CORRECTION, "Wetter schön"), lang)
    assert all(form in refusal for form in forms), refusal


@pytest.mark.parametrize(
    ("line", "lang", "reason"),
    [
        (
            "BükAz Reich 1 -10",
            "de",
            "kein Entscheid zu einem offenen Punkt, sondern eine Korrektur des Spielstands: sie "
            "steht außerhalb von „Entscheid … Ende“ in einer eigenen Zeile, mit ihrem Grund: "
            "„Korrektur BükAz Reich 1 -10 Grund: …“",
        ),
        (
            "Schatz 2 +2000",
            "de",
            "kein Entscheid zu einem offenen Punkt, sondern eine Korrektur des Spielstands: sie "
            "steht außerhalb von „Entscheid … Ende“ in einer eigenen Zeile, mit ihrem Grund: "
            "„Korrektur Schatz 2 +2000 Grund: …“",
        ),
        (
            "Einheit 1/101 Größe 1800",
            "en",
            "no ruling on an open item but a correction of the state: it stands outside "
            '"Entscheid … Ende" on a line of its own, with its reason: "correction Einheit '
            '1/101 Größe 1800 reason: …"',
        ),
    ],
)
def test_a_correction_in_the_ruling_block_is_refused_as_belonging_outside(
    line: str, lang: str, reason: str
) -> None:
    # A ruling block's line is an item and its words: "BükAz" was read as an unknown item.
    item, _, text = line.partition(" ")
    assert GAME.check_ruling(sample(), ORDERS, [], Ruling(item, text), lang) == reason


def test_a_correction_may_name_the_realm_with_its_word() -> None:
    correction = Ruling(CORRECTION, "BükAz Reich 1 -10", "Vertrag gebrochen")
    assert check(correction) == ""
    assert draft(correction).realm(1).bukaz == sample().realm(1).bukaz - 10


@pytest.mark.parametrize(
    "ruling",
    [
        Ruling("K1", "Sieger A; Verluste 1/101 -100, 2/101 -2000"),
        Ruling("K1", "Sieger keiner"),
        Ruling("k1", "winner b; losses none"),
        Ruling("G1", "Chance 35; entdeckt ja"),
        Ruling("G1", "misslungen; entdeckt nein"),
        Ruling("X1", "angenommen: Die Brücke fällt."),
        Ruling(CORRECTION, "BükAz 2 -10", "verspäteter Zug"),
        Ruling(GAME_END, ""),
    ],
)
def test_good_rulings_are_taken(ruling: Ruling) -> None:
    assert check(ruling) == ""


def test_the_winner_keeps_the_field_and_the_loser_retreats_with_its_losses() -> None:
    state = draft(Ruling("K1", "Sieger A; Verluste 1/101 -100, 2/101 -500"))
    mine, theirs = state.unit(1, 101), state.unit(2, 101)
    assert mine is not None and (mine.kf, mine.size) == ("1/20", 1900)
    assert theirs is not None and (theirs.kf, theirs.size) == ("1/21", 1500)


def test_a_unit_that_loses_everything_is_gone() -> None:
    state = draft(Ruling("K1", "Sieger A; Verluste 2/101 -2000"))
    assert state.unit(2, 101) is None


def test_building_pays_this_months_bwp() -> None:
    state = draft()
    guru = state.settlement("Guru")
    assert guru is not None and guru.stv == 3 and state.realm(1).treasury == 55000


def test_a_build_the_treasury_cannot_pay_is_interrupted() -> None:
    state = sample()
    state.realm(1).treasury = 4999
    after = draft(state=state)
    guru = after.settlement("Guru")
    assert guru is not None and guru.stv == 2 and after.realm(1).treasury == 4999
    assert any(n.key == "note.build_interrupted" for n in after.notes if n.seat == 1)


def test_a_chance_ruling_rolls_the_same_number_whatever_the_order_of_the_rulings() -> None:
    rulings = [
        Ruling("G1", "Chance 50"),
        Ruling("K1", "Sieger A; Verluste keine"),
        Ruling("X1", "abgelehnt"),
    ]
    one = GAME.draft(sample(), ORDERS, rulings, dice())
    two = GAME.draft(sample(), ORDERS, list(reversed(rulings)), dice())
    assert [r.label for r in one.rolls] == ["G1"]
    assert one.rolls == two.rolls
    assert json.dumps(one.state.to_json()) == json.dumps(two.state.to_json())


def test_a_successful_spy_gains_the_risk_in_ig_and_discovery_resets_it() -> None:
    state = draft(Ruling("G1", "gelungen"))
    assert [(s.target, s.ig) for s in state.spying] == [("Tharnburg", 5)]
    state = draft(Ruling("G1", "gelungen; entdeckt ja"))
    assert state.spying[0].ig == 0
    assert any(n.key == "note.spy_discovered" for n in state.notes if n.seat == 2)


def test_corrections_are_applied_first_and_logged_with_their_reason() -> None:
    state = draft(
        Ruling(CORRECTION, "Schatz 2 +100", "Tippfehler"),
        Ruling(CORRECTION, "BükAz 1 -150", "Aufstand"),
    )
    assert state.realm(2).treasury == 60100 and state.realm(1).bukaz == -100
    assert state.log == [
        "Korrektur Schatz 2 +100 (Tippfehler)",
        "Korrektur BükAz 1 -150 (Aufstand)",
    ]


def test_the_end_of_the_game_is_an_event_of_the_month() -> None:
    result = GAME.draft(sample(), ORDERS, [Ruling(GAME_END, "")], dice())
    assert result.game_over


def test_the_month_advances_the_calendar_and_income_comes_in_june() -> None:
    state = sample()
    state.month = 6
    after = draft(state=state)
    assert (after.month, after.year, after.turn) == (7, 1000, 1)
    # Guru: 50,000 inhabitants, 14 BWP (after building Stv) -> 7,500 - 1,400; upkeep of
    # 2,000 + 1,000 + 1,000 warriors and a character: 2,000 + 1,000 + 1,000 + 200.
    assert after.realm(1).treasury == 60000 - 5000 + 6100 - 4200


def test_a_realms_printout_shows_nothing_of_the_other_realm() -> None:
    state = draft(
        Ruling("K1", "Sieger A; Verluste 2/101 -500"),
        Ruling("X1", "angenommen: Die Brücke fällt."),
        Ruling(CORRECTION, "Schatz 2 +100", "Geheimer Grund"),
    )
    mine = GAME.printout(state, 1, "de")
    assert "Tharn" not in mine and "Brücke" not in mine and "Geheimer Grund" not in mine
    assert "60100" not in mine
    theirs = GAME.printout(state, 2, "en")
    assert "Guru" not in theirs and "Isyrial" not in theirs
    assert "Special order of unit 102 accepted. Die Brücke fällt." in theirs
    overview = GAME.printout(state, NEUTRAL, "de")
    assert "Geheimer Grund" in overview and "Guru" in overview and "Tharnburg" in overview


def test_the_gms_narrative_is_appended_and_the_turn_stays() -> None:
    state = draft()
    told = GAME.apply_reports(state, {1: "Ein Sturm zieht auf."})
    assert isinstance(told.state, WdwState) and told.state.turn == state.turn
    assert "Ein Sturm zieht auf." in GAME.printout(told.state, 1, "de")
    assert "Ein Sturm zieht auf." not in GAME.printout(told.state, 2, "de")


def test_the_state_survives_its_json_round_trip() -> None:
    state = draft(Ruling("G1", "gelungen"))
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state


def test_gm_options_change_the_rates_and_unknown_ones_are_refused() -> None:
    state = draft(state=sample(bwp_cost_normal=7000, income_months=[1]))
    # Building Stv costs the GM's price; January is an income month now.
    guru = state.settlement("Guru")
    assert guru is not None and guru.stv == 3
    assert any(n.key == "note.income" for n in state.notes if n.seat == 1)
    assert any(n.key == "note.built" and "cost=7000" in n.args for n in state.notes)
    with pytest.raises(ValueError, match="no option 'fog'"):
        sample(fog=True)


def test_a_roll_shows_the_gms_odds_only_when_the_option_show_odds_is_on() -> None:
    hidden = draft(Ruling("G1", "Chance 35"))
    lines = GAME.printout(hidden, 1, "de")
    assert "Wurf " in lines and "gegen 35" not in lines
    shown = draft(Ruling("G1", "Chance 35"), state=sample(show_odds=True))
    assert "(W100) gegen 35." in GAME.printout(shown, 1, "de")
    assert "(d100) against 35." in GAME.printout(shown, 1, "en")


def test_gm_values_out_of_every_range_are_refused_with_the_most_allowed() -> None:
    too_many = Ruling("GP", "1/101 +11 (Kampferfahrung)")
    assert "mehr als 10 GP vom Spielleiter gibt es nicht" in check(too_many)
    huge = Ruling(CORRECTION, "Schatz 1 +99999999999999999999", "Tippfehler")
    assert "eine Korrektur ändert um höchstens 1000000000" in check(huge)
    english = GAME.check_ruling(sample(), ORDERS, [], huge, "en")
    assert "at most 1000000000" in english


def test_granted_gp_without_a_cause_read_without_a_dangling_colon() -> None:
    state = draft(Ruling("GP", "1/101 +2"))
    printout = GAME.printout(state, 1, "de")
    assert "Einheit 101 hat jetzt 2 GP vom Spielleiter." in printout


@pytest.mark.parametrize(
    ("ruling", "line"),
    [
        ("abgelehnt", "Sonderbefehl von Einheit 102 abgelehnt."),
        ("angenommen", "Sonderbefehl von Einheit 102 angenommen."),
        ("abgelehnt: zu spät", "Sonderbefehl von Einheit 102 abgelehnt. zu spät"),
    ],
)
def test_a_special_order_ruled_without_a_text_reads_as_a_whole_sentence(
    ruling: str, line: str
) -> None:
    # The default "abgelehnt" printed "… abgelehnt. " with a blank and nothing after it.
    printout = GAME.printout(draft(Ruling("X1", ruling)), 2, "de").splitlines()
    assert line in [x.strip() for x in printout]
    assert not any(x.endswith(("abgelehnt. ", "angenommen. ")) for x in printout)


def test_a_phase_carries_out_its_kinds_seat_by_seat_in_line_order() -> None:
    """``carry_out``: each order of the table's kinds by its kind's handler, seat by seat
    and line by line (D25: several kinds are paid in the order of the mail's lines);
    orders of other kinds pass."""
    orders: dict[int, list[Order]] = {
        2: [CapitalMove(line=1, settlement="Guru"), Alliance(line=2, realm="Reich 1")],
        1: [
            Alliance(line=1, realm="Reich 2"),
            Special(line=2, unit=102, text="warten"),
            CapitalMove(line=3, settlement="Tharnburg"),
        ],
    }
    state = sample()
    month = Month(state, orders, find_items(state, orders), [], dice(), options_of(state))
    done: list[tuple[str, int, int]] = []

    def alliance(month: Month, seat: int, order: Alliance) -> None:
        done.append(("alliance", seat, order.line))

    def capital(month: Month, seat: int, order: CapitalMove) -> None:
        done.append(("capital", seat, order.line))

    carry_out(month, {Alliance: alliance, CapitalMove: capital})
    assert done == [("alliance", 1, 1), ("capital", 1, 3), ("capital", 2, 1), ("alliance", 2, 2)]
