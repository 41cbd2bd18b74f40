"""docs/gm-wdw.md shows a real month: its dossier, the GM's ruling mail and the reply are
what the server writes for the sample scenario with the doc's orders, byte for byte
(regenerated with ``python -m tests.wdw.gm_doc --regen``)."""

from __future__ import annotations

from sqlalchemy import Engine

from tests.wdw.gm_doc import DOC, DocMonth, main, play, regenerated, shown


def test_the_gm_doc_shows_the_dossier_and_reply_the_server_writes(db_engine: Engine) -> None:
    month = play(db_engine)
    doc = shown(DOC.read_text(encoding="utf-8"))
    assert doc.dossier == month.dossier, "regenerate: python -m tests.wdw.gm_doc --regen"
    assert doc.ruling_mail == month.ruling_mail
    assert doc.reply == month.reply


def test_regenerating_replaces_only_the_months_blocks() -> None:
    text = DOC.read_text(encoding="utf-8")
    month = DocMonth(dossier="D\nx", ruling_mail="M", reply="R")
    changed = regenerated(text, month)
    assert shown(changed) == month
    assert regenerated(changed, shown(text)) == text


def test_the_regeneration_command_needs_its_flag() -> None:
    assert main([]) == 2
