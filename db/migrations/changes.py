"""The schema changes a migration makes, each knowing how to undo itself.

A migration lists its changes once (``upgrade, downgrade = reversible(...)``); the
downgrade undoes them in reverse order, instead of a second list written by hand that could
drift from the first.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import sqlalchemy as sa
from alembic import op


class Change(Protocol):
    """One step of a migration and its undoing."""

    def apply(self) -> None:
        """Make the change."""

    def undo(self) -> None:
        """Take the change back."""


@dataclass(frozen=True)
class AddColumns:
    """Nullable columns added to a table (the rows already there get NULL)."""

    table: str
    columns: Mapping[str, sa.types.TypeEngine[Any]]

    def apply(self) -> None:
        """Add the columns, in the order given."""
        with op.batch_alter_table(self.table) as batch:
            for name, type_ in self.columns.items():
                batch.add_column(sa.Column(name, type_, nullable=True))

    def undo(self) -> None:
        """Drop the columns again."""
        with op.batch_alter_table(self.table) as batch:
            for name in reversed(list(self.columns)):
                batch.drop_column(name)


@dataclass(frozen=True)
class AddIndex:
    """A (not unique) index on columns of a table."""

    table: str
    name: str
    columns: Sequence[str]

    def apply(self) -> None:
        """Create the index."""
        op.create_index(op.f(self.name), self.table, list(self.columns), unique=False)

    def undo(self) -> None:
        """Drop the index."""
        op.drop_index(op.f(self.name), table_name=self.table)


@dataclass(frozen=True)
class CreateTable:
    """A new table. Its columns and constraints come from a function, fresh on each run:
    a column belongs to the one table it was first given to."""

    name: str
    items: Callable[[], Sequence[sa.schema.SchemaItem]]
    keywords: Mapping[str, Any] | None = None

    def apply(self) -> None:
        """Create the table."""
        op.create_table(self.name, *self.items(), **(self.keywords or {}))

    def undo(self) -> None:
        """Drop the table."""
        op.drop_table(self.name)


def per_game(
    name: str, columns: Callable[[], Sequence[sa.Column[Any]]], unique: Sequence[str]
) -> CreateTable:
    """A new table whose rows each belong to a game: an ``id`` key, the ``game_id`` (a
    foreign key to ``game``), ``columns``, and one row at most per game and ``unique``."""

    def items() -> tuple[sa.schema.SchemaItem, ...]:
        fk_name, uq_name = f"fk_{name}_game_id_game", f"uq_{name}_game_id_{'_'.join(unique)}"
        return (
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("game_id", sa.Integer(), nullable=False),
            *columns(),
            sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f(fk_name)),
            sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{name}")),
            sa.UniqueConstraint("game_id", *unique, name=op.f(uq_name)),
        )

    return CreateTable(name, items)


def game_turn_columns() -> tuple[sa.Column[Any], ...]:
    """The first columns of a table of rows that belong to a game's turn: an ``id`` key,
    the ``game_id`` (a foreign key to ``game``) and the ``turn``."""
    return (
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
    )


def reversible(*changes: Change) -> tuple[Callable[[], None], Callable[[], None]]:
    """The ``upgrade`` that applies ``changes`` in order, and the ``downgrade`` that undoes
    them in reverse order."""

    def upgrade() -> None:
        for change in changes:
            change.apply()

    def downgrade() -> None:
        for change in reversed(changes):
            change.undo()

    return upgrade, downgrade
