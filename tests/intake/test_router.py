"""The router's header reading: the sender is the From address, never a display name."""

from __future__ import annotations

from mailserver.inbound.router import automatic_reason, read_headers


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
