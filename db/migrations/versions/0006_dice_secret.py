"""The secrets of sealed dice, one per game and turn, with the turn's reveal once it ran
(docs/dice.md, "Seal", "Reveal").

Create Date: 2026-11-25 20:00:00
"""

import sqlalchemy as sa

from db.migrations.changes import CreateTable, game_turn_columns, reversible

revision: str = "0006"
down_revision: str | None = "0005"


def dice_secret() -> tuple[sa.schema.SchemaItem, ...]:
    """The secret of one turn's sealed dice: drawn before the turn opens, its SHA-256
    printed as the seal, itself revealed with the turn's printouts."""
    return (
        *game_turn_columns(),
        sa.Column("secret", sa.String(), nullable=False),
        sa.Column("reveal", sa.JSON(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "turn"),
    )


upgrade, downgrade = reversible(CreateTable("dice_secret", dice_secret))
