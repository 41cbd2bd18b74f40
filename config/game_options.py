"""The host's settings of one game, kept in ``Game.options["host"]``.

A game's ``options`` are the engine's rule options plus, under ``"host"``, what the host
decides per game: when an occupant is dropped for missing turns, the GM's language, the
record of the mass-NMR guard, and the game's message rules (newspaper, urgent
dispatches and their postage — each kind gives the defaults). These functions read and
write that part; they work on the plain mapping, so they need nothing but the options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

HOST_KEY = "host"
HOST_OPTIONS = (
    "nmr_drop_after",
    "gm_language",
    "newspaper",
    "urgent_dispatches",
    "urgent_postage",
    "urgent_per_mail",
    "urgent_per_turn",
    "printout_map",
    "printout_json",
)
"""Keys a GM may give among a game's options that are the host's, not the engine's."""
DEFAULT_NMR_DROP_AFTER = 2


def host_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    """The host's settings and records of a game (``options["host"]``), a copy."""
    settings = options.get(HOST_KEY, {})
    return dict(settings) if isinstance(settings, Mapping) else {}


def rule_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's rule options (``options`` without the host's part)."""
    return {k: v for k, v in options.items() if k != HOST_KEY}


def split_options(given: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A GM's options at creation, split into the engine's and the host's."""
    rules = {k: v for k, v in given.items() if k not in HOST_OPTIONS and k != HOST_KEY}
    host = {k: v for k, v in given.items() if k in HOST_OPTIONS}
    return rules, host


def with_host(options: Mapping[str, Any], **values: Any) -> dict[str, Any]:
    """New options with ``values`` set in the host's part (JSON columns are replaced,
    never mutated in place)."""
    return {**options, HOST_KEY: {**host_settings(options), **values}}


def nmr_drop_after(options: Mapping[str, Any]) -> int:
    """NMRs in a row after which the occupant is dropped; 0: never."""
    return int(host_settings(options).get("nmr_drop_after", DEFAULT_NMR_DROP_AFTER))


def gm_language(options: Mapping[str, Any], written: str | None = None) -> str:
    """The language of the GM's mails: the one he chose (``gm_language``), which always
    counts; else, answering a mail of his, the language it is written in (``written``);
    else German."""
    chosen = host_settings(options).get("gm_language")
    return str(chosen) if chosen is not None else written or "de"
