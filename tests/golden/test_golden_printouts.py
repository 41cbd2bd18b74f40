"""Every mail of the seeded hosted games is what tests/data/golden/ recorded, byte for byte.

The games are those of tests/golden/record.py (an Ashes of Empire, a Starweb, an Ashes
board game and a Spacewar game through the host: GM mail, intake, reminders, turn runs,
offline reports). A difference is a change of what players read: find out why; if it is
meant, record again with
``python -m tests.golden.record`` and review the diff of tests/data/golden/.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

import pytest

from tests import lanes
from tests.golden.record import GOLDEN, INDEX, KINDS, Recorded, index, play

# The full run draws every map for real and compares it by its digest. The fast lane
# draws stand-ins (tests/conftest.py; the drawing itself is tested in tests/views): it
# compares every mail's text, headers and files but the map picture and the digest of
# the wire form that carries it.
pytestmark = [] if lanes.FAST else [pytest.mark.real_maps]

_PICTURE = re.compile(
    r"(--- attachment \S+\.png \(image/png\)\nsha256: )[0-9a-f]{64} \(\d+ bytes\)"
)
_WIRE = re.compile(r"^Wire-SHA256: [0-9a-f]{64}$", re.MULTILINE)


def _comparable(text: str) -> str:
    """``text`` as the fast lane compares it: map pictures and the wire digest of a mail
    that carries one masked; in the full run ``text`` itself."""
    if lanes.FAST is False or not _PICTURE.search(text):
        return text
    text = _PICTURE.sub(r"\1<a map: drawn in the full run>", text)
    return _WIRE.sub("Wire-SHA256: <with a map: compared in the full run>", text)


MAX_DIFF_LINES = 80
"""Lines of diff shown per differing file."""


class _Played(dict[str, list[Recorded]]):
    """The mails of each game, played when a test first asks for it: a process of the
    fast lane plays only the kinds of the tests it runs."""

    def __missing__(self, kind: str) -> list[Recorded]:
        self[kind] = play(kind)
        return self[kind]


@pytest.fixture(scope="module")
def played() -> dict[str, list[Recorded]]:
    """Each game played at most once for this module."""
    return _Played()


def _diff(name: str, expected: str, actual: str) -> str:
    lines = list(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"recorded {name}",
            tofile=f"played {name}",
        )
    )
    shown = "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
        for line in lines[:MAX_DIFF_LINES]
    )
    if len(lines) > MAX_DIFF_LINES:
        shown += f"... {len(lines) - MAX_DIFF_LINES} more diff lines\n"
    changed = [
        line
        for line in lines[2:]
        if line[:1] in "+-" and not line[1:].startswith(("sha256: ", "Wire-SHA256: "))
    ]
    if not changed:
        shown += (
            "(only digests differ: of a map picture, of the bytes of a JSON twin whose "
            "content is the same, or of the mail's wire form; a PNG digest also changes "
            "with the resvg version)\n"
        )
    return shown


def _compare(what: str, expected: Sequence[Recorded], actual: Sequence[Recorded]) -> list[str]:
    """What differs between two lists of files, in words and diffs."""
    problems = []
    want = {r.name: _comparable(r.text) for r in expected}
    got = {r.name: _comparable(r.text) for r in actual}
    if list(want) != list(got):
        missing = [n for n in want if n not in got]
        extra = [n for n in got if n not in want]
        problems.append(
            f"{what}: the mails differ in number or order: {len(want)} recorded, "
            f"{len(got)} played; missing {missing or 'none'}; new {extra or 'none'}"
        )
    for name, text in want.items():
        if name in got and got[name] != text:
            problems.append(f"{what}/{name} differs:\n{_diff(name, text, got[name])}")
    return problems


def _recorded(kind: str) -> list[Recorded]:
    folder = GOLDEN / kind
    files = sorted(p for p in folder.glob("*.txt") if p.name != INDEX)
    assert files, f"no golden files in {folder}: record them with python -m tests.golden.record"
    return [Recorded(p.name, p.read_bytes().decode("utf-8")) for p in files]


@pytest.mark.parametrize("kind", KINDS)
def test_every_mail_is_what_was_recorded(kind: str, played: dict[str, list[Recorded]]) -> None:
    problems = _compare(f"tests/data/golden/{kind}", _recorded(kind), played[kind])
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.mark.parametrize("kind", KINDS)
def test_the_index_lists_the_recorded_mails(kind: str, played: dict[str, list[Recorded]]) -> None:
    stored = (GOLDEN / kind / INDEX).read_bytes().decode("utf-8")
    if stored != index(played[kind]):
        diff = _diff(INDEX, stored, index(played[kind]))
        pytest.fail(f"tests/data/golden/{kind}/{INDEX} is out of date:\n{diff}", pytrace=False)


# Slow: a whole second play of every game; the comparison with the recorded files already
# catches a play that differs from run to run, this names the cause.
@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_a_second_play_gives_the_same_mails(kind: str, played: dict[str, list[Recorded]]) -> None:
    problems = _compare(f"second play of {kind}", played[kind], play(kind))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
