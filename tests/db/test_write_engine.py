"""The engine a write transaction begins on (SQLite: ``BEGIN IMMEDIATE``)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from db.session import holds_write_lock, make_engine, transaction, write_engine


def test_the_write_engine_is_made_once_and_goes_with_its_engine(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    writer = write_engine(engine)
    assert writer is write_engine(engine)  # not a new engine for every transaction
    assert writer is not engine
    with transaction(engine) as session:
        assert holds_write_lock(session.connection())
    gone = weakref.ref(engine)
    engine.dispose()
    del engine, writer, session
    gc.collect()
    assert gone() is None  # kept on the engine, not in a table that would keep it alive
