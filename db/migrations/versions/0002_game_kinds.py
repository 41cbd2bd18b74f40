"""Game kinds of every shape (the inputs of each evaluation, the GM's reports, attachments,
per-seat fields) and mail safety (identical mails, bounced addresses, passwords kept
out of stored mail bodies).

Create Date: 2026-11-23 19:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"


def upgrade() -> None:
    """Upgrade the schema."""
    with op.batch_alter_table("turn_snapshot") as batch:
        batch.add_column(sa.Column("inputs", sa.JSON(), nullable=True))
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("attachments", sa.JSON(), nullable=True))
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("seat_fields", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("bounced_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("inbound_mail") as batch:
        batch.add_column(sa.Column("content_hash", sa.String(length=64), nullable=True))
        batch.create_index(batch.f("ix_inbound_mail_content_hash"), ["content_hash"], unique=False)
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("secret", sa.Text(), nullable=True))
    op.create_table(
        "gm_report",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("attachments", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_gm_report_game_id_game")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_gm_report")),
        sa.UniqueConstraint("game_id", "turn", "seat", name=op.f("uq_gm_report_game_id_turn_seat")),
    )
    op.create_index(op.f("ix_gm_report_game_id"), "gm_report", ["game_id"], unique=False)


def downgrade() -> None:
    """Downgrade the schema to 0001."""
    op.drop_index(op.f("ix_gm_report_game_id"), table_name="gm_report")
    op.drop_table("gm_report")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("secret")
    with op.batch_alter_table("inbound_mail") as batch:
        batch.drop_index(batch.f("ix_inbound_mail_content_hash"))
        batch.drop_column("content_hash")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("bounced_at")
        batch.drop_column("seat_fields")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("attachments")
    with op.batch_alter_table("turn_snapshot") as batch:
        batch.drop_column("inputs")
