"""The IMAP poller against a real Dovecot: catch-up, IDLE, failures, reconnects, moves."""

from __future__ import annotations

import asyncio
import email
import email.policy
import itertools
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from config.settings import ImapSettings
from mailserver.inbound.handover import GROUP, FetchedMail, MemoryUidStore, UidStore
from mailserver.inbound.imap import ImapPoller
from tests.mailstack import MailStack, MailUser, StoredMail
from tests.pollers import polling

pytestmark = pytest.mark.timeout(30)

KEYWORD = "$PbemDone"


def raw_mail(subject: str, to: str = "pbem@test.example") -> bytes:
    """A minimal player mail; the subject doubles as its name in assertions."""
    msgid = subject.replace(" ", "-")
    return (
        f"From: player@test.example\r\nTo: {to}\r\nSubject: {subject}\r\n"
        f"Message-ID: <{msgid}@test.example>\r\n\r\nOrders of {subject}\r\n"
    ).encode()


def deliver(mailstack: MailStack, user: MailUser, *subjects: str) -> None:
    """One :func:`raw_mail` a subject into ``user``'s INBOX, in this order."""
    for subject in subjects:
        mailstack.deliver(raw_mail(subject), user.address)


def subject_of(mail: FetchedMail) -> str:
    """The Subject of a handed-over mail."""
    return str(email.message_from_bytes(mail.raw, policy=email.policy.default)["Subject"])


class Recorder:
    """A mail handler that records what it was given and can be told to fail."""

    def __init__(self, fail: Callable[[str, int], bool] = lambda subject, attempt: False):
        self.mails: list[FetchedMail] = []
        self.attempts: dict[str, list[float]] = {}
        self._fail = fail
        self._changed = asyncio.Event()

    @property
    def subjects(self) -> list[str]:
        return [subject_of(m) for m in self.mails]

    async def __call__(self, mail: FetchedMail) -> None:
        subject = subject_of(mail)
        tries = self.attempts.setdefault(subject, [])
        tries.append(time.monotonic())
        self._changed.set()
        if self._fail(subject, len(tries)):
            raise RuntimeError(f"handler refuses {subject!r}")
        self.mails.append(mail)

    async def wait_until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        """Wait (re-checking after every handler call) until the condition holds."""
        async with asyncio.timeout(timeout):
            while not condition():
                self._changed.clear()
                await self._changed.wait()


def settings_for(stack: MailStack, user: MailUser, **overrides: Any) -> ImapSettings:
    """Settings for the user's mailbox on the stack."""
    values: dict[str, Any] = {
        "host": stack.host,
        "port": stack.imap_port,
        "user": user.address,
        "password": user.password,
        "timeout_seconds": 5,
    }
    values.update(overrides)
    return ImapSettings(**values)


def fast_poller(
    settings: ImapSettings,
    handler: Callable[[FetchedMail], Awaitable[None]],
    store: UidStore | None = None,
) -> ImapPoller:
    """A poller with test-sized reconnect and retry delays."""
    return ImapPoller(
        settings,
        store if store is not None else MemoryUidStore(),
        handler,
        reconnect_base=0.1,
        reconnect_cap=0.5,
        retry_base=0.2,
        retry_cap=0.4,
    )


async def until_status(poller: ImapPoller, status: str, timeout: float = 10.0) -> None:
    """Wait until the poller reports the status."""
    async with asyncio.timeout(timeout):
        while poller.status != status:
            await asyncio.sleep(0.02)


def flagged(mails: list[StoredMail]) -> list[bool]:
    """Per mail: does it carry the processed keyword and \\Seen?"""
    return [KEYWORD in m.flags and "\\Seen" in m.flags for m in mails]


async def test_catch_up_hands_over_every_waiting_mail_once_then_flags_it(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    subjects = [f"early {n}" for n in range(5)]
    deliver(mailstack, mail_user, *subjects)
    store = MemoryUidStore()
    recorder = Recorder()
    settings = settings_for(mailstack, mail_user, batch=2)  # three FETCH batches
    poller = fast_poller(settings, recorder, store)
    async with polling(poller):
        await recorder.wait_until(lambda: len(recorder.mails) == 5)
        await until_status(poller, "idle")
    assert recorder.subjects == subjects
    assert [m.uid for m in recorder.mails] == [1, 2, 3, 4, 5]
    assert len({m.uidvalidity for m in recorder.mails}) == 1
    assert recorder.mails[0].raw.endswith(b"Orders of early 0\r\n")
    mails = mailstack.list_mail(mail_user.address, mail_user.password)
    assert flagged(mails) == [True] * 5
    assert store.state["INBOX"] == (recorder.mails[0].uidvalidity, 5)

    # Neither the same watermark nor a lost one (the keyword) hands anything over again.
    for second_store in (store, MemoryUidStore()):
        again = Recorder()
        second = fast_poller(settings, again, second_store)
        async with polling(second):
            await until_status(second, "idle")
        assert again.mails == []


class Preparing(Recorder):
    """A recorder with ``prefetch``: notes which mails were prefetched at each hand-over."""

    def __init__(self) -> None:
        super().__init__()
        self.prefetched: list[int] = []
        self.prefetched_at_handover: dict[int, set[int]] = {}

    def prefetch(self, mail: FetchedMail) -> None:
        self.prefetched.append(mail.uid)

    async def __call__(self, mail: FetchedMail) -> None:
        self.prefetched_at_handover[mail.uid] = set(self.prefetched)
        await super().__call__(mail)


async def test_the_next_two_mails_of_a_batch_are_prefetched_before_a_hand_over(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    deliver(mailstack, mail_user, *(f"batch {n}" for n in range(4)))
    preparing = Preparing()
    poller = fast_poller(settings_for(mailstack, mail_user), preparing)
    async with polling(poller):
        await preparing.wait_until(lambda: len(preparing.mails) == 4)
    assert preparing.prefetched_at_handover == {1: {2, 3}, 2: {2, 3, 4}, 3: {2, 3, 4}, 4: {2, 3, 4}}


class Grouping(Recorder):
    """A recorder with ``many``: notes each group and which mails were flagged when it
    was handed over. A group with a mail that fails is refused whole (as a rolled-back
    transaction)."""

    def __init__(self, stack: MailStack, user: MailUser, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.stack, self.user = stack, user
        self.groups: list[list[str]] = []
        self.flagged_before: list[list[bool]] = []

    async def many(self, mails: list[FetchedMail]) -> None:
        listed = await asyncio.to_thread(
            self.stack.list_mail, self.user.address, self.user.password
        )
        self.flagged_before.append(flagged(listed))
        subjects = [subject_of(m) for m in mails]
        self.groups.append(subjects)
        self._changed.set()
        for subject in subjects:
            tries = self.attempts.setdefault(subject, [])
            tries.append(time.monotonic())
            if self._fail(subject, len(tries)):
                raise RuntimeError(f"handler refuses {subject!r}")
        self.mails.extend(mails)


async def test_a_handler_that_takes_groups_gets_up_to_four_mails_at_once_flagged_after(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    subjects = [f"group {n}" for n in range(6)]
    deliver(mailstack, mail_user, *subjects)
    grouping = Grouping(mailstack, mail_user)
    poller = fast_poller(settings_for(mailstack, mail_user), grouping)
    async with polling(poller):
        await grouping.wait_until(lambda: len(grouping.mails) == 6)
        await until_status(poller, "idle")
    assert grouping.groups == [subjects[:GROUP], subjects[GROUP:]]
    # The second group met the first one flagged: flags follow each group's hand-over.
    assert grouping.flagged_before == [[False] * 6, [True] * GROUP + [False] * 2]
    assert flagged(mailstack.list_mail(mail_user.address, mail_user.password)) == [True] * 6


async def test_a_group_that_fails_is_handed_over_one_by_one_and_only_the_bad_mail_waits(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    subjects = [f"mixed {n}" for n in range(3)]
    deliver(mailstack, mail_user, *subjects)
    # "mixed 1" fails in the group and once more alone, then goes through.
    grouping = Grouping(
        mailstack, mail_user, fail=lambda subject, attempt: subject == "mixed 1" and attempt <= 2
    )
    poller = fast_poller(settings_for(mailstack, mail_user), grouping)
    async with polling(poller):
        await grouping.wait_until(lambda: len(grouping.mails) == 3)
        await mailstack.async_wait_for(
            mail_user.address, mail_user.password, lambda ms: flagged(ms) == [True] * 3
        )
    assert grouping.groups == [subjects, ["mixed 0"], ["mixed 1"], ["mixed 2"], ["mixed 1"]]
    # The others went through at once; only "mixed 1" waited for its retry.
    assert grouping.subjects == ["mixed 0", "mixed 2", "mixed 1"]


async def test_mail_arriving_during_idle_is_handed_over(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    recorder = Recorder()
    poller = fast_poller(settings_for(mailstack, mail_user), recorder)
    async with polling(poller):
        await until_status(poller, "idle")
        await asyncio.to_thread(mailstack.deliver, raw_mail("pushed"), mail_user.address)
        # idle_seconds is 540: only the IDLE push can deliver it within the timeout.
        await recorder.wait_until(lambda: len(recorder.mails) == 1, timeout=5)
        await mailstack.async_wait_for(
            mail_user.address, mail_user.password, lambda ms: flagged(ms) == [True]
        )
    assert recorder.subjects == ["pushed"]


async def test_mail_arriving_while_another_is_handled_is_not_left_waiting(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    # The second mail lands while the first is handled; Dovecot announces it once, in
    # the answer to the STORE that flags the first mail, never again during IDLE.
    async def deliver_next(mail: FetchedMail) -> None:
        if subject_of(mail) == "first":
            await asyncio.to_thread(mailstack.deliver, raw_mail("second"), mail_user.address)

    recorder = Recorder()

    async def handler(mail: FetchedMail) -> None:
        await deliver_next(mail)
        await recorder(mail)

    deliver(mailstack, mail_user, "first")
    poller = fast_poller(settings_for(mailstack, mail_user), handler)
    async with polling(poller):
        await recorder.wait_until(lambda: len(recorder.mails) == 2, timeout=5)
    assert recorder.subjects == ["first", "second"]


async def test_failing_handler_leaves_mail_unflagged_and_retries_with_backoff(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    allowed = asyncio.Event()
    recorder = Recorder(fail=lambda subject, attempt: subject == "bad" and not allowed.is_set())
    store = MemoryUidStore()
    deliver(mailstack, mail_user, "bad", "good")
    poller = fast_poller(settings_for(mailstack, mail_user), recorder, store)
    async with polling(poller):
        await recorder.wait_until(lambda: len(recorder.attempts.get("bad", [])) >= 3)
        mails = await asyncio.to_thread(mailstack.list_mail, mail_user.address, mail_user.password)
        # The good mail is done; the bad one is not, and holds the watermark back.
        assert [m.message["Subject"] for m in mails] == ["bad", "good"]
        assert flagged(mails) == [False, True]
        assert store.state["INBOX"][1] == 0
        allowed.set()
        await recorder.wait_until(lambda: "bad" in recorder.subjects)
        await mailstack.async_wait_for(
            mail_user.address, mail_user.password, lambda ms: flagged(ms) == [True, True]
        )
    assert recorder.subjects == ["good", "bad"]
    assert len(recorder.attempts["good"]) == 1
    tries = recorder.attempts["bad"]
    # Backed off (retry_base 0.2 s, equal jitter: at least 0.1 s), not retried in a loop.
    assert min(b - a for a, b in itertools.pairwise(tries)) >= 0.09
    assert store.state["INBOX"][1] == 2


async def test_uidvalidity_change_while_running_hands_everything_over_again(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    user, folder = mail_user, "Orders"
    mailstack.create_mailbox(user.address, user.password, folder)
    for n in range(3):
        mailstack.append(user.address, user.password, raw_mail(f"order {n}"), folder)
    recorder = Recorder()
    store = MemoryUidStore()
    poller = fast_poller(settings_for(mailstack, user, mailbox=folder), recorder, store)
    async with polling(poller):
        await recorder.wait_until(lambda: len(recorder.mails) == 3)
        await until_status(poller, "idle")
        first_validity = store.state[folder][0]
        # Recreated under the idling poller, with the same mails in it (new UIDVALIDITY).
        await asyncio.to_thread(mailstack.delete_mailbox, user.address, user.password, folder)
        await asyncio.to_thread(mailstack.create_mailbox, user.address, user.password, folder)
        for n in range(3):
            await asyncio.to_thread(
                mailstack.append, user.address, user.password, raw_mail(f"order {n}"), folder
            )
        await recorder.wait_until(lambda: len(recorder.mails) == 6)
    assert recorder.subjects == [f"order {n}" for n in range(3)] * 2
    assert [m.uid for m in recorder.mails[3:]] == [1, 2, 3]
    assert {m.uidvalidity for m in recorder.mails[3:]} == {store.state[folder][0]}
    assert store.state[folder][0] != first_validity
    assert store.state[folder][1] == 3


async def test_uidvalidity_change_between_runs_resets_the_watermark(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    deliver(mailstack, mail_user, "kept")
    store = MemoryUidStore()
    # What a database might hold from a mailbox that no longer exists: its UIDs are void.
    await store.save("INBOX", 1, 99)
    recorder = Recorder()
    poller = fast_poller(settings_for(mailstack, mail_user), recorder, store)
    async with polling(poller):
        await recorder.wait_until(lambda: len(recorder.mails) == 1)
    assert recorder.subjects == ["kept"]
    assert store.state["INBOX"] == (recorder.mails[0].uidvalidity, 1)


@pytest.mark.timeout(40)
async def test_reconnects_after_dovecot_restart_and_catches_up(
    private_mailstack: MailStack,
) -> None:
    stack = private_mailstack
    user = stack.new_user()
    recorder = Recorder()
    poller = fast_poller(settings_for(stack, user), recorder)
    async with polling(poller):
        await until_status(poller, "idle")
        await asyncio.to_thread(stack.stop)
        await until_status(poller, "backoff")
        await asyncio.to_thread(stack.start)
        # Arrives while the poller is still (or again) out of touch.
        await asyncio.to_thread(stack.deliver, raw_mail("during outage"), user.address)
        await recorder.wait_until(lambda: len(recorder.mails) == 1, timeout=15)
        await until_status(poller, "idle")
    assert recorder.subjects == ["during outage"]
    assert poller.reconnects >= 1
    assert flagged(stack.list_mail(user.address, user.password)) == [True]


async def test_implicit_tls_with_a_verified_certificate(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    deliver(mailstack, mail_user, "over tls")
    settings = settings_for(mailstack, mail_user, port=mailstack.imaps_port, ssl=True)
    recorder = Recorder()
    poller = ImapPoller(
        settings, MemoryUidStore(), recorder, ssl_context=mailstack.client_ssl_context()
    )
    async with polling(poller):
        await recorder.wait_until(lambda: len(recorder.mails) == 1)
    assert recorder.subjects == ["over tls"]


def test_starttls_is_refused_with_a_clear_message(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    settings = settings_for(mailstack, mail_user, starttls=True)
    with pytest.raises(ValueError, match="STARTTLS"):
        ImapPoller(settings, MemoryUidStore(), Recorder())


async def test_move_to_moves_processed_mails_with_their_flags(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    deliver(mailstack, mail_user, "to move 0", "to move 1")
    recorder = Recorder()
    poller = fast_poller(settings_for(mailstack, mail_user, move_to="Erledigt"), recorder)
    async with polling(poller):
        await recorder.wait_until(lambda: len(recorder.mails) == 2)
        await until_status(poller, "idle")
    assert mailstack.fetch_all(mail_user.address, mail_user.password) == []
    moved = mailstack.list_mail(mail_user.address, mail_user.password, "Erledigt")
    assert [m.message["Subject"] for m in moved] == ["to move 0", "to move 1"]
    assert flagged(moved) == [True, True]


@pytest.mark.timeout(40)
async def test_without_idle_and_move_it_polls_and_copies(
    mailstack_factory: Callable[..., MailStack],
) -> None:
    stack = mailstack_factory("imap_capability = IMAP4rev1 UIDPLUS\n")
    user = stack.new_user()
    stack.deliver(raw_mail("waiting"), user.address)
    recorder = Recorder()
    settings = settings_for(stack, user, move_to="Done", poll_seconds=1)
    poller = fast_poller(settings, recorder)
    async with polling(poller):
        await recorder.wait_until(lambda: len(recorder.mails) == 1)
        await until_status(poller, "polling")
        await asyncio.to_thread(stack.deliver, raw_mail("polled"), user.address)
        await recorder.wait_until(lambda: len(recorder.mails) == 2, timeout=5)
        await until_status(poller, "polling")
    assert recorder.subjects == ["waiting", "polled"]
    assert stack.fetch_all(user.address, user.password) == []  # copied, deleted, expunged
    done = stack.list_mail(user.address, user.password, "Done")
    assert [m.message["Subject"] for m in done] == ["waiting", "polled"]
    assert flagged(done) == [True, True]


async def test_stop_finishes_the_current_mail_and_leaves_the_rest(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    deliver(mailstack, mail_user, "current", "later")
    recorder = Recorder()
    poller: ImapPoller

    async def handler(mail: FetchedMail) -> None:
        poller.stop()
        await asyncio.sleep(0.2)  # still busy when stop() came
        await recorder(mail)

    poller = fast_poller(settings_for(mailstack, mail_user), handler)
    await asyncio.wait_for(poller.run(), 10)
    assert poller.status == "stopped"
    assert recorder.subjects == ["current"]
    assert flagged(mailstack.list_mail(mail_user.address, mail_user.password)) == [True, False]


async def test_silent_server_times_out_and_is_retried_without_hanging() -> None:
    connections = 0

    async def say_nothing(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal connections
        connections += 1
        await reader.read()  # until the client gives up and closes
        writer.close()

    server = await asyncio.start_server(say_nothing, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    settings = ImapSettings(host="127.0.0.1", port=port, user="u", password="p", timeout_seconds=1)
    recorder = Recorder()
    poller = fast_poller(settings, recorder)
    async with server:
        task = asyncio.create_task(poller.run())
        async with asyncio.timeout(5):
            while connections < 2:  # the first attempt timed out (1 s), a second began
                await asyncio.sleep(0.02)
        poller.stop()
        await asyncio.wait_for(task, 0.5)  # not held up by the silent greeting
    assert connections >= 2
    assert poller.reconnects >= 1
    assert recorder.mails == []
    assert poller.status == "stopped"


async def test_a_mail_over_the_limit_is_handed_over_as_its_first_bytes_with_its_size(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    """Thirty 10 MB mails must not be held in memory at once."""
    big = raw_mail("big one") + b"x" * 300_000 + b"\r\n"
    deliver(mailstack, mail_user, "small before")
    mailstack.deliver(big, mail_user.address)
    deliver(mailstack, mail_user, "small after")
    recorder = Recorder()
    poller = ImapPoller(
        settings_for(mailstack, mail_user),
        MemoryUidStore(),
        recorder,
        reconnect_base=0.1,
        reconnect_cap=0.5,
        max_mail_bytes=100_000,
    )
    async with polling(poller):
        await recorder.wait_until(lambda: len(recorder.mails) == 3)
    assert recorder.subjects == ["small before", "big one", "small after"]
    small, huge = recorder.mails[0], recorder.mails[1]
    assert small.size is None and small.raw.endswith(b"Orders of small before\r\n")
    assert huge.size is not None and huge.size >= 300_000
    # Its first max_mail_bytes: the text at its start is there, the rest is not.
    assert len(huge.raw) == 100_000 and b"Orders of big one" in huge.raw
    assert flagged(mailstack.list_mail(mail_user.address, mail_user.password)) == [True] * 3
