"""Byte-for-byte comparison of printouts with the files in tests/ashes/snapshots/.

Regenerate deliberately: ``ASHES_UPDATE_SNAPSHOTS=1 python -m pytest tests/ashes``.
"""

from __future__ import annotations

import os
from pathlib import Path

SNAPSHOTS = Path(__file__).parent / "snapshots"


def check_snapshot(name: str, text: str) -> None:
    """Assert that ``text`` equals the stored snapshot ``name`` (or store it on request)."""
    path = SNAPSHOTS / name
    if os.environ.get("ASHES_UPDATE_SNAPSHOTS") == "1":
        path.write_text(text, encoding="utf-8", newline="\n")
    assert path.exists(), f"missing snapshot {path}; run with ASHES_UPDATE_SNAPSHOTS=1"
    assert text == path.read_text(encoding="utf-8"), f"printout differs from {path}"
