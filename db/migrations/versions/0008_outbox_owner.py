"""Outbox claims name their owner, and servers keep a heartbeat: a dead server's claims
are taken over at once instead of after the lease (docs/host-rules.md, "Delivery").

Create Date: 2026-11-28 04:00:00
"""

import sqlalchemy as sa

from db.migrations.changes import AddColumns, AddIndex, CreateTable, reversible

revision: str = "0008"
down_revision: str | None = "0007"


def server() -> tuple[sa.schema.SchemaItem, ...]:
    """A running server process that sends outbox mail, alive while it renews
    ``heartbeat_at``; the mails it claimed are free once that is stale."""
    return (
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("host", sa.Text(), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=False),
    )


upgrade, downgrade = reversible(
    # ids never reused: claims name them
    CreateTable("server", server, {"sqlite_autoincrement": True}),
    AddColumns("outbox", {"claimed_by": sa.Integer()}),
    AddIndex("outbox", "ix_outbox_claimed_by", ["claimed_by"]),
)
