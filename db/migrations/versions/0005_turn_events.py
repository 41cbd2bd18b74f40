"""The engine's events kept with each turn's snapshot (a finished game's final report is
made from the ``game_over`` event there, not by evaluating the last turn again).

Create Date: 2026-12-03 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"


def upgrade() -> None:
    """Upgrade the schema."""
    with op.batch_alter_table("turn_snapshot") as batch:
        batch.add_column(sa.Column("events", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Downgrade the schema to 0004."""
    with op.batch_alter_table("turn_snapshot") as batch:
        batch.drop_column("events")
