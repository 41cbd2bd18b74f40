"""The GM's rulings on a GM-adjudicated turn, inputs of the turn (issue 24).

Create Date: 2026-11-28 07:10:00
"""

import sqlalchemy as sa

from db.migrations.changes import AddIndex, CreateTable, game_turn_columns, reversible

revision: str = "0009"
down_revision: str | None = "0008"


def gm_ruling() -> tuple[sa.schema.SchemaItem, ...]:
    """One of the GM's rulings on a GM-adjudicated turn, an input of the turn: the open
    item it answers, a correction (with its reason) or the game's end."""
    return (
        *game_turn_columns(),
        sa.Column("item", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


upgrade, downgrade = reversible(
    CreateTable("gm_ruling", gm_ruling),
    AddIndex("gm_ruling", "ix_gm_ruling_game_id", ["game_id"]),
)
