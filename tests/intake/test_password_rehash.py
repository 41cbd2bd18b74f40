"""A password hash stored before Argon2id (scrypt) is replaced on the first mail that
verifies against it: the player's and the GM's, through the service's read-ahead and
intake; a wrong password leaves it as it was."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import Engine
from sqlmodel import select

import db.passwords
from db.models import Game, InboundMail, InboundStatus, Player
from db.passwords import VERIFIED, needs_rehash, verify_password
from db.session import reading, transaction
from mailserver.app.service import MailHandler
from mailserver.inbound.handover import FetchedMail
from tests.factories import order_mail, scrypt_hash
from tests.intake.helpers import ALICE, CONFIG, GM_HEADER, alices_game, gm_game


@pytest.fixture
def hashing_threads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The threads new hashes were made in (the caches cleared first)."""
    VERIFIED.clear()
    threads: list[str] = []
    real = db.passwords.hash_password

    def spying(password: str) -> str:
        threads.append(threading.current_thread().name)
        return real(password)

    monkeypatch.setattr(db.passwords, "hash_password", spying)
    return threads


def _alice_stored_with_scrypt(engine: Engine) -> str:
    alices_game(engine)
    old = scrypt_hash("sternenstaub")
    with transaction(engine) as session:
        alice = session.exec(select(Player).where(Player.address == ALICE)).one()
        alice.password_hash = old
        session.add(alice)
    return old


def _alices_hash(engine: Engine) -> str:
    with reading(engine) as session:
        return session.exec(select(Player.password_hash).where(Player.address == ALICE)).one()


def _mail(uid: int, sender: str, text: str) -> FetchedMail:
    return FetchedMail("INBOX", 7, uid, order_mail(sender, text, message_id=f"<{uid}@example.org>"))


def _statuses(engine: Engine) -> list[InboundStatus]:
    with reading(engine) as session:
        return list(session.exec(select(InboundMail.status).order_by(InboundMail.id)))


ORDERS = "Partie 227 Spieler 2 Kennwort sternenstaub\n2/15/1/21\n"


def test_a_players_scrypt_hash_becomes_argon2id_made_beside_the_read_ahead(
    db_engine: Engine, hashing_threads: list[str]
) -> None:
    old = _alice_stored_with_scrypt(db_engine)
    handler = MailHandler(db_engine, CONFIG, wake=lambda: None)
    handler._read_and_process([_mail(43, ALICE, ORDERS)])
    new = _alices_hash(db_engine)
    assert new != old and new.startswith("$argon2id$") and not needs_rehash(new)
    assert verify_password("sternenstaub", new)
    assert len(hashing_threads) == 1 and hashing_threads[0].startswith("password")
    handler._read_and_process([_mail(44, ALICE, ORDERS + "Fertig\n")])
    assert _alices_hash(db_engine) == new and len(hashing_threads) == 1  # current now
    assert _statuses(db_engine) == [InboundStatus.PROCESSED] * 2


def test_a_players_scrypt_hash_is_replaced_by_intake_itself_without_a_read_ahead(
    db_engine: Engine, hashing_threads: list[str]
) -> None:
    old = _alice_stored_with_scrypt(db_engine)
    MailHandler(db_engine, CONFIG, wake=lambda: None).process(_mail(43, ALICE, ORDERS))
    new = _alices_hash(db_engine)
    assert new != old and verify_password("sternenstaub", new) and not needs_rehash(new)
    assert hashing_threads == [threading.current_thread().name]


def test_a_wrong_password_leaves_the_scrypt_hash_as_it_was(
    db_engine: Engine, hashing_threads: list[str]
) -> None:
    old = _alice_stored_with_scrypt(db_engine)
    wrong = ORDERS.replace("sternenstaub", "mondstaub")
    MailHandler(db_engine, CONFIG, wake=lambda: None)._read_and_process([_mail(43, ALICE, wrong)])
    assert _alices_hash(db_engine) == old and hashing_threads == []
    assert _statuses(db_engine) == [InboundStatus.REJECTED]


def test_the_gms_scrypt_hash_becomes_argon2id_on_his_next_command(
    db_engine: Engine, hashing_threads: list[str]
) -> None:
    gm_game(db_engine, ALICE, "bob@example.org", seed=3)
    old = scrypt_hash("spielleiter-x")
    with transaction(db_engine) as session:
        game = session.exec(select(Game).where(Game.number == 88)).one()
        game.gm_password_hash = old
        session.add(game)
    hashing_threads.clear()
    handler = MailHandler(db_engine, CONFIG, wake=lambda: None)
    handler._read_and_process([_mail(43, "gm@example.org", GM_HEADER + "Status\n")])
    with reading(db_engine) as session:
        new = session.exec(select(Game.gm_password_hash).where(Game.number == 88)).one()
    assert new != old and verify_password("spielleiter-x", new) and not needs_rehash(new)
    assert hashing_threads and hashing_threads[0].startswith("password")
