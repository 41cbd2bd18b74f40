"""The local mail stack of ``pbem demo``, both kinds: SMTP in, IMAP out with our own poller.

The embedded kind (pymap in the event loop) always runs; the Dovecot kind runs wherever
Dovecot is installed (CI installs it). Mail goes in through :class:`SmtpTransport` and
comes out through :class:`ImapPoller` (IDLE wake-up, processed keyword, catch-up after a
poller restart), through a plain ``imaplib`` client, and from disk via ``mailbox()``.
"""

from __future__ import annotations

import asyncio
import contextlib
import email
import email.policy
import imaplib
import itertools
import os
import re
import shutil
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from mailserver.app.localmail import LocalMail, dovecot_available
from mailserver.inbound.handover import FetchedMail, MemoryUidStore
from mailserver.inbound.imap import ImapPoller
from mailserver.outbound.smtp import SmtpRejected, SmtpTransport, build_message
from tests.pollers import polling

pytestmark = pytest.mark.timeout(60)

KINDS = ["embedded", *(["dovecot"] if dovecot_available() else [])]
GAME = "game@pbem.test"
_ids = itertools.count(1)


@pytest.fixture(params=KINDS)
async def mail(request: pytest.FixtureRequest) -> AsyncIterator[LocalMail]:
    """A running local stack of the parametrised kind with the game mailbox and two players."""
    stack = LocalMail(kind=request.param, remove_on_stop=True)
    stack.add_user(GAME, "game-secret")
    stack.add_user("alice@pbem.test", "alice-secret")
    async with stack:
        stack.add_user("Bob@pbem.test", "bob-secret")  # added while running
        yield stack


async def send(mail: LocalMail, sender: str, to: str | list[str], subject: str) -> None:
    """One plain mail through the stack's SMTP listener."""
    transport = SmtpTransport(mail.smtp_settings(sender))
    try:
        await transport.send(
            build_message(
                from_addr=sender,
                from_name="",
                to=to,
                subject=subject,
                body=f"Befehle für {subject}\n",
                message_id=f"<m{next(_ids)}@pbem.test>",
            )
        )
    finally:
        await transport.close()


async def wait_until(
    condition: Callable[[], bool | Awaitable[bool]], timeout: float = 10.0
) -> None:
    """Return once ``condition()`` (or its awaited result) holds; AssertionError on timeout."""
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if not isinstance(result, bool):
            result = await result
        if result:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        await asyncio.sleep(0.02)


async def all_processed(mail: LocalMail, address: str) -> bool:
    """Every INBOX message carries the processed keyword (asked over IMAP, in a thread)."""
    flags = await asyncio.to_thread(imap_flags, mail, address)
    return all(mail.processed_keyword in f for f in flags.values())


def imap_flags(mail: LocalMail, address: str) -> dict[str, set[str]]:
    """Subject -> flags of every INBOX message, read with the standard library client."""
    conn = imaplib.IMAP4(mail.imap_host, mail.imap_port, timeout=10)
    try:
        conn.login(address, mail.users[address.lower()])
        conn.select("INBOX", readonly=True)
        typ, data = conn.uid("FETCH", "1:*", "(FLAGS BODY.PEEK[HEADER.FIELDS (SUBJECT)])")
        assert typ == "OK", data
    finally:
        conn.logout()
    found: dict[str, set[str]] = {}
    for item in data:
        if isinstance(item, tuple):
            flags = re.search(rb"FLAGS \(([^)]*)\)", item[0])
            assert flags is not None, item
            subject = email.message_from_bytes(item[1], policy=email.policy.default)["Subject"]
            found[str(subject)] = set(flags[1].decode().split())
    return found


class Handler:
    """Records the subjects of handed-over mails."""

    def __init__(self) -> None:
        self.subjects: list[str] = []

    async def __call__(self, fetched: FetchedMail) -> None:
        message = email.message_from_bytes(fetched.raw, policy=email.policy.default)
        self.subjects.append(str(message["Subject"]))


async def test_smtp_delivers_to_every_recipient_and_mailbox_reads_it(mail: LocalMail) -> None:
    await send(mail, "alice@pbem.test", [GAME, "bob@pbem.test"], "Zug 1")
    await send(mail, "bob@pbem.test", GAME, "Zug 2")

    assert [m["Subject"] for m in mail.mailbox(GAME)] == ["Zug 1", "Zug 2"]
    bob = mail.mailbox("BOB@pbem.test")
    assert [m["Subject"] for m in bob] == ["Zug 1"]
    assert bob[0].get_content() == "Befehle für Zug 1\n"
    assert mail.mailbox("alice@pbem.test") == []
    # What IMAP clients see is the same mail.
    flags = await asyncio.to_thread(imap_flags, mail, GAME)
    assert sorted(flags) == ["Zug 1", "Zug 2"]


async def test_unknown_recipient_is_refused(mail: LocalMail) -> None:
    with pytest.raises(SmtpRejected) as refused:
        await send(mail, "alice@pbem.test", "nobody@pbem.test", "lost")
    assert refused.value.code == 550
    assert refused.value.permanent


async def test_wrong_password_is_refused(mail: LocalMail) -> None:
    def login() -> None:
        conn = imaplib.IMAP4(mail.imap_host, mail.imap_port, timeout=10)
        try:
            conn.login(GAME, "not-the-password")
        finally:
            with contextlib.suppress(imaplib.IMAP4.error, OSError):
                conn.logout()

    with pytest.raises(imaplib.IMAP4.error):
        await asyncio.to_thread(login)


async def test_poller_wakes_on_idle_flags_and_catches_up_after_restart(mail: LocalMail) -> None:
    # Polling every 10 minutes: only an IDLE push can bring a mail in within seconds.
    settings = mail.imap_settings(GAME).model_copy(update={"poll_seconds": 600})
    store = MemoryUidStore()
    handler = Handler()

    await send(mail, "alice@pbem.test", GAME, "vorher")
    async with polling(ImapPoller(settings, store, handler), 15) as poller:
        await wait_until(lambda: handler.subjects == ["vorher"])
        await wait_until(lambda: poller.status == "idle")
        await send(mail, "bob@pbem.test", GAME, "während IDLE")
        await wait_until(lambda: handler.subjects == ["vorher", "während IDLE"])
        await wait_until(lambda: all_processed(mail, GAME))

    # Mail that comes while no poller runs is caught up by the next one, and only that.
    await send(mail, "alice@pbem.test", GAME, "nachher 1")
    await send(mail, "alice@pbem.test", GAME, "nachher 2")
    flags = await asyncio.to_thread(imap_flags, mail, GAME)
    assert "$PbemDone" not in flags["nachher 1"]
    async with polling(ImapPoller(settings, store, handler), 15):
        await wait_until(lambda: len(handler.subjects) == 4)
        await wait_until(lambda: all_processed(mail, GAME))
    assert handler.subjects == ["vorher", "während IDLE", "nachher 1", "nachher 2"]

    # A poller that has forgotten every UID still skips what carries the keyword.
    fresh = Handler()
    async with polling(ImapPoller(settings, MemoryUidStore(), fresh), 15) as poller:
        await wait_until(lambda: poller.status == "idle")
    assert fresh.subjects == []


async def test_move_to_folder(mail: LocalMail) -> None:
    settings = mail.imap_settings(GAME).model_copy(update={"move_to": "Erledigt"})
    handler = Handler()
    await send(mail, "alice@pbem.test", GAME, "verschieben")
    async with polling(ImapPoller(settings, MemoryUidStore(), handler), 15):
        await wait_until(lambda: handler.subjects == ["verschieben"])
        await wait_until(lambda: mail.mailbox(GAME) == [])


async def test_instructions_name_ports_users_and_passwords(mail: LocalMail) -> None:
    text = mail.client_instructions()
    assert f"port {mail.imap_port}" in text
    assert f"port {mail.smtp_port}" in text
    assert mail.kind in text
    for address, password in [
        (GAME, "game-secret"),
        ("alice@pbem.test", "alice-secret"),
        ("bob@pbem.test", "bob-secret"),
    ]:
        assert re.search(rf"{re.escape(address)}\s+password {password}", text), text
    assert str(mail.maildir(GAME)) in text


@pytest.mark.parametrize("kind", KINDS)
async def test_mail_and_users_survive_a_restart_on_the_same_directory(kind: str) -> None:
    first = LocalMail(kind=kind)  # type: ignore[arg-type]
    directory = first.directory
    try:
        first.add_user(GAME, "game-secret")
        async with first:
            await send(first, "x@elsewhere.test", GAME, "bleibt")
        assert [m["Subject"] for m in first.mailbox(GAME)] == ["bleibt"]  # stopped: from disk

        second = LocalMail(directory, kind=kind)  # type: ignore[arg-type]
        assert second.users == {GAME: "game-secret"}
        async with second:
            assert second.imap_port != first.imap_port or second.smtp_port != first.smtp_port
            await send(second, "x@elsewhere.test", GAME, "neu")
            flags = await asyncio.to_thread(imap_flags, second, GAME)
        assert sorted(flags) == ["bleibt", "neu"]
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def test_auto_prefers_dovecot_when_installed(tmp_path: Path) -> None:
    assert LocalMail(tmp_path, kind="auto").kind == (
        "dovecot" if dovecot_available() else "embedded"
    )
    assert LocalMail(tmp_path, kind="embedded").kind == "embedded"


def test_unusable_credentials_are_refused(tmp_path: Path) -> None:
    stack = LocalMail(tmp_path, kind="embedded")
    for address, password in [
        ("no-at-sign", "pw"),
        ("a@b.test", "pw:with:colons"),
        ("a@b.test", ""),
    ]:
        with pytest.raises(ValueError):
            stack.add_user(address, password)
    assert stack.users == {}


async def test_auto_falls_back_to_embedded_where_dovecot_cannot_reach(tmp_path: Path) -> None:
    # pytest's tmp_path lies in a 0700 folder of the user running the tests: as root, the
    # `vmail` user Dovecot needs cannot enter it, and "auto" must still give working mail.
    expected = "dovecot" if dovecot_available() and os.geteuid() != 0 else "embedded"
    async with LocalMail(tmp_path / "mail", kind="auto") as stack:
        stack.add_user(GAME, "game-secret")
        await send(stack, "x@elsewhere.test", GAME, "trotzdem")
        assert stack.kind == expected
        flags = await asyncio.to_thread(imap_flags, stack, GAME)
    assert list(flags) == ["trotzdem"]


async def test_a_mail_server_that_is_not_there_is_said_once_in_words(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # `pbem serve` without an IMAP server logged a warning at every
    # attempt, forever. Now: one sentence, then quiet tries, and word when it answers.
    stack = LocalMail(tmp_path / "mail", kind="embedded")
    stack.add_user(GAME, "game-secret")
    settings = stack.imap_settings(GAME)
    poller = ImapPoller(
        settings, MemoryUidStore(), Handler(), reconnect_base=0.05, reconnect_cap=0.1
    )
    caplog.set_level("DEBUG", logger="pbem.imap")
    try:
        async with polling(poller, 15):
            await wait_until(lambda: poller.reconnects >= 5)
            warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
            assert warnings == [
                f"cannot reach IMAP at 127.0.0.1:{settings.port} — is the mail server "
                "running? (connection refused; trying again, at the latest every 0.1 s)"
            ]
            await stack.start()
            await wait_until(lambda: poller.status == "idle")
    finally:
        await stack.stop()
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings[1:] == [f"IMAP at 127.0.0.1:{settings.port} answers again"]


async def test_a_muttrc_reads_and_sends_on_loopback_without_tls(
    mail: LocalMail, tmp_path: Path
) -> None:
    # Debian's mutt insists on TLS ("Encrypted connection unavailable")
    # and had no way to send; the file says what the local stack needs, for its owner only.
    path = mail.write_muttrc("alice@pbem.test", tmp_path / "alice.muttrc", "Alice")
    text = path.read_text()
    assert path.stat().st_mode & 0o777 == 0o600
    for line in [
        'set from = "alice@pbem.test"',
        'set realname = "Alice"',
        'set imap_user = "alice@pbem.test"',
        'set imap_pass = "alice-secret"',
        f'set folder = "imap://127.0.0.1:{mail.imap_port}/"',
        'set spoolfile = "+INBOX"',
        f'set smtp_url = "smtp://127.0.0.1:{mail.smtp_port}/"',
        "set ssl_force_tls = no",
        "set ssl_starttls = no",
    ]:
        assert line in text.splitlines()
    assert f"  mutt -F {path}" in mail.client_instructions()
