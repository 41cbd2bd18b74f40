"""In Welt der Waben a player rules a realm, and his mail's header may name his seat as
"Reich 2" / "realm 2" (docs/orders-wdw.md): the host reads it before it knows the game,
and the acknowledgement answers seat 2."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine

from db.models import InboundStatus, OutboxKind
from db.session import transaction
from grammar.reader import read_header
from mailserver.gm import operations as gm
from mailserver.inbound.intake import process_mail
from tests.factories import order_mail
from tests.life.helpers import CONFIG, START, TERMS, address, create, outbox


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Partie 600 Reich 2 Kennwort geheim\nFertig", None),
        ("Game 600 realm 2 password geheim\nFertig", None),
        ("Fertig", "Partie 600 Reich 2 Kennwort geheim"),
    ],
)
def test_the_header_reader_takes_a_realm_for_a_seat(text: str, subject: str | None) -> None:
    header = read_header(text, subject)
    assert (header.game, header.player, header.password) == (600, 2, "geheim")


@pytest.mark.parametrize(
    ("header", "subject"),
    [
        ("Partie 600 Reich 2 Kennwort {pw}", "Befehle erhalten – Partie 600, Spieler 2, Runde 1"),
        ("Game 600 realm 2 password {pw}", "Orders received – game 600, player 2, turn 1"),
    ],
)
def test_a_mail_from_realm_2_is_acknowledged_for_seat_2(
    db_engine: Engine, header: str, subject: str
) -> None:
    with transaction(db_engine) as session:
        seats = [gm.SeatSpec(1, address(1)), gm.SeatSpec(2, address(2))]
        create(session, 600, kind="wdw", seats=seats, every_days=7, seed=5)
        passwords = gm.start_game(session, 600, TERMS.at(START))
    text = header.format(pw=passwords[2]) + "\nFertig\n"
    with transaction(db_engine) as session:
        outcome = process_mail(session, order_mail(address(2), text), config=CONFIG, now=START)
        assert outcome.status == InboundStatus.PROCESSED
        (ack,) = [o for o in outbox(session) if o.id in outcome.outbox_ids]
        assert ack.kind == OutboxKind.ACK and ack.subject == subject
        assert ack.to_address == address(2)
