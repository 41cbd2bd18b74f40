"""Notices: the host's own short mails (to the GM, to a player about his seat), put in the
outbox with the moment and the From domain of the work that writes them."""

from __future__ import annotations

from sqlmodel import Session

from db import repo
from db.models import Outbox, OutboxKind
from mailserver.common.terms import TurnContext


def notice(
    session: Session,
    ctx: TurnContext,
    *,
    to_address: str,
    subject: str,
    body: str,
    game_id: int | None,
    player_id: int | None = None,
    turn: int | None = None,
    dedup_key: str | None = None,
) -> Outbox:
    """Put a notice in the outbox, dated ``ctx.now`` and from ``ctx``'s domain; with
    ``dedup_key`` at most once."""
    return repo.enqueue_outbox(
        session,
        to_address=to_address,
        subject=subject,
        body=body,
        kind=OutboxKind.NOTICE,
        domain=ctx.terms.domain,
        game_id=game_id,
        player_id=player_id,
        turn=turn,
        dedup_key=dedup_key,
        now=ctx.now,
    )
