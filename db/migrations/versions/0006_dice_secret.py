"""The secrets of sealed dice, one per game and turn, with the turn's reveal once it ran
(docs/dice.md, "Seal", "Reveal").

Create Date: 2026-11-25 20:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"


def upgrade() -> None:
    """Upgrade the schema."""
    op.create_table(
        "dice_secret",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("secret", sa.String(), nullable=False),
        sa.Column("reveal", sa.JSON(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "turn"),
    )


def downgrade() -> None:
    """Downgrade the schema to 0005."""
    op.drop_table("dice_secret")
