"""The GM's side of mail safety: a strong GM password, GM-given names checked, and nobody
loses a seat without a mail that says by whom and when."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from db.models import OutboxKind
from db.session import transaction
from mailserver.gm import operations as gm
from tests.life.helpers import GM, START, TERMS, address, create, create_and_start, outbox


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        *(
            pytest.param({"password": password}, "zu schwach", id=f"weak-gm-password-{password!r}")
            for password in ["7", " ", "1234567890", "aaaaabbbbbccccc", "kurz"]
        ),
        pytest.param(
            {
                "password": "spielleiter-301",
                "seats": [
                    gm.SeatSpec(1, address(1), ruler_name="Spielleitung"),
                    gm.SeatSpec(2, address(2)),
                ],
            },
            "vorbehalten",
            id="ruler-name-posing-as-the-gm",
        ),
    ],
)
def test_a_game_is_refused_at_creation(
    db_engine: Engine, changes: dict[str, Any], refusal: str
) -> None:
    """A weak GM password, or a ruler name that poses as the GM."""
    with transaction(db_engine) as session, pytest.raises(gm.GmError, match=refusal):
        create(session, 300, **changes)


def test_a_replaced_or_dropped_player_is_told_by_whom_and_when(db_engine: Engine) -> None:
    create_and_start(db_engine)
    with transaction(db_engine) as session:
        gm.replace_player(session, 227, 2, TERMS.at(START), address="new@example.org")
        gm.drop_player(session, 227, 3, TERMS.at(START))
    with Session(db_engine) as session:
        told = {o.to_address: o.body for o in outbox(session, OutboxKind.NOTICE)}
    assert GM in told[address(2)] and "has a new player" in told[address(2)]  # seat 2 reads en
    assert GM in told[address(3)] and "ausscheiden lassen" in told[address(3)]
    assert "2026" in told[address(3)]  # when


def test_prose_in_mails_wraps_at_78_columns(db_engine: Engine) -> None:
    """The welcome and password lines, too, wrap at 78 columns (they ran to 153)."""
    from mailserver.inbound.intake import process_mail
    from tests.factories import order_mail
    from tests.life.helpers import CONFIG, mailed

    create_and_start(db_engine)
    with transaction(db_engine) as session:
        process_mail(
            session, order_mail(address(1), "Partie 227 Spieler 1 Kennwort falsch\n"), config=CONFIG
        )
    with Session(db_engine) as session:
        start = outbox(session, OutboxKind.PRINTOUT, 0)[0]
        intro = mailed(start).split("===", 1)[0]
        refusal = [o for o in outbox(session, OutboxKind.NOTICE) if o.to_address == address(1)][-1]
    assert "Kennwort" in intro
    for text in (intro, refusal.body):
        assert max(len(line) for line in text.splitlines()) <= 78, text
