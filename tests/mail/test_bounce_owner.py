"""A refusal belongs to the address it came back from: an answer to a stranger who wrote
for a seat bounces without flagging the seat or troubling the game master."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session, select

from db import repo
from db.models import Outbox
from db.session import transaction
from mailserver.outbound.outbox import report_refusal
from tests.factories import make_game, order_mail
from tests.intake.helpers import feed

ALICE, STRANGER, GM = "alice@example.org", "stranger@example.net", "gm@example.org"


def test_a_bounced_answer_to_a_stranger_flags_no_seat_and_tells_no_gm(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        game = make_game(session, players=[(2, ALICE, "sternenstaub")], gm_address=GM).id or 0
    # The right password from another address: taken, and answered there.
    feed(db_engine, order_mail(STRANGER, "Partie 227 Spieler 2 Kennwort sternenstaub\nHP=10"))
    with transaction(db_engine) as session:
        (ack,) = [o for o in session.exec(select(Outbox)) if o.to_address == STRANGER]
        assert ack.player_id is not None  # the answer names the seat it was about
        failed = repo.mark_failed(session, ack.id or 0, "550 no such user", permanent=True)
        assert not report_refusal(session, failed, "ashes@example.org")
    with Session(db_engine) as session:
        (alice,) = [p for p in repo.current_players(session, game) if p.seat == 2]
        assert alice.bounced_at is None
        assert not [o for o in session.exec(select(Outbox)) if o.to_address == GM]
