"""A game is created on the command line (``pbem gm create``, docs/gm-commands.md): the
GM's web pages serve a game that exists, so no doc may send a GM to a web form to make one."""

from __future__ import annotations

import re
from pathlib import Path

from mailserver.web.gm_desk import ACTIONS

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_gm_desk_has_no_button_that_creates_a_game() -> None:
    assert not [action for action in ACTIONS if "create" in action]


def test_no_doc_sends_the_gm_to_a_web_form_to_create_a_game() -> None:
    wrong = [
        f"{page.name}: {paragraph[:80]!r}"
        for page in sorted(DOCS.glob("*.md"))
        for paragraph in page.read_text("utf-8").split("\n\n")
        if "gm create" in paragraph and re.search(r"(?<!no )web form", paragraph)
    ]
    assert not wrong
