"""The guessing guard cannot be turned against the owner, on SQLite
and PostgreSQL: strangers' wrong passwords lock the seat (or the GM password) against
strangers only; the registered address with the right password always gets through;
the owner's own wrong tries only stop his wrong tries being answered; and no sender gets
more answers than he sends mails."""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from db import repo
from db.models import InboundStatus, Outbox, utcnow
from db.session import reading, transaction
from mailserver.common.terms import HostTerms
from mailserver.inbound.authenticate import LOCKED, OWN_TRIES, WRONG_PASSWORD
from mailserver.inbound.intake import (
    IntakeConfig,
    IntakeOutcome,
    parse_mail,
    preverify,
    process_mail,
)
from tests.factories import flat, make_game, order_mail

CONFIG = IntakeConfig(HostTerms(from_address="ashes@example.org"))
ALICE, BOB, GM = "alice@example.org", "bob@example.org", "gm@example.org"
ATTACKER, ACCOMPLICE = "mallory@evil.example", "eve@evil.example"
PASSWORD, GM_PASSWORD = "sternenstaub", "gm-secret"
ATTACK = 50


@pytest.fixture
def game(db_engine: Engine) -> int:
    with transaction(db_engine) as session:
        return (
            make_game(
                session, players=[(2, ALICE, PASSWORD), (3, BOB, "mondlicht")], gm_address=GM
            ).id
            or 0
        )


def feed(engine: Engine, raw: bytes, now: datetime) -> IntakeOutcome:
    with transaction(engine) as session:
        return process_mail(session, raw, config=CONFIG, now=now)


def orders(sender: str, password: str, text: str = "HP=10", seat: int = 2) -> bytes:
    return order_mail(sender, f"Partie 227 Spieler {seat} Kennwort {password}\n{text}\n")


def gm_mail(sender: str, password: str) -> bytes:
    return order_mail(sender, f"Partie 227 Spielleiter Kennwort {password}\nStatus\n")


def sent_to(engine: Engine, address: str) -> list[Outbox]:
    with Session(engine) as session:
        return list(
            session.exec(
                select(Outbox).where(Outbox.to_address == address).order_by(col(Outbox.id))
            )
        )


def attack(engine: Engine, now: datetime) -> list[str]:
    """The attacker's 50 wrong passwords for seat 2; the reasons they were refused."""
    return [feed(engine, orders(ATTACKER, f"rate{n}"), now).reason for n in range(ATTACK)]


def test_fifty_wrong_passwords_from_a_stranger_do_not_lock_out_the_owner(
    db_engine: Engine, game: int
) -> None:
    now = utcnow()
    reasons = attack(db_engine, now)
    tries = CONFIG.password_tries
    assert reasons == [WRONG_PASSWORD] * tries + [LOCKED] * (ATTACK - tries)

    taken = feed(db_engine, orders(ALICE, PASSWORD, "HP=7"), now)
    assert taken.status == InboundStatus.PROCESSED, taken.reason
    with Session(db_engine) as session:
        stored = repo.latest_submission(session, game, 2, 1)
        assert stored is not None and "HP=7" in stored.raw_text
    # Strangers stay locked out, the attacker's accomplice too, even with the password.
    for sender, password in ((ATTACKER, PASSWORD), (ACCOMPLICE, "rate99")):
        later = feed(db_engine, orders(sender, password, "HP=1"), now)
        assert (later.status, later.reason, later.outbox_ids) == (
            InboundStatus.REJECTED,
            LOCKED,
            [],
        )
    # Another seat is not touched.
    assert feed(db_engine, orders(BOB, "mondlicht", seat=3), now).status == InboundStatus.PROCESSED


def test_an_attack_is_answered_at_most_once_a_mail_and_the_owner_only_warned(
    db_engine: Engine, game: int
) -> None:
    attack(db_engine, utcnow())
    tries = CONFIG.password_tries
    to_attacker = sent_to(db_engine, ATTACKER)
    assert len(to_attacker) == tries + 1  # the refusals, then "locked" once
    assert "zu viele falsche Kennwörter" in flat(to_attacker[-1].body)
    assert len(sent_to(db_engine, ALICE)) == 1  # one warning an hour
    (to_gm,) = sent_to(db_engine, GM)
    assert ATTACKER in to_gm.body


def test_fifty_wrong_gm_passwords_from_a_stranger_do_not_lock_out_the_gm(
    db_engine: Engine, game: int
) -> None:
    now = utcnow()
    reasons = [feed(db_engine, gm_mail(ATTACKER, f"rate{n}"), now).reason for n in range(ATTACK)]
    tries = CONFIG.password_tries
    assert reasons == [WRONG_PASSWORD] * tries + [LOCKED] * (ATTACK - tries)
    before = len(sent_to(db_engine, GM))

    taken = feed(db_engine, gm_mail(GM, GM_PASSWORD), now)
    assert taken.status == InboundStatus.PROCESSED and taken.reason.startswith("GM: 1 done")
    assert len(sent_to(db_engine, GM)) == before + 1  # the answer to his command
    later = feed(db_engine, gm_mail(ACCOMPLICE, GM_PASSWORD), now)
    assert (later.reason, later.outbox_ids) == (LOCKED, [])


def test_the_owners_own_wrong_passwords_stop_only_their_answers(
    db_engine: Engine, game: int
) -> None:
    now = utcnow()
    tries = CONFIG.password_tries
    reasons = [feed(db_engine, orders(ALICE, f"vertippt{n}"), now).reason for n in range(12)]
    assert reasons == [WRONG_PASSWORD] * tries + [OWN_TRIES] * (12 - tries)
    to_alice = sent_to(db_engine, ALICE)
    assert len(to_alice) == tries + 1  # the refusals, then one notice
    assert "richtigen Kennwort wird wie immer angenommen" in flat(to_alice[-1].body)
    assert sent_to(db_engine, GM) == []  # her own typos are no attack

    # Her right password is taken; a stranger is not locked out by her typos.
    assert feed(db_engine, orders(ALICE, PASSWORD), now).status == InboundStatus.PROCESSED
    stranger = feed(db_engine, orders(ATTACKER, "rate1"), now)
    assert stranger.reason == WRONG_PASSWORD and len(stranger.outbox_ids) >= 1


def test_the_gms_own_wrong_passwords_stop_only_their_answers(db_engine: Engine, game: int) -> None:
    now = utcnow()
    tries = CONFIG.password_tries
    reasons = [feed(db_engine, gm_mail(GM, f"vertippt{n}"), now).reason for n in range(8)]
    assert reasons == [WRONG_PASSWORD] * tries + [OWN_TRIES] * (8 - tries)
    assert len(sent_to(db_engine, GM)) == tries + 1
    assert feed(db_engine, gm_mail(GM, GM_PASSWORD), now).status == InboundStatus.PROCESSED


def test_a_locked_strangers_password_costs_no_scrypt_ahead_and_the_owners_does(
    db_engine: Engine, game: int
) -> None:
    attack(db_engine, utcnow())
    feed(db_engine, gm_mail(ATTACKER, "x"), utcnow())
    for n in range(CONFIG.password_tries):
        feed(db_engine, gm_mail(ATTACKER, f"rate{n}"), utcnow())

    def ahead(raw: bytes) -> list[tuple[str, str]]:
        with reading(db_engine) as session:
            return preverify(session, parse_mail(raw, config=CONFIG), config=CONFIG)

    assert ahead(orders(ACCOMPLICE, PASSWORD)) == []
    assert ahead(gm_mail(ACCOMPLICE, GM_PASSWORD)) == []
    assert [p for p, _ in ahead(orders(ALICE, PASSWORD))] == [PASSWORD]
    assert [p for p, _ in ahead(gm_mail(GM, GM_PASSWORD))] == [GM_PASSWORD]
