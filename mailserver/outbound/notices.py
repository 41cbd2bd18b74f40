"""Notices: the host's own short mails (to the GM, to a player about his seat), put in the
outbox with the moment and the From domain of the work that writes them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


def notice(
    session: Session,
    ctx: TurnContext,
    to: Addressee,
    *,
    subject: str,
    body: str,
    kind: OutboxKind = OutboxKind.NOTICE,
    turn: int | None = None,
    dedup_key: str | None = None,
    attachments: list[Any] | None = None,
    secret: str | None = None,
) -> Outbox:
    """Put a notice in the outbox, dated ``ctx.now`` and from ``ctx``'s domain; with
    ``dedup_key`` at most once (see :func:`db.repo.enqueue_outbox` for ``attachments``
    and ``secret``)."""
    return repo.enqueue_outbox(
        session,
        to_address=to.address,
        subject=subject,
        body=body,
        kind=kind,
        domain=ctx.terms.domain,
        game_id=to.game_id,
        player_id=to.player_id,
        turn=turn,
        dedup_key=dedup_key,
        attachments=attachments,
        secret=secret,
        now=ctx.now,
    )
