"""The web pages' secret links: a generation and a revoked flag per seat, and the host's
generated key.

Create Date: 2026-12-01 10:00:00
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

from db.migrations.changes import CreateTable, per_game, reversible

revision: str = "0003"
down_revision: str | None = "0002"


def web_access() -> tuple[sa.Column[Any], ...]:
    """A seat's secret web link (seat 0: the GM's): which generation of it is valid, or
    that it is revoked (no row: generation 1, not revoked)."""
    return (
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.Column("revoked", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def host_secret() -> tuple[sa.schema.SchemaItem, ...]:
    """A key of the host generated once and shared by every process on the database
    (the web links' key when the settings give none)."""
    return (
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_host_secret")),
    )


upgrade, downgrade = reversible(
    per_game("web_access", web_access, unique=["seat"]),
    CreateTable("host_secret", host_secret),
)
