"""The host's one catalog of texts: both languages everywhere, and no key used that is
not there."""

from __future__ import annotations

import re
import string
from pathlib import Path

from mailserver.common.catalog import TEXTS, say

ROOT = Path(__file__).resolve().parents[1]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_text_has_german_and_english_with_the_same_placeholders() -> None:
    for key, (de, en) in TEXTS.items():
        assert de.strip() and en.strip(), key
        assert _fields(de) == _fields(en), key


def test_every_key_the_host_names_is_in_the_catalog() -> None:
    used = set()
    for path in (ROOT / "mailserver").glob("*.py"):
        used |= set(re.findall(r"\bsay\(\s*[\w.\"']+,\s*\"(\w+)\"", path.read_text("utf-8")))
    assert used, "the pattern finds the calls"
    assert sorted(used - set(TEXTS)) == []


def test_say_picks_the_language() -> None:
    assert say("en", "diff_none") != say("de", "diff_none")
    assert say("fr", "diff_none") == say("de", "diff_none")  # German for anything else
