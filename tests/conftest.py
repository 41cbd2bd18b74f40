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
  when it spawns or kills processes (``pbem`` as a child, worker processes, mypy), plays
  whole games on the clock (``pbem demo``) or reaches PostgreSQL some other way. Each such
  mark says why.

A new test on these fixtures needs no mark.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import pytest

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


@pytest.hookimpl(tryfirst=True)  # before -m deselects by the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        why = slow_because(item)
        if why is not None:
            item.add_marker(pytest.mark.slow(reason=why))


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
    from tests.toykind import TOY, TOY_GM, TOY_STEPPED

    saved = dict(registry._registered)
    for kind in (TOY, TOY_STEPPED, TOY_GM):
        registry.register(kind)
    yield
    registry._registered.clear()
    registry._registered.update(saved)
