"""Mail intake: one received mail in, everything it causes out — in one transaction.

:func:`process_mail` records the raw mail (idempotently, by Message-ID or a hash of the
bytes), decides whether it may be answered at all, finds the game and the player, checks
the password, stores orders and messages, and puts every answer in the outbox. The
caller commits; only then is the mail flagged on the IMAP side. A crash anywhere before
the commit leaves no trace, so the mail is simply processed again.
"""

from __future__ import annotations

import email.utils
import hashlib
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.message import EmailMessage
from functools import partial

from sqlmodel import Session, select

from config.game_options import gm_language
from config.settings import Settings
from db import repo
from db.models import (
    Game,
    GameStatus,
    InboundMail,
    InboundStatus,
    OutboxKind,
    Player,
    PlayerStatus,
    make_message_id,
    utcnow,
)
from db.passwords import verify_password_cached
from engine.core import (
    GameKind,
    MessageOrder,
    Names,
    OrderHeader,
    ParseResult,
    PrintoutFiles,
    TurnShape,
    preview,
)
from grammar.gm import read_header as read_gm_header
from grammar.reader import read_header
from mailserver.common.catalog import say, unknown_sender_mail, wrap
from mailserver.common.formats import format_when
from mailserver.common.kinds import game_kind, order_language, printout_headings
from mailserver.gm import mail as gm_mail
from mailserver.gm import operations as gm
from mailserver.inbound.echo import echo
from mailserver.inbound.loaded_states import LoadedState, loaded_state
from mailserver.inbound.mailbody import MailBody, extract_order_text
from mailserver.inbound.messages import MessageDesk
from mailserver.inbound.router import (
    Headers,
    attachments_of,
    automatic_reason,
    header_block,
    mask,
    read_headers,
    stored_copy,
)
from mailserver.inbound.submissions import NamedLanguage, store_orders
from mailserver.printouts.files import choose_printout_files

log = logging.getLogger("pbem.intake")

_QUOTED_NOTE = re.compile(r"dropped (\d+) quoted line")

WRONG_PASSWORD = "wrong or missing password"
MESSAGE_LINES = 20
"""Message orders an acknowledgement lists one by one; the rest are counted."""
LOCKED = "locked: too many wrong passwords"


@dataclass(frozen=True)
class IntakeConfig:
    """What intake needs from the settings."""

    from_address: str = "pbem@localhost"
    unknown_sender_hours: int = 24
    max_mail_bytes: int = 5_000_000
    """A larger mail is refused unread (one answer to a known player)."""
    max_text_chars: int = 100_000
    """An order text longer than this is refused unread; the stored copy keeps this much."""
    max_order_lines: int = 1_000
    """An order text with more lines than this is refused unread."""
    password_tries: int = 5
    """Wrong passwords for one seat (or the GM) in :attr:`lockout_hours` before the seat
    is locked: later tries are refused unread and unanswered."""
    lockout_hours: int = 1
    answers_per_hour: int = 20
    """Answers to one address (for one game) in an hour; past that, none until it cools."""
    currency: str = "EUR"
    default_timezone: str = "Europe/Berlin"
    turn_fee_cents: int = 0
    """For a turn the GM runs by mail (rulebook 1.4)."""

    @property
    def domain(self) -> str:
        return self.from_address.rsplit("@", 1)[-1] or "localhost"

    @classmethod
    def from_settings(cls, settings: Settings) -> IntakeConfig:
        """The part of ``settings`` that mail intake uses."""
        return cls(
            from_address=settings.smtp.from_address,
            unknown_sender_hours=settings.unknown_sender_reply_hours,
            currency=settings.fees.currency,
            default_timezone=settings.timezone,
            turn_fee_cents=settings.fees.turn_fee,
            max_mail_bytes=settings.limits.max_mail_bytes,
            max_text_chars=settings.limits.max_text_chars,
            max_order_lines=settings.limits.max_order_lines,
            password_tries=settings.limits.password_tries,
            lockout_hours=settings.limits.lockout_hours,
            answers_per_hour=settings.limits.answers_per_hour,
        )


@dataclass
class IntakeOutcome:
    """What happened to one mail (for logs and tests)."""

    status: InboundStatus
    reason: str = ""
    inbound_id: int | None = None
    outbox_ids: list[int] = field(default_factory=list)
    game_id: int | None = None
    """The game the mail was for, when known (its schedule may have to be re-planned)."""


@dataclass
class _Mail:
    """A received mail being processed: the raw record, the cleaned body, the thread."""

    record: InboundMail
    body: MailBody
    sender: str
    raw: bytes
    readings: Sequence[Reading] = ()
    """Its order text as read ahead (see :func:`preverify`)."""

    def reading(self, game_id: int, loaded: LoadedState | None) -> ParseResult | None:
        """The order text read ahead for game ``game_id`` with ``loaded``, if it was."""
        for reading in self.readings:
            if reading.game_id == game_id and reading.loaded is loaded:
                return reading.result
        return None

    @property
    def references(self) -> str | None:
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
        return f"<{self.body.message_id}>" if self.body.message_id else None


class _Intake:
    """The processing of one mail (see :func:`process_mail`)."""

    def __init__(self, session: Session, config: IntakeConfig, now: datetime) -> None:
        self.session = session
        self.config = config
        self.now = now
        self.outbox_ids: list[int] = []
        self.size = 0
        """The mail's size in bytes (on the server)."""
        self.secrets: list[str] = []
        """Passwords this mail carried: masked in every answer and in what is stored."""
        self.via_web = False
        """The orders came from a player's web page (the link authenticated him)."""

    # -- outbox helpers
    def send(
        self,
        mail: _Mail | None,
        *,
        to: str,
        subject: str,
        body: str,
        kind: OutboxKind,
        game: Game | None = None,
        player: Player | None = None,
        turn: int | None = None,
        reply: bool = True,
        dedup_key: str | None = None,
        prose: bool = True,
    ) -> None:
        """Put a mail in the outbox; ``prose`` bodies (the host's own words) are wrapped."""
        if dedup_key is not None and repo.outbox_key_taken(self.session, dedup_key):
            return  # sent once already (a warning an hour, a notice once)
        if prose:
            body = wrap(body)
        subject, body = self.masked(subject), self.masked(body)
        row = repo.enqueue_outbox(
            self.session,
            to_address=to,
            subject=subject,
            body=body,
            kind=kind,
            domain=self.config.domain,
            game_id=game.id if game else None,
            player_id=player.id if player else None,
            turn=turn,
            inbound_mail_id=mail.record.id if mail else None,
            in_reply_to=mail.reply_to_id if (mail and reply) else None,
            references=mail.references if (mail and reply) else None,
            # RFC 3834: answers to a person's mail say they are automatic replies.
            auto_submitted="auto-replied" if (mail and reply) else "auto-generated",
            dedup_key=dedup_key,
            now=self.now,
        )
        assert row.id is not None
        self.outbox_ids.append(row.id)

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
        mail: _Mail,
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
        )

    # -- the steps
    def process(
        self,
        raw: bytes,
        mailbox: str | None,
        uidvalidity: int | None,
        uid: int | None,
        size: int | None = None,
        parsed: ParsedMail | None = None,
    ) -> IntakeOutcome:
        parsed = parsed or parse_mail(raw, config=self.config, size=size)
        headers, body, too_big = parsed.headers, parsed.body, parsed.too_big
        self.size = len(raw) if size is None else size
        content = hashlib.sha256(f"{headers.sender}\0{body.text}".encode()).hexdigest()
        # Masked from the start, whatever becomes of the mail (a copy sent again, an
        # automatic reply, a mail too big: their passwords are not kept either).
        self.secrets = password_of(body, self.config)
        record, is_new = repo.record_inbound_mail(
            self.session,
            raw=raw,
            stored=self.stored_copy(raw, body),
            content_hash=None if too_big else content,
            message_id=body.message_id,
            mailbox=mailbox,
            uidvalidity=uidvalidity,
            uid=uid,
            sender=headers.sender or None,
            subject=self.masked(body.subject) or None,
            received_at=self.now,
        )
        if not is_new:
            # The first copy was committed together with everything it caused.
            return IntakeOutcome(InboundStatus.DUPLICATE, "seen before", record.id)
        mail = _Mail(record, body, headers.sender, raw, parsed.readings)
        reason = automatic_reason(headers)
        if reason is not None:
            return self.finish(mail, InboundStatus.IGNORED_AUTOMATIC, reason)
        if too_big:
            return self.refuse_too_big(mail)
        earlier = repo.same_mail_answered(
            self.session,
            headers.sender,
            content,
            before=record.id or 0,
            since=self.now - timedelta(days=1),
        )
        if earlier is not None:
            # The same text again (a client resending, a naive vacation responder): it
            # was answered once, and that answer stands.
            return self.finish(mail, InboundStatus.DUPLICATE, f"same text as mail {earlier}")
        return self.identify(mail)

    def refuse_too_big(self, mail: _Mail) -> IntakeOutcome:
        """A mail over the size limit: one answer to a known player, nothing else."""
        players = self._current_players_of(mail.sender)
        if not players:
            return self.unknown_sender(mail)
        game = self.session.get(Game, players[0].game_id)
        size = self.size // 1000
        self.reply(
            mail,
            "reject_too_big",
            self._lang(players),
            game,
            game.number if game else "?",
            size=size,
            limit=self.config.max_mail_bytes // 1000,
        )
        return self.finish(mail, InboundStatus.REJECTED, f"too big ({size} kB)", game)

    def finish(
        self,
        mail: _Mail,
        status: InboundStatus,
        reason: str = "",
        game: Game | None = None,
        player: Player | None = None,
    ) -> IntakeOutcome:
        mail.record.status = status
        mail.record.reason = reason or None
        mail.record.game_id = game.id if game else None
        mail.record.player_id = player.id if player else None
        self.session.add(mail.record)
        return IntakeOutcome(status, reason, mail.record.id, self.outbox_ids, mail.record.game_id)

    def identify(self, mail: _Mail) -> IntakeOutcome:
        if gm_mail.is_gm_mail(mail.body.text, mail.body.subject or None):
            return self.gm_command(mail)
        header = read_header(
            mail.body.text[: self.config.max_text_chars], mail.body.subject or None
        )
        # The sender's seats are looked up only when the header names no game, or one
        # that does not exist (for the answer's language).
        if header.game is not None:
            game = repo.get_game_by_number(self.session, header.game)
            if game is None:
                players_by_address = self._current_players_of(mail.sender)
                if not players_by_address:
                    return self.unknown_sender(mail)
                lang = self._lang(players_by_address)
                self.reply(mail, "reject_game", lang, None, header.game)
                return self.finish(mail, InboundStatus.REJECTED, f"no game {header.game}")
        else:
            players_by_address = self._current_players_of(mail.sender)
            game = (
                self.session.get(Game, players_by_address[0].game_id)
                if len(players_by_address) == 1
                else None
            )
            if game is None:
                if not players_by_address:
                    return self.unknown_sender(mail)
                self.reply(mail, "reject_no_game", self._lang(players_by_address), None, "?")
                return self.finish(mail, InboundStatus.REJECTED, "no game named")
        return self.authenticate(mail, game, self.seat_of(game, header), header.password)

    def seat_of(self, game: Game, header: OrderHeader) -> int | None:
        """The seat the header names: by number, or by a ruler's name (a code name,
        ``Spieler BORG``), case-insensitive."""
        if header.player is not None or header.player_name is None:
            return header.player
        names = self.names_of(game)
        wanted = header.player_name.casefold()
        rulers = names.rulers if names else {}
        return next((seat for seat, name in rulers.items() if name.casefold() == wanted), None)

    def gm_command(self, mail: _Mail) -> IntakeOutcome:
        """A mail of a game's GM: commands run only with the GM password."""
        header = read_gm_header(
            mail.body.text[: self.config.max_text_chars], mail.body.subject or None
        )
        number = header.game or 0
        game = repo.get_game_by_number(self.session, number)
        if game is None:
            if not self._current_players_of(mail.sender) and not self._is_a_gm(mail.sender):
                return self.unknown_sender(mail)
            self.reply(mail, "reject_game", header.language or "de", None, number)
            return self.finish(mail, InboundStatus.REJECTED, f"no game {number}")
        lang = header.language or gm_language(game.options)
        locked = self.guessing(mail, game, None, lang)
        if locked is not None:
            return locked
        try:
            gm.verify_gm(self.session, number, header.password or "")
        except gm.GmError:
            self.reply(mail, "reject_gm_password", lang, game, number)
            if mail.sender != game.gm_address:
                self.warn_gm(mail, game, lang, "warn_gm_password")
            return self.finish(mail, InboundStatus.REJECTED, WRONG_PASSWORD, game)
        if mail.sender != game.gm_address:
            self.warn_gm(mail, game, lang, "warn_gm_other_address")
        result = gm_mail.handle_gm_mail(
            self.session,
            game,
            mail.body.text,
            mail.body.subject or None,
            now=self.now,
            from_address=self.config.from_address,
            sender=mail.sender,
            turn_fee_cents=self.config.turn_fee_cents,
            currency=self.config.currency,
            attachments=attachments_of(mail.raw),
        )
        self.outbox_ids += result.outbox_ids
        self.send(
            mail,
            to=mail.sender,
            subject=result.subject,
            body=result.reply,
            kind=OutboxKind.NOTICE,
            game=game,
        )
        return self.finish(
            mail, InboundStatus.PROCESSED, f"GM: {result.done} done, {result.failed} failed", game
        )

    def _is_a_gm(self, address: str) -> bool:
        return (
            address != ""
            and self.session.exec(
                select(Game.id).where(Game.gm_address == address).limit(1)
            ).first()
            is not None
        )

    def warn_gm(self, mail: _Mail, game: Game, lang: str, key: str) -> None:
        """Tell the GM's registered address about a GM mail from elsewhere, at most once
        an hour for each kind of warning (a guesser cannot flood the GM)."""
        hour = int(self.now.timestamp()) // 3600
        self.send(
            None,
            to=game.gm_address,
            subject=say(lang, "warn_subject", game=game.number),
            body=say(lang, key, game=game.number, sender=mail.sender or "?")
            + "\n\n"
            + say(lang, "footer")
            + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
            reply=False,
            dedup_key=f"warn-gm:{game.number}:{key}:{hour}",
        )

    def _current_players_of(self, address: str) -> list[Player]:
        return repo.seats_of_address(self.session, address) if address else []

    @staticmethod
    def _lang(players: Sequence[Player]) -> str:
        return players[0].language if players else "de"

    def unknown_sender(self, mail: _Mail) -> IntakeOutcome:
        """One polite explanation per address and period; nothing else is done."""
        if mail.sender and repo.unknown_sender_reply_due(
            self.session, mail.sender, hours=self.config.unknown_sender_hours, now=self.now
        ):
            subject, body = unknown_sender_mail()
            self.send(
                mail, to=mail.sender, subject=subject, body=body, kind=OutboxKind.UNKNOWN_SENDER
            )
        return self.finish(mail, InboundStatus.UNKNOWN_SENDER, "sender and game unknown")

    def authenticate(
        self, mail: _Mail, game: Game, seat: int | None, password: str | None
    ) -> IntakeOutcome:
        seats = {p.seat: p for p in repo.current_players(self.session, game.id or 0)}
        by_address = [p for p in seats.values() if p.address == mail.sender]
        lang = by_address[0].language if by_address else "de"
        if seat is None:
            if len(by_address) != 1:
                self.reply(mail, "reject_no_player", lang, game, game.number)
                return self.finish(mail, InboundStatus.REJECTED, "no player named", game)
            seat = by_address[0].seat
        player = seats.get(seat)
        if player is None:
            self.reply(mail, "reject_player", lang, game, game.number, seat=seat)
            return self.finish(mail, InboundStatus.REJECTED, f"no player {seat}", game)
        lang = player.language
        locked = self.guessing(mail, game, player, lang)
        if locked is not None:
            return locked
        if password is None or not verify_password_cached(password, player.password_hash):
            self.reply(mail, "reject_password", lang, game, game.number, seat=seat)
            if mail.sender != player.address:
                self.warn_registered(mail, game, player, "warn_wrong_password")
            return self.finish(mail, InboundStatus.REJECTED, WRONG_PASSWORD, game, player)
        return self.admit(mail, game, player)

    def admit(self, mail: _Mail, game: Game, player: Player) -> IntakeOutcome:
        """An authenticated player's mail (by password, or by a page's secret link): taken
        if the game and the player still take orders."""
        lang = player.language
        if game.status == GameStatus.FINISHED:
            self.reply(mail, "reject_finished", lang, game, game.number)
            return self.finish(mail, InboundStatus.REJECTED, "game finished", game, player)
        if game.status == GameStatus.ADJUDICATING:
            self.reply(mail, "reject_adjudicating", lang, game, game.number, turn=game.turn + 1)
            return self.finish(mail, InboundStatus.REJECTED, "GM adjudicating", game, player)
        if player.status != PlayerStatus.ACTIVE:
            self.reply(mail, "reject_out", lang, game, game.number)
            return self.finish(mail, InboundStatus.REJECTED, "player out", game, player)
        if mail.sender != player.address:
            self.warn_registered(mail, game, player, "warn_other_address")
        return self.accept(mail, game, player)

    def stored_copy(self, raw: bytes, body: MailBody) -> bytes:
        """What is kept of the mail ``raw``: see :func:`mailserver.inbound.router.stored_copy`."""
        limit, subject = self.config.max_text_chars, body.subject or None
        return stored_copy(raw, body.text, limit=limit, secrets=self.secrets, subject=subject)

    def masked(self, text: str) -> str:
        """``text`` with the passwords of this mail masked (what is stored of it)."""
        for secret in self.secrets:
            text = mask(text, secret)
        return text

    def guessing(
        self, mail: _Mail, game: Game, player: Player | None, lang: str
    ) -> IntakeOutcome | None:
        """The guessing guard: after ``password_tries`` wrong passwords for a seat (or the
        GM, ``player`` None) within ``lockout_hours``, further tries are refused unread.
        The first refused try is answered and the GM told, once; the rest get no answer."""
        since = self.now - timedelta(hours=self.config.lockout_hours)
        wrong = repo.refusals_since(
            self.session,
            game_id=game.id or 0,
            player_id=player.id if player else None,
            reason=WRONG_PASSWORD,
            since=since,
        )
        if wrong < self.config.password_tries:
            return None
        who = player.seat if player else 0
        window = int(since.timestamp()) // 3600
        self.send(
            mail,
            to=mail.sender,
            subject=say(lang, "reject_subject", game=game.number),
            body=say(lang, "reject_locked", game=game.number, hours=self.config.lockout_hours)
            + "\n\n"
            + say(lang, "footer")
            + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
            dedup_key=f"locked-answer:{game.number}:{who}:{window}",
        )
        gm_lang = gm_language(game.options)
        self.send(
            None,
            to=game.gm_address,
            subject=say(gm_lang, "warn_subject", game=game.number),
            body=say(
                gm_lang,
                "gm_locked",
                game=game.number,
                who=say(gm_lang, "seat_name", seat=who) if player else "GM",
                tries=wrong,
                hours=self.config.lockout_hours,
                sender=mail.sender or "?",
            )
            + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
            reply=False,
            dedup_key=f"locked-gm:{game.number}:{who}:{window}",
        )
        return self.finish(mail, InboundStatus.REJECTED, LOCKED, game, player)

    def warn_registered(self, mail: _Mail, game: Game, player: Player, key: str) -> None:
        """Tell the registered address about a mail for its position from elsewhere, at
        most once an hour for each kind of warning (a guesser cannot flood the owner)."""
        lang = player.language
        hour = int(self.now.timestamp()) // 3600
        self.send(
            None,
            to=player.address,
            subject=say(lang, "warn_subject", game=game.number),
            body=say(lang, key, game=game.number, seat=player.seat, sender=mail.sender or "?")
            + "\n\n"
            + say(lang, "footer")
            + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
            player=player,
            reply=False,
            dedup_key=f"warn:{game.number}:{player.seat}:{key}:{hour}",
        )

    # -- an authenticated player's mail
    def accept(self, mail: _Mail, game: Game, player: Player) -> IntakeOutcome:
        text = mail.body.text
        line_count = text.count("\n") + 1
        if len(text) > self.config.max_text_chars or line_count > self.config.max_order_lines:
            # Cheap before expensive: such a text is not parsed (no honest mail is this long).
            self.reply(
                mail,
                "reject_too_long",
                player.language,
                game,
                game.number,
                lines=line_count,
                chars=len(text),
                max_lines=self.config.max_order_lines,
                max_chars=self.config.max_text_chars,
            )
            return self.finish(mail, InboundStatus.REJECTED, "too long", game, player)
        kind = game_kind(game.kind)
        loaded = current_state(self.session, game)
        state, names = (loaded.state, loaded.names) if loaded else (None, None)
        places = names.places if names else None
        base = order_language(kind)
        # Read ahead, outside the write transaction, unless the game has moved on since.
        result = mail.reading(game.id or 0, loaded)
        if result is None:
            result = read_orders(kind, mail.body, loaded)
        lang = player.language
        namer = base.namer(places)
        acknowledging = kind.acknowledging
        describe = (
            partial(acknowledging.describe_order, state, player.seat, lang=lang, place_name=namer)
            if state is not None and acknowledging is not None
            else None
        )
        language = NamedLanguage(base, namer, describe)
        next_turn = game.turn + 1
        turn = result.header.turn if result.header.turn is not None else next_turn
        lines: list[str] = []
        if turn < next_turn:
            lines += [say(lang, "turn_past", turn=turn, next=next_turn), ""]
            self.send_ack(mail, game, player, turn, lines, result, language)
            return self.finish(mail, InboundStatus.REJECTED, f"turn {turn} is past", game, player)
        messages = [o for o in result.orders if isinstance(o, MessageOrder)]
        # Settings of the host, applied now: never orders of the game.
        settings = [o for o in result.orders if isinstance(o, PrintoutFiles)]
        orders = [o for o in result.orders if not isinstance(o, MessageOrder | PrintoutFiles)]
        ruler = (names.rulers.get(player.seat) if names else None) or player.ruler_name
        desk = MessageDesk(
            session=self.session,
            game=game,
            player=player,
            sender_address=mail.sender,
            inbound_mail_id=mail.record.id,
            turn=next_turn,
            ruler=ruler,
            now=self.now,
            send=self.forward,
            currency=self.config.currency,
        )
        message_lines = [desk.take(m) for m in messages]
        if len(message_lines) > MESSAGE_LINES:
            # One line each for the first ones; the rest counted (a bounded answer).
            rest = len(message_lines) - MESSAGE_LINES
            message_lines = [
                *message_lines[:MESSAGE_LINES],
                say(lang, "messages_more", n=rest),
            ]
        if self.via_web:
            lines += [say(lang, "ack_web"), ""]
        step = self.step_note(game, kind, player, turn)
        if step:
            lines += [step, ""]
        if settings:
            lines += [*choose_printout_files(self.session, player, settings), ""]
        # "Final" alone is still a submission: it confirms the orders sent before.
        if orders or not (messages or settings):
            lines += store_orders(
                self.session,
                mail=mail.record,
                raw_text=self.masked(mail.body.text),
                game=game,
                player=player,
                turn=turn,
                result=result,
                orders=orders,
                language=language,
                now=self.now,
            )
        elif messages:
            lines += [say(lang, "ack_messages_only", turn=turn), ""]
        else:
            lines += [say(lang, "ack_settings_only", turn=turn), ""]
        if message_lines:
            lines += [say(lang, "messages_title"), *message_lines, ""]
        lines += self.earlier_messages(mail, game, player, next_turn)
        self.send_ack(mail, game, player, turn, lines, result, language)
        return self.finish(mail, InboundStatus.PROCESSED, "", game, player)

    def earlier_messages(self, mail: _Mail, game: Game, player: Player, turn: int) -> list[str]:
        """What earlier mails of this turn left waiting (articles, secret messages): a
        new mail replaces the orders, not these, and the acknowledgement says so."""
        waiting = repo.waiting_messages(
            self.session, game.id or 0, player.seat, turn, except_mail=mail.record.id
        )
        if not waiting:
            return []
        lang = player.language
        shown = []
        for message in waiting:
            to = message.addressee_seat
            what = say(lang, "kept_secret", to=to) if to is not None else say(lang, "kept_press")
            shown.append(f"  {what} {preview(message.text, lang)}")
        return [say(lang, "kept_title"), *shown, ""]

    def forward(
        self,
        *,
        to: str,
        subject: str,
        body: str,
        kind: OutboxKind,
        game: Game,
        player: Player,
    ) -> None:
        """A mail caused by this one that is not an answer to it (a dispatch, a forward)."""
        self.send(
            None,
            to=to,
            subject=subject,
            body=body,
            kind=kind,
            game=game,
            player=player,
            reply=False,
            prose=False,  # holds a player's own text, as written
        )

    def step_note(self, game: Game, kind: GameKind, player: Player, turn: int) -> str | None:
        """In a stepped game: a note when the next step does not wait for this seat."""
        if kind.shape != TurnShape.STEPPED or turn != game.turn + 1:
            return None
        loaded = current_state(self.session, game)
        if loaded is None:
            return None
        stepped = kind.stepped
        state = loaded.state
        if player.seat in stepped.awaiting(state):
            return None
        step = stepped.step_name(state, player.language)
        return say(player.language, "step_not_awaited", step=step)

    def names_of(self, game: Game) -> Names | None:
        """The current names of the game's rulers and places (``None`` before turn 0)."""
        loaded = current_state(self.session, game)
        return None if loaded is None else loaded.names

    def send_ack(
        self,
        mail: _Mail,
        game: Game,
        player: Player,
        turn: int,
        lines: list[str],
        result: ParseResult,
        language: NamedLanguage,
    ) -> None:
        lang = player.language
        tz = player.timezone or game.timezone or self.config.default_timezone
        if game.next_deadline is not None and turn == game.turn + 1:
            deadline = say(
                lang, "deadline", turn=turn, when=format_when(game.next_deadline, tz, lang)
            )
        else:
            deadline = say(lang, "no_deadline", turn=turn)
        orders = [o for o in result.orders if not isinstance(o, MessageOrder)]
        body = "\n".join(
            [
                *lines,
                *(mail.quoted_hint(lang) if not orders else []),
                echo(result, lang, language.place_name, describe=language.describe).rstrip("\n"),
                "",
                deadline,
                "",
                say(lang, "footer"),
                "",
            ]
        )
        self.send(
            mail,
            to=mail.sender,
            subject=say(lang, "ack_subject", game=game.number, seat=player.seat, turn=turn),
            body=body,
            kind=OutboxKind.ACK,
            game=game,
            player=player,
            turn=turn,
        )


def password_of(body: MailBody, config: IntakeConfig) -> list[str]:
    """The password the header of a mail names (a player's, or a GM's in a GM mail), as
    the secrets to mask in everything kept of it or sent about it."""
    text, subject = body.text[: config.max_text_chars], body.subject or None
    if gm_mail.is_gm_mail(body.text, subject):
        password = read_gm_header(text, subject).password
    else:
        password = read_header(text, subject).password
    return [password] if password else []


def current_state(session: Session, game: Game) -> LoadedState | None:
    """``game``'s state at its current turn (``None`` before turn 0), loaded once a turn."""
    text = repo.snapshot_text(session, game.id or 0, game.turn)
    return None if text is None else loaded_state(game.kind, text)


def read_orders(kind: GameKind, body: MailBody, loaded: LoadedState | None) -> ParseResult:
    """``body``'s order text read by ``kind``'s order language, places and rulers named
    as in ``loaded`` (pure: done ahead, outside the write transaction, when it can be)."""
    names = loaded.names if loaded else None
    return order_language(kind).parse(
        body.text,
        body.subject or None,
        names.places if names else None,
        rulers=names.rulers if names else None,
    )


@dataclass(frozen=True)
class Reading:
    """An order text read ahead: for which game, with which state, and the result."""

    game_id: int
    loaded: LoadedState | None
    """The state it was read with (compared by identity: the same turn's cached state)."""
    result: ParseResult


@dataclass(frozen=True)
class ParsedMail:
    """A received mail taken apart (see :func:`parse_mail`)."""

    headers: Headers
    body: MailBody
    too_big: bool
    """Over the size limit: ``body`` was read from the header block alone."""
    readings: list[Reading] = field(default_factory=list, compare=False)
    """Its order text read ahead by :func:`preverify` (at most one)."""


def parse_mail(raw: bytes, *, config: IntakeConfig, size: int | None = None) -> ParsedMail:
    """Take ``raw`` apart for :func:`process_mail` (``size`` as there).

    Done once per mail: the poller's thread does it before the write transaction, and
    :func:`preverify` and :func:`process_mail` both use the result (it is the costliest
    part of intake that needs no lock)."""
    too_big = (len(raw) if size is None else size) > config.max_mail_bytes
    # Cheap before expensive: a huge mail is not even taken apart.
    body = extract_order_text(
        header_block(raw) if too_big else raw, printout_headings=printout_headings()
    )
    return ParsedMail(read_headers(raw), body, too_big)


def preverify(
    session: Session, raw: bytes, *, config: IntakeConfig, parsed: ParsedMail | None = None
) -> list[tuple[str, str]]:
    """The (password, stored hash) pairs :func:`process_mail` may check for ``raw``.

    Read in a short read-only transaction, so that the caller can run the expensive
    scrypt (:func:`db.passwords.verify_password_cached`) afterwards, outside any
    transaction and off the event loop, and intake then finds the answer in the cache
    while it holds the write lock. Only a guess at what intake will look up: a miss just
    costs intake its own scrypt. Nothing for mails over the size limit. ``parsed`` is
    :func:`parse_mail` of ``raw``, when the caller has it already; a player's order text
    is read into its ``readings`` on the way (see :func:`_read_ahead`).
    """
    parsed = parsed or parse_mail(raw, config=config)
    if parsed.too_big:
        return []
    sender, body = parsed.headers.sender, parsed.body
    text, subject = body.text[: config.max_text_chars], body.subject or None
    if gm_mail.is_gm_mail(text, subject):
        gm_header = read_gm_header(text, subject)
        gm_game = repo.get_game_by_number(session, gm_header.game or 0)
        if gm_game is None or not gm_header.password:
            return []
        return [(gm_header.password, gm_game.gm_password_hash)]
    header = read_header(text, subject)
    if not header.password:
        return []
    # The same look-ups as _Intake.identify and _Intake.authenticate, without answers.
    game: Game | None = None
    if header.game is not None:
        game = repo.get_game_by_number(session, header.game)
    elif len(by_address := repo.seats_of_address(session, sender)) == 1:
        game = session.get(Game, by_address[0].game_id)
    if game is None:
        return []
    seats = {p.seat: p for p in repo.current_players(session, game.id or 0)}
    if header.player is not None:
        player = seats.get(header.player)
    else:
        mine = [p for p in seats.values() if p.address == sender]
        player = mine[0] if len(mine) == 1 else None
    if player is None:
        return []
    _read_ahead(session, parsed, game, config)
    return [(header.password, player.password_hash)]


def _read_ahead(session: Session, parsed: ParsedMail, game: Game, config: IntakeConfig) -> None:
    """Read the order text now, for intake to find in ``parsed.readings``: reading it is
    pure, so it need not hold up other mails by being done in the write transaction.

    Only texts within the limits intake reads at all (no more work than the password
    check this accompanies)."""
    text = parsed.body.text
    if len(text) > config.max_text_chars or text.count("\n") >= config.max_order_lines:
        return
    loaded = current_state(session, game)
    result = read_orders(game_kind(game.kind), parsed.body, loaded)
    parsed.readings.append(Reading(game.id or 0, loaded, result))


def process_mail(
    session: Session,
    raw: bytes,
    *,
    config: IntakeConfig,
    mailbox: str | None = None,
    uidvalidity: int | None = None,
    uid: int | None = None,
    now: datetime | None = None,
    size: int | None = None,
    parsed: ParsedMail | None = None,
) -> IntakeOutcome:
    """Process one received mail inside the caller's transaction (see the module doc).

    ``size`` is the mail's size when ``raw`` is only its header (the poller does not
    fetch a mail over the size limit). ``parsed`` is :func:`parse_mail` of ``raw`` (with
    the same ``size``) when the caller has it: no need to take the mail apart again
    while holding the write lock."""
    intake = _Intake(session, config, now or utcnow())
    return intake.process(raw, mailbox, uidvalidity, uid, size, parsed)


WEB_MAILBOX = "web"
"""The ``InboundMail.mailbox`` of orders sent from a player's web page."""


def process_web_orders(
    session: Session,
    game: Game,
    player: Player,
    text: str,
    *,
    config: IntakeConfig,
    now: datetime | None = None,
) -> IntakeOutcome:
    """Orders sent from ``player``'s private web page, taken like a mail of his.

    The page's secret link has authenticated the player, so the password step is
    skipped; everything else is the mail's path: the text is recorded as a mail from the
    registered address (mailbox ``web``, no Subject), cleaned and read by the same
    grammar, stored as the same kind of submission, and acknowledged by mail. A password
    typed into the form is masked like one in a mail.
    """
    now = now or utcnow()
    message = EmailMessage()
    message["From"] = player.address
    message["To"] = config.from_address
    message["Date"] = email.utils.format_datetime(now)
    message["Message-ID"] = make_message_id(config.domain)
    message.set_content(text)
    raw = message.as_bytes()
    intake = _Intake(session, config, now)
    intake.via_web = True
    intake.size = len(raw)
    body = extract_order_text(raw, printout_headings=printout_headings())
    intake.secrets = password_of(body, config)
    record, _ = repo.record_inbound_mail(
        session,
        raw=raw,
        stored=intake.stored_copy(raw, body),
        message_id=str(message["Message-ID"]),
        mailbox=WEB_MAILBOX,
        sender=player.address,
        received_at=now,
    )
    mail = _Mail(record=record, body=body, sender=player.address, raw=raw)
    return intake.admit(mail, game, player)
