"""The host's texts: its catalog and the helpers its mails write with.

Every text of the host's mails is in ``mailserver/common/locale/<lang>.po`` (read by
:mod:`engine.catalogs`; docs/texts.md): :func:`say` says one in the reader's language, an
unknown language or a missing key in English. Game texts (printouts, order descriptions)
are the game's own catalog; this is what the host writes around them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from engine.catalogs import FALLBACK, load

HOST = load("mailserver.common")
"""The host's catalog."""

DEFAULT_LANGUAGE = "de"
"""The language of a reader who named none (a notice nobody's language decides)."""

WIDTH = 78
"""Prose in the host's mails wraps at this column (fixed-width mail, readable anywhere)."""


def languages() -> tuple[str, ...]:
    """The languages the host speaks: those its catalog has files for, sorted."""
    return HOST.languages


def either(lang: str) -> str:
    """The host's languages as a choice in ``lang``: ``de oder en``."""
    return say(lang, "or").join(languages())


def say(lang: str, key: str, /, **values: object) -> str:
    """The text ``key`` in ``lang`` (English for a language or key the catalog lacks),
    filled in."""
    return HOST.say(lang, key, **values)


def say_for(via: str, lang: str, key: str, /, **values: object) -> str:
    """The text ``key`` worded for where the GM gave the command (``via``: ``mail``,
    ``web``, ``cli``): the catalog's ``key_web`` / ``key_cli`` if it has one (a page names
    its button, the command line its option, where a mail names the mail word)."""
    return say(lang, f"{key}_{via}" if f"{key}_{via}" in HOST else key, **values)


def text(lang: str, key: str) -> str:
    """The text ``key`` in ``lang`` as written, its placeholders unfilled (what a reader
    of the host's own mails matches lines against)."""
    return HOST.text(lang, key)


def wrap(text: str) -> str:
    """Host prose as mails carry it: every line longer than :data:`WIDTH` wrapped (an
    indented line keeps its indent). Not for a game's printout or a player's own text."""
    return "\n".join(_wrap(line) for line in text.split("\n"))


@lru_cache(maxsize=1024)
def _wrap(line: str) -> str:
    # Kept: the same prose (a printout's footer, a note) is wrapped for every seat of
    # every game of a deadline, and textwrap was a tenth of writing a printout.
    if len(line) <= WIDTH:
        return line
    indent = line[: len(line) - len(line.lstrip())]
    return textwrap.fill(
        line.strip(),
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + ("  " if indent else ""),
        break_long_words=False,
        break_on_hyphens=False,
    )


def public_notice(readers: Iterable[str], parts: Sequence[tuple[str, Mapping[str, object]]]) -> str:
    """A notice everybody reads (the newspaper): the sentences ``parts`` in the language
    of every reader, one line per language in the catalog's order (German before English);
    in :data:`DEFAULT_LANGUAGE` when no reader's language is known."""
    present = set(readers)
    wanted = [lang for lang in languages() if lang in present] or [DEFAULT_LANGUAGE]
    return "\n".join(" ".join(say(lang, key, **values) for key, values in parts) for lang in wanted)


def unknown_sender_mail() -> tuple[str, str]:
    """Subject and body of the answer to an address no game knows: its language is
    unknown, so it is in every language. The explanations follow each other in the
    catalog's order; the subject and the closing line, one line each, start with
    :data:`FALLBACK` (English), the language a stranger most likely reads."""
    ordered = languages()
    fallback_first = sorted(ordered, key=lambda lang: lang != FALLBACK)
    subject = " / ".join(say(lang, "unknown_sender_subject") for lang in fallback_first)
    once = " / ".join(say(lang, "unknown_sender_once") for lang in fallback_first)
    body = "\n".join(say(lang, "unknown_sender_body") for lang in ordered)
    return subject, f"{body}\n({once})\n"
