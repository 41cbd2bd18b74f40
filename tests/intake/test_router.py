"""The router's header reading: the sender is the From address, never a display name."""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from mailserver.inbound.router import MASK, automatic_reason, mask, read_headers


def test_a_folded_display_name_holding_an_address_is_not_the_sender() -> None:
    raw = (
        b'From: "Evil\r\n Bcc: victim@example.org" <attacker@example.org>\r\n'
        b"To: host@example.org\r\n\r\nHallo\r\n"
    )
    assert read_headers(raw).sender == "attacker@example.org"


def test_plain_and_named_senders_are_read_and_lowercased() -> None:
    assert read_headers(b"From: Alice@Example.ORG\r\n\r\n").sender == "alice@example.org"
    assert read_headers(b"From: Bob <bob@x.org>\r\n\r\n").sender == "bob@x.org"
    assert read_headers(b"Subject: none\r\n\r\n").sender == ""


def test_vacation_replies_are_automatic() -> None:
    headers = read_headers(b"From: a@x.org\r\nAuto-Submitted: auto-replied\r\n\r\n")
    assert automatic_reason(headers) is not None
    assert automatic_reason(read_headers(b"From: a@x.org\r\n\r\n")) is None


def _masked_by_pattern(text: str, secret: str) -> str:
    """What :func:`mask` did before, with a regular expression of the secret."""
    pattern = rf"(?<![^\s,;:=\"'„“<(]){re.escape(secret)}(?![^\s,;:.!?\"'“”>)])"
    return re.sub(pattern, MASK, text) if secret else text


_WORDS = ("ab", "a", "b", "x", "-")
_SPACES = (" ", "\n", "\u00a0", "\u2003")
_MARKS = tuple(",;:=\"'„“”<>()[].!?")
_PIECES = st.sampled_from([*_WORDS, *_SPACES, *_MARKS])


@given(
    st.lists(_PIECES, max_size=14).map("".join), st.sampled_from(["ab", "a", "aba", "b b", "a,"])
)
@example("xb b b", "b b")  # the first find fails, the one overlapping it is a word
@example("a,,a,", "a,")
def test_a_secret_is_masked_where_a_pattern_of_it_would_find_it_as_a_word(
    text: str, secret: str
) -> None:
    assert mask(text, secret) == _masked_by_pattern(text, secret)


def test_a_secret_is_masked_as_a_word_only() -> None:
    text = "Kennwort geheim, (geheim) geheimnis xgeheim „geheim“ geheim."
    assert mask(text, "geheim") == f"Kennwort {MASK}, ({MASK}) geheimnis xgeheim „{MASK}“ {MASK}."
