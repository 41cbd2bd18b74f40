"""Building games and mails for tests."""

from __future__ import annotations

import base64
import hashlib
import secrets
from collections.abc import Sequence
from datetime import datetime
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import Game, GameStatus, OutboxKind, Player
from db.passwords import Argon2Cost, hash_password
from db.session import transaction

QUICK_HASHING = Argon2Cost(memory_kib=8, time=1, parallelism=1)
"""The least cost Argon2id allows (8 KiB a lane, one pass): for the fast lane, the golden
plays and the benchmarks' set-up, where no test is of the hash itself (microseconds
instead of tens of milliseconds a hash)."""


def scrypt_hash(password: str, n: int = 2**4) -> str:
    """A hash as the host stored it before Argon2id (``scrypt$n$r$p$salt$hash``, r = 8,
    p = 1; the host used n = 2^14), here at a low ``n`` unless a test needs the real one."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=8, p=1, dklen=32)
    encoded = (base64.b64encode(part).decode("ascii") for part in (salt, digest))
    return f"scrypt${n}$8$1${'$'.join(encoded)}"


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
