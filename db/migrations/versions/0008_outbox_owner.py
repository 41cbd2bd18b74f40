"""Outbox claims name their owner, and servers keep a heartbeat: a dead server's claims
are taken over at once instead of after the lease (docs/host-rules.md, "Delivery").

Create Date: 2026-11-28 04:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"


def upgrade() -> None:
    """Upgrade the schema."""
    op.create_table(
        "server",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("host", sa.Text(), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=False),
        sqlite_autoincrement=True,  # ids never reused: claims name them
    )
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("claimed_by", sa.Integer(), nullable=True))
        batch.create_index("ix_outbox_claimed_by", ["claimed_by"])


def downgrade() -> None:
    """Downgrade the schema to 0006."""
    with op.batch_alter_table("outbox") as batch:
        batch.drop_index("ix_outbox_claimed_by")
        batch.drop_column("claimed_by")
    op.drop_table("server")
