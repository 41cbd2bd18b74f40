"""A game's title, as its GM names it (issue 25: ``pbem gm edit --title``).

Create Date: 2026-11-28 04:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"


def upgrade() -> None:
    """Upgrade the schema."""
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("title", sa.Text(), nullable=True))


def downgrade() -> None:
    """Downgrade the schema to 0006."""
    with op.batch_alter_table("game") as batch:
        batch.drop_column("title")
