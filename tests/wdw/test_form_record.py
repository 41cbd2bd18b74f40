"""The ruling form (engine.wdw.form) on the questions the dossier's finding of the month
asked (engine.wdw.asking.Record): defaults that answer every question as recorded leave
that month, which is not found again; the form's lines are the same either way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import Ruling
from engine.wdw import form
from engine.wdw.asking import Record, by_item
from engine.wdw.forecast import standing
from engine.wdw.items import Finding, Items, find_items
from tests.wdw.test_ruling_mail import crowd

WORLDS = [("KA", "KV"), ("KA", "KT"), ("KX", "KA", "KT", "KH"), ("KN", "KT", "KT")]
"""Crowds whose form's defaults leave the month (fights only) and change it (KT: an E
answer sends a side back; KX: a hiding unit's D question)."""


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """The arguments of each time the form finds the month (a list to append to)."""
    calls: list[tuple[Any, ...]] = []

    def counting(*args: Any) -> Items:
        calls.append(args)
        return find_items(*args)

    monkeypatch.setattr(form, "find_items", counting)
    return calls


@pytest.mark.parametrize("codes", WORLDS)
def test_the_form_on_the_recorded_questions_has_the_lines_of_the_form_without(
    codes: Sequence[str],
) -> None:
    state, orders = crowd(codes)
    kept = standing(state, orders).orders
    finding = Finding.of(state)
    items = find_items(state, kept, (), finding.record, finding.scene)
    assert form.form_lines(state, kept, items, "de", finding) == form.form_lines(
        state, kept, find_items(state, kept), "de"
    )


def test_defaults_answering_as_recorded_do_not_find_the_month_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, orders = crowd(("KA", "KV"))  # fights only: "Sieger A" changes no question
    kept = standing(state, orders).orders
    finding = Finding.of(state)
    items = find_items(state, kept, (), finding.record)
    calls = _counted(monkeypatch)
    lines = form.form_lines(state, kept, items, "de", finding)
    assert calls == []
    assert [line.split()[0] for line in lines] == items.ids()
    form.form_lines(state, kept, items, "de")  # without the record: found again to see
    assert len(calls) == 1


def test_defaults_answering_otherwise_find_the_month_on_the_findings_scene(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, orders = crowd(("KA", "KT"))  # "A überlegen" sends a KT side back (Tab. 6.1-1)
    kept = standing(state, orders).orders
    finding = Finding.of(state)
    items = find_items(state, kept, (), finding.record, finding.scene)
    calls = _counted(monkeypatch)
    form.form_lines(state, kept, items, "de", finding)
    assert len(calls) >= 1
    assert all(call[4] is finding.scene for call in calls)  # the sides' figures kept


def test_a_record_is_alike_only_for_rulings_answering_each_question_as_recorded() -> None:
    state, orders = crowd(("KA", "KT"))
    kept = standing(state, orders).orders
    record = Record()
    find_items(state, kept, (), record)
    assert record.alike({})
    assert record.alike(by_item([Ruling("X9", "abgelehnt")]))  # an item never asked
    assert not record.alike(by_item([Ruling("E1", "A überlegen")]))
