"""Game kinds of every shape (the inputs of each evaluation, the GM's reports, attachments,
per-seat fields) and mail safety (identical mails, bounced addresses, passwords kept
out of stored mail bodies).

Create Date: 2026-11-23 19:45:00
"""

from typing import Any

import sqlalchemy as sa

from db.migrations.changes import AddColumns, AddIndex, per_game, reversible

revision: str = "0002"
down_revision: str | None = "0001"


def gm_report() -> tuple[sa.Column[Any], ...]:
    """The GM's report to one seat for a GM-adjudicated turn (its printout to be), with
    its attachments; one per game, turn and seat."""
    return (
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("attachments", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


upgrade, downgrade = reversible(
    AddColumns("turn_snapshot", {"inputs": sa.JSON()}),
    AddColumns("outbox", {"attachments": sa.JSON()}),
    AddColumns("player", {"seat_fields": sa.JSON(), "bounced_at": sa.DateTime(timezone=True)}),
    AddColumns("inbound_mail", {"content_hash": sa.String(length=64)}),
    AddIndex("inbound_mail", "ix_inbound_mail_content_hash", ["content_hash"]),
    AddColumns("outbox", {"secret": sa.Text()}),
    per_game("gm_report", gm_report, unique=["turn", "seat"]),
    AddIndex("gm_report", "ix_gm_report_game_id", ["game_id"]),
)
