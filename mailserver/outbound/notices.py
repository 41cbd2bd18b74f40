"""Notices: the host's own short mails (to the GM, to a player about his seat), put in the
outbox with the moment and the From domain of the work that writes them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Required, TypedDict, Unpack

from sqlmodel import Session

from db import repo
from db.models import Game, Outbox, OutboxKind, Player
from mailserver.common.terms import TurnContext


@dataclass(frozen=True)
class Addressee:
    """Whom a notice goes to, and the game and player it is about (kept with the mail)."""

    address: str
    game_id: int | None
    player_id: int | None = None

    @classmethod
    def seat(cls, game: Game, player: Player) -> Addressee:
        """A player of ``game``, at his address."""
        return cls(player.address, game.id, player.id)

    @classmethod
    def gm(cls, game: Game) -> Addressee:
        """The game master of ``game``."""
        return cls(game.gm_address, game.id)


class NoticeMail(TypedDict, total=False):
    """What a notice says and what it is kept with (see :func:`db.repo.enqueue_outbox`)."""

    subject: Required[str]
    body: Required[str]
    turn: int | None
    dedup_key: str | None
    attachments: list[Any] | None
    secret: str | None


def notice(
    session: Session,
    ctx: TurnContext,
    to: Addressee,
    *,
    kind: OutboxKind = OutboxKind.NOTICE,
    **mail: Unpack[NoticeMail],
) -> Outbox:
    """Put a notice in the outbox, dated ``ctx.now`` and from ``ctx``'s domain; with
    ``dedup_key`` at most once."""
    return repo.enqueue_outbox(
        session,
        to_address=to.address,
        kind=kind,
        domain=ctx.terms.domain,
        game_id=to.game_id,
        player_id=to.player_id,
        now=ctx.now,
        **mail,
    )
