"""Texts in German and English for the rules engines' printouts: one lookup for all."""

from __future__ import annotations

from collections.abc import Mapping


def word(table: Mapping[str, tuple[str, str]], key: str, lang: str, **params: object) -> str:
    """The text ``key`` of ``table`` in ``lang`` (``de`` or ``en``) with its parameters."""
    de, en = table[key]
    return (de if lang == "de" else en).format(**params)
