"""Test-only fault injection: die at a named point to prove that nothing is lost.

The end-to-end tests start the server with ``PBEM_TEST_CRASH_AT=<point>``; when the
process reaches that point it kills itself with SIGKILL (no cleanup, no flush), exactly
like a power cut. Without the variable every call is a no-op.

Points: ``intake-before-commit``, ``intake-after-commit`` (committed, not yet flagged
on the IMAP side), ``turn-before-commit``, ``turn-after-commit`` (committed, printouts
not yet sent).
"""

from __future__ import annotations

import os
import signal

ENV = "PBEM_TEST_CRASH_AT"


def crash_point(name: str) -> None:
    """SIGKILL this process if ``PBEM_TEST_CRASH_AT`` names ``name``."""
    if os.environ.get(ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
