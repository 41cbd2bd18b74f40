"""The message orders of a player's mail, handled by type: articles, secret messages,
urgent dispatches (Eildepesche) and messages to the GM.

Articles and secret messages wait for the next printouts; an urgent dispatch and a
message to the GM go out at once. Whether a game prints articles, forwards urgent
dispatches and what they cost are the game's message rules
(:func:`mailserver.common.kinds.message_rules`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from sqlmodel import Session

from config.game_options import gm_language
from db import repo
from db.models import Game, GameMessage, LedgerKind, MessageKind, OutboxKind, Player
from engine.core import (
    AddressedMessage,
    Article,
    GmMessage,
    MessageOrder,
    MessageRules,
    SecretMessage,
    UrgentDispatch,
)
from mailserver.common.catalog import say, wrap
from mailserver.common.formats import format_money
from mailserver.common.kinds import message_rules, newspaper
from mailserver.inbound.context import Intake, Mail, Outgoing, Seat


@dataclass
class MessageDesk:
    """Takes the message orders of one authenticated mail (see the module doc)."""

    intake: Intake
    mail: Mail
    seat: Seat
    turn: int
    """The turn whose printouts carry what waits."""
    ruler: str | None
    """The sender's ruler name (``None`` before the game has one: the seat is named)."""
    forwarded: Counter[MessageKind] = field(default_factory=Counter)
    """Messages this mail forwarded at once so far, by kind."""

    @property
    def session(self) -> Session:
        """The transaction of the mail's intake."""
        return self.intake.session

    @property
    def game(self) -> Game:
        """The game the messages are for."""
        return self.seat.game

    @property
    def player(self) -> Player:
        """Their author."""
        return self.seat.player

    def take(self, order: MessageOrder) -> str:
        """Keep or forward one message; the acknowledgement's line about it."""
        lang = self.seat.lang
        addressee: Player | None = None
        if isinstance(order, AddressedMessage):
            addressee = next(
                (
                    p
                    for p in repo.current_players(self.session, self.game.id or 0)
                    if p.seat == order.to
                ),
                None,
            )
            if addressee is None:
                return say(lang, "msg_bad_addressee", to=order.to)
            if addressee.seat == self.player.seat:
                return say(lang, "msg_self")
        rules = message_rules(self.game)
        if isinstance(order, UrgentDispatch):
            if not rules.urgent_dispatches:
                return say(lang, "msg_no_urgent")
            if self.over_limit(MessageKind.URGENT, rules):
                return _limit_reached(lang, "msg_urgent_limit", rules, to=order.to)
            assert addressee is not None
            return self.urgent(order, addressee)
        if isinstance(order, GmMessage):
            # Forwarded at once, like a dispatch: the same bounds (no mail bomb on the GM).
            if self.over_limit(MessageKind.GM_MESSAGE, rules):
                return _limit_reached(lang, "msg_gm_limit", rules)
            return self.to_gm(order)
        if isinstance(order, SecretMessage):
            self.keep(order, MessageKind.SECRET)
            return say(lang, "msg_secret", to=order.to)
        if isinstance(order, Article):
            if not rules.newspaper:
                return say(lang, "msg_no_newspaper")
            self.keep(order, MessageKind.PRESS)
            return say(lang, "msg_press", paper=newspaper(self.game, lang))
        raise TypeError(f"no desk for {type(order).__name__}")

    def over_limit(self, kind: MessageKind, rules: MessageRules) -> bool:
        """Whether one more message forwarded at once would pass the game's bounds (per
        mail, and per seat and turn); if not, it is counted."""
        sent = repo.messages_sent(
            self.session, self.game.id or 0, self.player.seat, self.turn, kind
        )
        if self.forwarded[kind] >= rules.urgent_per_mail or sent >= rules.urgent_per_turn:
            return True
        self.forwarded[kind] += 1
        return False

    def keep(self, order: MessageOrder, kind: MessageKind, *, delivered: bool = False) -> None:
        """Store the message; a delivered one is only a record."""
        to = order.to if isinstance(order, AddressedMessage) else None
        self.session.add(
            GameMessage(
                game_id=self.game.id or 0,
                kind=kind,
                sender_seat=self.player.seat,
                sender_player_id=self.player.id,
                addressee_seat=to,
                text=repo.clean_text(order.text),
                turn=self.turn,
                inbound_mail_id=self.mail.record.id,
                delivered=delivered,
                delivered_at=self.intake.now if delivered else None,
                created_at=self.intake.now,
            )
        )

    def urgent(self, order: UrgentDispatch, addressee: Player) -> str:
        """An urgent dispatch goes out at once, signed with the ruler's name, never the
        address; the postage is booked to the sender's account."""
        lang = addressee.language
        game, sender = self.game, self.player
        ruler = self.ruler or say(lang, "seat_name", seat=sender.seat)
        self.intake.forward(
            Outgoing(
                to=addressee.address,
                subject=say(lang, "urgent_subject", ruler=ruler, game=game.number),
                body=wrap(
                    say(lang, "urgent_intro", ruler=ruler, seat=sender.seat, game=game.number)
                )
                + "\n\n"
                + order.text
                + "\n\n"
                + wrap(say(lang, "urgent_footer"))
                + "\n",
                kind=OutboxKind.URGENT,
                game=game,
                player=addressee,
            ),
        )
        self.keep(order, MessageKind.URGENT, delivered=True)
        postage = message_rules(game).urgent_postage_cents
        if not postage:
            return say(self.seat.lang, "msg_urgent", to=order.to)
        repo.book(
            self.session,
            player_id=sender.id or 0,
            amount_cents=-postage,
            kind=LedgerKind.POSTAGE,
            turn=self.turn,
            note=f"urgent dispatch to {order.to}",
            now=self.intake.now,
        )
        amount = format_money(postage, self.intake.config.terms.currency)
        return say(self.seat.lang, "msg_urgent_postage", to=order.to, amount=amount)

    def to_gm(self, order: GmMessage) -> str:
        """A message to the GM is forwarded at once, in the GM's language."""
        game, player = self.game, self.player
        lang = gm_language(game.options)
        self.intake.forward(
            Outgoing(
                to=game.gm_address,
                subject=say(lang, "gm_subject", seat=player.seat, game=game.number),
                body=wrap(
                    say(
                        lang,
                        "gm_intro",
                        seat=player.seat,
                        ruler=self.ruler or say(lang, "seat_name", seat=player.seat),
                        sender=self.mail.sender,
                        game=game.number,
                    )
                )
                + "\n\n"
                + order.text
                + "\n",
                kind=OutboxKind.GM_FORWARD,
                game=game,
                player=player,
            ),
        )
        self.keep(order, MessageKind.GM_MESSAGE, delivered=True)
        return say(self.seat.lang, "msg_gm")


def _limit_reached(lang: str, key: str, rules: MessageRules, **params: object) -> str:
    """The acknowledgement's line for a message refused at the game's bounds of messages
    forwarded at once (catalog ``key``, which names both bounds)."""
    return say(lang, key, per_mail=rules.urgent_per_mail, per_turn=rules.urgent_per_turn, **params)
