"""Mail intake: one received mail in, everything it causes out — in one transaction.

:func:`process_mail` records the raw mail (idempotently, by Message-ID or a hash of the
bytes), decides whether it may be answered at all, finds the game and the player, checks
the password, stores orders and messages, and puts every answer in the outbox. The
caller commits; only then is the mail flagged on the IMAP side. A crash anywhere before
the commit leaves no trace, so the mail is simply processed again.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from db import repo
from db.models import (
    Game,
    GameMessage,
    GameStatus,
    InboundMail,
    InboundStatus,
    LedgerKind,
    MessageKind,
    OutboxKind,
    Player,
    PlayerStatus,
    utcnow,
)
from db.passwords import verify_password
from engine.core import Names, Order, ParseResult
from grammar.echo import echo
from grammar.gm import read_header as read_gm_header
from grammar.mailbody import MailBody, extract_order_text
from mailserver import gm, gm_mail, turns
from mailserver.games import (
    OrderLanguage,
    Places,
    default_language,
    game_engine,
    order_language,
)
from mailserver.router import automatic_reason, read_headers
from mailserver.texts import (
    UNKNOWN_SENDER_BODY,
    UNKNOWN_SENDER_SUBJECT,
    format_money,
    format_when,
    text,
)

log = logging.getLogger("pbem.intake")

# Every game's "Fertig"/"Final" order has this kind (see engine/ashes/orders.py).
_FINAL = "final"

_MESSAGE_KINDS = {
    "press": MessageKind.PRESS,
    "secret": MessageKind.SECRET,
    "urgent": MessageKind.URGENT,
    "gm_message": MessageKind.GM_MESSAGE,
}


@dataclass(frozen=True)
class IntakeConfig:
    """What intake needs from the settings."""

    from_address: str = "pbem@localhost"
    unknown_sender_hours: int = 24
    urgent_postage_cents: int = 0
    currency: str = "EUR"
    default_timezone: str = "Europe/Berlin"
    turn_fee_cents: int = 0
    """For a turn the GM runs by mail (rulebook 1.4)."""

    @property
    def domain(self) -> str:
        return self.from_address.rsplit("@", 1)[-1] or "localhost"


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

    @property
    def references(self) -> str | None:
        ids = [*self.body.references]
        if self.body.message_id:
            ids.append(f"<{self.body.message_id}>")
        return " ".join(r if r.startswith("<") else f"<{r}>" for r in ids) or None

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
    ) -> None:
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
            now=self.now,
        )
        assert row.id is not None
        self.outbox_ids.append(row.id)

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
        self.send(
            mail,
            to=mail.sender,
            subject=text(lang, "reject_subject", game=number),
            body=text(lang, key, game=number, **values) + "\n\n" + text(lang, "footer") + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
        )

    # -- the steps
    def process(
        self, raw: bytes, mailbox: str | None, uidvalidity: int | None, uid: int | None
    ) -> IntakeOutcome:
        headers = read_headers(raw)
        body = extract_order_text(raw)
        record, is_new = repo.record_inbound_mail(
            self.session,
            raw=raw,
            message_id=body.message_id,
            mailbox=mailbox,
            uidvalidity=uidvalidity,
            uid=uid,
            sender=headers.sender or None,
            subject=body.subject,
            received_at=self.now,
        )
        if not is_new:
            # The first copy was committed together with everything it caused.
            return IntakeOutcome(InboundStatus.DUPLICATE, "seen before", record.id)
        mail = _Mail(record=record, body=body, sender=headers.sender)
        reason = automatic_reason(headers)
        if reason is not None:
            return self.finish(mail, InboundStatus.IGNORED_AUTOMATIC, reason)
        return self.identify(mail)

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
        language = default_language()
        header = language.parse(mail.body.text, mail.body.subject or None).header
        players_by_address = self._current_players_of(mail.sender)
        game: Game | None = None
        if header.game is not None:
            game = repo.get_game_by_number(self.session, header.game)
            if game is None:
                if not players_by_address:
                    return self.unknown_sender(mail)
                lang = self._lang(players_by_address)
                self.reply(mail, "reject_game", lang, None, header.game)
                return self.finish(mail, InboundStatus.REJECTED, f"no game {header.game}")
        elif len(players_by_address) == 1:
            game = self.session.get(Game, players_by_address[0].game_id)
        if game is None:
            if not players_by_address:
                return self.unknown_sender(mail)
            self.reply(mail, "reject_no_game", self._lang(players_by_address), None, "?")
            return self.finish(mail, InboundStatus.REJECTED, "no game named")
        return self.authenticate(mail, game, header.player, header.password)

    def gm_command(self, mail: _Mail) -> IntakeOutcome:
        """A mail of a game's GM: commands run only with the GM password."""
        header = read_gm_header(mail.body.text, mail.body.subject or None)
        number = header.game or 0
        game = repo.get_game_by_number(self.session, number)
        if game is None:
            if not self._current_players_of(mail.sender) and not self._is_a_gm(mail.sender):
                return self.unknown_sender(mail)
            self.reply(mail, "reject_game", header.language or "de", None, number)
            return self.finish(mail, InboundStatus.REJECTED, f"no game {number}")
        lang = header.language or turns.gm_language(game)
        try:
            gm.verify_gm(self.session, number, header.password or "")
        except gm.GmError:
            self.reply(mail, "reject_gm_password", lang, game, number)
            if mail.sender != game.gm_address:
                self.warn_gm(mail, game, lang, "warn_gm_password")
            return self.finish(mail, InboundStatus.REJECTED, "wrong or missing GM password", game)
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
        """Tell the GM's registered address about a GM mail from elsewhere."""
        self.send(
            None,
            to=game.gm_address,
            subject=text(lang, "warn_subject", game=game.number),
            body=text(lang, key, game=game.number, sender=mail.sender or "?")
            + "\n\n"
            + text(lang, "footer")
            + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
            reply=False,
        )

    def _current_players_of(self, address: str) -> list[Player]:
        if not address:
            return []
        query = select(Player).where(Player.address == address, Player.is_current == True)  # noqa: E712
        return list(self.session.exec(query))

    @staticmethod
    def _lang(players: Sequence[Player]) -> str:
        return players[0].language if players else "de"

    def unknown_sender(self, mail: _Mail) -> IntakeOutcome:
        """One polite explanation per address and period; nothing else is done."""
        if mail.sender and repo.unknown_sender_reply_due(
            self.session, mail.sender, hours=self.config.unknown_sender_hours, now=self.now
        ):
            self.send(
                mail,
                to=mail.sender,
                subject=UNKNOWN_SENDER_SUBJECT,
                body=UNKNOWN_SENDER_BODY,
                kind=OutboxKind.UNKNOWN_SENDER,
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
        if password is None or not verify_password(password, player.password_hash):
            self.reply(mail, "reject_password", lang, game, game.number, seat=seat)
            if mail.sender != player.address:
                self.warn_registered(mail, game, player, "warn_wrong_password")
            return self.finish(
                mail, InboundStatus.REJECTED, "wrong or missing password", game, player
            )
        if game.status == GameStatus.FINISHED:
            self.reply(mail, "reject_finished", lang, game, game.number)
            return self.finish(mail, InboundStatus.REJECTED, "game finished", game, player)
        if player.status != PlayerStatus.ACTIVE:
            self.reply(mail, "reject_out", lang, game, game.number)
            return self.finish(mail, InboundStatus.REJECTED, "player out", game, player)
        if mail.sender != player.address:
            self.warn_registered(mail, game, player, "warn_other_address")
        return self.accept(mail, game, player)

    def warn_registered(self, mail: _Mail, game: Game, player: Player, key: str) -> None:
        """Tell the registered address about a mail for its position from elsewhere."""
        lang = player.language
        self.send(
            None,
            to=player.address,
            subject=text(lang, "warn_subject", game=game.number),
            body=text(lang, key, game=game.number, seat=player.seat, sender=mail.sender or "?")
            + "\n\n"
            + text(lang, "footer")
            + "\n",
            kind=OutboxKind.NOTICE,
            game=game,
            player=player,
            reply=False,
        )

    # -- an authenticated player's mail
    def accept(self, mail: _Mail, game: Game, player: Player) -> IntakeOutcome:
        names = self.names_of(game)
        places = names.places if names else None
        base = order_language(game.kind)
        result = base.parse(mail.body.text, mail.body.subject or None, places)
        language = _NamedLanguage(base, places)
        lang = player.language
        next_turn = game.turn + 1
        turn = result.header.turn if result.header.turn is not None else next_turn
        lines: list[str] = []
        if turn < next_turn:
            lines += [text(lang, "turn_past", turn=turn, next=next_turn), ""]
            self.send_ack(mail, game, player, turn, lines, result, language)
            return self.finish(mail, InboundStatus.REJECTED, f"turn {turn} is past", game, player)
        messages = [o for o in result.orders if o.kind in _MESSAGE_KINDS]
        orders = [o for o in result.orders if o.kind not in _MESSAGE_KINDS]
        ruler = (names.rulers.get(player.seat) if names else None) or player.ruler_name
        message_lines = [
            self.store_message(mail, game, player, m, next_turn, ruler) for m in messages
        ]
        # "Fertig" alone is still a submission: it confirms the orders sent before.
        if orders or not messages:
            lines += self.store_orders(mail, game, player, turn, result, orders, language)
        else:
            lines += [text(lang, "ack_messages_only", turn=turn), ""]
        if message_lines:
            lines += [text(lang, "messages_title"), *message_lines, ""]
        self.send_ack(mail, game, player, turn, lines, result, language)
        return self.finish(mail, InboundStatus.PROCESSED, "", game, player)

    def store_orders(
        self,
        mail: _Mail,
        game: Game,
        player: Player,
        turn: int,
        result: ParseResult,
        orders: list[Order],
        language: _NamedLanguage,
    ) -> list[str]:
        lang = player.language
        previous = repo.latest_submission(self.session, game.id or 0, player.seat, turn)
        parsed = result.to_json(lang)
        final = any(o.kind == _FINAL for o in orders)
        confirm_only = final and previous is not None and all(o.kind == _FINAL for o in orders)
        if confirm_only and previous is not None:
            # "Fertig" alone: the previous orders stand, now marked final.
            kept = [o for o in previous.orders if o.get("kind") != _FINAL]
            orders = [*(language.order_from_json(o) for o in kept), *orders]
            stored = [*kept, *(o for o in parsed["orders"] if o["kind"] == _FINAL)]
        else:
            stored = [o for o in parsed["orders"] if o["kind"] not in _MESSAGE_KINDS]
        repo.store_submission(
            self.session,
            player=player,
            turn=turn,
            raw_text=mail.body.text,
            orders=stored,
            errors=parsed["errors"],
            final=final,
            inbound_mail_id=mail.record.id,
            now=self.now,
        )
        lines = [text(lang, "ack_intro", turn=turn)]
        if turn > game.turn + 1:
            lines.append(text(lang, "ack_later", turn=turn, next=game.turn + 1))
        if previous is not None and not confirm_only:
            lines.append(text(lang, "ack_replaces"))
        if final:
            lines.append(text(lang, "ack_final"))
        lines.append("")
        if previous is not None:
            lines += [*self.diff(previous.orders, orders, lang, language), ""]
        return lines

    def diff(
        self, before: Sequence[Any], after: Sequence[Order], lang: str, language: _NamedLanguage
    ) -> list[str]:
        """What a resubmission added and dropped, ignoring line numbers and order."""

        def key(data: dict[str, Any]) -> str:
            return json.dumps({k: v for k, v in data.items() if k != "line"}, sort_keys=True)

        old = Counter(key(o) for o in before)
        new_orders = {key({"kind": o.kind, **o.to_json()}): o for o in after}
        new = Counter(key({"kind": o.kind, **o.to_json()}) for o in after)
        added, removed = new - old, old - new
        if not added and not removed:
            return [text(lang, "diff_none")]
        out = [text(lang, "diff_title")]
        for k in sorted(added, key=lambda k: new_orders[k].line):
            described = new_orders[k].describe(lang, language.planet_name)
            out += [text(lang, "diff_added", text=described)] * added[k]
        for k in removed:
            rebuilt = language.order_from_json(json.loads(k))
            described = rebuilt.describe(lang, language.planet_name)
            out += [text(lang, "diff_removed", text=described)] * removed[k]
        return out

    def store_message(
        self, mail: _Mail, game: Game, player: Player, order: Order, turn: int, ruler: str | None
    ) -> str:
        """Keep an article, secret message, Eildepesche or GM message; send the urgent ones."""
        lang = player.language
        kind = _MESSAGE_KINDS[order.kind]
        to: int | None = getattr(order, "to", None)
        body: str = getattr(order, "text", "")
        addressee: Player | None = None
        if to is not None:
            addressee = next(
                (p for p in repo.current_players(self.session, game.id or 0) if p.seat == to),
                None,
            )
            if addressee is None:
                return text(lang, "msg_bad_addressee", to=to)
            if addressee.seat == player.seat:
                return text(lang, "msg_self")
        message = GameMessage(
            game_id=game.id or 0,
            kind=kind,
            sender_seat=player.seat,
            sender_player_id=player.id,
            addressee_seat=to,
            text=repo.clean_text(body),
            turn=turn,
            inbound_mail_id=mail.record.id,
            created_at=self.now,
        )
        ruler = ruler or f"Spieler {player.seat}"
        if kind == MessageKind.URGENT:
            assert addressee is not None
            self.deliver_urgent(game, player, addressee, body, ruler)
            message.delivered, message.delivered_at = True, self.now
            self.session.add(message)
            postage = self.config.urgent_postage_cents
            if postage:
                repo.book(
                    self.session,
                    player_id=player.id or 0,
                    amount_cents=-postage,
                    kind=LedgerKind.POSTAGE,
                    turn=turn,
                    note=f"Eildepesche an Spieler {to}",
                    now=self.now,
                )
                amount = format_money(postage, self.config.currency)
                return text(lang, "msg_urgent_postage", to=to, amount=amount)
            return text(lang, "msg_urgent", to=to)
        if kind == MessageKind.GM_MESSAGE:
            self.send(
                None,
                to=game.gm_address,
                subject=text("de", "gm_subject", seat=player.seat, game=game.number),
                body=text(
                    "de",
                    "gm_intro",
                    seat=player.seat,
                    ruler=ruler,
                    sender=mail.sender,
                    game=game.number,
                )
                + "\n\n"
                + body
                + "\n",
                kind=OutboxKind.GM_FORWARD,
                game=game,
                player=player,
                reply=False,
            )
            message.delivered, message.delivered_at = True, self.now
            self.session.add(message)
            return text(lang, "msg_gm")
        self.session.add(message)
        if kind == MessageKind.SECRET:
            return text(lang, "msg_secret", to=to)
        return text(lang, "msg_press")

    def deliver_urgent(
        self, game: Game, sender: Player, addressee: Player, body: str, ruler: str
    ) -> None:
        """An Eildepesche goes out at once, signed with the ruler name, never the address."""
        lang = addressee.language
        self.send(
            None,
            to=addressee.address,
            subject=text(lang, "urgent_subject", ruler=ruler, game=game.number),
            body=text(lang, "urgent_intro", ruler=ruler, seat=sender.seat, game=game.number)
            + "\n\n"
            + body
            + "\n\n"
            + text(lang, "footer")
            + "\n",
            kind=OutboxKind.URGENT,
            game=game,
            player=addressee,
            reply=False,
        )

    def names_of(self, game: Game) -> Names | None:
        """The current names of the game's rulers and places (``None`` before turn 0)."""
        snapshot = repo.load_snapshot(self.session, game.id or 0, game.turn)
        if snapshot is None:
            return None
        engine = game_engine(game.kind)
        return engine.names(engine.state_from_json(snapshot.state_data()))

    def send_ack(
        self,
        mail: _Mail,
        game: Game,
        player: Player,
        turn: int,
        lines: list[str],
        result: ParseResult,
        language: _NamedLanguage,
    ) -> None:
        lang = player.language
        tz = player.timezone or game.timezone or self.config.default_timezone
        if game.next_deadline is not None and turn == game.turn + 1:
            deadline = text(
                lang, "deadline", turn=turn, when=format_when(game.next_deadline, tz, lang)
            )
        else:
            deadline = text(lang, "no_deadline", turn=turn)
        body = "\n".join(
            [
                *lines,
                echo(result, lang, language.planet_name).rstrip("\n"),
                "",
                deadline,
                "",
                text(lang, "footer"),
                "",
            ]
        )
        self.send(
            mail,
            to=mail.sender,
            subject=text(lang, "ack_subject", game=game.number, seat=player.seat, turn=turn),
            body=body,
            kind=OutboxKind.ACK,
            game=game,
            player=player,
            turn=turn,
        )


@dataclass(frozen=True)
class _NamedLanguage:
    """An order language that names planets by a running game's current names."""

    base: OrderLanguage
    places: Places | None

    def planet_name(self, number: int) -> str:
        return self.base.namer_for(self.places)(number)

    def order_from_json(self, data: Any) -> Order:
        return self.base.order_from_json(data)


def process_mail(
    session: Session,
    raw: bytes,
    *,
    config: IntakeConfig,
    mailbox: str | None = None,
    uidvalidity: int | None = None,
    uid: int | None = None,
    now: datetime | None = None,
) -> IntakeOutcome:
    """Process one received mail inside the caller's transaction (see the module doc)."""
    return _Intake(session, config, now or utcnow()).process(raw, mailbox, uidvalidity, uid)
