"""The tests keep the bytecode of what they compile, outside the source tree.

With ``PYTHONDONTWRITEBYTECODE`` set (as on the project's measuring machine), every test
process compiled every module of the project and every test module (pytest's assertion
rewriting) anew: about two thirds of a process's collecting, and again in each process
of the fast lane and in each ``pbem`` a test starts. Imported by tests/conftest.py before
the project's modules and the test modules, this module lets Python and pytest write
their bytecode into :data:`PREFIX`, a folder git ignores, instead of the source tree, and
hands the same to the processes the tests start. Python checks each cached file against
its source, so a changed module is compiled again: only the cost changes, no outcome.
A ``PYTHONPYCACHEPREFIX`` of the caller's own is kept.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PREFIX = Path(__file__).resolve().parents[1] / ".pytest_cache" / "pycache"
"""Where the bytecode goes unless the caller chose a place (``.pytest_cache`` is ignored
by git)."""

if sys.pycache_prefix is None:
    sys.pycache_prefix = str(PREFIX)
sys.dont_write_bytecode = False
os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
