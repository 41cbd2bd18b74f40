"""The initial schema: games, players, mails, orders, messages, snapshots, outbox, ledger.

Create Date: 2026-11-23 09:39:28.358935
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade the schema."""
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=True),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("seed", sa.String(length=20), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("gm_address", sa.Text(), nullable=False),
        sa.Column("gm_password_hash", sa.Text(), nullable=False),
        sa.Column("schedule_every_days", sa.Integer(), nullable=True),
        sa.Column("schedule_time", sa.Time(), nullable=True),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("next_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reminder_hours", sa.JSON(), nullable=False),
        sa.Column("early_run", sa.Boolean(), nullable=False),
        sa.Column("held", sa.Boolean(), nullable=False),
        sa.Column("held_reason", sa.Text(), nullable=True),
        sa.Column("held_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game")),
        sa.UniqueConstraint("number", name=op.f("uq_game_number")),
    )
    op.create_index(
        "ix_game_status_next_deadline", "game", ["status", "next_deadline"], unique=False
    )

    op.create_table(
        "mailbox_state",
        sa.Column("mailbox", sa.Text(), nullable=False),
        sa.Column("uidvalidity", sa.BigInteger(), nullable=False),
        sa.Column("last_uid", sa.BigInteger(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("mailbox", name=op.f("pk_mailbox_state")),
    )
    op.create_table(
        "unknown_sender_reply",
        sa.Column("address", sa.Text(), nullable=False),
        sa.Column("last_sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("address", name=op.f("pk_unknown_sender_reply")),
    )
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("is_current", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("address", sa.Text(), nullable=False),
        sa.Column("password_hash", sa.Text(), nullable=False),
        sa.Column("ruler_name", sa.Text(), nullable=True),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=True),
        sa.Column("nmr_count", sa.Integer(), nullable=False),
        sa.Column("balance_cents", sa.Integer(), nullable=False),
        sa.Column("joined_turn", sa.Integer(), nullable=False),
        sa.Column("left_turn", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_player_game_id_game")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
    )
    op.create_index(op.f("ix_player_address"), "player", ["address"], unique=False)
    op.create_index(op.f("ix_player_game_id"), "player", ["game_id"], unique=False)
    op.create_index(
        "uq_player_current_seat",
        "player",
        ["game_id", "seat"],
        unique=True,
        sqlite_where=sa.text("is_current"),
        postgresql_where=sa.text("is_current"),
    )

    op.create_table(
        "turn_snapshot",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("seed", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_turn_snapshot_game_id_game")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_turn_snapshot")),
        sa.UniqueConstraint("game_id", "turn", name=op.f("uq_turn_snapshot_game_id_turn")),
    )
    op.create_table(
        "inbound_mail",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.Text(), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("mailbox", sa.Text(), nullable=True),
        sa.Column("uidvalidity", sa.BigInteger(), nullable=True),
        sa.Column("uid", sa.BigInteger(), nullable=True),
        sa.Column("sender", sa.Text(), nullable=True),
        sa.Column("subject", sa.Text(), nullable=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_inbound_mail_game_id_game")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_inbound_mail_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_inbound_mail")),
        sa.UniqueConstraint("message_id", name=op.f("uq_inbound_mail_message_id")),
    )
    op.create_index(op.f("ix_inbound_mail_game_id"), "inbound_mail", ["game_id"], unique=False)
    op.create_index(
        "ix_inbound_mail_mailbox_uid",
        "inbound_mail",
        ["mailbox", "uidvalidity", "uid"],
        unique=False,
    )
    op.create_index(op.f("ix_inbound_mail_player_id"), "inbound_mail", ["player_id"], unique=False)

    op.create_table(
        "ledger_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("amount_cents", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=True),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_ledger_entry_game_id_game")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_ledger_entry_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_entry")),
    )
    op.create_index(op.f("ix_ledger_entry_game_id"), "ledger_entry", ["game_id"], unique=False)
    op.create_index(op.f("ix_ledger_entry_player_id"), "ledger_entry", ["player_id"], unique=False)

    op.create_table(
        "standby",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("address", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=True),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("preferred_kind", sa.String(length=32), nullable=True),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("assigned_player_id", sa.Integer(), nullable=True),
        sa.Column("assigned_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["assigned_player_id"], ["player.id"], name=op.f("fk_standby_assigned_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_standby")),
    )
    op.create_index(
        "ix_standby_status_created_at", "standby", ["status", "created_at"], unique=False
    )

    op.create_table(
        "game_message",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("sender_seat", sa.Integer(), nullable=True),
        sa.Column("sender_player_id", sa.Integer(), nullable=True),
        sa.Column("addressee_seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("delivered", sa.Boolean(), nullable=False),
        sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("inbound_mail_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_game_message_game_id_game")
        ),
        sa.ForeignKeyConstraint(
            ["inbound_mail_id"],
            ["inbound_mail.id"],
            name=op.f("fk_game_message_inbound_mail_id_inbound_mail"),
        ),
        sa.ForeignKeyConstraint(
            ["sender_player_id"],
            ["player.id"],
            name=op.f("fk_game_message_sender_player_id_player"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_message")),
    )
    op.create_index("ix_game_message_game_turn", "game_message", ["game_id", "turn"], unique=False)
    op.create_index(
        op.f("ix_game_message_inbound_mail_id"), "game_message", ["inbound_mail_id"], unique=False
    )
    op.create_index(
        op.f("ix_game_message_sender_player_id"), "game_message", ["sender_player_id"], unique=False
    )

    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.String(length=255), nullable=False),
        sa.Column("to_address", sa.Text(), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("in_reply_to", sa.Text(), nullable=True),
        sa.Column("thread_references", sa.Text(), nullable=True),
        sa.Column("auto_submitted", sa.String(length=32), nullable=True),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("turn", sa.Integer(), nullable=True),
        sa.Column("inbound_mail_id", sa.Integer(), nullable=True),
        sa.Column("dedup_key", sa.String(length=255), nullable=True),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_outbox_game_id_game")),
        sa.ForeignKeyConstraint(
            ["inbound_mail_id"],
            ["inbound_mail.id"],
            name=op.f("fk_outbox_inbound_mail_id_inbound_mail"),
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_outbox_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
        sa.UniqueConstraint("dedup_key", name=op.f("uq_outbox_dedup_key")),
        sa.UniqueConstraint("message_id", name=op.f("uq_outbox_message_id")),
    )
    op.create_index(op.f("ix_outbox_game_id"), "outbox", ["game_id"], unique=False)
    op.create_index(op.f("ix_outbox_inbound_mail_id"), "outbox", ["inbound_mail_id"], unique=False)
    op.create_index(op.f("ix_outbox_player_id"), "outbox", ["player_id"], unique=False)
    op.create_index(
        "ix_outbox_status_next_attempt_at", "outbox", ["status", "next_attempt_at"], unique=False
    )

    op.create_table(
        "submission",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("raw_text", sa.Text(), nullable=False),
        sa.Column("orders", sa.JSON(), nullable=False),
        sa.Column("errors", sa.JSON(), nullable=False),
        sa.Column("final", sa.Boolean(), nullable=False),
        sa.Column("inbound_mail_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_submission_game_id_game")),
        sa.ForeignKeyConstraint(
            ["inbound_mail_id"],
            ["inbound_mail.id"],
            name=op.f("fk_submission_inbound_mail_id_inbound_mail"),
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_submission_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_submission")),
    )
    op.create_index(
        "ix_submission_game_turn_seat", "submission", ["game_id", "turn", "seat"], unique=False
    )
    op.create_index(
        op.f("ix_submission_inbound_mail_id"), "submission", ["inbound_mail_id"], unique=False
    )
    op.create_index(op.f("ix_submission_player_id"), "submission", ["player_id"], unique=False)


def downgrade() -> None:
    """Downgrade the schema (drops everything)."""
    op.drop_table("submission")
    op.drop_table("outbox")
    op.drop_table("game_message")
    op.drop_table("standby")
    op.drop_table("ledger_entry")
    op.drop_table("inbound_mail")
    op.drop_table("turn_snapshot")
    op.drop_table("player")
    op.drop_table("unknown_sender_reply")
    op.drop_table("mailbox_state")
    op.drop_table("game")
