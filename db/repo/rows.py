"""What every module of the repository shares: storing a row at once (``INSERT ...
RETURNING``, ``ON CONFLICT DO NOTHING``, statements built once per model), text as
PostgreSQL can store it, addresses as compared, and SQLite's write-lock check.
"""

from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar

from sqlalchemy import Row, Table, insert
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.orm.attributes import manager_of_class, set_committed_value
from sqlmodel import Session, SQLModel, select

from db.session import holds_write_lock

ModelT = TypeVar("ModelT", bound=SQLModel)


def normalise_address(address: str) -> str:
    """An address as stored and compared: surrounding blanks removed, lower case."""
    return address.strip().lower()


def clean_text(value: str) -> str:
    """``value`` without NUL characters, which PostgreSQL text cannot store."""
    return value.replace("\x00", "")


def _clean_optional(value: str | None) -> str | None:
    return None if value is None else clean_text(value)


def _table(model: type[SQLModel]) -> Table:
    table: Table = model.__table__  # type: ignore[attr-defined]
    return table


def _dialect_insert(session: Session, model: type[SQLModel]) -> Any:
    """``INSERT`` with ``ON CONFLICT`` support for the session's database."""
    name = session.get_bind().dialect.name
    module = postgresql if name == "postgresql" else sqlite
    return module.insert(_table(model))


@cache
def _insert_unless_taken(dialect: str, model: type[SQLModel], key: str) -> Any:
    """``INSERT ... ON CONFLICT (key) DO NOTHING RETURNING`` the primary key, for
    ``model``, built once per database kind (building a statement costs more than
    running it)."""
    module = postgresql if dialect == "postgresql" else sqlite
    table = _table(model)
    # RETURNING, not rowcount: PostgreSQL reports no rowcount with implicit RETURNING.
    stmt = module.insert(table).on_conflict_do_nothing(index_elements=[key])
    return stmt.returning(*table.primary_key.columns)


def _insert_if_absent(session: Session, obj: ModelT, key: str) -> tuple[ModelT, bool]:
    """Insert ``obj`` unless a row with the same unique ``key`` exists; return the row.

    ``INSERT ... ON CONFLICT DO NOTHING`` is race-free: on PostgreSQL a concurrent insert
    of the same key waits for the other transaction instead of failing.
    """
    model = type(obj)
    values = obj.model_dump(exclude={"id"})
    inserted = _inserted_key(session, model, values, key)
    if inserted is None:
        return _existing(session, model, key, values[key]), False
    # The row is what was inserted: no need to read it back.
    for column, value in zip(_table(model).primary_key.columns, inserted, strict=True):
        setattr(obj, column.key, value)
    return _persistent(session, obj), True


def _inserted_key(
    session: Session, model: type[SQLModel], values: Mapping[str, Any], key: str
) -> Row[Any] | None:
    """The primary key of the row of ``model`` inserted from ``values``; ``None`` when a
    row with the same unique ``key`` exists (see :func:`_insert_if_absent`)."""
    stmt = _insert_unless_taken(session.get_bind().dialect.name, model, key)
    # A Core statement: the session would only pass it on to its connection.
    return session.connection().execute(stmt, values).first()


def _existing(session: Session, model: type[ModelT], key: str, value: object) -> ModelT:
    """The row of ``model`` whose unique ``key`` is ``value``, read afresh."""
    found = select(model).where(getattr(model, key) == value)
    return session.exec(found.execution_options(populate_existing=True)).one()


def _row_object(model: type[ModelT], values: Mapping[str, Any]) -> ModelT:
    """A model object of a row stored with ``values`` (every column), made as the ORM makes
    a loaded row: without the model's ``__init__`` (a fifth of storing an inbound mail)."""
    obj: ModelT = manager_of_class(model).new_instance()
    for name, value in values.items():
        set_committed_value(obj, name, value)
    return obj


def _insert(session: Session, obj: ModelT) -> ModelT:
    """Insert ``obj`` (without an id) at once and return it, in the session with its id.

    One ``INSERT ... RETURNING id``, instead of the unit of work's flush: a flush is much
    of a short transaction's time (intake stores several rows per mail). The rows
    ``obj`` refers to must be stored already.
    """
    values = obj.model_dump(exclude={"id"})
    stmt = _insert_returning_id(type(obj))
    obj.id = session.connection().execute(stmt, values).scalar_one()
    return _persistent(session, obj)


@cache
def _insert_returning_id(model: type[SQLModel]) -> Any:
    """``INSERT ... RETURNING id`` for ``model``, built once."""
    table = _table(model)
    return insert(table).returning(table.c.id)


def _insert_values(session: Session, model: type[SQLModel], **values: Any) -> None:
    """Insert one row of ``model`` from plain ``values`` (every column but the id) at
    once, for a caller that needs no model object of it."""
    session.connection().execute(_insert_plain(model), values)


@cache
def _insert_plain(model: type[SQLModel]) -> Any:
    """``INSERT`` for ``model``, built once."""
    return insert(_table(model))


def _persistent(session: Session, obj: ModelT) -> ModelT:
    """``obj``, just inserted with its id set, as a loaded row of ``session``: later
    changes to it are flushed as an ``UPDATE``."""
    make_transient_to_detached(obj)
    session.add(obj)
    return obj


def saved(session: Session, row: ModelT) -> ModelT:
    """``row`` added to ``session`` and flushed (a new row has its id now)."""
    session.add(row)
    session.flush()
    return row


def _require_write_lock(session: Session) -> None:
    if not holds_write_lock(session.connection()):
        raise RuntimeError(
            "on SQLite this needs a transaction begun with BEGIN IMMEDIATE: "
            "use db.session.transaction(engine)"
        )
