"""The catalogs of texts (docs/texts.md): every language has every key with the same
placeholders, no key is used that is not there, and the one fallback rule."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.catalogs import FALLBACK, Plural, load, read_catalog
from mailserver.common.catalog import HOST, public_notice, say, unknown_sender_mail

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = sorted(
    {path.parent for path in ROOT.glob("*/**/locale/*.po") if ".venv" not in path.parts}
)


def _fields(text: str) -> set[str]:
    return {f"{name}!{conv}" for _, name, _, conv in string.Formatter().parse(text) if name}


def _texts(path: Path) -> dict[str, str]:
    """Key -> text; a plural's forms as one text a line each, its key named by its msgid."""
    with path.open("rb") as f:
        messages = [m for m in read_po(f) if m.id]
    return {
        str(m.id[0]) if isinstance(m.id, tuple) else str(m.id): (
            "\n".join(m.string) if isinstance(m.string, tuple) else str(m.string)
        )
        for m in messages
    }


def test_the_catalogs_are_found() -> None:
    names = {str(c.relative_to(ROOT)) for c in CATALOGS}
    assert {"mailserver/common/locale", "engine/ashes/locale", "engine/starweb/locale"} <= names


@pytest.mark.parametrize("locale", CATALOGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_language_has_every_key_with_the_same_placeholders(locale: Path) -> None:
    # Read with Babel alone, not with pbem: a translator's check that needs nothing else.
    languages = {path.stem: _texts(path) for path in sorted(locale.glob("*.po"))}
    assert FALLBACK in languages and len(languages) >= 2
    english = languages[FALLBACK]
    for lang, texts in languages.items():
        assert sorted(texts) == sorted(english), lang
        for key, text in texts.items():
            assert text.strip() or not english[key].strip(), (lang, key)
            assert _fields(text) == _fields(english[key]), (lang, key)


_PO_LINE = re.compile(r'^(?:(?:msgid|msgid_plural|msgstr(?:\[\d+\])?) )?"(?:[^"\\]|\\.)*"$')


@pytest.mark.parametrize(
    "path", sorted(c / f"{lang}.po" for c in CATALOGS for lang in ("de", "en")), ids=str
)
def test_every_catalog_is_valid_gettext_for_a_translators_tools(path: Path) -> None:
    # Babel reads a msgstr with an unescaped quote leniently; msgfmt and Poedit refuse it.
    text = path.read_text("utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        if line and not line.startswith("#"):
            assert _PO_LINE.match(line), f"{path}:{number}: {line}"
    if "msgid_plural" in text:
        assert '"Plural-Forms: nplurals=' in text, (
            f"{path}: plural entries need a Plural-Forms header"
        )


def test_every_key_the_host_names_is_in_the_catalog() -> None:
    used = set()
    for path in (ROOT / "mailserver").rglob("*.py"):
        used |= set(re.findall(r"\bsay\(\s*[\w.\"']+,\s*\"(\w+)\"", path.read_text("utf-8")))
    assert len(used) > 100, "the pattern finds the calls"
    assert sorted(key for key in used if key not in HOST) == []


def test_say_picks_the_language_and_falls_back_to_english() -> None:
    assert say("de", "diff_none").startswith("Keine Änderungen")
    assert say("en", "diff_none").startswith("No changes")
    assert say("fr", "diff_none") == say("en", "diff_none")


def test_a_games_catalog_overlays_the_hosts() -> None:
    ashes = load("engine.ashes").overlay(HOST)
    assert ashes.say("de", "newspaper") == "Galactic Media"
    assert HOST.say("de", "newspaper") == "Zeitung"
    assert ashes.say("de", "diff_none") == say("de", "diff_none")


def test_a_notice_for_everybody_has_a_line_per_reader_language() -> None:
    parts = [("news_dropped_gm", {"seat": 2, "ruler": "Anna"})]
    both = public_notice(["en", "de", "de"], parts).split("\n")
    assert both == [
        say("de", "news_dropped_gm", seat=2, ruler="Anna"),
        say("en", "news_dropped_gm", seat=2, ruler="Anna"),
    ]
    assert public_notice([], parts) == both[0]


def test_the_answer_to_a_stranger_is_in_every_language() -> None:
    subject, body = unknown_sender_mail()
    assert subject == "Play-by-email game server / Spielserver"
    assert body.startswith("Guten Tag,") and "\nHello,\n" in body
    assert body.endswith(
        "(You will get this explanation at most once a day. / Diese Erklärung kommt "
        "höchstens\neinmal am Tag.)\n"
    )


_ENGLISH_PLURAL = """msgid ""
msgstr "Language: en\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "hangars"
msgid_plural "n"
msgstr[0] "{n} hangar"
msgstr[1] "{n} hangars"
"""

# Polish: one, few (2-4 but not 12-14), many; a third form is files, not code.
_POLISH_PLURAL = """msgid ""
msgstr ""
"Language: pl\\n"
"Plural-Forms: nplurals=3; "
"plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgid "hangars"
msgid_plural "n"
msgstr[0] "{n} hangar"
msgstr[1] "{n} hangary"
msgstr[2] "{n} hangarów"
"""


def test_a_plurals_form_is_picked_by_its_count_and_the_languages_rule() -> None:
    english = read_catalog(_ENGLISH_PLURAL.encode())["hangars"]
    polish = read_catalog(_POLISH_PLURAL.encode())["hangars"]
    assert isinstance(english, Plural) and isinstance(polish, Plural)
    assert [english.form(n) for n in (0, 1, 2)] == ["{n} hangars", "{n} hangar", "{n} hangars"]
    assert [polish.form(n) for n in (1, 3, 5, 12, 22)] == [
        "{n} hangar",
        "{n} hangary",
        "{n} hangarów",
        "{n} hangarów",
        "{n} hangary",
    ]


def test_say_fills_a_plural_in_the_form_of_its_count() -> None:
    words = load("engine.ashes_board").section("words.")
    assert [words.say("en", "unit.factory", n=n) for n in (1, 2)] == ["1 factory", "2 factories"]
    assert words.say("de", "unit.hangar", n="3") == "3 Hangars"  # a report line's value is text
    assert words.text("en", "unit.factory") == "{n} factories"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", ["0 Entscheide übernommen.", "1 Entscheid übernommen.", "2 Entscheide übernommen."]),
        ("en", ["0 rulings taken.", "1 ruling taken.", "2 rulings taken."]),
    ],
)
def test_the_gm_is_told_how_many_rulings_were_taken_in_the_plural_form(
    lang: str, said: list[str]
) -> None:
    # It read "{count} Entscheid(e) übernommen." whatever the count.
    assert [say(lang, "rulings_taken", count=n) for n in (0, 1, 2)] == said
