"""Shared fixtures, and which tests are slow.

The mail fixtures start a real Dovecot: see tests/mailstack.py.

The fast lane: ``pytest -m "not slow"`` runs the tests that need no mail server, no
browser, no PostgreSQL and no process of their own; the README's ``pytest`` runs them all.
A test is marked ``slow``

* here, automatically (:func:`pytest_collection_modifyitems`), when it uses one of
  :data:`SLOW_FIXTURES` (a real Dovecot, and through it every ``pbem serve`` process of
  tests/e2e, or Chromium), directly or through another fixture, or when one of its
  parameters is one of :data:`SLOW_PARAMS`: the PostgreSQL variant of every test on
  ``db_url``/``db_engine``/``db_session`` (tests/dbfixtures.py), also when pinned with
  ``parametrize("db_url", ["postgresql"], indirect=True)``, and of the tests that take a
  ``backend`` parameter, and the Dovecot variant of the local mail stack
  (tests/localmail); their SQLite and embedded variants stay in the fast lane;
* in its module, by hand (``pytestmark = pytest.mark.slow`` or ``@pytest.mark.slow``),
  when it spawns or kills processes (``pbem`` as a child, worker processes, mypy), waits
  on the real clock (the scheduler's deadlines, ``pbem demo``'s turns) or reaches
  PostgreSQL some other way. Each such mark says why.

A new test on these fixtures needs no mark.

In the fast lane (a run whose ``-m`` says ``not slow``) the tests take shortcuts that
change no outcome, only the cost; the full run takes none. They hold for the whole
session (:func:`fast_lane_defaults`), so also for the games a fixture of a module or a
session plays before its first test; a test marked ``real_...`` gets the real thing back
(:func:`fast_lane_shortcuts`):

* passwords are hashed with Argon2id at :data:`tests.factories.QUICK_HASHING` instead of
  19 MiB and two passes, from the start (also the hashes test modules make when
  imported): the parameters travel with each stored hash, so verifying works the same,
  and those hashes are current (no rehash) while the cost stays so. A test of the hash
  itself is marked ``real_hashing`` and gets the real cost;
* the host's map pictures are stand-ins (:func:`stand_in_map`): a valid PNG of one pixel
  that carries a digest of the map view, so that the same view gives the same bytes and
  another view other bytes, as ``render_map`` does, at a ten-thousandth of its cost. The
  tests of the fast lane that look at a picture draw it for real: tests/views (the
  drawing itself, on views of both kinds, with ``render_map`` imported by the test) and
  the tests marked ``real_maps`` (in the full run tests/golden: every map of an Ashes
  and a Starweb game through the host, byte for byte by its digest). For those a
  picture is drawn once per map view and session. Should ``render_map`` be renamed, the
  maps are drawn for real again: slower, not wrong;
* ``CliRunner.invoke`` builds the command line's click command of a Typer app once per
  session instead of once per call (typer builds it from the registered functions,
  which do not change; the run of the command is untouched);
* SQLite does not wait for the disk (``PRAGMA synchronous=OFF`` on every connection
  taken from a pool, after the host's own settings): the same rows and locks, only no
  ``fsync`` at each checkpoint (each engine disposed, each file closed), which costs
  more than the queries. The test of the host's SQLite settings is marked
  ``real_sqlite`` and gets them unchanged on the connections it opens (on an engine of
  its own: the connections ``db_engine`` keeps in its pool were set before);
* a new SQLite database file gets a copy of one migrated once per session
  (``tests.dbfixtures.from_template``) instead of every migration anew: the same schema
  and rows, written into a file the host opened. Every other migration (an existing
  file, another revision, PostgreSQL) runs for real, and so does every migration of a
  test marked ``real_migrations``.

And the property tests run a tenth of their examples there (``tests.lanes.examples``,
and a Hypothesis profile for those on Hypothesis' default): fewer cases, each as strict.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import sqlite3
import struct
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import typer
import typer.testing
from hypothesis import settings
from sqlalchemy import event
from sqlalchemy.pool import Pool

import db.passwords
import db.session
import tests.bytecode  # noqa: F401  (keeps the bytecode of every module imported after it)
from tests import lanes
from tests.dbfixtures import from_template
from tests.factories import QUICK_HASHING
from tests.mailstack import INSTALL_HINT, MailStack, MailUser, find_dovecot

SLOW_FIXTURES = frozenset(
    {"mailstack", "mail_user", "private_mailstack", "mailstack_factory", "browser"}
)
"""Fixtures of a real Dovecot (tests/mailstack.py) or a real browser (tests/web)."""
SLOW_PARAMS = frozenset({"postgresql", "dovecot"})
"""Parameter values that name a real server: PostgreSQL (the database backend of
tests/dbfixtures.py and of the ``backend`` parameters) and Dovecot (the local mail stack's
``kind``)."""


def slow_because(item: pytest.Item) -> str | None:
    """Why ``item`` belongs to the slow lane by its fixtures or parameters; None if not."""
    used = sorted(SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ())))
    if used:
        return f"uses {', '.join(used)}"
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    for name, value in params.items():
        if isinstance(value, str) and value in SLOW_PARAMS:
            return f"{name} is {value}"
    return None


FAST_LANE = pytest.StashKey[bool]()
"""Whether this run is the fast lane: its ``-m`` expression says ``not slow``."""
REAL_HASHING = db.passwords.COST
"""Argon2id's real cost, for the full run and the tests marked ``real_hashing``."""


FAST_LANE_WORKERS = 2
"""The fast lane runs in this many processes (pytest-xdist) unless ``-n`` says otherwise:
one per core of the 2-core machine the project is measured on (docs/testing.md)."""


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads -n
def pytest_cmdline_main(config: pytest.Config) -> None:
    fast = "not slow" in (config.getoption("markexpr") or "")
    chosen = getattr(config.option, "numprocesses", None) is not None
    if fast and not chosen and not hasattr(config, "workerinput"):
        config.option.numprocesses = FAST_LANE_WORKERS


def pytest_configure(config: pytest.Config) -> None:
    fast = "not slow" in (config.getoption("markexpr") or "")
    config.stash[FAST_LANE] = lanes.FAST = fast
    if fast:
        db.passwords.COST = QUICK_HASHING
        config.add_cleanup(lambda: setattr(db.passwords, "COST", REAL_HASHING))
        settings.register_profile(
            "fast-lane", max_examples=lanes.examples(settings.default.max_examples)
        )
        settings.load_profile("fast-lane")


@pytest.hookimpl(tryfirst=True)  # before -m deselects by the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        why = slow_because(item)
        if why is not None:
            item.add_marker(pytest.mark.slow(reason=why))


_DRAWN: dict[str, bytes] = {}
"""The fast lane's real map pictures (tests marked ``real_maps``): PNG by the ``repr``
of the map view."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def stand_in_map(view: Any) -> bytes:
    """The fast lane's map picture: a valid PNG of one grey pixel whose text chunk holds
    the SHA-256 of the view's ``repr`` (the same view, the same bytes)."""
    digest = hashlib.sha256(repr(view).encode()).hexdigest().encode()
    return b"".join(
        (
            PNG_SIGNATURE,
            _png_chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)),
            _png_chunk(b"tEXt", b"Comment\0fast-lane stand-in of map view " + digest),
            _png_chunk(b"IDAT", zlib.compress(b"\0\x80")),
            _png_chunk(b"IEND", b""),
        )
    )


@functools.cache
def _map_drawers() -> tuple[tuple[ModuleType, Callable[[Any], bytes]], ...]:
    """Every host module holding the map drawing ``render_map`` (found by name, so that
    it is found wherever the module lives), with the function."""
    return tuple(
        (module, draw)
        for module in list(sys.modules.values())
        if module is not None
        and module.__name__.startswith("mailserver")
        and callable(draw := getattr(module, "render_map", None))
        and getattr(draw, "__module__", "").startswith("mailserver")
    )


def _drawn_once(draw: Callable[[Any], bytes]) -> Callable[[Any], bytes]:
    def render_map(view: Any) -> bytes:
        key = repr(view)
        if key not in _DRAWN:
            _DRAWN[key] = draw(view)
        return _DRAWN[key]

    return render_map


_COMMANDS: dict[int, tuple[typer.Typer, Any]] = {}
"""The fast lane's click commands (typer's own click), by the ``id`` of their Typer app
(the app is kept with its command, so that its ``id`` is not given to another app)."""
_build_command = typer.testing._get_command


def _command_once(app: typer.Typer) -> Any:
    if id(app) not in _COMMANDS:
        _COMMANDS[id(app)] = (app, _build_command(app))
    return _COMMANDS[id(app)][1]


def _unsynced(dbapi_connection: Any, record: Any, proxy: Any) -> None:
    """A pool's ``checkout``: the SQLite connection stops waiting for the disk."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        dbapi_connection.execute("PRAGMA synchronous=OFF")


@functools.cache
def _upgrades_found() -> tuple[tuple[ModuleType, Callable[..., None]], ...]:
    """Every module holding the host's migration ``db.session.upgrade`` (its own and those
    that import it by name), with the function."""
    return tuple(
        (module, db.session.upgrade)
        for module in list(sys.modules.values())
        if module is not None and getattr(module, "upgrade", None) is db.session.upgrade
    )


@pytest.fixture(scope="session", autouse=True)
def fast_lane_defaults(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """The fast lane's shortcuts (see the module text) for the whole session, set up
    before any fixture of a module or a session makes its games; nothing in the full run.
    :func:`fast_lane_shortcuts` takes them back for a test marked ``real_...``."""
    if not request.config.stash[FAST_LANE]:
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        for module, _ in _map_drawers():
            patch.setattr(module, "render_map", stand_in_map)
        patch.setattr(typer.testing, "_get_command", _command_once)
        migrated = from_template(db.session.upgrade, tmp_path_factory.mktemp("migrated"))
        for module, _ in _upgrades_found():
            patch.setattr(module, "upgrade", migrated)
        event.listen(Pool, "checkout", _unsynced)
        try:
            yield
        finally:
            event.remove(Pool, "checkout", _unsynced)


@pytest.fixture(autouse=True)
def fast_lane_shortcuts(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real thing in the fast lane for a test marked ``real_hashing``, ``real_maps``
    (each map drawn once per session), ``real_sqlite`` or ``real_migrations``."""
    if not request.config.stash[FAST_LANE]:
        return
    if request.node.get_closest_marker("real_hashing") is not None:
        monkeypatch.setattr(db.passwords, "COST", REAL_HASHING)
    if request.node.get_closest_marker("real_maps") is not None:
        for module, draw in _map_drawers():
            monkeypatch.setattr(module, "render_map", _drawn_once(draw))
    if request.node.get_closest_marker("real_migrations") is not None:
        for module, upgrade in _upgrades_found():
            monkeypatch.setattr(module, "upgrade", upgrade)
    if request.node.get_closest_marker("real_sqlite") is not None:
        event.remove(Pool, "checkout", _unsynced)
        request.addfinalizer(lambda: event.listen(Pool, "checkout", _unsynced))


def _new_stack(extra_config: str = "") -> MailStack:
    if find_dovecot() is None:
        pytest.fail(INSTALL_HINT, pytrace=False)
    stack = MailStack(extra_config=extra_config)
    try:
        stack.start()
        stack.smtp_up()
    except BaseException:
        stack.close()
        raise
    return stack


@pytest.fixture
def no_pbem_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No PBEM_* variable of the caller's environment: it would override what the test
    sets up (a module takes it with ``pytest.mark.usefixtures``)."""
    for name in list(os.environ):
        if name.startswith("PBEM_"):
            monkeypatch.delenv(name)


@pytest.fixture
def own_folder(no_pbem_environment: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No PBEM_* variable, and a working folder of the test's own: where a command looks
    for its default database."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="session")
def mailstack() -> Iterator[MailStack]:
    """One Dovecot + SMTP relay for the whole session; give each test its own users."""
    stack = _new_stack()
    yield stack
    stack.close()


@pytest.fixture
def mail_user(mailstack: MailStack) -> MailUser:
    """A fresh mailbox on the session stack."""
    return mailstack.new_user()


@pytest.fixture
def mailstack_factory() -> Iterator[Callable[..., MailStack]]:
    """Make private stacks (``extra_config`` goes into dovecot.conf); closed after the test."""
    with contextlib.ExitStack() as cleanup:

        def make(extra_config: str = "") -> MailStack:
            stack = _new_stack(extra_config)
            cleanup.callback(stack.close)
            return stack

        yield make


@pytest.fixture
def private_mailstack(mailstack_factory: Callable[..., MailStack]) -> MailStack:
    """A stack of this test's own, for tests that stop or restart Dovecot."""
    return mailstack_factory()


@pytest.fixture
def toy_kinds() -> Iterator[None]:
    """The test game kinds (tests/toykind) registered for one test, then removed again."""
    from engine import registry
    from tests.toykind import TOY, TOY_GM, TOY_RULED, TOY_STEPPED

    saved = dict(registry._registered)
    for kind in (TOY, TOY_STEPPED, TOY_GM, TOY_RULED):
        registry.register(kind)
    yield
    registry._registered.clear()
    registry._registered.update(saved)
