"""Outgoing mail: message building, and sending through a real SMTP relay into Dovecot."""

from __future__ import annotations

import asyncio
import email
import email.policy
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from email.headerregistry import Address
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtplib.email import flatten_message

from config.settings import SmtpSettings
from mailserver.outbound.smtp import (
    Attachment,
    FlatMail,
    SmtpRejected,
    SmtpTransport,
    SmtpUnavailable,
    backoff,
    build_message,
    flatten,
    sanitize_header,
)
from tests.mailstack import MailStack, MailUser

pytestmark = pytest.mark.timeout(30)

GM = "gm@test.example"


def message_to(to: Any, n: int = 0, **overrides: Any) -> EmailMessage:
    """Printout number ``n`` from the GM, with a unique Message-ID."""
    values: dict[str, Any] = {
        "from_addr": GM,
        "from_name": "PBEM Spielleitung",
        "to": to,
        "subject": f"Ausdruck {n}",
        "body": f"Zug {n}\n",
        "message_id": f"<turn-{n}-{random.randrange(10**9)}@test.example>",
    }
    values.update(overrides)
    return build_message(**values)


@pytest.fixture
async def transport(mailstack: MailStack) -> AsyncIterator[SmtpTransport]:
    """A transport to the session stack's relay (plain SMTP)."""
    settings = SmtpSettings(host=mailstack.host, port=mailstack.smtp_port, timeout_seconds=5)
    smtp = SmtpTransport(settings)
    yield smtp
    await smtp.close()


# -- building -----------------------------------------------------------------------------


def test_build_message_sets_threading_and_identity_headers() -> None:
    msg = build_message(
        from_addr=GM,
        from_name="PBEM Spielleitung",
        to="spieler@test.example",
        subject="Ausdruck Zug 7",
        body="Hallo\n",
        message_id="turn-7-player-3@pbem.example",
        in_reply_to="<orders-1@player.example>",
        references=["<root@player.example>"],
        auto_submitted="auto-replied",
        extra_headers={"X-PBEM-Game": "42"},
        date=datetime(2025, 3, 1, 12, 0, tzinfo=UTC),
    )
    assert msg["Message-ID"] == "<turn-7-player-3@pbem.example>"
    assert msg["In-Reply-To"] == "<orders-1@player.example>"
    assert msg["References"] == "<root@player.example> <orders-1@player.example>"
    assert msg["Auto-Submitted"] == "auto-replied"
    assert msg["X-PBEM-Game"] == "42"
    assert msg["From"] == "PBEM Spielleitung <gm@test.example>"
    assert msg["Date"] == "Sat, 01 Mar 2025 12:00:00 +0000"
    assert msg.get_content_type() == "text/plain"
    assert msg.get_content_charset() == "utf-8"
    assert msg["Content-Transfer-Encoding"] == "quoted-printable"


def test_build_message_body_survives_quoted_printable() -> None:
    body = "Grüße aus Köln  \n" + "=" * 120 + "\nEnde\n"
    msg = message_to("spieler@test.example", body=body)
    wire = msg.as_bytes()
    assert all(len(line) <= 78 for line in wire.split(b"\r\n"))
    assert wire.isascii()
    assert msg.get_content() == body  # trailing blanks and long lines intact


def test_build_message_folds_long_and_non_ascii_subjects() -> None:
    subject = "Ausdruck für Spieler Ölprinz " + "sehr lang " * 20
    msg = message_to("spieler@test.example", subject=subject)
    header_block = msg.as_bytes().split(b"\r\n\r\n")[0]
    assert all(len(line) <= 78 for line in header_block.split(b"\r\n"))
    assert msg["Subject"] == subject.strip()


def test_header_values_lose_control_characters() -> None:
    assert sanitize_header("Hallo\r\nBcc: evil@x") == "Hallo Bcc: evil@x"
    assert sanitize_header("a\x00b\tc\u2028d\x85e") == "a b c d e"
    msg = message_to(
        "spieler@test.example",
        subject="Zug\r\nBcc: evil@x",
        from_name="Leitung\nX-Evil: 1",
        extra_headers={"X-Note": "ok\r\nX-Evil: 2"},
    )
    assert msg["Bcc"] is None and msg["X-Evil"] is None
    assert msg["Subject"] == "Zug Bcc: evil@x"
    assert msg["X-Note"] == "ok X-Evil: 2"


@pytest.mark.parametrize(
    "overrides",
    [
        {"to": "spieler@test.example\r\nBcc: evil@x"},
        {"to": "two@test.example, three@test.example"},
        {"to": []},
        {"message_id": "no-at-sign"},
        {"message_id": "<a b@test.example>"},
        {"extra_headers": {"Bcc": "evil@x"}},
        {"extra_headers": {"X-Bad:Name": "1"}},
    ],
)
def test_build_message_rejects_unusable_input(overrides: dict[str, object]) -> None:
    values: dict[str, Any] = {"to": "spieler@test.example", **overrides}
    with pytest.raises(ValueError):
        message_to(**values)


def test_build_message_keeps_threads_short_and_drops_junk_ids() -> None:
    refs = [f"<r{n}@x.example>" for n in range(30)]
    msg = message_to("spieler@test.example", in_reply_to="not an id", references=[*refs, "junk"])
    assert msg["In-Reply-To"] is None
    kept = str(msg["References"]).split()
    assert kept == [refs[0], *refs[-9:]]


def test_build_message_takes_display_names_and_several_recipients() -> None:
    msg = message_to([Address("Kaiser Ming", addr_spec="ming@test.example"), "b@test.example"])
    assert msg["To"] == "Kaiser Ming <ming@test.example>, b@test.example"


def test_backoff_grows_exponentially_with_jitter_up_to_the_cap() -> None:
    rng = random.Random(7)
    for attempt in range(12):
        full = min(60.0, 2.0**attempt)
        for _ in range(50):
            assert full / 2 <= backoff(attempt, rng=rng) <= full
    assert backoff(10_000, base=0.5, cap=3.0, rng=rng) <= 3.0
    assert len({backoff(3, rng=rng) for _ in range(20)}) > 1
    with pytest.raises(ValueError):
        backoff(-1)


def test_flatten_gives_the_bytes_and_envelope_aiosmtplib_would_send() -> None:
    msg = message_to(
        [Address("Spieler Zwei", addr_spec="p2@test.example"), "p3@test.example"],
        subject="Partie 227 Runde 3: Auswertung für Spieler 2",
        body="Grüße  \n" + "Zeile mit Umlauten äöü\n" * 200,
        attachments=[Attachment("report-227-3-2.json", "application/json", b'{"a":1}\n')],
    )
    msg["Bcc"] = "hidden@test.example"
    flat = flatten(msg)
    assert flat.data == flatten_message(msg, utf8=False, cte_type="8bit")
    assert b"hidden@test.example" not in flat.data
    assert flat.sender == GM and not flat.utf8
    assert flat.recipients == ("p2@test.example", "p3@test.example", "hidden@test.example")
    assert flat.message_id == msg["Message-ID"]


@pytest.mark.parametrize("width", [30, 60, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 120])
@pytest.mark.parametrize("word", ["Auswertung", "Ausw\u00e9rtung", "x" * 90, "a\tb", "Zug;,<>()"])
def test_flatten_writes_every_header_as_the_email_package_folds_it(width: int, word: str) -> None:
    subject = (f"Partie 227 {word} " * 10)[:width]
    name = (f"Spieler {word} " * 10)[: width // 2]
    msg = message_to(
        [Address(name, addr_spec="p2@test.example"), "p3@test.example"],
        subject=subject,
        from_name=name,
        in_reply_to="<parent-1@player.example>",
        references=[f"<ref-{n}-{'y' * width}@player.example>" for n in range(3)],
        auto_submitted="auto-replied",
        attachments=[Attachment(f"report {word}.json", "application/json", b"{}\n")],
    )
    assert flatten(msg).data == flatten_message(msg, utf8=False, cte_type="8bit")


def test_a_mail_with_attachments_has_a_boundary_of_its_own_that_no_part_contains() -> None:
    boundary = "=_" + "x" * 32
    same = {
        "message_id": message_to("p2@test.example")["Message-ID"],
        "body": f"--{boundary}\n{boundary}\n",
        "attachments": [Attachment("a.bin", "application/octet-stream", bytes(range(256)) * 20)],
    }
    msg, again = message_to("p2@test.example", 1, **same), message_to("p2@test.example", 1, **same)
    made = msg.get_boundary()
    assert made is not None and made.startswith("=_")
    assert flatten(msg).data == flatten(again).data  # a mail sent again is the same bytes
    assert message_to("p2@test.example", n=2, attachments=msg_attachments()).get_boundary() != made
    parsed = email.message_from_bytes(flatten(msg).data, policy=email.policy.default)
    text, attached = list(parsed.iter_parts())
    assert text.get_content().replace("\r\n", "\n") == f"--{boundary}\n{boundary}\n"
    assert attached.get_content() == bytes(range(256)) * 20


def msg_attachments() -> list[Attachment]:
    return [Attachment("b.txt", "text/plain", b"=_ and -- in a file\n")]


# -- sending ------------------------------------------------------------------------------


async def test_a_flattened_mail_arrives_as_the_message_would(
    mailstack: MailStack, mail_user: MailUser, transport: SmtpTransport
) -> None:
    msg = message_to(mail_user.address, body="Grüße, Ihr Spielleiter  \n")
    flat = flatten(msg)
    assert isinstance(flat, FlatMail)
    await transport.send(flat)
    [received] = mailstack.fetch_all(mail_user.address, mail_user.password)
    assert received["Message-ID"] == msg["Message-ID"]
    assert received["Subject"] == msg["Subject"]
    assert received.get_content().replace("\r\n", "\n") == "Grüße, Ihr Spielleiter  \n"


async def test_send_many_delivers_fifty_mails_over_one_connection(
    mailstack: MailStack, mail_user: MailUser, transport: SmtpTransport
) -> None:
    before = mailstack.smtp_connections
    messages = [message_to(mail_user.address, n) for n in range(50)]
    outcomes = await transport.send_many(messages)
    assert outcomes == [None] * 50
    assert mailstack.smtp_connections - before == 1
    received = mailstack.fetch_all(mail_user.address, mail_user.password)
    assert sorted(m["Message-ID"] for m in received) == sorted(m["Message-ID"] for m in messages)


async def test_concurrent_sends_share_the_connection(
    mailstack: MailStack, mail_user: MailUser, transport: SmtpTransport
) -> None:
    before = mailstack.smtp_connections
    await asyncio.gather(*(transport.send(message_to(mail_user.address, n)) for n in range(5)))
    assert mailstack.smtp_connections - before == 1
    assert len(mailstack.fetch_all(mail_user.address, mail_user.password)) == 5


async def test_injected_headers_do_not_reach_the_recipient(
    mailstack: MailStack, mail_user: MailUser, transport: SmtpTransport
) -> None:
    evil = mailstack.new_user("evil")
    msg = message_to(
        mail_user.address,
        subject=f"Zug 3\r\nBcc: {evil.address}",
        from_name=f"Spielleitung\r\nCc: {evil.address}",
        auto_submitted="auto-replied",
        body="Grüße, Ihr Spielleiter  \n",
    )
    await transport.send(msg)
    [received] = mailstack.fetch_all(mail_user.address, mail_user.password)
    assert received["Bcc"] is None and received["Cc"] is None
    assert received["Subject"] == f"Zug 3 Bcc: {evil.address}"
    assert received["Auto-Submitted"] == "auto-replied"
    assert received.get_content().replace("\r\n", "\n") == "Grüße, Ihr Spielleiter  \n"
    assert mailstack.fetch_all(evil.address, evil.password) == []


async def test_reconnects_after_the_relay_restarted_between_sends(
    mailstack: MailStack, mail_user: MailUser, transport: SmtpTransport
) -> None:
    before = mailstack.smtp_connections
    await transport.send(message_to(mail_user.address, 1))
    mailstack.smtp_down()
    mailstack.smtp_up()
    await transport.send(message_to(mail_user.address, 2))
    assert mailstack.smtp_connections - before == 2
    subjects = [m["Subject"] for m in mailstack.fetch_all(mail_user.address, mail_user.password)]
    assert subjects == ["Ausdruck 1", "Ausdruck 2"]


async def test_relay_down_raises_unavailable_and_spares_the_rest_of_a_batch(
    mailstack: MailStack, mail_user: MailUser, transport: SmtpTransport
) -> None:
    mailstack.smtp_down()
    try:
        outcomes = await transport.send_many([message_to(mail_user.address, n) for n in range(3)])
    finally:
        mailstack.smtp_up()
    assert all(isinstance(o, SmtpUnavailable) for o in outcomes)
    assert outcomes[0] is outcomes[1] is outcomes[2]  # tried once, not three times
    await transport.send(message_to(mail_user.address, 9))
    assert len(mailstack.fetch_all(mail_user.address, mail_user.password)) == 1


async def test_refused_recipient_raises_and_the_connection_stays_usable(
    mailstack: MailStack, mail_user: MailUser, transport: SmtpTransport
) -> None:
    before = mailstack.smtp_connections
    with pytest.raises(SmtpRejected) as refused:
        await transport.send(message_to("nobody@test.example"))
    assert refused.value.permanent and refused.value.code == 550
    assert set(refused.value.refused) == {"nobody@test.example"}

    with pytest.raises(SmtpRejected) as partly:
        await transport.send(message_to([mail_user.address, "nobody@test.example"], 2))
    assert partly.value.accepted == (mail_user.address,)

    await transport.send(message_to(mail_user.address, 3))
    subjects = [m["Subject"] for m in mailstack.fetch_all(mail_user.address, mail_user.password)]
    assert subjects == ["Ausdruck 2", "Ausdruck 3"]
    assert mailstack.smtp_connections - before == 1


async def test_starttls_with_a_verified_certificate(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    settings = SmtpSettings(
        host=mailstack.host, port=mailstack.smtp_port, starttls=True, timeout_seconds=5
    )
    trusting = SmtpTransport(settings, tls_context=mailstack.client_ssl_context())
    try:
        await trusting.send(message_to(mail_user.address, 1))
    finally:
        await trusting.close()
    # The default context verifies, and the stack's certificate is self-signed.
    verifying = SmtpTransport(settings)
    with pytest.raises(SmtpUnavailable, match="CERTIFICATE_VERIFY_FAILED"):
        await verifying.send(message_to(mail_user.address, 2))
    subjects = [m["Subject"] for m in mailstack.fetch_all(mail_user.address, mail_user.password)]
    assert subjects == ["Ausdruck 1"]
