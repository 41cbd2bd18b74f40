"""Mail intake end to end: ``pbem serve`` as a real process, real Dovecot, real SMTP, real DB.

Players send through the stack's SMTP relay (or, for bulk, straight into LMTP); answers
are read from the players' own IMAP mailboxes. "Nothing arrives" is never asserted by
waiting a while: the test waits until the server has committed the mail and drained its
outbox (or until a later mail's answer arrived), and then looks.
"""

from __future__ import annotations

import os
import shutil
import signal
import time
from collections import Counter
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from sqlmodel import Session, col, func, select

from db import repo
from db.models import (
    GameMessage,
    InboundMail,
    InboundStatus,
    MessageKind,
    Outbox,
    OutboxKind,
    OutboxStatus,
    Submission,
)
from mailserver.common.faults import ENV as CRASH_ENV
from mailserver.inbound.handover import GROUP
from tests.e2e.conftest import DEADLINE, OwnGame, ServerFactory
from tests.e2e.game_helpers import message_id, stored_id
from tests.e2e.server import Seat, ServerProcess, create_game
from tests.factories import order_mail
from tests.mailstack import MailStack, StoredMail

pytestmark = pytest.mark.timeout(120)

GAME = 227
KEYWORD = "$PbemDone"
BACKENDS = ["sqlite", "postgresql"]


# ------------------------------------------------------------------------------ helpers


def orders(player: Seat, server: ServerProcess, text: str) -> bytes:
    """An order mail of ``player`` to the server; ``text`` follows the header line."""
    return order_mail(player.address, f"{player.header(GAME)}\n{text}", to=server.address)


def replies_to(msgid: str) -> Callable[[list[StoredMail]], bool]:
    """Mailbox predicate: an answer to ``msgid`` is there."""
    return lambda mails: any(m.message["In-Reply-To"] == msgid for m in mails)


def wait_answer(stack: MailStack, player: Seat, msgid: str, timeout: float = 20.0) -> EmailMessage:
    """Wait for the (single) answer to ``msgid`` in the player's mailbox."""
    mails = stack.wait_for(player.address, player.user.password, replies_to(msgid), timeout)
    (answer,) = [m.message for m in mails if m.message["In-Reply-To"] == msgid]
    return answer


def send_and_wait(
    server: ServerProcess, stack: MailStack, player: Seat, raw: bytes, timeout: float = 20.0
) -> EmailMessage:
    """Send ``raw`` to the server and wait for the (single) answer to it."""
    server.send(raw)
    return wait_answer(stack, player, message_id(raw), timeout)


def send_orders(server: ServerProcess, stack: MailStack, player: Seat, text: str) -> EmailMessage:
    """Send ``player``'s orders ``text`` to the server and wait for the answer."""
    return send_and_wait(server, stack, player, orders(player, server, text))


def alices_orders(server: ServerProcess) -> Submission | None:
    """The latest submission of alice (seat 2 of game 1) for turn 1, as stored."""
    return server.query(lambda s: repo.latest_submission(s, 1, 2, 1))


def mailbox(stack: MailStack, player: Seat) -> list[EmailMessage]:
    """Everything in the player's INBOX."""
    return stack.fetch_all(player.address, player.user.password)


def body(message: EmailMessage) -> str:
    """The text of a plain-text answer."""
    content = message.get_content()
    assert isinstance(content, str)
    return content


def outbox_drained(session: Session) -> bool:
    """No outbox row is waiting to be sent."""
    pending = session.exec(select(Outbox).where(Outbox.status == OutboxStatus.PENDING)).all()
    return not pending


def server_mail_flagged(server: ServerProcess, count: int) -> Callable[[], bool]:
    """Probe: the server's mailbox holds ``count`` mails, all flagged as processed."""

    def probe() -> bool:
        mails = server.server_mail()
        return len(mails) == count and all(KEYWORD in m.flags for m in mails)

    return probe


def settle(server: ServerProcess, mails: int, timeout: float = 30.0) -> None:
    """Wait until all ``mails`` in the server's mailbox are processed and the outbox sent."""
    server.wait_until(server_mail_flagged(server, mails), timeout=timeout, what="all flagged")
    server.wait_for_db(outbox_drained, timeout=timeout, what="outbox drained")


def inbound_rows(session: Session) -> list[InboundMail]:
    """Every inbound row, oldest first."""
    return list(session.exec(select(InboundMail).order_by(col(InboundMail.id))))


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("backend", BACKENDS)
def test_orders_are_acknowledged_with_the_echo_in_the_thread(
    server_factory: ServerFactory, mailstack: MailStack, backend: str
) -> None:
    server = server_factory(backend=backend)
    players = create_game(server, next_deadline=DEADLINE)
    server.start()
    alice = players[2]
    raw = orders(alice, server, "2/15/1/21\nCrabb: 1 PDU")

    ack = send_and_wait(server, mailstack, alice, raw)
    assert ack["Subject"] == "Befehle erhalten – Partie 227, Spieler 2, Runde 1"
    assert ack["References"] == message_id(raw)
    assert ack["Auto-Submitted"] == "auto-replied"
    assert ack["From"].addresses[0].addr_spec == server.address
    text = body(ack)
    assert "Zeile 2  Flug: 15 FI, 1 TR von 2 (Crab) nach 21 (Beyond)" in text
    assert "Zeile 3, Spalte 1: Crabb: 1 PDU" in text
    assert "Mo., 07.12.2026, 18:00 Uhr MEZ" in text
    assert alice.password not in text
    submission = alices_orders(server)
    assert submission is not None and [o["kind"] for o in submission.orders] == ["flight"]
    assert server.terminate() == 0


def test_a_resubmission_replaces_the_first_and_the_ack_shows_the_difference(
    started: OwnGame, mailstack: MailStack
) -> None:
    server, alice = started.server, started.alice
    send_orders(server, mailstack, alice, "2/15/1/21\nHP=10")

    text = body(send_orders(server, mailstack, alice, "HP=10\nPV 5=0"))
    assert "Sie ersetzen Ihre früheren Befehle für diese Runde." in text
    assert "neu:      PV zu Spieler 5 = 0 (Krieg)" in text
    assert "entfällt: Flug: 15 FI, 1 TR von 2 (Crab) nach 21 (Beyond)" in text
    latest = alices_orders(server)
    assert latest is not None and [o["kind"] for o in latest.orders] == ["homeplanet", "pv"]
    assert server.query(lambda s: len(s.exec(select(Submission)).all())) == 2


QUOTED_PRINTOUT = """\
=== Auswertung Partie 227, Runde 0, Spieler 2 ===

Planet 2 Crab Besitzer Spieler 2 GIP:31 PM% 190
PDU 7  FP 10  OP 8  RP 8  FY 6  TY 3  FI 9  TR 2

Befehlsblatt für Runde 1 (Partie 227, Spieler 2)
Partie 227 Spieler 2 Kennwort
2 Crab: 5 FI
von / FI / TR / nach: 2/9/2/17
PV: 3=0 5=0
HP = 2
Ende
"""


def test_the_quoted_last_printout_and_ack_in_a_reply_are_not_read_as_orders(
    started: OwnGame, mailstack: MailStack
) -> None:
    server, alice = started.server, started.alice
    ack = send_orders(server, mailstack, alice, "2/15/1/21")

    # A reply as a mail client writes it: new orders on top, the last mails quoted below.
    quoted = "\n".join(f"> {line}".rstrip() for line in (body(ack) + QUOTED_PRINTOUT).split("\n"))
    reply_text = (
        f"{alice.header(GAME)}\nHP=10\n\n"
        f"Am 06.12.2026 um 18:02 schrieb PBEM Spielleitung <{server.address}>:\n{quoted}\n"
    )
    reply = order_mail(
        alice.address,
        reply_text,
        to=server.address,
        subject=f"Re: {ack['Subject']}",
        headers={"In-Reply-To": ack["Message-ID"], "References": ack["Message-ID"]},
    )

    text = body(send_and_wait(server, mailstack, alice, reply))
    latest = alices_orders(server)
    assert latest is not None
    assert latest.orders == [{"line": 2, "kind": "homeplanet", "planet": 10}]
    assert latest.errors == []
    assert "Verstanden (1 Befehl)" in text
    assert "entfällt: Flug: 15 FI, 1 TR von 2 (Crab) nach 21 (Beyond)" in text
    assert "PV zu Spieler 3" not in text and "9 FI, 2 TR" not in text


def test_a_wrong_password_is_refused_and_the_registered_address_told(
    started: OwnGame, mailstack: MailStack
) -> None:
    server, alice = started.server, started.alice
    mallory = mailstack.new_user("mallory")
    raw = order_mail(
        mallory.address, "Partie 227 Spieler 2 Kennwort geraten\nHP=10", to=server.address
    )
    server.send(raw)

    refusal = mailstack.wait_for(mallory.address, mallory.password, replies_to(message_id(raw)))
    (refused,) = refusal
    assert "NICHT angenommen" in body(refused.message)
    assert "geraten" not in body(refused.message)
    warnings = mailstack.wait_for(alice.address, alice.user.password, lambda m: len(m) == 1)
    warning = body(warnings[0].message)
    assert mallory.address in warning and "NICHT" in warning
    assert alices_orders(server) is None
    (row,) = server.query(inbound_rows)
    assert row.status == InboundStatus.REJECTED


def test_a_vacation_auto_reply_gets_no_answer(started: OwnGame, mailstack: MailStack) -> None:
    server, bob = started.server, started.players[3]
    vacation = order_mail(
        bob.address,
        "Ich bin bis zum 3. Januar im Urlaub.",
        to=server.address,
        subject="Abwesenheitsnotiz: Befehle erhalten – Partie 227",
        headers={"Auto-Submitted": "auto-replied", "X-Autoreply": "yes"},
    )
    server.send(vacation)
    # Mail is handled and answered in arrival order: once the later mail is answered,
    # an answer to the vacation notice would already be in the mailbox.
    barrier = orders(bob, server, "HP=3")
    send_and_wait(server, mailstack, bob, barrier)
    settle(server, 2)

    assert [m["In-Reply-To"] for m in mailbox(mailstack, bob)] == [message_id(barrier)]
    rows = {row.message_id: row for row in server.query(inbound_rows)}
    assert rows[stored_id(vacation)].status == InboundStatus.IGNORED_AUTOMATIC
    outbox = server.query(lambda s: s.exec(select(Outbox)).all())
    assert [o.in_reply_to for o in outbox] == [message_id(barrier)]


def test_an_urgent_dispatch_arrives_at_once_and_a_secret_message_is_held(
    server_factory: ServerFactory, mailstack: MailStack
) -> None:
    server = server_factory()
    # The postage of an Eildepesche is a rule of the game (config.game_options).
    players = create_game(server, next_deadline=DEADLINE, options={"host": {"urgent_postage": 80}})
    server.start()
    alice, bob, carol = players[2], players[3], players[5]
    raw = orders(
        alice,
        server,
        "Geheimnachricht an 3: Der Pakt gilt.\nEildepesche an 5\nFlieht!\nEnde\n",
    )
    server.send(raw)

    dispatches = mailstack.wait_for(carol.address, carol.user.password, lambda m: len(m) == 1)
    dispatch = dispatches[0].message
    assert dispatch["Subject"] == "Eildepesche von Herrscher 2 – Partie 227"
    assert "Flieht!" in body(dispatch) and "Herrscher 2" in body(dispatch)
    assert alice.address not in dispatch.as_string()
    ack = body(wait_answer(mailstack, alice, message_id(raw)))
    assert "Porto 0,80 EUR gebucht" in ack
    assert "Geheimnachricht an Spieler 3: wird mit der nächsten Auswertung zugestellt." in ack
    settle(server, 1)

    assert mailbox(mailstack, bob) == []
    messages = {m.kind: m for m in server.query(lambda s: s.exec(select(GameMessage)).all())}
    assert set(messages) == {MessageKind.SECRET, MessageKind.URGENT}
    secret = messages[MessageKind.SECRET]
    assert not secret.delivered and secret.addressee_seat == 3 and secret.turn == 1
    assert messages[MessageKind.URGENT].delivered
    outbox = server.query(lambda s: s.exec(select(Outbox)).all())
    # The sender's own acknowledgement may echo it; nothing else carries it.
    assert all("Der Pakt gilt." not in o.body for o in outbox if o.to_address != alice.address)
    assert {o.kind for o in outbox} == {OutboxKind.ACK, OutboxKind.URGENT}
    balance = server.query(lambda s: next(p for p in repo.current_players(s, 1) if p.seat == 2))
    assert balance.balance_cents == -80


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("point", ["intake-before-commit", "intake-after-commit"])
def test_sigkill_around_the_commit_then_every_mail_is_processed_exactly_once(
    server_factory: ServerFactory, mailstack: MailStack, point: str, backend: str
) -> None:
    server = server_factory(backend=backend)
    players = create_game(server, next_deadline=DEADLINE)
    server.start(env={CRASH_ENV: point})
    sent = {seat: orders(p, server, f"HP={seat}") for seat, p in players.items()}
    server.deliver_bulk(sent.values())

    assert server.wait_exit(20) == -signal.SIGKILL
    rows = server.query(inbound_rows)
    if point == "intake-before-commit":
        assert rows == []
    else:  # the first group committed with its acknowledgements, neither flagged nor sent
        assert 1 <= len(rows) <= GROUP
        assert [r.status for r in rows] == [InboundStatus.PROCESSED] * len(rows)
        assert server.query(lambda s: [o.status for o in s.exec(select(Outbox))]) == [
            OutboxStatus.PENDING
        ] * len(rows)
    assert all(KEYWORD not in m.flags for m in server.server_mail())

    server.start()  # without the crash point
    for seat, raw in sent.items():
        wait_answer(mailstack, players[seat], message_id(raw))
    settle(server, len(sent))

    rows = server.query(inbound_rows)
    assert sorted(r.message_id for r in rows) == sorted(stored_id(r) for r in sent.values())
    assert {r.status for r in rows} == {InboundStatus.PROCESSED}
    submissions = server.query(lambda s: s.exec(select(Submission)).all())
    assert Counter(s.inbound_mail_id for s in submissions) == {r.id: 1 for r in rows}
    for seat, raw in sent.items():
        answers = [m["In-Reply-To"] for m in mailbox(mailstack, players[seat])]
        assert answers == [message_id(raw)]
    assert server.terminate() == 0


def test_dovecot_restarted_while_the_server_idles_then_it_reconnects_and_catches_up(
    server_factory: ServerFactory, private_mailstack: MailStack
) -> None:
    stack = private_mailstack
    server = server_factory(stack=stack)
    players = create_game(server, next_deadline=DEADLINE)
    server.start()
    alice, bob = players[2], players[3]
    before = orders(alice, server, "HP=2")
    server.send(before)
    wait_answer(stack, alice, message_id(before))
    server.wait_until(server_mail_flagged(server, 1), what="first mail flagged")

    stack.stop()
    server.wait_for_log("reconnecting in")
    # A mail that arrives while Dovecot is down: another delivery agent drops it into
    # the Maildir (LMTP is part of Dovecot and down too).
    during = orders(bob, server, "HP=3")
    maildir = stack.root / "home" / server.address.lower() / "Maildir"
    name = f"{time.time_ns()}.e2e.{os.getpid()}"
    (maildir / "tmp" / name).write_bytes(during)
    shutil.chown(maildir / "tmp" / name, "vmail", "vmail")
    (maildir / "tmp" / name).rename(maildir / "new" / name)
    stack.start()
    after = orders(alice, server, "HP=4")
    server.send(after)

    wait_answer(stack, bob, message_id(during), timeout=40)
    wait_answer(stack, alice, message_id(after), timeout=40)
    settle(server, 3)
    assert server.count_log("IMAP logged in") >= 2
    assert server.alive


# ------------------------------------------------------------------- hostile mail


def _headers(*lines: str) -> bytes:
    return ("\r\n".join(lines) + "\r\n").encode("utf-8", "surrogateescape")


def hostile_mails(count: int, to: str, victim: str) -> list[bytes]:
    """``count`` malformed, hostile or huge mails, each different (unique bytes)."""
    attacker = "attacker@test.example"
    makers: list[Callable[[int], bytes]] = [
        # broken MIME: no boundary, unterminated parts, nonsense content types
        lambda n: (
            _headers(
                f"From: {attacker}",
                f"To: {to}",
                f"Message-ID: <broken-{n}@x>",
                "Content-Type: multipart/mixed",
                "",
            )
            + b"--\r\nContent-Type: text/plain\r\n\r\nPartie 227 Spieler 2\r\n"
        ),
        lambda n: _headers(
            f"From: {attacker}",
            f"Message-ID: <unterminated-{n}@x>",
            'Content-Type: multipart/alternative; boundary="b"',
            "",
            "--b",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            "!!!not base64 at all===",
            "--b",
            "Content-Type: text/html",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            "<p>=ZZ=0=</p>",
        ),
        # bad charsets
        lambda n: (
            _headers(
                "From: =?x-unknown-charset?q?B=F6se?= <attacker@test.example>",
                f"Subject: =?utf-8?b?{'!' * n}?= =?iso-2022-jp?q?=1B$B?=",
                f"Message-ID: <charset-{n}@x>",
                'Content-Type: text/plain; charset="x-does-not-exist"',
                "Content-Transfer-Encoding: 8bit",
                "",
            )
            + b"\xff\xfe\xc3\x28 Partie 227 \xa0\xe9\r\n"
        ),
        lambda n: _headers(
            f"From: {attacker}",
            f"Message-ID: <utf7-{n}@x>",
            'Content-Type: text/plain; charset="utf-7"',
            "",
            f"+AGEAYgBj- +ZeVnLIqe- +/// {n}",
        ),
        # header injection in display names and subjects
        lambda n: _headers(
            f"From: =?utf-8?q?Evil=0D=0ABcc:_{victim}=0D=0A?= <attacker@test.example>",
            f"Subject: =?utf-8?q?Hi=0D=0ABcc:_{victim}?=",
            f"Message-ID: <inject-{n}@x>",
            "",
            f"Partie 227 Spieler 9 Kennwort x{n}\r\nHP=1",
        ),
        lambda n: _headers(
            f"From: Evil <attacker@test.example>, {victim}",
            f"Reply-To: {victim}",
            f"Sender: {victim}",
            f"Message-ID: <reply-to-{n}@x>",
            "",
            "Hallo",
        ),
        # HTML only, with script and nesting
        lambda n: _headers(
            f"From: {attacker}",
            f"Message-ID: <html-{n}@x>",
            "Content-Type: text/html; charset=utf-8",
            "",
            "<html><script>alert(1)</script>" + "<table><tr><td>" * 200 + f"HP={n}</html>",
        ),
        # empty and nearly empty
        lambda n: _headers(f"Message-ID: <empty-{n}@x>", ""),
        lambda n: f"X-Nothing: {n}\r\n".encode(),
        # binary garbage (no header block at all)
        lambda n: os.urandom(3000) + f"{n}".encode(),
        # deeply nested multiparts
        lambda n: _nested(n, depth=120),
        # absurd headers: very long, very many, NUL bytes, no From
        lambda n: (
            _headers(
                f"From: {attacker}",
                f"Message-ID: <long-{n}@x>",
                "Subject: " + "A" * 200_000,
                *(f"X-Many-{i}: {i}" for i in range(2000)),
                "",
            )
            + b"Partie\x00227\x00\r\n"
        ),
        lambda n: _headers(
            f"Message-ID: <{'<' * 40}{n}@@@>",
            "From: <>",
            "Date: yesterday-ish",
            "",
            f"Game 227 Player 99 Password {n}",
        ),
    ]
    mails = [makers[n % len(makers)](n) for n in range(count)]
    for n in (7, 250, 420):  # three 10 MB attachments
        mails[n] = order_mail(
            attacker,
            "Partie 227 Spieler 3 Kennwort falsch\nHP=1",
            to=to,
            subject=f"Auswertung {n}",
            attachment=os.urandom(10_000_000),
        )
    return mails


def _nested(n: int, depth: int) -> bytes:
    head = _headers("From: attacker@test.example", f"Message-ID: <nested-{n}@x>")
    parts = b""
    for level in range(depth):
        parts += (
            f'Content-Type: multipart/mixed; boundary="b{level}"\r\n\r\n--b{level}\r\n'.encode()
        )
    parts += b"Content-Type: text/plain\r\n\r\nHP=1\r\n"
    for level in reversed(range(depth)):
        parts += f"--b{level}--\r\n".encode()
    return head + parts


def test_500_hostile_mails_crash_nothing_and_disturb_nothing(
    started: OwnGame, mailstack: MailStack
) -> None:
    server, alice = started.server, started.alice
    victim = mailstack.new_user("victim")
    hostile = hostile_mails(500, server.address, victim.address)
    middle = orders(alice, server, "2/15/1/21")
    last = orders(alice, server, "HP=10")

    server.deliver_bulk(hostile[:250])
    server.send(middle)
    server.deliver_bulk(hostile[250:])
    server.send(last)

    wait_answer(mailstack, alice, message_id(middle), timeout=60)
    text = body(wait_answer(mailstack, alice, message_id(last), timeout=60))
    assert "entfällt: Flug: 15 FI, 1 TR von 2 (Crab) nach 21 (Beyond)" in text
    settle(server, 502, timeout=60)
    assert server.alive

    rows = server.query(inbound_rows)
    assert len(rows) == 502
    statuses = Counter(r.status for r in rows)
    assert statuses[InboundStatus.RECEIVED] == 0
    assert statuses[InboundStatus.ERROR] == 0, [r.reason for r in rows if r.reason][:5]
    assert statuses[InboundStatus.PROCESSED] == 2
    # What is kept of a mail is bounded: headers and the order text, never the 10 MB
    # attachments (thirty 10 MB mails once made a 415 MB database).
    assert max(len(r.raw) for r in rows) < 200_000
    submissions = server.query(lambda s: s.exec(select(func.count()).select_from(Submission)))
    assert submissions.one() == 2
    assert mailstack.fetch_all(victim.address, victim.password) == []
    assert [m["In-Reply-To"] for m in mailbox(mailstack, alice)] == [
        message_id(middle),
        message_id(last),
    ]
    assert server.errors_logged() == []


def test_an_address_in_a_folded_display_name_is_not_taken_for_the_sender(
    started: OwnGame, mailstack: MailStack
) -> None:
    server = started.server
    attacker, victim = mailstack.new_user("attacker"), mailstack.new_user("victim")
    raw = _headers(
        f'From: "Evil\r\n Bcc: {victim.address}" <{attacker.address}>',
        f"To: {server.address}",
        f"Message-ID: {make_msgid(domain='attacker.example')}",
        "",
        "Hallo, spielt ihr?",
    )
    server.send(raw, sender=attacker.address)
    barrier = orders(started.alice, server, "HP=2")
    server.send(barrier)
    wait_answer(mailstack, started.alice, message_id(barrier))
    settle(server, 2)

    assert mailstack.fetch_all(victim.address, victim.password) == []
    (explanation,) = mailstack.fetch_all(attacker.address, attacker.password)
    assert explanation["In-Reply-To"] == message_id(raw)


# -------------------------------------------------------------------------- SIGTERM


def test_sigterm_while_idle_exits_cleanly(
    started: OwnGame,
) -> None:
    server = started.server
    assert server.terminate(timeout=15) == 0
    assert server.count_log("service stopped") == 1
    assert server.errors_logged() == []


def test_sigterm_with_mail_in_hand_exits_cleanly_and_loses_nothing(
    started: OwnGame, mailstack: MailStack
) -> None:
    server, alice = started.server, started.alice
    sent = [orders(alice, server, f"HP={n}") for n in range(1, 41)]
    server.deliver_bulk(sent)
    server.wait_for_log("mail uid 3 handled")

    assert server.terminate(timeout=15) == 0
    assert server.count_log("service stopped") == 1
    handled_first = server.query(lambda s: len(inbound_rows(s)))
    assert 3 <= handled_first < len(sent)  # it stopped in the middle of the queue

    server.start()
    settle(server, len(sent), timeout=60)
    rows = server.query(inbound_rows)
    assert sorted(r.message_id for r in rows) == sorted(stored_id(r) for r in sent)
    assert {r.status for r in rows} == {InboundStatus.PROCESSED}
    answers = Counter(m["In-Reply-To"] for m in mailbox(mailstack, alice))
    assert answers == {message_id(r): 1 for r in sent}
    latest = alices_orders(server)
    assert latest is not None and latest.orders[0]["planet"] == 40
    assert server.terminate() == 0
