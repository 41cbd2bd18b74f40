"""One reading of a mail (``parse_mail``): the email package parses it once, its sender is
read by the one sender rule, and the read-ahead and intake take the result as it is."""

from __future__ import annotations

from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid

import pytest
from sqlalchemy import Engine

from db.models import InboundStatus
from db.session import reading, transaction
from engine.core import OrderHeader
from grammar.gm import GmHeader
from mailserver.inbound.intake import parse_mail, preverify, process_mail
from tests.factories import make_game, order_mail
from tests.intake.helpers import CONFIG

GM = "gm@example.org"


@pytest.mark.parametrize(
    ("raw", "sender"),
    [
        # An encoded CR/LF in the display name injects no header.
        (
            b"From: =?utf-8?q?Evil=0D=0ABcc=3A_x=40y?= <Evil@Example.com>\r\n"
            b"Subject: =?utf-8?q?a=0D=0AX-Injected=3A_1?=\r\n\r\nCrab: 1 PDU\r\n",
            "evil@example.com",
        ),
        # A raw CR/LF ends the From field: "Evil" is no address.
        (b"From: Evil\r\nBcc: x@y <a@b.de>\r\n\r\nCrab: 1\r\n", ""),
        # Display names the email package's header parser raises on.
        (
            b"From: =?x-unknown?q?Evil=0D=0AName?= <A@B.de>\r\nMessage-ID: <\r\n\r\nCrab: 1\r\n",
            "a@b.de",
        ),
        (b"From: =?utf-8?b?A?= =?utf-8?q?=0D=0A?= <a@b.de>\r\n\r\nx\r\n", "a@b.de"),
    ],
)
def test_a_hostile_from_is_read_by_the_one_sender_rule(raw: bytes, sender: str) -> None:
    assert parse_mail(raw, config=CONFIG).headers.sender == sender


@pytest.mark.parametrize(
    ("header", "sender"),
    [
        # The rule the mail body reading had taken the first address; these are
        # the mails it placed with alice and the host's one rule does not.
        ("alice@example.org, mallory@evil.example", ""),
        ("alice@example.org <mallory@evil.example>", "mallory@evil.example"),
        ("Alice <alice@example.org>, Mallory <mallory@evil.example>", "mallory@evil.example"),
    ],
)
def test_the_sender_is_never_the_first_of_several_addresses(header: str, sender: str) -> None:
    raw = order_mail(header, "Partie 227 Spieler 2 Kennwort x\nHP=10")
    assert parse_mail(raw, config=CONFIG).headers.sender == sender


def test_the_order_texts_header_is_read_with_the_mail() -> None:
    parsed = parse_mail(order_mail("a@b.de", "Partie 227 Spieler 2 Kennwort geheim"), config=CONFIG)
    assert isinstance(parsed.header, OrderHeader)
    assert (parsed.header.game, parsed.header.player) == (227, 2)
    assert parsed.secrets == ["geheim"]
    parsed = parse_mail(order_mail(GM, "Partie 227 Spielleiter Kennwort gm-secret"), config=CONFIG)
    assert isinstance(parsed.header, GmHeader) and parsed.secrets == ["gm-secret"]


def test_a_gm_mail_with_an_attachment_is_parsed_once(
    db_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    with transaction(db_engine) as session:
        make_game(session, gm_address=GM)
    message = EmailMessage()
    message["From"] = GM
    message["Subject"] = "Status"
    message["Message-ID"] = make_msgid(domain="gm.example")
    message.set_content("Partie 227 Spielleiter Kennwort gm-secret\nStatus\n")
    message.add_attachment(b"map", maintype="application", subtype="pdf", filename="karte.pdf")
    raw = bytes(message)
    parses: list[bytes] = []
    parse = BytesParser.parsebytes

    def counted(self: BytesParser, text: bytes, headersonly: bool = False) -> object:
        parses.append(text)
        return parse(self, text, headersonly)

    # Every parser of the email package (the header parser too) goes through this.
    monkeypatch.setattr(BytesParser, "parsebytes", counted)
    parsed = parse_mail(raw, config=CONFIG)
    with reading(db_engine) as session:
        assert preverify(session, parsed, config=CONFIG)
    with transaction(db_engine) as session:
        outcome = process_mail(session, raw, config=CONFIG, parsed=parsed)
    assert outcome.status == InboundStatus.PROCESSED and "1 done" in outcome.reason
    assert len(parses) == 1
