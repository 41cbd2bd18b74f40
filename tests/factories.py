"""Building games and mails for tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import Game, GameStatus, OutboxKind, Player
from db.passwords import hash_password
from db.session import transaction


def make_game(
    session: Session,
    number: int = 227,
    players: Sequence[tuple[int, str, str]] = (),
    *,
    gm_address: str = "gm@example.org",
    language: str = "de",
    next_deadline: datetime | None = None,
    turn: int = 0,
    options: dict[str, Any] | None = None,
) -> Game:
    """A running Ashes game with players given as (seat, address, password)."""
    game = Game(
        kind="ashes",
        number=number,
        status=GameStatus.RUNNING,
        turn=turn,
        seed=number,
        gm_address=gm_address,
        gm_password_hash=hash_password("gm-secret"),
        next_deadline=next_deadline,
        options=options or {},
    )
    session.add(game)
    session.flush()
    for seat, address, password in players:
        session.add(
            Player(
                game_id=game.id or 0,
                seat=seat,
                address=address,
                password_hash=hash_password(password),
                language=language,
                ruler_name=f"Herrscher {seat}",
            )
        )
    session.flush()
    return game


def order_mail(
    sender: str,
    body: str,
    *,
    to: str = "ashes@example.org",
    subject: str = "Befehle",
    headers: dict[str, str] | None = None,
    message_id: str | None = None,
    attachment: bytes | None = None,
    filename: str | None = None,
) -> bytes:
    """A plain-text mail as a player's client would send it; with ``attachment``, a binary
    file attached (named ``filename``, if given)."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = message_id or make_msgid(domain="player.example")
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    if attachment is not None:
        msg.add_attachment(
            attachment, maintype="application", subtype="octet-stream", filename=filename
        )
    return bytes(msg)


def flat(text: str) -> str:
    """``text`` with every run of white space one space: prose in mails wraps at 78
    columns, and an assertion about a sentence must not depend on where it wraps."""
    return " ".join(text.split())


def enqueue_mails(
    engine: Engine,
    addresses: Sequence[str],
    *,
    subject: str,
    body: str,
    kind: OutboxKind,
    **more: Any,
) -> list[int]:
    """One outbox mail to each of ``addresses`` (``{n}`` in ``subject`` and ``body``: its
    index), committed; their ids. ``more``: further arguments of ``repo.enqueue_outbox``."""
    with transaction(engine) as session:
        return [
            repo.enqueue_outbox(
                session,
                to_address=to,
                subject=subject.format(n=n),
                body=body.format(n=n),
                kind=kind,
                domain="example.org",
                **more,
            ).id
            or 0
            for n, to in enumerate(addresses)
        ]
