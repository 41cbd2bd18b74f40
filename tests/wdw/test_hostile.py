"""Hostile text against Welt der Waben (the server never crashes on input):
the order language on any line built from its own keywords, the demo world's names,
numbers of every size and stray unicode; the acknowledgement of whatever it reads on the
demo world's realms; the GM's ``Entscheid`` … ``Ende`` and ``Korrektur`` on the open
items of a month. Each answers with orders, errors with their line, or a refusal that
says why — never an exception."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CORRECTION, Order, ParseResult, Ruling
from engine.wdw import property_words
from engine.wdw.characters import read_role
from engine.wdw.items import find_items
from engine.wdw.maploading import map_text_of
from engine.wdw.orders import Storm
from engine.wdw.rulings import correction_of, read
from engine.wdw.state import WdwState
from engine.wdw.unit_lines import UNIT_LINES, read_line
from grammar import gm as lang_gm
from grammar.lark_errors import TEXTS
from grammar.wdw import LANGUAGE
from mailserver.common.catalog import say
from mailserver.gm.rulings import ruling_of
from mailserver.inbound.echo import echo
from tests.lanes import examples
from tests.wdw.helpers import GAME, by_number, placed, sample
from tests.wdw.test_month import ORDERS

HEADER = "Partie 7 Spieler {seat} Kennwort geheim\n"
GM_HEADER = "Partie 7 Spielleiter Kennwort geheim\n"
GRAMMAR = Path(__file__).resolve().parents[2] / "grammar" / "wdw.lark"


def _keywords() -> list[str]:
    """Every word the order language's terminals spell out (wdw.lark), so the lines hit
    each order's rule and not only the error path."""
    terminals = [line for line in GRAMMAR.read_text("utf-8").splitlines() if ".3: /" in line]
    terminals += [line for line in GRAMMAR.read_text("utf-8").splitlines() if ".4: /" in line]
    spelled = {w for line in terminals for w in re.findall(r"[a-zäöüß]{2,}", line)}
    return sorted(spelled | set(property_words.WORDS))  # PROPERTY's words: grammar/wdw.py


_CODES = [
    main + ext
    for main in ("KN", "KA", "KT", "KV", "KH", "KI", "KX", "KR", "AB", "AS", "AM", "GI", "GA")
    for ext in ("", "F", "E", "P1", "P-II", "B", "B3", "R5", "4", "W", "S")
]
_NAMES = ["Guru", "Tharnburg", "Isyrial", "Tharn", "Nirgendwo", "Erinal"]
_UNITS = ["101", "102", "201", "601", "999", "H101", "Heer 101", "unit 0"]
_FIELDS = ["1/18", "1/19", "1/20", "1/22", "9/1", "0/1", "1/0", "1/48", "1/49", "GF1 KF5", "12.04"]
_SIGNS = [":", "+", "-", "->", "→", ",", ";", "(", ")", "#", "//", "²", "١٠١", "\u200b"]

_WORD = st.one_of(
    st.sampled_from(_keywords() + _CODES + _NAMES + _UNITS + _FIELDS + _SIGNS),
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["0", "-1", "48", "2000", "4294967296"]),
    st.text(max_size=4),
)
_LINE = st.lists(_WORD, max_size=9).map(" ".join)
_LINES = st.lists(_LINE, max_size=8)


def _text(lines: list[str], seat: int = 1) -> str:
    return HEADER.format(seat=seat) + "\n".join(lines)


def _parse(lines: list[str], seat: int = 1) -> ParseResult:
    return LANGUAGE.parse(_text(lines, seat))


@settings(max_examples=examples(200), deadline=None)
@given(_LINES)
def test_any_order_lines_give_orders_and_errors_on_their_lines(lines: list[str]) -> None:
    result = _parse(lines)
    last = len(_text(lines).splitlines())  # "\r" and the like break lines too
    assert all(2 <= order.line <= last for order in result.orders)
    for error in result.errors:
        assert 1 <= error.line <= last and error.column >= 1
        for lang in ("de", "en"):
            assert error.message(lang).strip()
        # The reader turns a bug in building an order into this error (and a log line).
        assert error.messages != TEXTS.every("reader.this_line_could_not_read"), error.text


@settings(max_examples=examples(200), deadline=None)
@given(_LINES, st.sampled_from([1, 2]), st.sampled_from(["de", "en"]))
def test_the_acknowledgement_of_any_orders_words_each_and_names_each_errors_line(
    lines: list[str], seat: int, lang: str
) -> None:
    result = _parse(lines, seat)
    orders: list[Order] = list(result.orders)
    words = GAME.describe_orders(sample(), seat, orders, lang, by_number)
    assert len(words) == len(orders) and all(text.strip() for text in words)
    worded = {id(order): text for order, text in zip(orders, words, strict=True)}
    text = echo(result, lang, describe=lambda order: worded[id(order)])
    for error in result.errors:
        assert f"{say(lang, 'echo_line')} {error.line}, " in text


def _storm_and_decay() -> WdwState:
    """Isyrial's 101 and 102 at fortified Tharnburg's gates, Guru decaying: the month
    has a storm (S1) and a decay (Z1) open besides a spy (G1) and a Sonderbefehl (X1)."""
    state = placed(u1_101="1/22", u1_102="1/22")
    tharnburg, guru = state.settlement("Tharnburg"), state.settlement("Guru")
    assert tharnburg is not None and guru is not None
    tharnburg.bef = 2
    state.realm(1).known.append("1/22")
    guru.unpaid, guru.progress = True, ["verfall=19/20"]
    return state


STORMING = {1: [*ORDERS[1][1:], Storm(line=4, settlement="Tharnburg", units=(101, 102))]}
MONTHS = [(sample(), ORDERS), (_storm_and_decay(), {**ORDERS, **STORMING})]


def test_the_hostile_months_have_every_kind_of_item_the_rulings_are_tried_on() -> None:
    ids = [find_items(state, orders).ids() for state, orders in MONTHS]
    assert ids == [["K1", "G1", "X1"], ["G1", "X1", "Z1", "S1"]]


_RULING_WORDS = [
    *("K1", "k1", "G1", "X1", "S1", "Z1", "E1", "D1", "B1", "P1", "V1", "K0", "K99", "L", "GP"),
    *("Sieger", "winner", "A", "B", "C", "keiner", "none", "Verluste", "losses", "keine"),
    *("1/101", "2/101", "1/101 -100", "2/101 -2001", "1/0 -1", "1/101+5", "(Hitze)"),
    *("gelungen", "misslungen", "Chance", "entdeckt", "ja", "nein", "überlegen", "unterlegen"),
    *("angenommen", "abgelehnt:", "Beute", "Steuerausfall", "abgeschlagen", "Bev", "Mil", "Rüs"),
    *("Schatz", "BükAz", "Rüstkapazität", "Einheit", "Größe", "REP", "Ansiedlung", "Stadtherr"),
    *("Guru", "Karte", "Grund:", "weil", ";", ",", ":", "²", "١", "-", "+"),
]
_RULING_LINE = st.lists(
    st.one_of(
        st.sampled_from(_RULING_WORDS),
        st.integers(-(10**25), 10**25).map(str),
        st.text(max_size=3),
    ),
    max_size=8,
).map(" ".join)


def _taken_is_understood(ruling: Ruling) -> bool:
    """A ruling the check takes is one the month can read (none is taken and then
    ignored): a correction of the state, a role or a map, a unit line, an item's verdict."""
    item = ruling.item.upper()
    if ruling.item == CORRECTION:
        text = ruling.text
        return any(
            x is not None for x in (correction_of(ruling), read_role(text), map_text_of(text))
        )
    if item in UNIT_LINES:
        return read_line(item, ruling.text) is not None
    return read(item, ruling.text) is not None


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(_RULING_LINE, max_size=5),
    st.sampled_from(["Entscheid\n{lines}\nEnde", "Korrektur {first}", "Korrektur\n{lines}\nEnde"]),
    st.sampled_from([0, 1]),
    st.sampled_from(["de", "en"]),
)
def test_any_gm_ruling_text_is_taken_or_refused_with_its_reason(
    lines: list[str], form: str, month: int, lang: str
) -> None:
    state, orders = MONTHS[month]
    text = GM_HEADER + form.format(lines="\n".join(lines), first=lines[0] if lines else "")
    result = lang_gm.parse(text)
    assert all(error.message(lang).strip() for error in result.errors)
    rulings: list[Ruling] = []
    for command in result.commands:
        assert lang_gm.echo_command(command, lang)
        if isinstance(command, lang_gm.GiveRulings):
            rulings += [r for r in map(ruling_of, command.text.splitlines()) if r is not None]
        elif isinstance(command, lang_gm.CorrectState):
            rulings.append(Ruling(CORRECTION, command.what, command.reason))
    known = {*find_items(state, orders).ids(), *UNIT_LINES, CORRECTION.upper()}
    for ruling in rulings:
        why = GAME.check_ruling(state, orders, [], ruling, lang)
        if why:
            # No placeholder left unfilled (the GM's own words may hold braces: "{").
            unfilled = re.search(
                r"\{[a-z_.]+\}", why.replace(ruling.item, "").replace(ruling.text, "")
            )
            assert unfilled is None and "Traceback" not in why, why
            # A ruling on no open item is refused by naming the item it names.
            assert ruling.item.upper() in known or ruling.item in why, (ruling, why)
        else:
            assert _taken_is_understood(ruling), ruling
