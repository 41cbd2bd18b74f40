"""Issue 25, item 4: a printout resent (``pbem gm resend``, ``Auswertung erneut``) is the
mail that was sent, its map and JSON files and all."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from db.models import PASSWORD_PLACEHOLDER, OutboxKind
from db.session import transaction
from mailserver.gm import operations as gm_ops
from tests.gm.test_cli_gm import create, outbox
from tests.gm.test_cli_gm import gm as pbem_gm
from tests.gm.test_gm_edit import config, engine  # noqa: F401
from tests.gm.test_gm_mail import GM_ADDRESS, HEADER, NOW, _mail, _outbox


@pytest.fixture
def running(db_engine: Engine) -> Engine:
    """Game 227 of Ashes (4 seats, p1@… to p4@…) started by GM mail, as in
    tests/gm/test_gm_mail.py."""
    with transaction(db_engine) as session:
        gm_ops.create_game(
            session,
            kind="ashes",
            number=227,
            gm_address=GM_ADDRESS,
            gm_password="geheim-spielleiter",
            seats=[gm_ops.SeatSpec(seat, f"p{seat}@example.org") for seat in range(1, 5)],
            seed=7,
            now=NOW,
        )
    _mail(db_engine, HEADER + "Start")
    return db_engine


# ------------------------------------------------------------------------ resend


def test_resend_is_the_original_mail_with_its_map_and_json(
    config: Path,  # noqa: F811
    engine: Engine,  # noqa: F811
) -> None:
    create(config)
    pbem_gm(config, "start", "227")
    pbem_gm(config, "run", "227", "--force")
    original = next(
        m
        for m in outbox(engine)
        if m.kind == OutboxKind.PRINTOUT and m.turn == 1 and m.to_address == "bob@example.org"
    )
    assert original.attachments and len(original.attachments) == 2  # map and JSON
    pbem_gm(config, "resend", "227", "2")
    again = outbox(engine)[-1]
    assert (again.kind, again.to_address, again.turn) == (
        OutboxKind.PRINTOUT,
        "bob@example.org",
        1,
    )
    assert again.id != original.id and again.message_id != original.message_id
    assert (again.subject, again.body) == (original.subject, original.body)
    assert again.attachments == original.attachments


def test_resend_of_the_start_printout_keeps_the_files_and_repeats_no_password(
    running: Engine,
    db_session: Session,
) -> None:
    _mail(running, HEADER + "Auswertung erneut 2 Runde 0")
    rows = [m for m in _outbox(db_session) if m.kind == OutboxKind.PRINTOUT and m.turn == 0]
    original = next(m for m in rows if m.to_address == "p2@example.org")
    again = rows[-1]
    assert again.id != original.id and again.to_address == "p2@example.org"
    assert again.attachments == original.attachments and again.attachments
    assert PASSWORD_PLACEHOLDER in original.body and PASSWORD_PLACEHOLDER not in again.body
    assert again.secret is None and "nicht wiederholt" in again.body
