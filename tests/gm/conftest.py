"""What the GM tests share: the database fixtures, and for ``pbem gm`` a settings file
with its SQLite database."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from db.session import make_engine
from tests.dbfixtures import db_engine, db_session, db_url  # noqa: F401
from tests.gm.test_gm_mail import start_game_227


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """Settings for ``pbem gm --config`` with a SQLite database in ``tmp_path``."""
    path = tmp_path / "pbem.toml"
    path.write_text(
        f'database_url = "sqlite:///{tmp_path / "pbem.sqlite3"}"\n'
        '[smtp]\nfrom_address = "server@example.org"\n',
        encoding="utf-8",
    )
    return path


@pytest.fixture
def engine(config: Path) -> Iterator[Engine]:
    """The database of ``config``."""
    engine = make_engine(f"sqlite:///{config.parent / 'pbem.sqlite3'}")
    yield engine
    engine.dispose()


@pytest.fixture
def running_227(db_engine: Engine) -> Engine:  # noqa: F811
    """Game 227 of Ashes started by GM mail, as in tests/gm/test_gm_mail.py."""
    return start_game_227(db_engine)
