"""What the IMAP poller hands over, and to whom: the fetched mail, the handler's contract
(one mail, or a group of them, and the read-ahead), and where the last processed UID is
kept. The poller itself is :mod:`mailserver.inbound.imap`; the service's handler is
:class:`mailserver.app.service.MailHandler`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, TypedDict

PREFETCH_AHEAD = 2
"""Mails of a batch given to a handler's ``prefetch`` before the current one is handed
over, when the handler takes one mail at a time: with only the next one, its preparation
competed with the commit before it for the interpreter and was often not done when its
turn came. A handler that takes groups is given the next group."""
GROUP = 4
"""At most this many mails of a fetched batch go to the handler's ``many`` at once: in a
burst, one thread hand-over, one write transaction and one flag command serve four mails
(docs/performance.md, "Mails in groups")."""


class MailPlace(TypedDict):
    """A mail's mailbox, the mailbox's UIDVALIDITY and the mail's UID there."""

    mailbox: str
    uidvalidity: int
    uid: int


@dataclass(frozen=True, slots=True)
class FetchedMail:
    """One mail as read from the server, exactly as stored there."""

    mailbox: str
    uidvalidity: int
    uid: int
    raw: bytes
    size: int | None = None
    """The mail's size on the server when only its start was fetched (over the limit)."""

    def place(self) -> MailPlace:
        """Where the mail lies on the server, as its record keeps it (``**mail.place()``
        into :func:`~mailserver.inbound.intake.process_mail` or
        :func:`db.repo.record_inbound_mail`)."""
        return {"mailbox": self.mailbox, "uidvalidity": self.uidvalidity, "uid": self.uid}


MailHandler = Callable[[FetchedMail], Awaitable[None]]
"""Takes over one mail; returns only after everything it caused is committed.

A handler may also have ``many(mails)`` (:data:`ManyHandler`): the poller then hands over
up to :data:`GROUP` mails of a fetched batch at once, and flags them with one command. And
it may have ``prefetch(mail)``: the poller calls it with the next group's mails before it
hands over the current one, so that work needing no lock (reading the order text, password
hashing) overlaps the commit before. It must not change anything lasting, and it may be
called more than once for a mail.
"""

ManyHandler = Callable[[list[FetchedMail]], Awaitable[None]]
"""Takes over several mails; returns only after each and everything it caused is
committed, or raises (the poller then hands them over again one by one)."""


class UidStore(Protocol):
    """Where the poller keeps a mailbox's UIDVALIDITY and last processed UID."""

    async def load(self, mailbox: str) -> tuple[int | None, int]:
        """``(uidvalidity, last_uid)``; ``(None, 0)`` for a mailbox never seen."""
        ...

    async def save(self, mailbox: str, uidvalidity: int, last_uid: int) -> None:
        """Remember that every mail up to ``last_uid`` under ``uidvalidity`` is processed."""
        ...


class MemoryUidStore:
    """A :class:`UidStore` in memory (tests, and single runs that may start over)."""

    def __init__(self) -> None:
        self.state: dict[str, tuple[int, int]] = {}

    async def load(self, mailbox: str) -> tuple[int | None, int]:
        """``(uidvalidity, last_uid)`` of the mailbox, ``(None, 0)`` if unknown."""
        uidvalidity, last_uid = self.state.get(mailbox, (None, 0))
        return uidvalidity, last_uid

    async def save(self, mailbox: str, uidvalidity: int, last_uid: int) -> None:
        """Store the mailbox's UIDVALIDITY and last processed UID."""
        self.state[mailbox] = (uidvalidity, last_uid)
