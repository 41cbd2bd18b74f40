"""The directly written wire bytes are the email package's, byte for byte."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mailserver.outbound.smtp import Attachment, build_message, flatten
from mailserver.outbound.wire import flat_mail
from tests.lanes import examples

BASE: dict[str, Any] = {
    "from_addr": "pbem@bench.example",
    "from_name": "PBEM Spielleitung",
    "to": "g1p1@bench.example",
    "subject": "Ashes 1: Zug 1",
    "body": "Guten Tag.\n",
    "message_id": "<abc@bench.example>",
    "auto_submitted": "auto-generated",
    "date": datetime(2026, 1, 1, 17, 0, tzinfo=UTC),
}
TWIN = Attachment("ashes-1-1.json", "application/json", json.dumps(list(range(300))).encode())
MAP = Attachment("ashes-1-1.png", "image/png", bytes(range(256)) * 5)


def both(**changes: Any) -> tuple[bytes, bytes]:
    """The email package's bytes and the direct ones for ``BASE`` with ``changes``."""
    values = {**BASE, **changes}
    direct = flat_mail(**values)
    assert direct is not None
    built = flatten(build_message(**values))
    assert (direct.sender, direct.recipients, direct.utf8) == (
        built.sender,
        built.recipients,
        built.utf8,
    )
    assert direct.message_id == built.message_id
    return built.data, direct.data


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"attachments": [TWIN]},
        {"attachments": [TWIN, MAP]},
        {"body": ""},
        {"body": "x" * 200 + "\r\nFrom here\n.\n  trailing  \n\tTab\n"},
        {"body": "Zölle – 100 €\nÄrger\n", "subject": "Zug 3 – Auswertung für Spieler Ärger"},
        {"subject": "Ashes 12: " + "ein sehr langer Betreff " * 6},
        {"in_reply_to": "<p@x.example>", "references": ["<a@b.example>", "junk"]},
        {"references": [f"<r{n}@x.example>" for n in range(14)]},
        {"auto_submitted": None, "from_name": ""},
    ],
)
def test_direct_bytes_equal_the_email_packages(changes: dict[str, Any]) -> None:
    built, direct = both(**changes)
    assert direct == built


@settings(max_examples=examples(60), deadline=None)
@given(
    body=st.text(st.characters(blacklist_categories=["Cs"]), max_size=400),
    subject=st.text(st.characters(blacklist_categories=["Cs"]), max_size=120),
    data=st.binary(max_size=300),
    with_file=st.booleans(),
)
def test_any_body_and_subject_give_the_email_packages_bytes(
    body: str, subject: str, data: bytes, with_file: bool
) -> None:
    files = [Attachment("twin.json", "application/json", data)] if with_file else []
    built, direct = both(body=body, subject=subject, attachments=files)
    assert direct == built


@pytest.mark.parametrize(
    "changes",
    [
        {"to": "spieler@bücher.example"},
        {"from_name": "Doe, John"},
        {"attachments": [Attachment("Karte ä.png", "image/png", b"x")]},
        {"attachments": [Attachment("notes.txt", "text/plain", b"x")]},
    ],
)
def test_other_shapes_are_left_to_the_email_package(changes: dict[str, Any]) -> None:
    assert flat_mail(**{**BASE, **changes}) is None


def test_a_junk_address_is_refused_as_by_the_email_package() -> None:
    with pytest.raises(ValueError):
        build_message(**{**BASE, "to": "not an address"})
    with pytest.raises(ValueError):
        flat_mail(**{**BASE, "to": "not an address"})
