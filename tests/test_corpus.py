"""The corpus of real-looking order mails: raw mail in, what the player should get out.

Every ``tests/data/mails/NN-name.eml`` is a raw RFC 822 mail as a real client sends it;
``NN-name.expected.json`` beside it says what a careful game master reads in it:

* ``header``: game, player, turn and whether a password was given;
* ``orders``: the exact list in the ``pbem parse --json`` form; ``line`` is the line in
  the mail's text body as the player typed it (left out for HTML-only mails);
* ``errors``: one object per expected error, matched by ``line`` (and ``column`` if
  given) and ``contains``: substrings (case-insensitive) of the English message or of
  the suggestion;
* ``notes_min``: at least this many notes (greetings, covering text).

The expectations are the specification: when the parser disagrees, the parser is wrong.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import ParseError, ParseResult
from grammar.ashes import PRINTOUT_HEADINGS, parse
from mailserver.inbound.mailbody import extract_order_text

MAILS = Path(__file__).parent / "data" / "mails"
CORPUS = sorted(MAILS.glob("*.eml"))


def _expected(eml: Path) -> dict[str, Any]:
    path = eml.with_name(eml.name.removesuffix(".eml") + ".expected.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _line(order: dict[str, Any]) -> str:
    return json.dumps(order, ensure_ascii=False, sort_keys=False)


def _error_matches(want: dict[str, Any], got: ParseError) -> bool:
    if "line" in want and want["line"] != got.line:
        return False
    if "column" in want and want["column"] != got.column:
        return False
    haystack = f"{got.message('en')}\n{got.suggestion or ''}".casefold()
    return all(str(part).casefold() in haystack for part in want.get("contains", []))


def _match_errors(
    wanted: list[dict[str, Any]], got: list[ParseError]
) -> tuple[list[dict[str, Any]], list[ParseError]]:
    """Expected errors without a match, and actual errors nobody expected."""
    unused = list(got)
    missing = []
    for want in wanted:
        hit = next((g for g in unused if _error_matches(want, g)), None)
        if hit is None:
            missing.append(want)
        else:
            unused.remove(hit)
    return missing, unused


def _numbered(text: str, limit: int = 80) -> str:
    lines = text.splitlines()
    shown = [f"{n:4d} | {line}" for n, line in enumerate(lines[:limit], 1)]
    if len(lines) > limit:
        shown.append(f"     | … {len(lines) - limit} more lines")
    return "\n".join(shown)


def _compare(expected: dict[str, Any], result: ParseResult) -> list[str]:
    """Every difference between the expectation and the result, in words."""
    problems: list[str] = []
    got = result.to_json("en")

    want_header = expected["header"]
    got_header = {k: got["header"].get(k) for k in want_header}
    if got_header != want_header:
        problems.append(f"header: expected {want_header}\n        got      {got_header}")

    want_orders = expected.get("orders", [])
    got_orders = got["orders"]
    if want_orders and all("line" not in o for o in want_orders):
        got_orders = [{k: v for k, v in o.items() if k != "line"} for o in got_orders]
    if want_orders != got_orders:
        diff = difflib.unified_diff(
            [_line(o) for o in want_orders],
            [_line(o) for o in got_orders],
            "expected orders",
            "parsed orders",
            lineterm="",
            n=1,
        )
        problems.append("orders differ:\n" + "\n".join(diff))

    missing, unexpected = _match_errors(expected.get("errors", []), result.errors)
    for want in missing:
        where = f"line {want['line']}" if "line" in want else "some line"
        problems.append(f"missing error on {where} containing {want.get('contains', [])}")
    for err in unexpected:
        problems.append(
            f"unexpected error on line {err.line}, column {err.column}: "
            f"{err.line_text!r}\n        {err.message('en')}"
        )

    notes_min = expected.get("notes_min", 0)
    if len(result.notes) < notes_min:
        problems.append(f"notes: expected at least {notes_min}, got {len(result.notes)}")
    return problems


def test_corpus_is_big_enough() -> None:
    assert len(CORPUS) >= 40, f"only {len(CORPUS)} mails in {MAILS}"


def test_every_mail_has_an_expectation() -> None:
    for eml in CORPUS:
        data = _expected(eml)
        assert {"description", "header", "orders"} <= data.keys(), eml.name


@pytest.mark.parametrize("eml", CORPUS, ids=lambda p: p.stem)
def test_mail(eml: Path) -> None:
    expected = _expected(eml)
    body = extract_order_text(eml.read_bytes(), PRINTOUT_HEADINGS)
    result = parse(body.text, body.subject or None)
    problems = _compare(expected, result)
    if problems:
        report = "\n".join(f"- {p}" for p in problems)
        pytest.fail(
            f"{eml.name}: {expected['description']}\n\n{report}\n\n"
            f"subject: {body.subject!r}\ncleaned text:\n{_numbered(body.text)}",
            pytrace=False,
        )
