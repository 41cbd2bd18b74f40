"""What one mail's intake carries from step to step: the transaction, the settings, the
time, the mail and what was put in the outbox for it.

Every step of intake (the refusals, identification, the password, a GM's commands, the
acknowledgement) takes an :class:`Intake` and the :class:`Mail`, answers through them and
ends by :meth:`Intake.finish`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from sqlmodel import Session

from db import repo
from db.models import Game, InboundMail, InboundStatus, OutboxKind, Player
from mailserver.common.catalog import say, wrap
from mailserver.inbound.intake_config import IntakeConfig
from mailserver.inbound.mailbody import MailBody
from mailserver.inbound.parsed import ParsedMail
from mailserver.inbound.router import mask, stored_copy

_QUOTED_NOTE = re.compile(r"dropped (\d+) quoted line")


@dataclass
class IntakeOutcome:
    """What happened to one mail (for logs and tests)."""

    status: InboundStatus
    reason: str = ""
    inbound_id: int | None = None
    outbox_ids: list[int] = field(default_factory=list)
    game_id: int | None = None
    """The game the mail was for, when known."""
    replan: bool = True
    """Whether the mail may have changed the game's schedule or made its turn ready to
    run early: then the scheduler passes over the game (see
    :func:`mailserver.inbound.acks.acknowledge` for the mails that cannot)."""


@dataclass(frozen=True)
class Seat:
    """The seat a mail speaks for: the game and its current occupant."""

    game: Game
    player: Player
    answer_in: str | None = None
    """The language of the answer when it is not the seat's setting (the mail's own,
    see :func:`mailserver.inbound.acks.answer_language`)."""

    @property
    def lang(self) -> str:
        """The language the host answers this mail in."""
        return self.answer_in or self.player.language


@dataclass(frozen=True)
class Outgoing:
    """A mail the intake puts in the outbox (:meth:`Intake.send`): to whom, what it says,
    what it is about, and how it is sent."""

    to: str
    subject: str
    body: str
    kind: OutboxKind
    game: Game | None = None
    player: Player | None = None
    turn: int | None = None
    dedup_key: str | None = None
    """Sent at most once for this key (a warning an hour, a notice once)."""
    prose: bool = True
    """The host's own words, wrapped; ``False``: a player's own text, as written."""
    own: tuple[str, ...] = ()
    """Texts in ``body`` made of the host's words and stored data alone (nothing the mail
    said): a password that is a common word is not masked inside them ("falsch")."""


@dataclass
class Mail:
    """A received mail being processed: its record, its one reading, who sent it."""

    record: InboundMail
    parsed: ParsedMail
    sender: str
    """The address it came from (a page's orders: the player's registered address)."""

    @property
    def body(self) -> MailBody:
        """The cleaned order text and what the mail's header says about the thread."""
        return self.parsed.body

    @property
    def references(self) -> str | None:
        """The References of an answer: the thread so far and this mail."""
        ids = [*self.body.references]
        if self.body.message_id:
            ids.append(f"<{self.body.message_id}>")
        return " ".join(r if r.startswith("<") else f"<{r}>" for r in ids) or None

    @property
    def quoted_lines(self) -> int:
        """How many quoted lines the cleaning dropped (the player's orders may be there)."""
        for note in self.body.notes:
            found = _QUOTED_NOTE.match(note)
            if found:
                return int(found.group(1))
        return 0

    def quoted_hint(self, lang: str) -> list[str]:
        """The explanation of quoted lines, as its own paragraph, when there were any."""
        count = self.quoted_lines
        return [say(lang, "quoted_hint", count=count), ""] if count else []

    @property
    def reply_to_id(self) -> str | None:
        """The In-Reply-To of an answer."""
        return f"<{self.body.message_id}>" if self.body.message_id else None


class Intake:
    """The intake of one mail in the caller's transaction (see the module doc)."""

    def __init__(
        self,
        session: Session,
        config: IntakeConfig,
        now: datetime,
        *,
        secrets: list[str],
        via_web: bool = False,
    ) -> None:
        self.session = session
        self.config = config
        self.now = now
        self.secrets = secrets
        """Passwords the mail carried: masked in every answer and in what is stored."""
        self.via_web = via_web
        """The orders came from a player's web page (the link authenticated him)."""
        self.outbox_ids: list[int] = []

    def send(self, answered: Mail | None, out: Outgoing) -> None:
        """Put ``out`` in the outbox: an answer to ``answered`` (in its thread), or with
        ``None`` a mail of its own."""
        if out.dedup_key is not None and repo.outbox_key_taken(self.session, out.dedup_key):
            return  # sent once already (a warning an hour, a notice once)
        # Masked before wrapping: the mask is as wide as no password, and the own texts
        # are found as written.
        body = self.masked(out.body, keep=out.own)
        body = wrap(body) if out.prose else body
        outbox_id = repo.enqueue_outbox_id(
            self.session,
            to_address=out.to,
            subject=self.masked(out.subject),
            body=body,
            kind=out.kind,
            domain=self.config.terms.domain,
            game_id=out.game.id if out.game else None,
            player_id=out.player.id if out.player else None,
            turn=out.turn,
            inbound_mail_id=answered.record.id if answered else None,
            in_reply_to=answered.reply_to_id if answered else None,
            references=answered.references if answered else None,
            # RFC 3834: answers to a person's mail say they are automatic replies.
            auto_submitted="auto-replied" if answered else "auto-generated",
            dedup_key=out.dedup_key,
            now=self.now,
        )
        self.outbox_ids.append(outbox_id)

    def may_answer(self, address: str, game: Game | None) -> bool:
        """Whether ``address`` may get another answer: at most ``answers_per_hour`` an
        hour for one game, player or not (no mail bombs through the server)."""
        since = self.now - timedelta(hours=1)
        sent = repo.answers_since(
            self.session, address, game_id=game.id if game else None, since=since
        )
        return sent < self.config.answers_per_hour

    def reply(
        self,
        mail: Mail,
        key: str,
        lang: str,
        game: Game | None,
        number: object,
        **values: object,
    ) -> None:
        """A refusal or explanation to the sender; ``number`` is the game as he named it."""
        if not self.may_answer(mail.sender, game):
            return
        self.send(
            mail,
            Outgoing(
                to=mail.sender,
                subject=say(lang, "reject_subject", game=number),
                body="\n".join(
                    [
                        say(lang, key, game=number, **values),
                        "",
                        *mail.quoted_hint(lang),
                        say(lang, "footer"),
                        "",
                    ]
                ),
                kind=OutboxKind.NOTICE,
                game=game,
            ),
        )

    def forward(self, out: Outgoing) -> None:
        """A mail caused by this one that is not an answer to it (a dispatch, a forward):
        it holds a player's own text, sent as written."""
        self.send(None, replace(out, prose=False))

    def warn(
        self, to: str, lang: str, game: Game, text: str, *, key: str, player: Player | None = None
    ) -> None:
        """Tell a registered address (a seat's owner, the GM) ``text`` about this mail:
        not an answer to it, and sent once for each ``key`` (a guesser cannot flood it)."""
        subject = say(lang, "warn_subject", game=game.number)
        body = text + "\n\n" + say(lang, "footer") + "\n"
        self.send(None, Outgoing(to, subject, body, OutboxKind.NOTICE, game, player, dedup_key=key))

    def finish(
        self,
        mail: Mail,
        status: InboundStatus,
        reason: str = "",
        game: Game | None = None,
        player: Player | None = None,
    ) -> IntakeOutcome:
        """Record what became of ``mail``: the outcome of its intake."""
        repo.set_inbound_outcome(
            self.session,
            mail.record,
            status,
            reason or None,
            game_id=game.id if game else None,
            player_id=player.id if player else None,
        )
        return IntakeOutcome(status, reason, mail.record.id, self.outbox_ids, mail.record.game_id)

    def stored_copy(self, raw: bytes, body: MailBody) -> bytes:
        """What is kept of the mail ``raw``: see :func:`mailserver.inbound.router.stored_copy`."""
        limit, subject = self.config.max_text_chars, body.subject or None
        return stored_copy(raw, body.text, limit=limit, secrets=self.secrets, subject=subject)

    def masked(self, text: str, keep: Iterable[str] = ()) -> str:
        """``text`` with the passwords of this mail masked (what is stored of it), except
        inside the texts ``keep`` (the host's own words: only the echo is masked)."""
        kept = [own for own in keep if own]
        if not kept:
            return self._masked(text)
        parts = re.split("(" + "|".join(map(re.escape, kept)) + ")", text)
        # re.split with one group: the kept texts stand at the odd places.
        return "".join(part if i % 2 else self._masked(part) for i, part in enumerate(parts))

    def _masked(self, text: str) -> str:
        for secret in self.secrets:
            text = mask(text, secret)
        return text
