"""A player's choice of the files his printouts carry (the map, the JSON twin).

Create Date: 2026-12-02 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"


def upgrade() -> None:
    """Upgrade the schema."""
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("printout_files", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Downgrade the schema to 0003."""
    with op.batch_alter_table("player") as batch:
        batch.drop_column("printout_files")
