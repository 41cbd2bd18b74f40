"""Every number a GM command takes, made huge, zero or odd: the reply names the range
(one clear line), never an internal error ("Verschieben 99999999999999999999 Tage" told
the GM he had been informed of his own mail; "ZAT +99999999d" that the operator was)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine

from grammar import gm as lang_gm
from grammar.lark_errors import TEXTS
from tests.gm.test_gm_mail import HEADER, _mail
from tests.lanes import examples

NUMBERED = [
    "ZAT +{n}d",
    "ZAT +{n} Stunden",
    "Deadline +{n} days and {n} hours",
    "Verschieben {n} Tage",
    "Verschieben um {n} Wochen und {n} Stunden",
    "Postpone {n}h",
    "Rhythmus {n} Tage 18:00",
    "Schedule {n} weeks",
    "Ersatz {n}",
    "Replace {n} with anna@example.org en",
    "Ausscheiden {n}",
    "Geheim an {n} von {n}: Treffen bei Crab.",
    "Bericht an {n}: Ihre Flotte siegt.",
    "Auswertung erneut {n} Runde {n}",
    "Resend {n} turn {n}",
    "Neues Kennwort {n}",
    "Korrektur {n} {n} Grund: Tippfehler",
    "Option newspaper={n}",
]
"""One line of every GM command that takes a number ({n})."""
HOSTILE = ["99999999999999999999", "99999999", "0", "00", "1000000", "367"]
INTERNAL = [TEXTS.say(lang, "reader.this_line_could_not_read") for lang in TEXTS.languages]


def _lines(number: str) -> str:
    return "\n".join(line.format(n=number) for line in NUMBERED)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.sampled_from(NUMBERED),
    st.one_of(
        st.integers(min_value=0, max_value=10**40).map(str),
        st.sampled_from(HOSTILE),
    ),
)
def test_no_gm_line_with_a_huge_number_is_an_internal_error(line: str, number: str) -> None:
    parsed = lang_gm.parse(HEADER + line.format(n=number))
    for error in parsed.errors:
        assert error.message("de") not in INTERNAL, (line, number)


def test_huge_postponement_names_the_range() -> None:
    (error,) = lang_gm.parse(HEADER + "Verschieben 99999999999999999999 Tage").errors
    assert error.message("de") == "Verschoben wird um mehr als null und höchstens 366 Tage."


def test_huge_relative_deadline_names_the_range() -> None:
    (error,) = lang_gm.parse(HEADER + "ZAT +99999999d").errors
    assert (
        error.message("de") == "Ein Termin „+…“ liegt mehr als null und höchstens 366 Tage voraus."
    )
    (error,) = lang_gm.parse(HEADER + "Deadline +367 days").errors
    assert error.message("en") == 'A deadline "+…" lies more than zero and at most 366 days ahead.'


def test_every_numbered_command_with_hostile_numbers_gets_no_internal_error(
    running_227: Engine,
) -> None:
    for number in HOSTILE:
        reply = _mail(running_227, HEADER + _lines(number))
        assert "Interner Fehler" not in reply, (number, reply)
        assert "interner Fehler" not in reply, (number, reply)
