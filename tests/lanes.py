"""Which lane this run is: the fast lane (``pytest -m "not slow"``) or the full run.

tests/conftest.py sets :data:`FAST` when the run starts, before any test module is
imported, so that a module may use it at import time (in ``@settings``).
"""

from __future__ import annotations

FAST = False
"""Whether this run is the fast lane."""

FAST_LANE_SHARE = 10
"""The fast lane runs a property with a tenth of its examples."""


def examples(full: int) -> int:
    """Hypothesis examples for a property: ``full`` in the full run, a tenth of them (at
    least one) in the fast lane. Properties with Hypothesis' default take a tenth of it
    there too (tests/conftest.py loads a profile)."""
    return max(1, full // FAST_LANE_SHARE) if FAST else full
