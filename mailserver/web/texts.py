"""The pages' own words, in ``mailserver/web/locale/<lang>.po`` (the mails' texts are the
host's catalog; docs/texts.md)."""

from __future__ import annotations

from engine.catalogs import load

PAGES = load("mailserver.web")
"""The web pages' catalog."""


def text(lang: str, key: str, /, **values: object) -> str:
    """The page text ``key`` in ``lang`` (English for a language or key the catalog
    lacks), filled in."""
    return PAGES.say(lang, key, **values)
