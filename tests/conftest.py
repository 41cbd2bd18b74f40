"""Shared fixtures. The mail fixtures start a real Dovecot: see tests/mailstack.py."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import pytest

from tests.mailstack import INSTALL_HINT, MailStack, MailUser, find_dovecot


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
