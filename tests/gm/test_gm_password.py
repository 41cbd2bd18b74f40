"""A lost password replaced (``pbem gm password``, ``Neues Kennwort 3``):
mailed to the seat's address, never stored in clear; orders and private link kept."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from config.settings import WebSettings
from db import repo
from db.models import (
    PASSWORD_PLACEHOLDER,
    Game,
    InboundStatus,
    Outbox,
    OutboxKind,
    Player,
)
from db.passwords import verify_password
from mailserver.common import tokens
from tests.factories import order_mail
from tests.gm.test_cli_gm import create, outbox
from tests.gm.test_cli_gm import gm as pbem_gm
from tests.intake.helpers import GM_HEADER, feed, gm_game

ALICE = "alice@example.org"


def _started(db_engine: Engine) -> str:
    """Game 88 (Ashes, three seats) started by GM mail; seat 1's first password."""
    gm_game(db_engine, ALICE, "bob@example.org", "carl@example.org", seed=3)
    feed(db_engine, order_mail("gm@example.org", GM_HEADER + "Start\n"))
    with Session(db_engine) as session:
        row = session.exec(
            select(Outbox).where(Outbox.kind == OutboxKind.PRINTOUT, Outbox.to_address == ALICE)
        ).one()
        assert row.secret is not None
        return row.secret


def _seat_one(session: Session) -> Player:
    session.rollback()
    session.expire_all()  # what the intake's transactions committed
    game = session.exec(select(Game).where(Game.number == 88)).one()
    return next(p for p in repo.current_players(session, game.id or 0) if p.seat == 1)


def test_new_password_by_gm_mail_keeps_orders_and_link_and_mails_only_the_seat(
    db_engine: Engine, db_session: Session
) -> None:
    old = _started(db_engine)
    orders = order_mail(ALICE, f"Partie 88 Spieler 1 Kennwort {old}\nHP=10\n")
    assert feed(db_engine, orders).status == InboundStatus.PROCESSED
    before = _seat_one(db_session)
    game = db_session.exec(select(Game).where(Game.number == 88)).one()
    link = tokens.seat_url(db_session, WebSettings(), game, 1)
    db_session.commit()

    outcome = feed(db_engine, order_mail("gm@example.org", GM_HEADER + "Neues Kennwort 1\n"))
    assert outcome.status == InboundStatus.PROCESSED

    after = _seat_one(db_session)
    assert after.id == before.id  # the same occupant: no takeover
    mails = list(db_session.exec(select(Outbox).order_by(col(Outbox.id))))
    (reply,) = (m for m in mails if m.to_address == "gm@example.org" and "Kennwort 1" in m.body)
    assert "Spieler 1 bekommt ein neues Kennwort per Mail an alice@example.org" in reply.body
    notice = next(m for m in mails if m.subject.startswith("Partie 88: ein neues Kennwort"))
    assert notice.to_address == ALICE and notice.secret is not None
    assert PASSWORD_PLACEHOLDER in notice.body and notice.secret not in notice.body
    assert "Befehle für die Runde" in notice.body
    assert verify_password(notice.secret, after.password_hash)
    assert not verify_password(old, after.password_hash)
    submissions = repo.latest_submissions(db_session, game.id or 0, 1)
    assert submissions[1].player_id == after.id
    assert tokens.seat_url(db_session, WebSettings(), game, 1) == link


def test_pbem_gm_password_mails_a_new_password_to_the_seat(config: Path, engine: Engine) -> None:
    create(config)
    pbem_gm(config, "start", "227")
    out = pbem_gm(config, "password", "227", "2", "--lang", "en")
    assert "Player 2 of game 227 gets a new password by mail to bob@example.org" in out
    notice = outbox(engine)[-1]
    assert (notice.to_address, notice.kind) == ("bob@example.org", OutboxKind.NOTICE)
    assert notice.secret and PASSWORD_PLACEHOLDER in notice.body
    assert notice.subject == "Game 227: a new password for player 2"


def test_a_new_password_waits_for_the_start(config: Path) -> None:
    create(config)
    assert "nicht" in pbem_gm(config, "password", "227", "2", code=1)
