"""The web pages' secret links: a generation and a revoked flag per seat, and the host's
generated key.

Create Date: 2026-12-01 10:00:00
"""

import sqlalchemy as sa
from alembic import op

from db.migrations.changes import CreateTable, per_game, reversible

revision: str = "0003"
down_revision: str | None = "0002"

upgrade, downgrade = reversible(
    per_game(
        "web_access",
        lambda: (
            sa.Column("seat", sa.Integer(), nullable=False),
            sa.Column("generation", sa.Integer(), nullable=False),
            sa.Column("revoked", sa.Boolean(), nullable=False),
            sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        ),
        unique=["seat"],
    ),
    CreateTable(
        "host_secret",
        lambda: (
            sa.Column("name", sa.String(length=64), nullable=False),
            sa.Column("value", sa.Text(), nullable=False),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
            sa.PrimaryKeyConstraint("name", name=op.f("pk_host_secret")),
        ),
    ),
)
