"""Hosted games on a server process, for the game-life end-to-end tests.

A game is created and started by the GM at the database level (``mailserver.gm.operations``), the
way ``pbem gm`` does it; from then on everything travels by mail: the players read their
passwords in the turn-0 printouts, mail the bots' orders from their own addresses through
the stack's SMTP relay and find acknowledgements and printouts in their IMAP mailboxes.
Deadlines are moved in the database; the server's scheduler picks them up at its next
resync.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from random import Random
from typing import Any

from sqlmodel import Session, col, func, select

from db import repo
from db.models import Game, Outbox, OutboxStatus, TurnSnapshot
from db.session import transaction
from engine.ashes.bots import bot_orders
from engine.ashes.state import AshesState
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from tests.e2e.server import ServerProcess
from tests.factories import order_mail
from tests.mailstack import MailStack, MailUser, StoredMail

PASSWORD_LINE = re.compile(r"(?:Ihr Kennwort|Your password): (\S+)")
GM_PASSWORD = "spielleiter"
FAST = {"resync_seconds": 0.5}
"""Settings under which a server's scheduler sees a deadline moved in the database at once."""


def now() -> datetime:
    """The current time (UTC), as the server sees it."""
    return datetime.now(UTC)


def printout_subject(number: int, turn: int, seat: int) -> str:
    """The subject of a German printout mail."""
    return f"Partie {number} Runde {turn}: Auswertung für Spieler {seat}"


def summary_subject(number: int, turn: int) -> str:
    """The subject of the GM's German turn summary."""
    return f"Partie {number} Runde {turn}: Zusammenfassung für den Spielleiter"


def text_of(message: EmailMessage) -> str:
    """The text of a plain-text mail (or of its text part when files are attached), with
    its line ends as ``\n``."""
    part = message.get_body(("plain",)) if message.is_multipart() else message
    assert isinstance(part, EmailMessage)
    content = part.get_content()
    assert isinstance(content, str)
    return content.replace("\r\n", "\n")


def message_id(raw: bytes) -> str:
    """The Message-ID header of a raw mail (with angle brackets)."""
    for line in raw.split(b"\n"):
        if line.lower().startswith(b"message-id:"):
            return line.split(b":", 1)[1].strip().decode()
    raise AssertionError("mail has no Message-ID")


def stored_id(raw: bytes) -> str:
    """The key the server stores an inbound mail under: its Message-ID without brackets."""
    return message_id(raw).strip("<>")


@dataclass
class HostedGame:
    """A game on ``server``: its number and id, the GM's and the players' mailboxes."""

    server: ServerProcess
    number: int
    game_id: int
    gm: MailUser
    users: dict[int, MailUser]
    """Seat -> the mailbox of the seat's current occupant."""
    passwords: dict[int, str] = field(default_factory=dict)
    """Seat -> the password the occupant read in his mail."""

    @property
    def stack(self) -> MailStack:
        """The mail stack the game's mail travels on."""
        return self.server.stack

    # -- mail
    def mailbox(self, user: MailUser) -> list[StoredMail]:
        """Everything in ``user``'s INBOX."""
        return self.stack.list_mail(user.address, user.password)

    def wait_mail(
        self, user: MailUser, predicate: Callable[[list[EmailMessage]], bool], timeout: float = 20
    ) -> list[EmailMessage]:
        """Wait until ``predicate`` holds for ``user``'s INBOX; its mails."""
        mails = self.stack.wait_for(
            user.address, user.password, lambda ms: predicate([m.message for m in ms]), timeout
        )
        return [m.message for m in mails]

    def wait_subject(self, user: MailUser, subject: str, timeout: float = 20) -> EmailMessage:
        """Wait for the first mail with ``subject`` in ``user``'s INBOX and return it."""
        mails = self.wait_mail(user, lambda ms: any(m["Subject"] == subject for m in ms), timeout)
        return next(m for m in mails if m["Subject"] == subject)

    def subjects(self, user: MailUser) -> Counter[str]:
        """How often each subject is in ``user``'s INBOX."""
        return Counter(str(m.message["Subject"]) for m in self.mailbox(user))

    def printout(self, user: MailUser, turn: int, seat: int) -> str:
        """The text of the (single) printout of ``turn`` for ``seat`` in ``user``'s INBOX."""
        subject = printout_subject(self.number, turn, seat)
        found = [text_of(m.message) for m in self.mailbox(user) if m.message["Subject"] == subject]
        assert len(found) == 1, f"{user.address}: {len(found)} printouts of turn {turn}"
        return found[0]

    def read_password(self, seat: int, turn: int = 0) -> str:
        """Wait for the printout of ``turn`` with a password and remember the password."""
        mail = self.wait_subject(self.users[seat], printout_subject(self.number, turn, seat))
        found = PASSWORD_LINE.search(text_of(mail))
        assert found, f"no password in the printout of turn {turn} for seat {seat}"
        self.passwords[seat] = found[1]
        return found[1]

    # -- orders
    def orders_mail(self, seat: int, extra: str = "") -> bytes:
        """The bot's orders for ``seat`` on the current state, as its occupant mails them."""
        with self.server.session() as session:
            game = session.get(Game, self.game_id)
            assert game is not None
            snapshot = repo.load_snapshot(session, self.game_id, game.turn)
            assert snapshot is not None
            state = AshesState.from_json(snapshot.state_data())
        text = bot_orders(state, seat, Random(seat * 100 + state.turn))
        text = text.replace(f"Kennwort geheim{seat}", f"Kennwort {self.passwords[seat]}", 1)
        return order_mail(self.users[seat].address, text + extra, to=self.server.address)

    def send_orders(self, seats: Iterable[int], extra: dict[int, str] | None = None) -> None:
        """Mail every seat's orders and wait for each acknowledgement."""
        sent: dict[int, str] = {}
        for seat in seats:
            raw = self.orders_mail(seat, (extra or {}).get(seat, ""))
            self.server.send(raw)
            sent[seat] = message_id(raw)
        for seat, msgid in sent.items():
            mails = self.wait_mail(self.users[seat], _answered(msgid))
            (ack,) = [m for m in mails if m["In-Reply-To"] == msgid]
            assert str(ack["Subject"]).startswith(f"Befehle erhalten – Partie {self.number}")

    # -- database
    def turn(self) -> int:
        """The game's turn as stored."""
        return self.server.query(lambda s: _game(s, self.game_id).turn)

    def set_deadline(self, seconds: float) -> None:
        """Move the pending deadline to ``seconds`` from now (as the GM does)."""
        with transaction(self.server.engine) as session:
            when = now() + timedelta(seconds=seconds)
            gm.set_deadline(session, self.number, when, HostTerms().at(now()), tell=False)

    def set_reminder_hours(self, hours: list[int]) -> None:
        """Change when reminders go out (hours before the deadline)."""
        with transaction(self.server.engine) as session:
            game = _game(session, self.game_id)
            game.reminder_hours = hours
            session.add(game)

    def snapshot_counts(self) -> Counter[int]:
        """Turn -> number of stored snapshots of it."""
        return self.server.query(lambda s: snapshot_counts(s, self.game_id))

    def wait_turn(self, turn: int, timeout: float = 30) -> None:
        """Wait until ``turn`` is evaluated and every mail it caused has been sent."""
        self.server.wait_for_db(
            lambda s: _game(s, self.game_id).turn >= turn and outbox_drained(s),
            timeout=timeout,
            what=f"turn {turn} evaluated and its mail sent",
        )


def _answered(msgid: str) -> Callable[[list[EmailMessage]], bool]:
    """Mailbox predicate: an answer to ``msgid`` is there."""
    return lambda mails: any(m["In-Reply-To"] == msgid for m in mails)


def _game(session: Session, game_id: int) -> Game:
    game = session.get(Game, game_id, populate_existing=True)
    assert game is not None
    return game


def snapshot_counts(session: Session, game_id: int) -> Counter[int]:
    """Turn -> number of snapshots of it (the unique constraint says 1; we count anyway)."""
    rows = session.exec(
        select(TurnSnapshot.turn, func.count())
        .where(TurnSnapshot.game_id == game_id)
        .group_by(col(TurnSnapshot.turn))
    ).all()
    return Counter({turn: count for turn, count in rows})


def outbox_drained(session: Session) -> bool:
    """No outbox row is waiting to be sent (and none failed)."""
    waiting = session.exec(
        select(func.count())
        .select_from(Outbox)
        .where(col(Outbox.status).in_([OutboxStatus.PENDING, OutboxStatus.FAILED]))
    ).one()
    return waiting == 0


def host_game(
    server: ServerProcess,
    *,
    number: int,
    seats: int = 4,
    deadline_in: timedelta = timedelta(days=2),
    reminder_hours: list[int] | None = None,
    standby: MailUser | None = None,
    kind: str = "ashes",
    fields: Mapping[int, Mapping[str, str]] | None = None,
    languages: Mapping[int, str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> HostedGame:
    """Create and start a game on the server's database (German unless ``languages`` say
    otherwise, GM sets every deadline). ``fields`` are the kind's per-seat fields
    (a Starweb character and code name), ``options`` the GM's rule and host options.

    Players, GM (and the optional stand-by) are fresh users of the server's stack.
    """
    stack = server.stack
    users = {seat: stack.new_user(f"g{number}p{seat}-") for seat in range(1, seats + 1)}
    gm_user = stack.new_user(f"g{number}gm-")
    start = now()
    with transaction(server.engine) as session:
        if standby is not None:
            gm.add_standby(session, standby.address, name="Nachrücker", now=start)
        game = gm.create_game(
            session,
            kind=kind,
            number=number,
            gm_address=gm_user.address,
            gm_password=GM_PASSWORD,
            seats=[
                gm.SeatSpec(
                    seat,
                    user.address,
                    language=(languages or {}).get(seat, "de"),
                    fields=dict((fields or {}).get(seat, {})),
                )
                for seat, user in users.items()
            ],
            options=dict(options or {}),
            every_days=None,
            at=None,
            first_deadline=start + deadline_in,
            reminder_hours=reminder_hours or [],
            seed=4711 + number,
            now=start,
        )
        gm.start_game(session, number, HostTerms(from_address=server.address).at(start))
        game_id = game.id or 0
    return HostedGame(server, number, game_id, gm_user, users)
