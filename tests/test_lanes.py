"""The fast lane's cost stays its own: every property takes its example count from
``tests.lanes.examples`` (a tenth in the fast lane, all in the full run), docs/testing.md."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
BARE_COUNT = re.compile(r"max_examples\s*=\s*\d")
"""An example count written as a bare number: it runs in full in the fast lane too."""


def test_every_property_takes_its_example_count_from_the_lanes() -> None:
    bare = [
        f"{path.relative_to(TESTS)}:{number}: {line.strip()}"
        for path in sorted(TESTS.rglob("*.py"))
        if "bench" not in path.relative_to(TESTS).parts
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if BARE_COUNT.search(line)
    ]
    assert bare == [], "use max_examples=examples(n) (tests.lanes):\n" + "\n".join(bare)
