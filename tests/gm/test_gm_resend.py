"""A printout resent (``pbem gm resend``, ``Auswertung erneut``) is the
mail that was sent, its map and JSON files and all."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session

from db.models import PASSWORD_PLACEHOLDER, OutboxKind
from tests.gm.test_cli_gm import create, outbox
from tests.gm.test_cli_gm import gm as pbem_gm
from tests.gm.test_gm_mail import HEADER, _mail, _outbox

# ------------------------------------------------------------------------ resend


def test_resend_is_the_original_mail_with_its_map_and_json(
    config: Path,
    engine: Engine,
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
    running_227: Engine,
    db_session: Session,
) -> None:
    _mail(running_227, HEADER + "Auswertung erneut 2 Runde 0")
    rows = [m for m in _outbox(db_session) if m.kind == OutboxKind.PRINTOUT and m.turn == 0]
    original = next(m for m in rows if m.to_address == "p2@example.org")
    again = rows[-1]
    assert again.id != original.id and again.to_address == "p2@example.org"
    assert again.attachments == original.attachments and again.attachments
    assert PASSWORD_PLACEHOLDER in original.body and PASSWORD_PLACEHOLDER not in again.body
    assert again.secret is None and "nicht wiederholt" in again.body
